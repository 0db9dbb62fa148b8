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

from sitemap_core import Issue, Settings
from sitemap_core.facts.htmlhead import Heads
from sitemap_core.values.urls import base_url_problem
from sitemap_core.writing.listing import Listing

from .pages import documents
from .scheme import Scheme

Site = Callable[[Sphinx], tuple[Scheme, str, str, Settings, list[Issue]]]

TEMPLATES = Path(__file__).resolve().parent / "templates"


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
    `site` gives this output's scheme, base URL and settings, as the sitemap sees them.
    The pages are made by `mappages`, loaded only for a build that makes them."""
    builder = app.builder
    if builder.name not in ("html", "dirhtml"):
        return
    scheme, base, _setting, settings, _ = site(app)  # the issues: the sitemap reports them
    if not settings.html_map or base_url_problem(base):
        return
    from .mappages import map_pages

    offered = documents(app, scheme, []).values()  # the map shows documents only
    listing = Listing(offered, settings)
    _HEADS[app] = listing.heads
    yield from map_pages(app, offered, listing, settings)


def setup(app: Sphinx, site: Site) -> None:
    """Connect the template folder and the page collector."""
    app.connect("config-inited", _add_templates)
    app.connect("html-collect-pages", functools.partial(_collect, site))
