"""A page's flat metadata as `Page` arguments: one rule for every generator, which names
only its keys.

Pelican's `Priority:`, `Sitemap_exclude:`, a Sphinx document's `:sitemap_priority:`, a
front matter's top-level keys: each generator spells the sitemap's fields its own way, but
reads them alike. `MetaKeys` holds one generator's spelling and reads a page's metadata
with it: the values passed on as they are (the writer checks them), the yes/no flags, the
`sitemap` switch (false leaves the page out; a mapping is read as `meta_overrides` reads a
`sitemap:` block), and a `metadata` issue for each value it cannot use and each key that
looks like a typo of one of ours.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .closematch import close_match
from .codes import Code
from .page import meta_overrides, near_miss, parse_flag
from .report import Issue

# The flags a key of its own may set, and the `Page` arguments each sets when its value
# says so: true leaves the page out; false lists none of its images, or videos.
_FLAGS: dict[str, tuple[bool, dict[str, Any]]] = {
    "exclude": (True, {"exclude": True}),
    "images": (False, {"images": ()}),
    "videos": (False, {"videos": ()}),
}
_VALUES = ("priority", "changefreq")  # passed on as they are: the writer checks them


@dataclass(frozen=True, slots=True)
class MetaKeys:
    """How one generator's page metadata names the sitemap's fields, and the reading of it.

    `switch` (`Sitemap`) is the key whose false leaves the page out and whose mapping is a
    `sitemap:` block; `fields` maps each of the core's flat fields (`exclude`, `images`,
    `videos`, `priority`, `changefreq`) to the generator's key, and `dates` the core's dates
    (`published`, `lastmod`) to the keys the generator reads them from itself (messages
    name them). Keys are as users write them (`Sitemap_exclude`); `folded`: the
    generator hands them over lower-cased, as Pelican does. `form` shows a key and its
    value in a hint (`` `{}` `` makes `` `Sitemap: false` ``).
    """

    switch: str
    fields: Mapping[str, str]
    dates: Mapping[str, str]
    folded: bool = False
    form: str = "`{}`"
    # The date fields' names as the user gives them (`Page.keys`): made once, as every
    # page of a build carries them.
    keys: tuple[tuple[str, str], ...] = dataclasses.field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        keys = tuple((name, self.key(key)) for name, key in self.dates.items())
        object.__setattr__(self, "keys", keys)  # frozen: set once, here

    def key(self, written: str) -> str:
        """The key as the generator hands it over."""
        return written.lower() if self.folded else written

    def shown(self, written: str, value: str = "") -> str:
        """A key (with `value`) as the user writes it, for a hint: `` `Priority:` ``."""
        return self.form.format(f"{written}: {value}".rstrip())

    @property
    def how(self) -> str:
        """How to set each field, the end of every metadata issue's message."""
        key, shown = self.fields, self.shown
        values = ", ".join(shown(key[f]) for f in _VALUES)
        lastmod = f", {shown(self.dates['lastmod'])}" if "lastmod" in self.dates else ""
        media = ", ".join(shown(key[f], "false") for f in ("images", "videos"))
        return (
            f"use {shown(self.switch, 'false')} (or {shown(key['exclude'], 'true')}) to leave "
            f"a page out, {values}{lastmod} for its sitemap fields, and {media} to list "
            "none of its media"
        )

    def read(
        self, metadata: Mapping[str, Any], page: str, plain: set[str]
    ) -> tuple[dict[str, Any], list[Issue]]:
        """`Page` keyword arguments from one page's metadata, and issues naming `page`.

        `plain` gathers the keys that are neither ours nor like one (`title`, `date`),
        across a build's pages: a page whose keys all are is skipped at once."""
        if plain.issuperset(metadata):
            return {}, []
        issues: list[Issue] = []
        out = {f: v for f in _VALUES if (v := metadata.get(self.key(self.fields[f]))) is not None}
        switch = self.key(self.switch)
        value = metadata.get(switch)
        if isinstance(value, Mapping):
            found, issues = meta_overrides(value, page)
            out.update(found)
            if "lastmod" in found:
                lastmod = ("lastmod", f"{switch}.lastmod")
                out["keys"] = tuple(lastmod if f == "lastmod" else (f, k) for f, k in self.keys)
        elif value is not None:
            out.update(self._flag(value, switch, (False, {"exclude": True}), page, issues))
        for field, flag in _FLAGS.items():
            key = self.key(self.fields[field])
            if metadata.get(key) is not None:
                out.update(self._flag(metadata[key], key, flag, page, issues))
        for key in sorted(metadata.keys() - plain - set(self._ours)):
            hint = self._hint(key)
            if hint is None:
                plain.add(key)
                continue
            message = f"not a sitemap metadata field{hint}; ignored: {self.how}"
            issues.append(Issue(Code.METADATA, page, key, message))
        return out, issues

    @property
    def _written(self) -> tuple[str, ...]:
        """Our keys as users write them: the values', the switch, the flags'."""
        return (*(self.fields[f] for f in _VALUES), self.switch, *(self.fields[f] for f in _FLAGS))

    @property
    def _ours(self) -> tuple[str, ...]:
        """Our keys as the generator hands them over."""
        return tuple(map(self.key, self._written))

    def _flag(
        self,
        value: Any,
        key: str,
        flag: tuple[bool, dict[str, Any]],
        page: str,
        issues: list[Issue],
    ) -> dict[str, Any]:
        """`flag`'s arguments when the yes/no `value` of `key` is `flag`'s yes or no."""
        said = parse_flag(value)
        if said is None:
            message = f"{value!r} is not true or false; ignored: {self.how}"
            issues.append(Issue(Code.METADATA, page, key, message))
            return {}
        return flag[1] if said is flag[0] else {}

    def _hint(self, key: str) -> str | None:
        """For a key that is not ours: the one it was meant as (a `sitemap_x` of a field
        by its name elsewhere, a near miss of one of our keys), "" when it starts like
        ours but is none; None for a key of another kind."""
        switch = self.key(self.switch)
        if key.startswith(switch):
            meant = {f: self.fields[f] for f in ("exclude", *_VALUES)}
            if "lastmod" in self.dates:
                meant["lastmod"] = meant[self.key(self.dates["lastmod"])] = self.dates["lastmod"]
            meant.update((f, self.fields[f]) for f in ("images", "videos"))
            close = close_match(key.removeprefix(f"{switch}_"), meant)
            return f" (did you mean {self.shown(meant[close])}?)" if close else ""
        near = near_miss(key, self._ours)
        if near is None:
            return None
        written = dict(zip(self._ours, self._written, strict=True))
        return f" (did you mean {self.shown(written[near])}?)"
