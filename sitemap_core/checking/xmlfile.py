"""Reading a sitemap XML file with a pull parser that never resolves entities, loads a
DTD or touches the network (the writer's own plain shape is read as text first:
`plainfile`).

`read_xml` finds the root with a start-event parser, then streams the entries with
another, each checked (`EntryCheck`) and dropped from the tree, so memory stays flat for
a 50 MB file. It records what it read in a `File` and reports through
`add(line, code, field, message, level)`. lxml is loaded with this module, only when a
file needs the parser.
"""

from __future__ import annotations

import re

from lxml import etree

from ..files.safexml import SAFE_XML, has_doctype
from ..protocol.sitemaps import MAX_ENTRIES, SITEMAP_NS, SITEMAP_ORDER, URL_ORDER, XHTML_NS
from ..values.codes import Code
from .entries import (
    check_alternate,
    check_languages,
    check_text,
    check_value,
    local_name,
    record_loc,
    too_many,
)
from .extensions import ExtensionCheck
from .reading import Add, File, Reader, Window

SM = "{" + SITEMAP_NS + "}"  # the sitemaps.org namespace, as lxml starts its tags
_XHTML_LINK = "{" + XHTML_NS + "}link"
_XSI = "{http://www.w3.org/2001/XMLSchema-instance}"
_FOREIGN = 9  # past every sitemaps.org element: other namespaces come last
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
                        add(1, Code.XML, "", _DOCTYPE_MESSAGE)
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
                add(None, Code.XML, "", "empty file; a sitemap holds a <urlset> or <sitemapindex>")
                return
            sniff.close()
            add(None, Code.XML, "", "no XML element found")
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
        add(line if line and line > 0 else None, Code.XML, "", f"not well-formed XML: {message}")


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
        add(1, Code.XML, "", "UTF-16 text; sitemaps must be UTF-8")
        return False
    match = _XML_DECL_ENCODING.match(chunk[:512])
    if match and match[1].decode("ascii", "replace").lower().replace("_", "-") not in (
        "utf-8",
        "utf8",
    ):
        add(
            1,
            Code.XML,
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
            Code.NAMESPACE,
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
            too_many(elem.sourceline, self.add)
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
                Code.STRUCTURE,
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
                    Code.STRUCTURE,
                    "",
                    f"<{local_name(tag)}> of another namespace after "
                    f"the first <{self.entry_name}>; the schema allows such elements only "
                    "before it",
                )
        else:
            self.add(
                line,
                Code.STRUCTURE,
                "",
                f"unexpected <{local_name(tag)}> in "
                f"<{self.info.kind}>; expected <{self.entry_name}>"
                + ("" if str(tag).startswith("{") else " (no namespace)"),
            )


def _split(tag: str) -> tuple[str, str]:
    if tag.startswith("{"):
        ns, _, local = tag[1:].partition("}")
        return ns, local
    return "", tag


def check_attributes(elem: etree._Element, add: Add) -> None:
    """Attributes on a sitemaps.org element, where the schema allows only `xsi:` ones."""
    for key in elem.keys():  # noqa: SIM118 - an lxml element iterates its children
        if not key.startswith(_XSI):
            add(
                elem.sourceline,
                Code.STRUCTURE,
                local_name(elem.tag),
                f"<{local_name(elem.tag)}> has an attribute {local_name(key)!r}, which "
                "the schema does not allow",
            )


class EntryCheck:
    """The children of one entry (`<url>` or `<sitemap>`) at a time, in place: the
    schema's order, each value, the loc and alternates; extension children (image,
    video, news...) go to an `ExtensionCheck`, made when an entry first has one."""

    def __init__(self, info: File, add: Add, kind: str, window: Window) -> None:
        self.info = info
        self.add = add
        self.window = window
        self.entry_name = "url" if kind == "urlset" else "sitemap"
        order = URL_ORDER if kind == "urlset" else SITEMAP_ORDER
        self.names = list(order)
        self.order = {SM + name: position for name, position in order.items()}
        self.extensions: ExtensionCheck | None = None
        # Values already found good, by position: real sites repeat their dates.
        self.good: dict[int, set[str]] = {position: set() for position in order.values()}

    def check(self, elem: etree._Element) -> None:
        """Check the entry `elem`, its loc kept in `info` for the set-wide checks."""
        add = self.add
        entry = self.entry_name
        if elem.keys():
            check_attributes(elem, add)
        text = elem.text
        if text and not text.isspace():
            check_text(text, elem.sourceline, f"inside <{entry}>", add)
        order = self.order
        good = self.good
        state = 0
        loc = None
        loc_line = 0
        links: list[tuple[str | None, str]] = []  # (hreflang, href) of its alternates
        extended = False  # image, video, news... children to check
        for child in elem:
            tag = child.tag
            tail = child.tail
            if tail and not tail.isspace():
                check_text(tail, child.sourceline, f"inside <{entry}>", add)
            position = order.get(tag)
            if position is not None:
                if position <= state:
                    add(
                        child.sourceline,
                        Code.STRUCTURE,
                        local_name(tag),
                        f"<{local_name(tag)}> is repeated or out of order in <{entry}> (order: "
                        f"{', '.join(self.names)}, then elements of other namespaces)",
                    )
                else:
                    state = position
                if len(child) or child.keys():
                    add(
                        child.sourceline,
                        Code.STRUCTURE,
                        local_name(tag),
                        f"<{local_name(tag)}> must hold text only",
                    )
                value = child.text or ""
                if position == 1:
                    if loc is None:
                        loc, loc_line = value, child.sourceline
                    continue
                known = good[position]
                if value not in known:
                    check_value(
                        known,
                        self.names[position - 1],
                        value,
                        child.sourceline,
                        add,
                        self.window.latest,
                    )
            elif isinstance(tag, str) and tag[0] == "{" and not tag.startswith(SM):
                state = _FOREIGN
                if tag == _XHTML_LINK and entry == "url":
                    lang, href = child.get("hreflang"), child.get("href")
                    check_alternate(child.get("rel"), lang, href, child.sourceline, add)
                    links.append((lang, (href or "").strip()))
                else:
                    extended = True
            elif isinstance(tag, str):
                self._not_allowed(tag, child.sourceline)
        if links:
            check_languages(links, loc_line or elem.sourceline, add)
        if loc is None:
            add(elem.sourceline, Code.STRUCTURE, "loc", f"<{entry}> has no <loc>")
            return
        record_loc(self.info, add, loc.strip(), loc_line)
        if links:
            self.info.alternates.append(
                (loc.strip(), loc_line, frozenset(href for _tag, href in links))
            )
        if extended and entry == "url":
            if self.extensions is None:
                w = self.window
                self.extensions = (
                    ExtensionCheck(w.now)
                    if w.news_days is None
                    else ExtensionCheck(w.now, w.news_days)
                )
            self.extensions.entry(elem, add)

    def _not_allowed(self, tag: str, line: int | None) -> None:
        """A child of the entry in no namespace, or an unknown sitemaps.org one."""
        entry = self.entry_name
        if tag[0] == "{":
            self.add(
                line,
                Code.STRUCTURE,
                local_name(tag),
                f"<{local_name(tag)}> is not allowed in <{entry}> (allowed: "
                f"{', '.join(self.names)}, then elements of other namespaces)",
            )
        else:
            self.add(
                line,
                Code.STRUCTURE,
                tag,
                f"<{tag}> has no namespace; <{entry}> holds "
                "only sitemaps.org elements and elements of other namespaces",
            )
