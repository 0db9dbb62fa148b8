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

This module is the public API and reads each file with the reader for its form:
`xmlfile` (the plain fast path and the pull parser), `textfile`; `entries` checks one
entry's values, alternates and loc, `extensions` its image, video and news children;
`sets` checks the set as a whole, `robots` a robots.txt; `reading` holds the byte reader
and what they share.

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
|              | warning        | in the future: more than a day after the check's clock (a    |
|              |                | day covers every time zone's date and a clock a little fast) |
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
from collections.abc import Sequence
from pathlib import Path

from ..files.safexml import local_part
from ..protocol.grammar import part_name
from ..protocol.robots import is_relative, sitemap_value
from ..protocol.sitemaps import MAX_BYTES, MAX_ENTRIES, Level
from ..values.codes import Code
from ..values.report import Issue
from .plainfile import read_plain
from .reading import File, Found, Reader, Window
from .robots import relative_sitemaps, robots_sitemaps, validate_robots
from .sets import check_set, twin_name
from .textfile import read_text

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
    return _check_files(paths, location, Window(now, news_days))[0]


def validate_set(
    paths: Sequence[Path], location: str | None = None
) -> tuple[list[Issue], list[tuple[str | None, list[tuple[str, int]]]]]:
    """`validate_files`, and from the same read each file's kind (as `sitemap_locs` says)
    and its entries as (URL, line)."""
    issues, files = _check_files(paths, location, Window())
    return issues, [(f.kind, [(loc, line) for loc, line, *_ in f.locs]) for f in files]


def sitemap_locs(path: Path) -> tuple[str | None, list[str]]:
    """The kind of a sitemap file and the URLs it lists, read as safely as the checker.

    Kind is `urlset`, `sitemapindex`, `text`, or None when the file cannot be read as a
    sitemap. For an index the URLs are its parts. Issues are not reported here.
    """
    info = _read_file(Path(path), 0, Found(), Window())
    return info.kind, [loc for loc, *_ in info.locs]


# -- reading each file ----------------------------------------------------------------


def _check_files(
    paths: Sequence[Path], location: str | None, window: Window
) -> tuple[list[Issue], list[File]]:
    found = Found()
    files: list[File] = []
    for n, p in enumerate(paths):
        path = Path(p)
        files.append(_read_twin(path, n, files, found) or _read_file(path, n, found, window))
    check_set(files, location, found)
    return found.sorted(), files


def _read_twin(path: Path, number: int, done: list[File], found: Found) -> File | None:
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
    if any(issue.code == Code.GZIP for *_, issue in own):
        return None  # the twin is gzip data itself: its findings are not this file's
    try:
        with path.open("rb") as raw:
            reader = Reader(raw)
            reader.drain()
    except OSError:
        return None
    if not reader.gzipped or reader.error or reader.over or reader.digest.digest() != plain.digest:
        return None
    info = File(
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


def _read_file(path: Path, number: int, found: Found, window: Window) -> File:
    info = File(path, number)
    name = info.name

    def add(line: int | None, code: Code, fld: str, message: str, level: Level = "error") -> None:
        found.add(number, name, line, code, fld, message, level)

    try:
        raw = path.open("rb")
    except OSError as exc:
        add(
            None,
            Code.XML if info.variant.startswith("xml") else Code.TEXT,
            "",
            f"cannot read: {exc.strerror or exc}",
        )
        return info
    with raw:
        reader = Reader(raw)
        named_gz = name.lower().endswith(".gz")
        if named_gz and not reader.gzipped:
            add(None, Code.GZIP, "", "named .gz but not gzip data")
        elif reader.gzipped and not named_gz:
            add(None, Code.GZIP, "", "gzip data in a file not named .gz", "warning")
        if info.variant.startswith("txt"):
            read_text(reader, info, add)
        elif not read_plain(reader, info, add, window.latest):
            info = File(path, number)  # what the shortcut read is dropped
            raw.seek(0)
            reader = Reader(raw)
            from .xmlfile import read_xml  # lxml: loaded for a file not in the plain shape

            read_xml(reader, info, add, window)
        reader.drain()
        if reader.error:
            add(None, Code.GZIP, "", f"gzip data does not decompress: {reader.error}")
        if reader.over:
            what = "uncompressed " if reader.gzipped else ""
            add(
                None,
                Code.SIZE,
                "",
                f"more than {MAX_BYTES:,} bytes {what}(the protocol's "
                f"limit per file); stopped reading there",
            )
        elif not reader.error:
            info.digest = reader.digest.digest()
    return info
