"""The robots.txt checks: its `Sitemap:` lines, each an absolute http(s) URL given once;
relative ones, which crawlers ignore, in one warning with the line to write instead."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from ..protocol.grammar import loc_parts
from ..protocol.robots import is_relative, relative_message, sitemap_value
from ..protocol.sitemaps import MAX_BYTES
from ..values.codes import Code
from ..values.report import Issue

__all__ = ["validate_robots", "robots_sitemaps", "relative_sitemaps"]


def validate_robots(path: Path, url: str | None = None) -> list[Issue]:
    """Check the `Sitemap:` lines of a robots.txt: absolute http(s) URLs, each once.

    `url` is where the robots.txt is published: with it, a relative line's issue gives
    the absolute line to write instead."""
    return robots_sitemaps(path, url)[1]


def robots_sitemaps(path: Path, url: str | None = None) -> tuple[list[str], list[Issue]]:
    """The `Sitemap:` values of a robots.txt, each once in file order (bad ones too, not
    the relative ones crawlers ignore), and the issues `validate_robots` reports."""
    path = Path(path)
    issues: list[Issue] = []
    name = path.name
    try:
        with path.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as exc:
        return [], [Issue(Code.ROBOTS, name, "", f"cannot read: {exc.strerror or exc}", "error")]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = data[: exc.start].count(b"\n") + 1
        issues.append(
            Issue(
                Code.ROBOTS,
                f"{name}:{bad}",
                "",
                "robots.txt is not UTF-8; crawlers may misread it",
            )
        )
        text = data.decode("utf-8", "replace")
    seen: dict[str, int] = {}  # valid URL -> its first line
    named: dict[str, None] = {}
    relative: list[tuple[int, str]] = []
    for number, line in enumerate(text.lstrip("\ufeff").splitlines(), 1):
        value = sitemap_value(line)
        if value is None:
            continue
        if value and is_relative(value):
            relative.append((number, value))
            continue
        if value:
            named.setdefault(value)
        where = f"{name}:{number}"
        problem = loc_parts(value)[0] if value else "is empty"
        if problem:
            issues.append(
                Issue(Code.ROBOTS, where, "Sitemap", f"Sitemap: {value!r} {problem}", "error")
            )
        elif value in seen:
            issues.append(
                Issue(
                    Code.ROBOTS,
                    where,
                    "Sitemap",
                    f"Sitemap: {value} is already given on line {seen[value]}",
                )
            )
        else:
            seen[value] = number
    issues += relative_sitemaps(relative, url, name)
    return list(named), issues


def relative_sitemaps(
    lines: Sequence[tuple[int, str]], url: str | None, name: str = "robots.txt"
) -> list[Issue]:
    """One `robots-relative` warning for the relative `Sitemap:` values of a robots.txt
    (`lines`: (line number, value)), none when there are none.

    Crawlers ignore such a line. `url` is where the robots.txt is published: the message
    then gives the absolute line to write instead (the user's file is not changed here).
    """
    if not lines:
        return []
    return [
        Issue(
            Code.ROBOTS_RELATIVE,
            f"{name}:{lines[0][0]}",
            "Sitemap",
            relative_message(list(lines), url),
        )
    ]
