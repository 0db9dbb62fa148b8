"""The one option vocabulary every adapter shares, and the `Settings` it becomes.

Each generator spells an option its own way: the same name in mkdocs.yml and in
Pelican's `SITEMAP` dict, and with a `sitemap_` prefix in Sphinx's conf.py.

`table` declares each option once (name, kind, default, meaning); its kind (`kinds`)
checks and converts the option's values with the checks of `parsers`; `settings` builds
`Settings` from them. This layer imports only `protocol` and `values`.
"""

from __future__ import annotations

from .parsers import Rule, parse_changefreq, parse_priority, parse_rule
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
)

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
    "parse_changefreq",
    "parse_priority",
    "parse_rule",
    "settings_from_options",
]
