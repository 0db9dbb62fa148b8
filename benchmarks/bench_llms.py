"""llms.txt's cost: the sitemap set written for N built pages with `llms_txt` `no`, `yes`
and `full`, in this process, interleaved, each the best of nine runs (`full`: three).

The pages are shaped like mkdocs-material's (a header with search, a nav of 200 links,
a table of contents, an article of headings, paragraphs, a list, a code block and a
table, a footer: about 30 KB each), titled and in sections of 50 as an adapter hands
them. `yes` adds the collection while the set is written and llms.txt after it; `full`
also reads each page and converts its article to Markdown (markdownify). Reported: the
time of each, the cost of `yes` over `no` per 1,000 pages (compare it with a plugin's own
time per 1,000 URLs: `bench_mkdocs.py`, `bench_sphinx.py`) and as a share of the write
alone, and the cost of `full` over `no` per 1,000 pages. The last line is machine-readable.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from harness import size_option
from sitemap_core import Page, Section, Site, write_sitemaps
from sitemap_core.options import settings_from_options

BASE = "https://example.org/"
SECTION = 50
ROUNDS = 9  # writes of each mode but `full` (three), the best kept
NAV = "".join(
    f'<li class="md-nav__item"><a class="md-nav__link" href="../p{i}/">Page {i}</a></li>'
    for i in range(200)
)
PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Page {n} - Example</title><link rel="canonical" href="{url}">
<meta name="description" content="What page {n} is about."></head>
<body><header class="md-header"><nav>Example <form class="md-search"><input></form></nav></header>
<div class="md-container"><main class="md-main"><div class="md-main__inner">
<div class="md-sidebar"><nav class="md-nav"><ul>{nav}</ul></nav></div>
<div class="md-sidebar md-sidebar--secondary"><nav class="md-nav md-nav--secondary">
<ul><li><a href="#usage">Usage</a></li><li><a href="#options">Options</a></li></ul></nav></div>
<div class="md-content"><article class="md-content__inner md-typeset">
<h1 id="page">Page {n}<a class="headerlink" href="#page">&para;</a></h1>
<p>Some prose for page {n}, with a <a href="../p{m}/">link</a>, <code>inline_code</code> and
<strong>emphasis</strong>. A second sentence so the paragraph wraps like real content does.</p>
<h2 id="usage">Usage<a class="headerlink" href="#usage">&para;</a></h2>
<ul><li>First point of page {n}</li><li>Second point, with <em>words</em></li></ul>
<div class="language-python highlight"><pre><span></span><code><span class="kn">import</span> <span class="nn">example</span>
<span class="n">example</span><span class="o">.</span><span class="n">run</span><span class="p">({n})</span>
</code></pre></div>
<h2 id="options">Options<a class="headerlink" href="#options">&para;</a></h2>
<table><thead><tr><th>option</th><th>default</th></tr></thead>
<tbody><tr><td><code>a</code></td><td>1</td></tr><tr><td><code>b</code></td><td>2</td></tr></tbody></table>
</article></div></div></main>
<footer class="md-footer"><nav>Previous Next</nav><div>Made with Material</div></footer></div>
<script src="assets/bundle.js"></script></body></html>
"""


def make_pages(root: Path, count: int) -> list[Page]:
    """N built pages, titled and in sections, as an adapter hands them."""
    pages = []
    for n in range(count):
        rel = f"s{n // SECTION}/p{n}/"
        path = root / rel / "index.html"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(PAGE.format(n=n, m=(n + 1) % count, url=BASE + rel, nav=NAV))
        section = (Section(f"Section {n // SECTION}"),)
        pages.append(
            Page(
                rel,
                output=str(path),
                title=f"Page {n}",
                section=section,
                rank=n,
                description=f"About {n}",
            )
        )
    return pages


def timed(pages: list[Page], out: Path, mode: str) -> float:
    """One write of the set with `llms_txt: mode`, in seconds."""
    settings, issues = settings_from_options(
        {"llms_txt": mode, "lastmod": "none", "robots_txt": False}, BASE
    )
    assert not issues, issues
    start = time.perf_counter()
    write_sitemaps(pages, out, settings, site=Site("Example", "An example site"))
    return time.perf_counter() - start


def main() -> None:
    count = size_option(__doc__, "pages", 2_000, 300, "pages")
    with tempfile.TemporaryDirectory(prefix="bench-llms-") as tmp:
        root = Path(tmp)
        pages = make_pages(root / "site", count)
        runs: dict[str, list[float]] = {"no": [], "yes": [], "full": []}
        for turn in range(ROUNDS):  # interleaved: a busy moment slows every mode alike
            for mode, seen in runs.items():
                if mode != "full" or turn < 3:
                    seen.append(timed(pages, root / f"out-{mode}", mode))
        times = {mode: min(seen) for mode, seen in runs.items()}
        full_bytes = (root / "out-full" / "llms-full.txt").stat().st_size
    no, yes, full = times["no"], times["yes"], times["full"]
    per_1000 = (full - no) / count * 1000 * 1000
    yes_per_1000 = (yes - no) / count * 1000 * 1000
    overhead = (yes - no) / no * 100
    print(f"site: {count:,} material-shaped pages; llms-full.txt {full_bytes / 1e6:.1f} MB")
    print(
        f"no: {no * 1000:.0f} ms, yes: {yes * 1000:.0f} ms (+{overhead:.1f}%), full: {full * 1000:.0f} ms"
    )
    print(
        f"BENCH llms per_1000_ms={per_1000:.0f} pages={count} no_ms={no * 1000:.0f} "
        f"yes_ms={yes * 1000:.0f} yes_per_1000_ms={yes_per_1000:.1f} "
        f"yes_overhead_pct={overhead:.1f} full_ms={full * 1000:.0f}"
    )


if __name__ == "__main__":
    main()
