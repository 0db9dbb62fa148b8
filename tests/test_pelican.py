"""The Pelican adapter, on real Pelican builds of copies of example_sites/pelican.

Each build runs `Pelican(settings=read_settings(...)).run()` into tmp_path (or the
`pelican` command, where its exit status and output are the point), in a temp git
repository with fixed commit dates; every sitemap written is parsed with lxml and passed
through the core validator.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest
from click.testing import CliRunner
from pelican import Pelican, signals
from pelican.log import FatalLogger, LimitFilter
from pelican.settings import read_settings

import sitemap_pelican
from helpers import (
    NS,
    assert_reciprocal,
    checked,
    commit_all,
    histories_given,
    init_repo,
    parse,
    url_elements,
    urls_in,
)
from sitemap_core.commands import main as cli
from sitemap_core.facts.gitdates import GitDates
from sitemap_core.values.urls import folder_url, quote_path

# Importing pelican makes every logger created afterwards a LimitLogger, which drops a
# message it has seen before, process-wide. Pelican's loggers and ours exist by now; keep
# the loggers other test modules create later (Sphinx's) ordinary.
logging.setLoggerClass(logging.Logger)

EXAMPLE = Path(__file__).resolve().parents[1] / "example_sites" / "pelican"
BASE = "https://example.org/"
FIRST_COMMIT = "2023-12-20T12:00:00+01:00"  # older than every post's `Date:`
ABOUT_COMMIT = "2024-06-15T09:30:00+02:00"

ARTICLES = [
    "hello-world.html",
    "generators.html",
    "pathlib.html",
    "asyncio-basics.html",
    "dataclasses.html",
    "zoneinfo.html",
    "testing-with-pytest.html",  # packaging: opted out
    "night-trains.html",
    "lisbon.html",
    "packing-light.html",
    "alps-by-rail.html",
    "interrail-pass.html",
    "edinburgh.html",
    "caf%C3%A9-&-cr%C3%A8me.html",
    "sourdough.html",
    "moka-pot.html",
    "galette.html",
    "cold-brew.html",
    "knife-skills.html",
    "hello-world-fr.html",
    "night-trains-fr.html",
    "caf%C3%A9-&-cr%C3%A8me-fr.html",
]
LISTINGS = [
    "",
    "index2.html",
    "index3.html",
    "index4.html",
    "archives.html",
    "categories.html",
    "tags.html",  # authors.html: SITEMAP["exclude"]
    "category/cooking.html",
    "category/cooking2.html",
    "category/python.html",
    "category/python2.html",
    "category/travel.html",
    "category/travel2.html",
    "tag/async.html",
    "tag/baking.html",
    "tag/cities.html",
    "tag/coffee.html",
    "tag/europe.html",
    "tag/intro.html",
    "tag/python.html",
    "tag/python2.html",
    "tag/stdlib.html",
    "tag/testing.html",
    "tag/tips.html",
    "tag/tips2.html",
    "tag/trains.html",
    "author/ada-lovelace.html",
    "author/ada-lovelace2.html",
    "author/ada-lovelace3.html",
    "author/grace-hopper.html",
]
PAGES = ["pages/about.html"]  # imprint: `sitemap: false`; 404: hidden; the draft: draft
EXPECTED = {BASE + u for u in ARTICLES + LISTINGS + PAGES}


# -- fixtures and helpers ---------------------------------------------------------------


@pytest.fixture(autouse=True)
def _fresh_pelican_log() -> Iterator[None]:
    """Pelican's LimitFilter drops a message it has seen before, across builds: forget."""
    LimitFilter._raised_messages.clear()
    LimitFilter._group_count.clear()
    yield


def make_site(root: Path) -> Path:
    """A copy of the example site in a git repo: all at FIRST_COMMIT, about.md later."""
    site = root / "site"
    shutil.copytree(
        EXAMPLE, site, ignore=shutil.ignore_patterns("output", ".sitemap-cache", "__pycache__")
    )
    conf = site / "pelicanconf.py"  # the site map pages: tests/test_htmlmap_sites.py
    conf.write_text(conf.read_text().replace('"html_map": True', '"html_map": False'))
    init_repo(site)
    commit_all(site, FIRST_COMMIT, "blog")
    about = site / "content" / "pages" / "about.md"
    about.write_text(about.read_text(encoding="utf-8") + "\nNow with a map.\n", "utf-8")
    commit_all(site, ABOUT_COMMIT, "about")
    return site


def pelican_for(site: Path, out: Path, **override: Any) -> Pelican:
    """A Pelican instance for `site`'s pelicanconf.py, writing into `out`."""
    settings = read_settings(
        str(site / "pelicanconf.py"), override={"OUTPUT_PATH": str(out), **override}
    )
    return Pelican(settings=settings)


def build(site: Path, out: Path, **override: Any) -> Path:
    """Run Pelican for real and return its output folder."""
    pelican_for(site, out, **override).run()
    return out


def warnings_of(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.name == "sitemap_pelican" and r.levelno >= logging.WARNING
    ]


def sitemap_files(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(out.glob("sitemap*"))}


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example site as shipped (its SITEMAP dict included), built once."""
    root = tmp_path_factory.mktemp("example")
    return build(make_site(root), root / "out")


@pytest.fixture(scope="module")
def txt_example(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example site with `SITEMAP = {"format": "txt"}`, built once."""
    root = tmp_path_factory.mktemp("txt")
    return build(make_site(root), root / "out", SITEMAP={"format": "txt"})


# -- the example site as shipped ----------------------------------------------------------


def _fatal_warnings(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pelican's `--fatal warnings`, as each release sets it (4.11+: `fatal_lvl`)."""
    if hasattr(FatalLogger, "fatal_lvl"):
        monkeypatch.setattr(FatalLogger, "fatal_lvl", logging.WARNING)
    else:
        monkeypatch.setattr(FatalLogger, "warnings_fatal", True)


def test_exact_url_set(example: Path) -> None:
    assert set(checked(example, BASE)) == EXPECTED
    locs = parse(example / "sitemap.xml").findall("sm:url/sm:loc", NS)
    assert len(locs) == len(EXPECTED)  # counted in the file: a dict cannot hold a twin


def test_gzip_twin_and_robots_txt_appended(example: Path) -> None:
    assert urls_in(example / "sitemap.xml.gz") == urls_in(example / "sitemap.xml")
    robots = (example / "robots.txt").read_text(encoding="utf-8").splitlines()
    # The shipped rules stay first; the line is added once.
    assert robots == ["User-agent: *", "Disallow: /drafts/", f"Sitemap: {BASE}sitemap.xml"]


@pytest.mark.parametrize(
    ("url", "lastmod"),
    [
        ("hello-world.html", "2024-03-02T18:30:00+01:00"),  # modified
        ("generators.html", "2024-01-12T10:00:00+01:00"),  # date (Europe/Paris, winter)
        ("knife-skills.html", "2024-04-15T08:00:00+02:00"),  # date (summer time)
        ("night-trains-fr.html", "2024-02-10T11:00:00+01:00"),  # a translation's modified
        ("pages/about.html", ABOUT_COMMIT),  # no date: its last commit
    ],
)
def test_lastmod_of_content(example: Path, url: str, lastmod: str) -> None:
    assert urls_in(example / "sitemap.xml")[BASE + url] == lastmod


@pytest.mark.parametrize(
    ("url", "lastmod"),
    [
        ("", "2024-04-15T08:00:00+02:00"),  # knife-skills, newest of 5 by date
        ("index3.html", "2024-05-01T08:00:00+02:00"),  # asyncio-basics' modified, 3rd page
        ("index4.html", "2024-03-02T18:30:00+01:00"),  # hello-world's modified, last page
        ("category/cooking.html", "2024-04-20T09:45:00+02:00"),  # sourdough's modified
        ("category/cooking2.html", "2024-01-08T08:00:00+01:00"),  # café & crème alone
        ("tag/intro.html", "2024-03-02T18:30:00+01:00"),
        ("author/grace-hopper.html", "2024-05-01T08:00:00+02:00"),
        ("archives.html", "2024-05-01T08:00:00+02:00"),  # newest of all articles
        ("tags.html", "2024-05-01T08:00:00+02:00"),
    ],
)
def test_lastmod_of_listings_is_newest_listed_article(
    example: Path, url: str, lastmod: str
) -> None:
    assert urls_in(example / "sitemap.xml")[BASE + url] == lastmod


def test_lastmod_git_dates_by_commits_unless_modified(tmp_path: Path) -> None:
    site = make_site(tmp_path)
    zoneinfo = site / "content" / "python" / "zoneinfo.md"
    zoneinfo.write_text(zoneinfo.read_text(encoding="utf-8") + "\nUpdated.\n", "utf-8")
    commit_all(site, "2024-06-20T08:00:00+02:00", "zoneinfo")
    out = build(site, tmp_path / "out", SITEMAP={"lastmod": "git"})
    lastmods = checked(out, BASE)
    assert lastmods[BASE + "generators.html"] == "2024-01-12T10:00:00+01:00"  # `date`: a floor
    assert lastmods[BASE + "zoneinfo.html"] == "2024-06-20T08:00:00+02:00"
    assert lastmods[BASE + "hello-world.html"] == "2024-03-02T18:30:00+01:00"  # `modified`
    assert lastmods[BASE + "pages/about.html"] == ABOUT_COMMIT
    assert lastmods[BASE + "tag/stdlib.html"] == "2024-06-20T08:00:00+02:00"  # lists zoneinfo
    assert lastmods[BASE + "tag/trains.html"] == "2024-03-15T12:00:00+01:00"  # interrail-pass


def test_pagination_pages_are_listed_by_the_url_pelican_links(tmp_path: Path) -> None:
    """Rules linking a page by another URL than its file's (`PAGINATION_PATTERNS`): each
    pagination page is listed by the URL Pelican gives it; by its file's with the default
    rules (the example site: `tag/tips2.html`)."""
    rules = [
        (1, "{url}", "{save_as}"),
        (2, "{base_name}/page/{number}", "{base_name}/page/{number}/index.html"),
    ]
    out = build(make_site(tmp_path), tmp_path / "out", PAGINATION_PATTERNS=rules)
    listed = set(checked(out, BASE))
    assert {BASE + "tag/tips.html", BASE + "tag/tips/page/2", BASE + "page/4"} <= listed
    assert not any(url.endswith(("tips2.html", "/index.html")) for url in listed)


def test_a_page_written_over_a_tag_page_is_dated_as_itself(tmp_path: Path) -> None:
    """A page whose `Save_as:` is the trains tag's page replaces it (Pelican's own samples
    do so): that file is the page, dated by its own commit, not by the articles the tag
    lists; the tag's other pages stay listings."""
    site = make_site(tmp_path)
    (site / "content" / "pages" / "trains.md").write_text(
        "Title: Trains\nURL: tag/trains.html\nSave_as: tag/trains.html\n\nAll about trains.\n",
        "utf-8",
    )
    commit_all(site, "2023-12-21T10:00:00+01:00", "the trains page")
    lastmods = checked(build(site, tmp_path / "out"), BASE)
    assert lastmods[BASE + "tag/trains.html"] == "2023-12-21T10:00:00+01:00"
    assert lastmods[BASE + "tag/stdlib.html"] == "2024-03-08T10:00:00+01:00"


def test_the_content_history_is_read_while_pelican_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """git starts reading once the content is read; the sitemap takes its dates (the
    dates the test above checks) instead of running it then."""
    site = make_site(tmp_path)
    given = histories_given(monkeypatch)
    out = build(site, tmp_path / "out", SITEMAP={"lastmod": "git"})
    assert isinstance(given[0], GitDates)
    assert given[0].contains(site / "content" / "python" / "zoneinfo.md")
    assert checked(out, BASE)[BASE + "pages/about.html"] == ABOUT_COMMIT


def test_every_url_has_a_lastmod_and_none_is_the_build_time(example: Path) -> None:
    lastmods = urls_in(example / "sitemap.xml").values()
    assert None not in lastmods
    assert max(lastmods) < "2024-07"  # the newest date the site and its history have


@pytest.mark.parametrize(
    ("url", "priority", "changefreq"),
    [
        ("generators.html", "0.7", "monthly"),  # SITEMAP priorities/changefreqs: articles
        ("hello-world.html", "1.0", "yearly"),  # its own Priority:/Changefreq: metadata
        ("pages/about.html", "0.5", "yearly"),  # pages
        ("tag/intro.html", "0.4", "daily"),  # indexes
        ("", "0.4", "daily"),
    ],
)
def test_priorities_and_changefreqs_per_type(
    example: Path, url: str, priority: str, changefreq: str
) -> None:
    element = url_elements(example / "sitemap.xml")[BASE + url]
    assert element.findtext("sm:priority", namespaces=NS) == priority
    assert element.findtext("sm:changefreq", namespaces=NS) == changefreq


def test_translations_are_alternates_with_href(example: Path) -> None:
    elements = url_elements(example / "sitemap.xml")

    def alternates(url: str) -> dict[str, str]:
        links = elements[BASE + url].findall("xhtml:link", NS)
        assert all(link.get("rel") == "alternate" and link.get("ref") is None for link in links)
        return {link.get("hreflang"): link.get("href") for link in links}

    hello = {
        "en": BASE + "hello-world.html",
        "fr": BASE + "hello-world-fr.html",
        "x-default": BASE + "hello-world.html",
    }  # DEFAULT_LANG's version
    assert alternates("hello-world.html") == hello
    assert alternates("hello-world-fr.html") == hello
    cafe = {
        "en": BASE + "caf%C3%A9-&-cr%C3%A8me.html",
        "fr": BASE + "caf%C3%A9-&-cr%C3%A8me-fr.html",
        "x-default": BASE + "caf%C3%A9-&-cr%C3%A8me.html",
    }
    assert alternates("caf%C3%A9-&-cr%C3%A8me-fr.html") == cafe
    assert alternates("generators.html") == {}


def test_urls_follow_the_url_settings(tmp_path: Path) -> None:
    """Pretty URLs (`{slug}/` saved as `{slug}/index.html`), URLs that are not the file's
    name (`pages/{slug}`), a translation's own pattern and an article's `URL:` metadata:
    each page is listed, and linked as an alternate, under the URL Pelican gives it."""
    site = make_site(tmp_path)
    zoneinfo = site / "content" / "python" / "zoneinfo.md"
    zoneinfo.write_text(
        "URL: moved/zoneinfo\nSave_as: moved/zoneinfo.html\n"
        + zoneinfo.read_text(encoding="utf-8"),
        "utf-8",
    )
    seen: dict[str, str] = {}  # every published content's URL, as Pelican gives it

    def record(generators: list[Any]) -> None:
        context = generators[0].context
        for content in (*context["articles"], *context["pages"]):
            for version in (content, *content.translations):
                seen[version.source_path] = version.url

    with signals.all_generators_finalized.connected_to(record):
        out = build(
            site,
            tmp_path / "out",
            ARTICLE_URL="{slug}/",
            ARTICLE_SAVE_AS="{slug}/index.html",
            ARTICLE_LANG_URL="{lang}/{slug}/",
            ARTICLE_LANG_SAVE_AS="{lang}/{slug}/index.html",
            PAGE_URL="pages/{slug}",
            PAGE_SAVE_AS="pages/{slug}.html",
        )
    elements = url_elements(out / "sitemap.xml")
    for url in (
        "hello-world/",
        "fr/hello-world/",
        "moved/zoneinfo",
        "pages/about",
        "caf%C3%A9-&-cr%C3%A8me/",
    ):
        assert BASE + url in elements
    assert (out / "hello-world" / "index.html").is_file()
    assert BASE + "hello-world.html" not in elements
    links = elements[BASE + "fr/hello-world/"].findall("xhtml:link", NS)
    assert {link.get("hreflang"): link.get("href") for link in links} == {
        "en": BASE + "hello-world/",
        "fr": BASE + "fr/hello-world/",
        "x-default": BASE + "hello-world/",
    }
    assert seen[str(zoneinfo)] == "moved/zoneinfo"
    opted_out = {"packaging/", "pages/imprint"}  # `sitemap: false`
    assert set(checked(out, BASE)) >= {
        BASE + folder_url(quote_path(u)) for u in seen.values() if u not in opted_out
    }


def alternates_of(out: Path) -> dict[str, dict[str, str]]:
    """Each listed URL (relative to BASE) with its `hreflang -> href` alternates, read with
    lxml; no `<url>` may give a language twice."""
    found = {}
    for loc, element in url_elements(out / "sitemap.xml").items():
        codes = [link.get("hreflang") for link in element.findall("xhtml:link", NS)]
        assert len(codes) == len(set(codes)), (loc, codes)
        found[loc.removeprefix(BASE)] = {
            link.get("hreflang"): link.get("href") for link in element.findall("xhtml:link", NS)
        }
    return found


def test_one_slug_twice_in_one_language_is_no_translation(tmp_path: Path) -> None:
    """Pelican groups content by slug as translations: two `Keynote` talks in two
    categories (`ARTICLE_URL = "{category}/{slug}.html"`) and a French `Keynote` are one
    group. Alternates join different languages, one URL each: which English talk the
    French one translates is unknown, so none of the three has alternates; a real
    translation keeps them."""
    site = make_site(tmp_path)
    content = site / "content"
    talk = "Title: Keynote\nDate: 2024-02-01 10:00\nCategory: {}\nSlug: keynote\n{}\nThe talk.\n"
    (content / "travel" / "keynote.md").write_text(talk.format("Travel", ""), "utf-8")
    (content / "python" / "keynote.md").write_text(talk.format("Python", ""), "utf-8")
    (content / "python" / "keynote-fr.md").write_text(talk.format("Python", "Lang: fr\n"), "utf-8")
    out = build(
        site,
        tmp_path / "out",
        ARTICLE_URL="{category}/{slug}.html",
        ARTICLE_SAVE_AS="{category}/{slug}.html",
        ARTICLE_LANG_URL="{category}/{slug}-{lang}.html",
        ARTICLE_LANG_SAVE_AS="{category}/{slug}-{lang}.html",
    )
    found = alternates_of(out)
    for url in ("travel/keynote.html", "python/keynote.html", "python/keynote-fr.html"):
        assert found[url] == {}, url
        assert served_file(out, BASE + url) is not None
    hello = {
        "en": BASE + "python/hello-world.html",
        "fr": BASE + "python/hello-world-fr.html",
        "x-default": BASE + "python/hello-world.html",
    }
    assert found["python/hello-world.html"] == found["python/hello-world-fr.html"] == hello
    assert_reciprocal(out / "sitemap.xml")
    checked(out, BASE)


def test_translations_with_url_and_no_save_as_are_listed_where_their_files_are(
    tmp_path: Path,
) -> None:
    """`URL:` without `Save_as:` on a post and its translation: Pelican writes each to
    its `*_SAVE_AS` file, and no file serves the declared URLs. Each is listed, and named
    as the other's alternate, under the URL of the file written (as an untranslated
    page is), whichever is written first."""
    site = make_site(tmp_path)
    for name, url in (("hello-world.md", "greetings/"), ("hello-world-fr.md", "fr/salut/")):
        path = site / "content" / "python" / name
        path.write_text(f"URL: {url}\n" + path.read_text(encoding="utf-8"), "utf-8")
    out = build(site, tmp_path / "out")
    found = alternates_of(out)
    hello = {
        "en": BASE + "hello-world.html",
        "fr": BASE + "hello-world-fr.html",
        "x-default": BASE + "hello-world.html",
    }
    assert found["hello-world.html"] == found["hello-world-fr.html"] == hello
    assert "greetings/" not in found and "fr/salut/" not in found
    assert [u for u in checked(out, BASE) if served_file(out, u) is None] == []
    assert_reciprocal(out / "sitemap.xml")


def test_escaped_slug_is_well_formed_xml(example: Path) -> None:
    raw = (example / "sitemap.xml").read_bytes()
    assert "https://example.org/caf%C3%A9-&-cr%C3%A8me.html" in urls_in(example / "sitemap.xml")
    assert b"&-cr" not in raw  # the ampersand is escaped in the file itself


# -- options ------------------------------------------------------------------------------


def test_format_txt(txt_example: Path) -> None:
    out = txt_example
    checked(out, BASE, "sitemap.txt")
    lines = (out / "sitemap.txt").read_text(encoding="utf-8").splitlines()
    plain = {u for u in EXPECTED | {BASE + "authors.html"} if "&" not in u}
    assert {u for u in lines if "&" not in u} == plain  # no `exclude` given here
    assert len(lines) == len(set(lines)) == len(plain) + 2
    assert not (out / "sitemap.xml").exists()
    assert f"Sitemap: {BASE}sitemap.txt" in (out / "robots.txt").read_text(encoding="utf-8")


def test_txt_urls_are_not_xml_escaped(txt_example: Path) -> None:
    lines = (txt_example / "sitemap.txt").read_text(encoding="utf-8").splitlines()
    assert BASE + "caf%C3%A9-&-cr%C3%A8me.html" in lines


def test_exclude_regex_and_globs(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    sitemap = {"exclude": [r"/tag/", r"^pages/"], "exclude_globs": ["category/*", "index?.html"]}
    out = build(make_site(tmp_path), tmp_path / "out", SITEMAP=sitemap)
    urls = set(checked(out, BASE))
    kept = {
        u
        for u in EXPECTED | {BASE + "authors.html"}
        if "/tag/" not in u and "/category/" not in u and not u.startswith(BASE + "index")
    }
    assert urls == kept
    assert BASE + "pages/about.html" in urls  # '^pages/' never matches an absolute URL...
    assert any(
        "'exclude'" in w and "'^pages/'" in w and "anchored" in w for w in warnings_of(caplog)
    )  # ...and the build says so


def test_an_invalid_pattern_alone_is_dropped(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """`(bad` is said and left out; `/tag/` still leaves the tag pages out."""
    out = build(make_site(tmp_path), tmp_path / "out", SITEMAP={"exclude": [r"/tag/", r"(bad"]})
    urls = set(checked(out, BASE))
    assert urls == {u for u in EXPECTED | {BASE + "authors.html"} if "/tag/" not in u}
    warned = [w for w in warnings_of(caplog) if "(bad" in w]
    assert len(warned) == 1, warnings_of(caplog)
    assert "pelicanconf.py (SITEMAP['exclude']): '(bad'" in warned[0]
    assert "'(bad' is not a regular expression" in warned[0] and "left out" in warned[0]
    assert "using the default" not in " ".join(warnings_of(caplog))


def test_an_exclude_pattern_that_matches_nothing_is_said(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Named as `SITEMAP` spells them: `exclude` (regular expressions), `exclude_globs`."""
    sitemap = {"exclude": [r"/tag/", r"/tga/"], "exclude_globs": ["category/*", "pages/about"]}
    out = build(make_site(tmp_path), tmp_path / "out", SITEMAP=sitemap)
    assert BASE + "pages/about.html" in checked(out, BASE)
    said = [w for w in warnings_of(caplog) if "[exclude]" in w]
    assert len(said) == 2, warnings_of(caplog)
    assert "(SITEMAP['exclude_globs']): pattern 'pages/about' matched no URL" in said[0]
    assert "(nearest URL path: 'pages/about.html')" in said[0]
    assert (
        f"(SITEMAP['exclude']): pattern '/tga/' matched no URL (nearest URL: '{BASE}tag/" in said[1]
    )


def test_forced_split_makes_a_valid_index(tmp_path: Path) -> None:
    out = build(
        make_site(tmp_path),
        tmp_path / "out",
        SITEMAP={"max_urls": 10, "exclude": [r"/authors\.html$"]},
    )
    urls = checked(out, BASE)
    root = parse(out / "sitemap.xml").getroot()
    assert root.tag == f"{{{NS['sm']}}}sitemapindex"
    parts = root.findall("sm:sitemap", NS)
    assert len(parts) == 6  # 53 URLs, 10 a part
    assert set(urls) == EXPECTED
    assert f"Sitemap: {BASE}sitemap.xml" in (out / "robots.txt").read_text(encoding="utf-8")


def test_bad_options_warn_by_name_and_keep_defaults(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    site = make_site(tmp_path)
    for n in range(6):
        (site / "content" / "pages" / f"odd-{n}.md").write_text(
            f"Title: Odd {n}\nSitemap: maybe\nPriority: high\n\nOdd metadata.\n", "utf-8"
        )
    sitemap = {
        "format": "html",
        "priorities": {"articles": 2.0, "posts": 0.5},
        "changefreqs": "daily",
        "colour": "blue",
    }
    out = build(site, tmp_path / "out", SITEMAP=sitemap)
    found = warnings_of(caplog)
    for needle in (
        "pelicanconf.py (SITEMAP['format']): 'html' is not one of xml, txt",
        "pelicanconf.py (SITEMAP['priorities']): ['articles']: 2.0 is not a priority",
        "pelicanconf.py (SITEMAP['priorities']): ['posts']: unknown content type",
        "pelicanconf.py (SITEMAP['changefreqs']): must be a dict",
        "pelicanconf.py (SITEMAP['colour']): unknown sitemap option",
        "pages/odd-0.md (sitemap): ",
        "'maybe' is not true or false",
        "pages/odd-0.md (priority): left out: 'high' is not a priority",
    ):
        assert any(needle in w for w in found), (needle, found)
    # Per-page warnings are grouped past Pelican's threshold; settings ones never are.
    assert sum(w.startswith("sitemap: [priority]") for w in found) == 4
    assert "sitemap: more [priority] warnings not shown" in found
    assert not any("more [option]" in w for w in found)
    checked(out, BASE)
    urls = url_elements(out / "sitemap.xml")  # defaults: XML, every page listed
    assert {BASE + f"pages/odd-{n}.html" for n in range(6)} <= set(urls)
    with_priority = {loc for loc, u in urls.items() if u.find("sm:priority", NS) is not None}
    assert with_priority == {BASE + "hello-world.html"}  # its own `Priority: 1.0` only


def test_fatal_warnings_fail_the_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    site = make_site(tmp_path)
    _fatal_warnings(monkeypatch)
    build(site, tmp_path / "clean")  # the example site itself builds without a warning
    assert (tmp_path / "clean" / "sitemap.xml").is_file()
    with pytest.raises(SystemExit) as failed:
        build(site, tmp_path / "bad", SITEMAP={"format": "html"})
    assert failed.value.code == 1
    assert (tmp_path / "bad" / "sitemap.xml").is_file()  # shown every problem, wrote, failed


def test_a_shipped_relative_sitemap_line_becomes_ours_under_fatal_warnings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A blog shipping `Sitemap: /sitemap.xml` (which crawlers ignore) gets our absolute
    line in its place, an info note, and `--fatal warnings` stays green."""
    caplog.set_level(logging.INFO, logger="sitemap_pelican")
    site = make_site(tmp_path)
    shipped = site / "content" / "extra" / "robots.txt"
    shipped.write_text(shipped.read_text() + "Sitemap: /sitemap.xml\n")
    _fatal_warnings(monkeypatch)
    out = build(site, tmp_path / "out")
    assert (out / "robots.txt").read_text().splitlines() == [
        "User-agent: *",
        "Disallow: /drafts/",
        f"Sitemap: {BASE}sitemap.xml",
    ]
    assert warnings_of(caplog) == []
    assert any("robots-relative" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("siteurl", ["/blog", "ftp://example.org/"])
def test_siteurl_not_absolute_warns_and_writes_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, siteurl: str
) -> None:
    out = build(make_site(tmp_path), tmp_path / "out", SITEURL=siteurl)
    (warned,) = warnings_of(caplog)
    assert "pelicanconf.py (SITEURL): " in warned and "no sitemap written" in warned
    assert (out / "index.html").is_file()  # Pelican built the site
    assert not list(out.glob("sitemap*"))
    assert "Sitemap:" not in (out / "robots.txt").read_text(encoding="utf-8")


def test_an_empty_siteurl_is_an_info_line_and_writes_nothing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 40 §5: pelican-quickstart's `SITEURL = ""` is a development build's, not a
    mistake: an info line (`--fatal warnings` stays green), no sitemap."""
    caplog.set_level(logging.INFO, logger="sitemap_pelican")
    out = build(make_site(tmp_path), tmp_path / "out", SITEURL="")
    assert warnings_of(caplog) == []
    infos = [
        r.getMessage()
        for r in caplog.records
        if r.name == "sitemap_pelican"
        and r.levelno == logging.INFO
        and "[base-url]" in r.getMessage()
    ]
    assert infos == [
        "sitemap: [base-url] pelicanconf.py (SITEURL): empty, as in a development build: no "
        "sitemap written (the settings the site is published with set it)"
    ]
    assert (out / "index.html").is_file()
    assert not list(out.glob("sitemap*"))


# -- runs, instances, autoreload ------------------------------------------------------------


def test_two_builds_in_one_process_are_identical(tmp_path: Path) -> None:
    site = make_site(tmp_path)
    first = pelican_for(site, tmp_path / "one")
    first.run()
    expected = sitemap_files(tmp_path / "one")
    robots = (tmp_path / "one" / "robots.txt").read_bytes()
    receivers = len(signals.content_written.receivers)

    sitemap_pelican.register()  # a second register() connects nothing new
    assert len(signals.content_written.receivers) == receivers
    build(site, tmp_path / "two")
    assert sitemap_files(tmp_path / "two") == expected
    first.run()  # the same instance again, as `pelican --autoreload` does
    assert sitemap_files(tmp_path / "one") == expected
    assert (tmp_path / "one" / "robots.txt").read_bytes() == robots
    assert set(checked(tmp_path / "one", BASE)) == EXPECTED


def test_state_is_reset_after_a_failed_run(tmp_path: Path) -> None:
    site = make_site(tmp_path)
    ghost = site / "content" / "python" / "ghost.md"
    ghost.write_text("Title: Ghost\nDate: 2024-04-29 10:00\n\nBoo.\n", "utf-8")

    def crash(path: str, context: dict[str, Any]) -> None:
        if path.endswith("index.html"):
            raise OSError("disk full")

    with signals.content_written.connected_to(crash), pytest.raises(OSError):
        build(site, tmp_path / "crashed")
    assert not (tmp_path / "crashed" / "sitemap.xml").exists()
    ghost.unlink()
    out = build(site, tmp_path / "out")
    assert set(checked(out, BASE)) == EXPECTED  # nothing left over from the crash


# -- issue 12: dates from history, every file Pelican writes ----------------------------------

EDIT_COMMIT = "2025-11-06T09:00:00+01:00"


def test_dates_in_real_history(tmp_path: Path) -> None:
    """A post published 2021-09-26 and edited by a later commit is listed with the
    commit's date; `Modified:` wins over a later commit; a date-only `Date:` stays
    date-only (through Pelican's TIMEZONE-aware datetimes); a listing page is as new
    as the newest article it lists."""
    site = make_site(tmp_path)
    python = site / "content" / "python"
    old = python / "old-post.md"
    old.write_text("Title: Old post\nDate: 2021-09-26 10:00\nTags: history\n\nFirst.\n", "utf-8")
    commit_all(site, "2021-09-26T10:05:00+02:00", "old post")
    (python / "day-only.md").write_text(
        "Title: Day only\nDate: 2024-05-02\nTags: dayonly\n\nA day.\n", "utf-8"
    )
    commit_all(site, "2024-01-02T10:00:00+01:00", "day only")
    for post in (old, python / "hello-world.md"):
        post.write_text(post.read_text(encoding="utf-8") + "\nEdited.\n", "utf-8")
    commit_all(site, EDIT_COMMIT, "edits")
    lastmods = checked(build(site, tmp_path / "out"), BASE)
    assert lastmods[BASE + "old-post.html"] == EDIT_COMMIT
    assert lastmods[BASE + "hello-world.html"] == "2024-03-02T18:30:00+01:00"  # Modified:
    assert lastmods[BASE + "generators.html"] == "2024-01-12T10:00:00+01:00"  # Date: > commit
    assert lastmods[BASE + "day-only.html"] == "2024-05-02"
    assert lastmods[BASE + "tag/dayonly.html"] == "2024-05-02"
    assert lastmods[BASE + "tag/history.html"] == EDIT_COMMIT
    assert lastmods[BASE + "archives.html"] == EDIT_COMMIT
    assert lastmods[BASE + "category/python.html"] == "2024-05-02"  # newest 5 by Date:
    assert lastmods[BASE + "category/python2.html"] == EDIT_COMMIT  # lists the old post


def served_file(out: Path, url: str) -> Path | None:
    """The file a static host serves at `url` from `out`, if any."""
    path = out / unquote(url.removeprefix(BASE))
    for candidate in (path, path / "index.html"):
        if candidate.is_file():
            return candidate
    return None


def test_every_html_file_written_is_a_page(tmp_path: Path) -> None:
    """Direct templates under other *_SAVE_AS, a period archive, a TEMPLATE_PAGES page
    (dated by its template's history), content whose metadata sets only `save_as` or only
    `url` (listed by the file really written), and an empty `authors.html` (not listed)."""
    site = make_site(tmp_path)
    templates = site / "templates"
    templates.mkdir()
    (templates / "colophon.html").write_text(
        '{% extends "base.html" %}{% block content %}Made by hand.{% endblock %}\n', "utf-8"
    )
    (templates / "authors.html").write_text("", "utf-8")  # a theme's empty page
    pages = site / "content" / "pages"
    (pages / "contact.md").write_text("Title: Contact\nSave_as: contact.html\n\nMail.\n", "utf-8")
    (pages / "team.md").write_text("Title: Team\nURL: team/\n\nUs.\n", "utf-8")
    commit_all(site, "2024-06-01T10:00:00+02:00", "colophon, contact, team")
    out = build(
        site,
        tmp_path / "out",
        SITEMAP={},
        ARCHIVES_SAVE_AS="archives/index.html",
        TAGS_SAVE_AS="tags/index.html",
        CATEGORIES_SAVE_AS="categories/index.html",
        YEAR_ARCHIVE_SAVE_AS="{date:%Y}/index.html",
        TEMPLATE_PAGES={"../templates/colophon.html": "colophon.html"},
        THEME_TEMPLATES_OVERRIDES=[str(templates)],
    )
    assert (out / "authors.html").read_bytes() == b""
    lastmods = checked(out, BASE)
    newest = "2024-05-01T08:00:00+02:00"  # asyncio-basics' Modified:
    for url in ("archives/", "tags/", "categories/", "2024/"):
        assert lastmods[BASE + url] == newest, url
    assert lastmods[BASE + "colophon.html"] == "2024-06-01T10:00:00+02:00"
    assert BASE + "contact.html" in lastmods and BASE + "pages/team.html" in lastmods
    for missing in ("authors.html", "archives.html", "pages/contact.html", "team/"):
        assert BASE + missing not in lastmods, missing
    assert [u for u in lastmods if served_file(out, u) is None] == []
    written = {BASE + str(p.relative_to(out)) for p in out.rglob("*.html") if p.stat().st_size}
    listed = {str(served_file(out, u).relative_to(out)) for u in lastmods}
    assert {u for u in written if u.removeprefix(BASE) not in listed} == {
        BASE + "404.html",
        BASE + "pages/imprint.html",  # hidden; `Sitemap: false`
        BASE + "packaging.html",
        BASE + "drafts/draft-typing.html",
    }  # excluded; a draft


# -- issue 14: the one contract, row by row, through the real Pelican ---------------------------


class Row:
    """One input of the contract and Pelican's answer to it."""

    def __init__(
        self,
        key: str,
        *,
        sitemap: Any = None,
        siteurl: str | None = None,
        page: str = "",
        meta: dict[str, Any] | None = None,
        cli: tuple[str, ...] | None = None,
        warnings: int = 1,
        errors: int = 0,
        infos: int = 0,
        written: bool = True,
        status: int = 0,
    ) -> None:
        self.key, self.sitemap, self.siteurl, self.page = key, sitemap, siteurl, page
        self.meta = meta  # EXTRA_PATH_METADATA for the odd page: how Pelican gives a dict
        self.cli, self.warnings, self.errors, self.infos = cli, warnings, errors, infos
        self.written, self.status = written, status

    def settings(self) -> dict[str, Any]:
        robots = {"extra/robots.txt": {"path": "robots.txt"}}
        return {
            **({"SITEMAP": self.sitemap} if self.sitemap is not None else {}),
            **({"SITEURL": self.siteurl} if self.siteurl is not None else {}),
            **({"EXTRA_PATH_METADATA": {**robots, "pages/odd.md": self.meta}} if self.meta else {}),
        }


ODD_PAGE = "pages/odd.html"
ROWS = {
    "unknown-option": Row(
        "pelicanconf.py (SITEMAP['gzipp']): unknown sitemap option (did you mean 'gzip'?), ignored",
        sitemap={"gzipp": "also"},
    ),
    "unknown-page-field": Row("sitemap_colour", page="Sitemap_colour: red"),
    "near-miss-page-field": Row(
        "(chagefreq): not a sitemap metadata field (did you mean `Changefreq:`?)",
        page="Chagefreq: weekly\nImage: cover.png\nSubtitle: odd\nSeries: odds",
    ),
    "near-miss-page-key-in-a-mapping": Row(
        "pages/odd.md (sitemap_chagefreq): not a sitemap field (did you mean 'changefreq'?)",
        page="Lang: en",
        meta={"sitemap": {"chagefreq": "weekly"}},
    ),
    "unknown-page-key-in-a-mapping": Row(
        "pages/odd.md (sitemap_colour): not a sitemap field",
        page="Lang: en",
        meta={"sitemap": {"colour": "red"}},
    ),
    "page-flag-not-a-flag": Row("Sitemap: false", page="Sitemap: maybe"),
    "bad-priority": Row("(SITEMAP['priority']): 'high' is not", sitemap={"priority": "high"}),
    "bad-lastmod": Row("(SITEMAP['lastmod']): 'svn' is not", sitemap={"lastmod": "svn"}),
    "bad-gzip": Row("(SITEMAP['gzip']): 'sometimes' is not", sitemap={"gzip": "sometimes"}),
    # pelican-quickstart's development build (issue 40 §5): an info line, no sitemap.
    "siteurl-missing": Row("(SITEURL): empty", siteurl="", warnings=0, infos=1, written=False),
    "siteurl-ftp": Row("SITEURL", siteurl="ftp://x", written=False, cli=()),
    "siteurl-path": Row("SITEURL", siteurl="/docs", written=False, cli=()),
    "fatal-warnings": Row(
        "'gzipp'", sitemap={"gzipp": "also"}, cli=("--fatal", "warnings"), status=1
    ),
    # Issue 40 §3: an error is logged, the site is built, the exit status Pelican's.
    "unwritable": Row("sitemap.xml", warnings=0, errors=1, written=False, cli=(), status=0),
    "unwritable-fatal-errors": Row(
        "sitemap.xml", warnings=0, errors=1, written=False, cli=("--fatal", "errors"), status=1
    ),
}


def run_cli(site: Path, out: Path, row: Row) -> tuple[int, str, list[str]]:
    """`pelican` as a user runs it: exit status, all it printed, its WARNING/ERROR lines."""
    extra = [f"{key}={json.dumps(value)}" for key, value in row.settings().items()]
    env = {**os.environ, "COLUMNS": "400"}  # one line per message
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pelican",
            "-s",
            "pelicanconf.py",
            "-o",
            str(out),
            *row.cli,
            *(["-e", *extra] if extra else []),
        ],
        cwd=site,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    output = done.stdout + done.stderr
    return (
        done.returncode,
        output,
        [line for line in output.splitlines() if " WARNING " in line or " ERROR " in line],
    )


@pytest.mark.parametrize("name", ROWS)
def test_contract(tmp_path: Path, caplog: pytest.LogCaptureFixture, name: str) -> None:
    row = ROWS[name]
    site, out = make_site(tmp_path), tmp_path / "out"
    if row.page:
        (site / "content" / "pages" / "odd.md").write_text(
            f"Title: Odd\n{row.page}\n\nOdd metadata.\n", "utf-8"
        )
    if name.startswith("unwritable"):
        (out / "sitemap.xml").mkdir(parents=True)  # tests run as root: no read-only folder
    if row.cli is not None:
        status, output, lines = run_cli(site, out, row)
        assert status == row.status, output
        assert "Traceback" not in output
        assert sum(" WARNING " in line for line in lines) == row.warnings, output
        assert sum(" ERROR " in line for line in lines) == row.errors, output
        assert any(row.key in line for line in lines), output
        if row.status:
            assert "CRITICAL sitemap:" in output and "build failed" in output
    else:
        caplog.set_level(logging.INFO, logger="sitemap_pelican")
        build(site, out, **row.settings())
        # Ours, and any of Pelican's about the sitemap (none: it checks no SITEMAP key).
        # Without SITEURL Pelican also warns about feeds, its own business.
        records = [
            r
            for r in caplog.records
            if r.levelno >= logging.WARNING
            and (r.name == "sitemap_pelican" or "sitemap" in r.getMessage().lower())
        ]
        assert [r.levelno for r in records] == [logging.WARNING] * row.warnings
        infos = [
            r
            for r in caplog.records
            if r.name == "sitemap_pelican"
            and r.levelno == logging.INFO
            and r.getMessage().startswith("sitemap: [")
        ]
        assert len(infos) == row.infos, [r.getMessage() for r in infos]
        assert row.key in (records or infos)[0].getMessage()
        assert "option '" not in (records or infos)[0].getMessage()  # the field named once
        assert "mapping" not in (records or infos)[0].getMessage() or row.meta
    assert (out / "index.html").is_file()  # Pelican built the site either way
    assert (out / "sitemap.xml").is_file() == row.written
    if row.written:
        urls = checked(out, BASE)
        assert not row.page or BASE + ODD_PAGE in urls  # the page is still listed


def test_summary_shows_like_pelicans_done_line(tmp_path: Path) -> None:
    """At Pelican's default verbosity: the summary, then Pelican's own Done: line."""
    site = make_site(tmp_path)
    status, output, lines = run_cli(site, tmp_path / "out", Row("", cli=()))
    assert status == 0 and lines == [], output
    summary = [line for line in output.splitlines() if line.startswith("sitemap: ")]
    assert summary == [
        f"sitemap: {len(EXPECTED)} URLs in 2 file(s) (sitemap.xml, "
        "sitemap.xml.gz); lastmod from git 1, listed 30, page 22"
    ], output
    assert output.index("sitemap: ") < output.index("Done: Processed")


def test_robots_advice_under_a_path_is_in_the_summary_line(tmp_path: Path) -> None:
    """At Pelican's default verbosity (info lines hidden), the robots.txt line to add at
    the host root is said in the summary line."""
    site = make_site(tmp_path)
    (site / "content" / "extra" / "robots.txt").unlink()  # none shipped: none to add a line to
    base = "https://example.org/blog"
    status, output, lines = run_cli(site, tmp_path / "out", Row("", siteurl=base, cli=()))
    assert status == 0 and lines == [], output
    summary = [line for line in output.splitlines() if line.startswith("sitemap: ")]
    assert len(summary) == 1, output
    assert summary[0].endswith(
        "; the site lives under a path, so no robots.txt was written (crawlers read it only at "
        f"the host root): add `Sitemap: {base}/sitemap.xml` to the robots.txt at the root of "
        "the host"
    ), output


@pytest.mark.parametrize(
    ("siteurl", "why", "warned"),
    [
        ("", "no base URL is set", 0),  # a development build's: an info line, not shown
        ("/blog", "'/blog' is not an absolute http(s) URL", 1),
    ],
)
def test_no_sitemap_is_one_summary_line_too(
    tmp_path: Path, siteurl: str, why: str, warned: int
) -> None:
    """A bad `SITEURL`: the one warning (none for an empty one, issue 40 §5), then the
    summary line MkDocs and Sphinx print, saying why nothing was written, before
    Pelican's Done: line."""
    site = make_site(tmp_path)
    status, output, lines = run_cli(site, tmp_path / "out", Row("", siteurl=siteurl, cli=()))
    assert status == 0, output
    ours = [line for line in lines if "sitemap" in line]  # and Pelican's, about feeds
    assert len(ours) == warned and all("(SITEURL): " in line for line in ours), output
    summary = [line for line in output.splitlines() if line.startswith("sitemap: ")]
    assert summary == [f"sitemap: not written: {why}"], output
    assert output.index("sitemap: ") < output.index("Done: Processed")


def test_file_times_are_no_dates_of_a_page(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """`DEFAULT_DATE = "fs"` makes a post without `Date:` dated (and modified) by its
    file's time, which on a fresh checkout is the build's: git dates it instead. A bad
    `sitemap.lastmod` (a mapping, from EXTRA_PATH_METADATA) is named as written."""
    site = make_site(tmp_path)
    undated = site / "content" / "python" / "undated.md"
    undated.write_text("Title: Undated\n\nNo date.\n", "utf-8")
    commit_all(site, "2024-02-03T10:00:00+01:00", "undated")
    meta = {
        "extra/robots.txt": {"path": "robots.txt"},
        "python/generators.md": {"sitemap": {"lastmod": "someday"}},
    }
    out = build(site, tmp_path / "out", DEFAULT_DATE="fs", EXTRA_PATH_METADATA=meta)
    lastmods = checked(out, BASE)
    assert lastmods[BASE + "undated.html"] == "2024-02-03T10:00:00+01:00"
    assert lastmods[BASE + "generators.html"] == "2024-01-12T10:00:00+01:00"  # its Date:
    found = [w for w in warnings_of(caplog) if "someday" in w]
    assert len(found) == 1
    assert found[0] == (
        "sitemap: [lastmod] python/generators.md (sitemap_lastmod): 'someday' is not a W3C "
        "date or date-time; ignored"
    )


def test_with_the_site_map_page_each_head_is_read_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The site map page's listing and the sitemap ask the same `Placement` about the
    same pages: the heads the first read are the second's."""
    from sitemap_core.facts import htmlhead

    site = make_site(tmp_path)
    conf = site / "pelicanconf.py"
    conf.write_text(conf.read_text().replace('"html_map": False', '"html_map": True'))
    reads: Counter[str] = Counter()
    read = htmlhead.BuiltPage._read_head

    def counted(page: htmlhead.BuiltPage) -> None:
        reads[str(page.path)] += 1
        read(page)

    monkeypatch.setattr(htmlhead.BuiltPage, "_read_head", counted)
    out = build(site, tmp_path / "out")
    assert (out / "sitemap.html").is_file()
    assert len(reads) > 20 and max(reads.values()) == 1, reads.most_common(3)


@pytest.mark.parametrize(
    ("siteurl", "part"),
    [(BASE + "blog/?x=1", "the query ?x=1"), ("https://user:pw@example.org", "user:***@")],
)
def test_a_query_or_credentials_in_siteurl_are_an_error(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, siteurl: str, part: str
) -> None:
    """Issue 33: one error naming the part (never the password); no sitemap; the site
    built all the same (issue 40 §3)."""
    out = build(make_site(tmp_path), tmp_path / "out", SITEURL=siteurl)
    (error,) = [
        r.getMessage()
        for r in caplog.records
        if r.name == "sitemap_pelican" and r.levelno >= logging.ERROR
    ]
    assert error.startswith("sitemap: [base-url] pelicanconf.py (SITEURL): '")
    assert part in error and ":pw@" not in error and "no sitemap written" in error
    assert (out / "index.html").is_file()
    assert not list(out.glob("sitemap*"))


@pytest.mark.parametrize(("fatal", "status"), [((), 0), (("--fatal", "errors"), 1)])
def test_a_query_in_siteurl_is_logged_the_site_built_fatal_errors_fail(
    tmp_path: Path, fatal: tuple[str, ...], status: int
) -> None:
    """Issue 40 §3, through `pelican`: the pages are written, one ERROR line, exit 0;
    `--fatal errors` ends with Pelican's CRITICAL line and exit 1."""
    out = tmp_path / "out"
    row = Row("", siteurl=BASE + "blog/?x=1", cli=fatal)
    done, output, lines = run_cli(make_site(tmp_path), out, row)
    assert done == status, output
    assert "Traceback" not in output
    errors = [line for line in lines if " ERROR " in line]
    assert len(errors) == 1 and "[base-url] pelicanconf.py (SITEURL): " in errors[0], output
    assert "the query ?x=1" in errors[0]
    assert not [line for line in lines if " WARNING " in line and "sitemap" in line], output
    assert ("CRITICAL sitemap:" in output) == bool(status), output
    assert (out / "index.html").is_file() and (out / "pages" / "about.html").is_file()
    assert not list(out.glob("sitemap*"))


def test_a_fragment_in_siteurl_is_dropped_with_a_warning(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    out = build(make_site(tmp_path), tmp_path / "out", SITEURL=BASE + "#top")
    (warned,) = warnings_of(caplog)
    assert "SITEURL" in warned and "#top" in warned
    assert set(checked(out, BASE)) == EXPECTED


def test_the_sites_own_relative_robots_line_under_a_path_is_an_info_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Issue 33, kdeldycke's blog at `/kdeldycke/`: its robots.txt's `Sitemap: /sitemap.xml`
    is not ours; the fault is the site's, so an info line and `--fatal warnings` passes,
    while `sitemap-suite validate` keeps its warning."""
    caplog.set_level(logging.INFO, logger="sitemap_pelican")
    site = make_site(tmp_path)
    shipped = site / "content" / "extra" / "robots.txt"
    shipped.write_text(shipped.read_text() + "Sitemap: /sitemap.xml\n")
    _fatal_warnings(monkeypatch)
    out = build(site, tmp_path / "out", SITEURL=BASE + "kdeldycke")
    lines = (out / "robots.txt").read_text().splitlines()
    assert lines[-2:] == ["Sitemap: /sitemap.xml", f"Sitemap: {BASE}kdeldycke/sitemap.xml"]
    assert warnings_of(caplog) == []
    assert any(
        "robots-relative" in r.getMessage() and r.levelno == logging.INFO for r in caplog.records
    )
    checked = CliRunner().invoke(cli, ["validate", str(out)])
    assert "warning robots-relative robots.txt:3" in checked.output, checked.output


def test_lines_name_the_settings_file_the_build_was_given(tmp_path: Path) -> None:
    """Issue 40 §5: `pelican -s publishconf.py` is told about publishconf.py, not
    pelicanconf.py (Pelican keeps no record of the file: the command line names it)."""
    site = make_site(tmp_path)
    shutil.copy(site / "pelicanconf.py", site / "publishconf.py")
    done = subprocess.run(
        [sys.executable, "-m", "pelican", "-s", "publishconf.py", "-o", str(tmp_path / "out")]
        + ["-e", f"SITEURL={json.dumps(BASE + '?x=1')}"],
        cwd=site,
        env={**os.environ, "COLUMNS": "400"},
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "[base-url] publishconf.py (SITEURL): " in output, output
    assert "pelicanconf.py (SITEURL)" not in output
