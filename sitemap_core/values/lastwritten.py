"""Several sources, one output: the one written last is the page served.

A generator can build one output file from two sources and say nothing: MkDocs makes
`x/index.html` of both `x.md` and `x/index.md` once URLs are folders, writing each in the
order of its files. The file left on disk is the last one's, so its page is the one the
sitemap lists, dates and describes (`last_written`), where the first one stood. Each such
set of sources is one `same-url` info line naming the one written last and the others,
which nothing serves (`same_url_notes`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import NamedTuple, TypeVar

from .codes import Code
from .report import Issue

T = TypeVar("T")


class SourceURL(NamedTuple):
    """One source of a page: its name (as the user knows the file) and its page's URL,
    relative to the site's base URL (`""`: the home page)."""

    name: str
    url: str


def last_written(items: Iterable[T], output: Callable[[T], str]) -> tuple[list[T], list[list[T]]]:
    """Of the `items` (in the order the generator wrote them) that write the same
    `output`, the last, where the first stood; and each set of items that wrote one
    output, in the order written."""
    by_output: dict[str, T] = {}
    clashes: dict[str, list[T]] = {}
    for item in items:
        written = output(item)
        before = by_output.get(written)
        if before is not None:
            clashes.setdefault(written, [before]).append(item)
        by_output[written] = item
    return list(by_output.values()), list(clashes.values())


def same_url_notes(clashes: Iterable[Sequence[SourceURL]], generator: str) -> Iterator[Issue]:
    """One info line per set of sources that built one URL (each in the order
    `generator` wrote them), naming the page served; a set named already (a language's
    copies of it) and one source written twice are no news."""
    said = set()
    for clash in clashes:
        names = tuple(dict.fromkeys(source.name for source in clash))
        if len(names) < 2 or names in said:
            continue
        said.add(names)
        kept = clash[-1]
        hidden = [name for name in names if name != kept.name]
        one = len(hidden) == 1
        yield Issue(
            Code.SAME_URL,
            kept.name,
            "",
            f"{kept.url or './'} is built from {'both ' if one else ''}"
            f"{spoken_list([*hidden, kept.name])}; {generator} wrote {kept.name} last, so its "
            f"page is the one served, listed and dated ({spoken_list(hidden)}: not served; "
            f"rename or remove {'it' if one else 'them'})",
            level="info",
        )


def spoken_list(names: Sequence[str]) -> str:
    """`a`, `a and b`, `a, b and c`."""
    return " and ".join(filter(None, (", ".join(names[:-1]), names[-1])))
