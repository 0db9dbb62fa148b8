"""The files a generator writes, kept small as they are written, their `Page`s made later.

A generator that signals each file it writes with the context it rendered it from
(Pelican's `content_written`) hands over a copy of its whole context: the site's settings
and contents, per file. `WrittenFiles` keeps, per file, only the few items its `Page` is
made of, and the first context of each site (what a site's pages have in common); the
`Page`s are made at the end of the build, as the write asks for them (`given`), each let
go of once given: a site's pages are never all held at once.
"""

from __future__ import annotations

from collections import Counter, OrderedDict, deque
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from .page import Page

PageOf = Callable[[str, Mapping[str, Any]], "Page | None"]  # (file, its items) -> its Page
Overrides = Callable[[Mapping[str, Any]], bool]  # whether a write overrides the file's others


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
        self._made: OrderedDict[str, Page] = OrderedDict()  # by file, not given yet

    def add(self, path: str, context: Mapping[str, Any]) -> None:
        """The file written at `path`, from `context`: its items kept (it holds its site's
        item alive, so the id stays that site's)."""
        self._kept.append((path, tuple(map(context.get, self.keys))))
        self.sites.setdefault(id(context.get(self._site)), context)

    def made(self, page: PageOf, overrides: Overrides) -> dict[str, Page]:
        """The `Page` of each file written so far, by file: `page(path, items)` of each
        write, in order (None: the file is left out), the items a dict of `keys`.

        A file written twice holds what the write that overrides holds (`overrides(items)`,
        a Pelican page whose `Save_as:` is a tag's page): the generator skips the other
        write, before or after it, and signals both. Each write's items are let go of as
        its page is made."""
        for _ in self._taken(page, overrides):
            pass
        return self._made

    def given(self, page: PageOf, overrides: Overrides) -> Iterator[Page]:
        """The pages `made` would hold once every write is taken, in its order, each made
        when the caller asks for the next and given (and let go of) as soon as no write
        left can change it: the file's last write is taken."""
        made = self._made
        left = Counter(path for path, _ in self._kept)  # each file's writes not taken
        for path in self._taken(page, overrides):
            left[path] -= 1
            while made and not left[next(iter(made))]:
                yield made.popitem(last=False)[1]
        while made:  # those an earlier `made` made
            yield made.popitem(last=False)[1]

    def _taken(self, page: PageOf, overrides: Overrides) -> Iterator[str]:
        """Take the writes in order, one at a time: each file written, once taken."""
        made, keys, writes = self._made, self.keys, self._kept
        while writes:
            path, kept = writes.popleft()
            items = dict(zip(keys, kept))
            if path not in made or overrides(items):  # else skipped: the file holds the other
                found = page(path, items)
                if found is not None:
                    made[path] = found
                else:  # left out: the file it overrode is no longer what it holds
                    made.pop(path, None)
            yield path
