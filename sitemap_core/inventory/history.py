"""`History`: the git history of a build's pages, read while the generator builds, and
kept from one build of a dev server to the next while it still holds."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..options import Settings
from ..values.page import StrPath

if TYPE_CHECKING:
    from ..facts.gitdates import GitDates


class History:
    """What git has read, and is reading, of the pages' sources. A dev server's build
    takes over the last build's (`kept`) when HEAD is still on its commit and the
    settings date pages the same way: the files changed since are then dated by their
    mtime, and git reads only what is new."""

    __slots__ = ("settings", "dates", "_kept")

    def __init__(self, settings: Settings | None, previous: History | None = None) -> None:
        self.settings = settings
        self.dates: GitDates | None = None
        before = previous.settings if previous is not None else None
        same = before is not None and settings is not None and before.lastmod == settings.lastmod
        self._kept = previous.dates if same and previous is not None else None

    def read(self, sources: Iterable[StrPath]) -> None:
        """Start git reading the history of the pages' `sources` while the generator
        builds, when the settings date pages by git; or take the last build's over."""
        if self.settings is None:
            return
        from ..facts.lastmod import read_ahead  # git's path: loaded when a build reads history

        paths = list(sources)
        kept, self._kept = self._kept, None
        if kept is not None and paths and kept.contains(paths[0]) and kept.refresh():
            kept.read_ahead(paths)
            self.dates = kept
        else:
            self.dates = read_ahead(paths, self.settings)

    def read_more(self, sources: Iterable[StrPath]) -> None:
        """Start git reading the history of more files (those pages include, found while
        the generator reads them)."""
        if self.dates is not None:
            self.dates.read_ahead(sources)

    def prefetch(self, sources: Iterable[StrPath]) -> None:
        """Take git's reads of `sources` over now (git finished them while the generator
        worked), so that dating the pages later waits for nothing."""
        if self.dates is not None:
            self.dates.prefetch(sources)
