"""Layer 1, the protocol: sitemaps.org's limits, namespaces and element order, the grammars
of single values, Google's extensions, robots.txt's `Sitemap:` line and IndexNow's key.
Pure facts and checks; no I/O, and nothing else of sitemap_core imported."""
