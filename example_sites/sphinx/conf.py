"""Example Sphinx project for sitemap_sphinx: `sphinx-build . _build/html`."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "src"))  # the documented package, `shapes`

project = "Sitemap example"
author = "sitemap-suite"
version = "1.0"
release = "1.0.0"

extensions = ["sphinx.ext.autodoc", "sphinx.ext.viewcode", "sitemap_sphinx"]
html_baseurl = "https://example.org/project/"

exclude_patterns = ["_build", "snippets", "locale"]
templates_path = ["_templates"]
html_extra_path = ["_extra"]  # robots.txt: the sitemap line is appended to it
html_logo = "images/logo.svg"  # theme chrome: never listed as a page's image
html_additional_pages = {"download": "download.html"}

# One translation (locale/pt_BR). The first language is served at html_baseurl, the
# others under <lang>/ (https://example.org/project/pt_BR/), so each page lists both,
# and x-default (the first). `python build.py` builds each language into its folder.
language = "en"
locale_dirs = ["locale"]
sitemap_locales = ["en", "pt_BR"]

sitemap_rules = [{"match": "reference/*", "changefreq": "monthly"}]
sitemap_html_map = True  # the site map for people: _build/html/sitemap.html
