"""The MkDocs adapter under ProperDocs (MkDocs 1.x continued), in an environment without
MkDocs: `properdocs build --strict` of real sites in git repositories with fixed dates.

ProperDocs reads `properdocs.yml`, loads the plugin from its own entry-point group and
answers MkDocs' imports with its own modules. mkdocs-material, mkdocs-static-i18n and
mkdocs-include-markdown-plugin declare MkDocs as a requirement, so the `properdocs` nox
session installs them without their dependencies (and adds the others by name): then no
MkDocs is there to fall back on. The main test environment has no ProperDocs: skipped there.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from helpers import GitRepo, assert_reciprocal, checked

PROPERDOCS = Path(sys.executable).parent / "properdocs"
EXAMPLE = Path(__file__).resolve().parents[1] / "example_sites" / "mkdocs"
FIRST, EDITED = "2024-01-10T09:00:00+00:00", "2024-12-05T12:00:00+00:00"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not PROPERDOCS.exists(), reason="ProperDocs: its nox session only"),
]


def _needs(package: str) -> None:
    """Skip unless `package` is installed. Not imported here: its MkDocs imports resolve
    only in a ProperDocs process, which aliases them."""
    if importlib.util.find_spec(package) is None:
        pytest.skip(f"{package} is not installed")


def _z(date: str) -> str:
    """A git date (`+00:00`) as the sitemap writes it."""
    return date.replace("+00:00", "Z")


def _build(folder: Path) -> subprocess.CompletedProcess[str]:
    """`properdocs build --strict` in `folder`, as a user runs it."""
    return subprocess.run(
        [str(PROPERDOCS), "build", "--strict"],
        cwd=folder,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def _built(folder: Path) -> Path:
    """The site folder of a build that must pass --strict."""
    done = _build(folder)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "sitemap: " in done.stderr, done.stderr
    return folder / "site"


def _example(repo: GitRepo, name: str) -> Path:
    """The MkDocs example site `name`, its mkdocs.yml renamed properdocs.yml, committed."""
    root = repo.root / name
    shutil.copytree(EXAMPLE / name, root, ignore=shutil.ignore_patterns("site", ".sitemap-cache"))
    (root / "mkdocs.yml").rename(root / "properdocs.yml")
    repo.commit(name, FIRST)
    return root


def test_no_mkdocs_here() -> None:
    """What the rest proves holds only if MkDocs is absent."""
    with pytest.raises(importlib.metadata.PackageNotFoundError):
        importlib.metadata.distribution("mkdocs")


def test_snippets_dated_by_git_with_robots(git_repo: Callable[..., GitRepo]) -> None:
    """A page is dated by its last commit, or by its snippet's when newer (pymdownx.snippets);
    robots.txt at the host root names the sitemap."""
    repo = git_repo()
    repo.write(
        "properdocs.yml",
        "site_name: t\nsite_url: https://example.org/\ntheme: mkdocs\n"
        "exclude_docs: snippets/\nmarkdown_extensions: [pymdownx.snippets]\n"
        "plugins: [search, sitemap-suite]\n",
    )
    repo.write("docs/index.md", '# Home\n\n--8<-- "docs/snippets/s.md"\n')
    repo.write("docs/about.md", "# About\n")
    repo.write("docs/snippets/s.md", "first\n")
    repo.commit("pages", FIRST)
    repo.write("docs/snippets/s.md", "second\n")
    repo.commit("snippet", EDITED)
    site = _built(repo.root)
    assert checked(site, "https://example.org/") == {
        "https://example.org/": _z(repo.last_date("docs/snippets/s.md")),
        "https://example.org/about/": _z(repo.last_date("docs/about.md")),
    }
    robots = (site / "robots.txt").read_text(encoding="utf-8").splitlines()
    assert "Sitemap: https://example.org/sitemap.xml" in robots


def test_misspelt_option_fails_strict_naming_properdocs_yml(
    git_repo: Callable[..., GitRepo],
) -> None:
    repo = git_repo()
    repo.write(
        "properdocs.yml",
        "site_name: t\nsite_url: https://example.org/\ntheme: mkdocs\n"
        "plugins:\n  - sitemap-suite:\n      html_mapp: true\n",
    )
    repo.write("docs/index.md", "# Home\n")
    repo.commit("pages", FIRST)
    done = _build(repo.root)
    assert done.returncode == 1, done.stderr
    (line,) = [line for line in done.stderr.splitlines() if "html_mapp" in line]
    assert line.startswith("WARNING") and "properdocs.yml" in line, done.stderr
    assert "Traceback" not in done.stderr


def test_material_blog_strict(git_repo: Callable[..., GitRepo]) -> None:
    """mkdocs-material's blog plugin under ProperDocs: pages by their files, posts by their
    commits, the blog's index by the newest post it shows."""
    _needs("material")
    repo = git_repo()
    root = _example(repo, "material-blog")
    with (root / "docs" / "blog" / "posts" / "hello.md").open("a", encoding="utf-8") as f:
        f.write("\nEdited after publication.\n")
    repo.commit("edit a post", EDITED)
    base = "https://example.org/blog-site/"
    found = checked(_built(root), base)
    last = _z(repo.last_date("material-blog/docs/index.md"))
    assert {found[base + url] for url in ("", "about/", "setup/")} == {last}
    assert found[base + "blog/2023/05/01/hello-world/"] == _z(EDITED)
    assert found[base + "blog/"] == "2025-06-01"  # the roadmap post's `date:`
    assert all(found.values()), found


def test_static_i18n_alternates(git_repo: Callable[..., GitRepo]) -> None:
    """mkdocs-static-i18n under ProperDocs: one sitemap, each page with its translations."""
    _needs("mkdocs_static_i18n")
    repo = git_repo()
    root = _example(repo, "i18n")
    found = checked(_built(root), "https://example.org/")
    assert {"https://example.org/fr/guide/", "https://example.org/guide/"} <= set(found)
    assert set(found.values()) == {_z(FIRST)}
    assert_reciprocal(root / "site" / "sitemap.xml")
