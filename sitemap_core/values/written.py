"""The files a generator writes, kept small as they are written, their `Page`s made later.

A generator that signals each file it writes with the context it rendered it from
(Pelican's `content_written`) hands over a copy of its whole context: the site's settings
and contents, per file. `WrittenFiles` keeps, per file, only the few items its `Page` is
made of, and the first context of each site (what a site's pages have in common); the
`Page`s are made at the end of the build, in one pass (`made`), where the work on one
page leaves its data warm for the next, as the generator's writes between them do not.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

from .page import Page


class WrittenFiles:
    """The files written so far, each with the context items `keys` (None where it has
    none), in the order of the writes; and the first context of each site, by the
    identity of its item `site` (a list each site's contexts share)."""

    __slots__ = ("keys", "sites", "_site", "_kept", "_made")

    def __init__(self, keys: tuple[str, ...], site: str) -> None:
        self.keys = keys
        self.sites: dict[int, Mapping[str, Any]] = {}  # the first context of each site
        self._site = site
        self._kept: deque[tuple[str, tuple[Any, ...]]] = deque()  # (file, its items): to make
        self._made: dict[str, Page] = {}  # by file

    def add(self, path: str, context: Mapping[str, Any]) -> None:
        """The file written at `path`, from `context`: its items kept (it holds its site's
        item alive, so the id stays that site's)."""
        self._kept.append((path, tuple(map(context.get, self.keys))))
        self.sites.setdefault(id(context.get(self._site)), context)

    def made(
        self,
        page: Callable[[str, Mapping[str, Any]], Page | None],
        overrides: Callable[[Mapping[str, Any]], bool],
    ) -> dict[str, Page]:
        """The `Page` of each file written so far, by file: `page(path, items)` of each
        write, in order (None: the file is left out), the items a dict of `keys`.

        A file written twice holds what the write that overrides holds (`overrides(items)`,
        a Pelican page whose `Save_as:` is a tag's page): the generator skips the other
        write, before or after it, and signals both. Each write's items are let go of as
        its page is made."""
        made, keys, writes = self._made, self.keys, self._kept
        while writes:
            path, kept = writes.popleft()
            items = dict(zip(keys, kept))
            if path in made and not overrides(items):
                continue  # a skipped write: the file holds the one that overrides
            found = page(path, items)
            if found is not None:
                made[path] = found
            else:  # left out: the file it overrode is no longer what it holds
                made.pop(path, None)
        return made
