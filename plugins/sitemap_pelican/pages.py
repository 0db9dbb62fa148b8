"""What Pelican wrote, as `Page`s: URL, own dates, per-type values, alternates, opt-outs.

Each HTML file Pelican writes arrives with the context it was rendered with: an
`article` or `page` for content; `articles`/`dates`/`articles_page` (and `blog`) for the
index, archives, category, tag, author and pagination pages that list articles.

A `Collector` serves one run and keeps what Pelican would compute again: each content's
URL (its translations list it too) and the dates of each whole article list (archives,
tags, categories and authors pages list the same one).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

from pelican import contents

from sitemap_core.lastmod import newest
from sitemap_core.page import Alternate, Page, hreflang, meta_overrides, parse_flag
from sitemap_core.report import Issue
from sitemap_core.urls import folder_url

from .config import SiteConfig

_HTML = (".html", ".htm", ".xhtml")
_LISTS = ("tag", "category", "author")
_INDEX = "index.html"
# Pelican's content classes and the prefix of their URL settings (ARTICLE_URL, ...).
_SETTINGS = {contents.Article: "ARTICLE", contents.Page: "PAGE"}


class Collector:
    """The `Page`s of one run's written files, and the issues found on the way."""

    def __init__(self, site: SiteConfig) -> None:
        self.site = site
        self.issues: list[Issue] = []
        self._urls: dict[int, tuple[Any, str]] = {}  # id(content) -> (content, its URL)
        self._dates: dict[int, tuple[Any, dict[str, Any]]] = {}  # id(list) -> (list, dates)

    def page(self, path: str, context: Mapping[str, Any], prefix: str) -> Page | None:
        """The `Page` for one written file, or None when crawlers should not see it.

        `prefix` is the writer's folder inside the main output (a nested site's `fr/`).
        """
        name = str(context.get("output_file") or "")
        for key, kind in (("article", "articles"), ("page", "pages")):
            if context.get(key) is not None:
                return self._content_page(path, name, context[key], kind, prefix)
        if not name.endswith(_HTML):
            return None
        dates = self._listing_dates(context) if context.get("blog") else {}
        return Page(url=folder_url(prefix + _listing_url(context, name)), output=path,
                    name=name, **self.site.by_type["indexes"], **dates)

    def _content_page(self, path: str, written: str, content: Any, kind: str,
                      prefix: str) -> Page | None:
        if not _published(content):
            return None
        name = content.relative_source_path or content.source_path
        url = self._url(content, written)
        values = {"lastmod": _own_date(content, self.site.settings.lastmod),
                  **self.site.by_type[kind],
                  **{k: content.metadata[k] for k in ("priority", "changefreq")
                     if content.metadata.get(k) is not None},
                  **_overrides(content, name, self.issues)}
        return Page(url=folder_url(prefix + url), sources=(content.source_path,),
                    output=path, name=name, alternates=self._alternates(content, prefix),
                    **values)

    def _url(self, content: Any, written: str | None = None) -> str:
        """`content.url`, found once (Pelican formats it anew on every read); from the
        file it was `written` to, when given and it can be."""
        known = self._urls.get(id(content))
        if known is None:
            url = content.url if written is None else _content_url(content, written)
            known = self._urls[id(content)] = (content, url)
        return known[1]

    def _alternates(self, content: Any, prefix: str) -> tuple[Alternate, ...]:
        """Every published language version, this one included; none for a lone page."""
        versions = [t for t in getattr(content, "translations", ()) if _published(t)]
        if not versions:
            return ()
        return tuple(Alternate(hreflang(v.lang), folder_url(prefix + self._url(v)))
                     for v in (content, *versions))

    def _listing_dates(self, context: Mapping[str, Any]) -> dict[str, Any]:
        """`_listing_dates` of a whole article list once, however many pages list it."""
        if context.get("articles_page") is not None:
            return _listing_dates(context["articles_page"].object_list, self.site.settings.lastmod)
        listed = context.get("dates") or context.get("articles") or ()
        known = self._dates.get(id(listed))
        if known is None:
            known = self._dates[id(listed)] = (
                listed, _listing_dates(listed, self.site.settings.lastmod))
        return known[1]


def _content_url(content: Any, written: str) -> str:
    """`content.url` for published content written as `written` (its save_as).

    When its URL and SAVE_AS settings are the same pattern, or differ by a final
    `index.html`, the URL is read off `written`; Pelican formats the pattern anew on
    every read of `url`, which costs more than the rest of this adapter's work per page.
    """
    key = _SETTINGS.get(type(content))
    if key is None or hasattr(content, "override_url") or hasattr(content, "override_save_as"):
        return content.url
    key += "" if content.in_default_lang else "_LANG"
    url, save_as = str(content.settings[key + "_URL"]), str(content.settings[key + "_SAVE_AS"])
    if save_as == url:
        return written
    if save_as == url + _INDEX and written.endswith(_INDEX):
        return written[: -len(_INDEX)]
    return content.url


def _published(content: Any) -> bool:
    """Not a draft, not hidden, not `private: true` (pelican-sitemap's opt-out)."""
    if getattr(content, "status", "published") != "published":
        return False
    return parse_flag(content.metadata.get("private", "")) is not True


def _overrides(content: Any, name: str, issues: list[Issue]) -> dict[str, Any]:
    """`sitemap: false` (or a mapping) and `sitemap_exclude: true`, as `Page` arguments."""
    out, found = meta_overrides(content.metadata.get("sitemap"), name)
    issues += found
    if content.metadata.get("sitemap_exclude") is not None:
        more, found = meta_overrides({"exclude": content.metadata["sitemap_exclude"]}, name)
        out.update(more)
        issues += found
    return out


def _own_date(content: Any, mode: str) -> dt.datetime | None:
    """`modified`, else `date` when lastmod is `auto`: other modes date by their source."""
    modified = getattr(content, "modified", None)
    if modified is not None:
        return modified
    return getattr(content, "date", None) if mode == "auto" else None


def _listing_dates(listed: Iterable[Any], mode: str) -> dict[str, Any]:
    """A listing is as new as the newest article it lists; failing dates, their files."""
    listed = list(listed)
    dates = [_own_date(a, mode) for a in listed]
    if dates and None not in dates:
        return {"lastmod": newest(dates)}
    return {"sources": tuple(a.source_path for a in listed)}


def _listing_url(context: Mapping[str, Any], name: str) -> str:
    """The URL Pelican links a listing page by: its pagination page's, its tag's..., or its file."""
    page = context.get("articles_page")
    if page is not None:
        return page.url
    for key in _LISTS:
        obj = context.get(key)
        if obj is not None and getattr(obj, "save_as", None) == name:
            return obj.url
    return name.replace("\\", "/")
