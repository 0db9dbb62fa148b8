"""Where pages stand in their site (`Page.section`, `Page.rank`), from the generator's
own order: a nav of sections and pages (`place_pages`: MkDocs' nav), or a tree of pages
each leading to more (`tree_places`: Sphinx's toctree from its root document); the pages
outside it follow, under a section of their own."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence, Set
from dataclasses import dataclass
from typing import Generic, NamedTuple, TypeVar

from .page import Section

OTHER_PAGES = "Other pages"  # the section of the top-level pages outside the order

K = TypeVar("K", bound=Hashable)


class Place(NamedTuple):
    """Where a page stands: its sections (outermost first) and its rank (lower first)."""

    section: tuple[Section, ...]
    rank: int


@dataclass(frozen=True, slots=True)
class Branch(Generic[K]):
    """A section of a nav, a heading with no page of its own: its title and its items
    (pages, by key, and sections), in order."""

    title: str
    children: Sequence[K | Branch[K]]


def place_pages(tree: Iterable[K | Branch[K]], others: Iterable[tuple[str, K]]) -> dict[K, Place]:
    """Where each page stands, by key: the `tree`'s pages in its order under its sections
    (a page twice in it where it first stands); then the `others` (`(folder, key)`) not
    in it, by folder (a stable sort: in the order given within one), each under its
    folder (`OTHER_PAGES` for the top one)."""
    found: dict[K, Place] = {}

    def walk(items: Iterable[K | Branch[K]], section: tuple[Section, ...]) -> None:
        for item in items:
            if isinstance(item, Branch):
                walk(item.children, (*section, Section(item.title)))
            else:
                found.setdefault(item, Place(section, len(found)))

    walk(tree, ())
    rest = sorted(((f, k) for f, k in others if k not in found), key=_folder)
    for rank, (folder, key) in enumerate(rest, len(found)):
        found[key] = Place((Section(folder or OTHER_PAGES),), rank)
    return found


def _folder(pair: tuple[str, object]) -> str:
    return pair[0]


def tree_places(
    root: str,
    children: Mapping[str, Sequence[str]],
    names: Set[str],
    title: Callable[[str], str],
    url: Callable[[str], str],
    other: str = OTHER_PAGES,
) -> dict[str, Place]:
    """Where each of the pages `names` stands, by name: `root` first, then the pages it
    leads to (`children`) as the top level, each page under those that lead to it (a page
    several lead to under the first to reach it, level by level), then the pages nothing
    leads to, by name, under `other`. A page that leads to others is a section of them,
    with its `title` and `url`; names in `children` that are not `names` are skipped."""
    found: dict[str, Place] = {root: Place((), 0)}
    ranks = itertools.count(1)

    def below(name: str, section: tuple[Section, ...]) -> None:
        under = [c for c in children.get(name, ()) if c in names and c not in found]
        for child in under:  # claimed before any of them claims its own
            found[child] = Place(section, 0)
        for child in under:
            found[child] = Place(section, next(ranks))
            if children.get(child):
                below(child, (*section, Section(title(child), url(child))))

    below(root, ())
    outside = (Section(other),)
    for name in sorted(names - found.keys()):
        found[name] = Place(outside, next(ranks))
    return found
