"""read_page: noindex, canonical, redirect and 404 (by title or file name) from a built page."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sitemap_core.facts import htmlhead
from sitemap_core.facts.htmlhead import PageFacts, read_page

URL = "https://example.com/docs/guide/"


def _page(
    tmp_path: Path, head: str, body: str = "<p>Body text.</p>", name: str = "index.html"
) -> Path:
    path = tmp_path / name
    path.write_text(
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"{head}\n</head>\n<body>\n{body}\n</body>\n</html>\n",
        encoding="utf-8",
    )
    return path


@pytest.mark.parametrize(
    ("head", "noindex"),
    [
        ('<meta name="robots" content="noindex">', True),
        ('<meta name="robots" content="NOINDEX, nofollow">', True),
        ('<meta name="ROBOTS" content="nofollow,noindex">', True),
        ('<meta name="robots" content="noarchive noindex">', True),
        ('<meta name="robots" content="none">', True),
        ('<meta name="googlebot" content="NoIndex">', True),
        ('<meta name=" Googlebot " content="noindex, max-snippet:20">', True),
        ('<meta name="robots" content="index, follow">', False),
        ('<meta name="robots" content="nofollow">', False),
        ('<meta name="robots" content="noindexing">', False),
        ('<meta name="bingbot" content="noindex">', False),
        ('<meta name="description" content="noindex">', False),
        ('<meta name="robots" content="index"><meta name="googlebot" content="none">', True),
    ],
)
def test_noindex(tmp_path, head, noindex):
    assert read_page(_page(tmp_path, head), URL).noindex is noindex


def test_noindex_in_the_body_does_not_count(tmp_path):
    page = _page(tmp_path, "<title>T</title>", '<meta name="robots" content="noindex"><p>x</p>')
    assert read_page(page, URL).noindex is False


@pytest.mark.parametrize(
    ("head", "canonical"),
    [
        ("", None),
        ('<link rel="canonical" href="https://example.com/docs/guide/">', None),
        ('<link rel="canonical" href="https://EXAMPLE.com:443/docs/guide/#top">', None),
        ('<link rel="canonical" href="">', None),
        ('<link rel="canonical" href="./">', None),
        ('<link rel="canonical" href="../other/">', "https://example.com/docs/other/"),
        ('<link rel="Canonical" href="/v2/guide/#part">', "https://example.com/v2/guide/"),
        ('<link href="https://other.org/x" rel="alternate canonical">', "https://other.org/x"),
        (
            '<base href="https://example.com/base/"><link rel="canonical" href="g/">',
            "https://example.com/base/g/",
        ),
        (
            '<link rel="canonical" href="/a/"><link rel="canonical" href="/b/">',
            "https://example.com/a/",
        ),
    ],
)
def test_canonical(tmp_path, head, canonical):
    assert read_page(_page(tmp_path, head), URL).canonical == canonical


def test_canonical_iri_equals_its_percent_encoded_url(tmp_path):
    page = _page(
        tmp_path, '<link rel="canonical" href="https://example.com/guide/café &amp; crème/">'
    )
    facts = read_page(page, "https://example.com/guide/caf%C3%A9%20&%20cr%C3%A8me/")
    assert facts.canonical is None
    assert read_page(page, "https://example.com/guide/other/").canonical == (
        "https://example.com/guide/café & crème/"
    )


@pytest.mark.parametrize(
    ("content", "redirect"),
    [
        ("0; url=../new/", "https://example.com/docs/new/"),
        ("0;URL='https://example.org/x'", "https://example.org/x"),
        ("5 ; url = '/moved/'", "https://example.com/moved/"),
        ("0, /comma/", "https://example.com/comma/"),
        ("3;url=https://example.com/docs/guide/", None),  # refreshes itself
        ("30", None),
        ("", None),
    ],
)
def test_redirect(tmp_path, content, redirect):
    page = _page(tmp_path, f'<meta http-equiv="Refresh" content="{content}">')
    assert read_page(page, URL).redirect == redirect


def test_mkdocs_redirects_stub(tmp_path):
    page = _page(
        tmp_path,
        (
            "<title>Redirecting...</title>\n"
            '<link rel="canonical" href="../new/">\n'
            '<meta name="robots" content="noindex">\n'
            '<script>var anchor=window.location.hash.substr(1);location.href="../new/"+'
            '(anchor?"#"+anchor:"")</script>\n'
            '<meta http-equiv="refresh" content="0; url=../new/">'
        ),
        body="Redirecting...",
    )
    facts = read_page(page, URL)
    assert (facts.noindex, facts.canonical, facts.redirect) == (
        True,
        "https://example.com/docs/new/",
        "https://example.com/docs/new/",
    )


@pytest.mark.parametrize(
    ("title", "not_found"),
    [
        ("404", True),
        ("404 - Not found", True),
        ("404: Page Not Found | Docs", True),
        ("Error 404", True),
        ("Page not found — Project 1.0 documentation", True),
        ("Not Found | Site", True),
        ("Not found", True),
        ("Handling Not Found errors", False),
        ("NotFoundError", False),
        ("Not found errors in the API", False),
        ("4040 Street", False),
        ("HTTP status codes", False),
    ],
)
def test_not_found_by_title(tmp_path, title, not_found):
    assert read_page(_page(tmp_path, f"<title>{title}</title>"), URL).not_found is not_found


def test_not_found_by_file_name(tmp_path):
    page = _page(tmp_path, "<title>My Docs</title>", name="404.html")
    assert read_page(page, "https://example.com/404.html").not_found is True


def test_a_title_is_read_through_references_and_spaces(tmp_path):
    page = _page(tmp_path, "<title>\n  Page&nbsp;not\n found </title>")
    assert read_page(page, URL).not_found is True
    assert read_page(_page(tmp_path, "<title>&#52;04</title>"), URL).not_found is True
    assert read_page(_page(tmp_path, "<title> </title>"), URL).not_found is False


def test_page_without_head(tmp_path):
    page = tmp_path / "bare.html"
    page.write_text(
        '<!doctype html><html lang="de"><title>Ohne Kopf</title>'
        '<meta name=robots content="NOINDEX">'
        '<link rel=canonical href="/x/"><p>Text</p></html>',
        encoding="utf-8",
    )
    facts = read_page(page, URL)
    assert facts == PageFacts(
        noindex=True, canonical="https://example.com/x/", redirect=None, not_found=False
    )


def test_body_only_page(tmp_path):
    page = tmp_path / "fragment.html"
    page.write_bytes(b"<body><p>Only a body</p></body>")
    facts = read_page(page, URL)
    assert facts == PageFacts(False, None, None, False)


def test_declared_legacy_encoding(tmp_path):
    page = tmp_path / "latin.html"
    page.write_bytes(
        b'<html><head><meta charset="windows-1252"><title>Not\xa0found \x96 Caf\xe9'
        b"</title></head><body>x</body></html>"
    )
    assert read_page(page, URL).not_found is True


def test_undeclared_utf8_and_unknown_charset(tmp_path):
    page = tmp_path / "u.html"
    page.write_bytes("<html><head><title>404 ページが見つかりません</title></head></html>".encode())
    assert read_page(page, URL).not_found is True
    page.write_bytes(
        '<html><head><meta charset="x-no-such"><title>404 Ünï</title></head></html>'.encode()
    )
    assert read_page(page, URL).not_found is True


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"   \n",
        b"\x00\xff\xfe<<<>>>\x00",
        b"<html><head><title>unclosed",
        b"<meta",
        b"\xef\xbb\xbf<html><head><title>bom</title></head></html>",
        b'<head><meta http-equiv="refresh" content="0; url=http://[::1">',
    ],
)
def test_bad_html_never_raises(tmp_path, data):
    page = tmp_path / "bad.html"
    page.write_bytes(data)
    facts = read_page(page, URL)
    assert facts.noindex is False and facts.canonical is None


def test_unreadable_file_gives_empty_facts(tmp_path):
    empty = PageFacts(False, None, None, False)
    assert read_page(tmp_path / "missing.html", URL) == empty
    assert read_page(tmp_path, URL) == empty  # a folder
    assert read_page(tmp_path / "404.html", URL).not_found is True


def test_a_long_head_is_read_to_its_end(tmp_path):
    page = tmp_path / "long.html"
    style = "<style>" + "p { color: red }\n" * 5000 + "</style>"  # ~85 KB, past one chunk
    page.write_text(
        f"<html><head>{style}<meta name=robots content=noindex></head><body>x</body></html>",
        encoding="utf-8",
    )
    assert read_page(page, URL).noindex is True


def test_only_the_head_is_read(tmp_path):
    page = tmp_path / "big.html"
    page.write_bytes(b"<html><head><title>404</title></head><body>" + b"\xff" * 5_000_000)
    assert read_page(page, URL).not_found is True
    assert len(_bytes_read(page)) <= 1 << 15


@pytest.mark.parametrize("size", [0, 100, htmlhead._FIRST - 1, htmlhead._FIRST, 200_000])
def test_a_built_page_read_whole_or_head_first_gives_the_same_facts_and_bytes(tmp_path, size):
    """`BuiltPage`: its head read alone, then the rest; or the whole file at once (a
    build looking for media): the same facts, and `html` is the file's bytes."""
    page = tmp_path / "page.html"
    data = b"<html><head><title>404</title></head><body>" + b"x" * size + b"</body></html>"
    page.write_bytes(data)
    head_first, whole = htmlhead.BuiltPage(page), htmlhead.BuiltPage(page, whole=True)
    assert head_first.facts(URL) == whole.facts(URL) == read_page(page, URL)
    assert head_first.html() == whole.html() == data
    assert htmlhead.BuiltPage(page).html() == data  # never read for its head
    assert htmlhead.BuiltPage(tmp_path / "missing.html").html() is None
    assert htmlhead.head_end(data) == data.index(b"</head>")


def test_a_head_end_across_the_first_read_is_found(tmp_path):
    page = tmp_path / "edge.html"
    start = b"<html><head><meta name=robots content=noindex><style>"
    pad = (b"p{}" * htmlhead._FIRST)[: htmlhead._FIRST - 2 - len(start + b"</style>")]
    page.write_bytes(start + pad + b"</style></head><body>" + b"x" * 200_000)  # `</` | `head>`
    assert read_page(page, URL).noindex is True
    assert len(_bytes_read(page)) <= htmlhead._FIRST + htmlhead._CHUNK


def test_a_404_folder_index_is_a_not_found_page(tmp_path):
    page = tmp_path / "404" / "index.html"
    page.parent.mkdir()
    page.write_text("<html><head><title>Oops</title></head></html>", encoding="utf-8")
    facts = read_page(page, URL)
    assert facts.not_found and not facts.indexable and not facts.listed


def test_listed_and_indexable(tmp_path):
    plain = _page(tmp_path, "<title>T</title>")
    assert read_page(plain, URL).listed
    elsewhere = _page(tmp_path, '<link rel="canonical" href="https://example.com/other/">')
    facts = read_page(elsewhere, URL)
    assert facts.indexable and not facts.listed


# -- a head without clues, or whose only clue is its own canonical link, is not parsed ---

_PIECES = [
    "<!doctype html>",
    '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0//EN" "x.dtd">',
    '<?xml version="1.0"?>',
    "\ufeff",
    "<html>",
    '<html lang="en">',
    "<HTML LANG=pt-BR>",
    "<html lang=' de ' lang=fr>",
    '<html xml:lang="de">',
    '<html lang="a&amp;b">',
    '<html data-x="<title>" lang=fr>',
    "<head>",
    "</head>",
    "<body>",
    '<meta charset="utf-8">',
    '<meta charset="windows-1252">',
    '<meta name="viewport" content="width=device-width" />',
    "<meta name=robots content=noindex>",
    '<meta name="&#114;obots" content="noindex">',
    '<link rel="stylesheet" href="/a.css">',
    '<link rel=canonical href="/b/">',
    '<meta http-equiv="refresh" content="0; url=/c/">',
    '<base href="/d/">',
    "<title>",
    "</title>",
    "<title>Plain title</title>",
    "<TITLE >404 - Not found</title >",
    "<title>Page 404 of 500</title>",
    "<title>Handling Not Found errors</title>",
    "<title> Error  404 </title>",
    "<title>Not found \u2014 Site</title>",
    "<title>Caf\u00e9 &amp; cr\u00e8me</title>",
    "<title>a<b>c</b></title>",
    "<title>x\x01y</title>",
    "<title>\n  spaced\t out </title>",
    "<title>\u2028\u00a0</title>",
    "<title id=t>T</title>",
    "<script>var t = '<title>in a script</title>';</script>",
    "<script></script>",
    "<style>p { color: red }</style>",
    "<!-- <title>in a comment</title> -->",
    '<meta content="<title>in a value</title>">',
    "<noscript><title>N</title></noscript>",
    "<svg><title>S</title></svg>",
    # The not-found words outside a title, and a title left open.
    '<meta name="description" content="Page not found">',
    "Not found",
    "404",
    "</TITLE",
    "<div>",
    "text",
    " ",
    "\n",
    "<",
    ">",
    "&",
    "'",
    '"',
    "\x00",
    "<html",
    "<title",
    "=",
    "/",
    # A canonical link to the page itself, plain or not, and what could hide it or steal it.
    f'<link rel="canonical" href="{URL}">',
    f"<LINK href='{URL}' rel=Canonical />",
    f'<link rel="canonical" href="{URL}" data-x="1">',
    f'<link rel=" canonical" href="{URL}">',
    '<link href="/other/" ',
    '<meta content="',
    "<meta content='",
    "<link rel='x ",
    "<!--",
    "-->",
    "<!-->",
    "<script>",
    "</script>",
    "<style>",
    "</style>",
    "<textarea>",
    "<noscript>",
    '<base href="https://example.org/">',
    "<x y=z",
    "<!doctype html",
    "<?php ",
    # Numeric references: harmless (a dash, a quote) or spelling a clue's letter or digit.
    "&#8212;",
    "&#x2014;",
    "&#39;",
    "&#",
    "&#x;",
    "&#99999999;",
    "&#8490;",
    "&#52;",
    "&#x34;",
    "<title>&#52;04</title>",
    '<meta name="&#x52;obots" content="noindex">',
    "&#99;anonical",
]


@settings(
    max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    pieces=st.lists(st.sampled_from(_PIECES), max_size=12),
    text=st.text(max_size=20),
    raw=st.binary(max_size=12),
)
def test_a_head_read_without_lxml_reads_as_lxml_does(tmp_path, monkeypatch, pieces, text, raw):
    """Whatever the head, skipping lxml (no clues, or only a canonical link to the page
    itself) gives lxml's facts."""
    page = tmp_path / "page.html"
    for data in (
        "".join(pieces).encode(),
        "".join(pieces[:3] + [text] + pieces[3:]).encode(),
        "".join(pieces).encode() + raw,
        "".join(pieces).encode("utf-16"),
    ):
        page.write_bytes(data + b"</head><body>x</body>")
        fast = read_page(page, URL)
        with monkeypatch.context() as patched:
            patched.setattr(htmlhead, "_declares_nothing", lambda head, url: False)
            assert read_page(page, URL) == fast, data


@settings(max_examples=500, deadline=None)
@given(pieces=st.lists(st.sampled_from(_PIECES), max_size=12), text=st.text(max_size=20))
def test_the_remembered_plain_markup_answer_is_the_regex_answer(pieces, text):
    """Cutting a plain title's text out before remembering the answer changes nothing."""
    head = "".join(pieces[:2] + ["<title>", text, "</title>"] + pieces[2:]).encode()
    for end in (len(head), len(head) // 2):
        expected = htmlhead._PLAIN_MARKUP.fullmatch(head, 0, end) is not None
        assert htmlhead._plain_before(head, head.lower(), end) == expected, head[:end]


def test_plain_heads_are_read_without_lxml(tmp_path, monkeypatch):
    """A head like Pelican's or a plain generator's never reaches the parser."""
    monkeypatch.setattr(htmlhead, "_parse_head", None)  # calling it would raise
    page = _page(
        tmp_path,
        '<meta name="generator" content="Pelican" />\n'
        "<title>\n  A post &amp; more | Site </title>\n"
        '<link rel="stylesheet" href="https://example.org/theme/css/main.css" />',
    )
    assert read_page(page, URL) == PageFacts(False, None, None, False)
    assert read_page(page.rename(tmp_path / "404.html"), URL) == PageFacts(False, None, None, True)


def test_a_plain_title_with_a_clue_word_is_read_without_lxml(tmp_path, monkeypatch):
    """A title that holds "404" or "found" without saying the page is not found needs no
    parser (the lxml import alone is milliseconds); one that says it still does."""
    monkeypatch.setattr(htmlhead, "_parse_head", None)  # calling it would raise
    for title in ("Page 404 of 500 | Docs", "Handling Not Found errors"):
        page = _page(tmp_path, f"<title>{title}</title>")
        assert read_page(page, URL) == PageFacts(False, None, None, False)
    monkeypatch.undo()
    page = _page(tmp_path, "<title>Page not found | Docs</title>")
    assert read_page(page, URL) == PageFacts(False, None, None, True)


@pytest.mark.parametrize(
    "head",
    [
        # MkDocs' theme: the canonical link among the first tags.
        '<meta http-equiv="X-UA-Compatible" content="IE=edge">\n'
        f'<link rel="canonical" href="{URL}">\n<link rel="shortcut icon" href="../img/favicon.ico">\n'
        "<title>Guide - Docs</title>",
        # Sphinx's: after the title, scripts, stylesheets and a comment.
        "<title>Guide &#8212; Docs 1.0</title>\n<!-- theme: alabaster -->\n"
        '<script src="_static/doctools.js?v=9a2dae69"></script>\n<link rel="index" title="Index" '
        f'href="genindex.html" />\n<link rel="canonical" href="{URL}" />',
        f"<link href='{URL}' rel=canonical>",
    ],
)
def test_a_canonical_link_to_the_page_itself_is_read_without_lxml(tmp_path, monkeypatch, head):
    monkeypatch.setattr(htmlhead, "_parse_head", None)  # calling it would raise
    assert read_page(_page(tmp_path, head), URL) == PageFacts(False, None, None, False)


@pytest.mark.parametrize(
    ("head", "canonical"),
    [
        # The link starts inside another tag, which takes its rel: lxml sees that tag's href.
        (
            f'<link href="/other/" x<link rel="canonical" href="{URL}">',
            "https://example.com/other/",
        ),
        (f'<link rel="canonical" href="{URL}"><link rel="canonical" href="/b/">', None),
        (f'<meta name="robots" content="noindex"><link rel="canonical" href="{URL}">', None),
        (f'<link rel="canonical" href="{URL}#top">', None),
        (f'<link rel="canonical" href="{URL}x/">', "https://example.com/docs/guide/x/"),
    ],
)
def test_other_canonical_links_go_through_lxml(tmp_path, monkeypatch, head, canonical):
    parsed = []
    real = htmlhead._parse_head
    monkeypatch.setattr(htmlhead, "_parse_head", lambda *args: parsed.append(real(*args)))
    assert read_page(_page(tmp_path, head), URL).canonical == canonical
    assert parsed


def _bytes_read(page: Path) -> bytes:
    """The bytes `read_page` reads of `page`."""
    built = htmlhead.BuiltPage(page)
    built.facts(URL)
    return built._data or b""
