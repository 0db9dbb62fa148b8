"""The text of an HTML fragment a generator gives for a title or a summary."""

from __future__ import annotations

import html


def plain_text(fragment: str) -> str:
    """The text of an HTML fragment (Pelican's titles and summaries): comments and tags
    stripped, runs of whitespace one space, entities decoded; as Jinja's `striptags`
    (MarkupSafe 3's), which generators show such text with. An unclosed comment or tag
    ends the stripping: the rest stays as it is."""
    parts = []
    pos = 0
    while (start := fragment.find("<", pos)) != -1:
        comment = fragment.startswith("<!--", start)
        end = fragment.find("-->", start + 4) if comment else fragment.find(">", start)
        if end == -1:
            break
        parts.append(fragment[pos:start])
        pos = end + (3 if comment else 1)
    text = "".join((*parts, fragment[pos:]))
    return html.unescape(" ".join(text.split()))
