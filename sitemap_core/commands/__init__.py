"""Layer 6, the commands: `sitemap-suite validate`, `generate` and `submit`."""
