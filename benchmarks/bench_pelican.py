"""The Pelican plugin's cost: time inside its signal handlers, against the whole build.

The site has pyvideo.org's shape: N talks (Markdown articles) in events of 40 talks
each (one folder and one category per event), each talk by one speaker (author; two for
every tenth talk) of a pool of 0.6 N and with none to two tags of a pool of N / 7 (the
ratios of pyvideo.org's 21,715 talks, 13,071 speakers, 2,941 tags), ten pages,
pyvideo.org's URL settings (`{category}/{slug}.html`, `speaker/`, `events/`, `tag/`)
and pagination of 10, feeds off: several thousand listing pages (speakers, tags, events
and their pagination) for N = 2,000. `--site PELICANCONF` builds a real site instead (in
place, its own plugins kept but a sitemap plugin, its output in a temporary folder).

It is built in this process twice: without a sitemap plugin (not for `--site`), then
with both ours and pelican-sitemap (the pelican-plugins sitemap), the peer, ours writing
another file: on a shared machine, separate builds meet different loads. Both plugins'
handlers are wrapped with a timer here, not in the plugins; their time (sitemap
writing, reading each page's head and validation included) is each one's cost. Ours is
reported per 1,000 URLs, as a share of the build, against the peer's (`vs_peer`) and
against the floor (each page's head read plainly, git's walk, and the same URLs written
plainly with lxml: `floor` and `written_plainly`, in the same run), with the CPU
of the git processes the build ran (`git_cpu_s`). The peak memory it adds
(`peak_mb_added`) is that of two more builds (for `--site`, with `--memory`), each in a
fresh process: ru_maxrss without and with the plugin.
Talks carry their own dates and the site is in no repository, so lastmod needs no git
pass; `--history N` puts it in one, with a commit per source file and N more outside
content/ among them. The last line is machine-readable.
"""

from __future__ import annotations

import datetime as dt
import math
import os
import tempfile
import time
from collections import Counter
from pathlib import Path

from pelican import Pelican, signals
from pelican.plugins.sitemap import sitemap as peer_sitemap
from pelican.settings import read_settings

import sitemap_pelican
from harness import (
    CHILDREN,
    adapter_args,
    floor,
    make_repo,
    peak_mb_added,
    record_pages,
    report_peer,
    rss_child,
    time_calls,
    timed_build,
    urls_written,
    written_plainly,
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
TALKS_PER_EVENT = 40
START = dt.datetime(2012, 1, 1, 9, 0)
TALK = """Title: Talk {n}
Date: {date}
{modified}Category: {event}
Authors: {speakers}
Tags: {tags}
Slug: talk-{n:05d}

Some prose for talk {n}, with *emphasis* and a [link](https://example.com/{n}).
A second sentence so the paragraph wraps like a real abstract does.

- one item
- another item
"""
CONF = """SITENAME = "Benchmark"
SITEURL = "https://example.org"
AUTHOR = "Bench"
PATH = "content"
TIMEZONE = "UTC"
DEFAULT_LANG = "en"
DEFAULT_PAGINATION = 10
ARTICLE_URL = ARTICLE_SAVE_AS = "{category}/{slug}.html"
PAGE_URL = PAGE_SAVE_AS = "pages/{slug}.html"
AUTHOR_URL = AUTHOR_SAVE_AS = "speaker/{slug}.html"
CATEGORY_URL = CATEGORY_SAVE_AS = "events/{slug}.html"
TAG_URL = "tag/{slug}/"
TAG_SAVE_AS = "tag/{slug}/index.html"
CATEGORIES_SAVE_AS = "events.html"
AUTHORS_SAVE_AS = "speakers.html"
FEED_ALL_ATOM = None
CATEGORY_FEED_ATOM = None
TRANSLATION_FEED_ATOM = None
AUTHOR_FEED_ATOM = None
AUTHOR_FEED_RSS = None
"""
# Sitemap plugins a real site may name: each build runs ours or the peer instead.
SITEMAPS = {"sitemap", "extended_sitemap", "pelican.plugins.sitemap", "sitemap_pelican"}
OURS = "sitemap-suite.xml"  # our sitemap's name in a build with the peer too


def talk(n: int, talks: int) -> str:
    """One talk's Markdown: its event, one speaker (two for every tenth talk), none to
    two tags."""
    date = START + dt.timedelta(hours=5 * n)
    modified = f"Modified: {date + dt.timedelta(days=30):%Y-%m-%d %H:%M}\n" if n % 3 == 0 else ""
    speakers, tags = _pools(talks)
    return TALK.format(
        n=n,
        date=f"{date:%Y-%m-%d %H:%M}",
        modified=modified,
        event=f"event-{n // TALKS_PER_EVENT:04d}",
        speakers=", ".join(
            f"Speaker {(n * 37 + k * 131) % speakers}" for k in range(1 + (n % 10 == 0))
        ),
        tags=", ".join(f"tag-{(n * 13 + k * 37) % tags}" for k in range(n % 3)),
    )


def _pools(talks: int) -> tuple[int, int]:
    """How many speakers and tags `talks` talks have among them (pyvideo.org's ratios:
    21,715 talks, 13,071 speakers, 2,941 tags)."""
    return max(1, talks * 6 // 10), max(4, talks // 7)


def sources(talks: int) -> dict[str, str]:
    """`{path in content/: Markdown}`: the talks in one folder per event, the pages."""
    files = {
        f"event-{n // TALKS_PER_EVENT:04d}/videos/talk-{n:05d}.md": talk(n, talks)
        for n in range(talks)
    }
    for n in range(10):
        files[f"pages/page-{n}.md"] = f"Title: Page {n}\n\nAbout {n}.\n"
    return files


def make_site(root: Path, talks: int, history: int | None = None) -> None:
    """The site's sources and pelicanconf.py under `root`; in a dated repository (with
    `history` other commits) unless `history` is None."""
    files = sources(talks)
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
    """One Pelican build in this process of `site` (a folder with pelicanconf.py, or a
    pelicanconf.py), with or without the plugin, and with `plugins` (with the plugin too:
    ours writes `OURS`), the site's own plugins kept but a sitemap; its seconds."""
    disconnect()  # an earlier build's register() left the handlers connected
    if plugin:
        plugins = ("sitemap_pelican", *plugins)
    conf = (site if site.is_file() else site / "pelicanconf.py").resolve()
    start = time.perf_counter()
    settings = read_settings(str(conf), override={"OUTPUT_PATH": str(out)})
    own = [name for name in settings["PLUGINS"] or () if name not in SITEMAPS]
    settings["PLUGINS"] = [*own, *plugins]
    if plugin and PEER in plugins:  # both: ours writes another file (the peer warns once)
        settings["SITEMAP"] = {**settings.get("SITEMAP", {}), "filename": OURS}
    cwd = os.getcwd()
    os.chdir(conf.parent)  # as `make html` runs it: a site's plugins may read relative paths
    try:
        Pelican(settings=settings).run()
    finally:
        os.chdir(cwd)
    return time.perf_counter() - start


def main() -> None:
    try:  # Pelican 4.7+ logs to a rich console (pyvideo.org pins 4.6, which prints)
        from pelican.log import console

        console.quiet = True
    except ImportError:
        pass
    if rss_child(run_build):  # a memory build of peak_mb_added
        return
    args = adapter_args(
        __doc__, 2000, 200, "talks", "talks", "a real site's pelicanconf.py to build instead"
    )
    talks, history, real = args.size, args.history, args.site
    memory = real is None or args.memory  # two more builds of a real site: minutes each
    spent = time_calls(
        *((owner, (name,)) for owner, name, _ in HANDLERS)
    )  # before register() connects them
    peer_spent = time_calls(*((owner, (name,)) for owner, name, _ in PEER_HANDLERS))
    with tempfile.TemporaryDirectory(prefix="bench-pelican-") as tmp:
        work = Path(tmp)
        start = time.perf_counter()
        make_site(work / "warm", 5, None if history is None else 0)
        if real is None:
            make_site(work / "site", talks, history)
        else:
            (work / "site").symlink_to(real.resolve())
        made = time.perf_counter() - start
        without, with_plugin, urls, floor_s = time_together(
            spent, peer_spent, work, without=real is None
        )
        peer_build, peer_urls = with_plugin, urls_written(work / "with" / "sitemap.xml")
        disconnect()
        added_mb, peak_mb = peak_mb_added(__file__, work) if memory else (math.nan, math.nan)
    if real is not None:
        shape = f"{real}"
    else:
        repo = (
            "no repository"
            if history is None
            else (f"in a repository of {len(sources(talks)) + history} commits")
        )
        shape = (
            f"{talks} talks in {-(-talks // TALKS_PER_EVENT)} events, "
            f"{_pools(talks)[0]} speakers, {_pools(talks)[1]} tags, 10 pages, {repo}"
        )
    print(f"site: {shape} (made in {made:.1f} s); {urls} URLs; both plugins in one build")
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
        f"git_cpu_s={spent[CHILDREN]:.2f}",
    )


def time_together(
    spent: Counter[str], peer_spent: Counter[str], work: Path, without: bool
) -> tuple[float, float, int, float]:
    """Both plugins in one build (ours writing `OURS`), after a warm-up: the same moment's
    load for both, on a shared machine where separate builds met loads that made the
    ratio swing from 0.7 to 4 between runs. `time_builds`' four values; with `without`,
    a build without either first (else its time is 0: a real site takes minutes)."""
    pages = record_pages()
    run_build(work / "warm", work / "warm-out", True, (PEER,))  # both warmed alike
    spent.clear()
    peer_spent.clear()
    alone = run_build(work / "site", work / "without", False) if without else 0.0
    if spent or peer_spent:
        raise SystemExit("a plugin ran in the build without it")
    pages.clear()
    built = timed_build(spent, lambda: run_build(work / "site", work / "with", True, (PEER,)))
    heads_and_git = floor(pages)
    write = written_plainly(work / "with" / OURS, work / "plain-sitemap.xml")
    print(f"floor: heads read and git's walk {heads_and_git:.3f} s, lxml write {write:.3f} s")
    return alone, built, urls_written(work / "with" / OURS), heads_and_git + write


if __name__ == "__main__":
    main()
