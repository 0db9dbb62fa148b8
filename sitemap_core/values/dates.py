"""`<lastmod>` values: parsing what pages say and writing W3C Datetime."""

from __future__ import annotations

import datetime as dt
import functools
import os
import re
import stat

_YEAR_MONTH = re.compile(r"(\d{4})(?:-(\d{2}))?")


def parse(value: object, tz: dt.tzinfo = dt.UTC) -> dt.date | dt.datetime:
    """A date or aware datetime from a date, datetime or ISO 8601 / W3C string.

    Naive datetimes (and strings without a zone) are taken to be in `tz`. Raises
    ValueError for anything else, with the value in the message.
    """
    if isinstance(value, dt.datetime):
        return value if value.tzinfo else value.replace(tzinfo=tz)
    if isinstance(value, dt.date):
        return value
    if not isinstance(value, str):
        raise ValueError(f"{value!r} is not a date")
    text = value.strip()
    try:
        if len(text) == 10:
            return dt.date.fromisoformat(text)
        parsed = dt.datetime.fromisoformat(text.replace("z", "Z"))
    except ValueError:
        match = _YEAR_MONTH.fullmatch(text)
        if not match or not 1 <= int(match[2] or 1) <= 12:
            raise ValueError(f"{value!r} is not a W3C date or date-time") from None
        return dt.date(int(match[1]), int(match[2] or 1), 1)
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=tz)


def page_date(value: object, tz: dt.tzinfo = dt.UTC) -> dt.date | dt.datetime:
    """`parse` for a date a page states: a datetime at exactly midnight is its date.

    YAML, Pelican and blog plugins turn a written date (`updated: 2026-04-13`) into a
    midnight datetime; the page said a date, so it stays date-only.
    """
    found = parse(value, tz)
    if isinstance(found, dt.datetime) and not (
        found.hour or found.minute or found.second or found.microsecond
    ):
        return found.date()
    return found


def to_w3c(value: dt.date | dt.datetime) -> str:
    """W3C Datetime: `YYYY-MM-DD`, or a date-time to the second with its zone."""
    if isinstance(value, dt.datetime):
        text = (value.replace(microsecond=0) if value.microsecond else value).isoformat()
        return text[:-6] + "Z" if text.endswith("+00:00") else text
    return value.isoformat()


@functools.lru_cache(maxsize=1 << 16)  # a listing page asks again for each article it lists
def sort_key(value: dt.date | dt.datetime, tz: dt.tzinfo = dt.UTC) -> float:
    """A number that orders dates and datetimes together (a date counts as its midnight)."""
    if not isinstance(value, dt.datetime):
        value = dt.datetime(value.year, value.month, value.day, tzinfo=tz)
    return value.timestamp()


def newest(values: list[dt.date | dt.datetime]) -> dt.date | dt.datetime | None:
    """The latest of several lastmod values, or None."""
    return max(values, key=sort_key, default=None)


def file_mtime(path: str | os.PathLike[str]) -> dt.datetime | None:
    """A regular file's modification time, to the second, in UTC; None for anything else."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(found.st_mode):
        return None
    return dt.datetime.fromtimestamp(int(found.st_mtime), dt.UTC)


def stored(text: str) -> dt.date | dt.datetime | None:
    """A date or aware datetime (to the second) from a W3C Datetime kept in a file (a date
    stays a date); None for anything else."""
    try:
        value = parse(text)
    except ValueError:
        return None
    return value.replace(microsecond=0) if isinstance(value, dt.datetime) else value
