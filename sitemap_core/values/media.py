"""Image, video and news values, as an adapter (or `facts.pagemedia`) gives them.

`checked()` returns the value ready to write (URLs absolute and percent-encoded by
`urls`, dates in W3C Datetime, flags yes/no) with `Issue`s for what was left out, and
`xml()` renders a checked value; the rules are `protocol.extensions`'.
"""

from __future__ import annotations

import datetime as dt
import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import NamedTuple

from ..protocol.extensions import (
    IMAGE_CHECKS,
    MAX_DESCRIPTION,
    MAX_IMAGES,
    MAX_TAGS,
    NAMESPACES,
    NEWS_CHECKS,
    NEWS_DAYS,
    VIDEO_CHECKS,
    VIDEO_CHILDREN,
    VIDEO_REQUIRED,
    Check,
    news_language,
    relationship_problem,
)
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
class Image:
    """An image of a page: `<image:image><image:loc>`. `loc` is absolute (any host: a
    CDN is fine) or relative to the site's base URL."""

    loc: str

    def checked(self, base_url: str, page: str = "") -> tuple[Image | None, list[Issue]]:
        """This image with its URL absolute and percent-encoded; None if it cannot be."""
        check = _Checker(Code.IMAGE, page)
        loc = check.url(IMAGE_CHECKS, "loc", self.loc, base_url, "image left out")
        return (Image(loc) if loc else None), check.issues

    def xml(self, indent: str = "") -> str:
        """The `<image:image>` element of a checked image."""
        inner = _deeper(indent)
        return (
            f"{indent}<image:image>{_element('image', 'loc', self.loc, inner)}"
            f"{indent}</image:image>"
        )


@dataclass(frozen=True, slots=True)
class Relationship:
    """`<video:restriction>` (country codes) or `<video:platform>` (web, mobile, tv):
    the values the video is shown to (`allow`) or not (`deny`)."""

    relationship: str
    values: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Video:
    """A video of a page: `<video:video>`. URLs are absolute or relative to the base URL.

    Required: `thumbnail_loc`, `title`, `description` (at most 2,048 characters) and at
    least one of `content_loc` (the media file) and `player_loc` (an embeddable player).
    Flags take bools or yes/no; dates take dates, datetimes or W3C strings.
    """

    thumbnail_loc: str | None
    title: str | None
    description: str | None
    content_loc: str | None = None
    player_loc: str | None = None
    duration: int | str | None = None
    expiration_date: dt.date | dt.datetime | str | None = None
    rating: float | str | None = None
    view_count: int | str | None = None
    publication_date: dt.date | dt.datetime | str | None = None
    family_friendly: bool | str | None = None
    restriction: Relationship | None = None
    platform: Relationship | None = None
    requires_subscription: bool | str | None = None
    uploader: str | None = None
    uploader_info: str | None = None  # the uploader's page, `<video:uploader info>`
    live: bool | str | None = None
    tags: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """How messages name this video: its media or player URL, else its title."""
        return self.content_loc or self.player_loc or self.title or "a video"

    def checked(
        self, base_url: str, loc: str = "", page: str = ""
    ) -> tuple[Video | None, list[Issue]]:
        """This video ready to write, or None (and why) when a required field fails.

        A bad optional field is left out with a warning; a description over 2,048
        characters is shortened; tags past the 32nd are dropped. `loc` is the page's URL,
        which neither `content_loc` nor `player_loc` may be.
        """
        check = _Checker(Code.VIDEO, page)
        gone = f"video {self.label} left out"
        out: dict[str, object] = {}
        for name in VIDEO_REQUIRED:
            value = getattr(self, name)
            if value is None or not _clean(value):
                check.issue(name, f"{gone}: no {name} found")
                return None, check.issues
        thumbnail = check.url(
            VIDEO_CHECKS, "thumbnail_loc", self.thumbnail_loc or "", base_url, gone
        )
        if thumbnail is None:
            return None, check.issues
        out["thumbnail_loc"] = thumbnail
        out["title"] = _clean(self.title or "")
        description = _clean(self.description or "")
        if len(description) > MAX_DESCRIPTION:
            check.issue(
                "description",
                f"video {self.label}: description shortened to "
                f"{MAX_DESCRIPTION:,} characters (it had {len(description):,})",
            )
            description = description[: MAX_DESCRIPTION - 1].rstrip() + "\u2026"
        out["description"] = description
        for name in ("content_loc", "player_loc"):
            value = getattr(self, name)
            if value is None:
                continue
            text = check.url(VIDEO_CHECKS, name, value, base_url, f"{name} left out")
            if text is not None and loc and urls.same_page(text, loc):
                check.issue(
                    name,
                    f"<video:{name}> is the page's own URL {loc}, which it may not be: left out",
                )
                text = None
            out[name] = text
        if not (out.get("content_loc") or out.get("player_loc")):
            check.issue(
                "content_loc",
                f"{gone}: it needs a content_loc (the video file) "
                "or a player_loc (an embeddable player)",
            )
            return None, check.issues
        _optional_fields(self, check, out, base_url)
        return replace(self, **out), check.issues  # type: ignore[arg-type]

    def xml(self, indent: str = "") -> str:
        """The `<video:video>` element of a checked video, children in schema order."""
        inner = _deeper(indent)
        parts = [f"{indent}<video:video>"]
        for name in VIDEO_CHILDREN:
            if name == "tag":
                parts += [_element("video", "tag", tag, inner) for tag in self.tags]
                continue
            value = getattr(self, name)
            if value is None:
                continue
            if isinstance(value, Relationship):
                parts.append(
                    _element(
                        "video",
                        name,
                        " ".join(value.values),
                        inner,
                        f' relationship="{value.relationship}"',
                    )
                )
            elif name == "uploader" and self.uploader_info:
                parts.append(
                    _element(
                        "video", name, value, inner, f' info="{urls.escape(self.uploader_info)}"'
                    )
                )
            else:
                parts.append(_element("video", name, str(value), inner))
        parts.append(f"{indent}</video:video>")
        return "".join(parts)


def _optional_fields(video: Video, check: _Checker, out: dict[str, object], base_url: str) -> None:
    """Check and convert each optional field of `video` into `out` (None when it fails)."""
    for name in ("duration", "view_count"):
        value = getattr(video, name)
        if value is not None:
            text = str(round(value)) if isinstance(value, float) else str(value).strip()
            out[name] = check.value(VIDEO_CHECKS, name, text, f"{name} left out")
    if video.rating is not None:
        text = str(video.rating).strip()
        out["rating"] = check.value(VIDEO_CHECKS, "rating", text, "rating left out")
    for name in ("expiration_date", "publication_date"):
        value = getattr(video, name)
        if value is not None:
            out[name] = check.value(VIDEO_CHECKS, name, _date_text(value), f"{name} left out")
    for name in ("family_friendly", "requires_subscription", "live"):
        value = getattr(video, name)
        if value is not None:
            text = ("yes" if value else "no") if isinstance(value, bool) else value.strip().lower()
            out[name] = check.value(VIDEO_CHECKS, name, text, f"{name} left out")
    for name in ("restriction", "platform"):
        value = getattr(video, name)
        if value is None:
            continue
        problem = relationship_problem(value.relationship)
        kept = check.value(VIDEO_CHECKS, name, " ".join(value.values), f"{name} left out")
        if problem is not None:
            check.issue(name, f"<video:{name}> {problem[0]}: left out")
        out[name] = (
            Relationship(value.relationship, tuple(kept.split()))
            if (kept is not None and problem is None)
            else None
        )
    if video.uploader is not None:
        out["uploader"] = check.value(
            VIDEO_CHECKS, "uploader", _clean(video.uploader), "uploader left out"
        )
    if out.get("uploader") and video.uploader_info is not None:
        out["uploader_info"] = check.url(
            VIDEO_CHECKS,
            "uploader_info",
            video.uploader_info,
            base_url,
            "uploader info left out",
        )
    else:
        out["uploader_info"] = None
    tags = [_clean(t) for t in video.tags if _clean(t)]
    if len(tags) > MAX_TAGS:
        check.issue(
            "tag",
            f"video {video.label} has {len(tags)} tags; only the first {MAX_TAGS} are written",
        )
    out["tags"] = tuple(tags[:MAX_TAGS])


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


# -- a <url>'s extensions and a file's namespaces --------------------------------------


class Fragment(NamedTuple):
    """The extension children of one `<url>`, and the prefixes they use."""

    xml: str
    prefixes: frozenset[str]


def media_fragment(
    images: Iterable[Image],
    videos: Iterable[Video],
    *,
    base_url: str,
    loc: str = "",
    page: str = "",
    indent: str = "",
) -> tuple[Fragment, list[Issue]]:
    """The `<image:image>` and `<video:video>` children of the `<url>` at `loc`, checked.

    Each image URL once, at most 1,000 (the rest left out with a warning); videos whose
    required fields fail are left out with a warning (`Video.checked`).
    """
    issues: list[Issue] = []
    seen: dict[str, Image] = {}
    for image in images:
        good, found = image.checked(base_url, page)
        issues += found
        if good is not None:
            seen.setdefault(good.loc, good)
    kept = list(seen.values())
    if len(kept) > MAX_IMAGES:
        issues.append(
            Issue(
                Code.IMAGE,
                page,
                "images",
                f"{len(kept):,} images; a sitemap "
                f"lists at most {MAX_IMAGES:,} per URL: the first "
                f"{MAX_IMAGES:,} are listed",
            )
        )
        kept = kept[:MAX_IMAGES]
    parts = [image.xml(indent) for image in kept]
    prefixes = {"image"} if kept else set()
    for video in videos:
        good_video, found = video.checked(base_url, loc, page)
        issues += found
        if good_video is not None:
            parts.append(good_video.xml(indent))
            prefixes.add("video")
    return Fragment("".join(parts), frozenset(prefixes)), issues


def declarations(prefixes: Iterable[str]) -> str:
    """The `xmlns:` attributes a `<urlset>` needs for `prefixes`, each once, in a fixed
    order: ` xmlns:image="..." xmlns:video="..."`."""
    used = set(prefixes)
    return "".join(f' xmlns:{p}="{ns}"' for p, ns in NAMESPACES.items() if p in used)


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
