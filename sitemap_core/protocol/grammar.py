"""The grammars of single values: a `<loc>` (RFC 3986, http(s), at most 2,048
characters), a `<lastmod>` (W3C Datetime as the schema takes it), a `<changefreq>`, a
`<priority>`, an hreflang tag. Each check says why a value is wrong, or returns None."""

from __future__ import annotations

import calendar
import functools
import re
from collections.abc import Callable
from decimal import Decimal
from urllib.parse import unquote, urlsplit

from .sitemaps import CHANGEFREQS, MAX_LOC, MIN_LOC, Level

Problem = tuple[str, Level] | None
Origin = tuple[str, str, int]  # scheme, host, port

# RFC 3986's characters, as `uri()` allows them in each part.
_UNRESERVED = r"A-Za-z0-9\-._~"
_SUB_DELIMS = r"!$&'()*+,;="
_PCT = r"%[0-9A-Fa-f]{2}"
_PCHAR = rf"(?:[{_UNRESERVED}{_SUB_DELIMS}:@]++|{_PCT})"
# What may follow a valid loc's authority for `uri()` to find the same parts: a path only.
PATH_ONLY = re.compile(rf"(?:[{_UNRESERVED}{_SUB_DELIMS}:@/]++|{_PCT})*+")
_URI_CHARS = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%"
)
LONE_PERCENT = re.compile(r"%(?![0-9A-Fa-f]{2})")  # a `%` that starts no escape
DEFAULT_PORTS = {"http": 80, "https": 443}
# A URL's path, as RFC 3986 appendix B splits it off: after scheme and authority, before
# the query and the fragment. Any string matches, so it never raises.
_URL_PATH = re.compile(r"(?:[^:/?#]+:)?(?://[^/?#]*)?([^?#]*)")

_DECIMAL = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)")

# The three longest patterns are compiled on first use (a millisecond between them, most of
# the grammar's import): a build compiles them when it checks its first URL and date.


@functools.cache
def uri() -> re.Pattern[str]:
    """RFC 3986, restricted to http(s) with a host: each part with only the characters it
    allows (`scheme`, `host`, `port`, `path` and `fragment` groups)."""
    return re.compile(
        r"(?P<scheme>[hH][tT][tT][pP][sS]?)://"
        rf"(?:(?:[{_UNRESERVED}{_SUB_DELIMS}:]++|{_PCT})*+@)?"
        rf"(?P<host>\[[0-9A-Fa-f:.]+\]|\[[vV][0-9A-Fa-f]+\.[{_UNRESERVED}{_SUB_DELIMS}:]+\]"
        rf"|(?:[{_UNRESERVED}{_SUB_DELIMS}]++|{_PCT})++)"
        r"(?::(?P<port>[0-9]*))?"
        rf"(?P<path>(?:/{_PCHAR}*+)*+)"
        rf"(?:\?(?:{_PCHAR}|[/?]++)*+)?"
        rf"(?P<fragment>#(?:{_PCHAR}|[/?]++)*+)?"
    )


@functools.cache
def _datetime() -> re.Pattern[str]:
    """W3C Datetime and the schema's xsd:date | xsd:dateTime, in one shape to classify."""
    return re.compile(
        r"(\d{4})(?:-(\d\d)(?:-(\d\d)(?:T(\d\d):(\d\d)(?::(\d\d)(\.\d+)?)?)?)?)?"
        r"(Z|[+-]\d\d:\d\d)?"
    )


@functools.cache
def _good_datetime() -> re.Pattern[str]:
    """The dates and times every reader accepts, in the shape writers give them (a day past
    the 28th only in a month that has it, no leap day): good without `_lastmod_problem`'s
    checks."""
    return re.compile(
        r"(?!0000)[0-9]{4}-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1[0-9]|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)"
        r"|(?:0[13578]|1[02])-31)(?:T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\.[0-9]+)?"
        r"(?:Z|[+-](?:0[0-9]|1[0-3]):[0-5][0-9]|[+-]14:00))?"
    )


def short(text: str, limit: int = 100) -> str:
    """`text`, cut to `limit` characters with "..." when longer, for a message."""
    return text if len(text) <= limit else text[:limit] + "..."


def valid_hreflang(code: str) -> bool:
    """True for a language tag a sitemap alternate may carry (`en`, `pt-BR`, `x-default`)."""
    return _hreflang().fullmatch(code) is not None


@functools.cache
def _hreflang() -> re.Pattern[str]:
    """BCP 47 language tags (RFC 5646 syntax) whose language is an ISO 639 code of 2 or 3
    letters, as hreflang wants (not the reserved 4-8 letter subtags), or x-default.
    Compiled on first use (a millisecond): only alternates and `x_default` need it."""
    return re.compile(
        r"x-default"
        r"|[a-z]{2,3}(?:-[a-z]{3}){0,3}"
        r"(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?"
        r"(?:-(?:[a-z\d]{5,8}|\d[a-z\d]{3}))*"
        r"(?:-[a-wyz\d](?:-[a-z\d]{2,8})+)*(?:-x(?:-[a-z\d]{1,8})+)?"
        r"|x(?:-[a-z\d]{1,8})+",
        re.IGNORECASE,
    )


def loc_problem(url: str) -> str | None:
    """Why `url` cannot be a `<loc>` (not absolute http(s), not RFC 3986, too long...),
    or None when it can."""
    return loc_parts(url)[0]


def loc_parts(url: str) -> tuple[str | None, Origin | None, int, bool]:
    """(problem, origin, path start, has fragment) for one URL; problem None when valid.

    The path start is the index of the path in `url`, -1 when the path is empty ("/").
    """
    if len(url) > MAX_LOC:
        return f"is {len(url):,} characters long (at most {MAX_LOC:,})", None, -1, False
    match = uri().fullmatch(url)
    if match is None:
        return _diagnose(url), None, -1, False
    if len(url) < MIN_LOC:
        return (
            f"is shorter than {MIN_LOC} characters, the schema's minimum for a <loc>",
            None,
            -1,
            False,
        )
    scheme = match["scheme"].lower()
    port_text = match["port"]
    if port_text:
        port = int(port_text)
        if port > 65535:
            return f"has port {port}, above 65535", None, -1, False
    else:
        port = DEFAULT_PORTS[scheme]
    start = match.start("path") if match["path"] else -1
    return None, (scheme, match["host"].lower(), port), start, bool(match["fragment"])


def _diagnose(url: str) -> str:
    """Why `uri()` refused a URL, in words."""
    if not url:
        return "is empty"
    head = url[:8].lower()
    if not (head.startswith(("http://", "https://"))):
        return "is not an absolute http(s) URL"
    for position, char in enumerate(url):
        if char not in _URI_CHARS:
            encoded = "".join(f"%{b:02X}" for b in char.encode("utf-8", "replace"))
            return (
                f"has {char!r} at position {position + 1}, which a URL may not hold "
                f"unencoded (percent-encode it: {encoded})"
            )
    bad = LONE_PERCENT.search(url)
    if bad:
        return f"has a '%' at position {bad.start() + 1} not followed by two hex digits"
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises for a bad port
    except ValueError as exc:
        return f"is not a valid URL ({exc})"
    if not parts.hostname:
        return "has no host"
    return "is not a valid RFC 3986 URL ('[', ']' only around an IPv6 host; '#' once)"


def part_name(loc: str) -> str:
    """The file an index entry names: the last segment of its URL's path, decoded
    (`https://example.com/sitemap-1.xml.gz?v=2` names `sitemap-1.xml.gz`); "" for none."""
    return unquote(_URL_PATH.match(loc.strip())[1].rpartition("/")[2])  # type: ignore[index]


def part_paths(loc: str, depth: int = 4) -> list[str]:
    """Where the file an index entry names may be, relative to the index's folder: the
    last 1 to `depth` segments of its URL's path, decoded, longest first
    (`https://example.org/2.0/sitemap.xml`: `2.0/sitemap.xml`, then `sitemap.xml`). A
    root index of a versioned site lists parts in folders; segments that would climb
    (`..`) or are empty end the list."""
    segments = unquote(_URL_PATH.match(loc.strip())[1]).split("/")[1:]  # type: ignore[index]
    found: list[str] = []
    for size in range(1, min(depth, len(segments)) + 1):
        tail = segments[-size:]
        if any(part in ("", ".", "..") for part in tail):
            break
        found.append("/".join(tail))
    return found[::-1]


def origin_text(origin: Origin) -> str:
    """`scheme://host`, with the port when it is not the scheme's default."""
    scheme, host, port = origin
    return f"{scheme}://{host}" + ("" if port == DEFAULT_PORTS[scheme] else f":{port}")


def lastmod_problem(value: str) -> Problem:  # the one W3C Datetime rule
    """Why `value` is not a lastmod both W3C Datetime and the schema accept, with the
    level, or None for a good one."""
    if _good_datetime().fullmatch(value):
        return None
    return _lastmod_problem(value)


def _lastmod_problem(value: str) -> Problem:
    """`lastmod_problem` for any value, good or bad: its whole rule."""
    text = value.strip()
    match = _datetime().fullmatch(text)
    problem = _datetime_range(match) if match else "is not a W3C Datetime"
    if problem:
        return (
            f"{short(text)!r} {problem} (write YYYY-MM-DD or YYYY-MM-DDThh:mm:ss with "
            "a zone, like 2024-05-01T13:30:00+02:00)",
            "error",
        )
    assert match is not None
    _year, _month, day, hour, _minute, second, _frac, zone = match.groups()
    has_time = hour is not None
    w3c = (zone is not None) == has_time and not (has_time and hour == "24")
    xsd = day is not None and (not has_time or second is not None)
    if w3c and xsd:
        return None
    if not w3c and not xsd:
        return (
            f"{text!r} is neither a W3C Datetime nor a date the sitemaps.org schema "
            "accepts (write YYYY-MM-DD or YYYY-MM-DDThh:mm:ssTZD)",
            "error",
        )
    if not xsd:
        return (
            f"{text!r} is W3C Datetime, but the sitemaps.org schema rejects it (it "
            "needs a full date, and seconds in a time)",
            "warning",
        )
    if has_time and zone is None:
        return (
            f"{text!r} has a time without a zone; W3C Datetime needs one (Z or "
            "+hh:mm), else each reader guesses",
            "warning",
        )
    return (
        f"{text!r} is accepted by the schema but is not W3C Datetime (a zone on a "
        "date, or 24:00:00)",
        "warning",
    )


def _datetime_range(match: re.Match[str]) -> str | None:
    year, month, day, hour, minute, second, frac, zone = match.groups()
    if int(year) == 0:
        return "has year 0000"
    if month is not None and not 1 <= int(month) <= 12:
        return "has no such month"
    if (
        day is not None
        and not 1 <= int(day) <= 28
        and not (int(day) <= calendar.monthrange(int(year), int(month))[1])
    ):
        return "has no such day"
    if hour is not None:
        h, m, sec = int(hour), int(minute), int(second or 0)
        end_of_day = h == 24 and m == 0 and sec == 0 and not (frac or "").strip(".0")
        if not end_of_day and (h > 23 or m > 59 or sec > 59):
            return "has no such time"
    if zone not in (None, "Z"):
        zh, zm = int(zone[1:3]), int(zone[4:6])
        if zm > 59 or zh > 14 or (zh == 14 and zm):
            return "has a zone offset outside -14:00 to +14:00"
    return None


def changefreq_problem(value: str) -> Problem:
    """Why `value` is not one of the seven change frequencies, or None."""
    if value in CHANGEFREQS:
        return None
    hint = ""
    if value.strip().lower() in CHANGEFREQS:
        hint = f" (write {value.strip().lower()!r}: lower case, no spaces)"
    return (
        f"{short(value)!r} is not a changefreq; use one of {', '.join(sorted(CHANGEFREQS))}{hint}",
        "error",
    )


def priority_problem(value: str) -> Problem:
    """Why `value` is not a decimal from 0.0 to 1.0, or None."""
    text = value.strip()
    # xsd:decimal: no exponent, no inf/nan; "-0" and "-0.0" equal 0 and so pass.
    if _DECIMAL.fullmatch(text) and 0 <= Decimal(text) <= 1:
        return None
    return f"{short(text)!r} is not a decimal from 0.0 to 1.0", "error"


# The checks of the values a <url> or <sitemap> holds, by element name.
VALUE_CHECKS: dict[str, Callable[[str], Problem]] = {
    "lastmod": lastmod_problem,
    "changefreq": changefreq_problem,
    "priority": priority_problem,
}
