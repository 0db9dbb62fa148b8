"""What a sitemap run reports back: its issues and its result."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from ..protocol.sitemaps import Level
from .codes import NOT_WRITTEN, Code


@dataclass(frozen=True, slots=True)
class Issue:
    """A problem found while writing or checking sitemaps.

    `code` is short and stable (`scope`, `lastmod`, `priority`...); the README lists
    them. `page` names the page (source name or URL) or file, `field` the field or option
    as the user wrote it. `info` is a note for the build log, never a warning: a warning
    means the user must act.
    """

    code: Code
    page: str
    field: str
    message: str
    level: Level = "warning"

    def __str__(self) -> str:
        where = f"{self.page}: " if self.page else ""
        return f"[{self.code}] {where}{self.message}"


class Issues:
    """The issues of one run, in the order found: the one collector every step of the
    write is handed, and adds to."""

    __slots__ = ("_found",)

    def __init__(self) -> None:
        self._found: list[Issue] = []

    def add(
        self, code: Code, page: str, field: str, message: str, level: Level = "warning"
    ) -> None:
        """Note one issue (`Issue`'s fields)."""
        self._found.append(Issue(code, page, field, message, level))

    def extend(self, found: Iterable[Issue]) -> None:
        """Take over the issues a value or a check of another layer returned."""
        self._found.extend(found)

    def all(self) -> tuple[Issue, ...]:
        """Every issue so far, in order."""
        return tuple(self._found)


def failing(issues: Iterable[Issue]) -> bool:
    """True when an issue is an error: what fails a run (warnings fail only a strict
    one, info lines never)."""
    return any(i.level == "error" for i in issues)


@dataclass(frozen=True, slots=True)
class Result:
    """What `write_sitemaps` did: files written, URLs listed, issues found."""

    files: tuple[Path, ...] = ()
    urls: int = 0
    issues: tuple[Issue, ...] = ()
    lastmod_sources: dict[str, int] = field(default_factory=dict)
    sitemap_url: str = ""
    shallow_undated: int = 0  # URLs without a lastmod because a shallow clone's history stops
    beside: tuple[Path, ...] = ()  # other renderings of the pages written with it (llms.txt)

    @property
    def ok(self) -> bool:
        """True when no issue is an error."""
        return not failing(self.issues)

    def summary(self) -> str:
        """One line: URLs written, files, lastmod sources used; or why nothing was written."""
        if not self.files:
            errors = [i for i in self.issues if i.level == "error"] or [
                i for i in self.issues if i.code in NOT_WRITTEN
            ]
            reason = errors[0].message.removeprefix("no sitemap written: ") if errors else ""
            return f"sitemap: not written: {reason or 'nothing to list'}"
        sources = ", ".join(f"{k} {v}" for k, v in sorted(self.lastmod_sources.items()))
        files = ", ".join(p.name for p in self.files)
        undated = (
            f"; {self.shallow_undated} without: the shallow clone's history stops short of them"
            if self.shallow_undated
            else ""
        )
        dated = f"lastmod from {sources}" if sources else "no lastmod"
        beside = f"; also {', '.join(p.name for p in self.beside)}" if self.beside else ""
        return (
            f"sitemap: {self.urls} URLs in {len(self.files)} file(s) ({files}); "
            f"{dated}{undated}{beside}"
        )
