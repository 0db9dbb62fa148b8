"""Image, video and news sitemap extensions: their namespaces, limits, children and value
rules, the writer's and the checker's alike.

Google reads three extensions of the sitemap protocol (it retired the mobile and
code-search ones, which are left out):

- images, `xmlns:image`: up to 1,000 `<image:image><image:loc>` in a `<url>`, the image
  URL on any host; `caption`, `title`, `geo_location`, `license` are deprecated and never
  written;
- videos, `xmlns:video`: `<video:video>` with `thumbnail_loc`, `title`, `description` and
  a `content_loc` or `player_loc`, then optional fields, in `VIDEO_CHILDREN` order;
- news, `xmlns:news`: one `<news:news>` (publication name and language, publication date,
  title) per `<url>`, for articles of the last `NEWS_DAYS` days, 1,000 URLs per file.

Each value rule is written once, in `*_CHECKS`, for the values
(`values.media`) and the checker (`checking.extensions`) alike.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from decimal import Decimal

from .grammar import Problem, lastmod_problem, loc_problem, short

IMAGE_NS = "http://www.google.com/schemas/sitemap-image/1.1"
VIDEO_NS = "http://www.google.com/schemas/sitemap-video/1.1"
NEWS_NS = "http://www.google.com/schemas/sitemap-news/0.9"
NAMESPACES = {"image": IMAGE_NS, "video": VIDEO_NS, "news": NEWS_NS}

MAX_IMAGES = 1000  # per <url>
MAX_NEWS_URLS = 1000  # per file
MAX_DESCRIPTION = 2048  # characters
MAX_TAGS = 32
MAX_DURATION = 28_800  # seconds (8 hours)
MAX_UPLOADER = 255  # characters
NEWS_DAYS = 2  # Google News reads articles published in the last two days

# The video children in the schema's order; `tag` may repeat (up to MAX_TAGS).
VIDEO_CHILDREN = (
    "thumbnail_loc",
    "title",
    "description",
    "content_loc",
    "player_loc",
    "duration",
    "expiration_date",
    "rating",
    "view_count",
    "publication_date",
    "family_friendly",
    "restriction",
    "platform",
    "requires_subscription",
    "uploader",
    "live",
    "tag",
)
VIDEO_REQUIRED = ("thumbnail_loc", "title", "description")
NEWS_CHILDREN = ("publication", "publication_date", "title")
PUBLICATION_CHILDREN = ("name", "language")
# Children the schemas still hold but Google ignores: never written, a warning when read.
IMAGE_DEPRECATED = frozenset({"caption", "title", "geo_location", "license"})
VIDEO_DEPRECATED = frozenset(
    {"category", "gallery_loc", "price", "tvshow", "id", "content_segment_loc"}
)
NEWS_DEPRECATED = frozenset({"access", "genres", "keywords", "stock_tickers"})
# Google's retired extensions, and how a reader recognises a misspelt live one.
RETIRED_NS = {
    "http://www.google.com/schemas/sitemap-mobile/1.0": "mobile",
    "http://www.google.com/codesearch/schemas/sitemap/1.0": "code search",
}
GOOGLE_NS_PREFIX = "http://www.google.com/schemas/sitemap-"

Check = Callable[[str], Problem]

# Patterns as text, compiled by `re` (and kept in its cache) when a media or news value is
# first checked: importing the rules compiles none.
_COUNTRIES = r"[A-Z]{2}(?: +[A-Z]{2})*"
_PLATFORMS = r"(?:web|mobile|tv)(?: +(?:web|mobile|tv))*"
_YES_NO = frozenset({"yes", "no", "Yes", "No", "YES", "NO"})  # the schema's tYesNo
_RATING = r"\d+(?:\.\d*)?|\.\d+"
_LANGUAGE = r"zh-cn|zh-tw|[a-z]{2,3}"
_CHINESE = {
    "hans": "zh-cn",
    "cn": "zh-cn",
    "sg": "zh-cn",
    "my": "zh-cn",
    "hant": "zh-tw",
    "tw": "zh-tw",
    "hk": "zh-tw",
    "mo": "zh-tw",
}


# -- value rules (the writer's and the validator's) ------------------------------------


def url_problem(text: str) -> Problem:
    """An absolute http(s) URL, RFC 3986-clean, at most 2,048 characters (as `<loc>`)."""
    problem = loc_problem(text)
    return (f"{short(text)!r} {problem}", "error") if problem else None


def _text(limit: int | None = None) -> Check:
    def check(text: str) -> Problem:
        if not text.strip():
            return "is empty", "error"
        if limit is not None and len(text) > limit:
            return f"is {len(text):,} characters long (at most {limit:,})", "error"
        return None

    return check


def _integer(low: int, high: int | None) -> Check:
    span = f"from {low:,} to {high:,}" if high is not None else f"of {low} or more"

    def check(text: str) -> Problem:
        value = text.strip()
        if value.isascii() and value.isdigit() and low <= int(value) <= (high or int(value)):
            return None
        return f"{short(value)!r} is not a whole number {span}", "error"

    return check


def _rating(text: str) -> Problem:
    value = text.strip()
    if re.fullmatch(_RATING, value) and Decimal(value) <= 5:
        return None
    return f"{short(value)!r} is not a rating from 0.0 to 5.0", "error"


def _yes_no(text: str) -> Problem:
    return None if text.strip() in _YES_NO else (f"{short(text)!r} is not yes or no", "error")


def _countries(text: str) -> Problem:
    if re.fullmatch(_COUNTRIES, text.strip()):
        return None
    if not text.strip():
        return "lists no country", "warning"
    return (
        f"{short(text)!r} is not a space-separated list of ISO 3166 country codes (like IE GB US)",
        "error",
    )


def _platforms(text: str) -> Problem:
    if re.fullmatch(_PLATFORMS, text.strip()):
        return None
    return f"{short(text)!r} is not a space-separated list of web, mobile, tv", "error"


def relationship_problem(value: str | None) -> Problem:
    """`relationship` of `<video:restriction>` and `<video:platform>`: allow or deny."""
    if value in ("allow", "deny"):
        return None
    return f"relationship={value!r} is not allow or deny (and is required)", "error"


def language_problem(text: str) -> Problem:
    """A news language: an ISO 639 code of 2 or 3 letters, or zh-cn / zh-tw."""
    if re.fullmatch(_LANGUAGE, text):
        return None
    return (
        f"{short(text)!r} is not an ISO 639 language code (2 or 3 lower-case letters, "
        "or zh-cn, zh-tw)",
        "error",
    )


IMAGE_CHECKS: dict[str, Check] = {"loc": url_problem}
VIDEO_CHECKS: dict[str, Check] = {
    "thumbnail_loc": url_problem,
    "title": _text(),
    "description": _text(MAX_DESCRIPTION),
    "content_loc": url_problem,
    "player_loc": url_problem,
    "duration": _integer(1, MAX_DURATION),
    "expiration_date": lastmod_problem,
    "rating": _rating,
    "view_count": _integer(0, None),
    "publication_date": lastmod_problem,
    "family_friendly": _yes_no,
    "restriction": _countries,
    "platform": _platforms,
    "requires_subscription": _yes_no,
    "uploader": _text(MAX_UPLOADER),
    "uploader_info": url_problem,
    "live": _yes_no,
    "tag": _text(),
}
NEWS_CHECKS: dict[str, Check] = {
    "name": _text(),
    "language": language_problem,
    "publication_date": lastmod_problem,
    "title": _text(),
}


def news_language(locale: str) -> str:
    """A site's locale as a news language code: `en_US` is `en`, `zh_Hant` is `zh-tw`,
    `zh-CN` is `zh-cn`; what cannot be one is returned as given (and fails the check)."""
    parts = locale.strip().lower().replace("_", "-").split("-")
    if parts[0] == "zh" and len(parts) > 1:
        return next((_CHINESE[p] for p in parts[1:] if p in _CHINESE), "zh-cn")
    return parts[0] if re.fullmatch(_LANGUAGE, parts[0]) else locale
