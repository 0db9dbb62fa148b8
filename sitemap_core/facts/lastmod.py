"""Where each page's lastmod comes from: its own date, git, the content state, mtime...

One `LastmodSources` per run loads git dates and the content state once, on first need,
and counts which source dated how many pages (for the summary line).
"""

from __future__ import annotations

import datetime as dt
import os
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from ..options import Settings
from ..values import dates, urls
from ..values.codes import Code
from ..values.lastmodmode import GIT_MODES, LastmodMode
from ..values.page import Page, StrPath
from ..values.report import Issues
from .contentstate import ContentState
from .gitdates import GitDates
from .gitrepo import UNTRACKED, FileDate
from .htmlhead import BuiltPage


class Stamp(NamedTuple):
    """A lastmod: its W3C text as written, and a number that orders stamps."""

    text: str
    key: float


class Dated(NamedTuple):
    """A date from the sources and where it comes from; and, when there is none because a
    shallow clone's history stops short, the date the page's files are not newer than."""

    date: dt.date | None
    source: str
    cut: dt.datetime | None


class Found(NamedTuple):
    """A page's lastmod and where it comes from; and, when there is none because a shallow
    clone's history stops short, the sort key of the newest date the page could have."""

    stamp: Stamp | None
    source: str
    bound: float | None


class _Asks(NamedTuple):
    """What the `lastmod` setting asks of the sources, decided once per run."""

    nothing: bool  # `none`
    build: bool
    git: bool  # `auto`, `git`: git history
    content: bool  # `auto`, `content`, `git`: the content state
    content_only: bool  # `content`: a listing page's own content dates it too
    mtime: bool
    git_only: bool
    auto: bool

    @classmethod
    def of(cls, mode: str) -> _Asks:
        """What `mode` (a `LastmodMode`) asks."""
        m = LastmodMode
        return cls(
            mode == m.NONE,
            mode == m.BUILD,
            mode in GIT_MODES,
            mode in (m.AUTO, m.CONTENT, m.GIT),
            mode == m.CONTENT,
            mode == m.MTIME,
            mode == m.GIT,
            mode == m.AUTO,
        )


class _Listed(NamedTuple):
    """A listed page, found once per run (`id`s are reused: the page says whose)."""

    page: Page
    found: Found


_NOTHING = Dated(None, "", None)
_FUTURE = FileDate(None, "future")  # a commit dated after the build: none
_SKEWED = (UNTRACKED.source, _FUTURE.source)  # git's facts whose mtime dates nothing
_UNDATED = Found(None, "", None)
CUT = "(shallow)"  # no lastmod: a shallow clone's history stops short of the page
_UNDATED_CUT = Found(None, CUT, None)
_CACHE_SIZE = 100_000


class LastmodSources:
    """The `lastmod` setting, applied page by page.

    A page's own modification date wins outright, unless it is after the build time
    (`build_time`: search engines reject such dates): then, as for a date that is not
    one, the page is dated by its next source, with an issue. Otherwise its date is the newest of
    what its sources say (git, the content state, mtime: per `lastmod`), its publication
    date (a floor) and, for a listing page, the dates of the pages it lists. Nothing
    known: no date, never an invented one (unless `lastmod: build` asks for the build time).

    In a shallow clone a file last changed at or before its oldest commit has no git
    date, only a bound: it is not newer than that commit. Whatever else is known of the
    page (a publication date, the dates of the pages it lists) is its date only when it
    is not older than that bound; otherwise the page's date is the content state's (or
    the seed sitemap's), else none.
    """

    def __init__(
        self,
        settings: Settings,
        issues: Issues,
        scope: str = "",
        history: GitDates | None = None,
    ) -> None:
        self.s = settings
        self.issues = issues
        self.used: Counter[str] = Counter()
        self.cut = 0  # pages left without a date because a shallow clone's history stops short
        self._own = _OwnDates(settings, issues).of
        self._listed: dict[int, _Listed] = {}  # by id(page)
        self._records = _Records(settings, issues, scope, history)
        self._asks = self._records.asks
        self._stamped = _Stamps(settings.timezone).of  # each date stamped once per run

    def prefetch(self, pages: list[Page]) -> None:
        """Let git date the sources of a batch of pages (and of the pages they list, but
        those dated already in an earlier batch) at once."""
        if not self._asks.git:
            return
        listed = self._listed
        every = (
            src
            for page in pages
            for one in (page, *page.lists)
            if (known := listed.get(id(one))) is None or known.page is not one
            for src in one.sources
        )
        first = next(every, None)
        if first is not None and (git := self._records.git_dates(first)) is not None:
            git.prefetch(dict.fromkeys((first, *every)))  # each once: lists share pages

    def stamp(self, page: Page, loc: str, built: BuiltPage | None) -> Found:
        """The page's lastmod (None without) and its source: a name, `CUT` (a shallow
        clone stops short of the page) or "" (`count` those of the URLs written). `built`:
        the page's output, read and listed (content hashes need it).

        A listing page stamped later counts a page with dependencies with the date found
        here: the content state may keep an older one than its sources say (an edit that
        changed nothing the page shows), and a listing is never newer than its pages.
        """
        found = self._find(page, loc, built, report=True)
        if built is not None and len(page.sources) > 1:
            self._listed[id(page)] = _Listed(page, found)  # what the sources alone miss
        if found.stamp is None:
            return _UNDATED_CUT if found.bound is not None else _UNDATED
        return found

    def count(self, sources: Iterable[str]) -> None:
        """Count where the lastmods of written URLs came from (`stamp`'s `source`)."""
        for source in sources:
            if source == CUT:
                self.cut += 1
            elif source:
                self.used[source] += 1

    def save(self) -> None:
        """Keep the content state for the next build, if it was used; pass on what git
        could not do; say once how many pages a shallow clone left undated."""
        self._records.save()

    def _find(self, page: Page, loc: str, built: BuiltPage | None, report: bool) -> Found:
        if page.lastmod is not None:
            own = self._own(page, "lastmod", report)
            if own is not None:
                return own
        best: Stamp | None = None
        value, source, cut = self._from_sources(page, loc, built)
        if value is not None:
            best = self._stamped(value)
        bound = None if cut is None else dates.sort_key(cut, self.s.timezone)
        if page.published is not None:
            floor = self._own(page, "published", report)
            floor_stamp = floor.stamp if floor is not None else None
            if floor_stamp is not None and (best is None or floor_stamp.key > best.key):
                best, source = floor_stamp, "page"
        if page.lists:
            newest, unknown = self._newest_listed(page.lists)
            if newest is not None and (best is None or newest.key > best.key):
                best, source = newest, "listed"
            if unknown is not None and (bound is None or unknown > bound):
                bound = unknown
        if bound is not None and (best is None or best.key < bound):
            # Something a shallow clone cannot date may be newer than all that is known.
            value = self._records.listing_date(page, loc, built)
            if value is None:
                return Found(None, "", bound)
            best, source = self._stamped(value), "content"
        return Found(best, source, None)

    def _newest_listed(self, pages: tuple[Page, ...]) -> tuple[Stamp | None, float | None]:
        """The newest date among listed pages, each found once per run (or as `stamp`
        wrote it), and the newest bound of a listed page a shallow clone left undated
        (None: there is none)."""
        best: Stamp | None = None
        bound: float | None = None
        listed = self._listed
        for page in pages:
            known = listed.get(id(page))
            if known is None or known.page is not page:
                known = listed[id(page)] = _Listed(page, self._find(page, "", None, False))
            stamp, _, unknown = known.found
            if stamp is not None:
                if best is None or stamp.key > best.key:
                    best = stamp
            elif unknown is not None and (bound is None or unknown > bound):
                bound = unknown
        return best, bound

    def _from_sources(self, page: Page, loc: str, built: BuiltPage | None) -> Dated:
        asks = self._asks
        if asks.nothing:
            return _NOTHING
        if asks.build:
            return Dated(self.s.build_time, "build", None)
        cut = None
        if asks.git and page.sources:
            dated = self._records.git_date(page, loc, built)
            if dated.date is not None:
                return dated
            cut = dated.cut
        # A listing page is as new as what it lists: its HTML changing says no more.
        listing = bool(page.lists) and not asks.content_only
        if asks.content and built and not listing:
            value = self._records.content_date(built, loc)
            if value is not None:
                return Dated(value, "content", None)
        # A file a shallow clone cannot date has the checkout's mtime: never its date.
        if asks.mtime or (asks.git_only and cut is None):
            sources = page.sources if asks.mtime else self._records.mtime_sources(page)
            files = (*sources, *([page.output] if asks.mtime and page.output else []))
            stamps = [t for t in map(dates.file_mtime, files) if t is not None]
            if stamps:
                return Dated(max(stamps), "mtime", None)
        return Dated(None, "", cut)


def _stamp(value: dt.date, tz: dt.tzinfo) -> Stamp:
    """`value` as a lastmod (`tz`: the zone of a date without one)."""
    return Stamp(dates.to_w3c(value), dates.sort_key(value, tz))


class _Stamps(dict[tuple[dt.date, "dt.tzinfo | None"], Stamp]):
    """Each date's stamp, made once per run (pages share their commits' dates), by the
    date and its zone: one instant has a text per zone."""

    def __init__(self, tz: dt.tzinfo) -> None:
        super().__init__()
        self.tz = tz  # the zone of a date without one

    def of(self, value: dt.date) -> Stamp:
        """`value` as a lastmod."""
        key = (value, getattr(value, "tzinfo", None))
        stamp = self.get(key)
        if stamp is None:
            stamp = self[key] = _stamp(value, self.tz)
        return stamp


class _OwnDates:
    """The dates pages state themselves, each text parsed once; a date after the build
    time is none (search engines reject such dates)."""

    __slots__ = ("s", "issues", "_known")

    def __init__(self, settings: Settings, issues: Issues) -> None:
        self.s = settings
        self.issues = issues
        self._known: dict[str, Found] = {}  # lastmod strings already parsed, as written

    def of(self, page: Page, field: str, report: bool) -> Found | None:
        """The page's `field` (`lastmod` or `published`); None (and, when `report`, an
        issue) for one not a date or after the build time."""
        raw = getattr(page, field)
        cacheable = isinstance(raw, (str, dt.date))
        known = self._known.get(raw) if cacheable else None
        if known is not None:
            return known
        try:
            value = dates.page_date(raw, self.s.timezone)
        except ValueError as exc:
            if report:
                key = page.key(field)
                self.issues.add(Code.LASTMOD, page.label, key, f"{exc}; ignored")
            return None
        stamp = _stamp(value, self.s.timezone)
        if stamp.key > self.s.build_time.timestamp():  # a date search engines reject
            if report:
                key = page.key(field)
                self.issues.add(
                    Code.LASTMOD,
                    page.label,
                    key,
                    f"{stamp.text} is after the build time "
                    f"({dates.to_w3c(self.s.build_time)}); ignored",
                )
            return None
        known = Found(stamp, "page", None)
        if cacheable and len(self._known) < _CACHE_SIZE:
            self._known[raw] = known
        return known


class _Records:
    """The dates kept outside the pages: git history and the content state, each loaded
    once, on first need; and how many pages a shallow clone left undated."""

    def __init__(
        self, settings: Settings, issues: Issues, scope: str, history: GitDates | None
    ) -> None:
        self.s = settings
        self.asks = _Asks.of(settings.lastmod)
        self.history = history  # git dates `read_ahead` started reading, if any
        self.scope = scope  # the sitemap's URL folder: its share of a shared content state
        self.issues = issues
        self.beyond_history = 0  # pages whose files predate a shallow clone's history
        self._git: GitDates | None | bool = False  # False: not loaded yet
        self._state: ContentState | None | bool = False
        self._latest = settings.build_time.timestamp()  # no commit is dated after it
        self._commits: dict[StrPath, str] = {}  # files dated after the build: their commit
        self._told: set[tuple[str, str]] = set()  # pages and such commits said

    def git_date(self, page: Page, loc: str, built: BuiltPage | None) -> Dated:
        """The newest commit date of the page's sources, and `git`; or the mtime of a
        source not committed, and `mtime`, when it is the newest.

        A page with dependencies (included files, documented modules) whose newest date is
        a dependency's, not its own file's (its first source), has its rendered content
        kept in the content state: when a later commit left what the page shows unchanged
        since an older date, the older date stands. When its own file is the newest, that
        date is the page's, as for a page without dependencies: no digest is made, and
        the state keeps no entry for the page (an older one would date it back).
        No date when a source was last changed at or before a shallow clone's oldest
        commit and no other is known to be newer: then the bound (that commit's date);
        `loc` empty: a page only looked at as listed (not counted).
        """
        git = self.git_dates(page.sources[0])
        if git is None:
            return _NOTHING
        if len(page.sources) == 1:
            fact = self._fact(git, page.sources[0], page, loc)
            if fact.date is None and fact.cut is not None and loc:
                self.beyond_history += 1
            return Dated(fact.date, fact.source, fact.cut)
        found = [self._fact(git, source, page, loc) for source in page.sources]
        cut = max((fact.cut for fact in found if fact.cut is not None), default=None)
        newest, source = max(
            ((fact.date, fact.source) for fact in found if fact.date is not None),
            default=(None, ""),
        )
        if newest is None or (cut is not None and newest < cut):
            if loc and cut is not None:
                self.beyond_history += 1
            return Dated(None, "", cut)
        value: dt.date = newest
        own = found[0].date
        if own is not None and own >= newest:  # no dependency is newer: the file's date
            if built and self.asks.auto and (state := self.content_state()) is not None:
                state.forget(loc)
            return Dated(value, source, None)
        if built and self.asks.auto:
            state = self.content_state()
            if state is not None and (digest := state.digest(built)) is not None:
                kept = state.recall(loc, digest)
                tz = self.s.timezone
                if kept is not None and dates.sort_key(kept, tz) < dates.sort_key(value, tz):
                    value = kept
                state.record(loc, digest, value)
        return Dated(value, source, None)

    def _fact(self, git: GitDates, source: StrPath, page: Page, loc: str) -> FileDate:
        """What git says of `source`, but no date from a commit dated after the build time
        (a clock set wrong): said once per page and commit, as info (`loc` empty: a page
        only looked at as listed)."""
        fact = git.facts(source)
        if fact.date is None or fact.date.timestamp() <= self._latest:
            return fact
        commit = self._commits.get(source)
        if commit is None:
            commit = self._commits[source] = git.commit_of(source) or "(unknown)"
        if loc and (page.label, commit) not in self._told:
            self._told.add((page.label, commit))
            self.issues.add(
                Code.GIT,
                page.label,
                "lastmod",
                f"{os.path.basename(source)}: its last commit, {commit}, is dated "
                f"{dates.to_w3c(fact.date)}, after the build time "
                f"({dates.to_w3c(self.s.build_time)}): a clock set wrong; not its lastmod",
                "info",
            )
        return _FUTURE

    def mtime_sources(self, page: Page) -> tuple[StrPath, ...]:
        """The page's sources whose mtime may date it (`lastmod: git`): not those git
        does not track (their mtime says when they were made or copied), nor those a
        commit from a skewed clock dated."""
        git = self.git_dates(page.sources[0]) if page.sources else None
        if git is None:
            return page.sources
        return tuple(s for s in page.sources if self._fact(git, s, page, "").source not in _SKEWED)

    def content_date(self, built: BuiltPage, loc: str) -> dt.date | None:
        """The date the content state gives the `built` page (recorded there)."""
        state = self.content_state()
        if state is not None and (digest := state.digest(built)) is not None:
            return state.lastmod(loc, digest, self.s.build_time)
        return None

    def listing_date(self, page: Page, loc: str, built: BuiltPage | None) -> dt.date | None:
        """The content state's date of a built listing page (its sources' date, asked
        first, left the content state out); None for other pages."""
        if page.lists and built and not self.asks.content_only:
            return self.content_date(built, loc)
        return None

    def git_dates(self, source: StrPath) -> GitDates | None:
        """The git dates of the work tree holding `source`, loaded on first need."""
        if self._git is False:  # a Path only once, not per page
            folder = Path(source).parent
            if self.history is not None and self.history.contains(folder):
                self._git = self.history
                return self.history
            git, found = GitDates.load(folder, self.s.ignore_revs_file, self.s.cache_dir)
            if self.asks.auto:  # outside a repository "auto" quietly moves on
                found = [i for i in found if i.code != Code.GIT]
            self.issues.extend(found)
            self._git = git
        return self._git if isinstance(self._git, GitDates) else None

    def content_state(self) -> ContentState | None:
        """The content state in `cache_dir`, loaded on first need; None without a cache."""
        if self._state is False:
            self._state = None
            if self.s.cache_dir is not None:
                self._state, found = ContentState.load(
                    self.s.cache_dir, self.s.seed_sitemap, self.scope
                )
                self.issues.extend(found)
        return self._state if isinstance(self._state, ContentState) else None

    def save(self) -> None:
        """Save the content state if used; pass on git's issues and the shallow-clone note."""
        if isinstance(self._state, ContentState):
            self.issues.extend(self._state.save())
        if isinstance(self._git, GitDates):
            self._git.keep()  # for the next build, by commit
            self.issues.extend(self._git.issues)
        if self.beyond_history:
            self.issues.add(
                Code.GIT_SHALLOW,
                "",
                "lastmod",
                f"{self.beyond_history} page(s) were last changed at or before the oldest "
                "commit of this shallow clone, so git cannot date them: they are dated from "
                "the content state or seed_sitemap where known, else have no lastmod. Fetch "
                "the whole history for exact dates (`fetch-depth: 0` in actions/checkout).",
                "info",
            )


def read_ahead(paths: Iterable[StrPath], settings: Settings) -> GitDates | None:
    """Start git reading the history of `paths` (the pages' sources) in the background,
    when `settings` date pages by git. Give the result to `write_sitemaps` (`history=`):
    it takes the dates over instead of running git then. None when there is nothing to
    read or no sitemap will be written (then `write_sitemaps` finds and reports why)."""
    if settings.lastmod not in GIT_MODES or urls.base_url_problem(
        urls.normal_base(settings.base_url)
    ):
        return None
    paths = list(paths)
    if not paths:
        return None
    git, found = GitDates.load(Path(paths[0]).parent, settings.ignore_revs_file, settings.cache_dir)
    if git is None or found:
        return None
    git.read_ahead(paths)
    return git
