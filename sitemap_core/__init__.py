"""sitemap_core: sitemaps.org-exact sitemaps from a stream of pages."""
