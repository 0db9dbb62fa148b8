"""The core's `Page` of each page MkDocs built: its URL as MkDocs links it, its
translations, its front matter (`sitemap:` overrides, dates, description), its file and
the files it includes; blog views last, listing the `Page`s of the posts they show.

The plugin collects, by `src_uri`, each page's final front matter (`meta`), the files it
includes (`included`) and the posts a blog view shows (`shown`) while MkDocs builds,
and hands them here once every page is built.

Two sources can build one output: `x.md` and `x/index.md` (or `x/README.md`) both make
`x/index.html` once URLs are folders. MkDocs 1.6 drops a `README.md` beside an
`index.md` itself (with a warning), but keeps sources in different folders, builds each
in the order of its files and says nothing: the last one written is the page served
(`written`). Its front matter, history and translations date and describe the URL.

Each page stands where the nav puts it (`places`, once per build's nav): its title, its
nav sections, its rank in the nav; a page outside the nav under its folder ("Other
pages" at the top), after the nav's; a page a plugin generated outside the nav (a blog's
pagination) nowhere. A material blog's views are listings (`Page.listing`).
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import yaml
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.nav import Section as NavSection
from mkdocs.structure.pages import Page as MkDocsPage
from mkdocs.utils.meta import YAML_RE, get_data

from sitemap_core import Alternate, Code, Issue, Page, Section, meta_overrides, unread_metadata

from . import blog, i18n

LASTMOD_KEYS = ("updated", "last_modified", "modified")
"""Front matter keys of a modification date, read in this order (after `sitemap.lastmod`)."""

Report = Callable[[Iterable[Issue]], None]
"""Where a page's front matter issues go (the plugin's log)."""

OTHER = "Other pages"  # the section of top-level pages outside the nav
Place = tuple[tuple[Section, ...], int]
"""Where a page stands: its sections (outermost first) and its rank."""


def places(nav: Navigation, files: Files) -> dict[int, Place]:
    """Where each page of one build stands, by `id()` of its file: the nav's pages in the
    nav's order under its sections (as the nav's items show them: mkdocs-static-i18n
    moves a language's pages to the top and leaves their `parent`); then the other
    pages, by folder (`OTHER` for the top one), in the order of their files. Pages a
    plugin generated outside the nav (a blog's pagination, the site map pages) stand
    nowhere."""
    found: dict[int, Place] = {}

    def walk(items: Iterable[Any], section: tuple[Section, ...]) -> None:
        for item in items:
            if isinstance(item, MkDocsPage):
                found.setdefault(id(item.file), (section, len(found)))
            elif isinstance(item, NavSection):
                walk(item.children, (*section, Section(item.title)))

    walk(nav.items, ())
    in_nav = {id(page.file) for page in nav.pages}
    others = [
        (posixpath.dirname(file.src_uri), file)
        for file in files.documentation_pages()
        if id(file) not in found and id(file) not in in_nav and not file.generated_by
    ]
    others.sort(key=_folder)
    for rank, (folder, file) in enumerate(others, len(found)):
        found[id(file)] = ((Section(folder or OTHER),), rank)
    return found


def _folder(pair: tuple[str, File]) -> str:
    return pair[0]


def site_pages(
    files: list[File],
    site_dir: Path,
    *,
    news: bool,
    meta: Mapping[str, Mapping[str, Any]],
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
    report(_clash_notes(clashes))
    files = [file for file in files if not i18n.is_fallback(file)]
    alternates = i18n.alternates(files)
    site = os.fspath(site_dir)
    placed = placed or {}
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
                place=placed.get(id(file)),
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
        page = built_page(
            file,
            site,
            news=news,
            meta=meta,
            included=included,
            report=report,
            place=placed.get(id(file)),
            listing=True,
        )
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
    place: Place | None = None,
    listing: bool = False,
) -> Page:
    """The core's view of one built page: its URL as MkDocs links it, its translations,
    its front matter, its file and the files it includes, its title and `place` (none:
    the page has no title); `news`: a blog post is a news article; `listing`: a blog
    view."""
    front = meta.get(file.src_uri)
    if front is None:  # a --dirty build did not read this unchanged page
        markdown, front = get_data(file.content_string)
        if not front and (unread := unread_front_matter(markdown, file.src_uri)):
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
        url=file.page.url,  # type: ignore[union-attr]  # every built file has a Page
        alternates=alternates,
        sources=sources,
        output=os.path.join(site_dir, file.dest_path),
        name=file.src_uri,
        description=_text(front.get("description")),
        news=blog.article(file.page) if news and file.page is not None else None,
        title=None if place is None else title(file),
        section=() if place is None else place[0],
        rank=0 if place is None else place[1],
        listing=listing,
        **_dates(front, overrides),
    )


def title(file: File) -> str:
    """A page's title as MkDocs shows it in the nav, else its file's name."""
    return (file.page.title if file.page is not None else None) or file.name


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


def written(files: Iterable[File]) -> tuple[list[File], list[list[File]]]:
    """Of the pages that build the same file, the one MkDocs wrote last, where the first
    stood; and each such set of sources, the one written last. `files`: each build's
    pages in the order MkDocs built them (`Files.documentation_pages()`)."""
    by_output: dict[str, File] = {}
    clashes: dict[str, list[File]] = {}
    for file in files:
        before = by_output.get(file.dest_uri)
        if before is not None:
            clashes.setdefault(file.dest_uri, [before]).append(file)
        by_output[file.dest_uri] = file
    return list(by_output.values()), list(clashes.values())


def _clash_notes(clashes: list[list[File]]) -> Iterator[Issue]:
    """One info line per set of sources that built one URL (a language's fallback
    copies of a set already named are not named again)."""
    said = set()
    for clash in clashes:
        names = tuple(dict.fromkeys(file.src_uri for file in clash))
        if len(names) < 2 or names in said:  # one source in two builds: no clash
            continue
        said.add(names)
        kept = clash[-1]
        hidden = [name for name in names if name != kept.src_uri]
        one = len(hidden) == 1
        yield Issue(
            Code.SAME_URL,
            kept.src_uri,
            "",
            f"{kept.url or './'} is built from {'both ' if one else ''}"
            f"{_listing([*hidden, kept.src_uri])}; MkDocs wrote {kept.src_uri} last, so its "
            f"page is the one served, listed and dated ({_listing(hidden)}: not served; "
            f"rename or remove {'it' if one else 'them'})",
            level="info",
        )


def _listing(names: list[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    return " and ".join(filter(None, (", ".join(names[:-1]), names[-1])))


def unread_front_matter(markdown: str, name: str) -> Issue | None:
    """The issue of page `name` whose Markdown opens with a `---` block YAML cannot read:
    MkDocs then ignores all of its front matter, and says nothing. A warning when the
    block holds a field the sitemap reads, else an info line (the core's rule); None when
    the block reads (or there is none)."""
    match = YAML_RE.match(markdown)
    if match is None:
        return None
    try:
        yaml.load(match[1], Loader=_Loader)
        return None
    except Exception as error:
        field, problem = _problem(match[1], error)
    return unread_metadata(
        name,
        field,
        f"front matter could not be read: {problem}; MkDocs ignores all of this page's "
        "front matter: correct it, or quote the value",
        match[1],
        (*LASTMOD_KEYS, "date"),
    )


_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # MkDocs' own choice


def _problem(text: str, error: Exception) -> tuple[str, str]:
    """The field (`front matter` when unknown) and what YAML says of `text`, with the
    file's line (`---` is line 1)."""
    if isinstance(error, yaml.MarkedYAMLError) and error.problem_mark is not None:
        problem = error.problem or error.context or "not YAML"
        return "front matter", f"{problem} (line {error.problem_mark.line + 2})"
    # Read as YAML, but a value cannot be made (a date like 2024-13-45): find which.
    loader = yaml.SafeLoader(text)
    try:
        for key, node in _scalars(loader.get_single_node(), ""):
            try:
                loader.construct_object(node, deep=True)
            except Exception as bad:
                line = node.start_mark.line + 2
                return key or "front matter", f"`{key}: {node.value}` (line {line}): {bad}"
    except Exception:
        pass
    finally:
        loader.dispose()
    return "front matter", str(error)


def _scalars(node: Any, key: str) -> Iterator[tuple[str, Any]]:
    """Each scalar node of a YAML node tree, with its dotted key."""
    if isinstance(node, yaml.MappingNode):
        for name, value in node.value:
            yield from _scalars(value, f"{key}.{name.value}" if key else str(name.value))
    elif isinstance(node, yaml.SequenceNode):
        for value in node.value:
            yield from _scalars(value, key)
    elif node is not None:
        yield key, node
