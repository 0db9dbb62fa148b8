"""The site map pages of one Sphinx build: the toctree from the root document, then the
documents in no toctree, as the entries of `sitemap_core.writing.htmlmap`, planned into
pages and rendered. `htmlmap` loads this module only for a build that makes the map."""

from __future__ import annotations

from collections.abc import Collection, Container, Iterator
from typing import Any

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

from sitemap_core import MapEntry, Page, Settings, map_path, plan, prune, render

from .config import PREFIX

logger = logging.getLogger(__name__)

TEMPLATE = "sitemap-suite-map.html"
OTHER = "Other pages"  # the section of documents in no toctree


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
    listed = {builder.get_target_uri(p.name) for p in offered if p.name and p.url in listing}
    tree = prune(_tree(app.env, app.config.root_doc, builder.get_target_uri), listed)
    for page in plan(tree, path, settings.html_map_max_links):
        name = page.path + "index" if page.path.endswith("/") else page.path.rsplit(".", 1)[0]
        yield name, {"title": page.title, "body": render(page, listed)}, TEMPLATE


def _tree(env: BuildEnvironment, root: str, link: Any) -> list[MapEntry]:
    """The root document, the toctree below it, then the documents in no toctree."""
    seen = {root}

    def entry(docname: str) -> MapEntry:
        below = [
            child
            for child in env.toctree_includes.get(docname, ())
            if child in env.found_docs and child not in seen
        ]
        seen.update(below)
        return MapEntry(
            _title(env, docname), link(docname), children=tuple(entry(child) for child in below)
        )

    top = entry(root)
    tree = [MapEntry(top.title, top.url), *top.children]
    others = sorted(env.found_docs - seen)
    if others:
        tree.append(
            MapEntry(
                OTHER, None, children=tuple(MapEntry(_title(env, doc), link(doc)) for doc in others)
            )
        )
    return tree


def _title(env: BuildEnvironment, docname: str) -> str:
    title = env.titles.get(docname)
    return title.astext() if title is not None and title.astext() else docname
