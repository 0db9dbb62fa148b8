"""A news article, `<news:news>`, as an adapter gives it; and the checks and rendering
every media value shares (`media` adds images and videos).

Apart from `media` so that an adapter that makes news articles loads no image or video
value until a build writes them.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from dataclasses import dataclass

from ..protocol.extensions import NEWS_CHECKS, NEWS_DAYS, Check, news_language
from ..protocol.sitemaps import Level
from . import dates, urls
from .codes import Code
from .report import Issue


class _Checker:
    """Checks one value's fields, collecting issues named for the page and element."""

    def __init__(self, code: Code, page: str) -> None:
        self.code = code
        self.page = page
        self.issues: list[Issue] = []

    def issue(self, field: str, message: str, level: Level = "warning") -> None:
        self.issues.append(Issue(self.code, self.page, f"{self.code}.{field}", message, level))

    def value(self, checks: dict[str, Check], field: str, text: str, what: str) -> str | None:
        """`text` if it passes its rule; else None, after an issue saying `what` happens."""
        problem = checks[field](text)
        if problem is not None:
            self.issue(field, f"<{self.code}:{field}> {problem[0]}: {what}")
            return None
        return text

    def url(
        self, checks: dict[str, Check], field: str, value: str, base_url: str, what: str
    ) -> str | None:
        try:
            text = urls.encode(urls.join(base_url, value.strip()))
        except (ValueError, UnicodeError) as exc:
            self.issue(field, f"<{self.code}:{field}> {value!r} is not a valid URL ({exc}): {what}")
            return None
        return self.value(checks, field, text, what)


def _clean(text: str) -> str:
    """Text as XML 1.0 can hold it, edges trimmed and inner runs of space kept."""
    return _xml_invalid().sub("", text).strip()


@functools.cache
def _xml_invalid() -> re.Pattern[str]:
    """The characters XML 1.0 cannot hold; compiled on first use (a run with media)."""
    return re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _deeper(indent: str, levels: int = 1) -> str:
    """The indent `levels` in from a `<url>` child's (`writer`'s: "" or a newline and a pad)."""
    return indent + indent[1:] * levels


def _element(prefix: str, name: str, text: str, indent: str, attributes: str = "") -> str:
    return f"{indent}<{prefix}:{name}{attributes}>{urls.escape(text)}</{prefix}:{name}>"


def _date_text(value: dt.date | dt.datetime | str) -> str:
    """W3C Datetime of a date, a datetime (naive: UTC) or a date string it can parse."""
    if isinstance(value, str):
        try:
            parsed = dates.parse(value)
        except ValueError:
            return value.strip()  # fails its check, which names it
        return dates.to_w3c(parsed)
    if isinstance(value, dt.datetime) and value.tzinfo is None:
        value = value.replace(tzinfo=dt.UTC)
    return dates.to_w3c(value)


@dataclass(frozen=True, slots=True)
class News:
    """A news article: `<news:news>`. An empty `name` or `language` takes the site's
    (`news_publication`, `news_language` options); `language` may be a locale (`en_US`)."""

    title: str
    publication_date: dt.date | dt.datetime | str
    name: str = ""
    language: str = ""

    def checked(
        self, page: str = "", name: str = "", language: str = ""
    ) -> tuple[News | None, list[Issue]]:
        """This article ready to write, `name` and `language` filling empty fields; None
        (and why) when a field fails: the page stays in the sitemap, not in the news."""
        check = _Checker(Code.NEWS, page)
        gone = "left out of the news sitemap"
        values = {
            "name": _clean(self.name or name),
            "title": _clean(self.title),
            "language": news_language(self.language or language),
            "publication_date": _date_text(self.publication_date),
        }
        for field, text in values.items():
            if check.value(NEWS_CHECKS, field, text, gone) is None:
                return None, check.issues
        return News(**values), check.issues

    def recent(self, now: dt.datetime, days: float = NEWS_DAYS) -> bool:
        """Published within the `days` before `now` (a date counts from its midnight UTC)."""
        return in_news_window(self.publication_date, now, days)

    def xml(self, indent: str = "") -> str:
        """The `<news:news>` element of a checked article."""
        inner, innermost = _deeper(indent), _deeper(indent, 2)
        return (
            f"{indent}<news:news>{inner}<news:publication>"
            f"{_element('news', 'name', self.name, innermost)}"
            f"{_element('news', 'language', self.language, innermost)}"
            f"{inner}</news:publication>"
            f"{_element('news', 'publication_date', str(self.publication_date), inner)}"
            f"{_element('news', 'title', self.title, inner)}{indent}</news:news>"
        )


def in_news_window(
    published: dt.date | dt.datetime | str, now: dt.datetime, days: float = NEWS_DAYS
) -> bool:
    """True when `published` is within the `days` before `now` (not after it).

    A date counts from its midnight UTC; a naive `now` or datetime is UTC. An
    unreadable date is never recent.
    """
    try:
        value = dates.parse(published)
    except ValueError:
        return False
    when = dates.sort_key(value)
    end = now.replace(tzinfo=now.tzinfo or dt.UTC).timestamp()
    return end - days * 86400 <= when <= end
