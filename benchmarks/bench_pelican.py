"""The Pelican plugin's cost: time inside its signal handlers, against the whole build.

A blog of N dated Markdown articles in five category folders (ten tags, one author,
every 20th article translated into French, ten pages, pagination of 10, feeds off) is
built in this process twice, without and then with the plugin. The plugin's handlers
are wrapped with a timer here, not in the plugin; their time (sitemap writing,
reading each page's head and validation included) is the plugin's cost, reported per
1,000 URLs and as a share of the build. Articles carry their own dates, so lastmod
needs no git pass. The last line is machine-readable.
"""

from __future__ import annotations

import datetime as dt
import tempfile
import time
from pathlib import Path

from pelican import Pelican, signals
from pelican.log import console
from pelican.settings import read_settings

import sitemap_pelican
from harness import report, size_option, time_builds, time_calls

HANDLERS = {"_start": signals.get_generators, "_collect": signals.content_written,
            "_finish": signals.finalized}
CATEGORIES = ("python", "travel", "cooking", "music", "garden")
TAGS = tuple(f"tag-{n}" for n in range(10))
START = dt.datetime(2020, 1, 1, 9, 0)
ARTICLE = """Title: Article {n}
Date: {date}
{modified}Category: {category}
Tags: {tags}
Slug: article-{n:05d}
{lang}
Some prose for article {n}, with *emphasis* and a [link](https://example.com/{n}).
A second sentence so the paragraph wraps like a real post does.

- one item
- another item
"""
CONF = """SITENAME = "Benchmark"
SITEURL = "https://example.org"
AUTHOR = "Bench"
PATH = "content"
TIMEZONE = "Europe/Paris"
DEFAULT_LANG = "en"
DEFAULT_PAGINATION = 10
FEED_ALL_ATOM = None
CATEGORY_FEED_ATOM = None
TRANSLATION_FEED_ATOM = None
AUTHOR_FEED_ATOM = None
AUTHOR_FEED_RSS = None
"""


def article(n: int, lang: str = "") -> str:
    """One article's Markdown; `lang` makes it a translation (same slug)."""
    date = START + dt.timedelta(hours=7 * n + (1 if lang else 0))
    modified = f"Modified: {date + dt.timedelta(days=30):%Y-%m-%d %H:%M}\n" if n % 3 == 0 else ""
    return ARTICLE.format(n=n, date=f"{date:%Y-%m-%d %H:%M}", modified=modified,
                          category=CATEGORIES[n % len(CATEGORIES)],
                          tags=f"{TAGS[n % 10]}, {TAGS[(n * 7 + 3) % 10]}",
                          lang=f"Lang: {lang}\n" if lang else "")


def make_site(root: Path, articles: int) -> None:
    """The blog's sources and pelicanconf.py under `root`."""
    content = root / "content"
    for n in range(articles):
        folder = content / CATEGORIES[n % len(CATEGORIES)]
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"article-{n:05d}.md").write_text(article(n), encoding="utf-8")
        if n % 20 == 0:
            (folder / f"article-{n:05d}-fr.md").write_text(article(n, "fr"), encoding="utf-8")
    (content / "pages").mkdir(parents=True, exist_ok=True)
    for n in range(10):
        (content / "pages" / f"page-{n}.md").write_text(f"Title: Page {n}\n\nAbout {n}.\n",
                                                        encoding="utf-8")
    (root / "pelicanconf.py").write_text(CONF, encoding="utf-8")


def disconnect() -> None:
    """Undo register(), so a later build runs without the plugin."""
    for name, signal in HANDLERS.items():
        signal.disconnect(getattr(sitemap_pelican, name))


def run_build(site: Path, out: Path, plugin: bool) -> float:
    """One Pelican build in this process, with or without the plugin; its seconds."""
    if not plugin:
        disconnect()  # an earlier build's register() left the handlers connected
    start = time.perf_counter()
    settings = read_settings(str(site / "pelicanconf.py"),
                             override={"OUTPUT_PATH": str(out),
                                       "PLUGINS": ["sitemap_pelican"] if plugin else []})
    Pelican(settings=settings).run()
    return time.perf_counter() - start


def main() -> None:
    articles = size_option(__doc__, "pages", 2000, 200, "articles")
    console.quiet = True
    spent = time_calls(sitemap_pelican, HANDLERS)  # before register() connects them
    with tempfile.TemporaryDirectory(prefix="bench-pelican-") as tmp:
        work = Path(tmp)
        start = time.perf_counter()
        make_site(work / "warm", 5)
        make_site(work / "site", articles)
        made = time.perf_counter() - start
        without, with_plugin, urls = time_builds(spent, run_build, work)
    print(f"site: {articles} articles (+{-(-articles // 20)} translations, 10 pages) in "
          f"{len(CATEGORIES)} categories (made in {made:.1f} s); {urls} URLs")
    report("pelican", "plugin", spent, without, with_plugin, urls)


if __name__ == "__main__":
    main()
