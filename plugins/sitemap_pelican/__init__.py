"""sitemap_pelican: sitemaps.org sitemaps for Pelican sites, from the shared sitemap core.

Turn it on with `PLUGINS = ["sitemap_pelican"]` (it never turns on by being installed)
and an absolute `SITEURL`; options go in the `SITEMAP` dict. Every HTML file Pelican
writes is collected on `content_written`; the main Pelican instance writes the set on
`finalized`, after static and extra files (a shipped robots.txt) are in place.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pelican import Pelican, signals

from sitemap_core.build import write_sitemaps
from sitemap_core.page import Page
from sitemap_core.report import Issue

from . import config
from .pages import Collector

logger = logging.getLogger(__name__)

__all__ = ["register"]


@dataclass(slots=True)
class _Run:
    """One build of the main Pelican instance: its collector (None: no sitemap to write)
    and the pages seen so far."""

    pelican: Pelican
    collector: Collector | None
    output: str
    pages: list[Page] = field(default_factory=list)

    def nests(self, other: Pelican) -> bool:
        """True for another instance built inside this one's output (i18n_subsites)."""
        inner = os.path.abspath(other.output_path)
        return other is not self.pelican and inner.startswith(self.output + os.sep)


_run: _Run | None = None


def _start(pelican: Pelican) -> None:
    """Run start (`get_generators`, every run, autoreload too): fresh state, checked settings."""
    global _run
    if _run is not None and _run.nests(pelican):
        return
    site, issues = config.load(pelican.settings)
    _run = _Run(pelican, Collector(site) if site is not None else None,
                os.path.abspath(pelican.output_path))
    _log(issues)


def _collect(path: str, context: dict[str, Any]) -> None:
    """`content_written`: one HTML file Pelican wrote, with the context it was rendered in."""
    run = _run
    if run is None or run.collector is None:
        return
    page = run.collector.page(path, context, _prefix(run, path, context))
    if page is not None:
        run.pages.append(page)


def _prefix(run: _Run, path: str, context: dict[str, Any]) -> str:
    """The writer's folder inside the main output: `fr/` for a nested site, else ``."""
    name = str(context.get("output_file") or "").replace(os.sep, "/")
    folder = run.output + os.sep
    written = path[len(folder):].replace(os.sep, "/") if path.startswith(folder) else ""
    return written[: -len(name)] if name and written.endswith(name) else ""


def _finish(pelican: Pelican) -> None:
    """`finalized`: the main instance writes the sitemap set and reports."""
    global _run
    run = _run
    if run is None or run.pelican is not pelican:
        return
    _run = None
    if run.collector is None:
        return
    _log(run.collector.issues)
    result = write_sitemaps(run.pages, Path(pelican.output_path), run.collector.site.settings)
    _log(result.issues)
    logger.info("%s", result.summary())


def _log(issues: list[Issue] | tuple[Issue, ...]) -> None:
    """Each issue through Pelican's logger; per-page warnings of one code grouped past a few.

    Settings issues are never grouped: each names a different key to fix.
    """
    for issue in issues:
        level = {"info": logging.INFO, "error": logging.ERROR}.get(issue.level, logging.WARNING)
        group = f"sitemap: more [{issue.code}] warnings not shown" if issue.page else None
        logger.log(level, "sitemap: %s", issue, extra={"limit_msg": group})


def register() -> None:
    """Connect the handlers; module-level functions, so a second call adds nothing."""
    signals.get_generators.connect(_start)
    signals.content_written.connect(_collect)
    signals.finalized.connect(_finish)
