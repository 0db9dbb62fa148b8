"""This build's URL scheme (the core's `UrlScheme`), from conf.py.

Unset `sitemap_url_scheme`: a page's URL is its built file's link, exactly. With several
languages (`sitemap_locales`, else conf.py's own `language` plus the folders of
`locale_dirs`), the first is the one served at the base URL and every other lives under
`<lang>/`: a build of another language lists its pages there. A set `sitemap_url_scheme`
is formatted as sphinx-sitemap does: `{lang}` and `{version}` are `language` and
`version` with a slash. Every page has an alternate in every language, itself included
(each language's build writes every page, translated or not); the core adds `x-default`,
the first language's unless `sitemap_x_default` names another.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.config import Config

from sitemap_core import Code, Issue, UrlScheme, site_languages, url_template


def listed(value: object) -> list[Any]:
    """A list option as a list; a lone value is one item."""
    if isinstance(value, (list, tuple)):
        return list(value)
    return [] if value is None else [value]


def url_scheme(config: Config, srcdir: Path) -> tuple[UrlScheme, list[Issue]]:
    """The scheme conf.py asks for; a bad `sitemap_url_scheme` is reported and unset. The
    site's languages are conf.py's own `language` (the sources', whatever `-D language=`
    says), `sitemap_locales` or the folders of `locale_dirs`, and this build's."""
    template, issues = url_template(config.sitemap_url_scheme)
    source = getattr(config, "_raw_config", {}).get("language") or "en"  # Sphinx's default
    folders = (srcdir / folder for folder in listed(config.locale_dirs))
    languages = site_languages(listed(config.sitemap_locales), folders, source, config.language)
    scheme = UrlScheme.of(template, config.language, config.version, languages)
    if len(languages) > 1 and not scheme.languages:  # a template without {lang}
        issues.append(
            Issue(
                Code.SCHEME,
                "",
                "url_scheme",
                (
                    f"sitemap_url_scheme has no {{lang}}, so the languages {', '.join(languages)} "
                    "would all have the same URLs: alternates left out"
                ),
            )
        )
    return scheme, issues
