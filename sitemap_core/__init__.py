"""sitemap_core: sitemaps.org-exact sitemaps from a stream of pages.

One call does it: `write_sitemaps(pages, out_dir, settings)`; `read_ahead` lets git read
the pages' history while the generator builds. Adapters build `Settings`
with `settings_from_options` from the shared option vocabulary (`OPTIONS`), pass `Page`
values, and report the `Issue`s of the `Result` through their generator's logging.
"""

from .build import write_sitemaps
from .checking.validate import validate_files
from .facts.lastmod import read_ahead
from .options import OPTIONS, Option, Rule, Settings, settings_from_options
from .protocol.sitemaps import ChangeFreq
from .values.media import Image, News, Video
from .values.page import Alternate, Page, meta_overrides
from .values.report import Issue, Result

__version__ = "0.1.0"

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
    "meta_overrides",
    "read_ahead",
    "settings_from_options",
    "validate_files",
    "write_sitemaps",
]
