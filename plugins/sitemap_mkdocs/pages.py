"""The core's `Page` of each page MkDocs built: its URL as MkDocs links it, its
translations, its front matter (`sitemap:` overrides, dates, description), its file and
the files it includes; blog views last, listing the `Page`s of the posts they show.

The plugin collects, by `src_uri`, each page's final front matter (`meta`), the files it
includes (`included`) and the posts a blog view shows (`shown`) while MkDocs builds,
and hands them here once every page is built.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File
from mkdocs.structure.pages import Page as MkDocsPage
from mkdocs.utils.meta import get_data

from sitemap_core import Alternate, Issue, Page, meta_overrides

from . import blog, i18n

LASTMOD_KEYS = ("updated", "last_modified", "modified")
"""Front matter keys of a modification date, read in this order (after `sitemap.lastmod`)."""

Report = Callable[[Iterable[Issue]], None]
"""Where a page's front matter issues go (the plugin's log)."""


def site_pages(
    files: list[File],
    site_dir: Path,
    *,
    news: bool,
    meta: Mapping[str, Mapping[str, Any]],
    included: Mapping[str, list[str]],
    shown: Mapping[str, list[MkDocsPage]],
    report: Report,
) -> Iterator[Page]:
    """Every built page but fallbacks, with its translations; blog views last,
    listing the `Page` values of their posts."""
    files = [file for file in files if not i18n.is_fallback(file)]
    alternates = i18n.alternates(files)
    site = os.fspath(site_dir)
    pages: dict[str, Page] = {}
    views = []
    for file in files:
        if file.page is not None and blog.is_view(file.page):
            views.append(file)
        else:
            pages[file.src_uri] = built_page(
                file,
                site,
                news=news,
                meta=meta,
                included=included,
                report=report,
                alternates=alternates.get(file.src_uri, ()),
            )
    yield from pages.values()
    for file in views:
        # A view a --dirty build did not render, or rendered without its unread posts'
        # excerpts, shows none: its own file's date, if any, is all that is known.
        listed = tuple(
            pages[post.file.src_uri]
            for post in shown.get(file.src_uri, ())
            if post.file.src_uri in pages
        )
        page = built_page(file, site, news=news, meta=meta, included=included, report=report)
        yield page._replace(lists=listed)


def built_page(
    file: File,
    site_dir: str,
    *,
    news: bool,
    meta: Mapping[str, Mapping[str, Any]],
    included: Mapping[str, list[str]],
    report: Report,
    alternates: tuple[Alternate, ...] = (),
) -> Page:
    """The core's view of one built page: its URL as MkDocs links it, its translations,
    its front matter, its file and the files it includes; `news`: a blog post is a
    news article."""
    front = meta.get(file.src_uri)
    if front is None:  # a --dirty build did not read this unchanged page
        front = get_data(file.content_string)[1]
    overrides: dict[str, Any] = {}
    if front.get("sitemap") is not None:
        overrides, issues = meta_overrides(front["sitemap"], file.src_uri)
        report(issues)
    sources = (file.abs_src_path,) if file.abs_src_path and not file.generated_by else ()
    includes = included.get(file.src_uri)
    if includes:
        sources = tuple(dict.fromkeys((*sources, *includes)))
    return Page(
        url=file.page.url,  # type: ignore[union-attr]  # every built file has a Page
        alternates=alternates,
        sources=sources,
        output=os.path.join(site_dir, file.dest_path),
        name=file.src_uri,
        description=_text(front.get("description")),
        news=blog.article(file.page) if news and file.page is not None else None,
        **_dates(front, overrides),
    )


def _text(value: Any) -> str | None:
    """A front matter value that is text (a `description:`), else None."""
    return value.strip() or None if isinstance(value, str) else None


def _dates(meta: Mapping[str, Any], overrides: dict[str, Any]) -> dict[str, Any]:
    """`Page` keyword arguments from front matter: the `sitemap:` overrides, `lastmod` (the
    first modification date given), `published` (`date`, a material blog's `date.created`)
    and `keys`, how the user wrote the date fields."""
    keys = []
    lastmod = overrides.pop("lastmod", None)
    if lastmod is not None:
        keys.append(("lastmod", "sitemap.lastmod"))
    else:
        for key in LASTMOD_KEYS:
            if meta.get(key) is not None:
                lastmod = meta[key]
                keys.append(("lastmod", key))
                break
    published, key = meta.get("date"), "date"
    if isinstance(published, Mapping):  # material blog: `date: {created: ..., updated: ...}`
        if lastmod is None and published.get("updated") is not None:
            lastmod = published["updated"]
            keys.append(("lastmod", "date.updated"))
        published, key = published.get("created"), "date.created"
    if published is not None:
        keys.append(("published", key))
    return {**overrides, "lastmod": lastmod, "published": published, "keys": tuple(keys)}
