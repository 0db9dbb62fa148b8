"""The site map for people (sitemap_core.writing.htmlmap): layout by section under a link limit,
paths, titled relative links, and only the pages the sitemap lists."""

from __future__ import annotations

import datetime as dt
import posixpath
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lxml import html

from sitemap_core import Page, Settings, settings_from_options
from sitemap_core.writing.htmlmap import (
    MapEntry,
    MapLink,
    MapPage,
    map_path,
    plan,
    prune,
    render,
)
from sitemap_core.writing.listing import Listing

BASE = "https://example.org/docs/"


def section(title: str, count: int, url: str | None = None, folder: str = "") -> MapEntry:
    folder = folder or re.sub(r"\W+", "-", title.lower())
    return MapEntry(
        title,
        url,
        children=tuple(MapEntry(f"{title} {n}", f"{folder}/p{n}/") for n in range(count)),
    )


def everything(tree: list[MapEntry]) -> set[str]:
    """Every URL of the tree (a `listed` that leaves nothing out)."""
    found = set()
    for entry in tree:
        if entry.url is not None:
            found.add(entry.url)
        found |= everything(list(entry.children))
    return found


def anchors(fragment: str) -> list[tuple[str, str]]:
    """`(text, href)` of every link of a rendered page."""
    return [(a.text_content(), a.get("href")) for a in html.fromstring(fragment).iter("a")]


def resolve(page_path: str, href: str) -> str:
    """The site-relative URL an href of the page at `page_path` leads to."""
    folder = page_path.rsplit("/", 1)[0] + "/" if "/" in page_path else ""
    target = posixpath.normpath(folder + href)
    target = "" if target == "." else target
    return target + "/" if href.endswith("/") and target else target


TREE = [
    MapEntry("Home", ""),
    MapEntry("About", "about/", dt.date(2024, 2, 29)),
    section("Guide", 5, "guide/"),
    section("Reference", 3),
]


def test_a_small_site_is_one_page_with_its_sections():
    (page,) = plan(TREE, "sitemap/", 100)
    assert page.path == "sitemap/" and page.title == "Site map" and page.up is None
    assert page.links == 2 + 6 + 3
    doc = html.fromstring(render(page, everything(TREE)))
    assert doc.findtext(".//h1") == "Site map"
    assert [h.text_content() for h in doc.iter("h2")] == ["Guide", "Reference"]
    links = anchors(render(page, everything(TREE)))
    assert links[:3] == [("Home", "../"), ("About", "../about/"), ("Guide", "../guide/")]
    assert ("Reference 2", "../reference/p2/") in links
    assert doc.find(".//time").get("datetime") == "2024-02-29"


def test_over_the_limit_each_section_gets_a_page_linking_back():
    pages = plan(TREE, "sitemap/", 5)
    by_path = {p.path: p for p in pages}
    top = pages[0]
    assert top.path == "sitemap/" and top.up is None
    assert top.items == (
        TREE[0],
        TREE[1],
        MapLink("Guide", "sitemap/guide/", 6),
        MapLink("Reference", "sitemap/reference/", 3),
    )
    guide = by_path["sitemap/guide/"]
    assert guide.up == ("sitemap/", "Site map") and guide.title == "Site map: Guide"
    reference = by_path["sitemap/reference/"]
    assert anchors(render(reference, everything(TREE)))[0] == ("Site map", "../../sitemap/")
    for page in pages:
        assert page.links <= 5, page


def test_a_section_alone_over_the_limit_is_cut_into_titled_parts():
    tree = [section("Posts", 12)]
    pages = plan(tree, "sitemap.html", 5)
    assert pages[0].path == "sitemap.html"
    posts = next(p for p in pages if p.path == "sitemap-posts.html")
    assert all(isinstance(item, MapLink) for item in posts.items)
    assert posts.items[0].title == "Posts 0 to Posts 3"
    parts = [p for p in pages if p.up == ("sitemap-posts.html", "Site map: Posts")]
    assert [p.path for p in parts] == [f"sitemap-posts-part-{n}.html" for n in (1, 2, 3)]
    assert parts[0].title == "Site map: Posts (Posts 0 to Posts 3)"
    shown = [url for p in pages for _, url in anchors(render(p, everything(tree)))]
    assert sorted(u for u in shown if u.startswith("posts/")) == sorted(
        everything(tree)
    )  # file-style pages sit at the root: links need no ../
    assert all(p.links <= 5 for p in pages)


@settings(max_examples=60, deadline=None)
@given(
    sizes=st.lists(st.integers(0, 40), min_size=1, max_size=12),
    loose=st.integers(0, 30),
    limit=st.integers(3, 25),
    directory=st.booleans(),
)
def test_every_page_is_under_the_limit_and_every_page_reachable(sizes, loose, limit, directory):
    tree = [MapEntry(f"Page {n}", f"p{n}.html") for n in range(loose)]
    tree += [section(f"S{i}", size, f"s{i}/" if i % 2 else None) for i, size in enumerate(sizes)]
    top = "sitemap/" if directory else "sitemap.html"
    pages = plan(tree, top, limit)
    paths = [p.path for p in pages]
    assert len(set(paths)) == len(paths) and paths[0] == top
    reached, shown = {top}, set()
    for page in pages:
        assert page.links <= limit
        for title, href in anchors(render(page, everything(tree))):
            assert title and not title.startswith("http")
            reached.add(resolve(page.path, href))
            shown.add(resolve(page.path, href))
    assert set(paths) <= reached
    assert everything(tree) <= shown


def test_slugs_are_plain_and_unique():
    tree = [
        section("Café & crème", 4, folder="a"),
        section("Café & crème", 4, folder="b"),
        section("日本語", 4, folder="c"),
    ]
    paths = [p.path for p in plan(tree, "sitemap/", 10)]
    assert paths == ["sitemap/", "sitemap/cafe-creme/", "sitemap/cafe-creme-2/", "sitemap/section/"]


def test_only_listed_pages_are_linked():
    listed = everything(TREE) - {
        "about/",
        "guide/",
        "reference/p0/",
        "reference/p1/",
        "reference/p2/",
    }
    fragment = render(plan(TREE, "sitemap/", 100)[0], listed)
    texts = [text for text, _ in anchors(fragment)]
    assert "About" not in texts and "Reference 0" not in texts
    doc = html.fromstring(fragment)
    assert [h.text_content() for h in doc.iter("h2")] == ["Guide"]  # Reference: all gone
    assert doc.find(".//h2/a") is None  # the section's own page is left out, not its pages
    assert "Guide 4" in texts


def test_prune_keeps_listed_pages_and_their_sections():
    listed = {"", "guide/p1/", "reference/p0/"}
    assert prune(TREE, listed) == [
        MapEntry("Home", ""),
        MapEntry("Guide", None, children=(MapEntry("Guide 1", "guide/p1/"),)),
        MapEntry("Reference", None, children=(MapEntry("Reference 0", "reference/p0/"),)),
    ]
    assert [p.path for p in plan(prune(TREE, listed), "sitemap/", 3)] == ["sitemap/"]


def test_titles_are_escaped_text():
    page = MapPage("sitemap.html", "Site <map>", (MapEntry("<b>Tips</b> & tricks", "t.html"),))
    fragment = render(page, {"t.html"})
    assert "<b>" not in fragment
    assert anchors(fragment) == [("<b>Tips</b> & tricks", "t.html")]
    assert html.fromstring(fragment).findtext(".//h1") == "Site <map>"


def test_non_ascii_urls_are_percent_encoded_once():
    page = MapPage(
        "sitemap/",
        "Site map",
        (MapEntry("Café", "guide/café & crème/"), MapEntry("Done", "guide/caf%C3%A9/")),
    )
    assert [
        href for _, href in anchors(render(page, {"guide/café & crème/", "guide/caf%C3%A9/"}))
    ] == ["../guide/caf%C3%A9%20&%20cr%C3%A8me/", "../guide/caf%C3%A9/"]


def test_default_path_follows_the_url_style():
    plain = Settings(base_url=BASE)
    assert map_path(plain, directory_urls=True) == "sitemap/"
    assert map_path(plain, directory_urls=False) == "sitemap.html"
    chosen, issues = settings_from_options({"html_map_path": "/about/map.html"}, BASE)
    assert issues == [] and map_path(chosen, directory_urls=True) == "about/map.html"


@pytest.mark.parametrize("value", ["sitemap.xml", "../map/", "map", "a//b/", 3])
def test_bad_paths_fall_back_with_one_warning(value):
    made, issues = settings_from_options({"html_map_path": value}, BASE)
    assert [(i.code, i.field) for i in issues] == [("option", "html_map_path")]
    assert made.html_map_path == ""


@pytest.mark.parametrize(("value", "ok"), [(2, False), (3, True), (100, True), ("10", False)])
def test_max_links_is_three_or_more(value, ok):
    made, issues = settings_from_options({"html_map_max_links": value}, BASE)
    assert (issues == []) is ok
    assert made.html_map_max_links == (value if ok else 100)


def test_listing_leaves_out_what_the_sitemap_leaves_out(tmp_path: Path):
    def built(name: str, head: str = "") -> Path:
        path = tmp_path / name
        path.write_text(
            f"<html><head><title>{name}</title>{head}</head><body>x</body></html>", encoding="utf-8"
        )
        return path

    made, _ = settings_from_options({"exclude": ["private/*"], "exclude_regex": ["/old-"]}, BASE)
    pages = [
        Page("guide/", output=built("guide.html")),
        Page("private/notes/", output=built("notes.html")),  # exclude glob
        Page("old-post/", output=built("old.html")),  # exclude_regex
        Page("legacy/", exclude=True, output=built("legacy.html")),  # its own flag
        Page("hidden/", output=built("hidden.html", '<meta name="robots" content="noindex">')),
        Page(
            "moved/",
            output=built("moved.html", '<meta http-equiv="refresh" content="0; url=../guide/">'),
        ),
        Page("copy/", output=built("copy.html", f'<link rel="canonical" href="{BASE}guide/">')),
        Page("https://elsewhere.org/x/"),  # out of scope
        Page("extra/"),  # nothing built to read: listed, as by the sitemap
    ]
    listing = Listing(pages, made)
    assert listing.locs == {BASE + "guide/", BASE + "extra/"}
    assert "guide/" in listing and "/guide/" in listing and BASE + "guide/" in listing
    assert "hidden/" not in listing and "nowhere/" not in listing
