"""Layer 5, the inventory: `SitemapBuild`, the one object between the core and a
generator, which holds the site's pages and renders every output from them;
`write_sitemaps`, the whole write of one set; and `Reporter`, which says a build's
issues through the generator's log."""

from .reporter import Counts, Reporter, Said, Voice
from .sitemapbuild import SitemapBuild
from .writeset import write_sitemaps

__all__ = ["Counts", "Reporter", "Said", "SitemapBuild", "Voice", "write_sitemaps"]
