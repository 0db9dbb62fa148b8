"""What loading an adapter costs: only what every build uses. The XML parser's path and
lxml, IndexNow's HTTP client, the published-sitemap reader, the command line, the site map
pages (`html_map`) and versioned sites' reading (mike, `versions`) load when a run uses
them, and so do the standard modules only some runs need; the write path and git's
reading load when a build writes and reads history; each checked in a fresh interpreter."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

# Modules of ours (and lxml) that a build without those features never needs.
HEAVY = (
    "lxml",
    "sitemap_core.checking.xmlfile",
    "sitemap_core.checking.extensions",
    "sitemap_core.checking.feeds",
    "sitemap_core.notify",
    "sitemap_core.commands",
    "sitemap_core.files.fetch",
    "sitemap_core.facts.published",
    "sitemap_core.facts.pagemedia",  # images and videos, with `images`/`videos` on
    # Other MkDocs plugins' modules: looked up only where a build that uses them loaded them.
    "material.plugins.blog",
    "mkdocs_static_i18n",
    # The site map pages, with `html_map` on.
    "sitemap_core.writing.htmlmap",
    "sitemap_mkdocs.htmlmap",
    "sitemap_pelican.htmlmap",
    "sitemap_sphinx.mappages",
    # Versioned sites: a build mike runs, the `versions` command.
    "sitemap_core.writing.versions",
    "sitemap_mkdocs.mike",
)

# The write path and git's reading, which every build uses but none at import: loaded
# when the build writes (`SitemapBuild.finish`), says its issues, reads git's history.
ON_WRITE = (
    "sitemap_core.inventory.writeset",
    "sitemap_core.writing.run",
    "sitemap_core.writing.writer",
    "sitemap_core.writing.robots",
    "sitemap_core.facts.lastmod",
    "sitemap_core.facts.gitdates",
    "sitemap_core.facts.htmlhead",  # the head reader: when a build places its pages
    "sitemap_core.values.media",  # images and videos (a news article is `values.news`)
    "sitemap_core.sites.snippets",  # snippets' syntax, where pymdown-extensions is not
)

# Standard modules only some runs need: suggestions for a misspelt name (difflib), mike's
# command line (argparse), gzip, a new IndexNow key (secrets), HTTP. None of our modules
# imports one as it loads, whether or not the generator loaded it already.
ON_USE = (
    "argparse",
    "difflib",
    "gzip",
    "http.client",
    "http.server",
    "secrets",
    "urllib.request",
)
# What every build of a generator uses (none: a misspelt name is looked for by
# `sitemap_core.values.closematch`, which imports nothing).
EVERY_RUN: dict[str, tuple[str, ...]] = {}

# `code` run with `__import__` watched: each `module imports name` of ours for `ON_USE`.
_SPY = """
import builtins, json
real, found = builtins.__import__, set()
def spy(name, globals=None, locals=None, fromlist=(), level=0):
    by = (globals or {}).get("__name__") or ""
    if level == 0 and by.startswith("sitemap_"):
        for full in (name, *(f"{name}.{item}" for item in fromlist or ())):
            if full in WATCHED:
                found.add(f"{by} imports {full}")
    return real(name, globals, locals, fromlist, level)
builtins.__import__ = spy
"""


def _loaded(code: str, heavy: tuple[str, ...] = HEAVY) -> list[str]:
    """The `heavy` modules loaded once `code` ran in a fresh interpreter."""
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    names = json.loads(out.stdout.splitlines()[-1])
    return [n for n in names if any(n == h or n.startswith(h + ".") for h in heavy)]


def _imported(code: str, watched: tuple[str, ...] = ON_USE) -> list[str]:
    """`module imports name` for each import of a `watched` module by one of ours while
    `code` ran in a fresh interpreter."""
    probe = f"WATCHED = {watched!r}\n{_SPY}\n{code}\nprint(json.dumps(sorted(found)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return list(json.loads(out.stdout.splitlines()[-1]))


ADAPTERS = ["sitemap_mkdocs.plugin", "sitemap_sphinx", "sitemap_pelican"]


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_an_adapter_loads_none_of_the_optional_parts(adapter: str) -> None:
    assert _loaded(f"import {adapter}", HEAVY + ON_WRITE) == []


@pytest.mark.parametrize("adapter", ADAPTERS)
def test_an_adapter_imports_no_standard_module_only_some_runs_need(adapter: str) -> None:
    every_run = EVERY_RUN.get(adapter.split(".")[0], ())
    watched = tuple(name for name in ON_USE if name not in every_run)
    assert _imported(f"import {adapter}", watched) == []


def test_a_plain_run_writes_and_checks_without_lxml(tmp_path) -> None:
    """The default run (validate: warn) checks the files it wrote through the plain
    reader: no parser, no lxml, no HTTP client, none of `ON_USE`."""
    code = (
        "from pathlib import Path\n"
        "from sitemap_core import Page, settings_from_options, write_sitemaps\n"
        "s, _ = settings_from_options({}, 'https://example.org/')\n"
        f"r = write_sitemaps([Page(url='a/', lastmod='2024-01-02')], Path({str(tmp_path)!r}), s)\n"
        "assert r.ok and r.urls == 1, r\n"
    )
    assert _loaded(code) == []
    assert _imported(code) == []


def test_the_version_is_the_packages() -> None:
    """`sitemap_core.__version__` (what the Sphinx extension reports, read without a
    scan of the installed distributions) is pyproject.toml's."""
    import tomllib
    from pathlib import Path

    import sitemap_core

    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    assert sitemap_core.__version__ == tomllib.loads(pyproject.read_text())["project"]["version"]
