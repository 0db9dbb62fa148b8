"""A built site folder as the pages of one `SitemapBuild`: every .html file a page, x/index.html
listed as x/; the adapter of the sites no plugin hooks (Hugo, Jekyll, Eleventy, Zensical...)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

from ..facts.pagetitle import title_and_description
from ..facts.sitefiles import html_files, url_for
from ..facts.sources import SourceIndex
from ..values.page import Page, Section
from .docspages import DocsPages
from .project import Project


class Sources(Protocol):
    """The source files of a built page, by its site-relative path."""

    def find(self, rel: str) -> tuple[Path, ...]: ...


class FolderSite:
    """The HTML files of `site_dir` and the pages they are; `keep_html`: x/index.html
    listed by its own name; `source`: the folder the site was built from, each page
    matched to its source file by path (best effort), for git dates; or `sources`, an
    exact mapping (a generator's, `for_project`); `titled`: each page given its title and
    description (`facts.pagetitle`, the whole page read) and its folders as sections, for
    llms.txt."""

    def __init__(
        self,
        site_dir: Path,
        keep_html: bool = False,
        source: Path | None = None,
        sources: Sources | None = None,
        titled: bool = False,
    ):
        self.files = html_files(site_dir)
        self.keep_html = keep_html
        self.titled = titled
        self.sources = SourceIndex(source, site_dir) if source else sources

    @classmethod
    def for_project(
        cls, site_dir: Path, project: Project, keep_html: bool = False, titled: bool = False
    ) -> FolderSite:
        """The site `project` (Zensical's, MkDocs') built into `site_dir`: its pages listed
        as its `use_directory_urls` serves them, each dated by its Markdown source and the
        files that includes; the HTML files copied from its docs_dir as they are left out."""
        pages = DocsPages(project)
        site = cls(site_dir, keep_html or not project.directory_urls, sources=pages, titled=titled)
        site.files = [(path, rel) for path, rel in site.files if not pages.copied(rel)]
        return site

    def pages(self) -> Iterator[Page]:
        """One `Page` per HTML file, in path order."""
        placed = _Folders(self.files, self.keep_html) if self.titled else None
        home = next((path for path, rel in self.files if rel == "index.html"), None)
        # A theme writes the site's description into every page without one of its own
        # (mkdocs-material, Zensical): the home page's is no other page's.
        site_says = title_and_description(home)[1] if placed and home else None
        for rank, (path, rel) in enumerate(self.files):
            found = self.sources.find(rel) if self.sources else ()
            page = Page(url=url_for(rel, self.keep_html), output=path, sources=found, name=rel)
            if placed is not None:
                title, description = title_and_description(path)
                if description == site_says and rel != "index.html":
                    description = None
                rank = -1 if rel == "index.html" else rank  # the home page first
                page = page._replace(
                    title=title, description=description, section=placed(rel), rank=rank
                )
            yield page


class _Folders:
    """A page's folders as its sections (outermost first), each with its index page's URL
    when it has one: the section tree of a site no generator describes."""

    def __init__(self, files: list[tuple[Path, str]], keep_html: bool) -> None:
        rels = {rel for _, rel in files}
        self.keep_html = keep_html
        self.indexed = {rel[: -len("/index.html")] for rel in rels if rel.endswith("/index.html")}
        self.known: dict[str, tuple[Section, ...]] = {"": ()}

    def __call__(self, rel: str) -> tuple[Section, ...]:
        folder = rel.rpartition("/")[0]
        if rel.endswith("/index.html") or rel == "index.html":  # a folder's own page
            folder = folder.rpartition("/")[0]
        return self._sections(folder)

    def _sections(self, folder: str) -> tuple[Section, ...]:
        known = self.known.get(folder)
        if known is None:
            parent, _, name = folder.rpartition("/")
            own = (
                url_for(folder + "/index.html", self.keep_html) if folder in self.indexed else None
            )
            known = self.known[folder] = (*self._sections(parent), Section(name, own))
        return known
