"""The images and videos of a built page's main content, found in the bytes already read.

`find_media(html, page_url)` looks only inside the content region `content_digest`
hashes (`digest.main_content`: the main landmark, less navigation, asides,
scripts and comments), so theme chrome (logo, header, sidebars, footer) is never
listed. A page with no `<img`, `<video` or `<iframe` anywhere costs one byte scan.

- Images: each `<img>`'s largest `srcset` candidate, else its `src` (`data-src`,
  `data-srcset` for lazy loaders), once per URL; not `data:` URIs, tracking pixels
  (a side of 0 or 1), icons (both sides 32 or less, an `.ico`), decorative images
  (`aria-hidden="true"`, `role="presentation"`), nor images whose class, id or URL path
  names a logo, favicon, icon, sprite, emoji, avatar, badge or spacer. `<img>` inside a
  `<video>` is its fallback, not an image of the page.
- Videos: `<video src>` or its first `<source src>` as `content_loc`, its `poster` as
  thumbnail; YouTube and Vimeo `<iframe>`s as `player_loc` (a YouTube thumbnail is
  known from the video id). The title is the element's own `title` or `aria-label`
  (not a generic "YouTube video player"), else the page's; the description is the
  page's (`<meta name="description">`, else `og:description`); a missing thumbnail
  falls back to the page's `og:image`. A video still missing a required field is left
  out (the page is not) with a `video` warning that says how to give it.
"""

from __future__ import annotations

import html as html_lib
import re
from typing import NamedTuple
from urllib.parse import urljoin, urlsplit

from ..values.codes import Code
from ..values.media import Image, Video
from ..values.report import Issue
from .digest import main_content
from .htmlhead import head_end

_OPENERS = (b"<img", b"<video", b"<iframe")
# Matched in the lower-cased bytes (faster than a case-blind pattern); same offsets.
_TAG = re.compile(rb"<(/?)(img|video|source|iframe)\b((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>")
_ATTR = re.compile(rb"([^\s\"'>/=]+)(?:\s*=\s*(?:\"([^\"]*)\"|'([^']*)'|([^\s>]+)))?")
_TITLE = re.compile(rb"<title\b[^>]*>(.*?)</title\s*>", re.I | re.S)
_META = re.compile(rb"<meta\b((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>", re.I)
_BASE = re.compile(rb"<base\b((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>", re.I)
_SPACE = re.compile(r"\s+")
_CANDIDATE = re.compile(r"([^\s,][^\s]*)(?:\s+([^,]*?))?\s*(?:,|$)")
_DESCRIPTOR = re.compile(r"(\d+(?:\.\d+)?)([wx])")
_CHROME_WORDS = re.compile(
    r"(?:^|[^a-z])(?:logos?|favicons?|icons?|sprites?|emojis?|twemoji|avatars?|gravatar"
    r"|badges?|spacer|pixel|toggler|toggle)(?:[^a-z]|$)"
)
_HIDDEN = re.compile(r"(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:;|$)", re.I)
_ICON_SIDE = 32
_YOUTUBE = re.compile(
    r"https?://(?:www\.)?youtube(?:-nocookie)?\.com/embed/([A-Za-z0-9_-]{6,})", re.I
)
_VIMEO = re.compile(r"https?://player\.vimeo\.com/video/\d+", re.I)
_YOUTUBE_THUMBNAIL = "https://i.ytimg.com/vi/{}/hqdefault.jpg"
# A video's required fields the page may lack, and how to give each.
_FIXES = (
    ("thumbnail_loc", "give the <video> a poster, or the page an og:image"),
    ("title", "give the page a <title>, or the element a title"),
    ("description", 'give the page a <meta name="description">'),
)
_GENERIC_TITLE = re.compile(r"(?:youtube|vimeo)?\s*(?:video)?\s*(?:player)?|embedded video", re.I)


class Media(NamedTuple):
    """What a page's content shows: its images and videos, and why any video was left out."""

    images: tuple[Image, ...] = ()
    videos: tuple[Video, ...] = ()
    issues: tuple[Issue, ...] = ()


def find_media(
    html: bytes,
    page_url: str,
    *,
    images: bool = True,
    videos: bool = True,
    title: str | None = None,
    description: str | None = None,
    encoding: str = "utf-8",
    page: str = "",
) -> Media:
    """The images and videos of the page `html`, published at the absolute `page_url`.

    URLs come back absolute (resolved against `<base href>` or `page_url`), not yet
    encoded or checked: `extensions.media_fragment` does that when writing. `title` and
    `description` are the page's, when the caller knows them (else read from the head).
    `encoding` is the page's (`htmlhead` finds it). `page` names the page in issues.
    Never raises.
    """
    lower = html.lower()
    if not (images or videos) or not any(opener in lower for opener in _OPENERS):
        return Media()
    finder = _Finder(html, page_url, encoding, page, images, videos)
    # The whole page first: when all it shows is theme furniture (a logo), as on most
    # pages, the content region is never cut out.
    if not finder.scan(html, lower):
        return Media()
    region = main_content(html)
    finder.scan(region, region.lower())
    return Media(
        tuple(dict.fromkeys(finder.images)), finder.videos(title, description), tuple(finder.issues)
    )


class _Found(NamedTuple):
    """A video as the markup gives it, before the page's fallbacks."""

    content: str | None
    player: str | None
    thumbnail: str | None
    title: str | None


class _Finder:
    """One page's scan: its head facts (read when first needed) and what was found."""

    def __init__(
        self, html: bytes, page_url: str, encoding: str, page: str, images: bool, videos: bool
    ) -> None:
        self.want_images = images
        self.want_videos = videos
        end = head_end(html)
        self.head_bytes = html[:end] if end >= 0 else b""
        self.encoding = encoding
        self.page = page
        self.images: list[Image] = []
        self.found: list[_Found] = []
        self.issues: list[Issue] = []
        self._video: dict[str, str] | None = None  # the open <video>'s attributes
        self._source: str | None = None
        self._head: dict[str, str] | None = None
        self.base = page_url
        base = _BASE.search(self.head_bytes)
        if base:
            self.base = self.resolve(_attributes(base[1], encoding).get("href")) or page_url

    @property
    def head(self) -> dict[str, str]:
        """The head's title, description, og:description and og:image."""
        if self._head is None:
            self._head = _head_facts(self.head_bytes, self.encoding)
        return self._head

    def resolve(self, url: str | None) -> str | None:
        """`url` made absolute; None for none, a `data:` URI or another scheme than http(s)."""
        if not url or not url.strip():
            return None
        try:
            absolute = urljoin(self.base, url.strip())
            scheme = urlsplit(absolute).scheme.lower()
        except ValueError:
            return None
        return absolute if scheme in ("http", "https") else None

    def scan(self, data: bytes, lower: bytes) -> bool:
        """Find what `data` shows (`lower` is it lower-cased), instead of any earlier
        finds; whether anything was found."""
        self.images.clear()
        self.found.clear()
        self._video = None
        for match in _TAG.finditer(lower):
            self.tag(match[1] == b"/", match[2], data[match.start(3) : match.end(3)])
        self.end_video()
        return bool(self.images or self.found)

    def tag(self, closing: bool, name: bytes, raw: bytes) -> None:
        if closing:
            if name == b"video":
                self.end_video()
            return
        attrs = _attributes(raw, self.encoding)
        if name == b"img":
            if self._video is None and self.want_images:
                self.image(attrs)
        elif name == b"video":
            self.end_video()
            self._video, self._source = attrs, None
        elif name == b"source":
            if self._video is not None and self._source is None:
                self._source = attrs.get("src") or attrs.get("data-src")
        else:
            self.iframe(attrs)

    def image(self, attrs: dict[str, str]) -> None:
        if _decorative(attrs):
            return
        src = attrs.get("src") or ""
        srcset = attrs.get("srcset") or attrs.get("data-srcset") or ""
        if (not src or src.startswith("data:")) and attrs.get("data-src"):
            src = attrs["data-src"]
        url = self.resolve(_largest(srcset, src))
        if url is not None and not _chrome_url(url):
            self.images.append(Image(url))

    def end_video(self) -> None:
        attrs, self._video = self._video, None
        if attrs is None or not self.want_videos:
            return
        content = self.resolve(attrs.get("src") or attrs.get("data-src") or self._source)
        if content is None:
            return
        self.found.append(
            _Found(content, None, self.resolve(attrs.get("poster")), _own_title(attrs))
        )

    def iframe(self, attrs: dict[str, str]) -> None:
        src = self.resolve(attrs.get("src") or attrs.get("data-src"))
        if src is None or not self.want_videos:
            return
        youtube = _YOUTUBE.match(src)
        if youtube is None and not _VIMEO.match(src):
            return
        thumbnail = _YOUTUBE_THUMBNAIL.format(youtube[1]) if youtube else None
        self.found.append(_Found(None, src, thumbnail, _own_title(attrs)))

    def videos(self, title: str | None, description: str | None) -> tuple[Video, ...]:
        """Each video found, with the page's fallbacks; the incomplete ones as issues."""
        out = []
        for found in self.found:
            thumbnail = found.thumbnail or self.resolve(self.head.get("og:image"))
            video = Video(
                thumbnail_loc=thumbnail,
                title=found.title or title or self.head.get("title"),
                description=description
                or self.head.get("description")
                or self.head.get("og:description"),
                content_loc=found.content,
                player_loc=found.player,
            )
            missing = [(name, fix) for name, fix in _FIXES if not getattr(video, name)]
            if missing:
                self.issues.append(
                    Issue(
                        Code.VIDEO,
                        self.page,
                        "videos",
                        f"video {video.label} left out: no {' or '.join(n for n, _ in missing)} "
                        f"found ({'; '.join(f for _, f in missing)}; or pass the video on the "
                        "Page)",
                    )
                )
            else:
                out.append(video)
        return tuple(out)


def _attributes(raw: bytes, encoding: str) -> dict[str, str]:
    """A tag's attributes, names in lower case, values decoded and unescaped (first wins)."""
    out: dict[str, str] = {}
    for name, double, single, bare in _ATTR.findall(raw):
        key = name.decode("ascii", "replace").lower()
        if key not in out:
            value = double or single or bare
            out[key] = html_lib.unescape(value.decode(encoding, "replace")) if value else ""
    return out


def _head_facts(head: bytes, encoding: str) -> dict[str, str]:
    facts: dict[str, str] = {}
    title = _TITLE.search(head)
    if title:
        text = html_lib.unescape(title[1].decode(encoding, "replace"))
        facts["title"] = _SPACE.sub(" ", text).strip()
    for tag in _META.finditer(head):
        attrs = _attributes(tag[1], encoding)
        key = (attrs.get("name") or attrs.get("property") or "").strip().lower()
        if key in ("description", "og:description", "og:image") and attrs.get("content"):
            facts.setdefault(key, _SPACE.sub(" ", attrs["content"]).strip())
    return facts


def _own_title(attrs: dict[str, str]) -> str | None:
    """A video element's own title, unless it is an embed code's generic one."""
    for key in ("title", "aria-label"):
        text = _SPACE.sub(" ", attrs.get(key) or "").strip()
        if text and not _GENERIC_TITLE.fullmatch(text):
            return text
    return None


def _decorative(attrs: dict[str, str]) -> bool:
    """A tracking pixel, an icon, hidden (`hidden`, `display: none`: a theme's collapse
    button), or marked decorative or as theme furniture by name (`toggler`, `logo`)."""
    if attrs.get("aria-hidden", "").strip().lower() == "true" or attrs.get(
        "role", ""
    ).strip().lower() in ("presentation", "none"):
        return True
    if "hidden" in attrs or _HIDDEN.search(attrs.get("style", "")):
        return True
    sides = [_pixels(attrs.get(side)) for side in ("width", "height")]
    if any(side is not None and side <= 1 for side in sides):
        return True
    if all(side is not None and side <= _ICON_SIDE for side in sides):
        return True
    names = f"{attrs.get('class', '')} {attrs.get('id', '')}".lower()
    return bool(_CHROME_WORDS.search(names))


def _pixels(value: str | None) -> int | None:
    """A width or height attribute in pixels (`16`, `16px`); None for none or a percentage."""
    text = (value or "").strip().lower().removesuffix("px").strip()
    try:
        return int(float(text))
    except ValueError:
        return None


def _chrome_url(url: str) -> bool:
    """An `.ico`, or a URL path naming theme furniture (`/img/logo.png`, `icons/x.svg`)."""
    path = urlsplit(url).path.lower()
    return path.endswith(".ico") or bool(_CHROME_WORDS.search(path))


def _largest(srcset: str, src: str) -> str:
    """The largest `srcset` candidate: by width (`640w`), else by density (`2x`; none is
    1x, and so is `src`, which loses a tie)."""
    widths: list[tuple[float, str]] = []
    densities: list[tuple[float, str]] = []
    for url, descriptor in _CANDIDATE.findall(srcset):
        found = _DESCRIPTOR.fullmatch(descriptor.strip().lower())
        if descriptor.strip() and found is None:
            continue  # a height descriptor or garbage: not comparable
        if found and found[2] == "w":
            widths.append((float(found[1]), url))
        else:
            densities.append((float(found[1]) if found else 1.0, url))
    if widths:
        return max(widths, key=lambda c: c[0])[1]
    return max([*densities, (1.0, src)], key=lambda c: c[0])[1]
