"""Zensical sites: a real `zensical build` (zensical.toml, or mkdocs.yml as Zensical reads
it) in a real git repository, then `sitemap-suite generate site --config <that file>`:
a plain urlset at /sitemap.xml (what Zensical's instant navigation fetches), each page
dated by the last commit of its Markdown source or of a snippet it includes, robots.txt,
and `validate --strict` clean. Zensical has no plugin API: the command is the adapter.

The builds need the `zensical` package, which the dev environment does not hold (it
pins its own Markdown stack): it is installed once into a cached venv, from the package
registry (marked `registry`); the test skips, saying why, when the registry cannot be
reached. The snippet finder and the config reading are tested without it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from helpers import GitRepo, checked, init_repo, parse, urls_in
from sitemap_core.commands import main
from sitemap_core.sites.docspages import DocsPages
from sitemap_core.sites.project import Project, read_project
from sitemap_core.sites.snippets import SnippetFinder

PIP_TIMEOUT = 600
SOURCES = (
    "docs/index.md",
    "docs/about.md",
    "docs/guide/README.md",
    "snippets/nested.md",
    "snippets/escaped.md",
)
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "sitemap-suite"


def run(*args: str | Path, cwd: Path) -> Result:
    """`sitemap-suite ARGS` in `cwd`, as a CI step runs it."""
    old = Path.cwd()
    os.chdir(cwd)
    try:
        return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    finally:
        os.chdir(old)


@pytest.fixture(scope="module")
def zensical() -> Path:
    """The `zensical` command of a venv cached across runs, made (and zensical installed
    from the registry) when absent."""
    venv = CACHE / "zensical-venv"
    command = venv / "bin" / "zensical"
    if command.is_file():
        return command
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    subprocess.run([sys.executable, "-m", "venv", "--clear", venv], check=True, env=env)
    try:
        done = subprocess.run(
            [venv / "bin" / "python", "-m", "pip", "install", "--quiet", "zensical"],
            env=env,
            capture_output=True,
            text=True,
            timeout=PIP_TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.skip(f"pip install zensical: no answer from the package registry in {PIP_TIMEOUT}s")
    if done.returncode != 0 or not command.is_file():
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        pytest.skip(f"pip install zensical failed (package registry unreachable?): {last}")
    return command


def build(zensical: Path, repo: GitRepo, *args: str) -> None:
    """`zensical build` in the repository, with the venv's own Python only."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    done = subprocess.run(
        [zensical, "build", *args],
        cwd=repo.root,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def site_repo(tmp_path: Path) -> GitRepo:
    """Three pages (one includes a snippet, which includes another in a block; one is a
    folder's README), committed in 2024; the nested snippet changed in 2025, another
    page in mid-2024."""
    repo = GitRepo(init_repo(tmp_path / "site"))
    repo.write(".gitignore", "site/\n")
    repo.write("docs/index.md", '# Home\n\n--8<-- "intro.md"\n\n;--8<-- "escaped.md"\n')
    repo.write("docs/about.md", "# About\n\nabout\n")
    repo.write("docs/guide/README.md", "# Guide\n\nguide\n")
    repo.write("docs/overrides/main.html", '{% extends "base.html" %}\n')
    repo.write("snippets/intro.md", "intro\n\n--8<--\nnested.md\n--8<--\n")
    repo.write("snippets/nested.md", "first\n")
    repo.write("snippets/escaped.md", "never included\n")
    return repo


def commit_history(repo: GitRepo) -> None:
    repo.commit("pages", "2024-01-01T00:00:00+00:00")
    repo.write("docs/about.md", "# About\n\nabout, again\n")
    repo.commit("about", "2024-06-01T00:00:00+00:00")
    repo.write("snippets/nested.md", "second\n")
    repo.commit("snippet", "2025-01-01T00:00:00+00:00")
    repo.write("snippets/escaped.md", "still never included\n")
    repo.commit("escaped", "2025-06-01T00:00:00+00:00")


@pytest.mark.registry
@pytest.mark.slow
def test_zensical_toml(zensical: Path, tmp_path: Path) -> None:
    """zensical.toml: site_url, docs_dir, directory URLs, snippets' base_path, and our
    options under `[project.plugins.sitemap-suite]` (which Zensical passes over). The
    URLs are those of Zensical's own sitemap: an HTML file copied from docs_dir is none."""
    repo = site_repo(tmp_path)
    repo.write(
        "zensical.toml",
        '[project]\nsite_name = "T"\nsite_url = "https://example.org/"\ndocs_dir = "docs"\n\n'
        '[project.markdown_extensions.pymdownx.snippets]\nbase_path = ["snippets"]\n'
        "check_paths = true\n\n"
        '[project.plugins.sitemap-suite]\nchangefreq = "weekly"\n',
    )
    commit_history(repo)
    build(zensical, repo, "--strict")
    site = repo.root / "site"
    assert "<lastmod>" not in (site / "sitemap.xml").read_text()  # Zensical's own: loc only
    assert (site / "overrides/main.html").is_file()  # copied as it is: no page
    its_own = set(urls_in(site / "sitemap.xml"))

    result = run("generate", "site", "--config", "zensical.toml", cwd=repo.root)
    assert result.exit_code == 0, result.output
    assert parse(site / "sitemap.xml").getroot().tag.endswith("}urlset")
    last = {rel: repo.last_date(rel).replace("+00:00", "Z") for rel in SOURCES}
    assert checked(site, "https://example.org/") == {  # as `git log -1` says
        "https://example.org/": max(last["docs/index.md"], last["snippets/nested.md"]),
        "https://example.org/about/": last["docs/about.md"],
        "https://example.org/guide/": last["docs/guide/README.md"],
    }
    assert last["snippets/nested.md"] == "2025-01-01T00:00:00Z" < last["snippets/escaped.md"]
    assert set(urls_in(site / "sitemap.xml")) == its_own
    assert "<changefreq>weekly</changefreq>" in (site / "sitemap.xml").read_text()
    robots = (site / "robots.txt").read_text()
    assert "Sitemap: https://example.org/sitemap.xml" in robots.splitlines()
    strict = run("validate", "--strict", "site", cwd=repo.root)
    assert strict.exit_code == 0, strict.output


@pytest.mark.registry
@pytest.mark.slow
def test_mkdocs_yml(zensical: Path, tmp_path: Path) -> None:
    """mkdocs.yml, as Zensical reads it: `.html` URLs without directory URLs, snippets'
    default base path (the project's folder), a Python tag, and our options in the
    `sitemap-suite` plugin entry; the site under a path gets no robots.txt."""
    repo = site_repo(tmp_path)
    repo.write("docs/index.md", '# Home\n\n--8<-- "snippets/intro.md"\n')
    repo.write("snippets/intro.md", "intro\n\n--8<--\nsnippets/nested.md\n--8<--\n")
    repo.write(
        "mkdocs.yml",
        "site_name: T\nsite_url: https://example.org/docs/\nuse_directory_urls: false\n"
        "markdown_extensions:\n  - pymdownx.snippets\n  - pymdownx.emoji:\n"
        "      emoji_index: !!python/name:material.extensions.emoji.twemoji\n"
        "plugins:\n  - search\n  - sitemap-suite:\n      exclude: [about.html]\n",
    )
    commit_history(repo)
    build(zensical, repo)
    result = run("generate", "site", "--config", "mkdocs.yml", cwd=repo.root)
    assert result.exit_code == 0, result.output
    site = repo.root / "site"
    assert checked(site, "https://example.org/docs/") == {
        "https://example.org/docs/index.html": "2025-01-01T00:00:00Z",
        "https://example.org/docs/guide/index.html": "2024-01-01T00:00:00Z",
    }
    assert not (site / "robots.txt").exists()


def test_snippet_finder(tmp_path: Path) -> None:
    """The extension's syntax: inline and block forms, escapes, comments in blocks, line
    and section specifiers, nesting (and a cycle), `restrict_base_path`, a file as base
    path, URLs, `auto_append`."""
    base, other = tmp_path / "base", tmp_path / "other"
    for rel in ("a.md", "b.md", "c.md", "d.md", "loop.md", "tail.md", "sub/e.md"):
        (base / rel).parent.mkdir(parents=True, exist_ok=True)
        (base / rel).write_text("x\n")
    (base / "a.md").write_text('--8<-- "loop.md"\n')
    (base / "loop.md").write_text('--8<-- "a.md"\n')
    other.mkdir()
    (other / "f.md").write_text("x\n")
    (tmp_path / "outside.md").write_text("x\n")
    page = tmp_path / "page.md"
    page.write_text(
        '--8<-- "a.md"\n'
        "  --8<-- 'b.md:2:3'\n"
        ';--8<-- "c.md"\n'
        "--8<--\nd.md:section\n; sub/e.md\n\nsub/e.md\n--8<--\n"
        '--8<-- "../outside.md"\n'
        '--8<-- "https://example.org/x.md"\n'
        '--8<-- "f.md"\n'
        '--8<-- "missing.md"\n'
    )
    finder = SnippetFinder([base, other / "f.md"], auto_append=["tail.md"])
    assert finder.of(page) == [
        base / "a.md",
        base / "loop.md",
        base / "b.md",
        base / "d.md",
        base / "sub/e.md",
        other / "f.md",
        base / "tail.md",
    ]
    loose = SnippetFinder([base], restrict=False)
    assert tmp_path / "outside.md" in loose.of(page)


def test_docs_pages(tmp_path: Path) -> None:
    """Pages by their output path, as MkDocs and Zensical write them: index.md before
    README.md, hidden files skipped; with and without directory URLs. A mkdocs.yml that
    INHERITs another, with an `!ENV` tag."""
    for rel in ("index.md", "a.md", "g/README.md", "h/index.md", "h/README.md", ".x/y.md"):
        (tmp_path / "docs" / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "docs" / rel).write_text("# t\n")
    config = tmp_path / "zensical.toml"
    config.write_text('[project]\nsite_name = "T"\n')
    project = read_project(config)
    assert project is not None and project.site_url is None and project.snippets is None
    docs = tmp_path / "docs"
    assert DocsPages(project).by_output == {
        "index.html": docs / "index.md",
        "a/index.html": docs / "a.md",
        "g/index.html": docs / "g/README.md",
        "h/index.html": docs / "h/index.md",
    }
    (tmp_path / "base.yml").write_text(
        "site_name: T\nsite_url: https://example.org/\nplugins: [search]\n"
        "markdown_extensions: [{pymdownx.snippets: {base_path: [a]}}]\n"
    )
    (tmp_path / "mkdocs.yml").write_text(
        "INHERIT: base.yml\ndocs_dir: docs\nsite_url: !ENV [NO_SUCH_VARIABLE, 'https://example.com/']\n"
        "plugins: [{sitemap-suite: {changefreq: daily}}]\n"
    )
    inherited = read_project(tmp_path / "mkdocs.yml")
    assert inherited == Project(
        tmp_path / "mkdocs.yml",
        "https://example.com/",
        docs,
        extensions={"pymdownx.snippets": {"base_path": ["a"]}},
        options={"changefreq": "daily"},
    )
    assert inherited.snippets == {"base_path": ["a"]} and inherited.autodoc_paths is None
    config.write_text('[project]\nsite_name = "T"\nuse_directory_urls = false\n')
    assert DocsPages(read_project(config)).by_output["a.html"] == docs / "a.md"  # type: ignore[arg-type]


def test_config_problems(tmp_path: Path) -> None:
    """A generator's config file with a value of the wrong type, or without site_url:
    one message naming the file and the key; our own TOML file is read as before."""
    (tmp_path / "site").mkdir()
    (tmp_path / "site" / "index.html").write_text("<html><head></head><body>x</body></html>")
    (tmp_path / "docs").mkdir()
    config = tmp_path / "zensical.toml"
    config.write_text('[project]\nsite_name = "T"\nsite_url = 3\n')
    result = run("generate", "site", "--config", config, cwd=tmp_path)
    assert result.exit_code == 2 and "site_url must be a string" in result.output
    assert str(config) in result.output
    config.write_text('[project]\nsite_name = "T"\n')
    result = run("generate", "site", "--config", config, cwd=tmp_path)
    assert result.exit_code == 2 and "site_url" in result.output, result.output
    (tmp_path / "mkdocs.yml").write_text("site_name: T\nsite_url: [1]\n")
    result = run("generate", "site", "--config", "mkdocs.yml", cwd=tmp_path)
    assert result.exit_code == 2 and "mkdocs.yml: site_url must be a string" in result.output
    (tmp_path / "mkdocs.yml").write_text("site_name: T\nsite_url: example.org/\n")
    result = run("generate", "site", "--config", "mkdocs.yml", cwd=tmp_path)
    assert (
        result.exit_code == 1 and "base-url mkdocs.yml (site_url): 'example.org/'" in result.output
    )
    (tmp_path / "ours.toml").write_text('[sitemap]\nbase_url = "https://example.org/"\n')
    result = run("generate", "site", "--config", "ours.toml", "-q", cwd=tmp_path)
    assert result.exit_code == 0, result.output


def built(repo: GitRepo, pages: dict[str, str]) -> None:
    """A built folder as Zensical writes it (`site/<page>/index.html`), without Zensical:
    `generate --config` reads only the HTML files and the config file's sources."""
    for rel in pages:
        out = repo.root / "site" / rel / "index.html" if rel else repo.root / "site/index.html"
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(f"<html><head><title>{rel}</title></head><body>{rel}</body></html>")


def _autodoc_repo(tmp_path: Path) -> GitRepo:
    """A repository whose zensical.toml gives the python handler the `src` path."""
    repo = GitRepo(init_repo(tmp_path / "site"))
    repo.write(".gitignore", "site/\n")
    repo.write(
        "zensical.toml",
        '[project]\nsite_name = "T"\nsite_url = "https://example.org/"\n\n'
        '[project.plugins.mkdocstrings.handlers.python]\npaths = ["src"]\n',
    )
    return repo


def test_mkdocstrings_pages_dated_by_their_modules(tmp_path: Path) -> None:
    """`::: pkg.shapes` and `## ::: pkg.util.helper` in zensical.toml's site: each page is
    dated by the module it documents (found along the python handler's `paths`, `src`
    here, nothing imported) once that module is newer; `other.thing` (no such package on
    the paths) and a page documenting nothing keep their own dates. Without `paths`, the config file's folder."""
    repo = _autodoc_repo(tmp_path)
    repo.write("src/pkg/__init__.py", '"""The package."""\n')
    repo.write("src/pkg/shapes.py", '"""Shapes."""\n')
    repo.write("src/pkg/util/__init__.py", '"""Helpers."""\n')
    repo.write("pkg/shapes.py", '"""Not on the handler\'s paths."""\n')
    repo.write("docs/index.md", "# Home\n\n::: other.thing\n")
    repo.write("docs/shapes.md", "# Shapes\n\n::: pkg.shapes\n")
    repo.write("docs/helper.md", "# Helper\n\n## ::: pkg.util.helper\n")
    repo.write("docs/prose.md", "# Prose\n\nNo API here.\n")
    repo.commit("pages", "2024-01-01T00:00:00+00:00")
    repo.write("src/pkg/shapes.py", '"""Shapes, again."""\n')
    repo.write("src/pkg/util/__init__.py", '"""Helpers, again."""\n')
    repo.write("src/pkg/__init__.py", '"""The package, again."""\n')  # no page's module
    repo.write("pkg/shapes.py", '"""Still not on the paths."""\n')
    repo.commit("modules", "2025-01-01T00:00:00+00:00")
    built(repo, {"": "", "shapes": "", "helper": "", "prose": ""})
    result = run("generate", "site", "--config", "zensical.toml", "-q", cwd=repo.root)
    assert result.exit_code == 0, result.output
    old, new = "2024-01-01T00:00:00Z", "2025-01-01T00:00:00Z"
    assert checked(repo.root / "site", "https://example.org/") == {
        "https://example.org/": old,
        "https://example.org/helper/": new,
        "https://example.org/prose/": old,
        "https://example.org/shapes/": new,
    }
    project = read_project(repo.root / "zensical.toml")
    assert project is not None and project.autodoc_paths == (repo.root / "src",)
    repo.write("zensical.toml", '[project]\nsite_name = "T"\n\n[project.plugins.mkdocstrings]\n')
    project = read_project(repo.root / "zensical.toml")
    assert project is not None and project.autodoc_paths == (repo.root,)
    assert DocsPages(project).find("shapes/index.html") == (
        repo.root / "docs/shapes.md",
        repo.root / "pkg/shapes.py",
    )


def test_markdown_includes_of_the_config(tmp_path: Path) -> None:
    """The includes the MkDocs adapter finds, found for `generate --config` by the same
    core module: markdown-include's `{!file!}` (its `base_path` taken from the config
    file's folder, not the working folder), mdx_include's `{! file !}`, snippets."""
    pytest.importorskip("markdown_include.include")
    pytest.importorskip("mdx_include.mdx_include")
    (tmp_path / "docs").mkdir()
    (tmp_path / "parts").mkdir()
    (tmp_path / "parts/a.yaml").write_text("a: 1\n")
    (tmp_path / "parts/b.md").write_text("b\n\n{!parts/c.md!}\n")
    (tmp_path / "parts/c.md").write_text("c\n")
    (tmp_path / "docs/index.md").write_text(
        "# t\n\n{!parts/a.yaml!}\n\n{!parts/b.md!}\n\n{! ../parts/a.yaml !}\n"
    )
    (tmp_path / "mkdocs.yml").write_text(
        "site_name: T\nmarkdown_extensions:\n  - markdown_include.include:\n      base_path: .\n"
        "  - mdx_include:\n      base_path: docs\n"
    )
    project = read_project(tmp_path / "mkdocs.yml")
    assert project is not None
    parts = tmp_path / "parts"
    assert DocsPages(project).find("index.html") == (
        tmp_path / "docs/index.md",
        parts / "a.yaml",
        parts / "b.md",
        parts / "c.md",
    )


def test_a_package_page_is_dated_by_the_modules_it_exports_from(tmp_path: Path) -> None:
    """`::: pkg` whose `__init__.py` re-exports `arrays` from `pkg/array_.py`: the page
    renders `arrays` from there, so a commit to that module dates it (scikit-hep's
    hypothesis-awkward: its package pages were older than the code they show)."""
    repo = _autodoc_repo(tmp_path)
    repo.write("src/pkg/__init__.py", '__all__ = ["arrays"]\nfrom .array_ import arrays\n')
    repo.write("src/pkg/array_.py", "def arrays(): ...\n")
    repo.write("docs/index.md", "# Home\n\n::: pkg\n")
    repo.commit("pages", "2024-01-01T00:00:00+00:00")
    repo.write("src/pkg/array_.py", "def arrays(min_fields=0): ...\n")
    repo.commit("arrays", "2025-01-01T00:00:00+00:00")
    built(repo, {"": ""})
    result = run("generate", "site", "--config", "zensical.toml", "-q", cwd=repo.root)
    assert result.exit_code == 0, result.output
    assert checked(repo.root / "site", "https://example.org/") == {
        "https://example.org/": "2025-01-01T00:00:00Z"
    }
