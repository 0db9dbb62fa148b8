"""The one option vocabulary every adapter shares, and the `Settings` it becomes.

Each generator spells an option its own way: the same name in mkdocs.yml and in
Pelican's `SITEMAP` dict, and with a `sitemap_` prefix in Sphinx's conf.py.

`table` declares each option once, as a field of `Settings` (name, type, kind, default,
meaning), and reads the table's rows (`OPTIONS`) from it; an option's kind (`kinds`)
checks and converts its values with the checks of `parsers`; `settings` builds `Settings`
from a generator's raw values. This layer imports only `protocol` and `values`.
"""

from __future__ import annotations

from .parsers import Rule, parse_changefreq, parse_priority
from .settings import settings_from_options
from .table import LASTMOD_SOURCES, OPTIONS, Option, Settings

__all__ = [
    "LASTMOD_SOURCES",
    "OPTIONS",
    "Option",
    "Rule",
    "Settings",
    "parse_changefreq",
    "parse_priority",
    "settings_from_options",
]
