"""A published sitemap's dates: `loc` → `lastmod` of a sitemap or a sitemap index and its
parts, from a file or an http(s) URL, read as safely as the checker reads sitemaps. The
seed of the content state, and what IndexNow compares a new sitemap with."""

from __future__ import annotations

import urllib.parse
from pathlib import Path
from typing import Any

from lxml import etree

from ..files.fetch import FetchError, fetch, is_url
from ..files.safexml import SAFE_XML, has_doctype, local_part
from ..values import dates

_MAX_BYTES = 60 * 1024 * 1024
_MAX_FILES = 100


class SeedError(ValueError):
    """A published sitemap that cannot be used; the message says which file and why."""


def read_published(where: str) -> dict[str, str]:
    """`loc` → `lastmod` ("" for none, or one that is not a date) of a sitemap or a sitemap
    index and its parts, from a path or an http(s) URL; ValueError says why it cannot be read."""
    stamps: dict[str, str] = {}
    _read_sitemap(where, stamps, depth=0)
    return stamps


def sitemap_entries(where: str) -> tuple[str, list[tuple[str, str | None]]]:
    """One sitemap file (a path or an http(s) URL, gzip or not): its kind (`urlset` or
    `sitemapindex`) and its entries, (loc, lastmod as written or None); SeedError (a
    ValueError) says why it cannot be read as one."""
    try:
        data = fetch(where, max_bytes=_MAX_BYTES)
    except FetchError as exc:
        raise SeedError(f"{where}: {exc}") from None
    root = _parse_xml(data, where)
    kind = etree.QName(root).localname
    if kind not in ("urlset", "sitemapindex"):
        raise SeedError(f"{where} is not a sitemap (its root is <{kind}>)")
    child = "url" if kind == "urlset" else "sitemap"
    entries = []
    for item in root:
        if isinstance(item.tag, str) and etree.QName(item).localname == child:
            loc = _child_text(item, "loc")
            if loc:
                entries.append((loc, _child_text(item, "lastmod") or None))
    return kind, entries


def _read_sitemap(where: str, stamps: dict[str, str], depth: int) -> None:
    kind, entries = sitemap_entries(where)
    if kind == "urlset":
        for loc, stamp in entries:
            stamps[loc] = stamp if stamp and dates.stored(stamp) is not None else ""
        return
    if depth > 0:
        raise SeedError(f"{where} is an index inside an index")
    if len(entries) > _MAX_FILES:
        raise SeedError(f"{where} lists more than {_MAX_FILES} sitemaps")
    for loc, _stamp in entries:
        _read_sitemap(_child_location(where, loc), stamps, depth + 1)


def _child_text(element: Any, name: str) -> str:
    for child in element:
        if isinstance(child.tag, str) and etree.QName(child).localname == name:
            return (child.text or "").strip()
    return ""


def _child_location(index: str, loc: str) -> str:
    """A sitemap an index lists: next to a local index if a file of that name is there."""
    if is_url(index):
        return urllib.parse.urljoin(index, loc)
    local = local_part(Path(index), loc)
    return str(local) if local is not None else loc


def _parse_xml(data: bytes, where: str) -> Any:
    """The root element, read as `validate` reads sitemaps: no entities, DTD or network."""
    parser = etree.XMLParser(**SAFE_XML)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise SeedError(f"{where} is not well-formed XML ({exc})") from None
    if has_doctype(root):
        raise SeedError(f"{where} has a DOCTYPE, which sitemaps must not have")
    return root
