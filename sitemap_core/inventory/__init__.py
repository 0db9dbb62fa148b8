"""Layer 5, the build: `SitemapBuild`, the one object between the core and a generator,
`write_sitemaps`, the whole write of one set, and `Reporter`, which says a build's issues
through the generator's log."""

from .reporter import Counts, Reporter, Voice
from .sitemapbuild import SitemapBuild
from .writeset import write_sitemaps

__all__ = ["Counts", "Reporter", "SitemapBuild", "Voice", "write_sitemaps"]
