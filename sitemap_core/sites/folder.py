"""A built site folder as the pages of one `SitemapBuild`: every .html file a page, x/index.html
listed as x/; the adapter of the sites no plugin hooks (Hugo, Jekyll, Eleventy...)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from ..facts.sitefiles import html_files, url_for
from ..facts.sources import SourceIndex
from ..values.page import Page


class FolderSite:
    """The HTML files of `site_dir` and the pages they are; `keep_html`: x/index.html
    listed by its own name; `source`: the folder the site was built from, each page
    matched to its source file by path (best effort), for git dates."""

    def __init__(self, site_dir: Path, keep_html: bool = False, source: Path | None = None):
        self.files = html_files(site_dir)
        self.keep_html = keep_html
        self.sources = SourceIndex(source, site_dir) if source else None

    def pages(self) -> Iterator[Page]:
        """One `Page` per HTML file, in path order."""
        for path, rel in self.files:
            found = self.sources.find(rel) if self.sources else ()
            yield Page(url=url_for(rel, self.keep_html), output=path, sources=found, name=rel)
