"""Layer 6, the sites the core reads itself: a built folder (`sitemap-suite generate`), an
adapter like the generators' plugins, made of one `SitemapBuild`; and the TOML file of
options that `generate` and `submit` take (`config`)."""
