"""Images, videos and news of the example sites, through real MkDocs, Pelican and Sphinx
builds (issue 15).

Each example site shows images in its content (one of its own files, one on a CDN), a
video, and a logo in its theme. Built with `images` and `videos` on (set here, not in the
examples' configs), the sitemap lists exactly the content's images and video, never the
logo. Pelican articles and mkdocs-material blog posts are news: their dates are set
relative to now (one inside the two-day window, one outside), and once the recent one
leaves the window the news sitemap and its robots.txt line go. Every file written is
parsed with lxml, passes the core validator and the official schema.
"""

from __future__ import annotations

import datetime as dt
import re
import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from helpers import NS, checked, parse
from sitemap_core.protocol.extensions import NAMESPACES
from test_mkdocs import EXAMPLE as MKDOCS
from test_mkdocs import build as mkdocs_build
from test_mkdocs import edit_config
from test_pelican import build as pelican_build
from test_pelican import make_site as pelican_site
from test_sphinx import EXAMPLE as SPHINX
from test_sphinx import forget_package
from xsd import assert_schema_valid

pytest_plugins = ["sphinx.testing.fixtures"]

CDN = "https://cdn.example.net/"
MEDIA = "https://media.example.net/video/"
YOUTUBE = "aqz-KE-bpKQ"
NOW = dt.datetime.now(dt.UTC).replace(second=30, microsecond=0)
FRESH, STALE, OLD = (
    NOW - dt.timedelta(hours=3),
    NOW - dt.timedelta(days=3),
    NOW - dt.timedelta(days=5),
)

Media = dict[str, tuple[list[str], list[list[tuple[str, str]]]]]


def media(path: Path) -> Media:
    """`{loc: ([image loc], [[(video child, text)]])}` of the `<url>`s with any media."""
    found: Media = {}
    for url in parse(path).getroot().iterfind("sm:url", NS):
        images = [e.text for e in url.iterfind("image:image/image:loc", NAMESPACES)]
        videos = [
            [(child.tag.split("}")[1], child.text) for child in video]
            for video in url.iterfind("video:video", NAMESPACES)
        ]
        if images or videos:
            found[url.findtext("sm:loc", namespaces=NS)] = (images, videos)
    return found


def news(path: Path) -> dict[str, list[tuple[str, str]]]:
    """`{loc: [(news child, text)]}` of a news sitemap, publication name and language first."""
    return {
        url.findtext("sm:loc", namespaces=NS): [
            (e.tag.split("}")[1], e.text)
            for e in url.iter()
            if e.text and e.text.strip() and e.tag.startswith("{" + NAMESPACES["news"])
        ]
        for url in parse(path).getroot().iterfind("sm:url", NS)
    }


def valid(out: Path, base: str, *names: str) -> None:
    """Each sitemap `names` (and its parts) parsed, validated, and valid for the schema."""
    for name in names:
        checked(out, base, name)
        assert_schema_valid(out / name)


def article(
    loc: str, name: str, language: str, date: dt.datetime, title: str
) -> dict[str, list[tuple[str, str]]]:
    return {
        loc: [
            ("name", name),
            ("language", language),
            ("publication_date", f"{date:%Y-%m-%dT%H:%M:%S}Z"),
            ("title", title),
        ]
    }


def copy(example: Path, into: Path) -> Path:
    shutil.copytree(
        example,
        into,
        ignore=shutil.ignore_patterns(
            "site", "output", "_build", ".sitemap-cache", "__pycache__", "*.mo"
        ),
    )
    return into


# -- MkDocs -----------------------------------------------------------------------------

DOCS = "https://example.org/docs/"
TUNING = DOCS + "guide/advanced/tuning/"
TUNING_MEDIA = (
    [DOCS + "guide/advanced/img/throughput.svg", CDN + "charts/thousand-sites.png"],
    [
        [
            ("thumbnail_loc", MEDIA + "tuning-poster.jpg"),
            ("title", "Tuning - sitemap-suite MkDocs example"),  # the page's <title>
            (
                "description",
                "How the sitemap's options change a build's speed, with a chart and a short video.",
            ),  # its front matter's `description:`
            ("content_loc", MEDIA + "tuning.mp4"),
        ]
    ],
)


def test_mkdocs_lists_the_contents_images_and_video_not_the_themes_logo(tmp_path, caplog):
    root = copy(MKDOCS, tmp_path / "website")
    edit_config(root, html_map=False, images=True, videos=True)
    site_dir = mkdocs_build(root, strict=True)
    assert (site_dir / "img" / "logo.svg").is_file()  # in every page's navbar
    valid(site_dir, DOCS, "sitemap.xml")
    assert media(site_dir / "sitemap.xml") == {TUNING: TUNING_MEDIA}
    page = root / "docs" / "guide" / "advanced" / "tuning.md"
    page.write_text(page.read_text().replace("---\n", "---\nsitemap: {videos: false}\n", 1))
    site_dir = mkdocs_build(root, strict=True)
    assert media(site_dir / "sitemap.xml") == {TUNING: (TUNING_MEDIA[0], [])}


# -- mkdocs-material blog ---------------------------------------------------------------

BLOG = "https://example.org/blog-site/"


def dated(post: Path, when: dt.datetime) -> None:
    """Give a blog post (front matter `date:`) or a Pelican article (`Date:`) a new date."""
    text = post.read_text(encoding="utf-8")
    if text.startswith("---"):
        text = re.sub(r"(?m)^date: .*$", f"date: {when:%Y-%m-%d %H:%M:%S}", text, count=1)
    else:
        text = re.sub(r"(?m)^Date: .*$", f"Date: {when.isoformat()}", text, count=1)
    post.write_text(text, encoding="utf-8")


def test_material_blog_media_and_recent_posts_as_news(tmp_path):
    pytest.importorskip("material.plugins.blog")
    pytest.importorskip("mkdocs_include_markdown_plugin")
    root = copy(MKDOCS / "material-blog", tmp_path / "blog")
    config = root / "mkdocs.yml"
    config.write_text(
        config.read_text().replace(
            "  - sitemap-suite\n",
            "  - sitemap-suite:\n      images: true\n      videos: true\n      news: true\n",
        )
    )
    posts = root / "docs" / "blog" / "posts"
    dated(posts / "roadmap.md", FRESH)
    dated(posts / "tips.md", OLD)
    site_dir = mkdocs_build(root, strict=True)
    assert (site_dir / "assets" / "logo.svg").is_file()  # the theme's logo, in the header
    valid(site_dir, BLOG, "sitemap.xml", "sitemap-news.xml")
    roadmap = f"{BLOG}blog/{FRESH:%Y/%m/%d}/roadmap/"
    assert media(site_dir / "sitemap.xml") == {
        roadmap: ([BLOG + "blog/images/timeline.svg", CDN + "blog/team.jpg"], []),
        BLOG + "blog/2024/09/30/release-20/": (
            [],
            [
                [
                    ("thumbnail_loc", f"https://i.ytimg.com/vi/{YOUTUBE}/hqdefault.jpg"),
                    ("title", "Release 2.0 in three minutes"),  # the player's own title
                    ("description", "Release 2.0 in three minutes."),
                    ("player_loc", f"https://www.youtube-nocookie.com/embed/{YOUTUBE}"),
                ]
            ],
        ),
    }
    # Publication: site_name; language: the theme's; tips (five days old) is not news.
    assert news(site_dir / "sitemap-news.xml") == article(
        roadmap, "sitemap-suite material blog example", "en", FRESH, "Roadmap"
    )
    dated(posts / "roadmap.md", STALE)  # three days on: no recent post, no news sitemap
    site_dir = mkdocs_build(root, strict=True)
    assert not list(site_dir.glob("sitemap-news*"))
    valid(site_dir, BLOG, "sitemap.xml")


# -- Pelican ----------------------------------------------------------------------------

SITE = "https://example.org/"
ALPS = (
    SITE + "alps-by-rail.html",
    ([SITE + "images/bernina.svg", CDN + "photos/lago-bianco.jpg"], []),
)
MOKA = (
    SITE + "moka-pot.html",
    (
        [],
        [
            [
                ("thumbnail_loc", SITE + "images/moka-poster.svg"),  # `{static}` in the poster
                ("title", "The moka pot, done right"),
                (
                    "description",
                    "The moka pot in one minute: hot water in the base, no tamping, and "
                    "off the heat at the first gurgle.",
                ),  # its `Description:`
                ("content_loc", MEDIA + "moka-pot.mp4"),
            ]
        ],
    ),
)


def test_pelican_lists_the_articles_images_and_video_not_the_themes_logo(tmp_path):
    site = pelican_site(tmp_path)
    out = pelican_build(site, tmp_path / "out", SITEMAP={"images": True, "videos": True})
    assert 'src="https://example.org/images/logo.svg"' in (out / "index.html").read_text()
    valid(out, SITE, "sitemap.xml")
    # notmyidea shows the newest article of a list in full: of the europe tag, the Alps.
    assert media(out / "sitemap.xml") == {**dict([ALPS, MOKA]), SITE + "tag/europe.html": ALPS[1]}
    alps = site / "content" / "travel" / "alps-by-rail.md"
    alps.write_text(alps.read_text().replace("Tags:", "Sitemap_images: false\nTags:"))
    pelican_build(site, out, SITEMAP={"images": True, "videos": True})
    assert media(out / "sitemap.xml") == {  # the article's own images, not the tag page's
        **dict([MOKA]),
        SITE + "tag/europe.html": ALPS[1],
    }


def test_pelican_articles_as_news_until_they_leave_the_window(tmp_path):
    site = pelican_site(tmp_path)
    content = site / "content"
    dated(content / "travel" / "alps-by-rail.md", FRESH)
    dated(content / "travel" / "night-trains-fr.md", FRESH)  # `Lang: fr`
    dated(content / "cooking" / "galette.md", OLD)
    dated(content / "pages" / "about.md", FRESH)  # a page, never news
    out = tmp_path / "out"
    pelican_build(site, out, SITEMAP={"news": True})
    valid(out, SITE, "sitemap.xml", "sitemap-news.xml")
    assert news(out / "sitemap-news.xml") == {  # Publication: SITENAME; each its language
        **article(
            SITE + "alps-by-rail.html", "Trains, Types and Toast", "en", FRESH, "The Alps by rail"
        ),
        **article(
            SITE + "night-trains-fr.html",
            "Trains, Types and Toast",
            "fr",
            FRESH,
            "Trains de nuit en Europe",
        ),
    }
    robots = (out / "robots.txt").read_text().splitlines()
    assert robots[-2:] == [f"Sitemap: {SITE}sitemap.xml", f"Sitemap: {SITE}sitemap-news.xml"]
    for post in ("travel/alps-by-rail.md", "travel/night-trains-fr.md"):
        dated(content / post, STALE)
    pelican_build(site, out, SITEMAP={"news": True})
    assert not list(out.glob("sitemap-news*"))
    assert "sitemap-news" not in (out / "robots.txt").read_text()
    valid(out, SITE, "sitemap.xml")


# -- Sphinx -----------------------------------------------------------------------------

PROJECT = "https://example.org/project/"


def test_sphinx_lists_the_documents_images_and_video_not_the_themes_logo(
    tmp_path: Path, make_app: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "path", list(sys.path))  # conf.py adds the example's package
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    src = copy(SPHINX, tmp_path / "docs")
    forget_package()
    app = make_app(
        "html",
        srcdir=src,
        builddir=tmp_path / "build",
        confoverrides={
            "sitemap_images": True,
            "sitemap_videos": True,
            "sitemap_news": True,
            "sitemap_html_map": False,
        },
    )
    try:
        app.build()
    finally:
        app.cleanup()
    out = Path(app.outdir)
    assert app.warning.getvalue() == ""
    assert (out / "_static" / "logo.svg").is_file()  # html_logo, in every page's sidebar
    valid(out, PROJECT, "sitemap.xml")
    found = media(out / "sitemap.xml")
    assert found == {
        PROJECT + "about.html": (
            [PROJECT + "_images/shapes.svg", CDN + "diagrams/shape-classes.png"],
            [
                [
                    ("thumbnail_loc", f"https://i.ytimg.com/vi/{YOUTUBE}/hqdefault.jpg"),
                    ("title", "The shapes package in five minutes"),
                    (
                        "description",
                        "Who writes this example, and why, with a diagram and a short video.",
                    ),  # its `:description:` field
                    ("player_loc", f"https://www.youtube.com/embed/{YOUTUBE}"),
                ]
            ],
        )
    }
    assert not list(out.glob("sitemap-news*"))  # Sphinx has no dated articles
