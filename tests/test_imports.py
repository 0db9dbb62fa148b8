"""What loading an adapter costs: only what every build uses. The XML parser's path and
lxml, IndexNow's HTTP client, the published-sitemap reader and the command line load when
a run uses them, each checked in a fresh interpreter."""

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
    # Other MkDocs plugins' modules: looked up only where a build that uses them loaded them.
    "material.plugins.blog",
    "mkdocs_static_i18n",
)


def _loaded(code: str) -> list[str]:
    """The HEAVY modules loaded once `code` ran in a fresh interpreter."""
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    names = json.loads(out.stdout.splitlines()[-1])
    return [n for n in names if any(n == h or n.startswith(h + ".") for h in HEAVY)]


@pytest.mark.parametrize("adapter", ["sitemap_mkdocs.plugin", "sitemap_sphinx", "sitemap_pelican"])
def test_an_adapter_loads_none_of_the_optional_parts(adapter: str) -> None:
    assert _loaded(f"import {adapter}") == []


def test_a_plain_run_writes_and_checks_without_lxml(tmp_path) -> None:
    """The default run (validate: warn) checks the files it wrote through the plain
    reader: no parser, no lxml, no HTTP client."""
    code = (
        "from pathlib import Path\n"
        "from sitemap_core import Page, settings_from_options, write_sitemaps\n"
        "s, _ = settings_from_options({}, 'https://example.org/')\n"
        f"r = write_sitemaps([Page(url='a/', lastmod='2024-01-02')], Path({str(tmp_path)!r}), s)\n"
        "assert r.ok and r.urls == 1, r\n"
    )
    assert _loaded(code) == []


def test_the_version_is_the_packages() -> None:
    """`sitemap_core.__version__` (what the Sphinx extension reports, read without a
    scan of the installed distributions) is pyproject.toml's."""
    import tomllib
    from pathlib import Path

    import sitemap_core

    pyproject = Path(__file__).resolve().parents[1] / "pyproject.toml"
    assert sitemap_core.__version__ == tomllib.loads(pyproject.read_text())["project"]["version"]
