"""A site built into a folder of another's output: which site wrote a file, and its map."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sitemap_core import MapEntry, Page, Section, folder_in, subsite_folder, subsite_map


@pytest.mark.parametrize(
    ("path", "name", "prefix"),
    [
        ("/out/posts/a.html", "posts/a.html", ""),  # the main site's own file
        ("/out/fr/posts/a.html", "posts/a.html", "fr/"),  # a nested site's (i18n_subsites)
        ("/out/fr/index.html", "index.html", "fr/"),
        ("/elsewhere/posts/a.html", "posts/a.html", ""),  # outside the main output
        ("/out/posts/a.html", "other.html", ""),  # a name that is not the file's
        ("/out/posts/a.html", "", ""),
    ],
)
def test_the_folder_of_the_site_that_wrote_a_file(path: str, name: str, prefix: str) -> None:
    """The main site's own files take the short way, and come out as the long way has them."""
    out = os.path.join(os.sep, "out", "")
    native = (path.replace("/", os.sep), name.replace("/", os.sep))
    assert subsite_folder(out, *native) == prefix


def test_a_subsites_map_is_relative_to_its_folder_and_lists_what_the_sitemap_lists() -> None:
    news = Section("Nouvelles", "fr/category/news.html")
    pages = [
        Page("fr/", title="Accueil", rank=0),
        Page("fr/category/news.html", title="Nouvelles", rank=1),
        Page("fr/a.html", title="A", section=(news,), rank=2),
        Page("fr/hidden.html", title="Hidden", section=(news,), rank=3),
    ]
    listed = {"fr/", "fr/category/news.html", "fr/a.html"}
    tree, under = subsite_map(pages, listed, "fr/")
    assert tree == [
        MapEntry("Accueil", ""),
        MapEntry("Nouvelles", "category/news.html", children=(MapEntry("A", "a.html"),)),
    ]
    assert "a.html" in under and "/a.html" in under and "hidden.html" not in under
    main, _ = subsite_map(pages[:1], {"fr/"}, "")
    assert main == [MapEntry("Accueil", "fr/")]


def test_where_an_output_folder_stands_in_the_main_one(tmp_path: Path) -> None:
    out = str(tmp_path / "out")
    assert folder_in(out, out) == ""
    assert folder_in(out, os.path.join(out, "fr")) == "fr/"
    assert folder_in(out, os.path.join(out, "fr", "x")) == "fr/x/"
    assert folder_in(out, str(tmp_path / "elsewhere")) is None
