"""sitemap_core: sitemaps.org-exact sitemaps from a stream of pages.

One call does it: `write_sitemaps(pages, out_dir, settings)`; `read_ahead` lets git read
the pages' history while the generator builds. Adapters build `Settings`
with `settings_from_options` from the shared option vocabulary (`OPTIONS`), pass `Page`
values, and report the `Issue`s of the `Result` through their generator's logging.

Each name loads its module on first use, so a generator that imports an adapter pays
only for what its build uses.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .build import write_sitemaps
    from .checking.validate import validate_files
    from .facts.lastmod import read_ahead
    from .options import (
        OPTIONS,
        Option,
        Rule,
        Settings,
        parse_changefreq,
        parse_priority,
        settings_from_options,
    )
    from .protocol.sitemaps import ChangeFreq
    from .values.media import Image, News, Video
    from .values.page import Alternate, Page, meta_overrides
    from .values.report import Issue, Result
    from .values.urls import base_url_problem

__version__ = "0.1.0"

_HOMES = {
    "OPTIONS": ".options",
    "Alternate": ".values.page",
    "ChangeFreq": ".protocol.sitemaps",
    "Image": ".values.media",
    "Issue": ".values.report",
    "News": ".values.media",
    "Option": ".options",
    "Page": ".values.page",
    "Result": ".values.report",
    "Rule": ".options",
    "Settings": ".options",
    "Video": ".values.media",
    "base_url_problem": ".values.urls",
    "meta_overrides": ".values.page",
    "parse_changefreq": ".options",
    "parse_priority": ".options",
    "read_ahead": ".facts.lastmod",
    "settings_from_options": ".options",
    "validate_files": ".checking.validate",
    "write_sitemaps": ".build",
}
__all__ = [
    "OPTIONS",
    "Alternate",
    "ChangeFreq",
    "Image",
    "Issue",
    "News",
    "Option",
    "Page",
    "Result",
    "Rule",
    "Settings",
    "Video",
    "base_url_problem",
    "meta_overrides",
    "parse_changefreq",
    "parse_priority",
    "read_ahead",
    "settings_from_options",
    "validate_files",
    "write_sitemaps",
]


def __getattr__(name: str) -> Any:
    """The public name `name`, from its module (imported now, once)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return [*globals(), *__all__]
