"""Reading a sitemap XML file: the writer's plain `<urlset>` as text, any other with a
pull parser that never resolves entities, loads a DTD or touches the network.

`read_plain` reads the writer's plain shape from its text and gives up, reporting
nothing, at the first byte out of it; `read_xml` finds the root with a start-event
parser, then streams the entries with another, each checked (`entries.EntryCheck`) and
dropped from the tree, so memory stays flat for a 50 MB file. Both record what they
read in a `File` and report through `add(line, code, field, message, level)`.
"""

from __future__ import annotations

import re

from lxml import etree

from ..files.safexml import SAFE_XML, has_doctype
from ..protocol.sitemaps import MAX_ENTRIES, SITEMAP_NS, XHTML_NS
from .entries import (
    SM,
    EntryCheck,
    check_alternate,
    check_attributes,
    check_text,
    check_value,
    local_name,
    record_loc,
)
from .reading import Add, File, Reader, Window

_URL = SM + "url"
_SITEMAP = SM + "sitemap"
_SNIFF = 1 << 12  # bytes fed at a time to find the root
_DROP = 512  # done entries removed from the tree at once

_PROLOG_DOCTYPE = re.compile(
    rb"(?:\xef\xbb\xbf)?\s*(?:<\?.*?\?>\s*|<!--.*?-->\s*)*<!DOCTYPE", re.DOTALL
)
_DOCTYPE_MESSAGE = (
    "has a DOCTYPE, which sitemaps must not have (refused unread: "
    "entity expansion and external entities)"
)
_LINE_COLUMN = re.compile(r", line \d+, column \d+$")
_XML_DECL_ENCODING = re.compile(rb"^(?:\xef\xbb\xbf)?<\?xml[^>]*?encoding\s*=\s*[\"']([^\"']*)")


def read_plain(reader: Reader, info: File, add: Add) -> bool:
    """Check a `<urlset>` in the writer's plain shape (one of `_PLAIN_HEADS`, then one
    `<url>` of a loc, a lastmod and, after the xhtml header, `xhtml:link` alternates on
    each line, `</urlset>`) from its text, without the XML parser.

    Such bytes are well-formed by construction and hold no element but the entries, whose
    lines are known, so the findings are the full checker's: its value and loc checks, in
    its order. False, with nothing reported, at the first byte out of that shape: then the
    caller reads the file again with `read_xml`.
    """
    pending: list[tuple[object, ...]] = []  # reported only when the whole file is plain

    def note(*args: object) -> None:
        pending.append(args)

    known: set[str] = set()
    line = 2  # the header's lines
    rest = b""
    ended = False
    chunk = reader.read()
    head = next((head for head in _PLAIN_HEADS if chunk.startswith(head)), None)
    if head is None:
        return False
    linked = _PLAIN_HEADS[head]  # the xhtml namespace is declared: alternates may come
    chunk = chunk[len(head) :]
    while chunk:
        data = rest + chunk
        cut = data.rfind(b"\n") + 1
        text, rest = data[:cut].decode("latin-1"), data[cut:]
        lines = _PLAIN_LINES.fullmatch(text)
        if lines is None or (ended and text):
            return False
        end = lines.start("end")
        ended = end >= 0
        for loc, lastmod, links in _PLAIN_ENTRY.findall(text, 0, end if ended else len(text)):
            line += 1
            if line == MAX_ENTRIES + 3:
                _too_many(line, note)
            if lastmod and lastmod not in known:
                check_value(known, "lastmod", lastmod, line, note)
            if links and not linked:
                return False
            hrefs = _PLAIN_LINK.findall(links)
            for hreflang, href in hrefs:
                check_alternate("alternate", hreflang, href, line, note)
            record_loc(info, note, loc, line)
            if hrefs:
                info.alternates.append((loc, line, frozenset(href for _, href in hrefs)))
        chunk = reader.read()
    if not ended or rest or line == 2 or reader.error or reader.over:
        return False
    info.kind = "urlset"
    for args in pending:
        add(*args)
    return True


def read_xml(reader: Reader, info: File, add: Add, window: Window) -> None:
    """Find the root with a start-event parser, then stream the entries with another.

    The second parser reports only entry elements (`url` or `sitemap`), so Python sees
    one event per entry; each is checked with its children, then dropped from the tree.
    """
    etree.clear_error_log()  # so the first logged error is this file's
    sniff = etree.XMLPullParser(events=("start",), **SAFE_XML)
    held: list[bytes] = []
    check: _XmlCheck | None = None
    parser: etree.XMLPullParser | None = None
    try:
        while chunk := reader.read():
            if parser is None:
                if not held:
                    if not _utf8_declared(chunk, add):
                        return
                    if _PROLOG_DOCTYPE.match(chunk):
                        add(1, "xml", "", _DOCTYPE_MESSAGE)
                        return
                held.append(chunk)
                root, fed = _root_start(sniff, chunk)
                if root is None:
                    continue
                refusal = _refusal(root)
                if refusal:
                    sniff.feed(chunk[fed:])  # a syntax error in the chunk is reported first
                    add(*refusal)
                    return
                info.kind = local_name(root.tag)
                check = _XmlCheck(info, add, info.kind, window)
                parser = etree.XMLPullParser(events=("end",), tag=check.entry_tag, **SAFE_XML)
                chunk = b"".join(held)
                held.clear()
                del sniff
            parser.feed(chunk)
            for _event, elem in parser.read_events():
                check.entry(elem)  # type: ignore[union-attr]
        if parser is None:
            if reader.total == 0 and not reader.error:
                add(None, "xml", "", "empty file; a sitemap holds a <urlset> or <sitemapindex>")
                return
            sniff.close()
            add(None, "xml", "", "no XML element found")
            return
        root = parser.close()
        for _event, elem in parser.read_events():
            check.entry(elem)  # type: ignore[union-attr]
        check.finish(root)  # type: ignore[union-attr]
    except etree.XMLSyntaxError as exc:
        reader.drain()
        if reader.error or reader.over:
            return  # the cut-off is the news, not the parse error it causes
        first = exc.error_log[0] if len(exc.error_log) else None
        if first is not None:
            line, message = first.line, f"{first.message.strip()} (column {first.column})"
        else:
            line, message = exc.lineno, _LINE_COLUMN.sub("", exc.msg or str(exc))
        add(line if line and line > 0 else None, "xml", "", f"not well-formed XML: {message}")


# The writer's plain `<urlset>`, which `read_plain` reads: ASCII, no entity, no `]`; its
# headers, and whether entries may have alternates after each.
_PLAIN_HEADS = {
    f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{SITEMAP_NS}">\n'.encode(): False,
    (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{SITEMAP_NS}" '
        f'xmlns:xhtml="{XHTML_NS}">\n'
    ).encode(): True,
}
_PLAIN_URL = r"[A-Za-z0-9\-._~:/?#@!$()*+,;=%]+"
_PLAIN_ALTERNATE = '<xhtml:link rel="alternate" hreflang="{}" href="{}"/>'
_PLAIN_LINK = re.compile(_PLAIN_ALTERNATE.format("([A-Za-z0-9-]+)", f"({_PLAIN_URL})"))
_PLAIN_ENTRY = re.compile(
    rf"<url><loc>({_PLAIN_URL})</loc>"
    r"(?:<lastmod>([A-Za-z0-9:.+\-]+)</lastmod>)?"
    rf"((?:{_PLAIN_ALTERNATE.format('[A-Za-z0-9-]+', _PLAIN_URL)})*)"
    r"</url>\n"
)
_PLAIN_LINES = re.compile(rf"(?:{_PLAIN_ENTRY.pattern})*+(?P<end></urlset>\n)?")


def _root_start(sniff: etree.XMLPullParser, chunk: bytes) -> tuple[etree._Element | None, int]:
    """Feed `chunk` to the start-event parser a piece at a time, as the root's start tag
    is near the top (the whole chunk would cost an event per element): the root, when its
    start is in, and how many bytes of the chunk were fed."""
    for fed in range(_SNIFF, len(chunk) + _SNIFF, _SNIFF):
        sniff.feed(chunk[fed - _SNIFF : fed])
        for _event, elem in sniff.read_events():
            return elem, fed
    return None, len(chunk)


def _utf8_declared(chunk: bytes, add: Add) -> bool:
    """False (after an issue) when the file is declared or marked as other than UTF-8."""
    if chunk.startswith((b"\xff\xfe", b"\xfe\xff")):
        add(1, "xml", "", "UTF-16 text; sitemaps must be UTF-8")
        return False
    match = _XML_DECL_ENCODING.match(chunk[:512])
    if match and match[1].decode("ascii", "replace").lower().replace("_", "-") not in (
        "utf-8",
        "utf8",
    ):
        add(
            1,
            "xml",
            "",
            f"declared encoding {match[1].decode('ascii', 'replace')!r}; sitemaps must be UTF-8",
        )
        return False
    return True


def _refusal(elem: etree._Element) -> tuple[int | None, str, str, str] | None:
    """Why the file whose root element is `elem` is no sitemap, as `add`'s arguments
    (a DOCTYPE, another root), or None."""
    if has_doctype(elem):
        return 1, "xml", "", _DOCTYPE_MESSAGE
    ns, local = _split(elem.tag)
    if ns != SITEMAP_NS or local not in ("urlset", "sitemapindex"):
        what = (
            f"<{local}> in the namespace {ns or '(none)'!r}"
            if local in ("urlset", "sitemapindex")
            else f"<{local}>" + (f" (namespace {ns})" if ns else "")
        )
        return (
            elem.sourceline,
            "namespace",
            "",
            f"root element is {what}; a sitemap's "
            f"root is <urlset> or <sitemapindex> in the namespace {SITEMAP_NS}",
        )
    return None


class _XmlCheck:
    """Checks each entry as the pull parser finishes it, then drops it from the tree.

    Dropped entries leave the root in batches (one removal each costs more than their
    check): an entry stays until the next one, for its tail; the ones before it are done.
    The entry's own children are `EntryCheck`'s; the root and its other children here.
    """

    def __init__(self, info: File, add: Add, kind: str, window: Window) -> None:
        self.info = info
        self.add = add
        self.entry_tag = _URL if kind == "urlset" else _SITEMAP
        self.entry_name = local_name(self.entry_tag)
        self.root: etree._Element | None = None
        self.entries = 0
        self.last: etree._Element | None = None  # the last entry, kept for its tail
        self.done = 0  # children of the root before `last`, all checked
        self._fields = EntryCheck(info, add, kind, window).check

    # -- one entry at a time ------------------------------------------------------

    def entry(self, elem: etree._Element) -> None:
        root = self.root
        if root is None:
            root = self.root = elem.getroottree().getroot()
            self._root(root)
        last = self.last
        if last is not None and last.getnext() is elem:
            tail = last.tail
            if tail and not tail.isspace():
                self._sibling(last)
            self.done += 1
        elif elem.getparent() is not root:
            return  # a misplaced <url>, reported by the entry it stands in
        else:
            self._siblings(root[0] if last is None else last, elem)
        self.last = elem
        if self.done >= _DROP:
            del root[: self.done]
            self.done = 0
        self.entries += 1
        if self.entries == MAX_ENTRIES + 1:
            _too_many(elem.sourceline, self.add)
        self._fields(elem)
        elem.clear(keep_tail=True)  # stays until the next entry, for its tail

    def finish(self, root: etree._Element) -> None:
        if self.root is None:
            self._root(root)
        if len(root):
            self._siblings(root[0] if self.last is None else self.last, None)
        if self.entries == 0:
            self.add(
                root.sourceline,
                "structure",
                "",
                f"<{self.info.kind}> has no <{self.entry_name}>; the schema needs at least one",
            )

    def _root(self, root: etree._Element) -> None:
        """The root's attributes and its text before the first child."""
        check_attributes(root, self.add)
        check_text(root.text, root.sourceline, f"inside <{self.info.kind}>", self.add)

    def _siblings(self, child: etree._Element | None, end: etree._Element | None) -> None:
        """Check the children of the root from `child` up to `end` (excluded)."""
        while child is not end:
            self._sibling(child)
            self.done += 1
            child = child.getnext()  # type: ignore[union-attr]

    def _sibling(self, elem: etree._Element) -> None:
        """A child of the root other than the current entry: done entries and the rest."""
        tag = elem.tag
        tail = elem.tail
        if tail and not tail.isspace():
            check_text(tail, elem.sourceline, f"after <{local_name(tag)}>", self.add)
        if tag == self.entry_tag:
            return
        line = elem.sourceline
        if isinstance(tag, str) and tag.startswith("{") and not tag.startswith(SM):
            if self.entries:
                self.add(
                    line,
                    "structure",
                    "",
                    f"<{local_name(tag)}> of another namespace after "
                    f"the first <{self.entry_name}>; the schema allows such elements only "
                    "before it",
                )
        else:
            self.add(
                line,
                "structure",
                "",
                f"unexpected <{local_name(tag)}> in "
                f"<{self.info.kind}>; expected <{self.entry_name}>"
                + ("" if str(tag).startswith("{") else " (no namespace)"),
            )


def _too_many(line: int, add: Add) -> None:
    add(line, "size", "", f"more than {MAX_ENTRIES:,} entries in one file (the protocol's limit)")


def _split(tag: str) -> tuple[str, str]:
    if tag.startswith("{"):
        ns, _, local = tag[1:].partition("}")
        return ns, local
    return "", tag
