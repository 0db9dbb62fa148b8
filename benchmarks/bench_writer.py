"""Writer throughput: sitemap_core against a plain byte write and an ElementTree tree.

The same stream of pages (with lastmod; every tenth path needs percent-encoding and
XML escaping) is written three ways in one process: by `write_sitemaps`, by a plain
byte write of the same output size (the floor), and by an `xml.etree.ElementTree` tree
per file of 50,000 URLs (the approach of today's Sphinx plugin). Times are the process's
CPU seconds (other work on a shared machine does not count). Making the page stream
is timed alone too: `vs_etree_net` compares the two writers without it. Peak RSS is
read after our run, before the others. The last line is machine-readable.
"""

from __future__ import annotations

import resource
import tempfile
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

from harness import size_option
from sitemap_core import write_sitemaps
from sitemap_core.options import settings_from_options
from sitemap_core.values.page import Page

BASE = "https://example.org/docs/"


def pages(n: int) -> Iterator[Page]:
    """n pages, 100 sections; every tenth path has a space, `&` and non-ASCII."""
    for i in range(n):
        day = f"2024-{1 + i % 12:02d}-{1 + i % 28:02d}"
        if i % 10 == 0:
            yield Page(url=f"section-{i % 100}/caf\u00e9 & cr\u00e8me {i}/", lastmod=day)
        else:
            yield Page(url=f"section-{i % 100}/page-{i}/", lastmod=day)


def run_core(n: int, out: Path, gzip: str) -> tuple[float, int]:
    settings, _ = settings_from_options(
        {"validate": "off", "robots_txt": False, "gzip": gzip}, BASE
    )
    start = time.process_time()
    result = write_sitemaps(pages(n), out, settings)
    elapsed = time.process_time() - start
    assert result.urls == n, result.issues[:3]
    return elapsed, sum(p.stat().st_size for p in result.files if p.suffix == ".xml")


def run_input(n: int) -> float:
    """The cost of making the page stream alone, shared by every writer below."""
    start = time.process_time()
    for _ in pages(n):
        pass
    return time.process_time() - start


def run_floor(total_bytes: int, out: Path) -> float:
    chunk = b"<url><loc>https://example.org/docs/section-1/page-1/</loc></url>\n" * 16384
    start = time.process_time()
    with (out / "floor.xml").open("wb") as f:
        written = 0
        while written < total_bytes:
            written += f.write(chunk[: total_bytes - written])
    return time.process_time() - start


def run_etree(n: int, out: Path) -> float:
    ns = "http://www.sitemaps.org/schemas/sitemap/0.9"
    start = time.process_time()
    stream = pages(n)
    part = 0
    while True:
        root = ET.Element("urlset", xmlns=ns)
        count = 0
        for page in stream:
            url = ET.SubElement(root, "url")
            ET.SubElement(url, "loc").text = BASE + page.url
            ET.SubElement(url, "lastmod").text = str(page.lastmod)
            count += 1
            if count == 50_000:
                break
        if not count:
            break
        part += 1
        ET.ElementTree(root).write(
            out / f"etree-{part}.xml", encoding="utf-8", xml_declaration=True
        )
    return time.process_time() - start


def main() -> None:
    n = size_option(__doc__, "urls", 1_000_000, 100_000, "URLs to write")
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name in ("core", "gz", "floor", "etree"):
            (root / name).mkdir()
        ours, size = run_core(n, root / "core", "no")
        peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        with_gzip, _ = run_core(n, root / "gz", "also")
        floor = run_floor(size, root / "floor")
        etree = run_etree(n, root / "etree")
        made = run_input(n)

    print(f"urls: {n:,}  output: {size / 1e6:.1f} MB uncompressed  (CPU seconds below)")
    print(f"sitemap_core:   {ours:7.2f} s  {n / ours:12,.0f} URLs/s  peak RSS {peak_mb:.0f} MB")
    print(f"  + gzip twins: {with_gzip:7.2f} s  (gzip adds {with_gzip / ours - 1:.0%})")
    print(f"plain bytes:    {floor:7.2f} s  (the floor)")
    print(f"ElementTree:    {etree:7.2f} s")
    print(
        f"making the pages alone: {made:.2f} s; net of it, ElementTree / sitemap_core = "
        f"{(etree - made) / (ours - made):.1f}"
    )
    print(
        f"BENCH writer urls={n} vs_etree={etree / ours:.1f} vs_floor={ours / floor:.1f} "
        f"peak_mb={peak_mb:.0f} vs_etree_net={(etree - made) / (ours - made):.1f}"
    )


if __name__ == "__main__":
    main()
