"""The option values: the checks the option table's kinds use, each turning a raw value
(any generator's) into what `Settings` holds, or raising ValueError saying why not; and
`Rule`, a `rules` item."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ..protocol.extensions import language_problem, news_language
from ..protocol.grammar import valid_hreflang
from ..protocol.indexnow import key_problem
from ..protocol.sitemaps import ChangeFreq
from ..values.page import hreflang


@dataclass(frozen=True, slots=True)
class Rule:
    """Defaults for pages whose site-relative path matches `match` (a glob)."""

    match: str
    changefreq: ChangeFreq | None = None
    priority: float | None = None


def parse_changefreq(value: Any) -> ChangeFreq:
    """A `ChangeFreq` from its name (any case), or ValueError."""
    try:
        return ChangeFreq(str(value).strip().lower())
    except ValueError:
        raise ValueError(
            f"{value!r} is not a changefreq ({', '.join(c.value for c in ChangeFreq)})"
        ) from None


def parse_priority(value: Any) -> float:
    """A priority from 0.0 to 1.0, from a number or numeric string, or ValueError."""
    try:
        number = float(value) if not isinstance(value, bool) else None
    except (TypeError, ValueError):
        number = None
    if number is None or not 0.0 <= number <= 1.0:
        raise ValueError(f"{value!r} is not a priority from 0.0 to 1.0")
    return number


def parse_rule(value: Any) -> Rule:
    """A `Rule` from a `{match, changefreq, priority}` mapping, or ValueError."""
    if not isinstance(value, Mapping) or not isinstance(value.get("match"), str):
        raise ValueError(f"rule {value!r} needs a 'match' glob")
    extra = set(value) - {"match", "changefreq", "priority"}
    if extra:
        raise ValueError(f"rule {value!r} has unknown keys {sorted(extra)}")
    freq = value.get("changefreq")
    prio = value.get("priority")
    try:
        return Rule(
            match=value["match"],
            changefreq=parse_changefreq(freq) if freq is not None else None,
            priority=parse_priority(prio) if prio is not None else None,
        )
    except ValueError as exc:
        raise ValueError(f"rule {value!r}: {exc}") from None


def file_name(value: str) -> str:
    """A plain file name (no folder), or ValueError."""
    if not value or "/" in value or "\\" in value:
        raise ValueError(f"{value!r} is not a plain file name")
    return value


def zone(value: str) -> dt.tzinfo:
    """The IANA zone `value` names (empty: UTC), or ValueError."""
    try:
        return ZoneInfo(value) if value else dt.UTC
    except (ZoneInfoNotFoundError, ValueError):
        raise ValueError(f"{value!r} is not a known time zone") from None


def regex(value: str) -> re.Pattern[str]:
    """`value` compiled, or ValueError."""
    try:
        return re.compile(value)
    except re.error as exc:
        raise ValueError(f"{value!r} is not a regular expression ({exc})") from None


def changefreq_or_none(value: Any) -> ChangeFreq | None:
    """A `ChangeFreq`, or None for the empty string (no changefreq)."""
    return parse_changefreq(value) if value != "" else None


def x_default(value: Any) -> str | bool:
    """A language code, `""` (the site's default language) or False (none), or ValueError."""
    if value == "":
        return ""
    if value is False or (isinstance(value, str) and value.strip().lower() == "false"):
        return False
    if not isinstance(value, str) or not valid_hreflang(hreflang(value.strip())):
        raise ValueError(f"{value!r} is not a language code (like en or pt-BR) nor false")
    return hreflang(value.strip())


def auto_or_switch(value: Any) -> bool | str:
    """`auto`, or True/False from a bool or a `true`/`false` word, or ValueError."""
    if isinstance(value, str) and value.strip().lower() in ("true", "false"):
        return value.strip().lower() == "true"
    if isinstance(value, bool):
        return value
    if value != "auto":
        raise ValueError(f"{value!r} is not auto, true or false")
    return "auto"


def indexnow_key(value: str) -> str:
    """An IndexNow key (or none: empty), or ValueError."""
    problem = key_problem(value) if value else None
    if problem:
        raise ValueError(problem)
    return value


def news_language_code(value: Any) -> str:
    """The news sitemap's form of an ISO 639 code (empty: the site's), or ValueError."""
    code = news_language(value.strip()) if isinstance(value, str) and value else ""
    if not isinstance(value, str) or (code and language_problem(code)):
        raise ValueError(f"{value!r} is not an ISO 639 language code (en, fr, zh-cn)")
    return code


def map_path(value: str) -> str:
    """A site-relative page path for the site map: a folder (`sitemap/`) or a `.html` file."""
    path = value.lstrip("/")
    if value and (
        not path.endswith(("/", ".html", ".htm"))
        or "\\" in path
        or any(part in ("", ".", "..") for part in path.rstrip("/").split("/"))
    ):
        ours = " (the XML sitemap's name)" if path.endswith((".xml", ".txt")) else ""
        raise ValueError(
            f"{value!r} is not a page path inside the site ending in '/' or '.html'{ours}"
        )
    return path
