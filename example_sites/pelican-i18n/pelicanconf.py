"""Example Pelican blog in two languages, with the pelican-i18n-subsites plugin:
`pelican content -s pelicanconf.py -o output` from this folder.

English is the main site (https://example.org/); French is a subsite, built into
`output/fr/` for https://example.org/fr. One sitemap at the root lists both languages'
pages, each with its translations (and x-default) as hreflang alternates.
"""

AUTHOR = "Ada Lovelace"
SITENAME = "Trains and Toast"
SITEURL = "https://example.org"

PATH = "content"
OUTPUT_PATH = "output"
TIMEZONE = "Europe/Paris"
DEFAULT_LANG = "en"
SLUGIFY_SOURCE = "basename"  # slugs from file names; translations set `Slug:`

# i18n_subsites changes DEFAULT_LANG in each subsite, so content without `Lang:` would
# be read as French in the French subsite (and clash with its translation): every
# file without `Lang:` is English.
DEFAULT_METADATA = {"lang": "en"}

PLUGINS = ["i18n_subsites", "sitemap_pelican"]
I18N_SUBSITES = {"fr": {"SITENAME": "Trains et tartines"}}

FEED_ALL_ATOM = None
CATEGORY_FEED_ATOM = None
TRANSLATION_FEED_ATOM = None
AUTHOR_FEED_ATOM = None
AUTHOR_FEED_RSS = None
