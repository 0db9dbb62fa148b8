"""The sitemaps.org 0.9 protocol's facts: limits, namespaces, element order, the seven
change frequencies, and the levels a finding can have. Nothing here reads or writes."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

Level = Literal["info", "warning", "error"]

MAX_ENTRIES = 50_000  # URLs in a urlset, sitemaps in an index
MAX_BYTES = 52_428_800  # per file, uncompressed
MAX_LOC = 2048
MIN_LOC = 12  # the schema's tLoc minLength

SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
XHTML_NS = "http://www.w3.org/1999/xhtml"
XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'
# The schema's sequence: position of each sitemaps.org child; other namespaces come last.
URL_ORDER = {"loc": 1, "lastmod": 2, "changefreq": 3, "priority": 4}
SITEMAP_ORDER = {"loc": 1, "lastmod": 2}


class ChangeFreq(StrEnum):
    """The seven `<changefreq>` values the protocol allows."""

    ALWAYS = "always"
    HOURLY = "hourly"
    DAILY = "daily"
    WEEKLY = "weekly"
    MONTHLY = "monthly"
    YEARLY = "yearly"
    NEVER = "never"


CHANGEFREQS = frozenset(c.value for c in ChangeFreq)
