"""The protocol checker: is a set of sitemap files what sitemaps.org 0.9 allows?

`validate_files(paths, location)` reads one sitemap set (an index and its parts, or a
single file; `.xml`, `.xml.gz`, `.txt`, `.txt.gz`) and returns `Issue` values, `page` being
`file:line`. `validate_robots(path)` checks the `Sitemap:` lines of a robots.txt
(`robots_sitemaps(path)` also gives their URLs). Nothing
here raises for bad input, logs, or needs the official XSDs: the schema's rules are
written out below, and every value the XSD accepts without a warning here passes it.

Files are untrusted. XML is read with a pull parser in chunks (memory stays flat for a
50 MB file) that never resolves entities, loads a DTD or touches the network, and any
DOCTYPE is refused. Reading, after gzip, stops a little past 52,428,800 bytes, so a gzip
bomb costs at most that much decompression. The writer's plain `<urlset>` (one `<url>` of
a loc, a lastmod and alternates per line) is read as text instead, with the same findings;
any other byte sends the file to the parser.

A set may also hold parallel variants that the writer produces side by side: a `.gz`
twin of each file and a `.txt` twin of each `.xml`. Duplicates are counted within one
variant (`.xml`, `.xml.gz`, `.txt`, `.txt.gz`), a part counts as listed by an index
when the index lists it or its `.gz` twin, and a `.gz` twin must hold exactly the bytes
of its uncompressed file.

Issue codes (level `error` breaks the protocol or the official schema; `warning` is
advice, or a value the W3C format and the schema disagree about):

| code         | level          | meaning                                                      |
|--------------|----------------|--------------------------------------------------------------|
| `xml`        | error          | not well-formed XML, not UTF-8, or has a DOCTYPE (refused:   |
|              |                | entity expansion and external entities)                      |
| `namespace`  | error          | root is not `urlset`/`sitemapindex` in the namespace         |
|              |                | `http://www.sitemaps.org/schemas/sitemap/0.9`                |
| `structure`  | error          | what the schema forbids: an unknown or misplaced element,    |
|              |                | order other than loc, lastmod, changefreq, priority, then    |
|              |                | other namespaces; a missing or repeated element; text or     |
|              |                | attributes where none belong; a set with no entry            |
| `size`       | error          | more than 50,000 entries or 52,428,800 bytes (uncompressed)  |
|              |                | in one file                                                  |
| `loc`        | error          | not an absolute http(s) URL valid per RFC 3986 (allowed      |
|              |                | characters only, `%` before two hex digits), longer than     |
|              |                | 2,048 or shorter than 12 (schema) characters                 |
|              | warning        | has a `#fragment`                                            |
| `scope`      | error          | a URL on another scheme, host or port than the sitemap, or   |
|              |                | outside the folder of the sitemap's location; one issue with |
|              |                | the count when every URL of the set is (a build made for     |
|              |                | another base URL)                                            |
| `lastmod`    | error          | not a W3C Datetime the schema accepts: `YYYY-MM-DD` or       |
|              |                | `YYYY-MM-DDThh:mm:ss[.f]TZD`, a real date and time           |
|              | warning        | W3C forms the schema rejects (`YYYY`, `YYYY-MM`, no          |
|              |                | seconds) or schema forms W3C lacks (no zone on a time, a     |
|              |                | zone on a date, `24:00:00`)                                  |
| `changefreq` | error          | not one of always, hourly, daily, weekly, monthly, yearly,   |
|              |                | never (exactly: lower case, no spaces)                       |
| `priority`   | error          | not a decimal from 0.0 to 1.0                                |
| `duplicate`  | warning        | a URL listed twice in the set (or an index entry twice)      |
| `index`      | error          | an index entry that is not one of the given files (matched   |
|              |                | by its last path segment), or that is an index itself        |
|              | warning        | a part of the set that no index lists                        |
| `gzip`       | error          | gzip data that does not decompress, a `.gz` file that is     |
|              |                | not gzip; a `.gz` twin whose content differs from its        |
|              |                | uncompressed file (at the first line that differs)           |
|              | warning        | gzip data in a file not named `.gz`                          |
| `text`       | error          | text sitemap: not UTF-8, a blank line, a line that is not    |
|              |                | one URL alone                                                |
|              | warning        | a byte-order mark                                            |
| `hreflang`   | error          | `xhtml:link` without `rel="alternate"`, with an `hreflang`   |
|              |                | that is not a BCP 47 tag with a 2-3 letter language (`de`,   |
|              |                | `pt-BR`, `zh-Hant-TW`) or `x-default`, or with               |
|              |                | an `href` that is not an absolute http(s) URL                |
| `robots`     | error          | robots.txt `Sitemap:` value that is not an absolute http(s)  |
|              |                | URL (and not relative either: `ftp://...`, `https://`)       |
|              | warning        | the same `Sitemap:` URL twice, a robots.txt not in UTF-8     |
| `robots-     | warning        | relative `Sitemap:` values (`/sitemap.xml`), which crawlers  |
| relative`    |                | ignore: one issue per robots.txt, with the line to write     |
"""

from __future__ import annotations

import datetime as dt
import gzip
import hashlib
import itertools
import re
import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING
from urllib.parse import quote

from lxml import etree

from ..files.safexml import SAFE_XML, has_doctype, local_part
from ..protocol.grammar import (
    PATH_ONLY,
    URI,
    VALUE_CHECKS,
    loc_parts,
    origin_text,
    part_name,
    short,
    valid_hreflang,
)
from ..protocol.robots import is_relative, relative_message, sitemap_value
from ..protocol.sitemaps import (
    MAX_BYTES,
    MAX_ENTRIES,
    MAX_LOC,
    MIN_LOC,
    SITEMAP_NS,
    SITEMAP_ORDER,
    URL_ORDER,
    XHTML_NS,
    Level,
)
from ..values.report import Issue

if TYPE_CHECKING:
    from .extensions import ExtensionCheck

__all__ = [
    "validate_files",
    "validate_set",
    "validate_robots",
    "robots_sitemaps",
    "sitemap_value",
    "relative_sitemaps",
    "is_relative",
    "twin_name",
    "sitemap_locs",
    "part_name",
    "local_part",
    "MAX_ENTRIES",
    "MAX_BYTES",
]


_XSI_NS = "http://www.w3.org/2001/XMLSchema-instance"
_SM = "{" + SITEMAP_NS + "}"
_URL = _SM + "url"
_SITEMAP = _SM + "sitemap"
_XHTML_LINK = "{" + XHTML_NS + "}link"
_XSI = "{" + _XSI_NS + "}"
_FOREIGN = 9

_CHUNK = 1 << 18
_SNIFF = 1 << 12  # bytes fed at a time to find the root
_DROP = 512  # done entries removed from the tree at once
_GZIP_MAGIC = b"\x1f\x8b"


_PROLOG_DOCTYPE = re.compile(
    rb"(?:\xef\xbb\xbf)?\s*(?:<\?.*?\?>\s*|<!--.*?-->\s*)*<!DOCTYPE", re.DOTALL
)
_DOCTYPE_MESSAGE = (
    "has a DOCTYPE, which sitemaps must not have (refused unread: "
    "entity expansion and external entities)"
)
_LINE_COLUMN = re.compile(r", line \d+, column \d+$")
_XML_DECL_ENCODING = re.compile(rb"^(?:\xef\xbb\xbf)?<\?xml[^>]*?encoding\s*=\s*[\"']([^\"']*)")


# -- public API -----------------------------------------------------------------------


def validate_files(
    paths: Sequence[Path],
    location: str | None = None,
    *,
    now: dt.datetime | None = None,
    news_days: float | None = None,
) -> list[Issue]:
    """Check one sitemap set; return its issues, ordered by file and line.

    `paths` are the files of the set: an index and its parts, or a single file (parallel
    `.gz`/`.txt` variants may come along, see the module docstring). `location` is the
    absolute URL where the first path is (or will be) published; the others are placed
    by the index entry that names them, else beside the first. Without `location`, scope
    is only checked as "every URL on one scheme, host and port". `now` and `news_days`
    place the news window (default: the current time, 2 days); a build passes its own.
    """
    return _check_files(paths, location, _Window(now, news_days))[0]


def validate_set(
    paths: Sequence[Path], location: str | None = None
) -> tuple[list[Issue], list[tuple[str | None, list[tuple[str, int]]]]]:
    """`validate_files`, and from the same read each file's kind (as `sitemap_locs` says)
    and its entries as (URL, line)."""
    issues, files = _check_files(paths, location, _Window())
    return issues, [(f.kind, [(loc, line) for loc, line, *_ in f.locs]) for f in files]


def validate_robots(path: Path, url: str | None = None) -> list[Issue]:
    """Check the `Sitemap:` lines of a robots.txt: absolute http(s) URLs, each once.

    `url` is where the robots.txt is published: with it, a relative line's issue gives
    the absolute line to write instead."""
    return robots_sitemaps(path, url)[1]


def robots_sitemaps(path: Path, url: str | None = None) -> tuple[list[str], list[Issue]]:
    """The `Sitemap:` values of a robots.txt, each once in file order (bad ones too, not
    the relative ones crawlers ignore), and the issues `validate_robots` reports."""
    path = Path(path)
    issues: list[Issue] = []
    name = path.name
    try:
        with path.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as exc:
        return [], [Issue("robots", name, "", f"cannot read: {exc.strerror or exc}", "error")]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        issues.append(
            Issue(
                "robots", f"{name}:{line}", "", "robots.txt is not UTF-8; crawlers may misread it"
            )
        )
        text = data.decode("utf-8", "replace")
    seen: dict[str, int] = {}  # valid URL -> its first line
    named: dict[str, None] = {}
    relative: list[tuple[int, str]] = []
    for number, line in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        value = sitemap_value(line)
        if value is None:
            continue
        if value and is_relative(value):
            relative.append((number, value))
            continue
        if value:
            named.setdefault(value)
        where = f"{name}:{number}"
        problem = loc_parts(value)[0] if value else "is empty"
        if problem:
            issues.append(
                Issue("robots", where, "Sitemap", f"Sitemap: {value!r} {problem}", "error")
            )
        elif value in seen:
            issues.append(
                Issue(
                    "robots",
                    where,
                    "Sitemap",
                    f"Sitemap: {value} is already given on line {seen[value]}",
                )
            )
        else:
            seen[value] = number
    issues += relative_sitemaps(relative, url, name)
    return list(named), issues


def relative_sitemaps(
    lines: Sequence[tuple[int, str]], url: str | None, name: str = "robots.txt"
) -> list[Issue]:
    """One `robots-relative` warning for the relative `Sitemap:` values of a robots.txt
    (`lines`: (line number, value)), none when there are none.

    Crawlers ignore such a line. `url` is where the robots.txt is published: the message
    then gives the absolute line to write instead (the user's file is not changed here).
    """
    if not lines:
        return []
    return [
        Issue(
            "robots-relative",
            f"{name}:{lines[0][0]}",
            "Sitemap",
            relative_message(list(lines), url),
        )
    ]


def sitemap_locs(path: Path) -> tuple[str | None, list[str]]:
    """The kind of a sitemap file and the URLs it lists, read as safely as the checker.

    Kind is `urlset`, `sitemapindex`, `text`, or None when the file cannot be read as a
    sitemap. For an index the URLs are its parts. Issues are not reported here.
    """
    info = _read_file(Path(path), 0, _Found(), _Window())
    return info.kind, [loc for loc, *_ in info.locs]


@dataclass(frozen=True, slots=True)
class _Window:
    """The news window the extension checks use: the build's clock, or now."""

    now: dt.datetime | None = None
    news_days: float | None = None


def _check_files(
    paths: Sequence[Path], location: str | None, window: _Window
) -> tuple[list[Issue], list[_File]]:
    found = _Found()
    files: list[_File] = []
    for n, p in enumerate(paths):
        path = Path(p)
        files.append(_read_twin(path, n, files, found) or _read_file(path, n, found, window))
    _check_set(files, location, found)
    return found.sorted(), files


def _read_twin(path: Path, number: int, done: list[_File], found: _Found) -> _File | None:
    """A `.gz` file holding exactly the bytes of its plain twin, read before (the writer
    makes such copies): the twin's findings, under this file's name, without parsing the
    same bytes twice. None when there is no such twin or the bytes differ: then the file
    is read in full."""
    if not path.name.endswith(".gz"):
        return None
    plain = next((f for f in done if f.name == path.name[:-3]), None)
    if plain is None or plain.digest is None:
        return None
    own = [item for item in found.items if item[0] == plain.number]
    if any(issue.code == "gzip" for *_, issue in own):
        return None  # the twin is gzip data itself: its findings are not this file's
    try:
        with path.open("rb") as raw:
            reader = _Reader(raw)
            reader.drain()
    except OSError:
        return None
    if not reader.gzipped or reader.error or reader.over or reader.digest.digest() != plain.digest:
        return None
    info = _File(
        path,
        number,
        kind=plain.kind,
        locs=plain.locs,
        origins=plain.origins,
        digest=plain.digest,
        alternates=plain.alternates,
    )
    for _file, line, _order, issue in own:
        found.add(
            number, info.name, line or None, issue.code, issue.field, issue.message, issue.level
        )
    return info


# -- collecting issues ----------------------------------------------------------------


class _Found:
    """Issues with their file order and line, for a report sorted by place."""

    def __init__(self) -> None:
        self.items: list[tuple[int, int, int, Issue]] = []

    def add(
        self,
        file_no: int,
        name: str,
        line: int | None,
        code: str,
        field: str,
        message: str,
        level: Level = "error",
    ) -> None:
        where = f"{name}:{line}" if line else name
        self.items.append(
            (file_no, line or 0, len(self.items), Issue(code, where, field, message, level))
        )

    def sorted(self) -> list[Issue]:
        return [item[3] for item in sorted(self.items, key=lambda i: i[:3])]


@dataclass(slots=True)
class _File:
    """What reading one file learnt, for the set-wide checks."""

    path: Path
    number: int
    kind: str | None = None  # urlset | sitemapindex | text | None
    # (loc, line, origin, where its path starts or -1 for none) per entry; origin is None
    # for a loc that failed its check. Origins are shared: 50,000 URLs have a few.
    locs: list[tuple[str, int, tuple[str, str, int] | None, int]] = field(default_factory=list)
    origins: dict[tuple[str, str, int], tuple[str, str, int]] = field(default_factory=dict)
    # "scheme://authority" of the valid locs -> their origin, to check the next ones faster
    prefixes: dict[str, tuple[str, str, int]] = field(default_factory=dict)
    name: str = ""
    variant: str = ""  # xml, xml.gz, txt or txt.gz: which parallel copy of the set
    digest: bytes | None = None  # of the whole (uncompressed) content, when read whole
    # (loc, line, the hreflang alternates' hrefs) of each entry that has alternates
    alternates: list[tuple[str, int, frozenset[str]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.name = self.path.name
        lower = self.name.lower()
        gz = lower.endswith(".gz")
        base = lower[:-3] if gz else lower
        self.variant = ("txt" if base.endswith(".txt") else "xml") + (".gz" if gz else "")


# -- reading bytes --------------------------------------------------------------------


class _Reader:
    """The bytes of one file, gunzipped when they are gzip, cut off past `MAX_BYTES`."""

    def __init__(self, raw: IO[bytes]) -> None:
        self.raw = raw
        self.gzipped = raw.read(2) == _GZIP_MAGIC
        raw.seek(0)
        self.stream: IO[bytes] = gzip.GzipFile(fileobj=raw, mode="rb") if self.gzipped else raw
        self.total = 0
        self.over = False
        self.error: str | None = None
        self.digest = hashlib.blake2b(digest_size=16)  # of the bytes read, for twins

    def read(self, size: int = _CHUNK) -> bytes:
        if self.over or self.error:
            return b""
        try:
            data = self.stream.read(size)
        except (OSError, EOFError, zlib.error) as exc:
            self.error = str(exc) or type(exc).__name__
            return b""
        self.total += len(data)
        self.digest.update(data)
        if self.total > MAX_BYTES:
            self.over = True
        return data

    def drain(self) -> None:
        """Read on (to the cap) so the size and the gzip checksum are known."""
        while self.read():
            pass


def _read_file(path: Path, number: int, found: _Found, window: _Window) -> _File:
    info = _File(path, number)
    name = info.name

    def add(line: int | None, code: str, fld: str, message: str, level: Level = "error") -> None:
        found.add(number, name, line, code, fld, message, level)

    try:
        raw = path.open("rb")
    except OSError as exc:
        add(
            None,
            "xml" if info.variant.startswith("xml") else "text",
            "",
            f"cannot read: {exc.strerror or exc}",
        )
        return info
    with raw:
        reader = _Reader(raw)
        named_gz = name.lower().endswith(".gz")
        if named_gz and not reader.gzipped:
            add(None, "gzip", "", "named .gz but not gzip data")
        elif reader.gzipped and not named_gz:
            add(None, "gzip", "", "gzip data in a file not named .gz", "warning")
        if info.variant.startswith("txt"):
            _read_text(reader, info, add)
        elif not _read_plain(reader, info, add):
            info = _File(path, number)  # what the shortcut read is dropped
            raw.seek(0)
            reader = _Reader(raw)
            _read_xml(reader, info, add, window)
        reader.drain()
        if reader.error:
            add(None, "gzip", "", f"gzip data does not decompress: {reader.error}")
        if reader.over:
            what = "uncompressed " if reader.gzipped else ""
            add(
                None,
                "size",
                "",
                f"more than {MAX_BYTES:,} bytes {what}(the protocol's "
                f"limit per file); stopped reading there",
            )
        elif not reader.error:
            info.digest = reader.digest.digest()
    return info


# -- XML ------------------------------------------------------------------------------


def _read_plain(reader: _Reader, info: _File, add: Callable[..., None]) -> bool:
    """Check a `<urlset>` in the writer's plain shape (one of `_PLAIN_HEADS`, then one
    `<url>` of a loc, a lastmod and, after the xhtml header, `xhtml:link` alternates on
    each line, `</urlset>`) from its text, without the XML parser.

    Such bytes are well-formed by construction and hold no element but the entries, whose
    lines are known, so the findings are the full checker's: its value and loc checks, in
    its order. False, with nothing reported, at the first byte out of that shape: then the
    caller reads the file again with `_read_xml`.
    """
    pending: list[tuple[object, ...]] = []  # reported only when the whole file is plain

    def note(*args: object) -> None:
        pending.append(args)

    known: set[str] = set()
    line = 2  # the header's lines
    rest = b""
    ended = False
    chunk = reader.read()
    head = next((head for head in _PLAIN_HEADS if chunk.startswith(head)), None)
    if head is None:
        return False
    linked = _PLAIN_HEADS[head]  # the xhtml namespace is declared: alternates may come
    chunk = chunk[len(head) :]
    while chunk:
        data = rest + chunk
        cut = data.rfind(b"\n") + 1
        text, rest = data[:cut].decode("latin-1"), data[cut:]
        lines = _PLAIN_LINES.fullmatch(text)
        if lines is None or (ended and text):
            return False
        end = lines.start("end")
        ended = end >= 0
        for loc, lastmod, links in _PLAIN_ENTRY.findall(text, 0, end if ended else len(text)):
            line += 1
            if line == MAX_ENTRIES + 3:
                _too_many(line, note)
            if lastmod and lastmod not in known:
                _check_value(known, "lastmod", lastmod, line, note)
            if links and not linked:
                return False
            hrefs = _PLAIN_LINK.findall(links)
            for hreflang, href in hrefs:
                _alternate("alternate", hreflang, href, line, note)
            _record_loc(info, note, loc, line)
            if hrefs:
                info.alternates.append((loc, line, frozenset(href for _, href in hrefs)))
        chunk = reader.read()
    if not ended or rest or line == 2 or reader.error or reader.over:
        return False
    info.kind = "urlset"
    for args in pending:
        add(*args)
    return True


def _read_xml(reader: _Reader, info: _File, add: Callable[..., None], window: _Window) -> None:
    """Find the root with a start-event parser, then stream the entries with another.

    The second parser reports only entry elements (`url` or `sitemap`), so Python sees
    one event per entry; each is checked with its children, then dropped from the tree.
    """
    etree.clear_error_log()  # so the first logged error is this file's
    sniff = etree.XMLPullParser(events=("start",), **SAFE_XML)
    held: list[bytes] = []
    check: _XmlCheck | None = None
    parser: etree.XMLPullParser | None = None
    try:
        while chunk := reader.read():
            if parser is None:
                if not held:
                    if not _utf8_declared(chunk, add):
                        return
                    if _PROLOG_DOCTYPE.match(chunk):
                        add(1, "xml", "", _DOCTYPE_MESSAGE)
                        return
                held.append(chunk)
                root, fed = _root_start(sniff, chunk)
                if root is None:
                    continue
                refusal = _XmlCheck.refusal(root)
                if refusal:
                    sniff.feed(chunk[fed:])  # a syntax error in the chunk is reported first
                    add(*refusal)
                    return
                info.kind = _local(root.tag)
                check = _XmlCheck(info, add, info.kind, window)
                parser = etree.XMLPullParser(events=("end",), tag=check.entry_tag, **SAFE_XML)
                chunk = b"".join(held)
                held.clear()
                del sniff
            parser.feed(chunk)
            for _event, elem in parser.read_events():
                check.entry(elem)  # type: ignore[union-attr]
        if parser is None:
            if reader.total == 0 and not reader.error:
                add(None, "xml", "", "empty file; a sitemap holds a <urlset> or <sitemapindex>")
                return
            sniff.close()
            add(None, "xml", "", "no XML element found")
            return
        root = parser.close()
        for _event, elem in parser.read_events():
            check.entry(elem)  # type: ignore[union-attr]
        check.finish(root)  # type: ignore[union-attr]
    except etree.XMLSyntaxError as exc:
        reader.drain()
        if reader.error or reader.over:
            return  # the cut-off is the news, not the parse error it causes
        first = exc.error_log[0] if len(exc.error_log) else None
        if first is not None:
            line, message = first.line, f"{first.message.strip()} (column {first.column})"
        else:
            line, message = exc.lineno, _LINE_COLUMN.sub("", exc.msg or str(exc))
        add(line if line and line > 0 else None, "xml", "", f"not well-formed XML: {message}")


# The writer's plain `<urlset>`, which `_read_plain` reads: ASCII, no entity, no `]`; its
# headers, and whether entries may have alternates after each.
_PLAIN_HEADS = {
    f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{SITEMAP_NS}">\n'.encode(): False,
    (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{SITEMAP_NS}" '
        f'xmlns:xhtml="{XHTML_NS}">\n'
    ).encode(): True,
}
_PLAIN_URL = r"[A-Za-z0-9\-._~:/?#@!$()*+,;=%]+"
_PLAIN_ALTERNATE = '<xhtml:link rel="alternate" hreflang="{}" href="{}"/>'
_PLAIN_LINK = re.compile(_PLAIN_ALTERNATE.format("([A-Za-z0-9-]+)", f"({_PLAIN_URL})"))
_PLAIN_ENTRY = re.compile(
    rf"<url><loc>({_PLAIN_URL})</loc>"
    r"(?:<lastmod>([A-Za-z0-9:.+\-]+)</lastmod>)?"
    rf"((?:{_PLAIN_ALTERNATE.format('[A-Za-z0-9-]+', _PLAIN_URL)})*)"
    r"</url>\n"
)
_PLAIN_LINES = re.compile(rf"(?:{_PLAIN_ENTRY.pattern})*+(?P<end></urlset>\n)?")


def _root_start(sniff: etree.XMLPullParser, chunk: bytes) -> tuple[etree._Element | None, int]:
    """Feed `chunk` to the start-event parser a piece at a time, as the root's start tag
    is near the top (the whole chunk would cost an event per element): the root, when its
    start is in, and how many bytes of the chunk were fed."""
    for fed in range(_SNIFF, len(chunk) + _SNIFF, _SNIFF):
        sniff.feed(chunk[fed - _SNIFF : fed])
        for _event, elem in sniff.read_events():
            return elem, fed
    return None, len(chunk)


def _utf8_declared(chunk: bytes, add: Callable[..., None]) -> bool:
    """False (after an issue) when the file is declared or marked as other than UTF-8."""
    if chunk.startswith((b"\xff\xfe", b"\xfe\xff")):
        add(1, "xml", "", "UTF-16 text; sitemaps must be UTF-8")
        return False
    match = _XML_DECL_ENCODING.match(chunk[:512])
    if match and match[1].decode("ascii", "replace").lower().replace("_", "-") not in (
        "utf-8",
        "utf8",
    ):
        add(
            1,
            "xml",
            "",
            f"declared encoding {match[1].decode('ascii', 'replace')!r}; sitemaps must be UTF-8",
        )
        return False
    return True


class _XmlCheck:
    """Checks each entry as the pull parser finishes it, then drops it from the tree.

    Dropped entries leave the root in batches (one removal each costs more than their
    check): an entry stays until the next one, for its tail; the ones before it are done.
    """

    def __init__(self, info: _File, add: Callable[..., None], kind: str, window: _Window) -> None:
        self.info = info
        self.window = window
        self.add = add
        self.kind = kind
        self.entry_tag = _URL if kind == "urlset" else _SITEMAP
        self.entry_name = _local(self.entry_tag)
        order = URL_ORDER if kind == "urlset" else SITEMAP_ORDER
        self.names = list(order)
        self.order = {_SM + name: position for name, position in order.items()}
        self.root: etree._Element | None = None
        self.entries = 0
        self.last: etree._Element | None = None  # the last entry, kept for its tail
        self.done = 0  # children of the root before `last`, all checked
        self.extensions: ExtensionCheck | None = None  # made when an entry needs one
        # Values already found good, by position: real sites repeat their dates.
        self.good: dict[int, set[str]] = {position: set() for position in order.values()}

    @staticmethod
    def refusal(elem: etree._Element) -> tuple[int | None, str, str, str] | None:
        """Why the file whose root element is `elem` is no sitemap, as `add`'s arguments
        (a DOCTYPE, another root), or None."""
        if has_doctype(elem):
            return 1, "xml", "", _DOCTYPE_MESSAGE
        ns, local = _split(elem.tag)
        if ns != SITEMAP_NS or local not in ("urlset", "sitemapindex"):
            what = (
                f"<{local}> in the namespace {ns or '(none)'!r}"
                if local in ("urlset", "sitemapindex")
                else f"<{local}>" + (f" (namespace {ns})" if ns else "")
            )
            return (
                elem.sourceline,
                "namespace",
                "",
                f"root element is {what}; a sitemap's "
                f"root is <urlset> or <sitemapindex> in the namespace {SITEMAP_NS}",
            )
        return None

    # -- one entry at a time ------------------------------------------------------

    def entry(self, elem: etree._Element) -> None:
        root = self.root
        if root is None:
            root = self.root = elem.getroottree().getroot()
            self._attributes(root)
            self._text(root.text, root.sourceline, f"inside <{self.info.kind}>")
        last = self.last
        if last is not None and last.getnext() is elem:
            tail = last.tail
            if tail and not tail.isspace():
                self._sibling(last)
            self.done += 1
        elif elem.getparent() is not root:
            return  # a misplaced <url>, reported by the entry it stands in
        else:
            self._siblings(root[0] if last is None else last, elem)
        self.last = elem
        if self.done >= _DROP:
            del root[: self.done]
            self.done = 0
        self.entries += 1
        if self.entries == MAX_ENTRIES + 1:
            _too_many(elem.sourceline, self.add)
        self._fields(elem)
        elem.clear(keep_tail=True)  # stays until the next entry, for its tail

    def finish(self, root: etree._Element) -> None:
        if self.root is None:
            self._attributes(root)
            self._text(root.text, root.sourceline, f"inside <{self.info.kind}>")
        if len(root):
            self._siblings(root[0] if self.last is None else self.last, None)
        if self.entries == 0:
            self.add(
                root.sourceline,
                "structure",
                "",
                f"<{self.info.kind}> has no <{self.entry_name}>; the schema needs at least one",
            )

    def _siblings(self, child: etree._Element | None, end: etree._Element | None) -> None:
        """Check the children of the root from `child` up to `end` (excluded)."""
        while child is not end:
            self._sibling(child)  # type: ignore[arg-type]
            self.done += 1
            child = child.getnext()  # type: ignore[union-attr]

    def _sibling(self, elem: etree._Element) -> None:
        """A child of the root other than the current entry: done entries and the rest."""
        tag = elem.tag
        tail = elem.tail
        if tail and not tail.isspace():
            self._text(tail, elem.sourceline, f"after <{_local(tag)}>")
        if tag == self.entry_tag:
            return
        line = elem.sourceline
        if isinstance(tag, str) and tag.startswith("{") and not tag.startswith(_SM):
            if self.entries:
                self.add(
                    line,
                    "structure",
                    "",
                    f"<{_local(tag)}> of another namespace after "
                    f"the first <{self.entry_name}>; the schema allows such elements only "
                    "before it",
                )
        else:
            self.add(
                line,
                "structure",
                "",
                f"unexpected <{_local(tag)}> in "
                f"<{self.info.kind}>; expected <{self.entry_name}>"
                + ("" if str(tag).startswith("{") else " (no namespace)"),
            )

    def _attributes(self, elem: etree._Element) -> None:
        for key in elem.keys():  # noqa: SIM118 - an lxml element iterates its children
            if not key.startswith(_XSI):
                self.add(
                    elem.sourceline,
                    "structure",
                    _local(elem.tag),
                    f"<{_local(elem.tag)}> has an attribute {_local(key)!r}, which "
                    "the schema does not allow",
                )

    def _text(self, text: str | None, line: int | None, where: str) -> None:
        if text and not text.isspace():
            self.add(
                line,
                "structure",
                "",
                f"text {short(text.strip())!r} {where}, where the schema allows none",
            )

    def _fields(self, elem: etree._Element) -> None:
        add = self.add
        entry = self.entry_name
        if elem.keys():
            self._attributes(elem)
        text = elem.text
        if text and not text.isspace():
            self._text(text, elem.sourceline, f"inside <{entry}>")
        order = self.order
        good = self.good
        state = 0
        loc = None
        loc_line = 0
        hrefs: list[str] = []
        extended = False  # image, video, news... children to check
        for child in elem:
            tag = child.tag
            tail = child.tail
            if tail and not tail.isspace():
                self._text(tail, child.sourceline, f"inside <{entry}>")
            position = order.get(tag)
            if position is not None:
                if position <= state:
                    add(
                        child.sourceline,
                        "structure",
                        _local(tag),
                        f"<{_local(tag)}> is repeated or out of order in <{entry}> (order: "
                        f"{', '.join(self.names)}, then elements of other namespaces)",
                    )
                else:
                    state = position
                if len(child) or child.keys():
                    add(
                        child.sourceline,
                        "structure",
                        _local(tag),
                        f"<{_local(tag)}> must hold text only",
                    )
                value = child.text or ""
                if position == 1:
                    if loc is None:
                        loc, loc_line = value, child.sourceline
                    continue
                known = good[position]
                if value not in known:
                    _check_value(known, self.names[position - 1], value, child.sourceline, add)
            elif isinstance(tag, str) and tag[0] == "{" and not tag.startswith(_SM):
                state = _FOREIGN
                if tag == _XHTML_LINK and entry == "url":
                    _alternate(
                        child.get("rel"),
                        child.get("hreflang"),
                        child.get("href"),
                        child.sourceline,
                        add,
                    )
                    hrefs.append((child.get("href") or "").strip())
                else:
                    extended = True
            elif isinstance(tag, str):
                line = child.sourceline
                if tag[0] == "{":
                    add(
                        line,
                        "structure",
                        _local(tag),
                        f"<{_local(tag)}> is not allowed in <{entry}> (allowed: "
                        f"{', '.join(self.names)}, then elements of other namespaces)",
                    )
                else:
                    add(
                        line,
                        "structure",
                        tag,
                        f"<{tag}> has no namespace; <{entry}> holds "
                        "only sitemaps.org elements and elements of other namespaces",
                    )
        if loc is None:
            add(elem.sourceline, "structure", "loc", f"<{entry}> has no <loc>")
            return
        _record_loc(self.info, add, loc.strip(), loc_line)
        if hrefs:
            self.info.alternates.append((loc.strip(), loc_line, frozenset(hrefs)))
        if extended and entry == "url":
            if self.extensions is None:
                # Imported here: extension_checks imports urls, which imports this module.
                from .extensions import ExtensionCheck

                w = self.window
                self.extensions = (
                    ExtensionCheck(w.now)
                    if w.news_days is None
                    else ExtensionCheck(w.now, w.news_days)
                )
            self.extensions.entry(elem, add)


def _too_many(line: int, add: Callable[..., None]) -> None:
    add(line, "size", "", f"more than {MAX_ENTRIES:,} entries in one file (the protocol's limit)")


def _record_loc(info: _File, add: Callable[..., None], url: str, line: int) -> None:
    """Check one listed URL and keep it for the set-wide scope and duplicate checks.

    A URL whose `scheme://authority` an earlier valid loc of the file had, followed by a
    path alone, needs only its path checked: `URI` reads the authority up to the first
    `/` the same way whatever follows."""
    cut = url.find("/", 8)  # after "http://" and the authority's first character
    if cut > 0:
        origin = info.prefixes.get(url[:cut])
        if origin is not None and MIN_LOC <= len(url) <= MAX_LOC and PATH_ONLY.fullmatch(url, cut):
            info.locs.append((url, line, origin, cut))
            return
    problem, origin, path_start, fragment = loc_parts(url)
    if problem or origin is None:
        add(line, "loc", "loc", f"{short(url)!r} {problem}")
        info.locs.append((url, line, None, -1))
        return
    if fragment:
        add(
            line,
            "loc",
            "loc",
            f"{short(url)} has a #fragment, which crawlers drop; list the page once without it",
            "warning",
        )
    origin = info.origins.setdefault(origin, origin)
    if cut > 0 and path_start == cut:
        info.prefixes[url[:cut]] = origin
    info.locs.append((url, line, origin, path_start))


def _split(tag: str) -> tuple[str, str]:
    if tag.startswith("{"):
        ns, _, local = tag[1:].partition("}")
        return ns, local
    return "", tag


def _local(tag: object) -> str:
    return tag.rpartition("}")[2] if isinstance(tag, str) else str(tag)


# -- values ---------------------------------------------------------------------------


def _check_value(
    known: set[str], name: str, value: str, line: int, add: Callable[..., None]
) -> None:
    """Check one lastmod, changefreq or priority not in `known`, the values of this file
    already found good (real sites repeat their dates), which a good one joins."""
    problem = VALUE_CHECKS[name](value)
    if problem is None:
        if len(known) < 10_000:
            known.add(value)
    else:
        add(line, name, name, problem[0], problem[1])


def _alternate(
    rel: str | None,
    hreflang: str | None,
    href: str | None,
    line: int | None,
    add: Callable[..., None],
) -> None:
    """Check one `xhtml:link` alternate from its attributes."""
    if rel != "alternate":
        add(
            line,
            "hreflang",
            "rel",
            f'xhtml:link has rel={rel!r}; a sitemap alternate needs rel="alternate"',
        )
    if hreflang is None or not valid_hreflang(hreflang):
        add(
            line,
            "hreflang",
            "hreflang",
            f"hreflang={hreflang!r} is not a language tag "
            "(like en, pt-BR, zh-Hant-TW) or x-default",
        )
    if href is None:
        add(line, "hreflang", "href", "xhtml:link has no href")
    else:
        problem = loc_parts(href.strip())[0]
        if problem:
            add(line, "hreflang", "href", f"href {short(href)!r} {problem}")


# -- text sitemaps --------------------------------------------------------------------


def _read_text(reader: _Reader, info: _File, add: Callable[..., None]) -> None:
    info.kind = "text"
    number = entries = 0
    for line in _lines(reader):
        number += 1
        if number == 1 and line.startswith(b"\xef\xbb\xbf"):
            add(
                1,
                "text",
                "",
                "starts with a byte-order mark, which some crawlers read as part of the first URL",
                "warning",
            )
            line = line[3:]
        if line.endswith(b"\r"):
            line = line[:-1]
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError:
            add(number, "text", "", "not UTF-8 text; a text sitemap must be UTF-8")
            return
        if not text.strip():
            add(number, "text", "", "blank line; a text sitemap has one URL on every line")
            continue
        if text != text.strip() or len(text.split()) != 1:
            add(number, "text", "", f"{short(text)!r} is not one URL alone on its line")
            continue
        entries += 1
        if entries == MAX_ENTRIES + 1:
            add(
                number,
                "size",
                "",
                f"more than {MAX_ENTRIES:,} URLs in one file (the protocol's limit)",
            )
        _record_loc(info, add, text, number)
    if number == 0 and not reader.error:
        add(None, "text", "", "empty file; a text sitemap lists at least one URL")


def _lines(reader: _Reader) -> Iterator[bytes]:
    """Lines without their "\\n"; a final newline ends the last line, it adds none."""
    pending = b""
    while chunk := reader.read():
        lines = (pending + chunk).split(b"\n")
        pending = lines.pop()
        yield from lines
    if pending:
        yield pending


# -- the set --------------------------------------------------------------------------


def _check_set(files: list[_File], location: str | None, found: _Found) -> None:
    by_name = {f.name: f for f in files}
    placed: dict[str, str] = {}  # file name -> URL an index gives it
    listed: set[str] = set()
    for index in (f for f in files if f.kind == "sitemapindex"):
        for loc, line, _origin, _path in index.locs:
            segment = part_name(loc)
            target = by_name.get(segment)
            if target is None:
                found.add(
                    index.number,
                    index.name,
                    line,
                    "index",
                    "loc",
                    f"lists {short(loc)}, but no {segment or 'file'} is among the "
                    "files of this set",
                )
                continue
            if target.kind == "sitemapindex":
                found.add(
                    index.number,
                    index.name,
                    line,
                    "index",
                    "loc",
                    f"lists {short(loc)}, which is an index itself; an index may "
                    "list sitemaps only",
                )
                continue
            placed.setdefault(segment, loc)
            listed.add(segment)
    indexed_variants = {f.variant for f in files if f.kind == "sitemapindex"}
    for f in files:
        if (
            f.kind in ("urlset", "text")
            and f.variant in indexed_variants
            and not ({f.name, twin_name(f.name)} & listed)
        ):
            found.add(
                f.number,
                f.name,
                None,
                "index",
                "",
                "is part of the set but no index lists it",
                "warning",
            )

    _check_scope(files, location, placed, found)
    _check_duplicates(files, found)
    _check_twins(files, found)
    _check_reciprocity(files, found)


def _check_reciprocity(files: list[_File], found: _Found) -> None:
    """hreflang alternates: a page lists itself, and a listed alternate lists it back.

    Checked on one copy of the set (the XML files, else their `.gz` twins)."""
    variants = {f.variant for f in files}
    variant = "xml" if "xml" in variants else "xml.gz"
    own = [f for f in files if f.variant == variant]
    groups = {loc: hrefs for f in own for loc, _line, hrefs in f.alternates}
    for f in own:
        for loc, line, hrefs in f.alternates:
            if loc not in hrefs:
                found.add(
                    f.number,
                    f.name,
                    line,
                    "hreflang",
                    "href",
                    f"{short(loc)} has alternates but does not list itself among them",
                    "warning",
                )
            for href in sorted(hrefs - {loc}):
                back = groups.get(href)
                if back is not None and loc not in back:
                    found.add(
                        f.number,
                        f.name,
                        line,
                        "hreflang",
                        "href",
                        f"{short(loc)} lists {short(href)} as an alternate, which "
                        "does not list it back",
                        "warning",
                    )


def twin_name(name: str) -> str:
    """The name of a sitemap file's `.gz` twin, or of the file a `.gz` one compresses."""
    return name[:-3] if name.endswith(".gz") else name + ".gz"


def _check_scope(
    files: list[_File], location: str | None, placed: dict[str, str], found: _Found
) -> None:
    if location is None:
        origin = next((o for f in files for _l, _n, o, _p in f.locs if o), None)
        if origin is None:
            return
        shown = origin_text(origin)
        for f in files:
            for loc, line, o, _p in f.locs:
                if o is not None and o != origin:
                    found.add(
                        f.number,
                        f.name,
                        line,
                        "scope",
                        "loc",
                        f"{short(loc)} is not on {shown}, like the set's first URL",
                    )
        return
    folder = location.rsplit("/", 1)[0] + "/"
    outside: list[tuple[_File, int, str, str, str]] = []  # file, line, loc, allowed, where
    checked = 0
    for f in files:
        where = location if f.number == 0 else placed.get(f.name) or folder + quote(f.name)
        problem, origin, _start, _frag = loc_parts(where)
        if problem or origin is None:
            continue  # a bad location is the caller's to report
        path = URI.fullmatch(where)["path"] or "/"  # type: ignore[index]
        prefix = path.rsplit("/", 1)[0] + "/"
        index = f.kind == "sitemapindex"
        shown = origin_text(origin) if index else origin_text(origin) + prefix
        for loc, line, o, p in f.locs:
            if o is None:
                continue
            checked += 1
            if o != origin or not (
                index or (prefix == "/" if p < 0 else loc.startswith(prefix, p))
            ):
                outside.append((f, line, loc, shown, where))
    if len(outside) > 1 and len(outside) == checked:
        f, line, loc, shown, where = outside[0]
        found.add(
            f.number,
            f.name,
            line,
            "scope",
            "loc",
            f"all {checked:,} URLs of this set are outside {shown}, where a sitemap at "
            f"{where} may point (the first is {short(loc)}): a build made for "
            "another base URL? Check it where it is published, or build it with "
            "that base URL",
        )
        return
    for f, line, loc, shown, where in outside:
        found.add(
            f.number,
            f.name,
            line,
            "scope",
            "loc",
            f"{short(loc)} is outside {shown}, where a sitemap at {where} may point",
        )


def _check_twins(files: list[_File], found: _Found) -> None:
    """A `.gz` file of the set must hold the same bytes as its uncompressed twin."""
    by_name = {f.name: f for f in files}
    for f in files:
        plain = by_name.get(twin_name(f.name)) if f.name.endswith(".gz") else None
        if plain is None or None in (f.digest, plain.digest) or f.digest == plain.digest:
            continue
        line = _first_difference(plain.path, f.path)
        found.add(
            f.number,
            f.name,
            line,
            "gzip",
            "",
            f"does not hold the same content as {plain.name} (the first difference is "
            f"on line {line}): one of them is out of date; build both again, or "
            "delete the stale one",
        )


def _first_difference(a: Path, b: Path) -> int:
    """The first line (1-based, after gunzip) where two files differ."""
    number = 0
    with a.open("rb") as raw_a, b.open("rb") as raw_b:
        pairs = itertools.zip_longest(_lines(_Reader(raw_a)), _lines(_Reader(raw_b)))
        for number, (line_a, line_b) in enumerate(pairs, 1):
            if line_a != line_b:
                return number
    return max(number, 1)  # only a final newline differs: the last line


def _check_duplicates(files: list[_File], found: _Found) -> None:
    seen: dict[str, dict[str, tuple[str, int]]] = {}  # variant or index -> loc -> first place
    for f in files:
        group = seen.setdefault(f.variant if f.kind != "sitemapindex" else f"index {f.name}", {})
        for loc, line, _o, _p in f.locs:
            first = group.get(loc)
            if first is None:
                group[loc] = (f.name, line)
            else:
                found.add(
                    f.number,
                    f.name,
                    line,
                    "duplicate",
                    "loc",
                    f"{short(loc)} is already listed at {first[0]}:{first[1]}",
                    "warning",
                )
