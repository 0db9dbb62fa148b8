"""Pages carry their place in the site (`Page.title`, `section`, `rank`, `listing`) and
`section_tree` makes the one tree of them: unit cases, then the Pages each generator's
adapter hands the core on a real build of its example site (captured at
`SitemapBuild.extend`), checked against the site map the same build wrote."""

from __future__ import annotations

import datetime as dt
import os
import shutil
from pathlib import Path

import pytest

from sitemap_core import MapEntry, Page, Section, section_tree
from sitemap_core.inventory.sitemapbuild import SitemapBuild

EXAMPLES = Path(__file__).resolve().parents[1] / "example_sites"


def test_pages_stand_under_their_sections_in_rank_order():
    guide = Section("Guide", "guide/")
    pages = [
        Page("guide/b/", title="B", section=(guide,), rank=3),
        Page("guide/", title="Guide", rank=2),
        Page("", title="Home", rank=0),
        Page("guide/a/", title="A", section=(guide,), rank=2),  # a tie keeps the order given
        Page("page2/", rank=1),  # untitled: not in the tree
    ]
    assert section_tree(pages) == [
        MapEntry("Home", ""),
        MapEntry(
            "Guide", "guide/", children=(MapEntry("A", "guide/a/"), MapEntry("B", "guide/b/"))
        ),
    ]


def test_a_section_page_gives_its_title_and_a_section_without_one_is_a_heading():
    pages = [
        Page("x/1/", title="One", section=(Section("Old name", "x/"),), rank=1),
        Page("x/", title="X", rank=2),
        Page("o/", title="O", section=(Section("Other pages"),), rank=3),
    ]
    assert section_tree(pages) == [
        MapEntry("X", "x/", children=(MapEntry("One", "x/1/"),)),
        MapEntry("Other pages", None, children=(MapEntry("O", "o/"),)),
    ]


def test_a_heading_is_shared_only_by_the_pages_that_follow_one_another():
    a = (Section("A"),)
    pages = [
        Page("1/", title="1", section=a, rank=0),
        Page("2/", title="2", section=a, rank=1),
        Page("3/", title="3", rank=2),
        Page("4/", title="4", section=a, rank=3),  # a second nav section of that title
    ]
    tree = section_tree(pages)
    assert [(e.title, len(e.children)) for e in tree] == [("A", 2), ("3", 0), ("A", 1)]


def test_dated_shows_the_publication_date_of_the_pages_it_names():
    day = dt.date(2024, 2, 29)
    pages = [
        Page("a/", title="Article", published=day, rank=0),
        Page("p/", title="Page", published=day, section=(Section("Pages"),), rank=1),
    ]
    assert [e.lastmod for e in section_tree(pages)] == [None, None]
    assert section_tree(pages, dated=True)[0].lastmod == day
    tree = section_tree(pages, dated=lambda page: not page.section)
    assert tree[0].lastmod == day and tree[1].children[0].lastmod is None


# Real builds: the Pages an adapter hands the core.


@pytest.fixture
def captured(monkeypatch: pytest.MonkeyPatch) -> list[Page]:
    pages: list[Page] = []
    extend = SitemapBuild.extend

    def keep(self: SitemapBuild, more: object) -> None:
        found = list(more)  # type: ignore[call-overload]
        pages.extend(found)
        extend(self, found)

    monkeypatch.setattr(SitemapBuild, "extend", keep)
    return pages


def _copy(name: str, folder: Path) -> Path:
    shutil.copytree(
        EXAMPLES / name,
        folder,
        ignore=shutil.ignore_patterns("site", "output", "_build", ".sitemap-cache", "*.mo"),
    )
    return folder


def by_url(pages: list[Page]) -> dict[str, Page]:
    return {page.url: page for page in pages}


def test_mkdocs_pages_stand_where_the_nav_puts_them(tmp_path, captured):
    from mkdocs.commands import build
    from mkdocs.config import load_config

    site = _copy("mkdocs", tmp_path / "site")
    config = load_config(config_file=str(site / "mkdocs.yml"))
    config.plugins.on_startup(command="build", dirty=False)
    build.build(config)
    pages = by_url(captured)
    assert pages[""].title == "Home" and pages[""].section == () and pages[""].rank == 0
    guide = (Section("Guide"),)
    assert pages["guide/install/"].section == guide
    assert pages["guide/advanced/tuning/"].section == (*guide, Section("Advanced"))
    assert pages["about/"].rank < pages["guide/install/"].rank < pages["hidden/"].rank
    assert pages["orphan/"].section == (Section("Other pages"),)  # not in the nav
    assert pages["orphan/"].rank > max(p.rank for p in captured if p.url != "orphan/")
    assert pages["sitemap/"].title is None  # the site map page itself: generated
    assert not any(page.listing for page in captured)
    assert pages["guide/advanced/tuning/"].description


def test_mkdocs_blog_views_are_listings(tmp_path, captured):
    pytest.importorskip("material.plugins.blog")
    from mkdocs.commands import build
    from mkdocs.config import load_config

    site = _copy("mkdocs/material-blog", tmp_path / "site")
    config = load_config(config_file=str(site / "mkdocs.yml"))
    config.plugins.on_startup(command="build", dirty=False)
    build.build(config)
    listings = {page.url for page in captured if page.listing}
    assert "blog/" in listings and any(url.startswith("blog/archive/") for url in listings)
    assert not any(page.listing for page in captured if page.news or page.published)


def test_sphinx_documents_stand_in_the_toctree(tmp_path, captured):
    site = _copy("sphinx", tmp_path / "site")
    from sphinx.cmd.build import build_main  # in this process, so the capture sees the Pages

    cwd = os.getcwd()
    os.chdir(site)
    try:
        assert build_main(["-q", "-b", "html", ".", "_build/html"]) == 0
    finally:
        os.chdir(cwd)
    pages = {page.name: page for page in captured}
    index = pages["index"]
    assert index.title and index.section == () and index.rank == 0
    guide = pages["guide/index"]
    assert guide.section == () and guide.title
    assert pages["guide/install"].section == (Section(guide.title, guide.url),)
    assert pages["orphan"].section == (Section("Other pages"),)
    for name in ("genindex", "py-modindex", "search"):
        if name in pages:
            assert pages[name].listing and pages[name].title is None, name
    assert any(name.startswith("_modules/") and page.listing for name, page in pages.items())
    assert not pages["index"].listing and not pages["about"].listing
    tree = section_tree(captured)
    assert [e.title for e in tree if e.children][-1] == "Other pages"


def test_pelican_pages_stand_in_their_categories(tmp_path, captured):
    from pelican import Pelican
    from pelican.settings import read_settings

    site = _copy("pelican", tmp_path / "site")
    cwd = os.getcwd()
    os.chdir(site)
    try:
        settings = read_settings(
            str(site / "pelicanconf.py"), override={"OUTPUT_PATH": str(site / "output")}
        )
        Pelican(settings).run()
    finally:
        os.chdir(cwd)
    pages = by_url(captured)
    assert pages[""].title == "Home" and pages[""].listing
    categories = [
        p
        for p in captured
        if p.title is not None and p.section == () and p.url.startswith("category/")
    ]
    assert [p.title for p in categories] == sorted(p.title for p in categories)
    for category in categories:
        articles = [p for p in captured if p.section == (Section(category.title, category.url),)]
        assert articles and all(p.title and not p.listing for p in articles)
        dates = [p.published for p in sorted(articles, key=lambda p: p.rank)]
        assert dates == sorted(dates, reverse=True)
    tags = [p for p in captured if p.section and p.section[0].title == "Tags"]
    assert tags and all(p.listing for p in tags) and tags[0].section[0].url == "tags.html"
    assert pages["tags.html"].title == "Tags"
    assert all(
        p.section == (Section("Pages"),) for p in captured if p.url.startswith("pages/") and p.title
    )
    assert all(p.listing for p in captured if p.url.startswith(("author/", "archives", "index")))
    described = [p for p in captured if p.description]
    assert described  # `Summary:` (or `Description:`) metadata
    tree = section_tree(captured, dated=True)
    assert tree[0] == MapEntry("Home", "")
