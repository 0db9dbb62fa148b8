"""Post-write validation: `validate_files` against parsing the same file and nothing else.

A plain sitemap of N URLs (`<url><loc>..</loc><lastmod>..</lastmod></url>` per line, as
every adapter build writes it) is written with `write_sitemaps`, then checked by
`validate_files` and, for the floor, fed through lxml's `XMLPullParser` with the same
`SAFE_XML` options and the same entry-end events, each entry dropped as it ends (what
any streaming reader must do). Times are the best of several runs in one process.
The last line is machine-readable.
"""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path

from lxml import etree

from bench_extensions import best
from harness import size_option
from sitemap_core import write_sitemaps
from sitemap_core.checking.validate import validate_files
from sitemap_core.files.safexml import SAFE_XML
from sitemap_core.options import settings_from_options
from sitemap_core.protocol.sitemaps import SITEMAP_NS
from sitemap_core.values.page import Page

BASE = "https://example.org/docs/"
RUNS = 7


def pages(n: int) -> Iterator[Page]:
    """n pages in 100 sections, dated over a year."""
    for i in range(n):
        yield Page(
            url=f"section-{i % 100}/page-{i}/", lastmod=f"2024-{1 + i % 12:02d}-{1 + i % 28:02d}"
        )


def write(n: int, out: Path) -> Path:
    """The sitemap of `pages(n)` (one file: N stays under the protocol's 50,000)."""
    settings, _ = settings_from_options({"validate": "off", "robots_txt": False}, BASE)
    result = write_sitemaps(pages(n), out, settings)
    assert result.urls == n and len(result.files) == 1, result
    return result.files[0]


def parse_only(path: Path) -> None:
    """The floor: the bytes read in the checker's chunks, parsed, each entry dropped."""
    parser = etree.XMLPullParser(events=("end",), tag=f"{{{SITEMAP_NS}}}url", **SAFE_XML)
    with path.open("rb") as f:
        while chunk := f.read(1 << 18):
            parser.feed(chunk)
            for _event, elem in parser.read_events():
                elem.clear()
    parser.close()


def main() -> None:
    n = size_option(__doc__, "urls", 50_000, 1_000, "URLs in the sitemap")
    with tempfile.TemporaryDirectory() as tmp:
        path = write(n, Path(tmp))
        issues = validate_files([path], BASE + path.name)
        assert not issues, issues[:3]
        ours = best(RUNS, lambda: validate_files([path], BASE + path.name))
        floor = best(RUNS, lambda: parse_only(path))
        size = path.stat().st_size
    per_1000_ms = 1e6 * ours / n
    print(f"urls: {n:,}  file: {size / 1e6:.2f} MB  (best of {RUNS} runs)")
    print(f"validate_files: {ours * 1e3:8.2f} ms  {1e6 * ours / n:6.2f} µs per entry")
    print(f"parse only:     {floor * 1e3:8.2f} ms  {1e6 * floor / n:6.2f} µs per entry (the floor)")
    print(f"checking beyond the parse: {1e6 * (ours - floor) / n:.2f} µs per entry")
    print(f"BENCH validate urls={n} per_1000_ms={per_1000_ms:.2f} vs_parse={ours / floor:.2f}")


if __name__ == "__main__":
    main()
