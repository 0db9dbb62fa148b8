"""The values a sitemap is made of: pages, their alternates, and change frequencies."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, Mapping


class ChangeFreq(StrEnum):
    """The seven `<changefreq>` values the protocol allows."""

    ALWAYS = "always"
    HOURLY = "hourly"
    DAILY = "daily"
    WEEKLY = "weekly"
    MONTHLY = "monthly"
    YEARLY = "yearly"
    NEVER = "never"


@dataclass(frozen=True, slots=True)
class Alternate:
    """A language version of a page: `<xhtml:link rel="alternate" hreflang href>`."""

    hreflang: str
    url: str


@dataclass(frozen=True, slots=True)
class Page:
    """One page offered to the sitemap, as an adapter knows it.

    `url` is absolute or relative to the site's base URL. `lastmod`, `changefreq` and
    `priority` are the page's own explicit values (front matter, metadata): they win over
    rules and lastmod sources, and are checked by the core, so raw strings are fine.
    `sources` are the files the page is built from (for git and mtime dates), `output`
    the built HTML file (read for noindex, canonical and content hashes).
    """

    url: str
    lastmod: dt.date | dt.datetime | str | None = None
    changefreq: ChangeFreq | str | None = None
    priority: float | str | None = None
    alternates: tuple[Alternate, ...] = ()
    exclude: bool = False
    sources: tuple[Path, ...] = ()
    output: Path | None = None
    name: str | None = None

    @property
    def label(self) -> str:
        """How messages name this page: its source name, else its URL."""
        return self.name or self.url


def meta_overrides(meta: Mapping[str, Any] | bool | None) -> dict[str, Any]:
    """Turn a page's `sitemap:` metadata into `Page` keyword arguments.

    Accepts `False` (exclude the page), `True`/`None` (nothing), or a mapping with any of
    `exclude`, `priority`, `changefreq`, `lastmod`. Unknown keys are ignored here; values
    are checked later, by the writer, so a bad one is named with its page.
    """
    if meta is None or meta is True:
        return {}
    if meta is False:
        return {"exclude": True}
    if not isinstance(meta, Mapping):
        return {}
    out: dict[str, Any] = {}
    for key in ("priority", "changefreq", "lastmod"):
        if meta.get(key) is not None:
            out[key] = meta[key]
    if "exclude" in meta:
        out["exclude"] = _truthy(meta["exclude"])
    return out


def _truthy(value: Any) -> bool:
    if isinstance(value, str):
        return value.strip().lower() in {"1", "true", "yes", "on"}
    return bool(value)
