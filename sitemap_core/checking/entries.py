"""The checks of one sitemap entry: its values, its `xhtml:link` alternates, its loc.

The same functions serve the plain fast path (`xmlfile.read_plain`), text sitemaps and,
through `EntryCheck`, the children of each `<url>` or `<sitemap>` the XML parser
finishes, so every path reports the same findings in the same order. Each reports
through an `add(line, code, field, message, level)`.
"""

from __future__ import annotations

import datetime as dt
import functools
import math
from collections.abc import Sequence

from ..protocol.grammar import PATH_ONLY, VALUE_CHECKS, Problem, loc_parts, short, valid_hreflang
from ..protocol.sitemaps import MAX_ENTRIES, MAX_LOC, MIN_LOC
from ..values import dates
from ..values.codes import Code
from .reading import Add, File


def check_value(known: set[str], name: str, value: str, line: int, add: Add, latest: float) -> None:
    """Check one lastmod, changefreq or priority not in `known`, the values of this file
    already found good (real sites repeat their dates), which a good one joins; `latest`:
    the sort key past which a lastmod is in the future (`Window.latest`)."""
    problem = VALUE_CHECKS[name](value)
    if problem is None and name == "lastmod":
        problem = _future(value, latest)
    if problem is None:
        if len(known) < 10_000:
            known.add(value)
    else:
        add(line, name, name, problem[0], problem[1])


def _future(lastmod: str, latest: float) -> Problem:
    """A warning for a (valid) lastmod past `latest`."""
    if len(lastmod) in (10, 20) and lastmod <= _latest_texts(latest)[len(lastmod) == 20]:
        return None  # `YYYY-MM-DD`, `YYYY-MM-DDThh:mm:ssZ` as the writer writes them
    value = dates.stored(lastmod)
    if value is None or dates.sort_key(value) <= latest:
        return None
    return (
        f"{lastmod.strip()!r} is in the future (more than a day after this check's clock); "
        "search engines ignore such dates",
        "warning",
    )


@functools.lru_cache(maxsize=4)
def _latest_texts(latest: float) -> tuple[str, str]:
    """The UTC day and second of `latest`, as `YYYY-MM-DD` and `YYYY-MM-DDThh:mm:ssZ`:
    a lastmod of either shape that sorts no later as text is no later in time (a date
    counts as its midnight, UTC, as `_future` reads it)."""
    moment = dt.datetime.fromtimestamp(math.floor(latest), dt.UTC)
    return f"{moment:%Y-%m-%d}", f"{moment:%Y-%m-%dT%H:%M:%SZ}"


def check_alternate(
    rel: str | None,
    hreflang: str | None,
    href: str | None,
    line: int | None,
    add: Add,
) -> None:
    """Check one `xhtml:link` alternate from its attributes."""
    if rel != "alternate":
        add(
            line,
            Code.HREFLANG,
            "rel",
            f'xhtml:link has rel={rel!r}; a sitemap alternate needs rel="alternate"',
        )
    if hreflang is None or not valid_hreflang(hreflang):
        add(
            line,
            Code.HREFLANG,
            "hreflang",
            f"hreflang={hreflang!r} is not a language tag "
            "(like en, pt-BR, zh-Hant-TW) or x-default",
        )
    if href is None:
        add(line, Code.HREFLANG, "href", "xhtml:link has no href")
    else:
        problem = loc_parts(href.strip())[0]
        if problem:
            add(line, Code.HREFLANG, "href", f"href {short(href)!r} {problem}")


def check_languages(links: Sequence[tuple[str | None, str]], line: int | None, add: Add) -> None:
    """One `<url>`'s alternates, as `(hreflang, href)` pairs: each language (x-default
    too) names one URL, so a tag given twice (`en` and `EN` are one) is an error, once
    per tag, naming its URLs. Ahead of `record_loc`, as `check_alternate` is."""
    if len(links) < 2 or len({(tag or "").lower() for tag, _href in links}) == len(links):
        return
    by_tag: dict[str, list[str]] = {}  # tag -> how it was first written, then its URLs
    for given, href in links:
        by_tag.setdefault((given or "").lower(), [given or ""]).append(href)
    for given, *hrefs in by_tag.values():
        if len(hrefs) > 1:
            add(
                line,
                Code.HREFLANG,
                "hreflang",
                f"hreflang={given!r} is given {len(hrefs)} times in one <url>'s "
                f"alternates ({', '.join(short(h) for h in hrefs)}); alternates join "
                "different languages, one URL per language",
            )


def record_loc(info: File, add: Add, url: str, line: int) -> None:
    """Check one listed URL and keep it for the set-wide scope and duplicate checks.

    A URL whose `scheme://authority` an earlier valid loc of the file had, followed by a
    path alone, needs only its path checked: `uri()` reads the authority up to the first
    `/` the same way whatever follows."""
    cut = url.find("/", 8)  # after "http://" and the authority's first character
    if cut > 0:
        origin = info.prefixes.get(url[:cut])
        if origin is not None and MIN_LOC <= len(url) <= MAX_LOC and PATH_ONLY.fullmatch(url, cut):
            info.locs.append((url, line, origin, cut))
            return
    problem, origin, path_start, fragment = loc_parts(url)
    if problem or origin is None:
        add(line, Code.LOC, "loc", f"{short(url)!r} {problem}")
        info.locs.append((url, line, None, -1))
        return
    if fragment:
        add(
            line,
            Code.LOC,
            "loc",
            f"{short(url)} has a #fragment, which crawlers drop; list the page once without it",
            "warning",
        )
    origin = info.origins.setdefault(origin, origin)
    if cut > 0 and path_start == cut:
        info.prefixes[url[:cut]] = origin
    info.locs.append((url, line, origin, path_start))


def check_text(text: str | None, line: int | None, where: str, add: Add) -> None:
    """Text (`where`: inside or after an element) where the schema allows none."""
    if text and not text.isspace():
        add(
            line,
            Code.STRUCTURE,
            "",
            f"text {short(text.strip())!r} {where}, where the schema allows none",
        )


def local_name(tag: object) -> str:
    """An element's or attribute's name without its namespace."""
    return tag.rpartition("}")[2] if isinstance(tag, str) else str(tag)


def too_many(line: int, add: Add) -> None:
    """The entry past the protocol's limit of one file."""
    add(
        line,
        Code.SIZE,
        "",
        f"more than {MAX_ENTRIES:,} entries in one file (the protocol's limit)",
    )
