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

from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from jinja2 import ChoiceLoader, FileSystemLoader
from pelican.generators import Generator
from pelican.writers import Writer

from sitemap_core import Listing, Page, folder_in, map_path, plan, render, subsite_map

from .pages import PAGES

if TYPE_CHECKING:
    from . import Run

TEMPLATES = Path(__file__).resolve().parent / "templates"
TEMPLATE = "sitemap-suite-map"


class SiteMapGenerator(Generator):  # type: ignore[misc]  # Pelican ships no types
    """Writes the site map pages of a Pelican instance (the main one, or a site in its
    output), when `html_map` is on; `for_run` gives the class that knows the run."""

    run: ClassVar[Run]

    @classmethod
    def for_run(cls, run: Run) -> type[SiteMapGenerator]:
        """This generator for `run` (Pelican makes each generator from its class)."""
        return type(cls.__name__, (cls,), {"run": run})

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.env.loader = ChoiceLoader([self.env.loader, FileSystemLoader(str(TEMPLATES))])

    def generate_output(self, writer: Writer) -> None:
        """Render and write each site map page."""
        run, collector = self.run, self.run.collector
        if collector is None:
            return
        prefix = folder_in(run.output, self.output_path)
        if prefix is None:
            return
        settings, pages = collector.site.settings, collector.pages()  # those written so far
        placed = [
            page for path, page in pages.items() if collector.places.site_of.get(path) == prefix
        ]
        listing = Listing(pages.values(), settings, run.sitemap.heads())
        tree, listed = subsite_map(placed, listing, prefix, dated=_dated)
        directory = str(self.settings["ARTICLE_URL"]).endswith("/")
        template = self.get_template(TEMPLATE)
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


def _dated(page: Page) -> bool:
    """True for an entry that shows its page's date: an article's, not a page's."""
    return page.section != PAGES
