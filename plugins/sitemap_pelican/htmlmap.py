"""The site map pages (`SITEMAP = {"html_map": True}`), rendered with the theme's base template.

A generator of this plugin, handed to `get_generators` only when `html_map` is on (this
module loads only then): Pelican runs it after the articles, pages and template pages are
written, so the map links only what the sitemap lists (the pages collected so far, their
heads read as the sitemap reads them). A site nested in the main one's output (a language
of i18n_subsites, `fr/`) gets its own map there. The map is the section tree of that
site's pages, as the collector placed them (`pages.site_places`): the home page, each
category with its articles newest first (dated), the pages, the tags, then the archives
and other index pages. Each map page is written through Pelican's writer with
`sitemap-suite-map.html`, which extends the theme's `base.html` and fills its `title`,
`head` (a canonical link) and `content` blocks, so the sitemap lists it like any page.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Container, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import ChoiceLoader, FileSystemLoader
from pelican.generators import Generator
from pelican.writers import Writer

import sitemap_pelican
from sitemap_core import Listing, MapEntry, Page, map_path, plan, prune, render, section_tree

from .pages import PAGES

TEMPLATES = Path(__file__).resolve().parent / "templates"
TEMPLATE = "sitemap-suite-map"


class SiteMapGenerator(Generator):  # type: ignore[misc]  # Pelican ships no types
    """Writes the site map pages of a Pelican instance (the main one, or a site in its
    output), when `html_map` is on."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.env.loader = ChoiceLoader([self.env.loader, FileSystemLoader(str(TEMPLATES))])

    def generate_output(self, writer: Writer) -> None:
        """Render and write each site map page."""
        run = sitemap_pelican._run
        if run is None or run.collector is None or not run.collector.site.settings.html_map:
            return
        folder = os.path.relpath(os.path.abspath(self.output_path), run.output)
        if folder.startswith(os.pardir):
            return
        prefix = "" if folder == os.curdir else folder.replace(os.sep, "/") + "/"
        settings = run.collector.site.settings
        listed = _Under(Listing(run.pages.values(), settings, run.sitemap.heads()), prefix)
        directory = str(self.settings["ARTICLE_URL"]).endswith("/")
        template = self.get_template(TEMPLATE)
        site = run.collector.site_of
        placed = [page for path, page in run.pages.items() if site.get(path) == prefix]
        tree = prune(_relative(section_tree(placed, dated=_dated), prefix), listed)
        for page in plan(tree, map_path(settings, directory), settings.html_map_max_links):
            save_as = page.path + "index.html" if page.path.endswith("/") else page.path
            writer.write_file(
                save_as,
                template,
                self.context,
                relative_urls=self.settings["RELATIVE_URLS"],
                url=page.path,
                sitemap_title=page.title,
                sitemap_body=render(page, listed),
                sitemap_canonical=f"{settings.base_url.rstrip('/')}/{prefix}{page.path}",
            )


@dataclass(frozen=True, slots=True)
class _Under:
    """What the sitemap lists, for URLs relative to a site in the main output's `prefix`."""

    listed: Container[str]
    prefix: str

    def __contains__(self, url: object) -> bool:
        return self.prefix + str(url).lstrip("/") in self.listed


def _dated(page: Page) -> bool:
    """True for an entry that shows its page's date: an article's, not a page's."""
    return page.section != PAGES


def _relative(tree: Iterable[MapEntry], prefix: str) -> list[MapEntry]:
    """The tree with URLs relative to the site in the main output's `prefix` (`fr/`)."""
    if not prefix:
        return list(tree)
    return [
        dataclasses.replace(
            entry,
            url=None if entry.url is None else entry.url.removeprefix(prefix),
            children=tuple(_relative(entry.children, prefix)),
        )
        for entry in tree
    ]
