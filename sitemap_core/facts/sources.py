"""The source file a built page most likely comes from, for `generate --source` (git
dates): `SourceIndex`, matching by path (best effort)."""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path

_SOURCE_SUFFIXES = frozenset(
    (
        ".md",
        ".markdown",
        ".mdown",
        ".mkd",
        ".rst",
        ".txt",
        ".html",
        ".htm",
        ".adoc",
        ".asciidoc",
        ".org",
        ".ipynb",
        ".textile",
        ".njk",
        ".liquid",
        ".pug",
        ".hbs",
        ".mdx",
    )
)
_DATED_STEM = re.compile(r"\d{4}-\d{2}-\d{2}-(.+)")
_INDEX_STEMS = frozenset(("index", "_index", "readme"))
_CONTENT_DIRS = ("content", "docs", "doc", "src", "source", "pages", "_pages", "site")


class SourceIndex:
    """Source files by the page path they most likely build (best effort).

    A page's key is its path without `.html` and without a final `index`
    (`posts/x/index.html` -> `posts/x`); a source's key likewise without its extension,
    without a final `index`, `_index` or `README`, and without a `YYYY-MM-DD-` date in
    front of the file name (Jekyll posts). A page takes the source whose key shares the
    most trailing path segments with its own, so `content/posts/x.md`,
    `content/posts/x/index.md` and `_posts/2024-01-02-x.md` all match; a tie between
    different sources gives the page none rather than a wrong date.
    """

    def __init__(self, source: Path, site_dir: Path) -> None:
        self.by_last: dict[str, list[tuple[tuple[str, ...], Path]]] = {}
        skip = site_dir.resolve()
        for folder, dirs, names in os.walk(source):
            here = Path(folder)
            dirs[:] = sorted(
                d
                for d in dirs
                if not d.startswith(".") and (here / d).resolve() != skip and d != "node_modules"
            )
            for name in sorted(names):
                path = here / name
                if path.suffix.lower() not in _SOURCE_SUFFIXES or name.startswith("."):
                    continue
                key = self._source_key(path.relative_to(source))
                self.by_last.setdefault(key[-1] if key else "", []).append((key, path))

    @staticmethod
    def _source_key(rel: Path) -> tuple[str, ...]:
        parts = [*rel.parent.parts, rel.stem]
        if parts[-1].lower() in _INDEX_STEMS:
            parts.pop()
        elif match := _DATED_STEM.fullmatch(parts[-1]):
            parts[-1] = match[1]
        return tuple(p.lower() for p in parts)

    def find(self, rel: str) -> tuple[Path, ...]:
        parts = rel.split("/")
        stem = parts[-1].rsplit(".", 1)[0]
        key = [*parts[:-1]] if stem.lower() == "index" else [*parts[:-1], stem]
        key = [p.lower() for p in key]
        if key:
            candidates = self.by_last.get(key[-1], [])
        else:  # the home page: index.md or README at the top or in a content folder
            candidates = [
                c
                for last in ("", *_CONTENT_DIRS)
                for c in self.by_last.get(last, [])
                if len(c[0]) <= 1
            ]
        best: list[Path] = []
        best_score = -1
        for source_key, path in candidates:
            score = common_tail(source_key, key)
            if not key:  # the home page: the shallowest index/README wins
                score = -len(source_key)
            if score > best_score:
                best, best_score = [path], score
            elif score == best_score:
                best.append(path)
        if len(best) == 1:
            return (best[0],)
        return ()


def common_tail(a: Sequence[str], b: Sequence[str]) -> int:
    """How many last segments `a` and `b` share (path segments: a copy's path and its
    source's too, `gitpaths.TrackedFiles`)."""
    shared = 0
    for x, y in zip(reversed(a), reversed(b)):
        if x != y:
            break
        shared += 1
    return shared
