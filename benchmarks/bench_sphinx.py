"""The Sphinx extension's cost: time inside its event handlers, against the whole build.

A project of N documents nested in sections of 50 (each section with its own toctree;
theme alabaster) is made in a git repository with one commit per file (written by
`git fast-import`), then built with the html builder in this process three times: without
`sitemap_sphinx`, with it, and with sphinx-sitemap instead, the peer, showing git dates
(`sitemap_show_lastmod = True`, which runs sphinx-last-updated-by-git). Every handler of
both is wrapped with a timer here, not in the extensions; their time (the git pass,
reading the built pages' heads and writing the sitemap included) is each one's cost.
Ours is reported per 1,000 URLs, as a share of the build, against the peer's (`vs_peer`)
and against the floor (the built heads read plainly, and the git pass alone); the peak
memory it adds (`peak_mb_added`), by ru_maxrss of two more builds, each in a fresh
process, without and with it. `--history N` adds N commits outside docs/ among the
documents' own. The last line is machine-readable.
"""

from __future__ import annotations

import io
import tempfile
import time
from pathlib import Path

import sphinx_last_updated_by_git  # type: ignore[import-untyped]
import sphinx_sitemap  # type: ignore[import-untyped]
from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace, patch_docutils

import sitemap_sphinx
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

SECTION_SIZE = 50
# Every function sitemap_sphinx.setup() connects, by where setup() looks it up.
HANDLERS = (
    (sitemap_sphinx, ("_write_sitemap",)),
    (sitemap_sphinx._Build, ("start", "note")),
    (sitemap_sphinx.versions, ("give_history",)),
    (sitemap_sphinx.fields, ("misplaced",)),
    (sitemap_sphinx.htmlmap, ("_add_templates", "_collect")),
)
# The peer: every function sphinx-sitemap and sphinx-last-updated-by-git connect.
PEER = ("sphinx_last_updated_by_git", "sphinx_sitemap")
PEER_HANDLERS = (
    (sphinx_sitemap, ("record_builder_type", "add_html_link", "create_sitemap")),
    (
        sphinx_last_updated_by_git,
        (
            "_html_page_context",
            "_config_inited",
            "_env_updated",
            "_builder_inited",
            "_source_read",
            "_env_merge_info",
            "_env_purge_doc",
        ),
    ),
)
CONF = 'project = "Benchmark"\nhtml_baseurl = "https://docs.example.org/"\n'
PAGE = """Page {n} of section {s}
=========================

Some prose for page {n}, with a link to :doc:`the section <index>` and *emphasis*.
A second sentence so the paragraph wraps like real documentation does.

- one item
- another item

.. code-block:: python

   print("page {n}")
"""


def sources(pages: int) -> dict[str, str]:
    """`{path in docs/: reST}`: a root toctree of sections, each with a toctree of <= 50."""
    sections = -(-pages // SECTION_SIZE)
    root = "Benchmark\n=========\n\n.. toctree::\n   :maxdepth: 1\n\n"
    files = {
        "conf.py": CONF,
        "index.rst": root + "".join(f"   section-{s:03d}/index\n" for s in range(sections)),
    }
    for n in range(pages):
        s = n // SECTION_SIZE
        if n % SECTION_SIZE == 0:
            last = min(pages, n + SECTION_SIZE)
            files[f"section-{s:03d}/index.rst"] = (
                f"Section {s}\n==========\n\n.. toctree::\n\n"
                + "".join(f"   page-{m:05d}\n" for m in range(n, last))
            )
        files[f"section-{s:03d}/page-{n:05d}.rst"] = PAGE.format(n=n, s=s)
    return files


def run_build(root: Path, out: Path, extension: bool, peer: bool = False) -> float:
    """One fresh html build of `root/docs` in this process, with or without the extension
    (or with the peer instead); its seconds. Warnings end the run."""
    docs = root / "docs"
    extensions = ["sitemap_sphinx"] if extension else list(PEER) if peer else []
    overrides: dict[str, object] = {"extensions": extensions}
    if peer:
        overrides["sitemap_show_lastmod"] = True
    warnings = io.StringIO()
    start = time.perf_counter()
    with patch_docutils(docs), docutils_namespace():  # as sphinx-build does, once per build
        app = Sphinx(
            docs,
            docs,
            out / "html",
            out / "doctrees",
            "html",
            confoverrides=overrides,
            status=None,
            warning=warnings,
            freshenv=True,
        )
        app.build()
    seconds = time.perf_counter() - start
    if warnings.getvalue():
        raise SystemExit(f"the build warned:\n{warnings.getvalue()}")
    return seconds


def main() -> None:
    if rss_child(run_build):  # a memory build of peak_mb_added
        return
    pages, history = adapter_options(__doc__, 2000, 200, "documents (in sections of 50)")
    spent = time_calls(*HANDLERS)  # before setup() looks them up
    peer_spent = time_calls(*PEER_HANDLERS)
    with tempfile.TemporaryDirectory(prefix="bench-sphinx-") as tmp:
        work = Path(tmp)
        start = time.perf_counter()
        make_repo(work / "warm", sources(3))
        files = sources(pages)
        make_repo(work / "site", files, history=history or 0)
        made = time.perf_counter() - start
        without, with_ext, urls, floor_s = time_builds(spent, run_build, work, "html/sitemap.xml")
        peer_spent.clear()
        peer_build = run_build(work / "site", work / "peer", False, peer=True)
        peer_urls = urls_written(work / "peer" / "html" / "sitemap.xml")
        added_mb, peak_mb = peak_mb_added(__file__, work)
    print(
        f"project: {pages} documents in {-(-pages // SECTION_SIZE)} sections, "
        f"{len(files) + (history or 0)} commits (made in {made:.1f} s); {urls} URLs"
    )
    report_peer(
        "sphinx",
        "extension",
        spent,
        without,
        with_ext,
        urls,
        floor_s,
        "sphinx-sitemap (with sphinx-last-updated-by-git)",
        peer_spent,
        peer_build,
        peer_urls,
        added_mb,
        peak_mb,
    )


if __name__ == "__main__":
    main()
