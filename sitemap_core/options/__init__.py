"""The one option vocabulary every adapter shares, and the `Settings` it becomes.

Each generator spells an option its own way: the same name in mkdocs.yml and in
Pelican's `SITEMAP` dict, and with a `sitemap_` prefix in Sphinx's conf.py.

`table` holds the options (names, types, defaults, meanings), `values` checks and
converts each option's value, `settings` builds `Settings` from them. This layer
imports only `protocol` and `values`.
"""

from __future__ import annotations

from .parsers import convert, parse_changefreq, parse_priority, parse_rule
from .settings import Settings, settings_from_options
from .table import (
    FORMATS,
    GZIP_MODES,
    LASTMOD_SOURCES,
    MAX_URLS,
    OPTIONS,
    URL_ERROR_MODES,
    VALIDATE_MODES,
    Option,
    Rule,
)

_convert = convert  # the name it had in the single `options` module, which tests use

__all__ = [
    "FORMATS",
    "GZIP_MODES",
    "LASTMOD_SOURCES",
    "MAX_URLS",
    "OPTIONS",
    "URL_ERROR_MODES",
    "VALIDATE_MODES",
    "Option",
    "Rule",
    "Settings",
    "convert",
    "parse_changefreq",
    "parse_priority",
    "parse_rule",
    "settings_from_options",
]
