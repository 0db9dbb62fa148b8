"""The site map pages (`sitemap_html_map = True`), rendered by the HTML builder in the
project's theme.

An `html-collect-pages` handler: Sphinx runs it once every document is written, so each
page's head can be read as the sitemap reads it. The map follows the toctree hierarchy
from the root document (`env.toctree_includes`), then the documents in no toctree; each
map page is rendered with `sitemap-suite-map.html`, which extends the theme's
`layout.html` and fills its `body` block (as Sphinx's own genindex and search pages do),
so any theme renders it. The pages are then written like any other, and listed.
"""

from __future__ import annotations

import functools
import weakref
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

from sitemap_core import Issue, Settings
from sitemap_core.facts.htmlhead import Heads
from sitemap_core.values.urls import base_url_problem
from sitemap_core.writing.htmlmap import (
    MapEntry,
    map_path,
    plan,
    prune,
    render,
)
from sitemap_core.writing.listing import Listing

from .config import PREFIX
from .pages import documents
from .scheme import Scheme

Site = Callable[[Sphinx], tuple[Scheme, str, str, Settings, list[Issue]]]

logger = logging.getLogger(__name__)

TEMPLATES = Path(__file__).resolve().parent / "templates"
TEMPLATE = "sitemap-suite-map.html"
OTHER = "Other pages"  # the section of documents in no toctree


def _add_templates(app: Sphinx, config: Config) -> None:
    """config-inited: the map's template beside the project's own."""
    if str(TEMPLATES) not in config.templates_path:
        config.templates_path.append(str(TEMPLATES))


# The heads each build's site map listing read, for its sitemap (read once, not twice).
_HEADS: weakref.WeakKeyDictionary[Sphinx, Heads] = weakref.WeakKeyDictionary()


def heads_read(app: Sphinx) -> Heads | None:
    """The heads this build's site map pages read (None without them), handed over once."""
    return _HEADS.pop(app, None)


def _collect(site: Site, app: Sphinx) -> Iterator[tuple[str, dict[str, Any], str]]:
    """html-collect-pages: `(pagename, context, template)` of every site map page;
    `site` gives this output's scheme, base URL and settings, as the sitemap sees them."""
    builder = app.builder
    if builder.name not in ("html", "dirhtml"):
        return
    scheme, base, _setting, settings, _ = site(app)  # the issues: the sitemap reports them
    if not settings.html_map or base_url_problem(base):
        return
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
    offered = documents(app, scheme, []).values()  # the map shows documents only
    listing = Listing(offered, settings)
    _HEADS[app] = listing.heads
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


def setup(app: Sphinx, site: Site) -> None:
    """Connect the template folder and the page collector."""
    app.connect("config-inited", _add_templates)
    app.connect("html-collect-pages", functools.partial(_collect, site))
