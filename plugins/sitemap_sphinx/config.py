"""conf.py values: the shared options with a `sitemap_` prefix, and sphinx-sitemap's names.

sphinx-sitemap's settings keep their meaning, so a project can swap the extension name and
nothing else: `site_url` (before `html_baseurl`), `sitemap_filename` and `sitemap_indent`
(the shared `filename` and `indent`), `sitemap_excludes` (globs on the page link, merged
into `exclude`), `sitemap_show_lastmod = False` (no lastmod), and `sitemap_url_scheme`
with `sitemap_locales`, read by `scheme.py`.
"""

from __future__ import annotations

import os
from pathlib import Path
from types import NoneType

from sphinx.application import Sphinx

from sitemap_core import OPTIONS, Issue, Settings, settings_from_options

from .scheme import Scheme, listed

_TYPES: dict[str, frozenset[type]] = {
    "str": frozenset({str}),
    "int": frozenset({int}),
    "float": frozenset({float, int}),
    "bool": frozenset({bool}),
    "list[str]": frozenset({list, tuple}),
    "list[dict]": frozenset({list, tuple}),
}
_LISTS = frozenset({list, tuple})
RTD_URL = "READTHEDOCS_CANONICAL_URL"


def add_config_values(app: Sphinx) -> None:
    """Declare every option, typed; none of them makes Sphinx re-read the sources."""
    for option in OPTIONS:
        types = _TYPES[option.type] | ({NoneType} if option.default is None else set())
        app.add_config_value(option.sphinx, option.default, "", types=types)
    app.add_config_value("site_url", None, "", types=frozenset({str, NoneType}))
    app.add_config_value("sitemap_url_scheme", None, "", types=frozenset({str, NoneType}))
    app.add_config_value("sitemap_excludes", [], "", types=_LISTS)
    app.add_config_value("sitemap_locales", [], "", types=_LISTS)
    app.add_config_value("sitemap_show_lastmod", None, "", types=frozenset({bool, NoneType}))


def base_url(app: Sphinx) -> str:
    """`site_url`, else `html_baseurl`, else Read the Docs' canonical URL, else ''."""
    return app.config.site_url or app.config.html_baseurl or os.environ.get(RTD_URL, "")


def read_settings(app: Sphinx, base: str, scheme: Scheme) -> tuple[Settings, list[Issue]]:
    """Core settings from conf.py, sphinx-sitemap's spellings folded in."""
    config = app.config
    values = {option.name: getattr(config, option.sphinx) for option in OPTIONS}
    if excludes := listed(config.sitemap_excludes):
        values["exclude"] = listed(values["exclude"]) + [
            scheme.pattern(p) if isinstance(p, str) else p for p in excludes]
    if config.sitemap_show_lastmod is False and values["lastmod"] == "auto":
        values["lastmod"] = "none"
    root = Path(app.confdir) if app.confdir else Path(app.srcdir)
    return settings_from_options(values, base, root)
