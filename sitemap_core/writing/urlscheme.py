"""A URL scheme of language and version folders: where a build's pages, and the same pages
in the site's other languages, live under the site's base URL.

A site in several languages is built once per language, each build writing every page
(translated or not). Without a template, the first language is served at the base URL and
every other under `<lang>/`; a template in sphinx-sitemap's form, `{lang}{version}{link}`,
puts `<lang>/` and `<version>/` (each with a slash, empty when unset) where it names them
around the page's link. Every page has an alternate in every language, itself included;
a template without `{lang}` gives every language the same URLs, so no alternates.

A build whose URLs start with a prefix that is no folder of its output (`fr/`,
`en/latest/`) is that folder of the site: `UrlScheme.placed` says which base URL its
sitemap lists its pages under.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from ..values.codes import Code
from ..values.page import Alternate, hreflang
from ..values.report import Issue
from ..values.urls import site_path

LINK = "{link}"


@dataclass(frozen=True, slots=True)
class UrlScheme:
    """Text around a page link: this build's (`prefix`, `suffix`), and each language's
    (`languages`: hreflang, prefix, suffix; none for a site of one language)."""

    prefix: str = ""
    suffix: str = ""
    languages: tuple[tuple[str, str, str], ...] = ()

    @classmethod
    def of(
        cls,
        template: str | None,
        language: str | None,
        version: str | None,
        languages: Sequence[str],
    ) -> UrlScheme:
        """The scheme of the build of `language` (and `version`) of a site in `languages`
        (the first served at the base URL unless `template` says otherwise); `template`
        is a checked one (`url_template`) or None."""
        root = languages[0] if languages else language
        slot_version = f"{version}/" if version else ""

        def around(lang: str | None) -> tuple[str, str]:
            if template is None:
                return ("" if lang == root or not lang else f"{lang}/"), ""
            pre, post = template.split(LINK)
            slot = f"{lang}/" if lang else ""
            return pre.format(lang=slot, version=slot_version), post.format(
                lang=slot, version=slot_version
            )

        prefix, suffix = around(language)
        if len(languages) < 2 or (template is not None and "{lang}" not in template):
            return cls(prefix, suffix)
        return cls(prefix, suffix, tuple((hreflang(lang), *around(lang)) for lang in languages))

    def url(self, link: str) -> str:
        """This build's URL for a page link, relative to the base URL."""
        return f"{self.prefix}{link}{self.suffix}"

    def alternates(self, link: str) -> tuple[Alternate, ...]:
        """The page in every language of the site, itself included."""
        return tuple(Alternate(code, f"{pre}{link}{post}") for code, pre, post in self.languages)

    def rebased(self, root: str) -> UrlScheme:
        """This scheme for an output that is its own language's folder, published at
        `root` + prefix: page URLs relative to that folder, every alternate absolute."""
        return UrlScheme(
            "", self.suffix, tuple((code, root + pre, post) for code, pre, post in self.languages)
        )

    def pattern(self, glob: str) -> str:
        """A glob on the page link, as a glob on the site-relative path."""
        return site_path(self.url(glob))

    def missing_from(self, out_dir: Path) -> str | None:
        """The prefix, if the output has no such folder (so the URLs are not its files)."""
        if self.prefix and not (out_dir / site_path(self.prefix)).is_dir():
            return self.prefix
        return None

    def placed(
        self, base_url: str, at_root: bool, pages_at: str | None, out_dir: Path
    ) -> Placement:
        """Where the output in `out_dir` stands in its site. When its URLs start with a
        prefix that is no folder of it, it is that folder of the site: its sitemap lists
        its pages relative to the folder's URL, the other languages' by absolute URLs.
        The folder's URL is `base_url` plus the prefix when `at_root` (the base URL is
        the site's root), else `base_url` when it ends with the prefix; the pages' own
        base URL (`pages_at`, their canonical URLs' when set) must be that URL, else
        the placement says where the pages should say they are."""
        prefix = self.missing_from(out_dir)
        if not prefix or not base_url:
            return Placement(self, base_url)
        base = base_url.rstrip("/") + "/"
        own = base + prefix if at_root else base
        said = str(pages_at or own).rstrip("/") + "/"
        if own.endswith(prefix) and said == own:
            return Placement(self.rebased(own.removesuffix(prefix)), own)
        return Placement(self, base, base + prefix, said)


class Placement(NamedTuple):
    """An output's place in its site: the scheme and base URL its sitemap lists with; for
    an output that is a folder of the site its pages disagree with, that folder's URL
    (`folder_url`) and the base URL its pages name (`pages_at`), else empty."""

    scheme: UrlScheme
    base_url: str
    folder_url: str = ""
    pages_at: str = ""


def url_template(value: object) -> tuple[str | None, list[Issue]]:
    """A `{lang}{version}{link}` template checked: None and a `url_scheme` issue for one
    that is not a format with `{link}` once; None for None."""
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


def site_languages(
    given: Sequence[object], locale_dirs: Iterable[Path], source: str, current: str | None
) -> list[str]:
    """The site's languages, the same for every language's build: the sources' own
    language first unless `given` names it, then those `given` or the folders of
    `locale_dirs` (a catalog folder per language), then this build's (`current`) if
    missing; [] when `given` holds only empty values (sphinx-sitemap's `[None]`)."""
    chosen = [str(lang) for lang in given if lang]
    if given and not chosen:
        return []
    if not chosen:
        chosen = sorted(
            entry.name
            for folder in locale_dirs
            if folder.is_dir()
            for entry in folder.iterdir()
            if entry.is_dir() and not entry.name.startswith(".")
        )
    found = ([source] if source not in chosen else []) + chosen + [current]
    return list(dict.fromkeys(lang for lang in found if lang))
