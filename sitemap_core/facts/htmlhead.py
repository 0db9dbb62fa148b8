"""A built page, read once: what it says about itself in its `<head>`, and its bytes for
the images, videos (`pagemedia`) and content digest (`digest`) found in its body.

`BuiltPage` reads only the bytes up to `</head>` (or `<body>`, `head_end`: the one rule
for where a head ends): theme navigation makes big pages, and the head is all most builds
need. A build that looks for media reads each page whole, once; a content digest asked
for later reads only the rest of the file. A UTF-8 head without a word any fact depends on
(`robots`, `canonical`, `404`...) declares nothing and is not parsed; nor is one whose
only such words are in a plain title that does not say 404 ("Page 404 of 500"), or in a
canonical link to the page itself (MkDocs and Sphinx themes put one on every page). Any
other goes through lxml's HTML parser.
"""

from __future__ import annotations

import codecs
import functools
import os
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urldefrag, urljoin

from ..values import urls
from ..values.page import StrPath

if TYPE_CHECKING:
    from lxml import etree

_FIRST = 1 << 13  # the first read: most heads end before
_CHUNK = 1 << 15
_MAX_HEAD = 1 << 20  # a head longer than this is read no further
_HEAD_END = re.compile(rb"</head\s*>|<body[\s>/]", re.I)
_CHARSET = re.compile(rb"<meta\b[^>]*?charset\s*=\s*[\"']?\s*([a-z0-9_.:-]+)", re.I)
_SPACE = re.compile(r"\s+")
_ROBOTS_NAMES = frozenset({"robots", "googlebot"})
_ROBOTS_TOKEN = re.compile(r"[\s,]+")
_REFRESH = re.compile(r"\s*[\d.]*\s*[;,]?\s*(?:url\s*=\s*)?(.*)", re.I | re.S)
# The words (in lower case) a head cannot declare any fact without: a robots meta, a
# canonical link, a refresh (a base element matters only with those), a title saying 404
# or not found. `&#` could spell them in a value (no named reference spells a letter or digit).
_CLUES = (b"robots", b"googlebot", b"canonical", b"refresh", b"404", b"found", b"&#")
# `robots`, `googlebot` and `refresh` are looked for in the whole head.
_TITLE_CLUES = (b"404", b"found")  # only where a title's text can be
_REFERENCE = re.compile(rb"&#(?:x([0-9a-f]+)|([0-9]+))")  # in the lower-case head
# A canonical link written plainly (rel and href only, quoted href), either order.
_OWN_CANONICAL = re.compile(
    rb"<link[ \t\n\r]+(?:rel=([\"']?)canonical\1[ \t\n\r]+href=([\"'])([^\"'<>]*)\2"
    rb"|href=([\"'])([^\"'<>]*)\4[ \t\n\r]+rel=([\"']?)canonical\6)[ \t\n\r]*/?>",
    re.I,
)
# Markup every HTML parser splits alike: text, and tags, end tags, comments, doctypes and
# processing instructions in a strict syntax, none holding a `<` or `>` but its delimiters.
_ATTRIBUTE = (
    rb"[ \t\n\r]+[a-z][a-z0-9:_.-]*(?:[ \t\n\r]*=[ \t\n\r]*"
    rb"(?:\"[^\"<>]*\"|'[^'<>]*'|[^ \t\n\r\"'<>=`]+))?"
)
_PLAIN_MARKUP = re.compile(
    rb"(?:[^<]++|<[a-z][a-z0-9]*+(?:" + _ATTRIBUTE + rb")*+[ \t\n\r]*/?>"
    rb"|</[a-z][a-z0-9]*[ \t\n\r]*>|<!--[^<>]*?-->|<\?[^<>]*>"
    rb"|<!doctype(?:[^<>\"']|\"[^\"<>]*\"|'[^'<>]*')*+>)*+",
    re.I,
)
# Titles that say "404": "404", "404 - Not Found", "Error 404", "Page not found",
# "Not Found | Site"; a page *about* not-found errors ("Handling Not Found errors",
# "NotFoundError") is not one.
_NOT_FOUND_TITLE = re.compile(
    r"(?:404\b|error\s*404\b|page\s+not\s+found\b|not\s+found(?:\s*[-|:\u2013\u2014\u00b7]|$))",
    re.I,
)


@dataclass(frozen=True, slots=True)
class PageFacts:
    """What a built HTML page declares, for deciding whether and how it is listed."""

    noindex: bool
    canonical: str | None  # absolute (resolved against the page URL); None if absent or the page's
    redirect: str | None  # the meta refresh target, absolute; None if not a redirect stub
    not_found: bool  # a 404 page
    blank: bool = False  # empty, or no markup at all: not a page (a theme's empty authors.html)

    @property
    def indexable(self) -> bool:
        """Not noindex, not a redirect stub, not a 404 page, not blank."""
        return not (self.noindex or self.redirect or self.not_found or self.blank)

    @property
    def listed(self) -> bool:
        """Belongs in a sitemap under its own URL: indexable, and its own canonical URL."""
        return self.indexable and not self.canonical


# The facts of a page that declares nothing, by whether its name says 404 (made once:
# they are frozen, and most pages have them).
_NOTHING = {False: PageFacts(False, None, None, False), True: PageFacts(False, None, None, True)}


class BuiltPage:
    """A built page, opened once: its head read first (the whole file when `whole`, for a
    build that looks for its media), the rest of the file only when `html` is asked."""

    __slots__ = ("path", "whole", "_data", "_end", "_complete")

    # Set by the first read, with `_data`: where the head ends in the bytes read (-1:
    # nowhere), and whether they are the whole file.
    _end: int
    _complete: bool

    def __init__(self, path: StrPath, whole: bool = False) -> None:
        self.path = path
        self.whole = whole
        self._data: bytes | None = None  # the bytes read (None: none yet)

    def facts(self, url: str) -> PageFacts:
        """What the page, published at `url`, declares in its head (`read_page`)."""
        named_404 = _named_404(os.fspath(self.path))
        if self._data is None:
            try:
                self._read_head()
            except OSError:
                return _NOTHING[named_404]
        data, end = self._data or b"", self._end
        prefix = data[:end] if end >= 0 else data[:_MAX_HEAD]
        if end < 0 and b"<" not in prefix:
            return PageFacts(False, None, None, named_404, blank=True)
        encoding = _encoding(data)
        if encoding.lower() in ("utf-8", "utf8") and _declares_nothing(prefix, url):
            return _NOTHING[named_404]
        head = _Head()
        if prefix.strip():
            _parse_head(prefix, encoding, head)
        base = (_resolve(url, head.base) or url) if head.base else url
        title = _SPACE.sub(" ", head.title or "").strip()
        canonical = _resolve(base, head.canonical) if head.canonical is not None else None
        redirect = _resolve(base, head.refresh) if head.refresh else None
        return PageFacts(
            noindex=head.noindex,
            canonical=None if canonical is None or _same_url(canonical, url) else canonical,
            redirect=None if redirect is None or _same_url(redirect, url) else redirect,
            not_found=named_404 or bool(_NOT_FOUND_TITLE.match(title)),
        )

    def html(self) -> bytes | None:
        """The whole file (None: unreadable): the bytes read for the head and the rest."""
        try:
            if self._data is None:
                self.whole = True
                self._read_head()
            elif not self._complete:
                self._read_rest(self._data)
        except OSError:
            return None
        return self._data

    def _read_head(self) -> None:
        """Read the file up to the end of its head (at most `_MAX_HEAD`, or all of a short
        file; all of it when `whole`), and find where the head ends."""
        if self.whole:
            with open(self.path, "rb", buffering=0) as file:  # one read of the whole file
                data = self._data = file.readall()
            self._end, self._complete = head_end(data, _MAX_HEAD), True
            return
        fd = os.open(self.path, os.O_RDONLY)  # no file object: one small read for most heads
        try:
            data = os.read(fd, _FIRST)
            found = _HEAD_END.search(data)
            ended = len(data) < _FIRST  # a short read: the end of the file
            while found is None and not ended and len(data) < _MAX_HEAD:
                size = min(_CHUNK, _MAX_HEAD - len(data))
                more = os.read(fd, size)
                ended = len(more) < size
                # Each new chunk is searched with a little overlap, for a tag cut in two.
                searched = len(data)
                data += more
                found = _HEAD_END.search(data, max(0, searched - 9))
                if found is not None:  # the first end, even one a long tag cut in two hid
                    found = _HEAD_END.search(data)
        finally:
            os.close(fd)
        self._data, self._end, self._complete = data, -1 if found is None else found.start(), ended

    def _read_rest(self, data: bytes) -> None:
        """Add the rest of the file to the bytes `data` read for the head, in one read."""
        with open(self.path, "rb", buffering=0) as file:
            file.seek(len(data))
            self._data = data + file.readall()
        self._complete = True


def read_page(path: StrPath, url: str) -> PageFacts:
    """Read the head of the built page at `path`, published at `url`; never raises.

    - `noindex`: a `<meta name="robots">` or `name="googlebot"` whose content has
      `noindex` or `none` (any case, with other directives: `NOINDEX, nofollow`).
    - `canonical`: `<link rel="canonical">`, resolved against `<base href>` or `url`.
    - `redirect`: the URL of a `<meta http-equiv="refresh">` (any delay), resolved.
    - `blank`: the file is empty or has no markup at all.
    - `not_found`: the file is `404.html` or `404/index.html`, or the title starts with "404",
      "Error 404", "Page not found", or is "Not found" (alone or before a separator
      such as " | Site"). Titles that merely mention it do not count.

    An unreadable file gives empty facts (only `not_found` from its name); bad HTML
    gives whatever could be read from it.
    """
    return BuiltPage(path).facts(url)


def _named_404(path: str) -> bool:
    """True for a file named `404.html` (any case) or `404/index.html`."""
    if "404" not in path:  # most paths: a fast answer
        return False
    folder, name = os.path.split(path)
    name = name.lower()
    return name == "404.html" or (name == "index.html" and os.path.basename(folder) == "404")


def head_end(html: bytes, limit: int | None = None) -> int:
    """Where the head of the page `html` ends: at its first `</head>` or `<body>` tag, one
    that ends within `limit` bytes (any when None); -1: nowhere."""
    found = _HEAD_END.search(html, 0, len(html) if limit is None else limit)
    return -1 if found is None else found.start()


def _declares_nothing(head: bytes, url: str) -> bool:
    """True when the head's bytes (UTF-8) declare nothing lxml would find: no `_CLUES`
    (any case; a `&#` counts only in a reference that `_spells`), or none but one
    `canonical`, in a plain canonical link to `url` itself.

    That link gives the page itself as canonical when a parser reads it as a link. When
    none does (it is in a comment or a script), no canonical is found at all. Another
    element would take the word into its `rel` only if the parser were inside that
    element's tag where the link starts; it is not when the markup before the link is
    all `_PLAIN_MARKUP`, whose tags end where every parser ends them.
    """
    low = head.lower()
    if (
        b"robots" in low
        or b"googlebot" in low
        or b"refresh" in low
        or (_title_clue(low) and not _plain_title(head, low))
    ):
        return False
    # `&#`, last of `_CLUES`, only where a lone `&` is (memchr finds that fast), and only
    # in a reference that spells something (not Sphinx's `&#8212;` in every title).
    if b"&" in low and b"&#" in low and any(map(_spells, _REFERENCE.finditer(low))):
        return False
    canonicals = low.count(b"canonical")
    if canonicals != 1:
        return canonicals == 0
    start = low.rfind(b"<link", 0, low.find(b"canonical"))
    link = _OWN_CANONICAL.match(head, start) if start >= 0 else None
    return (
        link is not None
        and (link[3] or link[5]) == url.encode()
        and _plain_before(head, low, start)
    )


def _title_clue(low: bytes) -> bool:
    """True when a `_TITLE_CLUES` word is where the text of a title element can be: from
    the first `<title` to the last `</title` (to the end when there is none after it)."""
    start = low.find(b"<title")
    if start < 0:
        return False
    end = low.rfind(b"</title")
    text = low[start:end] if end > start else low[start:]
    return any(clue in text for clue in _TITLE_CLUES)


def _plain_title(head: bytes, low: bytes) -> bool:
    """True when the head's one title is a plain `<title>text</title>` (no `<` nor `&` in
    its UTF-8 text) whose text does not say 404: the words it holds declare nothing, and
    a parser would find no more (a page titled "Page 404 of 500", or "Not found errors")."""
    start = low.find(b"<title>")
    if start < 0 or low.count(b"<title") != 1 or low.count(b"</title") != 1:
        return False
    end = low.find(b"</title", start)
    if end < 0:
        return False
    text = head[start + 7 : end]
    if b"<" in text or b"&" in text:
        return False
    try:
        title = text.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return _NOT_FOUND_TITLE.match(_SPACE.sub(" ", title).strip()) is None


def _plain_before(head: bytes, low: bytes, end: int) -> bool:
    """True when `head[:end]` is all `_PLAIN_MARKUP`.

    Pages of one theme differ there mostly in their title, so the answer is remembered
    for the markup with the text of a plain `<title>` cut out. That cannot change it:
    text holding no `<` is a token of its own between the two tags.
    """
    opened = low.find(b"<title>", 0, end)
    if opened >= 0:
        text = opened + 7
        closed = low.find(b"<", text, end)
        if low.startswith(b"</title", closed):
            return _plain_markup(head[:text] + head[closed:end])
    return _plain_markup(head[:end])


@functools.lru_cache(maxsize=64)
def _plain_markup(markup: bytes) -> bool:
    return _PLAIN_MARKUP.fullmatch(markup) is not None


def _spells(reference: re.Match[bytes]) -> bool:
    """True when a numeric character reference could spell part of a clue: its character
    is, or lowers to, an ASCII letter or digit (or is too large to tell)."""
    hexadecimal, decimal = reference.groups()
    digits = hexadecimal or decimal
    if len(digits) > 7:
        return True
    code = int(digits, 16 if hexadecimal else 10)
    return code >= 0x110000 or any(c.isascii() and c.isalnum() for c in chr(code).lower())


def _parse_head(prefix: bytes, encoding: str, head: _Head) -> None:
    """Parse the head's bytes with lxml (a small tree beats a parser target here)."""
    from lxml import etree  # loaded for the few heads that say something

    for name in dict.fromkeys((encoding, "utf-8")):
        try:
            parser = _parser(name)
        except LookupError:
            continue  # an encoding libxml2 does not know: read it as UTF-8
        try:
            root = etree.fromstring(prefix, parser)
        except (etree.LxmlError, ValueError):
            return
        if root is not None:
            for element in root.iter("meta", "link", "title", "base"):
                head.take(element)
        return


@functools.lru_cache(maxsize=16)
def _parser(encoding: str) -> etree.HTMLParser:
    """One reusable parser per encoding (building one costs more than a small parse)."""
    from lxml import etree

    return etree.HTMLParser(
        encoding=encoding, no_network=True, recover=True, remove_comments=True, remove_pis=True
    )


class _Head:
    """What the head says, gathered element by element."""

    def __init__(self) -> None:
        self.noindex = False
        self.canonical: str | None = None
        self.refresh: str | None = None
        self.base: str | None = None
        self.title: str | None = None

    def take(self, element: Any) -> None:
        tag = element.tag
        attrib = element.attrib
        if tag == "meta":
            self._meta(attrib)
        elif tag == "link":
            rel = (attrib.get("rel") or "").lower().split()
            if "canonical" in rel and self.canonical is None:
                self.canonical = (attrib.get("href") or "").strip()
        elif tag == "title" and self.title is None:
            self.title = "".join(element.itertext())
        elif tag == "base" and self.base is None and attrib.get("href"):
            self.base = attrib.get("href").strip()

    def _meta(self, attrib: Any) -> None:
        name = (attrib.get("name") or "").strip().lower()
        if name in _ROBOTS_NAMES:
            tokens = set(_ROBOTS_TOKEN.split((attrib.get("content") or "").lower()))
            if tokens & {"noindex", "none"}:
                self.noindex = True
        elif (attrib.get("http-equiv") or "").strip().lower() == "refresh" and not self.refresh:
            found = _REFRESH.match(attrib.get("content") or "")
            target = found.group(1).strip() if found else ""
            if target[:1] in ("'", '"'):
                target = target[1:].split(target[0], 1)[0]
            self.refresh = target.strip() or None


def _encoding(data: bytes) -> str:
    """The page's encoding: its BOM, else its `<meta charset>`, else UTF-8."""
    if data[:1] in _BOM_STARTS:
        for bom, name in _BOMS:
            if data.startswith(bom):
                return name
    found = _CHARSET.search(data, 0, 4096)
    return _known_encoding(found.group(1)) if found else "utf-8"


_BOMS = (
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
_BOM_STARTS = frozenset(bom[:1] for bom, _ in _BOMS)


@functools.lru_cache(maxsize=32)
def _known_encoding(declared: bytes) -> str:
    """A declared charset Python knows, as declared; else UTF-8."""
    name = declared.decode("ascii")
    try:
        codecs.lookup(name)
    except LookupError:
        return "utf-8"
    return name


def _resolve(base: str, href: str) -> str | None:
    try:
        return urldefrag(urljoin(base, href))[0]
    except ValueError:  # e.g. an unclosed IPv6 bracket
        return None


def _same_url(a: str, b: str) -> bool:
    """The same page, however its URL is spelt (`urls.same_page`)."""
    try:
        return urls.same_page(a, b)
    except ValueError:
        return a == b


class Heads(dict[tuple[str, str], PageFacts]):
    """The heads read in one build, by (built file, URL): the sitemap and the site map page
    ask about the same pages, and each head is read once."""

    def read(self, page: BuiltPage, url: str) -> PageFacts:
        """`page.facts(url)`, from memory when this build read it already."""
        key = (os.fspath(page.path), url)
        found = self.get(key)
        if found is None:
            found = self[key] = page.facts(url)
        return found
