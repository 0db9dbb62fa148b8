"""Reading one sitemap file safely, and what the checks keep while they read.

`Reader` gives the bytes of a file (gunzipped when they are gzip, cut off a little past
`MAX_BYTES`, so a gzip bomb costs at most that much), `read_lines` its lines; `File` is
what reading a file learnt, for the set-wide checks; `Found` collects the issues in
report order; `Window` places the news window of the extension checks.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING

from ..protocol.sitemaps import MAX_BYTES, Level
from ..values.codes import Code
from ..values.report import Issue

if TYPE_CHECKING:
    import gzip

Add = Callable[..., None]  # an issue adder: (line, code, field, message, level="error")

CHUNK = 1 << 18  # bytes read at a time
_GZIP_MAGIC = b"\x1f\x8b"


# How far past this check's clock a lastmod may be: a day covers the date of every time
# zone (UTC+14 is a day ahead of UTC-10) and a writer's clock a little fast; a date beyond
# is wrong, and search engines ignore it.
CLOCK_SKEW = dt.timedelta(days=1)


def latest_lastmod(now: dt.datetime | None) -> float:
    """The sort key past which a lastmod is in the future: `CLOCK_SKEW` after the check's
    clock (`now`, the build's; else the current time), taken once per check."""
    return ((now or dt.datetime.now(dt.UTC)) + CLOCK_SKEW).timestamp()


@dataclass(frozen=True, slots=True)
class Window:
    """The check's clock (the build's, or now) as the checks use it: the news window of
    the extension checks, and `latest`, the sort key past which a lastmod is in the
    future (taken once, when the check starts)."""

    now: dt.datetime | None = None
    news_days: float | None = None
    latest: float = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "latest", latest_lastmod(self.now))


class Found:
    """Issues with their file order and line, for a report sorted by place."""

    def __init__(self) -> None:
        self.items: list[tuple[int, int, int, Issue]] = []

    def add(
        self,
        file_no: int,
        name: str,
        line: int | None,
        code: Code,
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
class File:
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


class Reader:
    """The bytes of one file, gunzipped when they are gzip, cut off past `MAX_BYTES`."""

    def __init__(self, raw: IO[bytes]) -> None:
        self.raw = raw
        self.gzipped = raw.read(2) == _GZIP_MAGIC
        raw.seek(0)
        self.stream: IO[bytes] | gzip.GzipFile = raw
        if self.gzipped:
            import gzip  # loaded for a gzipped file only

            self.stream = gzip.GzipFile(fileobj=raw, mode="rb")
        self.total = 0
        self.over = False
        self.error: str | None = None
        self.digest = hashlib.blake2b(digest_size=16)  # of the bytes read, for twins

    def read(self, size: int = CHUNK) -> bytes:
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


def read_lines(reader: Reader) -> Iterator[bytes]:
    """Lines without their "\\n"; a final newline ends the last line, it adds none."""
    pending = b""
    while chunk := reader.read():
        lines = (pending + chunk).split(b"\n")
        pending = lines.pop()
        yield from lines
    if pending:
        yield pending
