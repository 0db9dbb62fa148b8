"""The one entry point: an iterable of pages in, the whole sitemap set written and checked,
search engines told when asked, a `Result` out."""

from __future__ import annotations

import contextlib
import dataclasses
import gc
from collections.abc import Iterable, Iterator
from pathlib import Path

from ..facts.gitdates import GitDates
from ..facts.htmlhead import Heads
from ..options import Settings
from ..protocol.sitemaps import Level
from ..values.page import Page
from ..values.report import Issue, Result
from ..values.site import Site
from ..writing.run import cache_beside, remove_sets, write_set

__all__ = ["remove_sets", "write_sitemaps"]


def write_sitemaps(
    pages: Iterable[Page],
    out_dir: Path,
    settings: Settings,
    history: GitDates | None = None,
    heads: Heads | None = None,
    site: Site | None = None,
) -> Result:
    """Write the sitemap set for `pages` (and `settings.extra_urls`) into `out_dir`;
    `history`: what `read_ahead` started reading of the pages' git history, if called;
    `heads`: the heads a site map page's `Listing` read in this build, read again never;
    `site`: what the generator says of the site (llms.txt's name and description).

    Pages stream through once (`writing.run`); the files written are then checked against
    the protocol (`settings.validate`) with the build's own clock, and the key file and
    the opt-in IndexNow submission follow (`notify`).
    Problems come back as `Result.issues`; nothing here logs or raises for bad input.
    """
    out_dir = Path(out_dir)
    settings = cache_beside(out_dir, settings)
    with _collector_paused():
        written = write_set(pages, out_dir, settings, history, heads)
        result = _advised(written.result, settings, site)
        if written.llms is not None and result.files:  # llms.txt: the same pages, for models
            from ..writing.llmstxt import write_llms

            beside, told = write_llms(written.llms, out_dir, settings, site)
            result = dataclasses.replace(result, beside=beside, issues=(*result.issues, *told))
        if result.files and settings.validate != "off":
            found = [
                issue
                for files, location in written.sets
                for issue in _checked(files, location, settings)
            ]
            result = dataclasses.replace(result, issues=(*result.issues, *found))
        if not written.complete:
            return result
        if not (settings.indexnow_key or settings.submit):
            return result
        # Loaded only when asked for: an HTTP client a build without them does not need.
        from ..notify import indexnow

        told = indexnow.after_build(result, settings, out_dir)  # key file, submit
        return dataclasses.replace(result, issues=(*result.issues, *told)) if told else result


def _advised(result: Result, settings: Settings, site: Site | None) -> Result:
    """`result`, its robots advice naming the versioned deploy's root index when the site
    is one version of one (`Site.versioned`)."""
    if site is None or site.versioned is None:
        return result
    from ..writing.versionroot import versioned_advice  # a versioned build's only

    root, builder = site.versioned
    issues = versioned_advice(result.issues, root + settings.filename, builder)
    return dataclasses.replace(result, issues=tuple(issues))


def _checked(files: tuple[Path, ...], location: str, settings: Settings) -> list[Issue]:
    """The protocol check of one written set, each finding at the level `validate` asks."""
    from ..checking.validate import validate_files  # loaded when a run checks its files

    level: Level = "error" if settings.validate == "strict" else "warning"
    return [
        Issue(
            found.code,
            found.page,
            found.field,
            f"written sitemap failed a check: {found.message}",
            level,
        )
        for found in validate_files(
            list(files), location, now=settings.build_time, news_days=settings.news_days
        )
    ]


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector off while the set is written, back on after.

    A run makes no garbage cycles (reference counting frees what it drops), yet what it
    keeps for a while (a batch of entries, the dates) counts toward collections that
    scan the generator's whole heap: tens of milliseconds each, which found nothing of
    ours. The write is the last step of a build, and the interpreter's exit runs a full
    collection anyway; a generator that keeps running (`mkdocs serve`) collects later.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
