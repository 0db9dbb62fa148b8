"""`sitemap-suite generate SITE_DIR`: walk a built site (Hugo, Jekyll, Eleventy, anything
that writes HTML files) and write its sitemaps with the core's one entry point,
`build.write_sitemaps`, imported when the command runs: the other commands do not need
the writer."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from ..options import LASTMOD_SOURCES
from ..values.site import Spelling
from ._report import Echo
from ._site import site_options, site_project, site_values

__all__ = ["generate"]


@click.command(short_help="Write sitemaps (and robots.txt) into a built site folder.")
@site_options()
@click.option(
    "--source",
    metavar="DIR",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="The folder the site was built from, for git dates: each page is matched "
    "to its source file by path (best effort). Not needed with a generator's config "
    "file as --config (zensical.toml, mkdocs.yml): its docs_dir maps each page exactly.",
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
@click.option("--strict", is_flag=True, help="Count warnings as errors (exit 1 on any warning).")
def generate(
    site_dir: Path,
    base_url: str | None,
    config_file: Path | None,
    source: Path | None,
    keep_html: bool,
    lastmod: str | None,
    exclude: tuple[str, ...],
    quiet: bool,
    strict: bool,
) -> None:
    """Write sitemaps (and robots.txt) into a built site folder.

    Every .html file of SITE_DIR becomes a page: x/index.html is listed as x/, other
    names as they are (a.html stays a.html). Pages that are noindex, 404 pages, redirect
    stubs and pages with another canonical URL are left out by the core. With a
    generator's config file as --config (zensical.toml, mkdocs.yml, properdocs.yml),
    its site_url is the base URL, its use_directory_urls the URL style, and each page
    is dated by its Markdown source in docs_dir, the files it includes (snippets,
    markdown-include, mdx_include) and the modules it documents (mkdocstrings). Exit
    status 1 when an error (with --strict, a warning) was found or no sitemap was written.
    """
    from ..inventory import SitemapBuild  # the writer: loaded when the command runs
    from ..sites.folder import FolderSite

    project = site_project(config_file)
    setting = "site_url" if project is not None and not base_url else "--base-url"
    values, base_url, root = site_values(
        site_dir, base_url, config_file, project=project, lastmod=lastmod
    )
    if exclude:  # added to the config file's list
        listed = values.get("exclude") or []
        values["exclude"] = [*(listed if isinstance(listed, list) else [listed]), *exclude]
    # Options come from the config file, else from the command's flags.
    spelling = Spelling(config_file.name, setting) if config_file else Spelling("", setting, "--{}")
    build = SitemapBuild.configure(values, base_url, voice=Echo(), spelling=spelling, root=root)
    titled = build.settings is not None and build.settings.llms_txt != "no"  # for llms.txt
    if project is not None and source is None:
        site = FolderSite.for_project(site_dir, project, keep_html, titled)
    else:
        site = FolderSite(site_dir, keep_html, source, titled=titled)
    if not quiet and _is_tty(sys.stderr):
        with click.progressbar(
            site.pages(), length=len(site.files), label="sitemap", file=sys.stderr, show_pos=True
        ) as bar:
            build.extend(bar)
            build.finish(site_dir)
    else:
        build.extend(site.pages())
        build.finish(site_dir)
    build.report(summary=not quiet)
    sys.exit(1 if build.failed(strict=strict) else 0)


def _is_tty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
