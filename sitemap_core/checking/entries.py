"""The checks of one sitemap entry: its values, its `xhtml:link` alternates, its loc.

The same functions serve the plain fast path (`xmlfile.read_plain`), text sitemaps and,
through `EntryCheck`, the children of each `<url>` or `<sitemap>` the XML parser
finishes, so every path reports the same findings in the same order. Each reports
through an `add(line, code, field, message, level)`.
"""

from __future__ import annotations

from lxml import etree

from ..protocol.grammar import PATH_ONLY, VALUE_CHECKS, loc_parts, short, valid_hreflang
from ..protocol.sitemaps import MAX_LOC, MIN_LOC, SITEMAP_NS, SITEMAP_ORDER, URL_ORDER, XHTML_NS
from .extensions import ExtensionCheck
from .reading import Add, File, Window

SM = "{" + SITEMAP_NS + "}"  # the sitemaps.org namespace, as lxml starts its tags
_XHTML_LINK = "{" + XHTML_NS + "}link"
_XSI = "{http://www.w3.org/2001/XMLSchema-instance}"
_FOREIGN = 9  # past every sitemaps.org element: other namespaces come last


def check_value(known: set[str], name: str, value: str, line: int, add: Add) -> None:
    """Check one lastmod, changefreq or priority not in `known`, the values of this file
    already found good (real sites repeat their dates), which a good one joins."""
    problem = VALUE_CHECKS[name](value)
    if problem is None:
        if len(known) < 10_000:
            known.add(value)
    else:
        add(line, name, name, problem[0], problem[1])


def check_alternate(
    rel: str | None,
    hreflang: str | None,
    href: str | None,
    line: int | None,
    add: Add,
) -> None:
    """Check one `xhtml:link` alternate from its attributes."""
    if rel != "alternate":
        add(
            line,
            "hreflang",
            "rel",
            f'xhtml:link has rel={rel!r}; a sitemap alternate needs rel="alternate"',
        )
    if hreflang is None or not valid_hreflang(hreflang):
        add(
            line,
            "hreflang",
            "hreflang",
            f"hreflang={hreflang!r} is not a language tag "
            "(like en, pt-BR, zh-Hant-TW) or x-default",
        )
    if href is None:
        add(line, "hreflang", "href", "xhtml:link has no href")
    else:
        problem = loc_parts(href.strip())[0]
        if problem:
            add(line, "hreflang", "href", f"href {short(href)!r} {problem}")


def record_loc(info: File, add: Add, url: str, line: int) -> None:
    """Check one listed URL and keep it for the set-wide scope and duplicate checks.

    A URL whose `scheme://authority` an earlier valid loc of the file had, followed by a
    path alone, needs only its path checked: `URI` reads the authority up to the first
    `/` the same way whatever follows."""
    cut = url.find("/", 8)  # after "http://" and the authority's first character
    if cut > 0:
        origin = info.prefixes.get(url[:cut])
        if origin is not None and MIN_LOC <= len(url) <= MAX_LOC and PATH_ONLY.fullmatch(url, cut):
            info.locs.append((url, line, origin, cut))
            return
    problem, origin, path_start, fragment = loc_parts(url)
    if problem or origin is None:
        add(line, "loc", "loc", f"{short(url)!r} {problem}")
        info.locs.append((url, line, None, -1))
        return
    if fragment:
        add(
            line,
            "loc",
            "loc",
            f"{short(url)} has a #fragment, which crawlers drop; list the page once without it",
            "warning",
        )
    origin = info.origins.setdefault(origin, origin)
    if cut > 0 and path_start == cut:
        info.prefixes[url[:cut]] = origin
    info.locs.append((url, line, origin, path_start))


def check_attributes(elem: etree._Element, add: Add) -> None:
    """Attributes on a sitemaps.org element, where the schema allows only `xsi:` ones."""
    for key in elem.keys():  # noqa: SIM118 - an lxml element iterates its children
        if not key.startswith(_XSI):
            add(
                elem.sourceline,
                "structure",
                local_name(elem.tag),
                f"<{local_name(elem.tag)}> has an attribute {local_name(key)!r}, which "
                "the schema does not allow",
            )


def check_text(text: str | None, line: int | None, where: str, add: Add) -> None:
    """Text (`where`: inside or after an element) where the schema allows none."""
    if text and not text.isspace():
        add(
            line,
            "structure",
            "",
            f"text {short(text.strip())!r} {where}, where the schema allows none",
        )


def local_name(tag: object) -> str:
    """An element's or attribute's name without its namespace."""
    return tag.rpartition("}")[2] if isinstance(tag, str) else str(tag)


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
        hrefs: list[str] = []
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
                        "structure",
                        local_name(tag),
                        f"<{local_name(tag)}> is repeated or out of order in <{entry}> (order: "
                        f"{', '.join(self.names)}, then elements of other namespaces)",
                    )
                else:
                    state = position
                if len(child) or child.keys():
                    add(
                        child.sourceline,
                        "structure",
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
                    check_value(known, self.names[position - 1], value, child.sourceline, add)
            elif isinstance(tag, str) and tag[0] == "{" and not tag.startswith(SM):
                state = _FOREIGN
                if tag == _XHTML_LINK and entry == "url":
                    check_alternate(
                        child.get("rel"),
                        child.get("hreflang"),
                        child.get("href"),
                        child.sourceline,
                        add,
                    )
                    hrefs.append((child.get("href") or "").strip())
                else:
                    extended = True
            elif isinstance(tag, str):
                self._not_allowed(tag, child.sourceline)
        if loc is None:
            add(elem.sourceline, "structure", "loc", f"<{entry}> has no <loc>")
            return
        record_loc(self.info, add, loc.strip(), loc_line)
        if hrefs:
            self.info.alternates.append((loc.strip(), loc_line, frozenset(hrefs)))
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
                "structure",
                local_name(tag),
                f"<{local_name(tag)}> is not allowed in <{entry}> (allowed: "
                f"{', '.join(self.names)}, then elements of other namespaces)",
            )
        else:
            self.add(
                line,
                "structure",
                tag,
                f"<{tag}> has no namespace; <{entry}> holds "
                "only sitemaps.org elements and elements of other namespaces",
            )
