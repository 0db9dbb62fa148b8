"""The core's `Page` of each page MkDocs built: its URL as MkDocs links it, its
translations, its front matter (`sitemap:` overrides, dates, description), its file and
the files it includes; blog views last, listing the `Page`s of the posts they show.

The plugin collects, by `src_uri`, the files each page includes (`included`) and the
posts a blog view shows (`shown`) while MkDocs builds, and hands them here once every
page is built; each page's final front matter is its `meta`.

Two sources can build one output: `x.md` and `x/index.md` (or `x/README.md`) both make
`x/index.html` once URLs are folders. MkDocs 1.6 drops a `README.md` beside an
`index.md` itself (with a warning), but keeps sources in different folders, builds each
in the order of its files and says nothing: the last one written is the page served
(the core's `last_written`). Its front matter, history and translations date and
describe the URL. Its dates are read by the core's `MetaDates`, given MkDocs' keys.

Each page stands where the nav puts it (`places`, once per build's nav: the nav as a
plain tree for the core's `place_pages`): its title, its nav sections, its rank in the
nav; a page outside the nav under its folder ("Other pages" at the top), after the
nav's; a page a plugin generated outside the nav (a blog's pagination) nowhere. A
material blog's views are listings (`Page.listing`).
"""

from __future__ import annotations

import functools
import os
import posixpath
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.nav import Section as NavSection
from mkdocs.structure.pages import Page as MkDocsPage
from mkdocs.utils.meta import get_data

from sitemap_core import (
    Alternate,
    Branch,
    Issue,
    MetaDates,
    Page,
    Place,
    SourceURL,
    last_written,
    meta_overrides,
    place_pages,
    same_url_notes,
    unread_front_matter,
)

from . import blog, i18n

DATES = MetaDates(lastmod=("updated", "last_modified", "modified"), published="date")
"""Front matter keys of a page's dates: a modification date, read in this order (after
`sitemap.lastmod`), then `date` (a material blog's `date.created` and `date.updated`)."""

Report = Callable[[Iterable[Issue]], None]
"""Where a page's front matter issues go (the plugin's log)."""


def places(nav: Navigation, files: Files) -> dict[int, Place]:
    """Where each page of one build stands, by `id()` of its file: the nav's pages in the
    nav's order under its sections (as the nav's items show them: mkdocs-static-i18n
    moves a language's pages to the top and leaves their `parent`); then the other
    pages, by folder, in the order of their files. Pages a plugin generated outside the
    nav (a blog's pagination, the site map pages) stand nowhere."""
    in_nav = {id(page.file) for page in nav.pages}
    others = (
        (posixpath.dirname(file.src_uri), id(file))
        for file in files.documentation_pages()
        if id(file) not in in_nav and not file.generated_by
    )
    return place_pages(_tree(nav.items), others)


def _tree(items: Iterable[Any]) -> list[int | Branch[int]]:
    """The nav's pages (by `id()` of their file) and sections, links left out."""
    return [
        (
            id(item.file)
            if isinstance(item, MkDocsPage)
            else Branch(item.title, _tree(item.children))
        )
        for item in items
        if isinstance(item, (MkDocsPage, NavSection))
    ]


def site_pages(
    files: list[File],
    site_dir: Path,
    *,
    news: bool,
    included: Mapping[str, list[str]],
    shown: Mapping[str, list[MkDocsPage]],
    report: Report,
    placed: Mapping[int, Place] | None = None,
) -> Iterator[Page]:
    """Every page MkDocs wrote but fallbacks, with its translations and its place
    (`placed`: every build's `places`); blog views last, listing the `Page` values of
    their posts. One info line for each output two sources built, naming the one
    written."""
    files, clashes = written(files)
    report(same_url_notes(([SourceURL(f.src_uri, f.url) for f in c] for c in clashes), "MkDocs"))
    files = [file for file in files if not i18n.is_fallback(file)]
    alternates = i18n.alternates(files)
    site = os.fspath(site_dir)
    placed = placed or {}
    pages: dict[str, Page] = {}
    views = []
    build = functools.partial(
        built_page, site_dir=site, news=news, included=included, report=report
    )
    for file in files:
        if file.page is not None and blog.is_view(file.page):
            views.append(file)
        else:
            pages[file.src_uri] = build(
                file, alternates=alternates.get(file.src_uri, ()), place=placed.get(id(file))
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
        yield build(file, place=placed.get(id(file)), listing=True, lists=listed)


def built_page(
    file: File,
    site_dir: str,
    *,
    news: bool,
    included: Mapping[str, list[str]],
    report: Report,
    alternates: tuple[Alternate, ...] = (),
    place: Place | None = None,
    listing: bool = False,
    lists: tuple[Page, ...] = (),
) -> Page:
    """The core's view of one built page: its URL as MkDocs links it, its translations,
    its front matter, its file and the files it includes, its title and `place` (none:
    the page has no title); `news`: a blog post is a news article; `listing`: a blog
    view, and `lists` the posts it shows."""
    page: MkDocsPage = file.page  # type: ignore[assignment]  # every built file has a Page
    front = page.meta
    if page.markdown is None:  # a --dirty build did not read this unchanged page
        markdown, front = get_data(file.content_string)
        if not front and (unread := unread_markdown(markdown, file.src_uri)):
            report([unread])
    overrides: dict[str, Any] = {}
    if front.get("sitemap") is not None:
        overrides, issues = meta_overrides(front["sitemap"], file.src_uri)
        report(issues)
    sources = (file.abs_src_path,) if file.abs_src_path and not file.generated_by else ()
    includes = included.get(file.src_uri)
    if includes:
        sources = tuple(dict.fromkeys((*sources, *includes)))
    return Page(
        url=page.url,
        alternates=alternates,
        sources=sources,
        output=os.path.join(site_dir, file.dest_path),
        name=file.src_uri,
        description=_text(front.get("description")),
        news=blog.article(page) if news else None,
        title=None if place is None else title(file),
        section=() if place is None else place[0],
        rank=0 if place is None else place[1],
        listing=listing,
        lists=lists,
        **DATES.arguments(front, overrides),
    )


def title(file: File) -> str:
    """A page's title as MkDocs shows it in the nav, else its file's name."""
    return (file.page.title if file.page is not None else None) or file.name


def _text(value: Any) -> str | None:
    """A front matter value that is text (a `description:`), else None."""
    return value.strip() or None if isinstance(value, str) else None


def written(files: Iterable[File]) -> tuple[list[File], list[list[File]]]:
    """Of the pages that build the same file, the one MkDocs wrote last, where the first
    stood; and each such set of sources, the one written last. `files`: each build's
    pages in the order MkDocs built them (`Files.documentation_pages()`)."""
    return last_written(files, _output)


def _output(file: File) -> str:
    return file.dest_uri


def unread_markdown(markdown: str, name: str) -> Issue | None:
    """The issue of page `name` whose Markdown opens with a `---` block YAML cannot read:
    MkDocs then ignores all of its front matter, and says nothing (the core's
    `unread_front_matter`, a warning when the block holds a field the sitemap reads)."""
    return unread_front_matter(markdown, name, "MkDocs", DATES.names)
