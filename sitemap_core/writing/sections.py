"""The site's section tree, from the pages of the inventory: the one structure the site
map page for people and llms.txt are both rendered from.

Each page says where it stands (`Page.title`, `Page.section`, `Page.rank`); the tree puts
every titled page under its sections, in rank order (ties in the order given). A section
that has a page of its own (a Sphinx document with a toctree, a Pelican category) is one
entry with that page's URL and title and the pages under it, wherever its pages stand in
the order; a section without one is a heading, shared by the pages that follow one
another under it (two MkDocs nav sections of one title stay two). A section shows where
its first page stands. Untitled pages (pagination, author pages, fallbacks) are not in
the tree.
"""

from __future__ import annotations

import datetime as dt
import operator
from collections.abc import Callable, Iterable

from ..values.page import Page, Section
from .htmlmap import MapEntry


class _Node:
    """One entry being built: its title, URL, date and the entries under it, by key."""

    __slots__ = ("title", "url", "lastmod", "children", "last", "own")

    def __init__(self, title: str, url: str | None) -> None:
        self.title = title
        self.url = url
        self.lastmod: dt.date | None = None
        self.children: dict[object, _Node] = {}  # by URL; a heading by its node's id
        self.last: _Node | None = None  # the child made or entered last
        self.own = False  # True once the section's own page has given its title

    def under(self, section: Section) -> _Node:
        """The node of `section` under this one: a page's by its URL; a heading's, the
        last child when it is that heading; else made."""
        url = section.url
        if url is None:
            node = self.last
            if node is None or node.url is not None or node.title != section.title:
                node = _Node(section.title, None)
                self.children[id(node)] = node
        else:
            node = self.children.get(url)
            if node is None:
                node = self.children[url] = _Node(section.title, url)
        self.last = node
        return node

    def entry(self) -> MapEntry:
        children = tuple(child.entry() for child in self.children.values())
        return MapEntry(self.title, self.url, self.lastmod, children)


def section_tree(
    pages: Iterable[Page], *, dated: bool | Callable[[Page], bool] = False
) -> list[MapEntry]:
    """The titled `pages` as a tree of `MapEntry`s, each under its sections, in rank order;
    `dated` (all pages, or those it says yes to): an entry shows its page's publication
    date (a Pelican article's)."""
    root = _Node("", None)
    shows = dated if callable(dated) else (lambda page: dated)
    titled = sorted((page for page in pages if page.title is not None), key=_RANK)
    for page in titled:
        node = root
        for section in page.section:
            node = node.under(section)
        title = page.title or ""
        own = node.under(Section(title, page.url))
        if not own.own:
            own.title, own.own = title, True
        if isinstance(page.published, dt.date) and shows(page):
            own.lastmod = page.published
    return [child.entry() for child in root.children.values()]


_RANK = operator.attrgetter("rank")
