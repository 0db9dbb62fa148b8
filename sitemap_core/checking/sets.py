"""The checks of a sitemap set as a whole, after each file is read: index entries and the
parts they list, scope (every URL where the sitemap may point), duplicates, `.gz` twins
holding their plain file's bytes, and hreflang alternates listing each other back."""

from __future__ import annotations

import itertools
from pathlib import Path
from urllib.parse import quote

from ..protocol.grammar import loc_parts, origin_text, part_name, part_paths, short, uri
from ..values.codes import Code
from .reading import File, Found, Reader, read_lines


def set_keys(files: list[File]) -> dict[int, str]:
    """Each file of a set (by number) as a path relative to the first file's folder
    (`2.0/sitemap.xml`), or its name when it is elsewhere."""
    root = files[0].path.parent if files else None
    keys = {}
    for f in files:
        try:
            keys[f.number] = f.path.relative_to(root).as_posix() if root else f.name
        except ValueError:
            keys[f.number] = f.name
    return keys


def check_set(files: list[File], location: str | None, found: Found) -> None:
    """Check the files of a set, each read, together: each finding goes to `found`."""
    keys = set_keys(files)
    by_key = {keys[f.number]: f for f in files}
    placed: dict[str, str] = {}  # file (set_keys) -> URL an index gives it
    listed: set[str] = set()
    for index in (f for f in files if f.kind == "sitemapindex"):
        for loc, line, _origin, _path in index.locs:
            target = next((by_key[k] for k in part_paths(loc) if k in by_key), None)
            if target is None or target.kind == "sitemapindex":
                problem = (
                    f"but no {part_name(loc) or 'file'} is among the files of this set"
                    if target is None
                    else "which is an index itself; an index may list sitemaps only"
                )
                found.add(
                    index.number,
                    index.name,
                    line,
                    Code.INDEX,
                    "loc",
                    f"lists {short(loc)}, {problem}",
                )
                continue
            placed.setdefault(keys[target.number], loc)
            listed.add(keys[target.number])
    indexed_variants = {f.variant for f in files if f.kind == "sitemapindex"}
    for f in files:
        if (
            f.kind in ("urlset", "text")
            and f.variant in indexed_variants
            and not ({keys[f.number], twin_name(keys[f.number])} & listed)
        ):
            found.add(
                f.number,
                f.name,
                None,
                Code.INDEX,
                "",
                "is part of the set but no index lists it",
                "warning",
            )

    _check_scope(files, location, placed, keys, found)
    _check_duplicates(files, found)
    _check_twins(files, found)
    _check_reciprocity(files, found)


def _check_reciprocity(files: list[File], found: Found) -> None:
    """hreflang alternates: a page lists itself, and a listed alternate lists it back.

    Checked on one copy of the set (the XML files, else their `.gz` twins)."""
    variants = {f.variant for f in files}
    variant = "xml" if "xml" in variants else "xml.gz"
    own = [f for f in files if f.variant == variant]
    groups = {loc: hrefs for f in own for loc, _line, hrefs in f.alternates}
    for f in own:
        for loc, line, hrefs in f.alternates:
            if loc not in hrefs:
                found.add(
                    f.number,
                    f.name,
                    line,
                    Code.HREFLANG,
                    "href",
                    f"{short(loc)} has alternates but does not list itself among them",
                    "warning",
                )
            for href in sorted(hrefs - {loc}):
                back = groups.get(href)
                if back is not None and loc not in back:
                    found.add(
                        f.number,
                        f.name,
                        line,
                        Code.HREFLANG,
                        "href",
                        f"{short(loc)} lists {short(href)} as an alternate, which "
                        "does not list it back",
                        "warning",
                    )


def twin_name(name: str) -> str:
    """The name of a sitemap file's `.gz` twin, or of the file a `.gz` one compresses."""
    return name[:-3] if name.endswith(".gz") else name + ".gz"


def _check_scope(
    files: list[File],
    location: str | None,
    placed: dict[str, str],
    keys: dict[int, str],
    found: Found,
) -> None:
    if location is None:
        origin = next((o for f in files for _l, _n, o, _p in f.locs if o), None)
        if origin is None:
            return
        shown = origin_text(origin)
        for f in files:
            for loc, line, o, _p in f.locs:
                if o is not None and o != origin:
                    found.add(
                        f.number,
                        f.name,
                        line,
                        Code.SCOPE,
                        "loc",
                        f"{short(loc)} is not on {shown}, like the set's first URL",
                    )
        return
    folder = location.rsplit("/", 1)[0] + "/"
    outside: list[tuple[File, int, str, str, str]] = []  # file, line, loc, allowed, where
    checked = 0
    for f in files:
        key = keys[f.number]
        where = location if f.number == 0 else placed.get(key) or folder + quote(key)
        problem, origin, _start, _frag = loc_parts(where)
        if problem or origin is None:
            continue  # a bad location is the caller's to report
        path = uri().fullmatch(where)["path"] or "/"  # type: ignore[index]
        prefix = path.rsplit("/", 1)[0] + "/"
        index = f.kind == "sitemapindex"
        shown = origin_text(origin) if index else origin_text(origin) + prefix
        for loc, line, o, p in f.locs:
            if o is None:
                continue
            checked += 1
            if o != origin or not (
                index or (prefix == "/" if p < 0 else loc.startswith(prefix, p))
            ):
                outside.append((f, line, loc, shown, where))
    if len(outside) > 1 and len(outside) == checked:
        f, line, loc, shown, where = outside[0]
        found.add(
            f.number,
            f.name,
            line,
            Code.SCOPE,
            "loc",
            f"all {checked:,} URLs of this set are outside {shown}, where a sitemap at "
            f"{where} may point (the first is {short(loc)}): a build made for "
            "another base URL? Check it where it is published, or build it with "
            "that base URL",
        )
        return
    for f, line, loc, shown, where in outside:
        found.add(
            f.number,
            f.name,
            line,
            Code.SCOPE,
            "loc",
            f"{short(loc)} is outside {shown}, where a sitemap at {where} may point",
        )


def _check_twins(files: list[File], found: Found) -> None:
    """A `.gz` file of the set must hold the same bytes as its uncompressed twin."""
    by_name = {f.name: f for f in files}
    for f in files:
        plain = by_name.get(twin_name(f.name)) if f.name.endswith(".gz") else None
        if plain is None or None in (f.digest, plain.digest) or f.digest == plain.digest:
            continue
        line = _first_difference(plain.path, f.path)
        found.add(
            f.number,
            f.name,
            line,
            Code.GZIP,
            "",
            f"does not hold the same content as {plain.name} (the first difference is "
            f"on line {line}): one of them is out of date; build both again, or "
            "delete the stale one",
        )


def _first_difference(a: Path, b: Path) -> int:
    """The first line (1-based, after gunzip) where two files differ."""
    number = 0
    with a.open("rb") as raw_a, b.open("rb") as raw_b:
        pairs = itertools.zip_longest(read_lines(Reader(raw_a)), read_lines(Reader(raw_b)))
        for number, (line_a, line_b) in enumerate(pairs, 1):
            if line_a != line_b:
                return number
    return max(number, 1)  # only a final newline differs: the last line


def _check_duplicates(files: list[File], found: Found) -> None:
    seen: dict[str, dict[str, tuple[str, int]]] = {}  # variant or index -> loc -> first place
    for f in files:
        group = seen.setdefault(f.variant if f.kind != "sitemapindex" else f"index {f.name}", {})
        for loc, line, _o, _p in f.locs:
            first = group.get(loc)
            if first is None:
                group[loc] = (f.name, line)
            else:
                found.add(
                    f.number,
                    f.name,
                    line,
                    Code.DUPLICATE,
                    "loc",
                    f"{short(loc)} is already listed at {first[0]}:{first[1]}",
                    "warning",
                )
