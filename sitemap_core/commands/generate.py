"""`sitemap-suite generate SITE_DIR`: walk a built site (Hugo, Jekyll, Eleventy, anything
that writes HTML files) and write its sitemaps with the core's one entry point,
`build.write_sitemaps`, imported when the command runs: the other commands do not need
the writer."""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from ..options import LASTMOD_SOURCES
from ..values.page import Page
from ._report import issue_line
from ._site import site_options, site_settings
from .sitefiles import html_files, url_for
from .sources import SourceIndex

__all__ = ["generate"]


@click.command(short_help="Write sitemaps (and robots.txt) into a built site folder.")
@site_options()
@click.option(
    "--source",
    metavar="DIR",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="The folder the site was built from, for git dates: each page is matched "
    "to its source file by path (best effort).",
)
@click.option(
    "--keep-html",
    is_flag=True,
    help="List index.html files by their own name (x/index.html) instead of their "
    "folder (x/). Other .html names are listed as they are either way.",
)
@click.option(
    "--lastmod",
    type=click.Choice(LASTMOD_SOURCES),
    help="Where lastmod comes from (overrides the config file).",
)
@click.option(
    "--exclude",
    multiple=True,
    metavar="GLOB",
    help="Leave out URLs whose site-relative path matches GLOB (repeatable; adds to "
    "the config file's exclude list).",
)
@click.option("--quiet", "-q", is_flag=True, help="Print issues only: no progress, no summary.")
def generate(
    site_dir: Path,
    base_url: str | None,
    config_file: Path | None,
    source: Path | None,
    keep_html: bool,
    lastmod: str | None,
    exclude: tuple[str, ...],
    quiet: bool,
) -> None:
    """Write sitemaps (and robots.txt) into a built site folder.

    Every .html file of SITE_DIR becomes a page: x/index.html is listed as x/, other
    names as they are (a.html stays a.html). Pages that are noindex, 404 pages, redirect
    stubs and pages with another canonical URL are left out by the core. Exit status 1
    when an error was found or no sitemap was written.
    """
    from ..build import write_sitemaps

    settings, _ = site_settings(site_dir, base_url, config_file, lastmod=lastmod)
    if exclude:  # added to the config file's list, as the core read it
        settings = dataclasses.replace(settings, exclude=(*settings.exclude, *exclude))
    files = html_files(site_dir)
    sources = SourceIndex(source, site_dir) if source else None
    pages = _pages(site_dir, files, keep_html, sources)
    if not quiet and _is_tty(sys.stderr):
        with click.progressbar(
            pages, length=len(files), label="sitemap", file=sys.stderr, show_pos=True
        ) as bar:
            result = write_sitemaps(bar, site_dir, settings)
    else:
        result = write_sitemaps(pages, site_dir, settings)
    for issue in result.issues:
        click.echo(issue_line(issue))
    if not quiet:
        click.echo(result.summary())
    sys.exit(0 if result.ok and result.files else 1)


def _is_tty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def _pages(
    site_dir: Path, files: list[tuple[Path, str]], keep_html: bool, sources: SourceIndex | None
) -> Iterator[Page]:
    for path, rel in files:
        found = sources.find(rel) if sources else ()
        yield Page(url=url_for(rel, keep_html), output=path, sources=found, name=rel)
