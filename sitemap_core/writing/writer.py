"""Streaming `<urlset>` and text sitemap writers, split before either protocol limit.

Each `<url>` (or a batch of alike ones) is formatted on arrival and written in batches
to a temporary body file; nothing holds the whole set. A part becomes a file only when it
is closed, with its header (declaring the xhtml, image, video and news namespaces only
when an entry of the part used them) and footer.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from operator import attrgetter
from pathlib import Path
from typing import IO, NamedTuple

from ..files.atomic import temp_file
from ..protocol.sitemaps import SITEMAP_NS, XHTML_NS, XML_DECLARATION
from ..values.media import Fragment, declarations
from ..values.urls import escape

_BATCH = 2000


class Entry(NamedTuple):
    """One URL to write, every value already checked and percent-encoded (`media`
    rendered with the writer's indent); a tuple, as one is made per URL."""

    loc: str
    lastmod: str | None = None  # as written
    lastmod_key: float | None = None  # orders lastmods
    changefreq: str | None = None
    priority: str | None = None
    alternates: tuple[tuple[str, str], ...] = ()  # (hreflang, href)
    media: Fragment | None = None  # images, videos, news, with the prefixes they use
    lastmod_source: str = ""  # where the lastmod comes from (`LastmodSources.count`)


_LOC, _LASTMOD, _KEY = attrgetter("loc"), attrgetter("lastmod"), attrgetter("lastmod_key")
_REST = attrgetter("changefreq", "priority", "alternates", "media")


@dataclass(frozen=True, slots=True)
class Part:
    """A closed part: its finished temporary file and newest lastmod."""

    tmp: Path
    newest: str | None


def _header(fmt: str, prefixes: frozenset[str]) -> str:
    if fmt == "txt":
        return ""
    extra = f' xmlns:xhtml="{XHTML_NS}"' if "xhtml" in prefixes else ""
    return f'{XML_DECLARATION}<urlset xmlns="{SITEMAP_NS}"{extra}{declarations(prefixes)}>\n'


def _footer(fmt: str) -> str:
    return "" if fmt == "txt" else "</urlset>\n"


class PartWriter:
    """Writes the URLs of one format (`xml` or `txt`) into as many parts as the limits need."""

    def __init__(
        self, out_dir: Path, fmt: str, max_urls: int, max_bytes: int, indent: int = 0
    ) -> None:
        self.out_dir = out_dir
        self.fmt = fmt
        self.max_urls = max_urls
        self.parts: list[Part] = []
        self.max_bytes = max_bytes
        self._room = self._room_with(frozenset())  # for entries, beside header and footer
        pad = " " * indent
        self._nl, self._in = ("\n", "\n" + pad) if indent else ("", "")
        self._body: IO[bytes] | None = None

    def _open(self) -> None:
        self._body = temp_file(self.out_dir, "sitemap-body")
        self._batch: list[str] = []
        self._pending = 0  # URLs in the batch
        self._count = 0
        self._bytes = 0
        self._prefixes: frozenset[str] = frozenset()
        self._room = self._room_with(self._prefixes)
        self._newest: str | None = None
        self._newest_key: float | None = None

    def add(self, entry: Entry) -> bool:
        """Add one URL.

        False, and nothing written, when its entry alone would overfill an empty part.
        """
        if self.fmt == "txt":
            block = entry.loc + "\n"
        else:
            block = _url_element(self._in, self._nl, entry)
        size = len(block) if block.isascii() else len(block.encode())
        used: frozenset[str] = frozenset()
        alternates, media = entry.alternates, entry.media
        if self.fmt == "xml" and (alternates or media is not None):
            used = (media.prefixes if media is not None else used) | (
                {"xhtml"} if alternates else set()
            )
        if size > self._room_with(used):
            return False
        if self._body is None:
            self._open()
        elif self._count >= self.max_urls or self._bytes + size > (
            self._room if used <= self._prefixes else self._room_with(self._prefixes | used)
        ):
            self._close_part()
            self._open()
        if not used <= self._prefixes:  # its namespaces are declared: less room for the rest
            self._prefixes |= used
            self._room = self._room_with(self._prefixes)
        self._append(block, 1, size)
        self._note_newest(entry.lastmod, entry.lastmod_key)
        return True

    def add_all(self, entries: list[Entry]) -> list[Entry]:
        """`add` each entry, in order; the entries too large for any part (not written).

        A batch that fits in the current part, of URLs sharing changefreq and priority
        (no alternates, no media), is formatted and counted as one string.
        """
        fresh = self._body is None  # a part opens for the batch (its room is no less)
        count, used = (0, 0) if fresh else (self._count, self._bytes)
        if entries and count + len(entries) <= self.max_urls:
            block = _block_of(self.fmt, self._in, self._nl, entries)
            if block is not None:
                size = len(block) if block.isascii() else len(block.encode())
                if used + size <= self._room:
                    if fresh:
                        self._open()
                    self._append(block, len(entries), size)
                    self._newest_of(entries)
                    return []
        return [entry for entry in entries if not self.add(entry)]

    def _room_with(self, prefixes: frozenset[str]) -> int:
        """The bytes a part's entries may take when its header declares `prefixes`."""
        return self.max_bytes - len(_header(self.fmt, prefixes)) - len(_footer(self.fmt))

    def _append(self, block: str, count: int, size: int) -> None:
        self._batch.append(block)
        self._count += count
        self._bytes += size
        self._pending += count
        if self._pending >= _BATCH:
            self._flush()

    def _newest_of(self, entries: list[Entry]) -> None:
        key = max((k for k in map(_KEY, entries) if k is not None), default=None)
        if key is not None:
            self._note_newest(
                next(entry.lastmod for entry in entries if entry.lastmod_key == key), key
            )

    def _note_newest(self, lastmod: str | None, key: float | None) -> None:
        """Keep the part's newest lastmod (the index lists it)."""
        if key is not None and (self._newest_key is None or key > self._newest_key):
            self._newest, self._newest_key = lastmod, key

    def _flush(self) -> None:
        assert self._body is not None
        self._body.write("".join(self._batch).encode())
        self._batch.clear()
        self._pending = 0

    def _close_part(self) -> None:
        assert self._body is not None
        self._flush()
        self._body.close()
        body = Path(self._body.name)
        with temp_file(self.out_dir, "sitemap-part") as out, body.open("rb") as src:
            out.write(_header(self.fmt, self._prefixes).encode())
            shutil.copyfileobj(src, out, 1 << 20)
            out.write(_footer(self.fmt).encode())
        body.unlink()
        self.parts.append(Part(Path(out.name), self._newest))
        self._body = None

    def close(self) -> list[Part]:
        """Finish the last part and return every part, in order."""
        if self._body is not None:
            self._close_part()
        return self.parts


def _fields(i: str, changefreq: str | None, priority: str | None) -> str:
    text = f"{i}<changefreq>{changefreq}</changefreq>" if changefreq is not None else ""
    return text + (f"{i}<priority>{priority}</priority>" if priority is not None else "")


def _url_element(i: str, nl: str, entry: Entry) -> str:
    """One `<url>`, its children indented by `i` (with `nl` before its end tag)."""
    loc, lastmod, media = entry.loc, entry.lastmod, entry.media
    if "&" in loc or "'" in loc:  # the only XML specials percent-encoding leaves
        loc = escape(loc)
    block = f"<url>{i}<loc>{loc}</loc>"
    if lastmod is not None:
        block += f"{i}<lastmod>{lastmod}</lastmod>"
    block += _fields(i, entry.changefreq, entry.priority)
    for hreflang, href in entry.alternates:
        block += f'{i}<xhtml:link rel="alternate" hreflang="{hreflang}" href="{escape(href)}"/>'
    if media is not None:
        block += media.xml
    return block + f"{nl}</url>\n"


def _block_of(fmt: str, i: str, nl: str, entries: list[Entry]) -> str | None:
    """The text of many entries at once; None if they are not all alike (see `add_all`)."""
    locs = list(map(_LOC, entries))
    if fmt == "txt":
        return "\n".join(locs) + "\n"
    rest = set(map(_REST, entries))
    if len(rest) != 1:
        return None
    changefreq, priority, alternates, media = rest.pop()
    if alternates or media is not None:
        return None
    text = "\0".join(locs)
    if "&" in text or "'" in text:  # escaped at once: a NUL in a URL is percent-encoded
        locs = escape(text).split("\0")
    start, end = f"<url>{i}<loc>", f"{_fields(i, changefreq, priority)}{nl}</url>\n"
    middle = f"</loc>{i}<lastmod>"
    return "".join(
        [
            f"{start}{loc}</loc>{end}"
            if lastmod is None
            else f"{start}{loc}{middle}{lastmod}</lastmod>{end}"
            for loc, lastmod in zip(locs, map(_LASTMOD, entries))
        ]
    )
