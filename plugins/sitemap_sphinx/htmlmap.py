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
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config

from sitemap_core import Listing, SitemapBuild, UrlScheme

from .pages import documents

Current = Callable[[], tuple[UrlScheme | None, SitemapBuild]]  # this build's scheme and sitemap

TEMPLATES = Path(__file__).resolve().parent / "templates"


def _add_templates(app: Sphinx, config: Config) -> None:
    """config-inited: the map's template beside the project's own."""
    if str(TEMPLATES) not in config.templates_path:
        config.templates_path.append(str(TEMPLATES))


def _collect(current: Current, app: Sphinx) -> Iterator[tuple[str, dict[str, Any], str]]:
    """html-collect-pages: `(pagename, context, template)` of every site map page, as
    `current`'s sitemap sees this output; the heads they read are its own, read once.
    The pages are made by `mappages`, loaded only for a build that makes them."""
    scheme, sitemap = current()
    settings = sitemap.settings
    if scheme is None or settings is None or not settings.html_map:
        return
    from .mappages import map_pages

    offered = documents(app, scheme, []).values()  # the map shows documents only
    listing = Listing(offered, settings, sitemap.heads())
    yield from map_pages(app, offered, listing, settings)


def setup(app: Sphinx, current: Current) -> None:
    """Connect the template folder and the page collector."""
    app.connect("config-inited", _add_templates)
    app.connect("html-collect-pages", functools.partial(_collect, current))
