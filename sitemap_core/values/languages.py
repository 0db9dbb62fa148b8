"""A page's language versions as its alternates: one URL per language, or none."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from .page import Alternate, hreflang


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
