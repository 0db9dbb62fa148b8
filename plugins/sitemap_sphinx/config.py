"""conf.py values: the shared options with a `sitemap_` prefix, and sphinx-sitemap's names.

sphinx-sitemap's settings keep their meaning, so a project can swap the extension name and
nothing else: `site_url` (before `html_baseurl`), `sitemap_filename` and `sitemap_indent`
(the shared `filename` and `indent`), `sitemap_excludes` (globs on the page link, merged
into `exclude`), `sitemap_show_lastmod = False` (no lastmod), and `sitemap_url_scheme`
with `sitemap_locales`, and our `sitemap_x_default`, read by `scheme.py`.

Sphinx does not type-check these values (`types=Any`): the core checks every option and
warns once, naming it as written; a conf.py name starting with `sitemap_` that nobody
registered is a typo the core names too.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from sitemap_core import OPTIONS, Option, parse_flag

from .scheme import Scheme, listed

PREFIX = "sitemap_"
RTD_URL = "READTHEDOCS_CANONICAL_URL"
_SPHINX_SITEMAP: dict[str, Any] = {
    "site_url": None,
    "sitemap_url_scheme": None,
    "sitemap_excludes": [],
    "sitemap_locales": [],
    "sitemap_show_lastmod": None,
}


def add_config_values(app: Sphinx) -> None:
    """Declare every option, checked by the core only; none makes Sphinx re-read sources."""
    for option in OPTIONS:
        app.add_config_value(option.sphinx, option.default, "", types=Any)
    for name, default in _SPHINX_SITEMAP.items():
        app.add_config_value(name, default, "", types=Any)


def base_url(app: Sphinx) -> tuple[str, str]:
    """The base URL and the setting it came from: `site_url`, else `html_baseurl`, else
    Read the Docs' canonical URL; `('', 'html_baseurl')` when none is set."""
    config = app.config
    for setting, value in (
        ("site_url", config.site_url),
        ("html_baseurl", config.html_baseurl),
        (RTD_URL, os.environ.get(RTD_URL)),
    ):
        if value:
            return str(value), setting
    return "", "html_baseurl"


def option_values(app: Sphinx, scheme: Scheme) -> tuple[dict[str, Any], Path]:
    """The option values of conf.py (and `-D`), sphinx-sitemap's spellings folded in,
    unknown `sitemap_*` names passed on so that the core names them; and the folder
    relative paths are taken from."""
    config = app.config
    values = {option.name: getattr(config, option.sphinx) for option in OPTIONS}
    for option in OPTIONS:  # `-D sitemap_gzip=also`: a string, whatever the option's type
        if option.sphinx in config.overrides:
            values[option.name] = _command_line(option, values[option.name])
    values.update((name.removeprefix(PREFIX), value) for name, value in _unknown(app))
    if excludes := listed(config.sitemap_excludes):
        values["exclude"] = listed(values["exclude"]) + [
            scheme.pattern(p) if isinstance(p, str) else p for p in excludes
        ]
    if config.sitemap_show_lastmod is False and values["lastmod"] == "auto":
        values["lastmod"] = "none"
    return values, Path(app.confdir) if app.confdir else Path(app.srcdir)


def _command_line(option: Option, value: Any) -> Any:
    """A `-D` value as Sphinx reads its own options of that kind: a switch from `0` or
    `1` (or a yes/no word), a number from its digits, a list from commas."""
    if not isinstance(value, str):
        return value
    if option.type == "bool" or option.name == "robots_txt":  # robots_txt: auto, or a switch
        flag = parse_flag(value)
        return value if flag is None else flag
    if option.type in ("int", "float"):
        try:
            return int(value) if option.type == "int" else float(value)
        except ValueError:
            return value  # the core names the option and the value
    if option.type.startswith("list"):
        return [item for item in value.split(",") if item]
    return value


def _unknown(app: Sphinx) -> list[tuple[str, Any]]:
    """conf.py's `sitemap_*` names that no extension registered (`sitemap_gzipp`)."""
    raw = getattr(app.config, "_raw_config", {})  # conf.py's namespace, as Sphinx keeps it
    return sorted(
        (name, value)
        for name, value in raw.items()
        if name.startswith(PREFIX) and name not in app.config
    )
