"""The Pelican plugin's cost: time inside its signal handlers, against the whole build.

A blog of N dated Markdown articles in five category folders (ten tags, one author,
every 20th article translated into French, ten pages, pagination of 10, feeds off) is
built in this process three times: without the plugin, with it, and with
pelican-sitemap (the pelican-plugins sitemap) instead, the peer. Both plugins'
handlers are wrapped with a timer here, not in the plugins; their time (sitemap
writing, reading each page's head and validation included) is each one's cost. Ours is
reported per 1,000 URLs, as a share of the build, against the peer's (`vs_peer`) and
against the floor (the built heads read plainly, and the git pass alone). The peak
memory it adds (`peak_mb_added`) is that of two more builds, each in a fresh process:
ru_maxrss without and with the plugin. Articles carry their own dates and the blog is in no
repository, so lastmod needs no git pass; `--history N` puts it in one, with a commit
per source file and N more outside content/ among them. The last line is
machine-readable.
"""

from __future__ import annotations

import datetime as dt
import tempfile
import time
from pathlib import Path

from pelican import Pelican, signals
from pelican.log import console
from pelican.plugins.sitemap import sitemap as peer_sitemap
from pelican.settings import read_settings

import sitemap_pelican
from harness import (
    adapter_options,
    make_repo,
    peak_mb_added,
    report_peer,
    rss_child,
    time_builds,
    time_calls,
    urls_written,
)

# Every function register() connects: where it looks it up, its name, its signal.
HANDLERS = (
    (sitemap_pelican, "_start", signals.get_generators),
    (sitemap_pelican, "_content_read", signals.all_generators_finalized),
    (sitemap_pelican, "_collect", signals.content_written),
    (sitemap_pelican, "_finish", signals.finalized),
)
# pelican-sitemap's: its one generator's methods, connected by its register().
PEER = "pelican.plugins.sitemap"
PEER_HANDLERS = (
    (peer_sitemap.generator, "init", signals.get_generators),
    (peer_sitemap.generator, "queue_page", signals.content_written),
    (peer_sitemap.generator, "finalize", signals.finalized),
)
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
    return ARTICLE.format(
        n=n,
        date=f"{date:%Y-%m-%d %H:%M}",
        modified=modified,
        category=CATEGORIES[n % len(CATEGORIES)],
        tags=f"{TAGS[n % 10]}, {TAGS[(n * 7 + 3) % 10]}",
        lang=f"Lang: {lang}\n" if lang else "",
    )


def sources(articles: int) -> dict[str, str]:
    """`{path in content/: Markdown}`: the articles in category folders, their
    translations, the pages."""
    files = {}
    for n in range(articles):
        category = CATEGORIES[n % len(CATEGORIES)]
        files[f"{category}/article-{n:05d}.md"] = article(n)
        if n % 20 == 0:
            files[f"{category}/article-{n:05d}-fr.md"] = article(n, "fr")
    for n in range(10):
        files[f"pages/page-{n}.md"] = f"Title: Page {n}\n\nAbout {n}.\n"
    return files


def make_site(root: Path, articles: int, history: int | None = None) -> None:
    """The blog's sources and pelicanconf.py under `root`; in a dated repository (with
    `history` other commits) unless `history` is None."""
    files = sources(articles)
    if history is None:
        for path, text in files.items():
            (root / "content" / path).parent.mkdir(parents=True, exist_ok=True)
            (root / "content" / path).write_text(text, encoding="utf-8")
    else:
        make_repo(root, files, "content/", history)
    (root / "pelicanconf.py").write_text(CONF, encoding="utf-8")


def disconnect() -> None:
    """Undo both plugins' register(), so a later build runs without them."""
    for owner, name, signal in (*HANDLERS, *PEER_HANDLERS):
        signal.disconnect(getattr(owner, name))


def run_build(site: Path, out: Path, plugin: bool, plugins: tuple[str, ...] = ()) -> float:
    """One Pelican build in this process, with or without the plugin (or with `plugins`
    instead); its seconds."""
    disconnect()  # an earlier build's register() left the handlers connected
    if plugin:
        plugins = ("sitemap_pelican",)
    start = time.perf_counter()
    settings = read_settings(
        str(site / "pelicanconf.py"),
        override={"OUTPUT_PATH": str(out), "PLUGINS": list(plugins)},
    )
    Pelican(settings=settings).run()
    return time.perf_counter() - start


def main() -> None:
    console.quiet = True
    if rss_child(run_build):  # a memory build of peak_mb_added
        return
    articles, history = adapter_options(__doc__, 2000, 200, "articles", "articles")
    spent = time_calls(
        *((owner, (name,)) for owner, name, _ in HANDLERS)
    )  # before register() connects them
    peer_spent = time_calls(*((owner, (name,)) for owner, name, _ in PEER_HANDLERS))
    with tempfile.TemporaryDirectory(prefix="bench-pelican-") as tmp:
        work = Path(tmp)
        start = time.perf_counter()
        make_site(work / "warm", 5, None if history is None else 0)
        make_site(work / "site", articles, history)
        made = time.perf_counter() - start
        without, with_plugin, urls, floor_s = time_builds(spent, run_build, work)
        peer_spent.clear()
        peer_build = run_build(work / "site", work / "peer", False, (PEER,))
        disconnect()
        peer_urls = urls_written(work / "peer" / "sitemap.xml")
        added_mb, peak_mb = peak_mb_added(__file__, work)
    repo = (
        "no repository"
        if history is None
        else (f"in a repository of {len(sources(articles)) + history} commits")
    )
    print(
        f"site: {articles} articles (+{-(-articles // 20)} translations, 10 pages) in "
        f"{len(CATEGORIES)} categories, {repo} (made in {made:.1f} s); {urls} URLs"
    )
    report_peer(
        "pelican",
        "plugin",
        spent,
        without,
        with_plugin,
        urls,
        floor_s,
        "pelican-sitemap",
        peer_spent,
        peer_build,
        peer_urls,
        added_mb,
        peak_mb,
    )


if __name__ == "__main__":
    main()
