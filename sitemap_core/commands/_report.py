"""Report lines, as every command prints them: `level code where: message`."""

from __future__ import annotations

from collections.abc import Sequence

import click

from ..inventory.reporter import Said
from ..values.report import Issue


def issue_line(issue: Issue) -> str:
    """`level code where: message`; where is the file:line, URL, page or option."""
    where = issue.page or issue.field
    where = f" {where}" if where else ""
    return f"{issue.level} {issue.code}{where}: {issue.message}"


class Echo:
    """The command line's voice for a build: `level code where (field): message`, then
    the summary."""

    def issue(self, said: Said) -> None:
        issue = said.issue
        field = f" ({said.field})" if said.where and said.field else said.field
        place = f" {said.where}{field}" if said.where else f" {field}" if field else ""
        click.echo(f"{issue.level} {issue.code}{place}: {issue.message}")

    def summary(self, text: str) -> None:
        click.echo(text)


def counts(issues: Sequence[Issue]) -> tuple[int, int]:
    """(errors, warnings); info lines are neither."""
    errors = sum(1 for i in issues if i.level == "error")
    return errors, sum(1 for i in issues if i.level == "warning")


def plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
