"""The MkDocs plugin's cost: time inside its hooks, against the whole `mkdocs build`.

A site of N pages nested in sections of 50 (the `mkdocs` theme) is made in a git
repository with one commit per page (written by `git fast-import`), then built in this
process twice, without and with the plugin. The plugin's hooks are wrapped with a timer
here, not in the plugin; their time (git pass and sitemap writing included) is the
plugin's cost, reported per 1,000 URLs, as a share of the build and against the floor
(the built heads read plainly, and the git pass alone). `--history N` adds N commits
outside docs/ among the pages' own. The last line is machine-readable.
"""

from __future__ import annotations

import logging
import tempfile
import time
from pathlib import Path

from mkdocs.commands.build import build
from mkdocs.config import load_config

from harness import adapter_options, make_repo, report, time_builds, time_calls
from sitemap_mkdocs.plugin import SitemapPlugin

SECTION_SIZE = 50
HOOKS = tuple(name for name in vars(SitemapPlugin) if name.startswith("on_"))  # every hook
PAGE = """# Page {n} of section {s}

Some prose for page {n}, with a [link to the section](index.md) and *emphasis*.
A second sentence so the paragraph wraps like real documentation does.

- one item
- another item

```python
print("page {n}")
```
"""


def sources(pages: int) -> dict[str, str]:
    """`{path in docs/: markdown}`: a home page and sections of up to 50 pages each."""
    files = {"index.md": "# Benchmark site\n\nHome.\n"}
    for n in range(pages):
        s = n // SECTION_SIZE
        if n % SECTION_SIZE == 0:
            files[f"section-{s:03d}/index.md"] = f"# Section {s}\n"
        files[f"section-{s:03d}/page-{n:05d}.md"] = PAGE.format(n=n, s=s)
    return files


def make_site(root: Path, files: dict[str, str], history: int = 0) -> None:
    """The site in a dated repository (with `history` other commits), with its mkdocs.yml."""
    make_repo(root, files, history=history)
    (root / "mkdocs.yml").write_text(
        "site_name: Benchmark\nsite_url: https://example.org/docs/\ntheme: mkdocs\n",
        encoding="utf-8",
    )


def run_build(root: Path, site_dir: Path, plugin: bool) -> float:
    """One `mkdocs build` in this process, with or without the plugin; its seconds."""
    plugins = ["search", "sitemap-suite"] if plugin else ["search"]
    cfg = load_config(config_file=str(root / "mkdocs.yml"), plugins=plugins, site_dir=str(site_dir))
    cfg.plugins.on_startup(command="build", dirty=False)
    start = time.perf_counter()
    try:
        build(cfg)
    finally:
        cfg.plugins.on_shutdown()
    return time.perf_counter() - start


def main() -> None:
    pages, history = adapter_options(__doc__, 2000, 200, "pages (in sections of 50)")
    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    spent = time_calls((SitemapPlugin, HOOKS))
    with tempfile.TemporaryDirectory(prefix="bench-mkdocs-") as tmp:
        work = Path(tmp)
        start = time.perf_counter()
        make_site(work / "warm", sources(3))
        make_site(work / "site", sources(pages), history or 0)
        made = time.perf_counter() - start
        without, with_plugin, urls, floor_s = time_builds(spent, run_build, work)
    print(
        f"site: {pages} pages in {-(-pages // SECTION_SIZE)} sections, "
        f"{len(sources(pages)) + (history or 0)} commits (made in {made:.1f} s); {urls} URLs"
    )
    report("mkdocs", "plugin", spent, without, with_plugin, urls, floor_s)


if __name__ == "__main__":
    main()
