"""The oldest generator each extra accepts, proved: `pelican[markdown]>=4.5` means Pelican
4.5 builds the example site with its sitemap, and so on for MkDocs, Sphinx and ProperDocs.

For each generator, a fresh venv gets the floor pyproject.toml declares (`>=X` installed
as `==X`), the pins that old release needs from its own dependencies (`PINS`), this
project's wheel without its dependencies, and lxml and click; then the matching example
site, copied to tmp_path, is built with the command `example_sites/build_all.py` gives
it. The build must exit 0, say nothing about the sitemap at warning level or above, and
write a sitemap that lxml parses and the core validator passes. The newest releases are
those of the test environment, which the rest of the suite builds with.

Slow (a venv per generator and pip installs from the package registry, which pip caches).
"""

from __future__ import annotations

import os
import re
import runpy
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.version import Version

from helpers import GitRepo, checked, init_repo, urls_in

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "example_sites"
PIP_TIMEOUT = 600  # a cold pip cache downloads the generator and its dependencies

pytestmark = [pytest.mark.slow, pytest.mark.registry]

# What the oldest release needs that its own requirements do not say.
PINS = {
    "mkdocs": [],
    # Pelican 4.5 and 4.6 import `jinja2.Markup`, which Jinja2 3.1 removed.
    "pelican": ["jinja2<3.1"],
    "sphinx": [],
    # ProperDocs ships no theme: the theme package released with it.
    "properdocs": ["properdocs-theme-mkdocs==1.6.5"],
}

# Extra -> (its example site, the site's base URL, URLs its sitemap must list, and not).
SITES = {
    "mkdocs": (
        "mkdocs",
        "https://example.org/docs/",
        {"", "about/", "guide/caf%C3%A9%20%26%20cr%C3%A8me/", "sitemap/"},
        {"private/notes/", "drafts/wip/", "scratch/todo/"},
    ),
    "pelican": (
        "pelican",
        "https://example.org/",
        {"", "hello-world.html", "caf%C3%A9-&-cr%C3%A8me.html", "pages/about.html"},
        {"authors.html", "pages/imprint.html", "drafts/draft-typing.html"},
    ),
    "sphinx": (
        "sphinx",
        "https://example.org/project/",
        {
            "index.html",
            "about.html",
            "genindex.html",
            "_modules/shapes/circle.html",
            "sitemap.html",
        },
        {"search.html", "private.html"},  # search: Sphinx before 7.3 says no noindex
    ),
}

# Our summary line, as the adapters print it.
SUMMARY = re.compile(r"sitemap: \d+ URLs in \d+ file\(s\) \([^)]*\)(; lastmod from [\w ,]+)?")
# A line about the sitemap at warning level or above, or a plugin Pelican did not load.
PROBLEM = re.compile(r"warning|error|critical|cannot load", re.IGNORECASE)


def _floors() -> dict[str, tuple[str, str]]:
    """Each generator extra's one requirement, as its name (with extras) and floor:
    `pelican[markdown]>=4.5` gives `("pelican[markdown]", "4.5")`."""
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"][
        "optional-dependencies"
    ]
    floors = {}
    for extra in PINS:
        (requirement,) = extras[extra]
        match = re.fullmatch(r"([\w.-]+(?:\[[\w,-]+\])?)>=([\d.]+)", requirement)
        assert match, f"[{extra}] {requirement!r}: not one `name>=version` requirement"
        floors[extra] = (match[1], match[2])
    return floors


def _env(**extra: str) -> dict[str, str]:
    """The environment without this test run's Python: the fresh venv's own paths only."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP", "COLUMNS")
    }
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["NO_MKDOCS_2_WARNING"] = "1"  # as build_all.py runs the sites
    return {**env, **extra}


def _run(
    args: list[str | Path], cwd: Path, timeout: float = 300, **env: str
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(a) for a in args],
        cwd=cwd,
        env=_env(**env),
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def _ok(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 0, f"{done.args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout + done.stderr


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This project's wheel, built once for the venvs."""
    out = tmp_path_factory.mktemp("wheel")
    command = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", out, ROOT]
    _ok(_run(command, cwd=out, timeout=PIP_TIMEOUT))
    (found,) = out.glob("sitemap_suite-*.whl")
    return found


def _venv(where: Path, wheel: Path, extra: str, more: list[str] | None = None) -> Path:
    """A venv with the floor of `extra` (`>=X` installed as `==X`), its pins, `more`
    requirements, our wheel (without dependencies), lxml and click; its bin folder.
    Checks the version pip installed is the floor."""
    _ok(_run([sys.executable, "-m", "venv", where], cwd=where.parent))
    bin_dir = where / "bin"
    pip = [bin_dir / "python", "-m", "pip"]
    name, floor = _floors()[extra]
    requirements = [f"{name}=={floor}", *PINS[extra], *(more or []), "lxml", "click"]
    _ok(_run([*pip, "install", "--quiet", *requirements], cwd=where, timeout=PIP_TIMEOUT))
    _ok(_run([*pip, "install", "--quiet", "--no-deps", wheel], cwd=where, timeout=PIP_TIMEOUT))
    shown = _ok(_run([*pip, "show", name.split("[")[0]], cwd=where))
    version = re.search(r"^Version: (\S+)", shown, re.MULTILINE)
    assert version and Version(version[1]) == Version(floor), shown
    return bin_dir


def _build(bin_dir: Path, site: str, tmp_path: Path) -> tuple[Path, str]:
    """Build a copy of the example site `site` with the venv's generator: its output
    folder and all the build printed. It must exit 0 and say nothing about the sitemap
    at warning level or above."""
    build_all = runpy.run_path(str(EXAMPLES / "build_all.py"))
    out_name = build_all["SITES"][site][1]
    folder = tmp_path / "site"
    shutil.copytree(
        EXAMPLES / site,
        folder,
        ignore=shutil.ignore_patterns(out_name.split("/")[0], ".sitemap-cache"),
    )
    output = _ok(_run(build_all["command"](site, bin_dir), cwd=folder))
    problems = [
        line for line in output.splitlines() if "sitemap" in line.lower() and PROBLEM.search(line)
    ]
    assert not problems, output
    return folder / out_name, output


def _check(out: Path, bin_dir: Path, extra: str, folder: str = "") -> None:
    """The sitemap of `out` (served at the site's base URL + `folder`): parsed with lxml,
    valid, listing the URLs it must and not the others; and the venv's own
    `sitemap-suite validate --strict` passes it."""
    _site, base, listed, unlisted = SITES[extra]
    base += folder
    locs = set(checked(out, base))
    assert {base + url for url in listed} <= locs, sorted(locs)
    assert not {base + url for url in unlisted} & locs, sorted(locs)
    assert all(loc.startswith(base) for loc in locs), sorted(locs)
    _ok(_run([bin_dir / "sitemap-suite", "validate", "--strict", out], cwd=out.parent))


def test_oldest_mkdocs(wheel: Path, tmp_path: Path) -> None:
    bin_dir = _venv(tmp_path / "env", wheel, "mkdocs")
    out, output = _build(bin_dir, "mkdocs", tmp_path)
    assert any(SUMMARY.search(line) for line in output.splitlines()), output
    _check(out, bin_dir, "mkdocs")


def test_oldest_pelican(wheel: Path, tmp_path: Path) -> None:
    """Pelican before 4.7 has no rich console: the summary is printed, whole, before
    Pelican's own "Done:" line."""
    bin_dir = _venv(tmp_path / "env", wheel, "pelican")
    out, output = _build(bin_dir, "pelican", tmp_path)
    lines = [line for line in output.splitlines() if line.startswith("sitemap: ")]
    assert len(lines) == 1 and SUMMARY.fullmatch(lines[0]), output
    assert output.index(lines[0]) < output.index("Done: Processed"), output
    _check(out, bin_dir, "pelican")


def test_oldest_sphinx(wheel: Path, tmp_path: Path) -> None:
    """Both languages' sitemaps; Sphinx's search page says noindex only since 7.3, and is
    left out before too. Before Sphinx 8.2 a build with nothing out of date writes no
    page, not even the index: the last sitemap stands, the index still in it. Before
    8.1 a dirhtml page's canonical link names `page.html`, which no file serves: it
    names the page's own URL, and the sitemap lists that."""
    bin_dir = _venv(tmp_path / "env", wheel, "sphinx")
    out, _output = _build(bin_dir, "sphinx", tmp_path)
    _check(out, bin_dir, "sphinx")
    _check(out / "pt_BR", bin_dir, "sphinx", "pt_BR/")
    site, first = out.parents[1], (out / "sitemap.xml").read_bytes()
    build_all = runpy.run_path(str(EXAMPLES / "build_all.py"))
    _ok(_run(build_all["command"]("sphinx", bin_dir), cwd=site))
    assert (out / "sitemap.xml").read_bytes() == first
    dirhtml = site / "_build" / "dirhtml"
    _ok(_run([bin_dir / "sphinx-build", "-q", "-b", "dirhtml", ".", dirhtml], cwd=site))
    base = SITES["sphinx"][1]
    locs = set(checked(dirhtml, base))
    assert {base, base + "about/", base + "genindex/"} <= locs, sorted(locs)
    assert not [loc for loc in locs if loc.endswith(".html")], sorted(locs)
    assert (
        f'<link rel="canonical" href="{base}about/"' in (dirhtml / "about/index.html").read_text()
    )
    _ok(_run([bin_dir / "sitemap-suite", "validate", "--strict", dirhtml], cwd=site))


def _snippet_site(root: Path, config: str, theme: str = "") -> GitRepo:
    """A one-page site whose page includes a snippet committed after it (2025 over 2024),
    its configuration in the file `config`."""
    repo = GitRepo(init_repo(root))
    repo.write(
        config,
        f"site_name: t\nsite_url: https://example.org/\nexclude_docs: snippets/\n{theme}"
        "markdown_extensions: [pymdownx.snippets]\nplugins: [search, sitemap-suite]\n",
    )
    repo.write("docs/index.md", '# Home\n\n--8<-- "docs/snippets/s.md"\n')
    repo.write("docs/snippets/s.md", "first\n")
    repo.commit("page", "2024-01-01T00:00:00+00:00", ".")
    repo.write("docs/snippets/s.md", "second\n")
    repo.commit("snippet", "2025-01-01T00:00:00+00:00", ".")
    return repo


def test_oldest_snippets(wheel: Path, tmp_path: Path) -> None:
    """pymdown-extensions 10.2 (mkdocs-material 9.6 pins ~=10.2) finds a snippet's file
    by a method of its own and reads it inline, with no method to note it by (13.1 added
    one): a page is dated by the snippet it includes, committed after it."""
    bin_dir = _venv(tmp_path / "env", wheel, "mkdocs", ["pymdown-extensions==10.2"])
    repo = _snippet_site(tmp_path / "site", "mkdocs.yml")
    _ok(_run([bin_dir / "mkdocs", "build", "--strict"], cwd=repo.root))
    assert urls_in(repo.root / "site" / "sitemap.xml") == {
        "https://example.org/": "2025-01-01T00:00:00Z"
    }


def test_oldest_properdocs(wheel: Path, tmp_path: Path) -> None:
    """ProperDocs' first release, alone (no MkDocs): properdocs.yml read, the plugin found
    in its entry-point group, the page dated by its snippet, robots.txt written."""
    bin_dir = _venv(tmp_path / "env", wheel, "properdocs", ["pymdown-extensions"])
    assert _run([bin_dir / "python", "-m", "pip", "show", "mkdocs"], cwd=tmp_path).returncode
    repo = _snippet_site(tmp_path / "site", "properdocs.yml", "theme: mkdocs\n")
    _ok(_run([bin_dir / "properdocs", "build", "--strict"], cwd=repo.root))
    site = repo.root / "site"
    assert urls_in(site / "sitemap.xml") == {"https://example.org/": "2025-01-01T00:00:00Z"}
    assert "Sitemap: https://example.org/sitemap.xml" in (site / "robots.txt").read_text()


def test_newest_pelican_summary_is_one_line_when_piped(tmp_path: Path) -> None:
    """Pelican 4.7+ prints through its rich console, which wraps a line at its width (80
    columns when the output is piped; 50 here): the summary stays one line, whole."""
    build_all = runpy.run_path(str(EXAMPLES / "build_all.py"))
    folder = tmp_path / "site"
    shutil.copytree(EXAMPLES / "pelican", folder, ignore=shutil.ignore_patterns("output"))
    command = build_all["command"]("pelican", Path(sys.executable).parent)
    lines = _ok(_run(command, cwd=folder, COLUMNS="50")).splitlines()
    summary = [i for i, line in enumerate(lines) if line.startswith("sitemap: ")]
    assert len(summary) == 1, lines
    line = lines[summary[0]]
    assert len(line) > 50 and SUMMARY.fullmatch(line), lines
    assert lines[summary[0] + 1].startswith("Done: "), lines
