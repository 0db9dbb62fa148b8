"""A built site folder as the pages of one `SitemapBuild`: every .html file a page, x/index.html
listed as x/; the adapter of the sites no plugin hooks (Hugo, Jekyll, Eleventy, Zensical...)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

from ..facts.sitefiles import html_files, url_for
from ..facts.sources import SourceIndex
from ..values.page import Page
from .docspages import DocsPages
from .project import Project


class Sources(Protocol):
    """The source files of a built page, by its site-relative path."""

    def find(self, rel: str) -> tuple[Path, ...]: ...


class FolderSite:
    """The HTML files of `site_dir` and the pages they are; `keep_html`: x/index.html
    listed by its own name; `source`: the folder the site was built from, each page
    matched to its source file by path (best effort), for git dates; or `sources`, an
    exact mapping (a generator's, `for_project`)."""

    def __init__(
        self,
        site_dir: Path,
        keep_html: bool = False,
        source: Path | None = None,
        sources: Sources | None = None,
    ):
        self.files = html_files(site_dir)
        self.keep_html = keep_html
        self.sources = SourceIndex(source, site_dir) if source else sources

    @classmethod
    def for_project(cls, site_dir: Path, project: Project, keep_html: bool = False) -> FolderSite:
        """The site `project` (Zensical's, MkDocs') built into `site_dir`: its pages listed
        as its `use_directory_urls` serves them, each dated by its Markdown source and the
        files that includes; the HTML files copied from its docs_dir as they are left out."""
        pages = DocsPages(project)
        site = cls(site_dir, keep_html or not project.directory_urls, sources=pages)
        site.files = [(path, rel) for path, rel in site.files if not pages.copied(rel)]
        return site

    def pages(self) -> Iterator[Page]:
        """One `Page` per HTML file, in path order."""
        for path, rel in self.files:
            found = self.sources.find(rel) if self.sources else ()
            yield Page(url=url_for(rel, self.keep_html), output=path, sources=found, name=rel)
