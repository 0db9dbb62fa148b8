"""`sitemap-suite generate` on a built folder of N pages, against reading their heads.

A static site of N pages (`section-NNN/page-NNNNNN/index.html`, 1,000 to a section; each
head like a static generator's: a canonical link to the page itself, a stylesheet, a
title; every hundredth page `noindex`) is made in a temporary folder, outside any git
repository. `sitemap-suite generate` runs on it in a fresh process with its default
options (content-state lastmod, validation): its wall seconds (start-up included) and
peak resident memory. The floor is reading every `.html` file's head plainly (bytes up
to `</head>`, as `harness.read_head`) in this process, after it. The last line is
machine-readable.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from harness import read_head, size_option

SECTION = 1000
BASE = "https://example.org/"
PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Page {n} | Example</title>
<link rel="canonical" href="{url}">
<link rel="stylesheet" href="/css/main.min.css">
{robots}</head>
<body>
<nav><a href="/">Home</a> <a href="/section-{s:03d}/">Section {s}</a></nav>
<main>
<h1>Page {n}</h1>
<p>Some prose for page {n}, with a <a href="/section-{s:03d}/">link to its section</a>.
A second sentence so the paragraph wraps like real content does.</p>
</main>
</body>
</html>
"""


def make_site(root: Path, pages: int) -> None:
    """N pages in sections of 1,000."""
    for n in range(pages):
        s = n // SECTION
        rel = f"section-{s:03d}/page-{n:06d}/"
        folder = root / rel
        folder.mkdir(parents=True, exist_ok=True)
        robots = '<meta name="robots" content="noindex">\n' if n % 100 == 99 else ""
        (folder / "index.html").write_text(
            PAGE.format(n=n, s=s, url=BASE + rel, robots=robots), encoding="utf-8"
        )


def floor(site: Path) -> float:
    """Seconds to find every `.html` file under `site` and read its head plainly."""
    start = time.perf_counter()
    for folder, dirs, names in os.walk(site):
        dirs.sort()
        for name in sorted(names):
            if name.endswith(".html"):
                read_head(os.path.join(folder, name))
    return time.perf_counter() - start


def run(args: list[str], cwd: Path) -> tuple[float, float, str]:
    """Run a process; its wall seconds, peak RSS in MB, and its output."""
    start = time.perf_counter()
    child = subprocess.Popen(args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = child.stdout.read() if child.stdout else b""
    _pid, status, usage = os.wait4(child.pid, 0)
    seconds = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode not in (0, 1):
        raise SystemExit(f"{args[:3]} failed:\n{out.decode(errors='replace')}")
    return seconds, usage.ru_maxrss / 1024, out.decode(errors="replace")


def main() -> None:
    pages = size_option(__doc__, "pages", 100_000, 5_000, "pages")
    with tempfile.TemporaryDirectory(prefix="bench-generate-") as tmp:
        work = Path(tmp)
        site = work / "site"
        start = time.perf_counter()
        make_site(site, pages)
        made = time.perf_counter() - start
        ours, peak_mb, out = run(
            [
                sys.executable,
                "-c",
                "from sitemap_core.commands import main; main()",
                "generate",
                str(site),
                "--base-url",
                BASE,
            ],
            work,
        )
        floor_s = floor(site)
    print(
        f"site: {pages:,} pages (made in {made:.1f} s); generate says: "
        f"{out.strip().splitlines()[-1] if out.strip() else '(nothing)'}"
    )
    print(f"generate: {ours:.2f} s, {pages / ours:,.0f} pages/s, peak RSS {peak_mb:.0f} MB")
    print(f"floor (every head read plainly, one process): {floor_s:.2f} s")
    print(
        f"BENCH generate pages={pages} pages_per_s={pages / ours:.0f} peak_mb={peak_mb:.0f} "
        f"vs_floor={ours / floor_s:.2f}"
    )


if __name__ == "__main__":
    main()
