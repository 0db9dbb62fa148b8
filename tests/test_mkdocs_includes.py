"""Pages dated by the files they include, through each include mechanism MkDocs sites use.

markdown-include (`markdown_include.include`, `{!file!}`), mdx_include (`{! file !}`)
and mkdocs-macros (`{% include %}`, `{% import %}` in Jinja), each by a real `mkdocs
build` of a small site in a git repository whose commits have fixed dates: everything
in 2023, then only included files in 2026. (pymdown-extensions snippets and
mkdocs-include-markdown-plugin: tests/test_mkdocs_blog.py.) Every sitemap is parsed
with lxml and checked by the validator.
"""

from __future__ import annotations

import logging
import subprocess
from pathlib import Path

import pytest
import yaml

from helpers import GitRepo, checked
from test_mkdocs import build, warnings_of

BASE = "https://example.org/"
OLD = "2023-04-03T08:00:00+00:00"
NEW = "2026-02-10T16:45:00+01:00"
OLD_Z, NEW_Z = "2023-04-03T08:00:00Z", "2026-02-10T16:45:00+01:00"
CONFIG = "server:\n  port: 8080\n  workers: 4\n"  # an example file pages show whole


def make_site(repo: GitRepo, config: dict, files: dict[str, str]) -> Path:
    """`repo/website/` with mkdocs.yml (`config` plus name, URL and our plugin last)
    and `files`, committed in 2023."""
    config = {"site_name": "Includes", "site_url": BASE, **config}
    config["plugins"] = [*config.get("plugins", []), "sitemap-suite"]
    repo.write("website/mkdocs.yml", yaml.safe_dump(config, sort_keys=False))
    repo.write("website/.gitignore", "site/\n")
    repo.write("website/docs/index.md", "# Home\n\nNothing included here.\n")
    for path, text in files.items():
        repo.write(f"website/{path}", text)
    repo.commit("the site", OLD)
    return repo.root / "website"


def edit(repo: GitRepo, *paths: str) -> None:
    """Append a line to each of `paths` (under website/) and commit them in 2026."""
    for path in paths:
        with (repo.root / "website" / path).open("a", encoding="utf-8") as f:
            f.write("# changed in 2026\n")
    repo.commit("included files only", NEW)


@pytest.fixture
def markdown_include(git_repo, monkeypatch) -> GitRepo:
    """Reference pages whose whole content is an included YAML file, as the real site
    has them; `base_path: docs`, relative to the folder `mkdocs build` runs in."""
    pytest.importorskip("markdown_include.include")
    repo = git_repo("repo")
    make_site(
        repo,
        {"markdown_extensions": [{"markdown_include.include": {"base_path": "docs"}}]},
        {
            "examples/server.yaml": CONFIG,
            "examples/client.yaml": "retries: 3\n",  # its second line comes in 2026
            "docs/reference/server.md": "# Server\n\n```yaml\n{!../examples/server.yaml!}\n```\n",
            "docs/reference/client.md": (
                "# Client\n\n```yaml\n{! ../examples/client.yaml !lines=1-2}\n```\n"
            ),
            "docs/guide.md": "# Guide\n\n{!parts/intro.md!}\n",
            "docs/parts/intro.md": "Read this first.\n\n{!parts/note.md!}\n",
            "docs/parts/note.md": "A note included by an included file.\n",
            "docs/missing.md": "# Missing\n\n{!parts/gone.md!}\n",
        },
    )
    monkeypatch.chdir(repo.root / "website")
    return repo


def test_markdown_include_yaml_pages_take_the_yaml_date(markdown_include):
    site = markdown_include.root / "website"
    before = checked(build(site, strict=True), BASE)
    assert set(before.values()) == {OLD_Z}
    edit(markdown_include, "examples/server.yaml", "examples/client.yaml")
    site_dir = build(site, strict=True)
    assert "workers: 4" in (site_dir / "reference" / "server" / "index.html").read_text()
    assert checked(site_dir, BASE) == {
        BASE: OLD_Z,
        BASE + "reference/server/": NEW_Z,
        BASE + "reference/client/": NEW_Z,  # with `lines=`
        BASE + "guide/": OLD_Z,
        BASE + "parts/intro/": OLD_Z,
        BASE + "parts/note/": OLD_Z,
        BASE + "missing/": OLD_Z,  # the extension prints a warning and includes nothing
    }


def test_markdown_include_nested_files_date_the_page(markdown_include):
    edit(markdown_include, "docs/parts/note.md")
    found = checked(build(markdown_include.root / "website", strict=True), BASE)
    assert {url for url, date in found.items() if date == NEW_Z} == {
        BASE + "guide/",  # includes intro.md, which includes note.md
        BASE + "parts/intro/",
        BASE + "parts/note/",
    }


def test_markdown_include_base_path_is_honoured(markdown_include):
    """The file under `base_path` dates the page; one of the same name beside the page
    (where MkDocs runs, or in the page's folder) is not it."""
    repo = markdown_include
    edit(repo, "docs/parts/intro.md")  # 2026
    repo.write("website/parts/intro.md", "A decoy where mkdocs runs.\n")
    repo.write("website/docs/reference/parts/intro.md", "A decoy beside a page.\n")
    repo.commit("decoys", "2026-06-01T00:00:00+00:00")
    found = checked(build(repo.root / "website", strict=True), BASE)
    assert found[BASE + "guide/"] == NEW_Z


def test_mdx_include_pages_take_their_files_dates(git_repo, monkeypatch, caplog):
    pytest.importorskip("mdx_include")
    repo = git_repo("repo")
    site = make_site(
        repo,
        {"markdown_extensions": [{"mdx_include": {"base_path": "docs"}}]},
        {
            "examples/server.yaml": CONFIG,
            "docs/reference/server.md": "# Server\n\n```yaml\n{! ../examples/server.yaml !}\n```\n",
            "docs/guide.md": "# Guide\n\n{! parts/intro.md !}\n\nWrite \\{! file !} to include.\n",
            "docs/parts/intro.md": "Read this first.\n\n{! parts/note.md !}\n",
            "docs/parts/note.md": "A note included by an included file.\n",
        },
    )
    monkeypatch.chdir(site)
    edit(repo, "examples/server.yaml", "docs/parts/note.md")
    site_dir = build(site, strict=True)
    assert "workers: 4" in (site_dir / "reference" / "server" / "index.html").read_text()
    assert checked(site_dir, BASE) == {
        BASE: OLD_Z,
        BASE + "reference/server/": NEW_Z,
        BASE + "guide/": NEW_Z,  # intro.md includes note.md
        BASE + "parts/intro/": NEW_Z,
        BASE + "parts/note/": NEW_Z,
    }
    assert warnings_of(caplog) == []


MACROS_FILES = {
    "includes/server.yaml": CONFIG,
    "includes/notice.md": "!!! note\n    {% include 'notice-text.md' %}\n",
    "includes/notice-text.md": "Shared across pages.\n",
    "includes/helpers.j2": "{% macro badge(text) %}**{{ text }}**{% endmacro %}\n",
    "docs/reference/server.md": "# Server\n\n```yaml\n{% include 'server.yaml' %}\n```\n",
    "docs/guide.md": "# Guide\n\n{% include 'notice.md' %}\n",
    "docs/status.md": "{% import 'helpers.j2' as h %}\n# Status\n\n{{ h.badge('stable') }}\n",
    "docs/plain.md": "# Plain\n\n{{ config.site_name }}\n",
}


@pytest.fixture
def macros(git_repo) -> GitRepo:
    pytest.importorskip("mkdocs_macros")
    repo = git_repo("repo")
    make_site(repo, {"plugins": [{"macros": {"include_dir": "includes"}}]}, MACROS_FILES)
    return repo


@pytest.mark.parametrize(
    "included, pages",
    [
        ("includes/server.yaml", ["reference/server/"]),
        ("includes/notice-text.md", ["guide/"]),  # included by an included file
        ("includes/helpers.j2", ["status/"]),  # {% import %}
    ],
)
def test_macros_includes_date_the_pages(macros, monkeypatch, included, pages):
    site = macros.root / "website"
    monkeypatch.chdir(site)  # include_dir is relative to the folder mkdocs runs in
    edit(macros, included)
    site_dir = build(site, strict=True)
    assert "workers: 4" in (site_dir / "reference" / "server" / "index.html").read_text()
    found = checked(site_dir, BASE)
    assert {url for url, date in found.items() if date == NEW_Z} == {BASE + p for p in pages}
    assert set(found) == {
        BASE + u for u in ("", "reference/server/", "guide/", "status/", "plain/")
    }


def test_macros_includes_in_every_language(git_repo, monkeypatch, caplog):
    """mkdocs-static-i18n builds each language again, and mkdocs-macros makes its Jinja
    environment anew for each: the French page's include dates it too."""
    pytest.importorskip("mkdocs_macros")
    pytest.importorskip("mkdocs_static_i18n")
    repo = git_repo("repo")
    i18n = {
        "docs_structure": "folder",
        "languages": [
            {"locale": "en", "default": True, "name": "English"},
            {"locale": "fr", "name": "Français"},
        ],
    }
    site = make_site(
        repo,
        {"plugins": [{"i18n": i18n}, {"macros": {"include_dir": "includes"}}]},
        {
            "includes/en.yaml": CONFIG,
            "includes/fr.yaml": CONFIG,
            "docs/en/index.md": "# Home\n",
            "docs/fr/index.md": "# Accueil\n",
            "docs/en/server.md": "# Server\n\n```yaml\n{% include 'en.yaml' %}\n```\n",
            "docs/fr/server.md": "# Serveur\n\n```yaml\n{% include 'fr.yaml' %}\n```\n",
        },
    )
    (site / "docs" / "index.md").unlink()
    repo.commit("the languages' home pages only", OLD)
    monkeypatch.chdir(site)
    edit(repo, "includes/fr.yaml")
    found = checked(build(site, strict=True), BASE)
    assert found == {
        BASE: OLD_Z,
        BASE + "fr/": OLD_Z,
        BASE + "server/": OLD_Z,
        BASE + "fr/server/": NEW_Z,
    }
    assert [r for r in caplog.records if r.levelno >= logging.WARNING] == []


def test_snippets_appended_to_every_page_are_read_in_the_pages_git_log(
    git_repo, monkeypatch, caplog
):
    """mkdocs-material's own docs: `auto_append` adds `includes/mkdocs.md` (outside docs/)
    to every page. Known before any page is read, its folder is in the one `git log` of
    the pages: git walks the history once, not twice."""
    pytest.importorskip("pymdownx.snippets")
    from sitemap_core.facts import gitlog

    repo = git_repo("repo")
    site = make_site(
        repo,
        {"markdown_extensions": [{"pymdownx.snippets": {"auto_append": ["includes/abbr.md"]}}]},
        {"includes/abbr.md": "*[HTML]: Hyper Text Markup Language\n", "docs/a.md": "# A\n"},
    )
    monkeypatch.chdir(site)  # snippets' base_path "." is the folder MkDocs runs in
    edit(repo, "includes/abbr.md")
    logs = []
    popen = subprocess.Popen

    def spy(args, **kwargs):
        if gitlog.FORMAT in args:
            logs.append(args[args.index("--") + 1 :])
        return popen(args, **kwargs)

    monkeypatch.setattr(subprocess, "Popen", spy)
    site_dir = build(site, strict=True)
    assert logs == [["website/docs", "website/includes"]]
    assert checked(site_dir, BASE) == {BASE: NEW_Z, BASE + "a/": NEW_Z}
    assert warnings_of(caplog) == []


def test_mkdocstrings_pages_take_their_modules_dates(git_repo, monkeypatch):
    """`::: pkg.shapes` and `::: pkg.util.helper`: each page is dated by the module its
    objects come from once that module is newer; a page documenting nothing keeps its own
    date."""
    pytest.importorskip("mkdocstrings_handlers.python")
    repo = git_repo("repo")
    site = make_site(
        repo,
        {"plugins": ["search", {"mkdocstrings": {"handlers": {"python": {"paths": ["src"]}}}}]},
        {
            "src/pkg/__init__.py": '"""The package."""\n',
            "src/pkg/shapes.py": '"""Shapes."""\n\n\ndef area():\n    """An area."""\n',
            "src/pkg/util.py": '"""Helpers."""\n\n\ndef helper():\n    """Help."""\n',
            "docs/shapes.md": "# Shapes\n\n::: pkg.shapes\n",
            "docs/helper.md": "# Helper\n\n## ::: pkg.util.helper\n",
            "docs/prose.md": "# Prose\n\nNo API here.\n",
        },
    )
    monkeypatch.chdir(site)
    edit(repo, "src/pkg/shapes.py", "src/pkg/util.py")
    assert checked(build(site, strict=True), BASE) == {
        BASE: OLD_Z,
        BASE + "helper/": NEW_Z,
        BASE + "prose/": OLD_Z,
        BASE + "shapes/": NEW_Z,
    }
