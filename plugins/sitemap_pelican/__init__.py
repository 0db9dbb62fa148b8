"""sitemap_pelican: sitemaps.org sitemaps for Pelican sites, from the shared sitemap core.

Turn it on with `PLUGINS = ["sitemap_pelican"]` (it never turns on by being installed)
and an absolute `SITEURL`; options go in the `SITEMAP` dict. Every HTML file Pelican
writes is collected on `content_written`; the main Pelican instance writes the set on
`finalized`, after static and extra files (a shipped robots.txt) are in place, and
prints its summary as Pelican prints its own "Done:" line.

Problems go through Pelican's logger. Under `pelican --fatal warnings|errors` Pelican's
logger raises on the first one; here every problem is shown first and the build then
ends with a CRITICAL line and exit status 1. Without `--fatal`, a sitemap that could not
be written is an error in the log and the site is built all the same (exit status 0, as
Pelican gives any logged error). It ends by `SystemExit`, not an exception: Pelican
prints a traceback for every exception, and these are the user's problems to fix.

Pelican 4.5 and later: the summary goes to Pelican's rich console where it has one
(4.7+), else to stdout with `print()`, as Pelican 4.5 and 4.6 print their "Done:" line.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pelican import Pelican, signals

from sitemap_core import Page, Said, SitemapBuild, folder_in

from . import config, i18n
from .pages import Collector, read_contents

if TYPE_CHECKING:
    from pelican.generators import Generator

try:  # Pelican 4.7+: the rich console its own log lines and "Done:" line go to
    from pelican.log import console as _console
except ImportError:  # Pelican 4.5 and 4.6 print their "Done:" line with print()
    _console = None

logger = logging.getLogger(__name__)

__all__ = ["register"]


@dataclass(slots=True)
class Run:
    """One build of the main Pelican instance: its sitemap, its collector (None: no
    sitemap to write), which keeps what each file written is made of."""

    pelican: Pelican
    sitemap: SitemapBuild
    collector: Collector | None
    output: str
    voice: _Voice

    def nests(self, other: Pelican) -> bool:
        """True for another instance built inside this one's output (i18n_subsites)."""
        return other is not self.pelican and bool(folder_in(self.output, other.output_path))


class _Voice:
    """Pelican's logger; per-page warnings of one code grouped past a few (settings
    issues never: each names a different key to fix); the summary where Pelican prints
    its "Done:" line, with the robots.txt advice (an info line, which Pelican shows with
    -v only). Counts the problems `--fatal` made fatal (Pelican's logger raised on them)."""

    quiet_info = True

    def __init__(self) -> None:
        self.fatal = 0

    def issue(self, said: Said) -> None:
        # The level's own method: Pelican before 4.11 makes only .warning()/.error() fatal.
        log = {"info": logger.info, "error": logger.error}.get(said.issue.level, logger.warning)
        group = f"sitemap: more [{said.issue.code}] warnings not shown" if said.issue.page else None
        try:
            log("sitemap: %s", said.text, extra={"limit_msg": group})
        except RuntimeError:  # pelican.log.FatalLogger: shown, and fatal
            self.fatal += 1

    def summary(self, text: str) -> None:
        _print(text)


_run: Run | None = None


def _start(pelican: Pelican) -> tuple[type[Generator], ...]:
    """Run start (`get_generators`, every run, autoreload too): fresh state, checked
    settings; the site map pages' generator when the run makes them (`_map_generator`)."""
    global _run
    if _run is not None and _run.nests(pelican):
        return _map_generator(_run)
    voice = _Voice()
    sitemap, site = config.load(pelican.settings, voice)
    output = os.path.abspath(pelican.output_path)
    _run = Run(
        pelican,
        sitemap,
        Collector(site, pelican.settings, output) if site is not None else None,
        output,
        voice,
    )
    sitemap.report()
    return _map_generator(_run)


def _map_generator(run: Run) -> tuple[type[Generator], ...]:
    """The generator of the site map pages (`html_map`), for the main instance and the
    sites built in its output; its modules load only then."""
    if run.collector is None or not run.collector.site.settings.html_map:
        return ()
    from .htmlmap import SiteMapGenerator

    return (SiteMapGenerator.for_run(run),)


def _content_read(generators: list[Any]) -> None:
    """`all_generators_finalized` of the main instance: git starts reading the content's
    history while Pelican writes; under i18n_subsites, before it builds its subsites,
    content without `Lang:` is told about now, while the plugin may yet fail."""
    run = _run
    if (
        run is None
        or run.collector is None
        or not generators
        or generators[0].settings is not run.pelican.settings
    ):
        return
    contents = read_contents(generators)
    run.sitemap.history.read(content.source_path for content in contents)
    if run.pelican.settings.get("I18N_SUBSITES"):
        issue = i18n.missing_lang(contents, run.pelican.settings["DEFAULT_LANG"])
        run.sitemap.note([issue] if issue else [])
        run.sitemap.report()


def _collect(path: str, context: dict[str, Any]) -> None:
    """`content_written`: one file Pelican wrote, with the context it was rendered in;
    the collector keeps the few items its `Page` is made of, at `finalized`, in one pass
    (`WrittenFiles`)."""
    if _run is not None and _run.collector is not None:
        _run.collector.files.add(path, context)


def _finish(pelican: Pelican) -> None:
    """`finalized`: the main instance writes the sitemap set and reports; the build
    fails (exit status 1) when `--fatal` made a problem fatal."""
    global _run
    run = _run
    if run is None or run.pelican is not pelican:
        return
    _run = None
    if run.collector is not None:
        run.sitemap.extend(_made(run.collector, run.sitemap))
        run.sitemap.finish(Path(pelican.output_path))
    run.sitemap.report(summary=True)
    if run.voice.fatal:
        logger.critical("sitemap: %s sitemap problem(s) and --fatal: build failed", run.voice.fatal)
        raise SystemExit(1)


def _made(collector: Collector, sitemap: SitemapBuild) -> Iterator[Page]:
    """The pages of the files written, made when the core's write first asks for them
    (as it writes, Python's cycle collector is paused: making them allocates a lot, and
    a collection scans Pelican's whole heap), their issues noted ahead of the write's;
    each let go of once written."""
    pages = collector.pages()
    sitemap.note(collector.issues)
    yield from map(pages.pop, list(pages))


def _print(line: str) -> None:
    """The summary line, whole, where Pelican prints its "Done:" line (with the robots.txt
    advice, an info line Pelican would show only with -v, which the user must act on).
    Rich wraps a long line at the console's width (80 columns when the output is piped) unless told
    `soft_wrap`: a line cut mid-phrase is no line to grep or read."""
    if _console is None:
        print(line, flush=True)
    else:
        _console.print(line, markup=False, soft_wrap=True)


def register() -> None:
    """Connect the handlers; module-level functions, so a second call adds nothing."""
    signals.get_generators.connect(_start)
    signals.all_generators_finalized.connect(_content_read)
    signals.content_written.connect(_collect)
    signals.finalized.connect(_finish)
