"""`Reporter`: a build's issues and its summary line, said through a generator's log.

Every generator and the command line say an issue the same way: its code, where it is
(the page as the generator names it, else the file of the site's settings), the field as
the user wrote it (`Spelling`), then the message, which never names the field itself:
`[code] where (field): message`. What differs is only the voice, the generator's own
logger, which an adapter hands in as a `Voice`; the voice decides nothing, the generator
decides what a logged line does to its exit status (`--strict`, `-W`, `--fatal`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple, Protocol

from ..values.report import Issue
from ..values.site import Spelling


class Said(NamedTuple):
    """One issue as it is said: where (page or settings file), the field as the user
    writes it, the line without its code (`where (field): message`), and the whole
    line (`text`, `[code] where (field): message`)."""

    issue: Issue
    where: str
    field: str
    plain: str

    @property
    def text(self) -> str:
        """`[code] where (field): message`."""
        return f"[{self.issue.code}] {self.plain}"

    @property
    def detail(self) -> str:
        """`field: message`, for a generator that names the code and place itself."""
        return f"{self.field}: {self.issue.message}" if self.field else self.issue.message


class Voice(Protocol):
    """How one generator says a line: its logger, at the issue's level. A voice whose
    generator shows info lines only when asked (Pelican without -v) sets `quiet_info`:
    the robots.txt advice, which the user must act on, then joins the summary line."""

    def issue(self, said: Said) -> None:
        """Say one issue."""

    def summary(self, text: str) -> None:
        """Say the build's summary line."""


class Counts(NamedTuple):
    """How many issues of a report were errors and warnings (info lines are neither)."""

    errors: int = 0
    warnings: int = 0


class Reporter:
    """Says a build's issues through `voice`, spelt as `spelling` says, in the order
    noted; counts the errors and warnings said, from which the build's failure is told."""

    __slots__ = ("voice", "spelling", "counts", "_pending")

    def __init__(self, voice: Voice, spelling: Spelling | None = None) -> None:
        self.voice = voice
        self.spelling = spelling or Spelling()
        self.counts = Counts()
        self._pending: list[Issue] = []

    def said(self, issue: Issue) -> Said:
        """The issue as it is said: `[code] where (field): message`."""
        where = issue.page or self.spelling.site_file
        field = self.spelling.name_of(issue)
        place = f"{where} ({field})" if where and field else where or field
        return Said(issue, where, field, f"{place}: {issue.message}" if place else issue.message)

    def note(self, issues: Iterable[Issue]) -> None:
        """Issues to say at the next `say`."""
        self._pending.extend(issues)

    def say(self, summary: str = "") -> None:
        """Say every issue noted since the last call, then `summary` when given."""
        from ..writing.robots import is_robots_advice  # the write path's: loaded once said

        issues, self._pending = self._pending, []
        errors, warnings = self.counts
        quiet = getattr(self.voice, "quiet_info", False)
        advice = []
        for issue in issues:
            if quiet and is_robots_advice(issue):
                advice.append(issue.message)
                continue
            self.voice.issue(self.said(issue))
            errors += issue.level == "error"
            warnings += issue.level == "warning"
        if summary:
            self.voice.summary("; ".join([summary, *advice]))
        self.counts = Counts(errors, warnings)


class Silent:
    """The voice of a build that says nothing (no sitemap asked for yet)."""

    def issue(self, said: Said) -> None:
        """Say nothing."""

    def summary(self, text: str) -> None:
        """Say nothing."""
