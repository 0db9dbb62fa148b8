"""The option values: each option's raw value (any generator's spelling) checked and
converted to what `Settings` holds, or TypeError/ValueError saying why not."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ..protocol.extensions import language_problem, news_language
from ..protocol.grammar import valid_hreflang
from ..protocol.indexnow import endpoint_url, key_problem
from ..protocol.sitemaps import MAX_BYTES, ChangeFreq
from ..values.page import hreflang
from .table import (
    FORMATS,
    GZIP_MODES,
    LASTMOD_SOURCES,
    MAX_URLS,
    URL_ERROR_MODES,
    VALIDATE_MODES,
    Rule,
)


def _choice(value: Any, allowed: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(f"{value!r} is not one of {', '.join(allowed)}")
    return value


def _int(value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{value!r} is not a whole number from {low} to {high}")
    return value


def _strings(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise TypeError(f"{value!r} is not a list of strings")
    return tuple(value)


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
    return Rule(
        match=value["match"],
        changefreq=parse_changefreq(freq) if freq is not None else None,
        priority=parse_priority(prio) if prio is not None else None,
    )


def convert(name: str, value: Any, root: Path | None) -> Any:
    """What `Settings` holds for option `name` given `value` (not its default), or
    TypeError/ValueError; a relative `cache_dir` is taken from `root`."""
    match name:
        case "filename":
            if not isinstance(value, str) or not value or "/" in value or "\\" in value:
                raise ValueError(f"{value!r} is not a plain file name")
            return value
        case "formats":
            formats = tuple(dict.fromkeys(_strings(value)))
            for f in formats:
                _choice(f, FORMATS)
            if not formats:
                raise ValueError("at least one format is needed")
            return formats
        case "gzip":
            if isinstance(value, bool):
                return "also" if value else "no"
            return _choice(value, GZIP_MODES)
        case "gzip_level":
            return _int(value, 1, 9)
        case "lastmod":
            return _choice(value, LASTMOD_SOURCES)
        case "timezone":
            if not isinstance(value, str):
                raise TypeError(f"{value!r} is not a zone name")
            try:
                return ZoneInfo(value) if value else dt.UTC
            except (ZoneInfoNotFoundError, ValueError):
                raise ValueError(f"{value!r} is not a known time zone") from None
        case "exclude" | "extra_urls" | "robots_feeds":
            return _strings(value)
        case "exclude_regex":
            try:
                return tuple(re.compile(p) for p in _strings(value))
            except re.error as exc:
                raise ValueError(f"bad regular expression: {exc}") from None
        case "rules":
            if not isinstance(value, (list, tuple)):
                raise TypeError(f"{value!r} is not a list of rules")
            return tuple(parse_rule(v) for v in value)
        case "changefreq":
            return parse_changefreq(value) if value != "" else None
        case "priority":
            return parse_priority(value)
        case "x_default":
            if value == "":
                return ""
            if value is False or (isinstance(value, str) and value.strip().lower() == "false"):
                return False
            if not isinstance(value, str) or not valid_hreflang(hreflang(value.strip())):
                raise ValueError(f"{value!r} is not a language code (like en or pt-BR) nor false")
            return hreflang(value.strip())
        case "robots_txt":
            if isinstance(value, str) and value.strip().lower() in ("true", "false"):
                value = value.strip().lower() == "true"
            if not isinstance(value, bool) and value != "auto":
                raise ValueError(f"{value!r} is not auto, true or false")
            return value
        case "validate":
            return _choice(value, VALIDATE_MODES)
        case "invalid_urls":
            return _choice(value, URL_ERROR_MODES)
        case "max_urls":
            return _int(value, 1, MAX_URLS)
        case "max_bytes":
            return _int(value, 1024, MAX_BYTES)
        case "cache_dir":
            if not isinstance(value, str):
                raise TypeError(f"{value!r} is not a folder path")
            path = Path(value).expanduser()
            return path if path.is_absolute() or root is None else root / path
        case "seed_sitemap":
            if not isinstance(value, str):
                raise TypeError(f"{value!r} is not a path or URL")
            return value
        case "indent":
            return _int(value, 0, 8)
        case "indexnow_key":
            if not isinstance(value, str):
                raise TypeError(f"{value!r} is not a key")
            problem = key_problem(value) if value else None
            if problem:
                raise ValueError(problem)
            return value
        case "indexnow_endpoints":
            return tuple(endpoint_url(e) for e in _strings(value))
        case "news_publication":
            if not isinstance(value, str):
                raise TypeError(f"{value!r} is not a name")
            return value.strip()
        case "news_language":
            code = news_language(value.strip()) if isinstance(value, str) and value else ""
            if not isinstance(value, str) or (code and language_problem(code)):
                raise ValueError(f"{value!r} is not an ISO 639 language code (en, fr, zh-cn)")
            return code
        case "news_days":
            return _int(value, 1, 30)
        case "submit" | "html_map" | "images" | "videos" | "news":
            if not isinstance(value, bool):
                raise TypeError(f"{value!r} is not true or false")
            return value
        case "html_map_path":
            return _map_path(value)
        case "html_map_max_links":
            return _int(value, 3, MAX_URLS)
    raise AssertionError(name)  # every option is handled above


def _map_path(value: Any) -> str:
    """A site-relative page path for the site map: a folder (`sitemap/`) or a `.html` file."""
    if not isinstance(value, str):
        raise TypeError(f"{value!r} is not a path")
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
