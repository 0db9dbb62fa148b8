"""The writer's plain `<urlset>`, read as text: no XML parser (nor lxml) for the files a
build writes.

`read_plain` reads that shape and gives up, reporting nothing, at the first byte out of
it; the caller then reads the file with `xmlfile.read_xml`.
"""

from __future__ import annotations

import re

from ..protocol.sitemaps import MAX_ENTRIES, SITEMAP_NS, XHTML_NS
from .entries import check_alternate, check_languages, check_value, record_loc, too_many
from .reading import Add, File, Reader

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


def read_plain(reader: Reader, info: File, add: Add, latest: float) -> bool:
    """Check a `<urlset>` in the writer's plain shape (one of `_PLAIN_HEADS`, then one
    `<url>` of a loc, a lastmod and, after the xhtml header, `xhtml:link` alternates on
    each line, `</urlset>`) from its text, without the XML parser.

    Such bytes are well-formed by construction and hold no element but the entries, whose
    lines are known, so the findings are the full checker's: its value and loc checks, in
    its order. False, with nothing reported, at the first byte out of that shape: then the
    caller reads the file again with `read_xml`. `latest`: `Window.latest`.
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
                too_many(line, note)
            if lastmod and lastmod not in known:
                check_value(known, "lastmod", lastmod, line, note, latest)
            if links and not linked:
                return False
            hrefs = _PLAIN_LINK.findall(links)
            for hreflang, href in hrefs:
                check_alternate("alternate", hreflang, href, line, note)
            check_languages(hrefs, line, note)
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


# The writer's plain `<urlset>`, which `read_plain` reads: ASCII, no entity, no `]`; its
# headers, and whether entries may have alternates after each.
