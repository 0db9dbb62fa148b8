"""The site's section tree, from the pages of the inventory: the one structure the site
map page for people and llms.txt are both rendered from.

Each page says where it stands (`Page.title`, `Page.section`, `Page.rank`); the tree puts
every titled page under its sections, in rank order (ties in the order given). A section
that has a page of its own (a Sphinx document with a toctree, a Pelican category) is one
entry with that page's URL and title and the pages under it; a section without one is a
heading. Untitled pages (pagination, author pages, fallbacks) are not in the tree.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from ..values.page import Page, Section
from .htmlmap import MapEntry


class _Node:
    """One entry being built: its title, URL, date and the entries under it, by key."""

    __slots__ = ("title", "url", "lastmod", "children", "own")

    def __init__(self, title: str, url: str | None) -> None:
        self.title = title
        self.url = url
        self.lastmod: dt.date | None = None
        self.children: dict[object, _Node] = {}
        self.own = False  # True once the section's own page has given its title

    def under(self, section: Section) -> _Node:
        """The node of `section` under this one, made on first use."""
        key = section.url if section.url is not None else ("heading", section.title)
        node = self.children.get(key)
        if node is None:
            node = self.children[key] = _Node(section.title, section.url)
        return node

    def entry(self) -> MapEntry:
        children = tuple(child.entry() for child in self.children.values())
        return MapEntry(self.title, self.url, self.lastmod, children)


def section_tree(pages: Iterable[Page], *, dated: bool = False) -> list[MapEntry]:
    """The titled `pages` as a tree of `MapEntry`s, each under its sections, in rank order;
    `dated`: an entry shows its page's publication date (a Pelican article's)."""
    root = _Node("", None)
    titled = sorted((page for page in pages if page.title is not None), key=_rank)
    for page in titled:
        node = root
        for section in page.section:
            node = node.under(section)
        own = node.under(Section(page.title or "", page.url))
        if not own.own:
            own.title, own.own = page.title or "", True
        if dated and isinstance(page.published, dt.date):
            own.lastmod = page.published
    return [child.entry() for child in root.children.values()]


def _rank(page: Page) -> int:
    return page.rank
