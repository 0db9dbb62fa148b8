"""Where this build's pages, and the same pages in other languages, live under the base URL.

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

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sphinx.config import Config

from sitemap_core import Alternate, Code, Issue, hreflang, site_path

LINK = "{link}"


@dataclass(frozen=True, slots=True)
class Scheme:
    """Text around a page link: this build's, and each language's (hreflang first)."""

    prefix: str = ""
    suffix: str = ""
    languages: tuple[tuple[str, str, str], ...] = ()

    def url(self, link: str) -> str:
        """This build's URL for a page link, relative to the base URL."""
        return f"{self.prefix}{link}{self.suffix}"

    def alternates(self, link: str) -> tuple[Alternate, ...]:
        """The page in every language of the site, itself included."""
        return tuple(Alternate(code, f"{pre}{link}{post}") for code, pre, post in self.languages)

    def rebased(self, root: str) -> Scheme:
        """This scheme for an output that is its own language's folder, published at
        `root` + prefix: page URLs relative to that folder, every alternate absolute."""
        return Scheme(
            "", self.suffix, tuple((code, root + pre, post) for code, pre, post in self.languages)
        )

    def pattern(self, glob: str) -> str:
        """A sphinx-sitemap exclude glob on the link, as a glob on the site-relative path."""
        return site_path(self.url(glob))

    def missing_from(self, out_dir: Path) -> str | None:
        """The prefix, if the output has no such folder (so the URLs are not its files)."""
        if self.prefix and not (out_dir / site_path(self.prefix)).is_dir():
            return self.prefix
        return None


def listed(value: object) -> list[Any]:
    """A list option as a list; a lone value is one item."""
    if isinstance(value, (list, tuple)):
        return list(value)
    return [] if value is None else [value]


def url_scheme(config: Config, srcdir: Path) -> tuple[Scheme, list[Issue]]:
    """The scheme conf.py asks for; a bad `sitemap_url_scheme` is reported and unset."""
    template, issues = _template(config.sitemap_url_scheme)
    languages = _languages(config, srcdir)
    root = languages[0] if languages else config.language
    version = f"{config.version}/" if config.version else ""

    def around(lang: str | None) -> tuple[str, str]:
        if template is None:
            return ("" if lang == root or not lang else f"{lang}/"), ""
        pre, post = template.split(LINK)
        slot = f"{lang}/" if lang else ""
        return pre.format(lang=slot, version=version), post.format(lang=slot, version=version)

    prefix, suffix = around(config.language)
    if len(languages) < 2:
        return Scheme(prefix, suffix), issues
    if template is not None and "{lang}" not in template:
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
        return Scheme(prefix, suffix), issues
    alternates = tuple((hreflang(lang), *around(lang)) for lang in languages)
    return Scheme(prefix, suffix, alternates), issues


def _template(value: object) -> tuple[str | None, list[Issue]]:
    if value is None:
        return None, []
    problem = None
    if not isinstance(value, str) or value.count(LINK) != 1:
        problem = f"{value!r} needs {LINK} exactly once"
    else:
        try:
            value.format(lang="", version="", link="")
        except (KeyError, IndexError, ValueError) as exc:
            problem = f"{value!r} is not a format with {{lang}}, {{version}}, {{link}} ({exc})"
    if problem:
        return None, [
            Issue(Code.OPTION, "", "url_scheme", f"{problem}; URLs are the built files' links")
        ]
    return str(value), []


def _languages(config: Config, srcdir: Path) -> list[str]:
    """The site's languages, the same for every language's build: conf.py's own
    `language` (the sources', whatever `-D language=` says) first unless
    `sitemap_locales` names it, then those or the folders of `locale_dirs`, then this
    build's if missing; [] for sphinx-sitemap's `[None]`."""
    given = listed(config.sitemap_locales)
    chosen = [str(lang) for lang in given if lang]
    if given and not chosen:
        return []
    if not chosen:
        chosen = sorted(
            entry.name
            for folder in listed(config.locale_dirs)
            if (srcdir / folder).is_dir()
            for entry in (srcdir / folder).iterdir()
            if entry.is_dir() and not entry.name.startswith(".")
        )
    source = getattr(config, "_raw_config", {}).get("language") or "en"  # Sphinx's default
    found = ([source] if source not in chosen else []) + chosen + [config.language]
    return list(dict.fromkeys(lang for lang in found if lang))
