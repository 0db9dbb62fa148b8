"""The site map for people: the site's sections as titled links, at most N links a page.

An adapter gives the generator's own organisation as a tree of `MapEntry` (MkDocs nav
sections, Sphinx's toctree, Pelican's categories); `plan` lays it out on site map pages,
and the generator renders each page's `render` fragment in the site's theme. The rules:
- one page while every link fits (`html_map_max_links`, counting the link back);
- else a top page with the sections, each section on its own page (the same rule
  applied to it, so a large sub-section gets its own page too), each linking back;
- a list still too long (many sections, or one flat section) is cut into parts, named
  by their first and last titles, whose pages link back to the list;
- anchor text is the page's title, never a bare URL; an entry may show its date;
- a page the sitemap leaves out (`Listing`: excluded, noindex, redirect, other
  canonical, outside the scope) is left out here too.
Paths follow the map's own: `sitemap/` has `sitemap/guide/`, `sitemap.html` has
`sitemap-guide.html`. Links are relative, so the pages work wherever the site is served.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import html
import math
import re
import unicodedata
from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass, field

from ..options import Settings
from ..values import urls

TITLE = "Site map"
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:|//")


@dataclass(frozen=True, slots=True)
class MapEntry:
    """One page of the site (`url` as the generator links it, relative to the base URL:
    `""` is the home page), or a section heading (`url` None) or section page, with the
    entries under it."""

    title: str
    url: str | None = None
    lastmod: dt.date | None = None
    children: tuple[MapEntry, ...] = ()


@dataclass(frozen=True, slots=True)
class MapLink:
    """A link to another site map page: a section's, or a part of a long list."""

    title: str
    path: str
    links: int  # the links that page and the pages under it hold


@dataclass(frozen=True, slots=True)
class MapPage:
    """One site map page: where it is (site-relative), its title, what it shows, and the
    page it links back to (`(path, title)`; None for the top page)."""

    path: str
    title: str
    items: tuple[MapEntry | MapLink, ...]
    up: tuple[str, str] | None = None

    @property
    def links(self) -> int:
        """The links the page holds at most (before `Listing` leaves pages out)."""
        return _links(self.items) + (self.up is not None)


def map_path(settings: Settings, directory_urls: bool) -> str:
    """The top page's path: `html_map_path`, else the generator's URL style's default."""
    return settings.html_map_path or ("sitemap/" if directory_urls else "sitemap.html")


def prune(tree: Iterable[MapEntry], listed: Container[str]) -> list[MapEntry]:
    """The tree with only the listed pages: a section whose own page is not listed keeps
    its heading while a page below it is; a section with none goes."""
    kept = []
    for entry in tree:
        children = tuple(prune(entry.children, listed))
        url = entry.url if entry.url is not None and entry.url in listed else None
        if url is not None or children:
            kept.append(dataclasses.replace(entry, url=url, children=children))
    return kept


def plan(
    tree: Sequence[MapEntry], path: str, max_links: int, title: str = TITLE
) -> tuple[MapPage, ...]:
    """The site map pages for `tree` (`prune`d to the listed pages, when they are known
    already), the top page (at `path`) first; none holds more than `max_links` links (3
    or more: one back, two forward)."""
    return tuple(_lay_out(title, path, tuple(tree), None, max(max_links, 3)))


def _lay_out(
    title: str, path: str, entries: tuple[MapEntry, ...], up: tuple[str, str] | None, limit: int
) -> list[MapPage]:
    """Everything on one page if it fits; else each section on a page of its own."""
    back = up is not None
    if _links(entries) + back <= limit:
        return [MapPage(path, title, entries, up)]
    slugs = _Slugs()
    items: list[MapEntry | MapLink] = []
    below: list[MapPage] = []
    for entry in entries:
        if not entry.children:
            items.append(entry)
            continue
        own = (MapEntry(entry.title, entry.url, entry.lastmod),) if entry.url is not None else ()
        child = _child_path(path, slugs.take(entry.title))
        pages = _lay_out(
            f"{title}: {entry.title}", child, own + entry.children, (path, title), limit
        )
        items.append(MapLink(entry.title, child, _links(own + entry.children)))
        below += pages
    return _parts(title, title, path, items, up, limit, slugs) + below


def _parts(
    title: str,
    base: str,
    path: str,
    items: list[MapEntry | MapLink],
    up: tuple[str, str] | None,
    limit: int,
    slugs: _Slugs,
) -> list[MapPage]:
    """A list too long for one page, cut into parts (parts of parts, if need be), each
    titled `base (first to last)`."""
    back = up is not None
    if len(items) + back <= limit:
        return [MapPage(path, title, tuple(items), up)]
    count = min(limit - back, math.ceil(len(items) / (limit - 1)))
    size = math.ceil(len(items) / count)
    chunks = [items[i : i + size] for i in range(0, len(items), size)]
    links: list[MapEntry | MapLink] = []
    below: list[MapPage] = []
    for number, chunk in enumerate(chunks, 1):
        child = _child_path(path, slugs.take(f"part {number}"))
        name = f"{chunk[0].title} to {chunk[-1].title}" if len(chunk) > 1 else chunk[0].title
        below += _parts(f"{base} ({name})", base, child, chunk, (path, title), limit, _Slugs())
        links.append(MapLink(name, child, _links(tuple(chunk))))
    return [MapPage(path, title, tuple(links), up), *below]


def _links(items: Iterable[MapEntry | MapLink]) -> int:
    """How many links the items show, every level down (a section link counts one)."""
    return sum(
        1 if isinstance(item, MapLink) else (item.url is not None) + _links(item.children)
        for item in items
    )


class _Slugs:
    """URL-safe names of the sections of one page, each once."""

    def __init__(self) -> None:
        self.taken: set[str] = set()

    def take(self, title: str) -> str:
        ascii_title = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
        slug = re.sub(r"[^a-z0-9]+", "-", ascii_title.lower()).strip("-") or "section"
        name, n = slug, 1
        while name in self.taken:
            n += 1
            name = f"{slug}-{n}"
        self.taken.add(name)
        return name


def _child_path(path: str, slug: str) -> str:
    """`sitemap/` -> `sitemap/<slug>/`; `sitemap.html` -> `sitemap-<slug>.html`."""
    if path.endswith("/"):
        return f"{path}{slug}/"
    stem, dot, ext = path.rpartition(".")
    return f"{stem}-{slug}{dot}{ext}"


@dataclass(slots=True)
class _Writer:
    """The HTML of one site map page: relative links from `path`, listed pages only."""

    path: str
    listed: Container[str]
    out: list[str] = field(default_factory=list)

    def href(self, url: str) -> str:
        if _SCHEME.match(url):
            return html.escape(url)
        target = urls.encode(url.lstrip("/"))
        return html.escape("../" * self.path.count("/") + target or "./")

    def link(self, title: str, url: str) -> str:
        return f'<a href="{self.href(url)}">{html.escape(title)}</a>'

    def entry(self, entry: MapEntry) -> str:
        """`<a>title</a> <time>` (a heading's bare title when its page is not listed)."""
        if entry.url is None or entry.url not in self.listed:
            return html.escape(entry.title)
        text = self.link(entry.title, entry.url)
        if entry.lastmod is not None:
            day = entry.lastmod.isoformat()[:10]
            text += f' <time datetime="{day}">{day}</time>'
        return text

    def listed_page(self, entry: MapEntry) -> bool:
        return entry.url is not None and entry.url in self.listed

    def shown(self, entry: MapEntry) -> bool:
        """A listed page, or a section with one below."""
        return self.listed_page(entry) or any(map(self.shown, entry.children))

    def items(self, items: Sequence[MapEntry | MapLink]) -> None:
        """A list of pages; each top-level section under a heading of its own."""
        pending: list[MapEntry | MapLink] = []
        for item in items:
            if isinstance(item, MapEntry) and item.children:
                self.flush(pending)
                if self.shown(item):
                    self.out.append(f"<section><h2>{self.entry(item)}</h2>")
                    self.tree(item.children)
                    self.out.append("</section>")
            else:
                pending.append(item)
        self.flush(pending)

    def flush(self, pending: list[MapEntry | MapLink]) -> None:
        rows = [self.row(item) for item in pending if isinstance(item, MapLink) or self.shown(item)]
        if rows:
            self.out.append("<ul>" + "".join(rows) + "</ul>")
        pending.clear()

    def row(self, item: MapEntry | MapLink) -> str:
        if isinstance(item, MapLink):
            return (
                f"<li>{self.link(item.title, item.path)} "
                f"<small>({item.links} {'link' if item.links == 1 else 'links'})</small></li>"
            )
        return f"<li>{self.entry(item)}</li>"

    def tree(self, entries: Sequence[MapEntry]) -> None:
        self.out.append(
            "<ul>" + "".join(self.branch(e) for e in entries if self.shown(e)) + "</ul>"
        )

    def branch(self, entry: MapEntry) -> str:
        below = "".join(self.branch(e) for e in entry.children if self.shown(e))
        return f"<li>{self.entry(entry)}{f'<ul>{below}</ul>' if below else ''}</li>"


def render(page: MapPage, listed: Container[str]) -> str:
    """The page's content (an HTML fragment for the theme's content block): its title as
    `<h1>`, the link back, then its entries; pages not in `listed` (a `Listing`, or any
    container of the entries' URLs) left out."""
    writer = _Writer(page.path, listed)
    writer.out.append(f'<div class="sitemap-suite-map"><h1>{html.escape(page.title)}</h1>')
    if page.up is not None:
        writer.out.append(
            f'<p class="sitemap-suite-up">Back to {writer.link(page.up[1], page.up[0])}</p>'
        )
    writer.items(page.items)
    writer.out.append("</div>")
    return "\n".join(writer.out)
