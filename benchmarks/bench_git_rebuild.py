"""Git history kept across builds: the git CPU of a rebuild after a commit against that of
a first build, for MkDocs and Sphinx, built in this process.

Each generator's site lives in a repository made by `git fast-import` (one commit per
page, and `--history` commits outside the docs, 20,000 by default, spread among them:
real git objects).
Per generator: a first build with no cache folder (git reads the whole history); a
commit to one page (by the git CLI); a rebuild into the same output (Sphinx: the same
pickled environment, as sphinx-autobuild rebuilds), which takes the history the first
build kept in the cache folder and walks only the new commit; then a build with the
cache folder removed, whose sitemap must equal the rebuild's byte for byte. git's CPU is
that of the child processes a build waited for (`getrusage(RUSAGE_CHILDREN)`).

    python benchmarks/bench_git_rebuild.py [--pages N] [--history N] [--quick]

The last line is `BENCH git_rebuild pages=<n> commits=<n> first_ms=<git CPU of a first
build, the worse generator> rebuild_ms=<...> vs_first=<rebuild / first, the worse
generator> mismatches=<sitemaps that differ from a build without the cache>`.
"""

from __future__ import annotations

import io
import logging
import os
import resource
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

import mkdocs.commands.build as mkdocs_build
from mkdocs.config import load_config
from sphinx.application import Sphinx
from sphinx.util.docutils import docutils_namespace, patch_docutils

from harness import adapter_options, make_repo

CACHE = ".sitemap-cache"
SECTION = 50
HISTORY = 20_000  # commits outside the docs, by default (a project whose docs are a part)
Build = Callable[[Path, Path, bool], None]  # (project, output, fresh)


def _git_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def mkdocs_sources(pages: int) -> dict[str, str]:
    files = {"index.md": "# Home\n"}
    for n in range(pages):
        files[f"section-{n // SECTION:03d}/page-{n:05d}.md"] = f"# Page {n}\n\nSome prose.\n"
    return files


def sphinx_sources(pages: int) -> dict[str, str]:
    sections = -(-pages // SECTION)
    files = {
        "conf.py": 'project = "Bench"\nhtml_baseurl = "https://docs.example.org/"\n',
        "index.rst": "Bench\n=====\n\n.. toctree::\n\n"
        + "".join(f"   section-{s:03d}/index\n" for s in range(sections)),
    }
    for n in range(pages):
        s = n // SECTION
        if n % SECTION == 0:
            files[f"section-{s:03d}/index.rst"] = (
                f"Section {s}\n==========\n\n.. toctree::\n\n"
                + "".join(f"   page-{m:05d}\n" for m in range(n, min(pages, n + SECTION)))
            )
        files[f"section-{s:03d}/page-{n:05d}.rst"] = f"Page {n}\n========\n\nSome prose.\n"
    return files


def build_mkdocs(root: Path, out: Path, fresh: bool) -> None:
    """One `mkdocs build` of `root` (mkdocs.yml beside docs/) into `out`."""
    cfg = load_config(
        config_file=str(root / "mkdocs.yml"), plugins=["sitemap-suite"], site_dir=str(out)
    )
    cfg.plugins.on_startup(command="build", dirty=False)
    try:
        mkdocs_build.build(cfg)
    finally:
        cfg.plugins.on_shutdown()


def build_sphinx(root: Path, out: Path, fresh: bool) -> None:
    """One html build of `root/docs` into `out`: a fresh environment, or the last one's
    (an incremental rebuild, as sphinx-autobuild runs after each save)."""
    docs = root / "docs"
    warnings = io.StringIO()
    with patch_docutils(docs), docutils_namespace():
        app = Sphinx(
            docs,
            docs,
            out / "html",
            out / "doctrees",
            "html",
            confoverrides={"extensions": ["sitemap_sphinx"]},
            status=None,
            warning=warnings,
            freshenv=fresh,
        )
        app.build()
    if warnings.getvalue():
        raise SystemExit(f"the build warned:\n{warnings.getvalue()}")


def measure(
    root: Path, cache: Path, sitemap: str, build: Build, page: str
) -> tuple[float, float, int]:
    """git CPU seconds of a first build and of a rebuild after a commit to `page`; 1 when
    the rebuild's sitemap differs from that of a build without the cache, else 0."""
    shutil.rmtree(cache, ignore_errors=True)
    before = _git_cpu()
    build(root, root.parent / f"{root.name}-out", True)
    first = _git_cpu() - before
    edited = root / page
    edited.write_text(edited.read_text(encoding="utf-8") + "\nEdited.\n", encoding="utf-8")
    _git(root, "commit", "-q", "-a", "-m", "edit one page")
    before = _git_cpu()
    build(root, root.parent / f"{root.name}-out", False)
    rebuild = _git_cpu() - before
    shutil.rmtree(cache)
    build(root, root.parent / f"{root.name}-fresh", True)
    kept = (root.parent / f"{root.name}-out" / sitemap).read_bytes()
    fresh = (root.parent / f"{root.name}-fresh" / sitemap).read_bytes()
    if b"<lastmod>" not in fresh:
        raise SystemExit(f"{root.name}: no lastmod in the sitemap")
    return first, rebuild, int(kept != fresh)


def _git(root: Path, *args: str) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Bench",
        "GIT_AUTHOR_EMAIL": "bench@example.com",
        "GIT_COMMITTER_NAME": "Bench",
        "GIT_COMMITTER_EMAIL": "bench@example.com",
        "GIT_CONFIG_GLOBAL": "/dev/null",
        "GIT_CONFIG_NOSYSTEM": "1",
    }
    subprocess.run(["git", *args], cwd=root, env=env, check=True)


def main() -> None:
    logging.getLogger("mkdocs").setLevel(logging.ERROR)
    pages, history = adapter_options(__doc__, 1000, 200, "pages (in sections of 50)")
    history = HISTORY if history is None else history
    results: dict[str, tuple[float, float, int]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-git-rebuild-") as tmp:
        work = Path(tmp)
        site = work / "mkdocs"
        make_repo(site, mkdocs_sources(pages), history=history)
        (site / "mkdocs.yml").write_text(
            "site_name: Bench\nsite_url: https://example.org/\n", encoding="utf-8"
        )
        results["mkdocs"] = measure(
            site, site / CACHE, "sitemap.xml", build_mkdocs, "docs/section-000/page-00000.md"
        )
        project = work / "sphinx"
        make_repo(project, sphinx_sources(pages), history=history)
        results["sphinx"] = measure(
            project,
            project / "docs" / CACHE,
            "html/sitemap.xml",
            build_sphinx,
            "docs/section-000/page-00000.rst",
        )
    for name, (first, rebuild, _) in results.items():
        print(
            f"{name}: git CPU first build {first * 1000:.1f} ms, "
            f"rebuild after a commit {rebuild * 1000:.1f} ms ({rebuild / first:.3f})"
        )
    first = max(r[0] for r in results.values())
    rebuild = max(r[1] for r in results.values())
    ratio = max(r[1] / r[0] for r in results.values())
    mismatches = sum(r[2] for r in results.values())
    print(
        f"BENCH git_rebuild pages={pages} commits={pages + history} "
        f"first_ms={first * 1000:.1f} rebuild_ms={rebuild * 1000:.1f} "
        f"vs_first={ratio:.3f} mismatches={mismatches}"
    )


if __name__ == "__main__":
    main()
