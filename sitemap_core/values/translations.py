"""Pages that translate each other, as the alternates each of them lists.

A generator's i18n plugin knows which pages are one text in several languages (MkDocs'
mkdocs-static-i18n: one source path without its language, `norm_src_uri`). An adapter
names each page it offers as a `Translation`: that common key, the page's locale, its
URL and the page's own key; `alternates_by_page` gives every page of a group in two or
more languages the group's alternates, itself among them, in the order of their locales
(the writer adds `x-default`). A page in one language has none; a language given twice
in a group keeps its last page. `language_versions` reads one page's versions as Pelican
pairs them, its own first.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable
from typing import Generic, NamedTuple, TypeVar

from .page import Alternate, hreflang

K = TypeVar("K", bound=Hashable)


class Translation(NamedTuple, Generic[K]):
    """One language version of a text: the text's key (`group`), the version's locale
    (`pt_BR` is hreflang `pt-BR`), its URL, and its page's key."""

    group: Hashable
    locale: str
    url: str
    page: K


def alternates_by_page(versions: Iterable[Translation[K]]) -> dict[K, tuple[Alternate, ...]]:
    """The alternates of each page translated at least once, by its key."""
    groups: dict[Hashable, dict[str, Translation[K]]] = defaultdict(dict)
    for version in versions:
        groups[version.group][version.locale] = version
    found: dict[K, tuple[Alternate, ...]] = {}
    for by_language in groups.values():
        if len(by_language) < 2:
            continue
        links = tuple(
            Alternate(hreflang(locale), version.url)
            for locale, version in sorted(by_language.items())
        )
        for version in by_language.values():
            found[version.page] = links
    return found


def language_versions(versions: Iterable[tuple[str, str]]) -> tuple[Alternate, ...]:
    """The alternates of a page from its language versions, `(locale, URL)`, its own first
    (locales as generators name them: `pt_BR` is `pt-BR`).

    An alternate names one URL per language: a language with several versions (two
    pages a generator pairs as translations, in one language) is left out, and when the
    page's own language is such a language it lists none, as which of them another
    version translates is unknown. A page with no other version left lists none."""
    found = [(hreflang(locale), url) for locale, url in versions]
    langs = Counter(lang.lower() for lang, _url in found)
    if len(langs) < len(found):
        if langs[found[0][0].lower()] > 1:
            return ()
        found = [(lang, url) for lang, url in found if langs[lang.lower()] == 1]
    if len(found) < 2:
        return ()
    return tuple(Alternate(lang, url) for lang, url in found)
