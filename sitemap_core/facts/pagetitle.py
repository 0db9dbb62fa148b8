"""A built page's title and description, for a folder `generate` reads (llms.txt's links):
the first `<h1>` of its main content, else its `<title>`; its `<meta name="description">`.

Read only when llms.txt is asked for: the whole page is parsed (the `<h1>` is in the body).
"""

from __future__ import annotations

import re

from lxml import etree, html

from ..values.page import StrPath

_SPACE = re.compile(r"\s+")
# The page's own heading: in its main content (a theme's header may hold the site's
# name in an `<h1>`), else the title element, else any `<h1>`.
_HEADINGS = tuple(
    etree.XPath(path)
    for path in ("(//main//h1 | //article//h1 | //*[@role='main']//h1)[1]", "//title", "//h1")
)
_DESCRIPTION = etree.XPath(
    "//meta[translate(@name, 'DESCRIPTION', 'description')='description']/@content"
)
_CHARSET = re.compile(rb"<meta\b[^>]*?charset\s*=\s*[\"']?\s*([a-z0-9_.:-]+)", re.I)


def title_and_description(path: StrPath) -> tuple[str | None, str | None]:
    """The page at `path`'s title (None: it has none) and description (None: none)."""
    try:
        with open(path, "rb") as file:
            data = file.read()
    except OSError:
        return None, None
    found = _CHARSET.search(data, 0, 4096)
    encoding = found.group(1).decode("ascii") if found else "utf-8"
    try:
        parser = html.HTMLParser(encoding=encoding, remove_comments=True)
    except LookupError:
        parser = html.HTMLParser(encoding="utf-8", remove_comments=True)
    try:
        root = html.document_fromstring(data, parser=parser)
    except (etree.ParserError, ValueError):
        return None, None
    found_title = _pick(root)
    description = _DESCRIPTION(root)
    text = _SPACE.sub(" ", str(description[0])).strip() if description else ""
    return found_title, text or None


def _pick(root: html.HtmlElement) -> str | None:
    """The text of the first of main content's `<h1>`, `<title>`, any `<h1>` found."""
    for path in _HEADINGS:
        for element in path(root)[:1]:
            text = _SPACE.sub(" ", element.text_content()).strip().rstrip("¶").strip()
            if text:
                return text
    return None
