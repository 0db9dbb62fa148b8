"""The values a sitemap is made of: pages and their alternates (change frequencies are
the protocol's)."""

from __future__ import annotations

import datetime as dt
import functools
import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from ..protocol.sitemaps import ChangeFreq
from .closematch import close_match
from .codes import Code
from .report import Issue

if TYPE_CHECKING:
    from .media import Image, News, Video


StrPath = str | os.PathLike[str]


@dataclass(frozen=True, slots=True)
class Alternate:
    """A language version of a page: `<xhtml:link rel="alternate" hreflang href>`."""

    hreflang: str
    url: str


class Section(NamedTuple):
    """A section of the site a page stands in: its title, and its own page's URL when the
    section has one (a Sphinx document with a toctree, a Pelican category)."""

    title: str
    url: str | None = None


def hreflang(locale: str) -> str:
    """A generator's locale name as an hreflang language code: `pt_BR` is `pt-BR`."""
    return locale.replace("_", "-")


class Page(NamedTuple):
    """One page offered to the sitemap, as an adapter knows it.

    `url` is absolute or relative to the site's base URL. `lastmod`, `changefreq` and
    `priority` are the page's own explicit values (front matter, metadata): they win over
    rules and lastmod sources, and are checked by the core, so raw strings are fine.
    `lastmod` is a modification date and wins outright; `published` is a publication
    date, a floor: the page's lastmod is the newer of it and its sources' date.
    `sources` are the files the page is built from (for git and mtime dates), `output`
    the built HTML file (read for noindex, canonical and content hashes); a `str` path
    is as good as a `Path`, and cheaper for an adapter that has one.
    `lists` are the pages a listing page shows (an archive, a category, an index): it is
    as new as the newest of them. `keys` names the page's fields as the user wrote them
    (`(("lastmod", "updated"),)`), for messages.
    `images` and `videos` are the page's media (`extensions.Image`, `extensions.Video`):
    None lets the core find them in `output` (when the `images` / `videos` options are
    on), `()` says there are none. `news` makes the page an article of the news sitemap
    (`extensions.News`); `description` is the page's own, for a video that has none.
    `title`, `section` and `rank` place the page in the site, as the generator orders
    it (MkDocs' nav, Sphinx's toctree, Pelican's categories): its title, the sections it
    stands in, outermost first, and its position (lower first). A page with a title is
    on the site map page and in llms.txt; `listing` marks a generated index (an archive,
    genindex), which llms.txt leaves out.

    A named tuple, not a frozen dataclass: as immutable, four times cheaper to make,
    and the writer reads a whole batch's fields in C (`operator.itemgetter`).
    """

    url: str
    lastmod: dt.date | dt.datetime | str | None = None
    changefreq: ChangeFreq | str | None = None
    priority: float | str | None = None
    alternates: tuple[Alternate, ...] = ()
    exclude: bool = False
    sources: tuple[StrPath, ...] = ()
    output: StrPath | None = None
    name: str | None = None
    published: dt.date | dt.datetime | str | None = None
    lists: tuple[Page, ...] = ()
    keys: tuple[tuple[str, str], ...] = ()
    images: tuple[Image, ...] | None = None
    videos: tuple[Video, ...] | None = None
    news: News | None = None
    description: str | None = None
    title: str | None = None
    section: tuple[Section, ...] = ()
    rank: int = 0
    listing: bool = False

    @property
    def label(self) -> str:
        """How messages name this page: its source name, else its URL."""
        return self.name or self.url

    def key(self, field: str) -> str:
        """The name the user gave `field` (`updated` for lastmod), else the field's own."""
        for ours, theirs in self.keys:
            if ours == field:
                return theirs
        return field


_YES = frozenset({"1", "true", "yes", "on"})
_NO = frozenset({"0", "false", "no", "off"})
META_KEYS = ("exclude", "priority", "changefreq", "lastmod", "images", "videos")
_VALUES = ("priority", "changefreq", "lastmod")  # passed on as they are; the core checks them
_FLAGS = ("images", "videos")  # false: the page's media are not listed


@functools.lru_cache(maxsize=4096)
def near_miss(key: str, fields: tuple[str, ...] = META_KEYS) -> str | None:
    """The one of `fields` that `key` looks like a misspelling of (`chagefreq`:
    `changefreq`), else None; None for a field itself. Every generator asks this of a
    page's unknown keys, so the same typo gets the same hint; cached, as a site's pages
    repeat their keys."""
    if key in fields:
        return None
    return close_match(key.lower(), fields)  # `chagefreq`, `priorty`; not `date`, `tags`


# A key of a metadata block, read line by line (a block YAML cannot read has no tree):
# `sitemap:`, `  updated:`, `- "date":`. Compiled by `re` when a page's block is unread.
_BLOCK_KEY = r"""(?m)^[ \t-]*["']?([^\s"':#][^"':]*?)["']?[ \t]*:(?:\s|$)"""


def unread_metadata(name: str, field: str, message: str, block: str, dates: Iterable[str]) -> Issue:
    """The `metadata` issue of page `name` whose metadata `block` the generator could not
    read, and ignores (MkDocs 1.6 without a word): a warning when the block holds a field
    of ours, `sitemap` or one of the date fields `dates` the adapter reads, as the sitemap
    then misses it; else an info line, as the generator accepts the page (strict builds
    stay green). `message` says what was not read, as the generator words it."""
    ours = {"sitemap", *dates}
    held = sorted({key for key in re.findall(_BLOCK_KEY, block) if key.strip() in ours})
    if held:
        fields = ", ".join(f"`{key.strip()}`" for key in held)
        return Issue(Code.METADATA, name, field, f"{message} (the sitemap misses its {fields})")
    return Issue(Code.METADATA, name, field, message, level="info")


def meta_overrides(meta: Any, name: str = "") -> tuple[dict[str, Any], list[Issue]]:
    """Turn a page's `sitemap:` metadata into `Page` keyword arguments, and issues.

    Accepts true/false (or the words Markdown and reST give: `yes`, `off`...; false
    excludes the page), None, or a mapping with any of `exclude`, `priority`,
    `changefreq`, `lastmod`, `images`, `videos` (false: that media of the page is not
    listed). Anything else is a `metadata` issue naming page `name`.
    The values themselves are checked by the writer, which names page and field too.
    """
    issues: list[Issue] = []
    flag = parse_flag(meta) if not isinstance(meta, Mapping) else None
    if meta is None or flag is True:
        return {}, issues
    if flag is False:
        return {"exclude": True}, issues
    if not isinstance(meta, Mapping):
        return {}, [
            Issue(
                Code.METADATA,
                name,
                "sitemap",
                f"{meta!r} ignored: use false, "
                "or a mapping of exclude, priority, changefreq, lastmod",
            )
        ]
    out: dict[str, Any] = {k: meta[k] for k in _VALUES if meta.get(k) is not None}
    for key in sorted(set(meta) - set(META_KEYS), key=str):
        near = near_miss(str(key))
        hint = f"did you mean {near!r}?" if near else ", ".join(META_KEYS)
        issues.append(
            Issue(
                Code.METADATA,
                name,
                f"sitemap.{key}",
                f"not a sitemap field ({hint}); ignored",
            )
        )
    for key in ("exclude", *_FLAGS):
        if meta.get(key) is None:
            continue
        flag = parse_flag(meta[key])
        if flag is None:
            issues.append(
                Issue(
                    Code.METADATA,
                    name,
                    f"sitemap.{key}",
                    f"{meta[key]!r} is not true or false; ignored",
                )
            )
        elif key == "exclude" and flag:
            out["exclude"] = True
        elif key in _FLAGS and not flag:
            out[key] = ()
    return out, issues


def parse_flag(value: Any) -> bool | None:
    """True or False from a bool or a yes/no word; None for anything else."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        word = value.strip().lower()
        return True if word in _YES else False if word in _NO else None
    return None
