"""Finding images and videos in a built page's main content: content images (CDN ones
too) listed, theme chrome, pixels, icons and `data:` URIs not; videos with the page's
title and description as fallbacks, and a warning (video left out, page not) when a
required field is missing. Real Sphinx and MkDocs builds, then every found value is
written and passes the extension checks, `validate_files` and the (lax) official schema."""

from __future__ import annotations

import base64
import logging
from pathlib import Path

import pytest
from lxml import etree

from sitemap_core.checking.extensions import check_urlset
from sitemap_core.checking.validate import validate_files
from sitemap_core.facts.pagemedia import find_media
from sitemap_core.values.media import declarations, media_fragment
from xsd import schema

SM = "http://www.sitemaps.org/schemas/sitemap/0.9"
BASE = "https://example.org/docs/"
PAGE = BASE + "guide/page/"
# A 1x1 PNG, for the builds' image files.
PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwAD"
    "hgGAWjR9awAAAABJRU5ErkJggg=="
)


def page(
    content: str,
    head: str = "<title>Guide &amp; more - Demo</title>"
    '<meta name="description" content="How to guide.">',
) -> bytes:
    """A page shaped like mkdocs-material: logo and nav outside the article, a footer."""
    return f"""<!doctype html><html lang="en"><head><meta charset="utf-8">{head}
<link rel="icon" href="../../assets/favicon.png"></head><body>
<header class="md-header"><a href="../.." class="md-logo"><img src="../../assets/logo.png" alt="logo"></a></header>
<main class="md-main"><div class="md-sidebar"><nav class="md-nav"><img src="../../img/nav.png"></nav></div>
<article class="md-content__inner md-typeset"><h1>Guide</h1>
{content}
</article></main>
<footer class="md-footer"><img src="../../img/sponsor.png"></footer></body></html>""".encode()


def locs(found) -> list[str]:
    return [image.loc for image in found.images]


# -- images ----------------------------------------------------------------------------


def test_content_images_resolved_and_theme_chrome_left_out():
    found = find_media(
        page(
            '<p><img src="../img/diagram.png" alt="diagram"></p>'
            '<p><img src="https://cdn.example.net/photo.jpg"></p>'
            '<p><img src="shot%20one.png"></p>'
        ),
        PAGE,
    )
    assert locs(found) == [
        BASE + "guide/img/diagram.png",
        "https://cdn.example.net/photo.jpg",
        PAGE + "shot%20one.png",
    ]
    assert found.videos == () and found.issues == ()


def test_srcset_gives_the_largest_candidate():
    found = find_media(
        page(
            '<img src="a.png" srcset="a.png 1x, a@3x.png 3x, a@2x.png 2x">'
            '<img src="b.png" srcset="b-320.png 320w, b-1280.png 1280w, b-640.png 640w">'
            '<img src="c.png" srcset="c-half.png 0.5x">'
            '<img srcset="d.png">'
            '<picture><source srcset="e.webp" type="image/webp"><img src="e.png"></picture>'
        ),
        PAGE,
    )
    assert locs(found) == [PAGE + n for n in ("a@3x.png", "b-1280.png", "c.png", "d.png", "e.png")]


@pytest.mark.parametrize(
    "img",
    [
        '<img src="data:image/png;base64,iVBORw0KGgo=">',
        '<img src="https://t.example.net/p.gif" width="1" height="1">',
        '<img src="https://t.example.net/p.gif" width="0" height="0" style="display:none">',
        '<img src="arrow.png" width="16" height="16">',
        '<img src="favicon.ico">',
        '<img src="../img/logo.png">',
        '<img src="img/icons/check.svg">',
        '<img class="twemoji" src="https://cdn.jsdelivr.net/gh/twitter/twemoji/1f600.svg">',
        '<img class="avatar" src="https://avatars.example.com/u/1">',
        '<img src="https://img.shields.io/badge/build-passing-green">',
        '<img src="divider.png" aria-hidden="true">',
        '<img src="divider.png" role="presentation">',
        '<img alt="no source">',
        '<img src="javascript:alert(1)">',
        '<!-- <img src="commented.png"> -->',
        '<noscript><img src="https://t.example.net/pixel?id=1"></noscript>',
        "<script>var t = '<img src=\"templated.png\">';</script>",
        '<aside><img src="aside.png"></aside>',
    ],
)
def test_not_content_images(img):
    assert find_media(page(img + '<img src="real.png">'), PAGE).images == (
        find_media(page('<img src="real.png">'), PAGE).images
    )


def test_each_image_once_and_entities_decoded():
    found = find_media(
        page('<img src="a.png?x=1&amp;y=2"><img src="a.png?x=1&y=2"><IMG SRC=\'b.png\'>'), PAGE
    )
    assert locs(found) == [PAGE + "a.png?x=1&y=2", PAGE + "b.png"]


def test_base_href_and_lazy_loading():
    found = find_media(
        page(
            '<img src="data:image/gif;base64,R0lGOD" data-src="lazy.png">',
            head='<base href="/docs/assets/"><title>T</title>',
        ),
        PAGE,
    )
    assert locs(found) == ["https://example.org/docs/assets/lazy.png"]


def test_a_page_without_media_is_one_scan_and_switches_turn_kinds_off():
    assert find_media(b"<html><body><main><p>Text</p></main></body></html>", PAGE) == ((), (), ())
    html = page('<img src="a.png"><video src="v.mp4" poster="p.jpg"></video>')
    assert find_media(html, PAGE, images=False).images == ()
    assert len(find_media(html, PAGE, images=False).videos) == 1
    assert find_media(html, PAGE, videos=False).videos == ()
    assert find_media(html, PAGE, images=False, videos=False) == ((), (), ())


def test_a_body_without_landmarks_drops_header_footer_and_nav():
    html = (
        b'<html><body><header><img src="logo-mark.png"></header><nav><img src="n.png">'
        b'</nav><p><img src="content.png"></p><footer><img src="f.png"></footer></body></html>'
    )
    assert locs(find_media(html, PAGE)) == [PAGE + "content.png"]


def test_another_encoding():
    html = (
        '<html><head><meta charset="iso-8859-1"><title>Café</title></head><body><main>'
        '<img src="café.png"><video src="v.mp4" poster="p.jpg"></video></main></body>'
        "</html>"
    ).encode("iso-8859-1")
    found = find_media(html, PAGE, encoding="iso-8859-1", description="D")
    assert locs(found) == [PAGE + "café.png"]
    assert found.videos[0].title == "Café"


# -- videos ----------------------------------------------------------------------------


def test_html5_video_with_poster_and_source():
    found = find_media(
        page(
            '<video controls poster="poster.jpg" title="Setting up">'
            '<source src="clip.webm" type="video/webm">'
            '<source src="clip.mp4" type="video/mp4">'
            '<img src="fallback.png"></video>'
        ),
        PAGE,
    )
    assert found.images == ()  # the fallback image is the video's, not the page's
    [video] = found.videos
    assert (video.content_loc, video.thumbnail_loc, video.title, video.description) == (
        PAGE + "clip.webm",
        PAGE + "poster.jpg",
        "Setting up",
        "How to guide.",
    )
    assert video.player_loc is None


def test_youtube_and_vimeo_players_take_the_page_fallbacks():
    found = find_media(
        page(
            '<iframe width="560" src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?si=ab" '
            'title="YouTube video player" allowfullscreen></iframe>'
            '<iframe src="//player.vimeo.com/video/76979871" title="Vimeo"></iframe>'
            '<iframe src="https://example.org/form"></iframe>',
            head='<title>Guide</title><meta property="og:description" content="OG text">'
            '<meta property="og:image" content="https://example.org/card.png">',
        ),
        PAGE,
    )
    youtube, vimeo = found.videos
    assert youtube.player_loc == "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?si=ab"
    assert youtube.thumbnail_loc == "https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg"
    assert (youtube.title, youtube.description) == ("Guide", "OG text")
    assert vimeo.player_loc == "https://player.vimeo.com/video/76979871"
    assert vimeo.thumbnail_loc == "https://example.org/card.png"
    assert found.issues == ()


def test_the_callers_title_and_description_win_over_the_heads():
    found = find_media(
        page('<video src="v.mp4" poster="p.jpg"></video>'),
        PAGE,
        title="Own title",
        description="Own description",
    )
    assert (found.videos[0].title, found.videos[0].description) == ("Own title", "Own description")


@pytest.mark.parametrize(
    ("content", "head", "missing"),
    [
        (
            '<iframe src="https://player.vimeo.com/video/1"></iframe>',
            '<title>T</title><meta name="description" content="D">',
            "thumbnail_loc",
        ),
        ('<video src="v.mp4" poster="p.jpg"></video>', "<title>T</title>", "description"),
        (
            '<video src="v.mp4" poster="p.jpg"></video>',
            '<meta name="description" content="D">',
            "title",
        ),
    ],
)
def test_a_video_missing_a_required_field_is_left_out_with_a_warning(content, head, missing):
    found = find_media(page(content + '<img src="a.png">', head=head), PAGE, page="guide.md")
    assert found.videos == () and locs(found) == [PAGE + "a.png"]  # the page keeps the rest
    [issue] = found.issues
    assert (issue.code, issue.page, issue.level) == ("video", "guide.md", "warning")
    assert f"no {missing} found" in issue.message and "left out" in issue.message


def test_a_video_without_a_file_is_nothing():
    assert find_media(page('<video controls poster="p.jpg"></video>'), PAGE) == ((), (), ())


# -- real builds -----------------------------------------------------------------------


def written(found, loc: str, tmp_path: Path) -> etree._Element:
    """The found media written as one `<url>`, checked three ways; the parsed file."""
    fragment, issues = media_fragment(
        found.images, found.videos, base_url=BASE, loc=loc, indent="\n  "
    )
    assert issues == []
    text = (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{SM}"'
        f"{declarations(fragment.prefixes)}>\n<url>\n  <loc>{loc}</loc>{fragment.xml}\n"
        "</url>\n</urlset>\n"
    )
    path = tmp_path / "sitemap.xml"
    path.write_text(text, encoding="utf-8")
    root = etree.parse(str(path)).getroot()
    assert list(check_urlset(root, path.name)) == []
    assert validate_files([path], BASE + "sitemap.xml") == []
    assert schema("urlset", lax=True).validate(root.getroottree())
    return root


VIDEO_HTML = """   <video controls poster="{poster}"><source src="{clip}" type="video/mp4"></video>
   <iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="YouTube video player"></iframe>
   <iframe src="https://player.vimeo.com/video/1"></iframe>
"""


def test_a_real_sphinx_build(tmp_path):
    from sphinx.cmd.build import build_main

    src = tmp_path / "src"
    src.mkdir()
    for name in ("logo.png", "diagram.png", "favicon.png"):
        (src / name).write_bytes(PNG)
    (src / "conf.py").write_text(
        'project = "Demo"\nhtml_logo = "logo.png"\nhtml_favicon = "favicon.png"\n'
    )
    (src / "index.rst").write_text(
        "Guide\n=====\n\n.. meta::\n   :description: A guide with pictures.\n\n"
        ".. image:: diagram.png\n\n.. image:: https://cdn.example.net/photo.jpg\n\n"
        ".. raw:: html\n\n"
        + VIDEO_HTML.format(poster="_static/poster.jpg", clip="_static/clip.mp4"),
        encoding="utf-8",
    )
    logging.disable(logging.CRITICAL)
    try:
        assert build_main(["-b", "html", "-q", "-W", str(src), str(tmp_path / "out")]) == 0
    finally:
        logging.disable(logging.NOTSET)
    out = tmp_path / "out" / "index.html"
    assert b'class="logo"' in out.read_bytes()  # the theme shows the logo...
    found = find_media(out.read_bytes(), BASE, page="index")
    assert locs(found) == [BASE + "_images/diagram.png", "https://cdn.example.net/photo.jpg"]
    video, youtube = found.videos  # ...which is not listed; Vimeo has no thumbnail
    assert (video.content_loc, video.thumbnail_loc) == (
        BASE + "_static/clip.mp4",
        BASE + "_static/poster.jpg",
    )
    assert video.description == youtube.description == "A guide with pictures."
    assert video.title.startswith("Guide")
    assert [i.code for i in found.issues] == ["video"]
    root = written(found, BASE, tmp_path)
    assert len(root.findall(".//{*}image")) == 2 and len(root.findall(".//{*}video")) == 2


def test_a_real_mkdocs_build(tmp_path):
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    docs = tmp_path / "docs"
    (docs / "img").mkdir(parents=True)
    (docs / "img" / "shot.png").write_bytes(PNG)
    (docs / "img" / "logo.png").write_bytes(PNG)
    (tmp_path / "overrides").mkdir()
    (tmp_path / "overrides" / "main.html").write_text(
        '{% extends "base.html" %}\n{% block site_name %}<img src="{{ \'img/logo.png\'|url }}"'
        ' alt="Demo">{{ super() }}{% endblock %}\n'
    )
    (docs / "index.md").write_text("# Home\n\nNo pictures here.\n")
    (docs / "guide.md").write_text(
        "---\ndescription: Pictures and a film.\n---\n# Guide\n\n![A shot](img/shot.png)\n\n"
        '<img src="https://cdn.example.net/photo.jpg" srcset="https://cdn.example.net/'
        'photo.jpg 1x, https://cdn.example.net/photo@2x.jpg 2x">\n\n'
        + VIDEO_HTML.format(poster="img/shot.png", clip="media/clip.mp4").replace("   ", ""),
        encoding="utf-8",
    )
    (tmp_path / "mkdocs.yml").write_text(
        f"site_name: Demo\nsite_url: {BASE}\ntheme:\n  name: mkdocs\n  custom_dir: overrides\n"
        "nav:\n  - index.md\n  - guide.md\n"
    )
    config = load_config(str(tmp_path / "mkdocs.yml"))
    logging.disable(logging.CRITICAL)
    try:
        build(config)
    finally:
        logging.disable(logging.NOTSET)
    site = tmp_path / "site"
    assert b'img/logo.png" alt="Demo"' in (site / "guide" / "index.html").read_bytes()
    assert find_media((site / "index.html").read_bytes(), BASE) == ((), (), ())
    html = (site / "guide" / "index.html").read_bytes()
    # The mkdocs theme writes a description meta on the home page only: without the front
    # matter's description (which the adapter passes), no video has one.
    alone = find_media(html, BASE + "guide/", page="guide.md")
    assert alone.videos == () and [i.code for i in alone.issues] == ["video"] * 3
    assert all("description found" in i.message for i in alone.issues)
    found = find_media(html, BASE + "guide/", description="Pictures and a film.")
    assert locs(found) == [BASE + "img/shot.png", "https://cdn.example.net/photo@2x.jpg"]
    video, youtube = found.videos
    assert video.content_loc == BASE + "guide/media/clip.mp4"
    assert video.description == "Pictures and a film."
    assert youtube.player_loc == "https://www.youtube.com/embed/dQw4w9WgXcQ"
    written(found, BASE + "guide/", tmp_path)


def test_hidden_images_are_no_content():
    """Sphinx's module index draws a collapse button inside the content, hidden."""
    from sitemap_core.facts.pagemedia import find_media

    html = (
        b'<html><body><div class="body" role="main"><table><tr><td>'
        b'<img src="_static/minus.png" class="toggler" style="display: none" alt="-">'
        b'<img src="hidden.png" hidden><img src="shown.png" style="width: 50%">'
        b"</td></tr></table></div></body></html>"
    )
    found = find_media(html, "https://example.org/p/py-modindex.html")
    assert [image.loc for image in found.images] == ["https://example.org/p/shown.png"]
