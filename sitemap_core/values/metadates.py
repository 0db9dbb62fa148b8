"""A page's own dates from its metadata: one rule for every generator, which names only
its keys.

A page's metadata may date it twice: when it was changed (`lastmod`, which wins over any
other source) and when it was first published (`published`, a floor under its sources'
date). `MetaDates` holds the keys one generator reads them from and reads a page's
metadata with them: the `sitemap:` block's `lastmod` first, else the first modification
key given, in the generator's order; the publication key, which may hold a mapping of
`created` and `updated` (mkdocs-material's blog: `date: {created: ..., updated: ...}`),
its `updated` a modification date when no other is given. `Page.keys` names the keys the
values came from, so a message about a date names the field as the user wrote it
(`date.updated`). The values are passed on as written: the writer checks them.

The `sitemap:` block itself is read by `meta_overrides`, flat keys of a generator's own
(Pelican's `Priority:`) by `MetaKeys`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class MetaDates:
    """The metadata keys of a page's modification date (`lastmod`, the first one given
    wins) and of its publication date (`published`), as one generator names them."""

    lastmod: tuple[str, ...]
    published: str = "date"

    @property
    def names(self) -> tuple[str, ...]:
        """Every key a date is read from (a metadata block that holds one and cannot be
        read loses it)."""
        return (*self.lastmod, self.published)

    def arguments(self, meta: Mapping[str, Any], overrides: Mapping[str, Any]) -> dict[str, Any]:
        """`Page` keyword arguments: the `sitemap:` block's `overrides` (`meta_overrides`),
        then `lastmod`, `published` and `keys` from the page's metadata `meta`."""
        out = dict(overrides)
        keys = []
        lastmod = out.pop("lastmod", None)
        if lastmod is not None:
            keys.append(("lastmod", "sitemap.lastmod"))
        else:
            for key in self.lastmod:
                if meta.get(key) is not None:
                    lastmod = meta[key]
                    keys.append(("lastmod", key))
                    break
        published, key = meta.get(self.published), self.published
        if isinstance(published, Mapping):  # `date: {created: ..., updated: ...}`
            if lastmod is None and published.get("updated") is not None:
                lastmod = published["updated"]
                keys.append(("lastmod", f"{key}.updated"))
            published, key = published.get("created"), f"{key}.created"
        if published is not None:
            keys.append(("published", key))
        return {**out, "lastmod": lastmod, "published": published, "keys": tuple(keys)}
