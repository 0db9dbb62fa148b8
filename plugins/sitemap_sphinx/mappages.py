"""The site map pages of one Sphinx build: the documents' section tree (`section_tree`
of the places `pages` gives them: the toctree from the root document, then the documents
in no toctree), linked as the builder links them, planned into pages and rendered.
`htmlmap` loads this module only for a build that makes the map."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Container, Iterable, Iterator, Mapping
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

from sitemap_core import MapEntry, Page, Settings, map_path, plan, prune, render, section_tree

from .config import PREFIX

logger = logging.getLogger(__name__)

TEMPLATE = "sitemap-suite-map.html"


def map_pages(
    app: Sphinx, offered: Collection[Page], listing: Container[str], settings: Settings
) -> Iterator[tuple[str, dict[str, Any], str]]:
    """`(pagename, context, template)` of every site map page, linking the `offered`
    documents the sitemap lists (`listing`)."""
    builder = app.builder
    path = map_path(settings, builder.name == "dirhtml")
    if builder.name == "dirhtml" and not path.endswith("/"):
        logger.warning(
            "%shtml_map_path = %r: dirhtml serves every page as a folder; using %r",
            PREFIX,
            path,
            path.rsplit(".", 1)[0] + "/",
            type="sitemap",
            subtype="option",
        )
        path = path.rsplit(".", 1)[0] + "/"
    links = {p.url: builder.get_target_uri(p.name) for p in offered if p.name}
    listed = {links[p.url] for p in offered if p.url in links and p.url in listing}
    tree = prune(_linked(section_tree(offered), links), listed)
    for page in plan(tree, path, settings.html_map_max_links):
        name = page.path + "index" if page.path.endswith("/") else page.path.rsplit(".", 1)[0]
        yield name, {"title": page.title, "body": render(page, listed)}, TEMPLATE


def _linked(tree: Iterable[MapEntry], links: Mapping[str, str]) -> list[MapEntry]:
    """The tree with each page's URL (this build's, under the URL scheme) as the builder
    links it (`usage.html`)."""
    return [
        dataclasses.replace(
            entry,
            url=None if entry.url is None else links.get(entry.url, entry.url),
            children=tuple(_linked(entry.children, links)),
        )
        for entry in tree
    ]
