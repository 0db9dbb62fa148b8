"""`Reporter`: a build's issues and its summary line, said through a generator's log.

Every generator and the command line say an issue the same way: its code, where it is
(the page as the generator names it, else the option's file) and the field as the user
wrote it, then the message: `[code] where (field): message`. What differs is only the
voice, the generator's own logger, which an adapter hands in as a `Voice`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple, Protocol

from ..values.report import Issue


class Voice(Protocol):
    """How one generator says a line: its logger, at the issue's level."""

    def issue(self, issue: Issue, text: str) -> None:
        """Say `issue`, worded as `text` (`Reporter.describe`)."""

    def summary(self, text: str) -> None:
        """Say the build's summary line."""


class Counts(NamedTuple):
    """How many issues of a report were errors and warnings (info lines are neither)."""

    errors: int = 0
    warnings: int = 0


class Reporter:
    """Says issues through `voice`, each worded by `describe`; `site_file` names where a
    site-wide issue (an option, the base URL) is to be fixed: `mkdocs.yml`, `conf.py`."""

    __slots__ = ("voice", "site_file")

    def __init__(self, voice: Voice, site_file: str = "") -> None:
        self.voice = voice
        self.site_file = site_file

    def describe(self, issue: Issue) -> str:
        """`[code] where (field): message`."""
        where = issue.page or self.site_file
        field = f" ({issue.field})" if issue.field else ""
        place = f" {where}{field}" if where or field else ""
        return f"[{issue.code}]{place}: {issue.message}"

    def report(self, issues: Iterable[Issue], summary: str = "") -> Counts:
        """Say every issue, then `summary` when given; the errors and warnings said."""
        errors = warnings = 0
        for issue in issues:
            self.voice.issue(issue, self.describe(issue))
            errors += issue.level == "error"
            warnings += issue.level == "warning"
        if summary:
            self.voice.summary(summary)
        return Counts(errors, warnings)
