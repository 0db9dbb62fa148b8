"""llms-full.txt: each page llms.txt lists, its main content as Markdown, in llms.txt's order.

Loaded for `llms_txt: full` only: it needs markdownify (and BeautifulSoup), the `llms`
extra. A built page is read whole; its main content is found by the landmarks themes put
around it (mkdocs-material's `article.md-content__inner`, Sphinx's `div[role=main]` and
`div.body`, `<main>`, `<article>`...), the theme's navigation, header, footer, search,
table of contents, permalinks and media dropped, its links made absolute; lxml does that
part (a theme's navigation is most of a page's bytes), markdownify turns what is left into
Markdown (ATX headings, `-` bullets, fenced code with its language, pipe tables).
"""

from __future__ import annotations

import codecs
import functools
import re
from collections.abc import Iterable, Sequence
from typing import Any, Protocol

from lxml import etree, html
from markdownify import ATX, BACKSLASH, MarkdownConverter

from ..values.page import StrPath


class Listed(Protocol):
    """A page llms.txt lists (`llmstxt.Listed`): its URL, title and built file."""

    @property
    def loc(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def output(self) -> StrPath | None: ...


def _cls(name: str) -> str:
    """An XPath test: the element has class `name`."""
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {name} ')"


# Where themes put a page's main content, the most particular first: the first that
# matches is the page's content.
_MAIN = tuple(
    etree.XPath(path)
    for path in (
        f"//article[{_cls('md-content__inner')}]",  # mkdocs-material
        f"//article[{_cls('bd-article')}]",  # pydata-sphinx-theme
        "//*[@itemprop='articleBody']",  # sphinx_rtd_theme
        "//*[@role='main']",  # Sphinx's basic themes, furo, MkDocs' own themes
        "//main",
        "//article",
        "//*[@id='content']",  # Pelican's notmyidea pages
        f"//div[{_cls('body')}]",
        "//body",
    )
)
# What no reader of the text needs: the theme's furniture, scripts, media, permalinks.
_DROP = etree.XPath(
    " | ".join(
        [
            *(
                f"descendant::{tag}"
                for tag in (
                    "script",
                    "style",
                    "noscript",
                    "template",
                    "nav",
                    "aside",
                    "form",
                    "button",
                    "input",
                    "select",
                    "textarea",
                    "svg",
                    "img",
                    "picture",
                    "video",
                    "audio",
                    "iframe",
                    "object",
                    "embed",
                    "canvas",
                    "footer",
                )
            ),
            "descendant::header[not(descendant::h1 or descendant::h2)]",
            "descendant::*[@role='navigation' or @role='search' or @role='banner' "
            "or @role='contentinfo']",
            *(
                f"descendant::*[{_cls(name)}]"
                for name in (
                    "headerlink",  # Sphinx's and MkDocs' ¶ permalinks
                    "md-content__button",  # material's edit and view buttons
                    "md-source-file",  # material's page dates
                    "toc",
                    "sphinxsidebar",
                    "related",
                    "rst-footer-buttons",
                    "prev-next-area",
                    "linenos",  # line numbers beside code
                    "linenodiv",
                )
            ),
        ]
    )
)
_HEADING_LINKS = etree.XPath("descendant::a[ancestor::h1 or ancestor::h2 or ancestor::h3]")
_HIGHLIGHT_TABLE = etree.XPath(f"descendant::table[{_cls('highlighttable')}]")
_LANGUAGE = re.compile(r"(?:^|\s)(?:language|highlight|lang)-([\w+#.-]+)")
_BLANK_RUN = re.compile(r"\n{3,}")
_CHARSET = re.compile(rb"<meta\b[^>]*?charset\s*=\s*[\"']?\s*([a-z0-9_.:-]+)", re.I)


def _encoding(data: bytes) -> str:
    """The page's encoding: its `<meta charset>` (a BOM wins in the parser), else UTF-8."""
    found = _CHARSET.search(data, 0, 4096)
    if found:
        name = found.group(1).decode("ascii")
        try:
            return codecs.lookup(name).name
        except LookupError:
            pass
    return "utf-8"


@functools.lru_cache(maxsize=8)
def _parser(encoding: str) -> html.HTMLParser:
    return html.HTMLParser(encoding=encoding, remove_comments=True, remove_pis=True)


def _language(tag: Any) -> str:
    """A code block's language: `language-x` (Markdown, material) or Sphinx's
    `highlight-x` on its `<code>`, the element or one of the two around it."""
    code = tag.find("code", recursive=False)
    if code is not None and (found := _LANGUAGE.search(" ".join(code.get("class") or ()))):
        return found.group(1)
    for _ in range(3):
        if tag is None:
            break
        found = _LANGUAGE.search(" ".join(tag.get("class") or ()))
        if found and found.group(1) not in ("default", "none", "text"):
            return found.group(1)
        tag = tag.parent
    return ""


_CONVERTER = MarkdownConverter(
    heading_style=ATX,
    bullets="-",
    newline_style=BACKSLASH,
    escape_underscores=False,
    code_language_callback=_language,
    bs4_options="lxml",
    table_infer_header=True,
)


def page_markdown(data: bytes, loc: str) -> str:
    """The main content of the built page `data`, published at `loc`, as Markdown; ""
    for a page without markup."""
    try:
        document = html.document_fromstring(data, parser=_parser(_encoding(data)))
    except (etree.ParserError, ValueError):
        return ""
    main = next((found[0] for path in _MAIN if (found := path(document))), None)
    if main is None:
        return ""
    for table in _HIGHLIGHT_TABLE(main):  # line-numbered code: the code alone
        code = table.xpath("descendant::td[last()]//pre")
        if code:
            table.getparent().replace(table, code[0])
    for element in _DROP(main):
        if element.getparent() is not None:
            element.drop_tree()
    for link in _HEADING_LINKS(main):  # a heading's permalink (Pelican's): its text alone
        link.drop_tag()
    main.make_links_absolute(loc, resolve_base_href=False, handle_failures="ignore")
    text = _CONVERTER.convert(html.tostring(main, encoding="unicode"))
    return _tidy(text)


def _tidy(text: str) -> str:
    """Lines without trailing spaces, at most one blank line in a row outside code."""
    out: list[str] = []
    fenced = False
    for part in re.split(r"(^```.*$)", text.strip(), flags=re.M):
        if part.startswith("```"):
            fenced = not fenced
            out.append(part)
        elif fenced:
            out.append(part)
        else:
            lines = "\n".join(line.rstrip() for line in part.split("\n"))
            out.append(_BLANK_RUN.sub("\n\n", lines))
    return "".join(out).strip()


def full_text(name: str, description: str, pages: Sequence[Listed]) -> str:
    """llms-full.txt: the H1 and blockquote of llms.txt, then each page: its title as an
    H1 (its own first heading when it has one), its URL, its content."""
    parts = [f"# {name}"]
    if description:
        parts.append(f"> {description}")
    parts += _blocks(pages)
    return "\n\n".join(parts) + "\n"


def _blocks(pages: Iterable[Listed]) -> Iterable[str]:
    for page in pages:
        text = ""
        if page.output is not None:
            try:
                with open(page.output, "rb") as file:
                    text = page_markdown(file.read(), page.loc)
            except OSError:
                text = ""
        heading = f"# {page.title}"
        if text.startswith("# "):
            heading, _, text = text.partition("\n")
            text = text.strip()
        yield "\n\n".join(part for part in (heading, f"Source: {page.loc}", text) if part)
