"""The MkDocs plugin's cost on a site like a real one: time inside its hooks, against the
whole `mkdocs build` and against MkDocs' own sitemap.

The site is built with mkdocs-material: N pages in sections of 25 under 8 tabs, every
one in the navigation (as `nav:` in mkdocs.yml), a material blog of N/10 posts, and
pymdownx snippets: every page gets an abbreviations file appended (`auto_append`, as
material's own docs do) and one page in five includes a shared snippet. The repository
has one commit per file (written by `git fast-import`), the snippet files committed
halfway, so half the pages are older than what they include. The site is built in this
process twice, without and with the plugin; the plugin's hooks are wrapped with a timer
here, not in the plugin; their time (git pass and sitemap writing included) is the
plugin's cost, reported per 1,000 URLs, as a share of the build, against the floor (the
built heads read plainly, and the git pass alone) and against the peer: the time MkDocs
spends rendering and gzipping its built-in `sitemap.xml` in the build without the
plugin. `peak_mb_added` is the peak resident memory the plugin adds (two more builds, each in
its own process). `--history N` adds N commits outside
docs/ among the pages' own. The last line is machine-readable.
"""

from __future__ import annotations

import logging
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import mkdocs.commands.build as mkdocs_build
from mkdocs.config import load_config

from harness import (
    adapter_options,
    make_repo,
    peak_mb_added,
    report_peer,
    rss_child,
    time_builds,
    time_calls,
    urls_written,
)
from sitemap_mkdocs.includes import PageIncludes
from sitemap_mkdocs.plugin import Seen, SitemapPlugin

SECTION_SIZE = 25
TABS = 8
SNIPPET_EVERY = 5  # one page in five includes a shared snippet
# Every hook: the plugin's, and the per-page ones it adds to a build that needs them.
HOOKS = [
    (owner, [name for name in vars(owner) if name.startswith("on_")])
    for owner in (SitemapPlugin, Seen, PageIncludes)
]
PEER = "peer"  # the `time_calls` key of MkDocs' own sitemap
PAGE = """# Page {n} of section {s}

Some prose for page {n}, with a [link to the section](index.md) and *emphasis*. The
HTML and CSS of the site are explained elsewhere.

!!! note "A note"

    A second sentence so the paragraph wraps like real documentation does.

=== "Tab one"

    - one item
    - another item

=== "Tab two"

    | Option | Default |
    | ------ | ------- |
    | `n`    | `{n}`   |

```python
print("page {n}")
```
{snippet}"""
POST = """---
date:
  created: 2024-{month:02d}-{day:02d}
categories:
  - Category {c}
---

# Post {n}

The opening of post {n}.

<!-- more -->

The rest of post {n}, with more prose than its opening.
"""
ABBREVIATIONS = "*[HTML]: Hyper Text Markup Language\n*[CSS]: Cascading Style Sheets\n"
SNIPPET = '\n!!! tip "Shared"\n\n    A snippet shared by many pages.\n'


def sources(pages: int) -> dict[str, str]:
    """`{path: text}` in commit order: docs/ (a home page, sections of up to 25 pages,
    the blog) and includes/, committed halfway."""
    files = {"docs/index.md": "# Benchmark site\n\nHome.\n"}
    for n in range(pages):
        if n == pages // 2:
            files["includes/abbreviations.md"] = ABBREVIATIONS
            files["includes/shared.md"] = SNIPPET
        s = n // SECTION_SIZE
        if n % SECTION_SIZE == 0:
            files[f"docs/tab-{s % TABS}/section-{s:03d}/index.md"] = f"# Section {s}\n"
        snippet = '\n--8<-- "shared.md"\n' if n % SNIPPET_EVERY == 0 else ""
        files[f"docs/tab-{s % TABS}/section-{s:03d}/page-{n:05d}.md"] = PAGE.format(
            n=n, s=s, snippet=snippet
        )
    files["docs/blog/index.md"] = "# Blog\n"
    for n in range(max(pages // 10, 1)):
        files[f"docs/blog/posts/post-{n:04d}.md"] = POST.format(
            n=n, month=n % 12 + 1, day=n % 28 + 1, c=n % 4
        )
    return files


def config(files: dict[str, str]) -> str:
    """mkdocs.yml: material with tabs and sections, the whole navigation, the blog,
    snippets."""
    nav = ["nav:", "  - Home: index.md"]
    tabs: dict[str, list[str]] = {}
    for path in files:
        parts = path.split("/")
        if parts[0] == "docs" and parts[1].startswith("tab-"):
            tabs.setdefault(parts[1], []).append("/".join(parts[1:]))
    for tab, paths in sorted(tabs.items()):
        nav.append(f"  - {tab}:")
        nav.extend(f"    - {path}" for path in paths)
    nav += ["  - Blog:", "    - blog/index.md"]
    return "\n".join(
        [
            "site_name: Benchmark",
            "site_url: https://example.org/docs/",
            "theme:",
            "  name: material",
            "  features: [navigation.tabs, navigation.sections, navigation.indexes]",
            "markdown_extensions:",
            "  - abbr",
            "  - admonition",
            "  - tables",
            "  - pymdownx.superfences",
            "  - pymdownx.tabbed: {alternate_style: true}",
            "  - pymdownx.snippets:",
            "      base_path: [includes]",
            "      auto_append: [abbreviations.md]",
            *nav,
            "",
        ]
    )


def make_site(root: Path, files: dict[str, str], history: int = 0) -> None:
    """The site in a dated repository (with `history` other commits), with its mkdocs.yml."""
    make_repo(root, files, folder="", history=history)
    (root / "mkdocs.yml").write_text(config(files), encoding="utf-8")


def run_build(root: Path, site_dir: Path, plugin: bool) -> float:
    """One `mkdocs build` in this process, with or without the plugin; its seconds."""
    plugins = ["search", "blog", "sitemap-suite"] if plugin else ["search", "blog"]
    cfg = load_config(config_file=str(root / "mkdocs.yml"), plugins=plugins, site_dir=str(site_dir))
    cfg.plugins.on_startup(command="build", dirty=False)
    start = time.perf_counter()
    try:
        mkdocs_build.build(cfg)
    finally:
        cfg.plugins.on_shutdown()
    return time.perf_counter() - start


def main() -> None:
    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    logging.getLogger("material").setLevel(logging.ERROR)
    if rss_child(run_build):  # the child process of `peak_mb_added`
        return
    pages, history = adapter_options(__doc__, 2000, 200, "pages (in sections of 25)")
    spent = time_calls(*HOOKS)
    peer = _time_peer()
    with tempfile.TemporaryDirectory(prefix="bench-mkdocs-") as tmp:
        work = Path(tmp)
        start = time.perf_counter()
        make_site(work / "warm", sources(pages=3))
        make_site(work / "site", sources(pages), history or 0)
        made = time.perf_counter() - start
        without, with_plugin, urls, floor_s = time_builds(spent, run_build, work)
        peer_urls = urls_written(work / "without" / "sitemap.xml")
        added_mb, without_mb = peak_mb_added(__file__, work)
    print(
        f"site: {pages} pages in {-(-pages // SECTION_SIZE)} sections under {TABS} tabs, "
        f"{max(pages // 10, 1)} blog posts, {len(sources(pages)) + (history or 0)} commits "
        f"(made in {made:.1f} s); {urls} URLs"
    )
    report_peer(
        "mkdocs",
        "plugin",
        spent,
        without,
        with_plugin,
        urls,
        floor_s,
        "MkDocs' built-in sitemap.xml and .gz (rendered in the build without the plugin)",
        peer,
        without,
        peer_urls,
        added_mb,
        without_mb,
    )


def _time_peer() -> Counter[str]:
    """Time MkDocs' rendering of its own `sitemap.xml` (and its gzip), in-process, under
    `sitemap.xml` (it renders none in a build with the plugin)."""
    spent: Counter[str] = Counter()
    render = mkdocs_build._build_theme_template

    def timed(name: str, *args: Any, **kwargs: Any) -> None:
        start = time.perf_counter()
        try:
            render(name, *args, **kwargs)
        finally:
            if name == "sitemap.xml":
                spent[name] += time.perf_counter() - start

    mkdocs_build._build_theme_template = timed
    return spent


if __name__ == "__main__":
    main()
