"""sitemap_mkdocs: the sitemap-suite plugin for MkDocs (`plugins: [sitemap-suite]`)."""
