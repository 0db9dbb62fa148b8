"""Image, video and news values, as an adapter (or `facts.pagemedia`) gives them.

`checked()` returns the value ready to write (URLs absolute and percent-encoded by
`urls`, dates in W3C Datetime, flags yes/no) with `Issue`s for what was left out, and
`xml()` renders a checked value; the rules are `protocol.extensions`'. A news article
(`News`) and the checks every value shares are `news`'.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import NamedTuple

from ..protocol.extensions import (
    IMAGE_CHECKS,
    MAX_DESCRIPTION,
    MAX_IMAGES,
    MAX_TAGS,
    NAMESPACES,
    VIDEO_CHECKS,
    VIDEO_CHILDREN,
    VIDEO_REQUIRED,
    relationship_problem,
)
from . import urls
from .codes import Code
from .news import News, _Checker, _clean, _date_text, _deeper, _element, in_news_window
from .report import Issue

__all__ = [
    "Fragment",
    "Image",
    "News",
    "Relationship",
    "Video",
    "declarations",
    "in_news_window",
    "media_fragment",
]


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
