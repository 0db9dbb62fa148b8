"""Layer 5, the inventory: `SitemapBuild`, the one object between the core and a
generator, which holds the site's pages and renders every output from them;
`write_sitemaps`, the whole write of one set; and `Reporter`, which says a build's
issues through the generator's log."""

from typing import TYPE_CHECKING, Any

from .reporter import Counts, Reporter, Said, Voice
from .sitemapbuild import SitemapBuild

if TYPE_CHECKING:
    from .writeset import write_sitemaps

__all__ = ["Counts", "Reporter", "Said", "SitemapBuild", "Voice", "write_sitemaps"]


def __getattr__(name: str) -> Any:
    """`write_sitemaps`, loaded on first use: the write path, which an adapter's import
    does not need (a build loads it when it writes)."""
    if name != "write_sitemaps":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from .writeset import write_sitemaps

    return write_sitemaps
