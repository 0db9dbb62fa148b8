"""RSS 2.0 and Atom feeds as sitemaps: a link and an updated date per entry.

Search engines take a feed where they take a sitemap. `check_feed(path, location)` reads
one as `validate` reads a sitemap (bounded, no entities, DTD or network) and checks each
entry's link with the same URL check and scope rule as a `<loc>` (`urls.check`): a feed,
like a sitemap, speaks for the URLs under its own folder. `add_to_robots` gives the
site's feeds `Sitemap:` lines (option `robots_feeds`).
"""

from __future__ import annotations

import email.utils
import gzip
from pathlib import Path
from urllib.parse import urljoin

from lxml import etree

from ..files.fetch import FetchError, fetch
from ..files.safexml import SAFE_XML, has_doctype
from ..protocol.sitemaps import MAX_BYTES, MAX_ENTRIES, Level
from ..values import dates, urls
from ..values.codes import Code
from ..values.report import Issue

__all__ = ["ATOM_NS", "check_feed", "feed_kind"]

ATOM_NS = "http://www.w3.org/2005/Atom"
DC_NS = "http://purl.org/dc/elements/1.1/"
_ATOM = "{" + ATOM_NS + "}"
_KINDS = {"rss": "rss", _ATOM + "feed": "atom"}
# An entry's date, first found: Atom's updated (or published), Dublin Core's, RSS's.
_DATES = (_ATOM + "updated", _ATOM + "published", "{" + DC_NS + "}date", "pubDate")
_SNIFF = 1 << 14


def feed_kind(path: Path) -> str | None:
    """`rss` or `atom` when the file's root element is an RSS 2.0 or Atom feed, else None
    (read only up to the root element)."""
    parser = etree.XMLPullParser(events=("start",), **SAFE_XML)
    try:
        with Path(path).open("rb") as raw:
            magic = raw.read(2)
            raw.seek(0)
            stream = gzip.GzipFile(fileobj=raw) if magic == b"\x1f\x8b" else raw
            while chunk := stream.read(_SNIFF):
                parser.feed(chunk)
                for _event, elem in parser.read_events():
                    return _KINDS.get(elem.tag)
    except (OSError, EOFError, etree.XMLSyntaxError):
        pass
    return None


def check_feed(path: Path, location: str | None = None) -> list[Issue] | None:
    """The issues of an RSS 2.0 or Atom feed read as a sitemap; None when it is no feed.

    `location` is the feed's URL, whose folder is the scope; without it, every link must
    be on the first link's scheme, host and port.
    Issues use the sitemap codes (`xml`, `loc`, `scope`, `lastmod`, `duplicate`,
    `structure`, `size`), `page` being `file:line`.
    """
    path = Path(path)
    kind = feed_kind(path)
    if kind is None:
        return None
    name = path.name
    issues: list[Issue] = []

    def add(
        line: int | None, code: Code, message: str, level: Level = "error", field: str = "link"
    ) -> None:
        issues.append(Issue(code, f"{name}:{line}" if line else name, field, message, level))

    try:
        root = etree.fromstring(fetch(str(path), max_bytes=MAX_BYTES), etree.XMLParser(**SAFE_XML))
    except (FetchError, etree.XMLSyntaxError) as exc:
        add(getattr(exc, "lineno", None), Code.XML, f"feed not read: {exc}", field="")
        return issues
    if has_doctype(root):
        add(
            1,
            Code.XML,
            "has a DOCTYPE, which a feed read as a sitemap must not have "
            "(refused unread: entity expansion and external entities)",
            field="",
        )
        return issues
    scope = urls.scope_of(location) if location else None
    entries = _rss_entries(root) if kind == "rss" else _atom_entries(root)
    seen: dict[str, int] = {}
    for line, link, stamp in entries:
        if not link:
            add(line, Code.STRUCTURE, "entry has no link: it lists no URL", "warning")
            continue
        try:
            urls.check(link, scope or urls.host_root(link))
        except urls.URLError as exc:
            add(line, exc.code, str(exc))
            continue
        scope = scope or urls.host_root(link)
        if link in seen:
            add(line, Code.DUPLICATE, f"{link} is already listed at {name}:{seen[link]}", "warning")
        seen.setdefault(link, line)
        problem = _date_problem(stamp, kind) if stamp else None
        if problem:
            add(line, Code.LASTMOD, f"{stamp!r} {problem}", "warning", "updated")
    if not entries:
        add(
            root.sourceline,
            Code.STRUCTURE,
            "the feed has no entry: it lists no URL",
            "warning",
            "",
        )
    elif len(entries) > MAX_ENTRIES:
        add(
            None,
            Code.SIZE,
            f"{len(entries):,} entries: more than a sitemap's {MAX_ENTRIES:,}",
            field="",
        )
    return issues


def _rss_entries(root: etree._Element) -> list[tuple[int, str, str]]:
    """(line, link, date) of each `<item>`: `<link>`, else a permalink `<guid>`."""
    found = []
    for item in root.iterfind("channel/item"):
        link = (item.findtext("link") or "").strip()
        guid = item.find("guid")
        if not link and guid is not None and guid.get("isPermaLink", "true") != "false":
            link = (guid.text or "").strip()
        found.append((item.sourceline, link, _date(item)))
    return found


def _atom_entries(root: etree._Element) -> list[tuple[int, str, str]]:
    """(line, link, date) of each `<entry>`: its `rel="alternate"` (or rel-less) link."""
    found = []
    for entry in root.iterfind(_ATOM + "entry"):
        link = next(
            (
                el
                for el in entry.iterfind(_ATOM + "link")
                if el.get("rel", "alternate") == "alternate"
            ),
            None,
        )
        href = (link.get("href") or "").strip() if link is not None else ""
        if href and link is not None and link.base:
            href = urljoin(link.base, href)  # xml:base
        found.append((entry.sourceline, href, _date(entry)))
    return found


def _date(entry: etree._Element) -> str:
    for tag in _DATES:
        text = entry.findtext(tag)
        if text and text.strip():
            return str(text).strip()
    return ""


def _date_problem(text: str, kind: str) -> str | None:
    """Why an entry's date is no date, or None: RFC 822 (RSS's pubDate) and RFC 3339 /
    W3C (Atom's updated, dc:date) are both read, whichever the feed is."""
    try:
        dates.parse(text)
        return None
    except ValueError:
        pass
    try:
        email.utils.parsedate_to_datetime(text)
        return None
    except (TypeError, ValueError, IndexError):
        pass
    if kind == "rss":
        return "is not an RFC 822 date (like Wed, 01 May 2024 13:30:00 +0000)"
    return "is not an RFC 3339 date (like 2024-05-01T13:30:00+00:00)"
