"""The site map page of a site built into a folder of another's output, which lists it
in its sitemap: a language of Pelican's i18n_subsites (`fr/`), with its own map there.

`subsite_map` makes it: the section tree of the site's pages with URLs relative to its
folder, as its own pages link (`files.nested.subsite_folder` tells which site wrote a
file). Loaded with the site map pages only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Container, Iterable
from dataclasses import dataclass

from ..values.page import Page
from .htmlmap import MapEntry, prune
from .sections import section_tree


def subsite_map(
    pages: Iterable[Page],
    listed: Container[str],
    folder: str,
    dated: bool | Callable[[Page], bool] = False,
) -> tuple[list[MapEntry], Container[str]]:
    """The map of the site in the main output's `folder` (`fr/`; `` for the main site)
    from its `pages` (URLs relative to the main site): its section tree (`dated` as
    `section_tree` takes it), URLs relative to `folder`, without what the sitemap leaves
    out (`listed`: the main site's `Listing`); and that listing for URLs relative to
    `folder`, as `render` takes it."""
    under = _Under(listed, folder)
    return prune(_relative(section_tree(pages, dated=dated), folder), under), under


@dataclass(frozen=True, slots=True)
class _Under:
    """What the sitemap lists, for URLs relative to a site in the main output's `prefix`."""

    listed: Container[str]
    prefix: str

    def __contains__(self, url: object) -> bool:
        return self.prefix + str(url).lstrip("/") in self.listed


def _relative(tree: Iterable[MapEntry], prefix: str) -> list[MapEntry]:
    """The tree with URLs relative to the site in the main output's `prefix` (`fr/`)."""
    if not prefix:
        return list(tree)
    return [
        dataclasses.replace(
            entry,
            url=None if entry.url is None else entry.url.removeprefix(prefix),
            children=tuple(_relative(entry.children, prefix)),
        )
        for entry in tree
    ]
