"""The site map pages (`SITEMAP = {"html_map": True}`), rendered with the theme's base template.

A generator of this plugin, handed to `get_generators` only when `html_map` is on (this
module loads only then): Pelican runs it after the articles, pages and template pages are
written, so the map links only what the sitemap lists (the pages collected so far, their
heads read as the sitemap reads them). A site nested in the main one's output (a language
of i18n_subsites, `fr/`) gets its own map there. The map: the home page, each category
with its articles newest first, the pages, the tags, then the archives and other index
pages. Each map page is written through Pelican's writer with
`sitemap-suite-map.html`, which extends the theme's `base.html` and fills its `title`,
`head` (a canonical link) and `content` blocks, so the sitemap lists it like any page.
"""

from __future__ import annotations

import os
from collections.abc import Container, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import ChoiceLoader, FileSystemLoader
from pelican.generators import Generator
from pelican.writers import Writer

import sitemap_pelican
from sitemap_core import Listing, MapEntry, map_path, plan, prune, render

TEMPLATES = Path(__file__).resolve().parent / "templates"
TEMPLATE = "sitemap-suite-map"
# Direct templates that are index pages, and their titles on the map.
INDEXES = {"archives": "Archives", "categories": "Categories", "authors": "Authors"}


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
        tree = prune(_tree(self.context, self.settings), listed)
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


def _tree(context: Mapping[str, Any], settings: Mapping[str, Any]) -> list[MapEntry]:
    """Home, the categories (articles newest first, with their date), pages, tags, then
    the indexes."""
    tree = [MapEntry("Home", "")]
    for category, articles in sorted(context.get("categories") or (), key=lambda c: c[0].name):
        tree.append(
            MapEntry(
                category.name,
                category.url,
                children=tuple(
                    MapEntry(a.title, a.url, a.date)
                    for a in sorted(articles, key=lambda a: a.date, reverse=True)
                ),
            )
        )
    if context.get("pages"):
        tree.append(
            MapEntry(
                "Pages", None, children=tuple(MapEntry(p.title, p.url) for p in context["pages"])
            )
        )
    tags = [
        MapEntry(tag.name, tag.url)
        for tag, _ in sorted(context.get("tags") or (), key=lambda t: t[0].name)
    ]
    if tags:
        tree.append(MapEntry("Tags", _index_url(settings, "tags"), children=tuple(tags)))
    for name, title in INDEXES.items():
        url = _index_url(settings, name)
        if url is not None:
            tree.append(MapEntry(title, url))
    return tree


def _index_url(settings: Mapping[str, Any], template: str) -> str | None:
    """The URL of a direct template's page (`archives.html`), None when it is not written."""
    if template not in settings.get("DIRECT_TEMPLATES", ()) or not settings.get(
        f"{template.upper()}_SAVE_AS", f"{template}.html"
    ):
        return None
    return str(settings.get(f"{template.upper()}_URL", f"{template}.html"))
