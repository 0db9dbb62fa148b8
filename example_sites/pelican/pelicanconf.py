"""Example Pelican blog for sitemap-suite: `pelican -s pelicanconf.py` from this folder."""

from pathlib import Path

AUTHOR = "Ada Lovelace"
SITENAME = "Trains, Types and Toast"
SITEURL = "https://example.org"

PATH = "content"
OUTPUT_PATH = "output"
TIMEZONE = "Europe/Paris"
DEFAULT_LANG = "en"
DEFAULT_PAGINATION = 5
SLUGIFY_SOURCE = "basename"  # slugs from file names; translations set `Slug:`
# The theme with a logo (overrides/github.html): chrome, never listed as an image.
THEME_TEMPLATES_OVERRIDES = [str(Path(__file__).resolve().parent / "overrides")]

# robots.txt ships with the site; the plugin adds its `Sitemap:` line to the copy.
STATIC_PATHS = ["extra/robots.txt", "images"]
EXTRA_PATH_METADATA = {"extra/robots.txt": {"path": "robots.txt"}}

# Feeds stay on: they are not pages, so the sitemap leaves them out.
FEED_ALL_ATOM = "feeds/all.atom.xml"
CATEGORY_FEED_ATOM = "feeds/{slug}.atom.xml"

PLUGINS = ["sitemap_pelican"]

# pelican-sitemap's keys keep their meaning; the suite's shared option names work too.
SITEMAP = {
    "format": "xml",
    "priorities": {"articles": 0.7, "indexes": 0.4, "pages": 0.5},
    "changefreqs": {"articles": "monthly", "indexes": "daily", "pages": "yearly"},
    "exclude": [r"/authors\.html$"],  # regular expressions, as in pelican-sitemap
    "gzip": "also",
    "html_map": True,  # the site map for people: output/sitemap.html
}
