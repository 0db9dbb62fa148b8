"""The content digest of a built page: a hash of its meaningful content, the same after a
rebuild that changed nothing a reader sees.

`content_digest` hashes what `main_content` finds: the main landmark of the body, less
navigation, asides, comments, scripts and styles; `pagemedia` searches the same region.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable

from .htmlhead import head_end

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
    # One of `_ATTR`'s groups always holds the value: `lastindex` is never None (nor 0).
    links = b"\n".join(
        tags[found.start(found.lastindex or 0) : found.end(found.lastindex or 0)].strip()
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
    end = head_end(html)
    body = html[end:] if end >= 0 else html
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
