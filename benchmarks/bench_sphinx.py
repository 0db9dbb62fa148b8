"""The Sphinx extension's cost: time inside its event handlers, against the whole build.

A project of N documents nested in sections of 50 (each section with its own toctree;
theme alabaster) is made in a git repository with one commit per file (written by
`git fast-import`), then built with the html builder in this process twice, without and
with `sitemap_sphinx`. The extension's handlers are wrapped with a timer here, not in the
extension; their time (the git pass, reading the built pages' heads and writing the
sitemap included) is its cost, reported per 1,000 URLs, as a share of the build and
against the floor (the built heads read plainly, and the git pass alone). `--history N`
adds N commits outside docs/ among the documents' own. The last line is
machine-readable. Reference: sphinx-sitemap 2.9.0 costs about 660 ms per 1,000 URLs.
"""

from __future__ import annotations

import io
import tempfile
import time
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace, patch_docutils

import sitemap_sphinx
from harness import adapter_options, make_repo, report, time_builds, time_calls

SECTION_SIZE = 50
# Every function sitemap_sphinx.setup() connects, by where setup() looks it up.
HANDLERS = (
    (sitemap_sphinx, ("_write_sitemap",)),
    (sitemap_sphinx._Build, ("read_ahead", "note")),
    (sitemap_sphinx.htmlmap, ("_add_templates", "_collect")),
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


def run_build(root: Path, out: Path, extension: bool) -> float:
    """One fresh html build of `root/docs` in this process, with or without the extension;
    its seconds. Warnings end the run."""
    docs = root / "docs"
    extensions = ["sitemap_sphinx"] if extension else []
    warnings = io.StringIO()
    start = time.perf_counter()
    with patch_docutils(docs), docutils_namespace():  # as sphinx-build does, once per build
        app = Sphinx(
            docs,
            docs,
            out / "html",
            out / "doctrees",
            "html",
            confoverrides={"extensions": extensions},
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
    pages, history = adapter_options(__doc__, 2000, 200, "documents (in sections of 50)")
    spent = time_calls(*HANDLERS)  # before setup() looks them up
    with tempfile.TemporaryDirectory(prefix="bench-sphinx-") as tmp:
        work = Path(tmp)
        start = time.perf_counter()
        make_repo(work / "warm", sources(3))
        files = sources(pages)
        make_repo(work / "site", files, history=history or 0)
        made = time.perf_counter() - start
        without, with_ext, urls, floor_s = time_builds(spent, run_build, work, "html/sitemap.xml")
    print(
        f"project: {pages} documents in {-(-pages // SECTION_SIZE)} sections, "
        f"{len(files) + (history or 0)} commits (made in {made:.1f} s); {urls} URLs"
    )
    report(
        "sphinx",
        "extension",
        spent,
        without,
        with_ext,
        urls,
        floor_s,
        " (sphinx-sitemap: about 660 ms)",
    )


if __name__ == "__main__":
    main()
