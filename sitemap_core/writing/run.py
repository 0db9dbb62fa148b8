"""The whole write: an iterable of pages in, the sitemap set (and the news set) written,
robots.txt updated (the feeds' lines too), a `Result` out."""

from __future__ import annotations

import dataclasses
import itertools
import os
from collections.abc import Iterable
from operator import attrgetter
from pathlib import Path

from ..facts.gitdates import GitDates
from ..facts.htmlhead import Heads
from ..facts.lastmod import LastmodSources
from ..options import Settings
from ..protocol.extensions import MAX_NEWS_URLS
from ..values import urls
from ..values.codes import Code
from ..values.media import Fragment
from ..values.page import Page
from ..values.report import Issues, Result
from . import robots
from .dedupe import SeenURLs
from .entries import Entries
from .install import Installer, remove_temporaries
from .writer import Entry, PartWriter

_CHUNK = 1024  # pages taken from the stream at a time
_LOC = attrgetter("loc")
_SOURCE = attrgetter("lastmod_source")
NEWS_STEM = "sitemap-news"  # the news sitemap: sitemap-news.xml


@dataclasses.dataclass(frozen=True, slots=True)
class Written:
    """What `write_set` did: the result so far; the sets to check (the sitemap set, then
    the news set), each with the URL its first file is published at; and whether the
    write went through (False: nothing was written, the result says why); and, when
    `llms_txt` is on, the pages llms.txt lists (`llmstxt.LlmsPages.listed`)."""

    result: Result
    sets: tuple[tuple[tuple[Path, ...], str], ...] = ()
    complete: bool = True
    llms: list[tuple[str, Page]] | None = None  # llms.txt's pages (`llms_txt` on), by <loc>


def write_set(
    pages: Iterable[Page],
    out_dir: Path,
    settings: Settings,
    history: GitDates | None = None,
    heads: Heads | None = None,
) -> Written:
    """Write the sitemap set for `pages` (and `settings.extra_urls`) into `out_dir`;
    `history`: what `read_ahead` started reading of the pages' git history, if called.

    Pages stream through once, a batch of `_CHUNK` at a time: checked, dated, deduplicated
    and written as they arrive. Files land by rename only when the whole set is ready, so
    a failed run leaves the old set whole. Problems come back as `Result.issues`; nothing
    here logs or raises for bad input.
    """
    return _Run(Path(out_dir), settings, history, heads).run(pages)


def cache_beside(out_dir: Path, settings: Settings) -> Settings:
    """`settings` with a cache folder inside the site moved beside it: never deployed."""
    if settings.cache_dir is not None and settings.cache_dir.resolve().is_relative_to(
        out_dir.resolve()
    ):
        return dataclasses.replace(
            settings, cache_dir=out_dir.resolve().parent / settings.cache_dir.name
        )
    return settings


def remove_sets(out_dir: Path, settings: Settings) -> None:
    """Remove the sitemap set (and news set) an earlier build wrote into `out_dir`: a
    build that writes none must not leave the old one to be deployed."""
    if out_dir.is_dir():
        installer = Installer(out_dir, settings, urls.normal_base(settings.base_url), Issues())
        for stem in (settings.filename.rsplit(".", 1)[0], NEWS_STEM):
            installer.remove_stale(set(), stem)


class _Run:
    """One run of `write_set`: its settings, the issues found, the files made."""

    def __init__(
        self,
        out_dir: Path,
        settings: Settings,
        history: GitDates | None = None,
        heads: Heads | None = None,
    ) -> None:
        self.out_dir = out_dir
        self.s = settings
        self.issues = Issues()
        self.base = urls.normal_base(settings.base_url)
        self.location = self.base + settings.filename
        scope = urls.scope_of(self.location)
        self.dates = LastmodSources(settings, self.issues, scope, history)
        self.entries = Entries(settings, self.issues, self.dates, heads)
        self.stem = settings.filename.rsplit(".", 1)[0]  # `sitemap` of `sitemap.xml`
        self.installer = Installer(out_dir, settings, self.base, self.issues)
        self.news_files: list[Path] = []
        self.llms: list[tuple[str, Page]] | None = None

    def run(self, pages: Iterable[Page]) -> Written:
        problem = urls.base_url_problem(self.base)
        if problem:
            self.issues.add(Code.BASE_URL, "", "base_url", f"no sitemap written: {problem}")
            remove_sets(self.out_dir, self.s)
            return Written(Result(issues=self.issues.all()), complete=False)
        try:
            files, count = self._write(pages)
        except OSError as exc:
            remove_temporaries(self.out_dir)
            self.issues.add(
                Code.WRITE, str(self.out_dir), "", _write_failed(exc, self.out_dir), "error"
            )
            return Written(
                Result(issues=self.issues.all(), lastmod_sources=dict(self.dates.used)),
                complete=False,
            )
        except BaseException:
            remove_temporaries(self.out_dir)
            raise
        sitemap_url = self._sitemap_url(files)
        main = tuple(f for f in files if f not in self.news_files)
        sets = tuple(
            (checked, self.base + checked[0].name)
            for checked in (main, tuple(self.news_files))
            if checked
        )
        return Written(
            Result(
                files=tuple(files),
                urls=count,
                issues=self.issues.all(),
                lastmod_sources=dict(self.dates.used),
                sitemap_url=sitemap_url if files else "",
                shallow_undated=self.dates.cut,
            ),
            sets,
            llms=self.llms,
        )

    def _write(self, pages: Iterable[Page]) -> tuple[list[Path], int]:
        """Stream the pages into parts, put the files in place, update robots.txt."""
        self.out_dir.mkdir(parents=True, exist_ok=True)
        # XML first: its entries are the larger, so what it takes the text format takes too.
        formats = sorted(self.s.formats, key=lambda fmt: fmt != "xml")
        writers = [
            PartWriter(self.out_dir, fmt, self.s.max_urls, self.s.max_bytes, self.s.indent)
            for fmt in formats
        ]
        seen = SeenURLs()
        count = 0
        extra = (Page(url=url, name=f"extra_urls: {url}") for url in self.s.extra_urls)
        stream = iter(itertools.chain(pages, extra))
        while chunk := list(itertools.islice(stream, _CHUNK)):
            self.dates.prefetch(chunk)
            count += self._add(list(self.entries.made(chunk)), seen, writers)
        count += self._add(self.entries.canonicals.listed(seen, self.out_dir), seen, writers)
        if self.entries.llms is not None:
            self.llms = self.entries.llms.listed(seen, self.base, self.entries.scope)
        self.entries.check_x_default()
        self.issues.extend(self.entries.placement.excluded.unmatched())
        parts = {w.fmt: w.close() for w in writers}
        files = self.installer.install(parts, count, self.stem) if count else self._empty()
        news = self._install_news() if files and self.s.news else []
        self.dates.save()
        if files and self.s.robots_txt:  # "auto" or True
            self._robots(self._sitemap_url(files), self.stem, "sitemap")
            if news:
                self._robots(self.base + news[0].name, NEWS_STEM)
            elif self.s.news:
                robots.drop(self.out_dir, self.base, _robots_names(NEWS_STEM))
            robots.add_feeds(self.out_dir, self.s, self.base, self.issues)
        self.news_files = news
        return files + news, count

    def _install_news(self) -> list[Path]:
        """The news sitemap: the listed articles published within `news_days`, written
        apart (1,000 URLs a file); none when no article is recent (files and line go)."""
        writer = PartWriter(self.out_dir, "xml", MAX_NEWS_URLS, self.s.max_bytes, self.s.indent)
        indent = self.entries.indent
        for loc, article in self.entries.articles:
            writer.add(Entry(loc, media=Fragment(article.xml(indent), frozenset({"news"}))))
        parts = writer.close()
        if not parts:
            self.installer.remove_stale(set(), NEWS_STEM)
            return []
        return self.installer.install({"xml": parts}, len(self.entries.articles), NEWS_STEM)

    def _add(self, entries: list[Entry], seen: SeenURLs, writers: list[PartWriter]) -> int:
        """Write the entries not seen before into every format, and count where the
        lastmods of those written come from; how many were written."""
        again = seen.add_all(list(map(_LOC, entries)))
        if again:
            again_set = set(again)
            entries = [e for i, e in enumerate(entries) if i not in again_set]
        for entry in writers[0].add_all(entries):
            entries.remove(entry)
            self.issues.add(
                Code.SIZE,
                entry.loc,
                "max_bytes",
                (
                    f"left out: its entry alone is larger than max_bytes "
                    f"({self.s.max_bytes}) allows a sitemap file"
                ),
            )
        for other in writers[1:]:
            other.add_all(entries)
        self.dates.count(map(_SOURCE, entries))
        return len(entries)

    def _empty(self) -> list[Path]:
        self.issues.add(Code.EMPTY, "", "", "no page to list: no sitemap written")
        self.installer.remove_stale(set(), self.stem)
        return []

    def _sitemap_url(self, files: list[Path]) -> str:
        return self.base + files[0].name if files else self.location

    def _robots(self, sitemap_url: str, *stems: str) -> None:
        """Our `Sitemap:` line in robots.txt (`robots.place_line`)."""
        robots.place_line(
            self.out_dir,
            self.base,
            self.s.robots_txt,
            sitemap_url,
            _robots_names(*stems),
            self.issues,
        )


def _write_failed(exc: OSError, out_dir: Path) -> str:
    """The message of a run that could not write its files."""
    where = (
        exc.filename
        if isinstance(exc.filename, str)
        and not os.path.basename(exc.filename).startswith(".sitemap-")
        else out_dir
    )
    return (
        f"no sitemap written: cannot write {where} ({exc.strerror or exc}); the "
        "previous sitemap is left as it was"
    )


def _robots_names(*stems: str) -> tuple[str, ...]:
    """The file names of our own earlier `Sitemap:` lines: these stems' (the default's too,
    for a renamed sitemap)."""
    return tuple(
        f"{stem}.{ext}"
        for stem in dict.fromkeys(stems)
        for ext in ("xml", "xml.gz", "txt", "txt.gz")
    )
