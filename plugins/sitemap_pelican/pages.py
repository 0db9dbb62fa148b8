"""What Pelican wrote, as `Page`s: URL, own dates, per-type values, alternates, opt-outs.

Each HTML file Pelican writes arrives with the context it was rendered with: an
`article` or `page` for content; `articles`/`dates`/`articles_page` (and `blog`) for the
index, archives, category, tag, author and pagination pages that list articles.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from sitemap_core.lastmod import newest
from sitemap_core.urls import folder_url
from sitemap_core.page import Alternate, Page, hreflang, meta_overrides, parse_flag
from sitemap_core.report import Issue

from .config import SiteConfig

_HTML = (".html", ".htm", ".xhtml")
_LISTS = ("tag", "category", "author")


def page_for(path: str, context: Mapping[str, Any], site: SiteConfig, prefix: str,
             issues: list[Issue]) -> Page | None:
    """The `Page` for one written file, or None when crawlers should not see it.

    `prefix` is the writer's folder inside the main output (a nested site's `fr/`).
    """
    for key, kind in (("article", "articles"), ("page", "pages")):
        if context.get(key) is not None:
            return _content_page(path, context[key], kind, site, prefix, issues)
    name = str(context.get("output_file") or "")
    if not name.endswith(_HTML):
        return None
    dates = _listing_dates(context, site.settings.lastmod) if context.get("blog") else {}
    return Page(url=folder_url(prefix + _listing_url(context, name)), output=Path(path),
                name=name, **site.by_type["indexes"], **dates)


def _content_page(path: str, content: Any, kind: str, site: SiteConfig, prefix: str,
                  issues: list[Issue]) -> Page | None:
    if not _published(content):
        return None
    name = content.relative_source_path or content.source_path
    values = {"lastmod": _own_date(content, site.settings.lastmod), **site.by_type[kind],
              **{k: content.metadata[k] for k in ("priority", "changefreq")
                 if content.metadata.get(k) is not None},
              **_overrides(content, name, issues)}
    return Page(url=folder_url(prefix + content.url), sources=(Path(content.source_path),),
                output=Path(path), name=name, alternates=_alternates(content, prefix),
                **values)


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


def _alternates(content: Any, prefix: str) -> tuple[Alternate, ...]:
    """Every published language version, this one included; none for a lone page."""
    versions = [t for t in getattr(content, "translations", ()) if _published(t)]
    if not versions:
        return ()
    return tuple(Alternate(hreflang(v.lang), folder_url(prefix + v.url))
                 for v in (content, *versions))


def _listed(context: Mapping[str, Any]) -> Iterable[Any]:
    """The articles a listing page shows: this pagination page's, else all it was given."""
    page = context.get("articles_page")
    if page is not None:
        return page.object_list
    return context.get("dates") or context.get("articles") or ()


def _listing_dates(context: Mapping[str, Any], mode: str) -> dict[str, Any]:
    """A listing is as new as the newest article it lists; failing dates, their files."""
    listed = list(_listed(context))
    dates = [_own_date(a, mode) for a in listed]
    if dates and None not in dates:
        return {"lastmod": newest(dates)}
    return {"sources": tuple(Path(a.source_path) for a in listed)}


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
