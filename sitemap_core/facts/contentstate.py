"""Content-hash lastmod: a page's date moves only when its meaningful content does.

A clean build rewrites every HTML file, so file times say nothing. Instead each page's
main content is hashed (`content_digest`) and kept, with the date it was first seen,
in `content-state.json` in the cache folder; an unchanged hash keeps its date.

A fresh cache (first build, CI without a cache) can be seeded from the published
sitemap: a page whose URL it lists keeps the `<lastmod>` published there.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import urllib.parse
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lxml import etree

from ..files.atomic import write_file
from ..files.fetch import FetchError, fetch, is_url
from ..files.safexml import SAFE_XML, has_doctype, local_part
from ..values import dates
from ..values.report import Issue

STATE_FILE = "content-state.json"
_SEED_MAX_BYTES = 60 * 1024 * 1024
_SEED_MAX_FILES = 100
_HEX = re.compile(r"[0-9a-f]{32}")

# --- content_digest ----------------------------------------------------------------------

_HEAD_END = re.compile(rb"</head\s*>|<body[\s>]", re.I)
# The patterns below are matched against the lower-cased page (`bytes.lower()` folds
# ASCII letters as `re.I` does for bytes); a case-blind search is several times slower.
_DROP = re.compile(  # never content: comments, code, styles, templates
    rb"<!--.*?(?:-->|\Z)|<(script|style|noscript|template)\b[^>]*>.*?(?:</\1\s*>|\Z)"
    rb"|<(?:link|meta)\b[^>]*>",
    re.S,
)
_BODY = re.compile(rb"<body\b[^>]*>")
_ROLE_MAIN = re.compile(rb"<([a-z][a-z0-9]*)\b[^>]*\srole\s*=\s*[\"']?main\b[^>]*>")
# Where to try _ROLE_MAIN (which alone backtracks through every tag of the page).
_ROLE_MAIN_ATTR = re.compile(rb"role\s*=\s*[\"']?main\b")
_OPEN_MAIN = re.compile(rb"<main\b[^>]*>")
_OPEN_ARTICLE = re.compile(rb"<article\b[^>]*>")
_CLOSE_MAIN = re.compile(rb"</main\s*>")
_CLOSE_ARTICLE = re.compile(rb"</article\s*>")
_CHROME = re.compile(  # navigation and side matter inside the content region
    rb"<(nav|aside)\b[^>]*>"
    rb"|<([a-z][a-z0-9]*)\b[^>]*\srole\s*=\s*[\"']?(?:navigation|search|complementary)\b[^>]*>"
)
# `_CHROME` where no `role` attribute can match: its first branch alone (much faster).
_NAV_ASIDE = re.compile(rb"<(nav|aside)\b[^>]*>")
# Where `_CHROME`'s role branch can match.
_CHROME_ROLE = re.compile(rb"\srole\s*=\s*[\"']?(?:navigation|search|complementary)\b")
_VOID = frozenset(
    {
        b"area",
        b"base",
        b"br",
        b"col",
        b"embed",
        b"hr",
        b"img",
        b"input",
        b"link",
        b"meta",
        b"source",
        b"track",
        b"wbr",
    }
)
_PAGE_CHROME = re.compile(rb"<(header|footer)\b[^>]*>")
_ATTR_TAG = re.compile(rb"<[a-zA-Z][^>]*=[^>]*>")
# A link attribute, searched in the lower-cased tags `_ATTR_TAG` finds, joined (the value
# is taken from the tags themselves): each ends at its only `>`, so no value runs on into
# the next tag.
_ATTR = re.compile(
    rb"\s(?:href|src|srcset|poster|data|alt)\s*=\s*(?:\"([^\">]*)\"|'([^'>]*)'|([^\s>]+))"
)
_TAG = re.compile(rb"<[^>]*>")
# Whitespace is dropped, not collapsed: re-wrapped or re-indented markup hashes the same,
# and collapsing runs costs more than the rest of the digest.
_WHITESPACE = b" \t\n\r\x0b\x0c"
# A built-on stamp: "Last updated on Mar 3, 2024", "Last update: 2024-03-03 12:00". Each
# starts with a literal (searched in the lower-cased page, fast), then runs to the tag end.
_STAMPS = (
    re.compile(rb"last\s+(?:updated?|modified|built|generated)\b"),
    re.compile(rb"built\s+on\b"),
    re.compile(rb"generated\s+on\b"),
)
_STAMP_TAIL = re.compile(rb"(?:\s+on)?\s*:?\s*[^<]{0,60}")
# Cache-busting: ?v=1a2b3c, ?digest=..., &_=1712..., main.1a2b3c4d.min.css
_BUST_QUERY = re.compile(
    rb"([?&])(?:v|ver|version|digest|hash|h|rev|cb|t|ts|_)=[0-9a-zA-Z._-]{4,}(?=[&#\"'\s]|$)"
)
_BUST_NAME = re.compile(
    rb"\.[0-9a-f]{6,}(?=(?:\.min)?\.(?:css|js|mjs|map|woff2?|ttf|svg|png)\b)", re.I
)


def content_digest(html: bytes) -> bytes:
    """16 bytes (blake2b) of a page's meaningful content: the same after a rebuild.

    Hashed: the text, link targets and image sources and alt texts of the main content:
    the `role="main"` element, else `<main>`, else the `<article>`s, else `<body>`, less
    its `<nav>`, `<aside>` and navigation, search and complementary landmarks (and, from
    a whole body, its `<header>` and `<footer>`). Whitespace does not count.

    Left out as volatile: the head (generator, `<title>` with its site name and
    release), comments, scripts, styles, `<link>` and `<meta>` tags, tag attributes
    other than links (classes, tooltips a theme translates), "Last updated on ..."
    stamps and asset cache-busting hashes (`?v=1a2b3c`, `main.1a2b3c4d.min.css`).
    """
    region = main_content(html)
    # Neither cleaning pattern matches across a newline, and a newline ends a query value as
    # the end of a link does: cleaning the joined links cleans each alike.
    tags = b"".join(_ATTR_TAG.findall(region))
    links = b"\n".join(
        tags[found.start(found.lastindex) : found.end(found.lastindex)].strip()
        for found in _ATTR.finditer(tags.lower())
    )
    text = _TAG.sub(b" ", _strip_stamps(region)).translate(None, _WHITESPACE)
    digest = hashlib.blake2b(text, digest_size=16)
    digest.update(b"\0")
    digest.update(_BUST_NAME.sub(b"", _BUST_QUERY.sub(rb"\1", links)))
    return digest.digest()


def main_content(html: bytes) -> bytes:
    """The page's main content, as `content_digest` hashes it (and `media` searches it):
    the body without comments, scripts, styles, `<link>`/`<meta>` tags and chrome."""
    head_end = _HEAD_END.search(html)
    body = html[head_end.start() :] if head_end else html
    low = body.lower()
    dropped = [found.span() for found in _DROP.finditer(low)]
    body, low = _join_around(body, dropped), _join_around(low, dropped)
    start, end, whole = _main_region(low)
    region, low = body[start:end], low[start:end]
    region, low = _cut(region, low, _next_chrome if b"role" in low else _NAV_ASIDE.search)
    if whole:
        region = _cut(region, low, _PAGE_CHROME.search)[0]
    return region


def _strip_stamps(html: bytes) -> bytes:
    """`html` without "Last updated on ..." stamps (up to the next tag)."""
    lower = html.lower()
    spans = []
    for word, pattern in zip((b"last", b"built", b"generated"), _STAMPS):
        if word not in lower:
            continue
        for found in pattern.finditer(lower):
            if found.start() and lower[found.start() - 1 : found.start()].isalpha():
                continue
            tail = _STAMP_TAIL.match(html, found.end())
            spans.append((found.start(), tail.end() if tail else found.end()))
    kept: list[tuple[int, int]] = []  # a stamp inside one kept is gone with it
    for start, end in sorted(spans):
        if not kept or start >= kept[-1][1]:
            kept.append((start, end))
    return _join_around(html, kept)


def _main_region(low: bytes) -> tuple[int, int, bool]:
    """Where the main content starts and ends in the lower-cased body `low`, and whether
    it is the whole body (no landmark found)."""
    found = _role_main(low)
    if found:
        return found.end(), _element_end(low, found.group(1), found.end()), False
    for opener, closer in ((_OPEN_MAIN, _CLOSE_MAIN), (_OPEN_ARTICLE, _CLOSE_ARTICLE)):
        found = opener.search(low)
        if found:
            close = len(low)
            for close_tag in closer.finditer(low, found.end()):
                close = close_tag.start()
            return found.end(), close, False
    found = _BODY.search(low)
    return (found.end() if found else 0), len(low), True


def _role_main(low: bytes) -> re.Match[bytes] | None:
    """`_ROLE_MAIN.search(low)`, several times faster: tried only at the tags that hold
    the attribute (the pattern alone backtracks through every tag of the page)."""
    for attr in _ROLE_MAIN_ATTR.finditer(low):
        if not low[attr.start() - 1 : attr.start()].isspace():
            continue
        found = _ROLE_MAIN.match(low, low.rfind(b"<", 0, attr.start()))
        if found and found.end() >= attr.end():
            return found
    return None


def _element_end(low: bytes, name: bytes, start: int) -> int:
    """Where the element of tag `name` opened just before `start` closes (nesting counted)."""
    tags = re.compile(rb"<(/?)" + re.escape(name) + rb"\b[^>]*>")
    depth = 1
    for tag in tags.finditer(low, start):
        depth += -1 if tag.group(1) else 1
        if depth == 0:
            return tag.start()
    return len(low)


def _next_chrome(low: bytes, pos: int) -> re.Match[bytes] | None:
    """`_CHROME.search(low, pos)`, several times faster: its role branch is tried only
    at the tags that can hold a navigation, search or complementary role (alone it
    backtracks through every tag of the page)."""
    found = _NAV_ASIDE.search(low, pos)
    limit = found.start() if found else len(low)
    word = low.find(b"role", pos + 1)
    while word >= 0:
        attr = word - 1  # where `_CHROME_ROLE` would start: the space before the word
        # The tag holding the role opens after the last `>` before it.
        tag = low.find(b"<", max(pos, low.rfind(b">", 0, attr) + 1), attr)
        if tag >= limit:
            break
        if tag >= 0 and _CHROME_ROLE.match(low, attr):
            while 0 <= tag < limit:
                match = _CHROME.match(low, tag)
                if match:
                    return match
                tag = low.find(b"<", tag + 1, attr)
        word = low.find(b"role", word + 4)
    return found


def _cut(
    html: bytes, low: bytes, find: Callable[[bytes, int], re.Match[bytes] | None]
) -> tuple[bytes, bytes]:
    """`html` and its lower-cased `low` without the elements whose opening tags
    `find(low, pos)` finds, the next from `pos` on (each to its own closing tag)."""
    spans = []
    pos = 0
    while found := find(low, pos):
        name = next(g for g in found.groups() if g is not None)
        if name in _VOID or found.group().endswith(b"/>"):
            spans.append((found.start(), found.end()))  # `<input role="search">`: no content
        else:
            close = low.find(b">", _element_end(low, name, found.end()))
            spans.append((found.start(), len(low) if close < 0 else close + 1))
        pos = spans[-1][1]
    if not spans:
        return html, low
    return _join_around(html, spans), _join_around(low, spans)


def _join_around(html: bytes, spans: list[tuple[int, int]]) -> bytes:
    """`html` with each of `spans` (in order, none overlapping) made one space."""
    parts, pos = [], 0
    for start, end in spans:
        parts.append(html[pos:start])
        pos = end
    parts.append(html[pos:])
    return b" ".join(parts)


# --- the state -----------------------------------------------------------------------------


class ContentState:
    """Per-URL content digests and their dates, kept between builds in `cache_dir`."""

    __slots__ = ("_path", "_known", "_seed", "_seen", "_others")

    def __init__(
        self, path: Path, known: dict[str, tuple[str, str]], seed: dict[str, str], scope: str = ""
    ) -> None:
        self._path = path
        self._known = known
        self._seed = seed
        self._seen: dict[str, tuple[str, str]] = {}
        # Entries of other sitemaps sharing the cache (each language's build): kept as read.
        self._others = {url: v for url, v in known.items() if not url.startswith(scope)}

    @classmethod
    def load(
        cls, cache_dir: Path, seed: str = "", scope: str = ""
    ) -> tuple[ContentState, list[Issue]]:
        """Read `cache_dir/content-state.json`; on a fresh cache, seed from `seed`.

        `seed` is a sitemap (or sitemap index) path, `.xml` or `.xml.gz`, or an http(s)
        URL. A missing state is a fresh cache; an unreadable one is a `content` issue
        and starts empty; so does a seed that cannot be read. Never raises.
        `scope` is this run's URL folder: entries outside it belong to other builds that
        share the cache, are kept by `save` and do not make the cache count as used.
        """
        path = Path(cache_dir) / STATE_FILE
        issues: list[Issue] = []
        known = _read_state(path, issues)
        seeded: dict[str, str] = {}
        if seed and not any(url.startswith(scope) for url in known):
            seeded = _read_seed(seed, issues)
        return cls(path, known, seeded, scope), issues

    def lastmod(self, url: str, digest: bytes, now: dt.datetime) -> dt.date | None:
        """The date `url`'s content last changed, as far as the state knows.

        An unchanged digest keeps its date (None if it never had one); a changed one
        changed now; a URL the state does not know takes the seed sitemap's date, else
        None: the first sight of a page says nothing about when it was written.
        What is returned is recorded for `save()`.
        """
        hexdigest = digest.hex()
        known = self._known.get(url)
        if known is None:
            stamp: str | None = self._seed.get(url)
        else:
            stamp = known[1] if known[0] == hexdigest else dates.to_w3c(now)
        value = _date(stamp) if stamp else None
        self.record(url, digest, value)
        return value

    def recall(self, url: str, digest: bytes) -> dt.date | None:
        """The date kept for `url` if its content is still `digest` (or the seed's date
        for a URL the state does not know); None otherwise. Records nothing."""
        known = self._known.get(url)
        if known is None:
            stamp = self._seed.get(url)
        else:
            stamp = known[1] if known[0] == digest.hex() else None
        return _date(stamp) if stamp else None

    def record(self, url: str, digest: bytes, value: dt.datetime | dt.date | None) -> None:
        """Keep `url`'s content `digest` and the date it was given (None: unknown)."""
        self._seen[url] = (digest.hex(), dates.to_w3c(value) if value is not None else "")

    def save(self) -> list[Issue]:
        """Write the URLs seen in this run (and other builds' entries), atomically; nothing
        when the bytes are the same.

        A run that saw no URL at all leaves the file as it is.
        """
        if not self._seen:
            return []
        data = json.dumps(
            {url: list(v) for url, v in (self._others | self._seen).items()},
            sort_keys=True,
            separators=(",", ":"),
            ensure_ascii=False,
        ).encode("utf-8")
        try:
            _make_cache_dir(self._path.parent)
            write_file(self._path, data, STATE_FILE)
        except OSError as exc:
            return [
                Issue(
                    "content",
                    str(self._path),
                    "cache_dir",
                    f"content state not saved ({exc}); the next build will "
                    "date changed pages from scratch",
                )
            ]
        return []


def _make_cache_dir(folder: Path) -> None:
    """Create the cache folder with a `.gitignore` of `*` inside, as `.pytest_cache`
    does: `git status` never shows it, whatever the project's own ignore rules."""
    if not folder.is_dir():
        folder.mkdir(parents=True, exist_ok=True)
        write_file(folder / ".gitignore", b"# Created by sitemap-suite.\n*\n", STATE_FILE)


def _read_state(path: Path, issues: list[Issue]) -> dict[str, tuple[str, str]]:
    try:
        raw = path.read_bytes()
    except (FileNotFoundError, NotADirectoryError):  # a fresh cache (save() says if it cannot be)
        return {}
    except OSError as exc:
        issues.append(_state_issue(path, f"cannot be read ({exc})"))
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        issues.append(_state_issue(path, f"is not JSON ({exc})"))
        return {}
    if not isinstance(data, dict):
        issues.append(_state_issue(path, "is not a JSON object"))
        return {}
    known: dict[str, tuple[str, str]] = {}
    for url, entry in data.items():
        if (
            isinstance(entry, list)
            and len(entry) == 2
            and all(isinstance(e, str) for e in entry)
            and _HEX.fullmatch(entry[0])
            and (not entry[1] or _date(entry[1]) is not None)
        ):
            known[url] = (entry[0], entry[1])
    if len(known) < len(data):
        issues.append(_state_issue(path, f"has {len(data) - len(known)} bad entries"))
        return {}
    return known


def _state_issue(path: Path, problem: str) -> Issue:
    return Issue(
        "content",
        str(path),
        "cache_dir",
        f"content state {problem}; starting empty, so pages get new dates "
        "unless the seed sitemap has them",
    )


def _date(text: str) -> dt.date | None:
    """A date or aware datetime from a W3C Datetime (a date stays a date), or None."""
    try:
        value = dates.parse(text)
    except ValueError:
        return None
    return value.replace(microsecond=0) if isinstance(value, dt.datetime) else value


# --- the seed sitemap ----------------------------------------------------------------------


class _SeedError(ValueError):
    """A seed sitemap that cannot be used; the message says which file and why."""


def _read_seed(seed: str, issues: list[Issue]) -> dict[str, str]:
    """`loc` → `lastmod` from a sitemap or sitemap index; a `content` issue on failure."""
    try:
        stamps = {loc: stamp for loc, stamp in read_published(seed).items() if stamp}
    except ValueError as exc:  # _SeedError, or a URL urllib.parse refuses
        issues.append(
            Issue(
                "content",
                seed,
                "seed_sitemap",
                f"seed sitemap not used: {exc}; pages new to the content state get the build time",
            )
        )
        return {}
    return stamps


def read_published(where: str) -> dict[str, str]:
    """`loc` → `lastmod` ("" for none, or one that is not a date) of a sitemap or a sitemap
    index and its parts, from a path or an http(s) URL; ValueError says why it cannot be read."""
    stamps: dict[str, str] = {}
    _read_sitemap(where, stamps, depth=0)
    return stamps


def _read_sitemap(where: str, stamps: dict[str, str], depth: int) -> None:
    try:
        data = fetch(where, max_bytes=_SEED_MAX_BYTES)
    except FetchError as exc:
        raise _SeedError(f"{where}: {exc}") from None
    root = _parse_xml(data, where)
    kind = etree.QName(root).localname
    if kind == "urlset":
        for url in root:
            if not isinstance(url.tag, str) or etree.QName(url).localname != "url":
                continue
            loc, stamp = _child_text(url, "loc"), _child_text(url, "lastmod")
            if loc:
                stamps[loc] = stamp if stamp and _date(stamp) is not None else ""
    elif kind == "sitemapindex":
        if depth > 0:
            raise _SeedError(f"{where} is an index inside an index")
        locs = [loc for s in root if isinstance(s.tag, str) and (loc := _child_text(s, "loc"))]
        if len(locs) > _SEED_MAX_FILES:
            raise _SeedError(f"{where} lists more than {_SEED_MAX_FILES} sitemaps")
        for loc in locs:
            _read_sitemap(_child_location(where, loc), stamps, depth + 1)
    else:
        raise _SeedError(f"{where} is not a sitemap (its root is <{kind}>)")


def _child_text(element: Any, name: str) -> str:
    for child in element:
        if isinstance(child.tag, str) and etree.QName(child).localname == name:
            return (child.text or "").strip()
    return ""


def _child_location(index: str, loc: str) -> str:
    """A sitemap an index lists: next to a local index if a file of that name is there."""
    if is_url(index):
        return urllib.parse.urljoin(index, loc)
    local = local_part(Path(index), loc)
    return str(local) if local is not None else loc


def _parse_xml(data: bytes, where: str) -> Any:
    """The root element, read as `validate` reads sitemaps: no entities, DTD or network."""
    parser = etree.XMLParser(**SAFE_XML)
    try:
        root = etree.fromstring(data, parser)
    except etree.XMLSyntaxError as exc:
        raise _SeedError(f"{where} is not well-formed XML ({exc})") from None
    if has_doctype(root):
        raise _SeedError(f"{where} has a DOCTYPE, which sitemaps must not have")
    return root
