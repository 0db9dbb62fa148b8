"""The cost of finding images and videos in built pages, beside the head reading.

N pages shaped like mkdocs-material, Sphinx and Pelican output (a theme logo, navigation
of a few hundred links, a footer; two pages in five with content images, CDN ones and
srcset among them, one in twenty with a video or a YouTube embed) are written to a
temporary folder. Timed, best of three, per 1,000 pages:

- head: `htmlhead.read_page` on each file, as every build does now;
- read: the whole file's bytes (the content state reads them already when it dates pages);
- find: `media.find_media` on those bytes (the extra work for images and videos);
- write: `extensions.media_fragment` on what was found (checks and XML).

The last line is machine-readable; `ratio` is find over head.
"""

from __future__ import annotations

import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from harness import size_option
from sitemap_core.facts.htmlhead import read_page
from sitemap_core.facts.pagemedia import find_media
from sitemap_core.values.media import media_fragment

BASE = "https://example.org/docs/"
NAV = "".join(
    f'<li class="md-nav__item"><a href="../section-{i // 20}/page-{i}/" '
    f'class="md-nav__link">Page {i} of the documentation</a></li>\n'
    for i in range(300)
)
PROSE = (
    '<p>Some prose about the feature, with <a href="../other/">a link</a>, '
    "<code>inline code</code> and <em>emphasis</em>, long enough to wrap.</p>\n"
) * 12
CODE = (
    '<div class="highlight"><pre><span></span><code>' + "print('x')\n" * 20 + "</code></pre></div>"
)

MATERIAL = """<!doctype html><html lang="en" class="no-js"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="description" content="Page {n} of the demo documentation.">
<link rel="canonical" href="{url}"><link rel="icon" href="../../assets/images/favicon.png">
<meta name="generator" content="mkdocs-1.6.1, mkdocs-material-9.5.3">
<title>Page {n} - Demo</title><link rel="stylesheet" href="../../assets/stylesheets/main.1a2b3c4d.min.css">
</head><body dir="ltr"><header class="md-header"><a href="../.." class="md-header__button md-logo">
<img src="../../assets/logo.png" alt="logo"></a><div class="md-search">Search</div></header>
<div class="md-container"><main class="md-main"><div class="md-main__inner md-grid">
<div class="md-sidebar md-sidebar--primary"><nav class="md-nav md-nav--primary"><ul>{nav}</ul></nav></div>
<div class="md-content"><article class="md-content__inner md-typeset"><h1>Page {n}</h1>
{prose}{media}{code}{prose}
<aside class="md-source-file">Last update: 2024-03-03</aside></article></div></div></main>
<footer class="md-footer"><img src="../../assets/sponsor.png" alt=""></footer></div>
<script src="../../assets/javascripts/bundle.5f6e7d8c.min.js"></script></body></html>"""

SPHINX = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1.0" />
<title>Page {n} &#8212; Demo documentation</title>
<link rel="stylesheet" type="text/css" href="../_static/pygments.css?v=5ecbeea2" />
<link rel="icon" href="../_static/favicon.png"/></head><body>
<div class="document"><div class="documentwrapper"><div class="bodywrapper">
<div class="body" role="main"><section id="page"><h1>Page {n}</h1>
{prose}{media}{code}{prose}</section></div></div></div>
<div class="sphinxsidebar" role="navigation" aria-label="Main"><p class="logo"><a href="../index.html">
<img class="logo" src="../_static/logo.png" alt="Logo"/></a></p><ul>{nav}</ul></div></div>
<div class="footer">&#169; Demo. Created using Sphinx 7.2.6.</div></body></html>"""

PELICAN = """<!DOCTYPE html><html lang="en"><head><meta charset="utf-8" />
<title>Post {n} - Demo blog</title><link rel="stylesheet" href="/theme/css/main.css" />
<meta name="description" content="Post {n}." /></head><body id="index" class="home">
<header id="banner" class="body"><h1><a href="/"><img src="/theme/images/logo.svg"> Demo</a></h1>
<nav><ul>{nav}</ul></nav></header><section id="content" class="body">
<article><header><h1 class="entry-title">Post {n}</h1></header>
<div class="entry-content">{prose}{media}{code}{prose}</div></article></section>
<footer id="contentinfo" class="body">Powered by Pelican.</footer></body></html>"""

IMAGES = (
    '<p><img alt="diagram" src="../_images/diagram-{n}.png" /></p>\n'
    '<p><img src="https://cdn.example.net/shots/{n}.jpg" alt="shot" loading="lazy"></p>\n'
    '<figure><img src="img/chart-{n}.png" srcset="img/chart-{n}.png 1x, '
    'img/chart-{n}@2x.png 2x"><figcaption>A chart.</figcaption></figure>\n'
    '<p><img class="twemoji" src="https://cdn.example.net/emoji/1f600.svg"></p>\n'
)
VIDEOS = (
    '<video controls poster="img/poster-{n}.jpg"><source src="media/clip-{n}.mp4" '
    'type="video/mp4"></video>\n',
    '<iframe width="560" height="315" '
    'src="https://www.youtube.com/embed/abcdefghij{n}" title="YouTube video player">'
    "</iframe>\n",
)


def make_pages(n: int, folder: Path) -> list[tuple[Path, str]]:
    """Write `n` pages, a third of each theme; their paths and URLs."""
    rng = random.Random(15)
    pages = []
    for i in range(n):
        media = ""
        if rng.random() < 0.4:
            media += IMAGES.format(n=i)
        if rng.random() < 0.05:
            media += rng.choice(VIDEOS).format(n=i)
        template = (MATERIAL, SPHINX, PELICAN)[i % 3]
        url = f"{BASE}section-{i // 20}/page-{i}/"
        path = folder / f"page-{i}.html"
        path.write_text(
            template.format(n=i, url=url, nav=NAV, prose=PROSE, code=CODE, media=media),
            encoding="utf-8",
        )
        pages.append((path, url))
    return pages


def best(runs: int, work: Callable[[], object]) -> float:
    """The fastest of `runs` timings of `work`, in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    n = size_option(__doc__ or "", "pages", 6000, 600, "pages")
    with tempfile.TemporaryDirectory() as tmp:
        pages = make_pages(n, Path(tmp))
        head = best(3, lambda: [read_page(path, url) for path, url in pages])
        read = best(3, lambda: [path.read_bytes() for path, _ in pages])
        data = [(path.read_bytes(), url) for path, url in pages]
        find = best(3, lambda: [find_media(html, url) for html, url in data])
        found = [(find_media(html, url), url) for html, url in data]
        write = best(
            3,
            lambda: [
                media_fragment(m.images, m.videos, base_url=BASE, loc=url) for m, url in found
            ],
        )
    images = sum(len(m.images) for m, _ in found)
    videos = sum(len(m.videos) for m, _ in found)
    per = 1000 / n * 1000  # seconds for n pages -> ms per 1,000 pages
    print(
        f"{n:,} pages ({sum(len(h) for h, _ in data) / n / 1024:.0f} KiB each on average), "
        f"{images:,} images and {videos:,} videos found"
    )
    print(
        f"per 1,000 pages: head {head * per:.1f} ms, whole-file read {read * per:.1f} ms, "
        f"find {find * per:.1f} ms, checks and XML {write * per:.1f} ms"
    )
    print(
        f"BENCH extensions pages={n} find_ms_per_1000={find * per:.1f} "
        f"head_ms_per_1000={head * per:.1f} ratio={find / head:.2f}"
    )


if __name__ == "__main__":
    main()
