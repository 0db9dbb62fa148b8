"""Layer 6, the sites the core reads itself: a built folder (`sitemap-suite generate`), an
adapter like the generators' plugins, made of one `SitemapBuild` (`folder`); the TOML file
of options that `generate` and `submit` take (`config`), or a generator's own config file
(`project`: zensical.toml, mkdocs.yml), whose pages are mapped to their Markdown sources
(`docspages`) and the snippets those include (`snippets`)."""
