"""Sphinx adapter: the paths it hands the core as strings are Sphinx's own (a real build of
example_sites/sphinx with the html and dirhtml builders, and a builder that changes its
output rule)."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from sphinx.builders.dirhtml import DirectoryHTMLBuilder
from sphinx.testing.util import SphinxTestApp

from sitemap_sphinx.pages import _output_file, pages
from sitemap_sphinx.scheme import url_scheme

pytest_plugins = ["sphinx.testing.fixtures"]

EXAMPLE = Path(__file__).resolve().parents[1] / "example_sites" / "sphinx"


class _Flat(DirectoryHTMLBuilder):
    """dirhtml with its own output rule: every page as `<name>.htm`."""

    def get_output_path(self, page_name: str, /) -> Path:
        return Path(self.outdir, page_name + ".htm")


@pytest.mark.parametrize("builder", ["html", "dirhtml"])
def test_paths_are_sphinx_own(
    builder: str,
    make_app: Callable[..., SphinxTestApp],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))  # conf.py adds the example's package
    shutil.copytree(EXAMPLE, tmp_path / "src", ignore=shutil.ignore_patterns("_build"))
    app = make_app(builder, srcdir=tmp_path / "src", builddir=tmp_path / "build")
    try:
        app.build()
        scheme = url_scheme(app.config, Path(app.srcdir))[0]
        offered = list(pages(app, scheme, [], {"genindex", "search"}))
        assert {page.name for page in offered} >= app.env.found_docs | {"genindex", "search"}
        for page in offered:
            assert isinstance(page.output, str)
            assert page.output == os.fspath(app.builder.get_outfilename(page.name))
            assert all(isinstance(source, str) for source in page.sources)
            if page.name in app.env.found_docs:
                assert page.sources[0] == os.fspath(app.env.doc2path(page.name))
        monkeypatch.setattr(app.builder, "__class__", _Flat)
        flat = os.fspath(_output_file(app.builder)("guide/index"))
        assert flat == os.path.join(app.outdir, "guide", "index.htm")
    finally:
        app.cleanup()
