"""The site map pages (`html_map: true`) as pages MkDocs builds with the theme's main template.

- `on_nav` (late, once the nav is final): the map is planned, the section tree of the
  pages placed by the nav (`pages.places`: its sections; pages outside the nav grouped
  by folder), and each of its pages is added as a generated
  file (`File.generated`, MkDocs 1.6) with its `Page`, so the theme renders it like any
  page: header, navigation, styles, search, canonical link; the sitemap lists it.
- `on_env`: they move to the end of the files, so MkDocs renders them after every other
  page is written, when each page's head can be read as the sitemap reads it.
- `on_page_context`: each one's content, linking only the pages the sitemap lists, and
  its table of contents: its title, as a page of one heading has (the `mkdocs` theme
  shows an empty box for none).
"""

from __future__ import annotations

import html
import os
import posixpath
from collections.abc import Iterator, Mapping

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page as MkDocsPage
from mkdocs.structure.toc import get_toc

from sitemap_core import (
    Code,
    Heads,
    Issue,
    Listing,
    MapPage,
    Page,
    Place,
    Settings,
    map_path,
    meta_overrides,
    plan,
    prune,
    render,
    section_tree,
)

from . import i18n
from .pages import title, written

ANCHOR = "sitemap-suite-title"  # the id of a site map page's <h1>, its table of contents


class HtmlMap:
    """One build's site map pages: planned, added, then filled once the rest is written."""

    def __init__(self, settings: Settings, config: MkDocsConfig, heads: Heads) -> None:
        self.settings = settings
        self.heads = heads  # the build's: the sitemap reads none of them again
        self.default_path = map_path(settings, config.use_directory_urls)
        self.path = self.default_path  # this nav's: beside its home page
        self.site_dir = config.site_dir
        self.files: dict[str, File] = {}  # map path -> its generated file
        self.placed: Mapping[int, Place] = {}  # where the pages stand, by id(file)
        self.all_files: Files | None = None
        self.listing: Listing | None = None  # once every other page is written:
        self.final: dict[str, MapPage] = {}  # the listed pages, and the map by path
        self.known: Listing | None = None  # what the nav's time knows: URL rules, scope

    def add_pages(
        self, nav: Navigation, files: Files, config: MkDocsConfig, placed: Mapping[int, Place]
    ) -> list[Issue]:
        """Add a generated page per site map page, beside the home page (a language's
        build of mkdocs-static-i18n: in its folder); a path another file has is an issue.
        `placed`: where this build's pages stand (`pages.places`)."""
        self.placed, self.all_files, self.files, self.listing = placed, files, {}, None
        home = posixpath.dirname(nav.homepage.url) if nav.homepage is not None else ""
        self.path = ("" if home in ("", ".") else home + "/") + self.default_path
        self.known = Listing(
            (p._replace(output=None) for p in _pages(files, self.site_dir, placed)),
            self.settings,
        )
        taken = {f.dest_uri for f in files}
        for page in self._plan():
            dest = page.path + "index.html" if page.path.endswith("/") else page.path
            if dest in taken:
                return [
                    Issue(
                        Code.OPTION,
                        "",
                        "html_map_path",
                        (
                            f"no site map written: {dest} is already a page of the site; set "
                            "html_map_path to a free path"
                        ),
                    )
                ]
            file = File.generated(
                config,
                dest.removesuffix(".html") + ".md",
                content="",
                inclusion=InclusionLevel.NOT_IN_NAV,
            )
            file.dest_uri, file.url = dest, page.path
            MkDocsPage(page.title, file, config)
            files.append(file)
            self.files[page.path] = file
        return []

    def move_last(self, files: Files) -> None:
        """Put the site map pages last, so MkDocs builds them after every other page."""
        for file in self.files.values():
            files.remove(file)
            files.append(file)

    def fill(self, page: MkDocsPage) -> None:
        """The content of a site map page, from the final titles and the listed pages."""
        if page.file not in self.files.values() or self.all_files is None:
            return
        if self.listing is None:  # the first site map page: planned once, titles final
            self.listing = Listing(
                _pages(self.all_files, self.site_dir, self.placed), self.settings, self.heads
            )
            self.final = {p.path: p for p in self._plan()}
        shown = self.final.get(page.file.url)
        if shown is not None:
            content = render(shown, self.listing)
            page.content = content.replace("<h1>", f'<h1 id="{ANCHOR}">', 1)
            name = html.escape(shown.title)
            page.toc = get_toc([{"level": 1, "id": ANCHOR, "name": name, "children": []}])

    def _plan(self) -> tuple[MapPage, ...]:
        """The map of the nav's pages the sitemap can list (front matter and heads are
        read later: `fill` leaves out those too), its titles as known by now."""
        if self.all_files is None or self.known is None:
            return ()
        tree = section_tree(_pages(self.all_files, self.site_dir, self.placed))
        return plan(
            prune(tree, self.known),
            self.path,
            self.settings.html_map_max_links,
        )


def _pages(files: Files, site_dir: str, placed: Mapping[int, Place]) -> Iterator[Page]:
    """Every page MkDocs wrote that the sitemap is offered (not a language's fallback
    copy of another's page), as it sees it: its URL, `sitemap: false`, its output, and
    its title and place (`placed`) as known by now."""
    for file in written(files.documentation_pages())[0]:
        if i18n.is_fallback(file):
            continue
        meta = file.page.meta if file.page is not None else {}
        place = placed.get(id(file))
        yield Page(
            url=file.url if file.page is None else file.page.url,  # the home page's: ``
            output=os.path.join(site_dir, file.dest_uri),
            exclude=bool(meta_overrides(meta.get("sitemap"))[0].get("exclude")),
            title=None if place is None else title(file),
            section=() if place is None else place[0],
            rank=0 if place is None else place[1],
        )
