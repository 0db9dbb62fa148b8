"""Where each page's lastmod comes from: its own date, git, the content state, mtime...

One `LastmodSources` per run loads git dates and the content state once, on first need,
and counts which source dated how many pages (for the summary line).
"""

from __future__ import annotations

import datetime as dt
import operator
from collections import Counter
from pathlib import Path

from . import lastmod
from .contentstate import ContentState, content_digest
from .gitdates import GitDates
from .options import Settings
from .page import Page, StrPath
from .report import Issue

Stamp = tuple[str, float]  # W3C text as written, and a number that orders stamps
_CACHE_SIZE = 100_000
_LASTMOD = operator.attrgetter("lastmod")


class LastmodSources:
    """The `lastmod` setting, applied page by page."""

    def __init__(self, settings: Settings, issues: list[Issue]) -> None:
        self.s = settings
        self.issues = issues
        self.used: Counter[str] = Counter()
        self._known: dict[str, Stamp] = {}  # lastmod strings already parsed, as written
        self._git: GitDates | None | bool = False  # False: not loaded yet
        self._state: ContentState | None | bool = False

    def stamp(self, page: Page, loc: str, built: bool) -> Stamp | tuple[None, None]:
        """The page's lastmod: its own (if valid), else the configured source's.

        `built` says the page's output was read and is listed (content hashes need it).
        """
        if page.lastmod is not None:
            own = self._own(page)
            if own is not None:
                self.used["page"] += 1
                return own
        value, source = self._from_sources(page, loc, built)
        if value is None:
            return None, None
        self.used[source] += 1
        return lastmod.to_w3c(value), lastmod.sort_key(value, self.s.timezone)

    def stamps(self, pages: list[Page]) -> list[Stamp | tuple[None, None]]:
        """`stamp` of each page, for pages that have no output file: known dates are
        looked up for the whole batch at once."""
        try:
            found: list = list(map(self._known.get, map(_LASTMOD, pages)))
        except TypeError:  # an unhashable lastmod: `stamp` names it
            found = [None] * len(pages)
        misses = [i for i, known in enumerate(found) if known is None] if None in found else []
        self.used["page"] += len(found) - len(misses)
        for i in misses:
            found[i] = self.stamp(pages[i], "", False)
        return found

    def save(self) -> None:
        """Keep the content state for the next build, if it was used."""
        if isinstance(self._state, ContentState):
            self.issues.extend(self._state.save())

    def _own(self, page: Page) -> Stamp | None:
        known = (self._known.get(page.lastmod)
                 if isinstance(page.lastmod, (str, dt.date)) else None)
        if known is not None:
            return known
        try:
            value = lastmod.parse(page.lastmod, self.s.timezone)
        except ValueError as exc:
            self.issues.append(Issue("lastmod", page.label, "lastmod",
                                     f"lastmod from the page ignored: {exc}"))
            return None
        known = lastmod.to_w3c(value), lastmod.sort_key(value, self.s.timezone)
        if isinstance(page.lastmod, (str, dt.date)) and len(self._known) < _CACHE_SIZE:
            self._known[page.lastmod] = known
        return known

    def _from_sources(self, page: Page, loc: str, built: bool) -> tuple[dt.datetime | None, str]:
        mode = self.s.lastmod
        if mode == "none":
            return None, ""
        if mode == "build":
            return self.s.build_time, "build"
        if mode in ("auto", "git") and page.sources:
            git = self._git_dates(page.sources[0])
            if git is not None:
                dates = [d for d in map(git.date_of, page.sources) if d is not None]
                if dates:
                    return max(dates), "git"
        if mode in ("auto", "content", "git") and built and page.output is not None:
            state = self._content_state()
            if state is not None and (digest := _digest(page.output)) is not None:
                return state.lastmod(loc, digest, self.s.build_time), "content"
        if mode in ("mtime", "git", "content"):
            files = (*page.sources, *([page.output] if page.output else []))
            stamps = [t for t in map(lastmod.file_mtime, files) if t is not None]
            if stamps:
                return max(stamps), "mtime"
        return None, ""

    def _git_dates(self, source: StrPath) -> GitDates | None:
        if self._git is False:  # a Path only once, not per page
            git, found = GitDates.load(Path(source).parent)
            if self.s.lastmod == "auto":
                # Outside a repository "auto" quietly moves on; a shallow one is worth a word.
                found = [i for i in found if i.code != "git"]
                if git is not None and git.shallow:
                    git = None  # a truncated history would date every old page wrongly
            self.issues.extend(found)
            self._git = git
        return self._git if isinstance(self._git, GitDates) else None

    def _content_state(self) -> ContentState | None:
        if self._state is False:
            self._state = None
            if self.s.cache_dir is not None:
                self._state, found = ContentState.load(self.s.cache_dir, self.s.seed_sitemap)
                self.issues.extend(found)
        return self._state if isinstance(self._state, ContentState) else None


def _digest(path: StrPath) -> bytes | None:
    """The content digest of a built page, read only when the content state needs it."""
    try:
        with open(path, "rb") as page:
            return content_digest(page.read())
    except OSError:
        return None
