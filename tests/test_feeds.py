"""RSS 2.0 and Atom feeds read as sitemaps: each entry's link and date, the `<loc>` checks
and the scope rule; feeds named in robots.txt; a real Pelican build's feed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner
from pelican import Pelican
from pelican.log import LimitFilter
from pelican.settings import read_settings

from helpers import serve
from sitemap_core import Page, Settings, write_sitemaps
from sitemap_core.checking.feeds import check_feed, feed_kind
from sitemap_core.commands import main

SITE = "https://example.org/"
PELICAN = Path(__file__).resolve().parents[1] / "example_sites" / "pelican"

ATOM = """<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><id>x</id>
<updated>2024-05-01T10:00:00+02:00</updated>
<entry><title>a</title><link href="https://example.org/a/" rel="alternate"/>
<link href="https://example.org/a/comments.atom" rel="replies"/>
<updated>2024-05-01T10:00:00+02:00</updated></entry>
<entry xml:base="https://example.org/posts/"><title>b</title><link href="b.html"/>
<updated>2024-04-01T00:00:00Z</updated></entry>
</feed>
"""

RSS = """<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0"><channel><title>t</title><link>https://example.org/</link>
<item><link>https://example.org/a/</link><pubDate>Wed, 01 May 2024 13:30:00 +0000</pubDate></item>
<item><guid>https://example.org/b/</guid><pubDate>yesterday</pubDate></item>
<item><title>no link</title><guid isPermaLink="false">id-3</guid></item>
<item><link>https://example.org/a/</link></item>
<item><link>posts/relative/</link></item>
<item><link>https://other.example/c/</link></item>
</channel></rss>
"""


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _codes(issues):
    return [(i.code, i.page, i.level) for i in issues]


def test_atom_entries_pass_the_sitemap_checks(tmp_path):
    feed = _write(tmp_path / "feed.xml", ATOM)
    assert feed_kind(feed) == "atom"
    assert check_feed(feed, SITE + "feed.xml") == []
    assert check_feed(feed) == []  # no location: one host is enough


def test_rss_entries_get_each_check(tmp_path):
    feed = _write(tmp_path / "rss.xml", RSS)
    assert feed_kind(feed) == "rss"
    assert _codes(check_feed(feed, SITE + "rss.xml")) == [
        ("lastmod", "rss.xml:4", "warning"),  # the guid is the link; its date is no date
        ("structure", "rss.xml:5", "warning"),  # no link, and a guid that is no permalink
        ("duplicate", "rss.xml:6", "warning"),
        ("url", "rss.xml:7", "error"),
        ("scope", "rss.xml:8", "error"),
    ]


def test_scope_is_the_feed_folder(tmp_path):
    feed = _write(tmp_path / "all.atom.xml", ATOM)
    issues = check_feed(feed, SITE + "feeds/all.atom.xml")
    assert [(i.code, i.level) for i in issues] == [("scope", "error")] * 2
    assert "outside the sitemap's scope https://example.org/feeds/" in issues[0].message


def test_sitemaps_and_unsafe_feeds(tmp_path):
    sitemap = _write(
        tmp_path / "sitemap.xml",
        '<urlset xmlns="http://www.sitemaps.org/'
        'schemas/sitemap/0.9"><url><loc>https://example.org/</loc></url></urlset>',
    )
    assert check_feed(sitemap) is None
    bomb = _write(
        tmp_path / "bomb.xml",
        '<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY a '
        '"aaaaaaaaaa">]><rss><channel><item><link>&a;</link></item></channel></rss>',
    )
    assert [(i.code, i.level) for i in check_feed(bomb)] == [("xml", "error")]


def test_validate_reads_a_feed_file_folder_and_url(tmp_path):
    site = tmp_path / "site"
    _write(site / "rss.xml", RSS)
    _write(
        site / "sitemap.xml",
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        "<url><loc>https://example.org/</loc></url></urlset>",
    )
    _write(site / "index.html", "<html><head><title>x</title></head><body>x</body></html>")
    _write(site / "robots.txt", f"Sitemap: {SITE}sitemap.xml\nSitemap: {SITE}rss.xml\n")
    runner = CliRunner()
    result = runner.invoke(main, ["validate", str(site / "rss.xml"), "--json"])
    report = json.loads(result.output)
    assert result.exit_code == 1  # the relative link, and the other host
    assert sorted(i["code"] for i in report["issues"] if i["level"] == "error") == ["scope", "url"]
    result = runner.invoke(main, ["validate", str(site), "--json"])
    report = json.loads(result.output)
    assert str(site / "rss.xml") in report["files"]
    assert {i["where"] for i in report["issues"] if i["code"] == "scope"} == {"rss.xml:8"}
    with serve(site) as url:
        result = runner.invoke(main, ["validate", url + "/rss.xml", "--json"])
    report = json.loads(result.output)
    assert report["files"] == [url + "/rss.xml"]
    # Served from 127.0.0.1, so every example.org link is outside the feed's scope.
    assert {i["where"] for i in report["issues"] if i["code"] == "scope"} == {
        f"{url}/rss.xml:{n}" for n in (3, 4, 6, 8)
    }


def test_robots_feeds_become_sitemap_lines(tmp_path):
    out = tmp_path / "out"
    _write(out / "feed.xml", ATOM)
    settings = Settings(
        SITE, robots_feeds=("feed.xml", "https://other.example/f.xml", "missing.xml")
    )
    result = write_sitemaps([Page(url="")], out, settings)
    lines = (out / "robots.txt").read_text(encoding="utf-8").splitlines()
    assert lines[-2:] == [f"Sitemap: {SITE}sitemap.xml", f"Sitemap: {SITE}feed.xml"]
    assert [(i.code, i.page) for i in result.issues] == [
        ("feed", "https://other.example/f.xml"),
        ("feed", "missing.xml"),
    ]
    write_sitemaps([Page(url="")], out, settings)
    assert (out / "robots.txt").read_text(encoding="utf-8").splitlines() == lines  # once
    (out / "robots.txt").write_text("User-agent: *\n", encoding="utf-8")
    write_sitemaps(
        [Page(url="")], out, Settings(SITE, robots_txt=False, robots_feeds=("feed.xml",))
    )
    assert (out / "robots.txt").read_text(encoding="utf-8") == "User-agent: *\n"


def test_pelican_feed_at_the_root_is_named_and_valid(tmp_path):
    LimitFilter._raised_messages.clear()
    site = tmp_path / "site"
    shutil.copytree(
        PELICAN, site, ignore=shutil.ignore_patterns("output", ".sitemap-cache", "__pycache__")
    )
    out = tmp_path / "out"
    settings = read_settings(
        str(site / "pelicanconf.py"),
        override={
            "OUTPUT_PATH": str(out),
            "FEED_ALL_ATOM": "all.atom.xml",
            "SITEMAP": {"robots_feeds": ["all.atom.xml"]},
        },
    )
    Pelican(settings=settings).run()
    robots = (out / "robots.txt").read_text(encoding="utf-8")
    assert "Sitemap: https://example.org/all.atom.xml\n" in robots
    result = CliRunner().invoke(main, ["validate", str(out), "--json"])
    report = json.loads(result.output)
    assert str(out / "all.atom.xml") in report["files"]
    assert [i for i in report["issues"] if i["where"].startswith("all.atom.xml")] == []
