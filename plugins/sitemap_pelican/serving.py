"""Which URL serves a Pelican content: the file Pelican wrote for it, as a static host
serves it, whatever its `url` says; and each language version's, found once."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from pelican import contents

from sitemap_core import ByIdentity, serves

_SETTINGS = {contents.Article: "ARTICLE", contents.Page: "PAGE"}


class ServingURLs:
    """The URLs of one run's contents, by `id()`: each content is kept alive for the run,
    so its id stays its own; None for a content with no file (an empty save_as)."""

    def __init__(self, settings: Mapping[str, Any]) -> None:
        self._settings = settings  # the main site's; a subsite's are these and its own
        self._urls: ByIdentity[str | None] = ByIdentity()

    def url(self, content: Any, written: str) -> str:
        """The URL that serves `content`, written to the file `written`: found once
        (Pelican formats `url` anew on every read), or as its translations found it."""
        url = self._urls.get(id(content))
        if url is None:
            url = content_url(content, written)
            self._urls.put(content, url)
        return url

    def version_url(self, content: Any) -> str | None:
        """The URL that serves the language version `content`, written or not yet, from
        the root of the site writing now, found once; None when no file is written for
        it (an empty save_as).

        In this site, the URL of the file Pelican writes for it (its `save_as`), as for
        the page itself. Under i18n_subsites, another language's version is that
        language's site's (the plugin links it as `<that site>/<its URL there>`)."""
        key = id(content)
        if key in self._urls:
            return self._urls[key]
        declared = content.metadata.get("url")
        if getattr(content, "override_url", declared) == declared:  # this site's own
            written = content.save_as
            url = content_url(content, written) if written else None
        else:
            url = self._native_url(content, str(content.url), declared)
        return self._urls.put(content, url)

    def _native_url(self, content: Any, linked: str, declared: Any) -> str | None:
        """The URL that serves content of another language's site (i18n_subsites), from
        the plugin's link to it (`fr/` + its URL there): the link, unless its metadata
        declares a `URL:` without `Save_as:` and that URL serves no file; then the URL
        of the file that site writes, by its own `*_SAVE_AS` (where the content is in
        that site's language)."""
        key = _SETTINGS.get(type(content))
        declared = str(declared) if declared is not None else None
        if (
            key is None
            or declared is None
            or "save_as" in content.metadata
            or not linked.endswith(declared)
        ):
            return linked
        setting = f"{key}_SAVE_AS"
        own = (self._settings.get("I18N_SUBSITES") or {}).get(content.lang) or {}
        written = str(own.get(setting, self._settings[setting])).format(**content.url_format)
        if not written:
            return None
        if serves(declared, written):
            return linked
        return linked[: len(linked) - len(declared)] + written.replace(os.sep, "/")


def content_url(content: Any, written: str) -> str:
    """The URL of published content written as `written` (its save_as).

    Its `url` when that pairs with the file: the same pattern (read off `written`, as
    formatting the pattern costs more than the rest of the work per page), a folder of
    `index.html`, or URL and save_as both set by the user (a host serving clean URLs).
    When metadata sets only one of `url` and `save_as`, `url` may name no file at all:
    then the URL is the written file's.
    """
    key = _SETTINGS.get(type(content))
    own_url, own_save_as = hasattr(content, "override_url"), hasattr(content, "override_save_as")
    if key is not None and not own_url and not own_save_as:
        key += "" if content.in_default_lang else "_LANG"
        url = str(content.settings[key + "_URL"])
        if url == str(content.settings[key + "_SAVE_AS"]):
            return written
    url = str(content.url)
    if own_url == own_save_as or serves(url, written):
        return url
    return written.replace(os.sep, "/")
