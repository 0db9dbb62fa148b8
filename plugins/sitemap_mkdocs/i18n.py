"""mkdocs-static-i18n: one sitemap over every language it builds, with hreflang alternates.

The i18n plugin builds its default language at the root, then, from its own
`on_post_build` (priority -100), each other language under `<lang>/` by a nested
`mkdocs.commands.build.build()` of the same config and plugins, its `building` flag set
meanwhile. Each page file it makes carries `locale` (the language of its content),
`locale_alternate_of` (the language being built) and `norm_src_uri` (its source path
without the language: `guide.md` for `fr/guide.md` and `guide.fr.md`). A file whose
`locale` is not the language being built is a fallback (`fallback_to_default`): the
default language's page again under `<lang>/`, no translation.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File

from sitemap_core import Alternate, Translation, alternates_by_page

# mkdocs-static-i18n's plugin class, looked up where MkDocs loaded it: a config holds the
# plugin only once MkDocs imported it, so a site without it never loads it on our account.
_PLUGIN = "mkdocs_static_i18n.plugin"


def plugin(config: MkDocsConfig) -> Any:
    """The i18n plugin of this config, or None."""
    module = sys.modules.get(_PLUGIN)
    if module is None:
        return None
    return next((p for p in config.plugins.values() if isinstance(p, module.I18n)), None)


def nested(config: MkDocsConfig) -> bool:
    """True inside the build of a language other than the first (the plugin's own)."""
    i18n = plugin(config)
    return i18n is not None and i18n.building


def is_fallback(file: File) -> bool:
    """True for a page built under a language it is not written in."""
    locale = getattr(file, "locale", None)
    return locale is not None and locale != file.locale_alternate_of  # type: ignore[attr-defined]


def alternates(files: Iterable[File]) -> dict[str, tuple[Alternate, ...]]:
    """The alternates of each translated page, by `src_uri`: the page itself and each of
    its translations (fallbacks are none; the core's `alternates_by_page`, which adds no
    `x-default`: the writer does). A page in one language only has none."""
    return alternates_by_page(
        Translation(
            file.norm_src_uri,  # type: ignore[attr-defined]  # the i18n plugin's
            file.locale,  # type: ignore[attr-defined]
            file.page.url,  # type: ignore[union-attr]  # every built file has a Page
            file.src_uri,
        )
        for file in files
        if getattr(file, "locale", None) is not None and not is_fallback(file)
    )


def default_language(config: MkDocsConfig) -> str | None:
    """The i18n plugin's default language (the core's `x_default` unless set), or None."""
    i18n = plugin(config)
    return i18n.default_language if i18n is not None else None


def in_language_order(files: list[File], config: MkDocsConfig) -> list[File]:
    """`files` of every language's build, the default language's first, then mkdocs.yml's
    order: the i18n plugin starts a `mkdocs serve` rebuild with the language it built last."""
    i18n = plugin(config)
    if i18n is None:
        return files
    rank = {locale: n for n, locale in enumerate(i18n.all_languages)}
    rank[i18n.default_language] = -1
    return sorted(files, key=lambda file: rank.get(getattr(file, "locale_alternate_of", None), -1))
