"""Reading a text sitemap (`.txt`, `.txt.gz`): one absolute URL alone on each line, in
UTF-8, no blank line; each URL goes through the same loc check as an XML entry's."""

from __future__ import annotations

from ..protocol.grammar import short
from ..protocol.sitemaps import MAX_ENTRIES
from ..values.codes import Code
from .entries import record_loc
from .reading import Add, File, Reader, read_lines


def read_text(reader: Reader, info: File, add: Add) -> None:
    info.kind = "text"
    number = entries = 0
    for line in read_lines(reader):
        number += 1
        if number == 1 and line.startswith(b"\xef\xbb\xbf"):
            add(
                1,
                Code.TEXT,
                "",
                "starts with a byte-order mark, which some crawlers read as part of the first URL",
                "warning",
            )
            line = line[3:]
        if line.endswith(b"\r"):
            line = line[:-1]
        try:
            text = line.decode("utf-8")
        except UnicodeDecodeError:
            add(number, Code.TEXT, "", "not UTF-8 text; a text sitemap must be UTF-8")
            return
        if not text.strip():
            add(number, Code.TEXT, "", "blank line; a text sitemap has one URL on every line")
            continue
        if text != text.strip() or len(text.split()) != 1:
            add(number, Code.TEXT, "", f"{short(text)!r} is not one URL alone on its line")
            continue
        entries += 1
        if entries == MAX_ENTRIES + 1:
            add(
                number,
                Code.SIZE,
                "",
                f"more than {MAX_ENTRIES:,} URLs in one file (the protocol's limit)",
            )
        record_loc(info, add, text, number)
    if number == 0 and not reader.error:
        add(None, Code.TEXT, "", "empty file; a text sitemap lists at least one URL")
