"""robots.txt's `Sitemap:` line: how it is read, and what a relative one should be."""

from __future__ import annotations

import re
from urllib.parse import urljoin

from .grammar import loc_problem

_ROBOTS_SITEMAP = re.compile(r"[ \t]*sitemap[ \t]*:[ \t]*(.*?)[ \t]*", re.IGNORECASE)
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")


def sitemap_value(line: str) -> str | None:
    """The value of a robots.txt `Sitemap:` line (a trailing ` # comment` dropped), None
    for any other line."""
    match = _ROBOTS_SITEMAP.fullmatch(line.split("#", 1)[0] if " #" in line else line)
    return match[1] if match else None


def is_relative(value: str) -> bool:
    """A `Sitemap:` value without a scheme (`/sitemap.xml`, `sitemap.xml`, `//host/x`)."""
    return _SCHEME.match(value) is None


def absolute(url: str | None, value: str) -> str | None:
    """`value` resolved against the robots.txt address `url`, when that gives a valid loc."""
    if url is None:
        return None
    try:
        resolved = urljoin(url, value)
    except ValueError:
        return None
    return resolved if loc_problem(resolved) is None else None


def relative_message(lines: list[tuple[int, str]], url: str | None) -> str:
    """What a `robots-relative` warning says of the relative `Sitemap:` values `lines`
    ((line number, value), the first named): crawlers ignore them, and the line to write."""
    number, value = lines[0]
    resolved = absolute(url, value)
    fix = (
        f"write `Sitemap: {resolved}` instead"
        if resolved
        else "write the full URL instead (`Sitemap: https://example.org/sitemap.xml`)"
    )
    more = (
        f" (so are the lines {', '.join(str(n) for n, _ in lines[1:])})" if len(lines) > 1 else ""
    )
    return (
        f"`Sitemap: {value}` is a relative URL, which crawlers ignore{more}: a "
        f"Sitemap: line needs an absolute URL; {fix}"
    )
