"""llms.txt (llmstxt.org): the pages the sitemap lists, as titled links by section, for
language models; with `llms_txt: full`, llms-full.txt too, each page's main content as
Markdown (`markdown`, loaded then only).

The write collects as it goes (`LlmsPages.add`, once per listed titled page, only when
the option is on) and renders after the sitemap set is in place, from the one section
tree the site map page for people is rendered from (`sections.section_tree`):
- `# <site name>`, then `> <site description>` when the site has one;
- the top-level pages that stand in no section, under a first `## Pages` (llmstxt.org
  reads links only in H2 sections: text before the first one is prose, not a file list);
- one `## Title` section per top-level section, in the site's order: the section's own
  page first, then its pages; a nested section is a section of its own after its
  parent's pages, titled by its path (`## Guide / Advanced`), as the format has no
  deeper level;
- one `- [Title](URL): description` per page, the URL its sitemap `<loc>`.
Generated listings (`Page.listing`: archives, indices) and untitled pages are left out;
so is every page the sitemap leaves out, by the same rule (`listing.Placement`).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple
from urllib.parse import urlsplit

from ..files.atomic import write_file
from ..options import Settings
from ..values import urls
from ..values.codes import Code
from ..values.page import Page, StrPath
from ..values.report import Issue
from ..values.site import Site

if TYPE_CHECKING:
    from .dedupe import SeenURLs
    from .htmlmap import MapEntry

LLMS_TXT = "llms.txt"
LLMS_FULL = "llms-full.txt"
FIRST_SECTION = "Pages"  # the top-level pages that stand in no section
EXTRA = "llms"  # the package extra `full` needs (markdownify)


class Listed(NamedTuple):
    """A page llms.txt lists: its `<loc>`, title, description and built file."""

    loc: str
    title: str
    description: str
    output: StrPath | None


class LlmsPages:
    """The titled content pages of one run, with their `<loc>`, in the order they came;
    `listed` keeps those the sitemap lists in the end (its URLs, by `seen`)."""

    __slots__ = ("_pages", "_canonical")

    def __init__(self) -> None:
        self._pages: list[tuple[str, Page]] = []
        self._canonical: list[tuple[int, str]] = []  # (position, canonical URL named)

    def add(self, page: Page, loc: str, canonical: str | None = None) -> None:
        """A page placed at `loc`; `canonical`: the other URL its head names, by which
        the sitemap lists it, if at all."""
        if page.title is None or page.listing:
            return
        if canonical is not None:
            self._canonical.append((len(self._pages), canonical))
        self._pages.append((loc, page))

    def listed(self, seen: SeenURLs, base: str, scope: str) -> list[tuple[str, Page]]:
        """The pages at the URL the sitemap lists them by (the first page of a URL
        wins, as in the sitemap); a page that names another canonical URL is listed
        by its own URL or that one, whichever the sitemap has, else left out."""
        pages = self._pages
        for position, canonical in self._canonical:
            loc, page = pages[position]
            if loc not in seen:
                try:
                    loc = urls.loc(base, urls.normalize(canonical), scope)
                except (urls.URLError, ValueError):
                    loc = ""
                if loc not in seen:
                    loc = ""
            pages[position] = (loc, page)
        out: dict[str, Page] = {}
        for loc, page in pages:
            if loc and loc not in out and loc in seen:
                out[loc] = page
        return list(out.items())


def write_llms(
    pages: list[tuple[str, Page]], out_dir: Path, settings: Settings, site: Site | None
) -> tuple[tuple[Path, ...], list[Issue]]:
    """Write llms.txt (and with `full`, llms-full.txt) beside the sitemap in `out_dir`
    for the `pages` it lists (`LlmsPages.listed`); the files written, and the issues (a
    missing extra)."""
    where = (out_dir / settings.filename).parent
    base = urls.normal_base(settings.base_url)
    from .sections import section_tree  # the site map page's tree: loaded when llms.txt is on

    # The tree of the pages as the generator links them (a section names its own page
    # by that URL); each entry's page found by it.
    tree = section_tree(page for _, page in pages)
    by_url = {
        page.url: Listed(loc, _line(page.title or ""), _line(page.description or ""), page.output)
        for loc, page in pages
    }
    home = next((found for found in by_url.values() if found.loc == base), None)
    name, description = _about(site or Site(), home)
    sections = list(_sections(tree, by_url))
    write_file(where / LLMS_TXT, render(name, description, sections).encode(), "llms")
    if settings.llms_txt != "full":
        return (where / LLMS_TXT,), []
    try:
        from . import markdown  # loaded for `full` only: markdownify and BeautifulSoup
    except ImportError as exc:
        return (where / LLMS_TXT,), [
            Issue(
                Code.LLMS,
                "",
                "llms_txt",
                f"{LLMS_FULL} not written: it needs the {EXTRA!r} extra ({exc.name} is "
                f'not installed; from a clone: pip install "./[{EXTRA}]")',
            )
        ]
    listed = [page for _, links in sections for page in links]
    text = markdown.full_text(name, description, listed)
    write_file(where / LLMS_FULL, text.encode(), "llms-full")
    return (where / LLMS_TXT, where / LLMS_FULL), []


def render(name: str, description: str, sections: list[tuple[str, list[Listed]]]) -> str:
    """llms.txt's text: the H1, the blockquote, one H2 section of links each."""
    lines = [f"# {name}", ""]
    if description:
        lines += [f"> {description}", ""]
    for title, links in sections:
        lines += [f"## {title}", ""]
        lines += [_link(page) for page in links]
        lines.append("")
    return "\n".join(lines)


def _link(page: Listed) -> str:
    title = page.title.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")
    url = f"<{page.loc}>" if any(c in page.loc for c in "()<> ") else page.loc
    return f"- [{title}]({url}): {page.description}" if page.description else f"- [{title}]({url})"


def _sections(
    tree: list[MapEntry], by_url: dict[str, Listed]
) -> Iterator[tuple[str, list[Listed]]]:
    """The H2 sections of the tree: the top-level pages first, then each section."""
    loose = [found for entry in tree if not entry.children for found in _own(entry, by_url)]
    if loose:
        yield FIRST_SECTION, loose
    for entry in tree:
        if entry.children:
            yield from _section(entry, _line(entry.title), by_url)


def _section(
    entry: MapEntry, title: str, by_url: dict[str, Listed]
) -> Iterator[tuple[str, list[Listed]]]:
    """A section's H2: its own page and its pages; its nested sections after it."""
    links = list(_own(entry, by_url))
    links += [
        found
        for child in entry.children
        if not child.children and child.url != entry.url  # its own page, once
        for found in _own(child, by_url)
    ]
    if links:
        yield title, links
    for child in entry.children:
        if child.children:
            yield from _section(child, f"{title} / {_line(child.title)}", by_url)


def _own(entry: MapEntry, by_url: dict[str, Listed]) -> Iterator[Listed]:
    """The entry's own page, when llms.txt lists it (a heading has none)."""
    found = by_url.get(entry.url) if entry.url is not None else None
    if found is not None:
        yield found._replace(title=_line(entry.title) or found.title)


def _about(site: Site, home: Listed | None) -> tuple[str, str]:
    """The site's name and description: the generator's, else the home page's title
    and description (a folder `generate` reads), else the name of the host."""
    name = _line(site.name) or (home.title if home else "")
    description = _line(site.description) or (home.description if home else "")
    if not name and home is not None:
        name = urlsplit(home.loc).hostname or home.loc
    return name or "Site", description


def _line(text: str) -> str:
    """`text` on one line, its runs of white space one space."""
    return " ".join(text.split())
