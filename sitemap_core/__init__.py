"""sitemap_core: sitemaps.org-exact sitemaps from a stream of pages.

One call does it: `write_sitemaps(pages, out_dir, settings)`; `read_ahead` lets git read
the pages' history while the generator builds. Adapters build `Settings`
with `settings_from_options` from the shared option vocabulary (`OPTIONS`), pass `Page`
values, and report the `Issue`s of the `Result` through their generator's logging.
"""

from .build import write_sitemaps
from .extensions import Image, News, Video
from .options import OPTIONS, Option, Rule, Settings, settings_from_options
from .page import Alternate, ChangeFreq, Page, meta_overrides
from .report import Issue, Result
from .sources import read_ahead
from .validate import validate_files

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
