"""The files a Markdown page includes with pymdown-extensions' snippets (`--8<--`), found as
the extension finds them, for the sites the core reads itself (a Zensical build): its
syntax, read from `pymdownx/snippets.py`, without importing it (the core depends on
neither Markdown nor pymdown-extensions). `includes` asks the extension itself where it is
installed, and this finder where it is not."""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

# A snippet line, as the extension matches it: `--8<-- "file"` (inline) or a lone
# `--8<--` that opens or closes a block of file names; `;` in front escapes it.
_LINE = re.compile(
    r"""(?x)
    ^[ \t]*
    (?P<escape>;*)
    (?:
        -+8<-+[ \t]+(?P<snippet>"(?:\\"|[^"\n\r])+?"|'(?:\\'|[^'\n\r])+?')(?![ \t]) |
        (?P<block>-+8<-+)(?![ \t])
    )\r?$
    """
)
# A snippet's path and what may follow it: line ranges (`:1:5,10:`) or a section (`:name`).
_TARGET = re.compile(
    r"(?i)(.*?)(?:((?::-?[0-9]*){1,2}(?:(?:,(?=[-0-9:])-?[0-9]*)(?::-?[0-9]*)?)*)"
    r"|(:[a-z][-_0-9a-z]*))?$"
)


class SnippetFinder:
    """The snippet files of a page, resolved against `base_paths` as the extension resolves
    them (`restrict`: `restrict_base_path`, on by default), nested includes too; and the
    `auto_append` files, which every page includes. A file not found is left out (the
    build already failed for it when `check_paths` asks it to); URLs are not files."""

    def __init__(
        self,
        base_paths: Sequence[Path],
        restrict: bool = True,
        auto_append: Sequence[str] = (),
        encoding: str = "utf-8",
    ) -> None:
        absolute = (Path(os.path.abspath(base)) for base in base_paths)
        self.bases = [(base, base.is_dir()) for base in absolute if base.exists()]
        self.restrict = restrict
        self.encoding = encoding
        self.everywhere = self._included(list(auto_append), set())

    def of(self, page: Path) -> list[Path]:
        """The files `page` includes, its own snippets first, then the appended ones."""
        try:
            text = page.read_text(self.encoding)
        except (OSError, UnicodeError, LookupError):
            return list(self.everywhere)
        return self.in_text(text, page)

    def in_text(self, text: str, page: Path | None = None) -> list[Path]:
        """The files a page whose Markdown is `text` includes (`page`: its file, never
        included again), its own snippets first, then the appended ones."""
        seen = {page} if page is not None else set()
        own = self._included(list(_names(text.splitlines())), seen) if "8<" in text else []
        return own + [path for path in self.everywhere if path not in own]

    def _included(self, names: list[str], seen: set[Path]) -> list[Path]:
        """The files `names` resolve to, and those they include in turn."""
        found: list[Path] = []
        for name in names:
            path = self.resolve(name)
            if path is None or path in seen or path in found:
                continue
            found.append(path)
            try:
                text = path.read_text(self.encoding)
            except (OSError, UnicodeError, LookupError):
                continue
            if "8<" in text:
                nested = self._included(list(_names(text.splitlines())), {*seen, path})
                found += [p for p in nested if p not in found]
        return found

    def resolve(self, name: str) -> Path | None:
        """The file a snippet name is read from: the first base path that has it."""
        match = _TARGET.match(name)
        path = match[1] if match else name
        if not path or path.lower().startswith(("https://", "http://")):
            return None
        for base, is_dir in self.bases:
            if not is_dir:  # a file as base path: only its own name finds it
                candidate = base.parent / path
                if candidate.exists() and os.path.samefile(candidate, base):
                    return base
                continue
            candidate = Path(os.path.abspath(base / path))
            if self.restrict and not candidate.is_relative_to(base):
                continue
            if candidate.is_file():
                return candidate
        return None


def _names(lines: Iterable[str]) -> Iterator[str]:
    """The snippet names of a page's lines: inline ones, and those of blocks."""
    block = False
    for line in lines:
        match = _LINE.match(line)
        if match:
            if match["escape"]:
                continue
            if match["block"]:
                block = not block
            elif not block:  # an inline marker directly in a block is ignored
                yield match["snippet"][1:-1].strip()
        elif block:
            name = line.strip()
            if name and not name.startswith(";"):
                yield name
