"""pelican-i18n-subsites: each content's own site, the sites' homepages, missing `Lang:`.

The plugin (`I18N_SUBSITES = {"fr": {...}}`) runs one more Pelican instance per language
inside the main one, into `<output>/<lang>/` under `<SITEURL>/<lang>`, with `DEFAULT_LANG`
set to that language; every instance reads all the content again. The main instance
collects every instance's files into one sitemap (the subsites are folders of the main
site, so its sitemap may list them); this module tells which of those files are a page's
own version and which are copies.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from sitemap_core import Code, Issue

# Files named in the `lang` warning; the rest are counted.
_NAMED = 3


def site_langs(settings: Mapping[str, Any]) -> frozenset[str]:
    """The languages with a site of their own (the main one's first); none without subsites."""
    subsites = settings.get("I18N_SUBSITES") or {}
    return frozenset((settings["DEFAULT_LANG"], *subsites)) if subsites else frozenset()


def is_copy(content: Any, langs: frozenset[str], main_lang: str) -> bool:
    """True for content a site renders in another site's language (the plugin's
    `I18N_UNTRANSLATED_ARTICLES = "keep"`), or a subsite renders in a language that has
    no site (every site renders those; the main site's is theirs): its own site lists it."""
    if not langs:
        return False
    lang, site_lang = content.lang, content.settings["DEFAULT_LANG"]
    return lang != site_lang and (lang in langs or site_lang != main_lang)


def root_alternates(context: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """`(lang, URL)` of every site's root, the main one's first, from the plugin's
    `lang_siteurls` (absolute whenever `SITEURL` is): the homepages are language versions
    of each other."""
    sites = context.get("lang_siteurls") or {}
    return (
        tuple((lang, url.rstrip("/") + "/") for lang, url in sites.items())
        if len(sites) > 1
        else ()
    )


def missing_lang(contents: Iterable[Any], lang: str) -> Issue | None:
    """One `lang` warning for the content files (of `pages.read_contents`) without `Lang:`
    (nor a `DEFAULT_METADATA` lang): each subsite takes them for its own language, renders
    them in every site, and the plugin fails (`FileOverwriteFailedError`) where one meets
    its own translation. `lang` is the main site's."""
    found = sorted(
        {
            content.relative_source_path or content.source_path
            for content in contents
            if "lang" not in content.metadata
        }
    )
    if not found:
        return None
    named = ", ".join(found[:_NAMED]) + (
        f" and {len(found) - _NAMED} more" if len(found) > _NAMED else ""
    )
    return Issue(
        Code.LANG,
        named,
        "Lang",
        (
            f"{len(found)} content file(s) without `Lang:` under I18N_SUBSITES: each subsite "
            "reads them as written in its own language, so they are built (and listed) in "
            "every language, and where one meets its translation i18n_subsites fails "
            f"(FileOverwriteFailedError); add `Lang: {lang}` to them, or set "
            f"DEFAULT_METADATA = {{'lang': '{lang}'}}"
        ),
    )
