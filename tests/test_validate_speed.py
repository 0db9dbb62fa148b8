"""The validator's shortcuts find what the full checker finds: any sitemap, valid or broken,
gives the same issues in the same order either way."""

from __future__ import annotations

import gzip
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sitemap_core.checking import entries, plainfile, reading, validate, xmlfile
from sitemap_core.checking.validate import validate_files, validate_set
from sitemap_core.protocol import grammar
from sitemap_core.protocol.sitemaps import MAX_ENTRIES

SM = "http://www.sitemaps.org/schemas/sitemap/0.9"
NAMESPACES = (
    ' xmlns:xhtml="http://www.w3.org/1999/xhtml"'
    ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"'
)
XHTML = ' xmlns:xhtml="http://www.w3.org/1999/xhtml"'
DECL = '<?xml version="1.0" encoding="UTF-8"?>\n'
BASE = "https://example.org/docs/"

# Locs: valid ones (most), and each way a loc goes wrong or leaves the plain shape.
LOCS = [
    BASE,
    BASE + "a/",
    BASE + "b/c.html",
    BASE + "caf%C3%A9/",
    BASE + "a/",
    BASE + "?q=1",
    BASE + "x#frag",
    "https://example.org/other",
    "http://example.org/docs/",
    "https://example.org:8080/docs/",
    "https://EXAMPLE.org/docs/",
    "HTTPS://example.org/d/",
    "https://user@example.org/docs/",
    "https://u:p@example.org/docs/",
    "https://[::1]/docs/",
    "https://[::1]:80/docs/",
    BASE + "a&amp;b",
    BASE + "a&#x41;",
    BASE + "%zz",
    BASE + "a b",
    "ftp://example.org/docs/",
    "https://e.o/",
    "https://e.org/",
    "",
    " " + BASE + "s/ ",
    BASE + "\u00e9",
    "https://example.org:99999/docs/",
    BASE + "<![CDATA[x]]>",
    BASE + "<!--c-->z",
    BASE + "it&apos;s",
    BASE + "it's",
    "https://example.org",
    "https://example.org/" + "a/" * 1030,
    BASE + "a//b",
    "https://ex%41mple.org/docs/",
    "https://example.org?x/docs/",
    "https://example.org#x/docs/",
    "http://a/b/cdefghij",
    "https:///docs/page/",
    "https://example.org:/docs/",
    BASE + "x]y",
    BASE + "a\n/",
]
HREFLANGS = [
    "en",
    "pt-BR",
    "x-default",
    "zh-Hant-TW",
    "e",
    "toolongtag",
    "en-",
    "EN",
    "de-DE-1996",
    "en_US",
    "",
    "x-default ",
]
URL_CHARS = "abc/-._~%41%zz?#[]@!$&'()*+,;=: \u00e9<>\"\n"
PLAIN_CHARS = "ab/-._~%41%z?#@!$()*+,;=:"  # what a plain line's loc may hold, right or wrong
LASTMODS = [
    "2024-01-01",
    "2024-05-31T13:30:00+02:00",
    "2024-02-29",
    "2023-02-29",
    "2024-04-31",
    "2024-12-31T23:59:59Z",
    "2024-01-01T24:00:00Z",
    "2024",
    "2024-05",
    "2024-05-01T10:00Z",
    "2024-05-01T10:00:00",
    "2024-05-01Z",
    "0000-01-01",
    "2024-13-01",
    " 2024-01-01 ",
    "2024-01-01T10:00:00.5+14:00",
    "2024-01-01T10:00:00+14:30",
    "yesterday",
    "",
    "2024-01-01T10:00:00-13:59",
    "2024-01-01T10:60:00Z",
    "\u0662024-01-01",
]


@st.composite
def entry_texts(draw: st.DrawFn, tag: str, vary: bool, linked: bool = False) -> str:
    """One `<url>` (or `<sitemap>`) of any loc and lastmod (and, `linked`, alternates):
    the plain shape, or (`vary`) sometimes a variation of it."""
    loc = draw(
        st.one_of(
            st.sampled_from(LOCS),
            st.text(URL_CHARS if vary else PLAIN_CHARS, max_size=12).map(lambda path: BASE + path),
        )
    )
    lastmod = draw(
        st.one_of(
            st.sampled_from(LASTMODS),
            st.dates().map(str),
            st.datetimes().map(lambda t: t.isoformat() + "Z"),
        )
    )
    fields = [f"<loc>{loc}</loc>"]
    if draw(st.integers(0, 3)):
        fields.append(f"<lastmod>{lastmod}</lastmod>")
    if linked:
        for lang, href in draw(
            st.lists(
                st.tuples(
                    st.sampled_from(HREFLANGS),
                    st.one_of(
                        st.sampled_from(LOCS),
                        st.text(PLAIN_CHARS, max_size=8).map(lambda path: BASE + path),
                    ),
                ),
                max_size=3,
            )
        ):
            fields.append(f'<xhtml:link rel="alternate" hreflang="{lang}" href="{href}"/>')
    if vary and draw(st.integers(0, 3)) == 0:
        extras = draw(
            st.lists(
                st.sampled_from(
                    [
                        "<changefreq>daily</changefreq>",
                        "<changefreq>Often</changefreq>",
                        "<priority>0.5</priority>",
                        "<priority>2</priority>",
                        f"<loc>{BASE}again/</loc>",
                        f"<lastmod>{lastmod}</lastmod>",
                        f'<xhtml:link rel="alternate" hreflang="en" href="{BASE}"/>',
                        f"<image:image><image:loc>{BASE}i.png</image:loc></image:image>",
                        "<foo/>",
                        f'<bar xmlns="{SM}"/>',
                        f"<url><loc>{BASE}inner/</loc></url>",
                        "<!-- note -->",
                        "<?pi x?>",
                        "text",
                        "\n",
                        "  ",
                        '<loc a="1">x</loc>',
                        f"<lastmod><b/>{lastmod}</lastmod>",
                    ]
                ),
                max_size=3,
            )
        )
        for extra in extras:
            fields.insert(draw(st.integers(0, len(fields))), extra)
    sep = draw(st.sampled_from(["", "", "\n", "\n  "])) if vary else ""
    attr = draw(st.sampled_from(["", "", "", ' id="1"', f' xmlns="{SM}"'])) if vary else ""
    return f"<{tag}{attr}>{sep}{sep.join(fields)}{sep}</{tag}>"


@st.composite
def sitemaps(draw: st.DrawFn) -> str:
    """A sitemap's text: the writer's plain shape (half of them), or a variation of it."""
    if draw(st.booleans()):
        header = draw(st.sampled_from(["", XHTML, XHTML]))
        entries = draw(
            st.lists(
                entry_texts("url", False, linked=bool(header) or draw(st.integers(0, 9)) == 0),
                min_size=1,
                max_size=5,
            )
        )
        return (
            f'{DECL}<urlset xmlns="{SM}"{header}>\n'
            + "".join(e + "\n" for e in entries)
            + "</urlset>\n"
        )
    kind = draw(st.sampled_from(["urlset", "urlset", "urlset", "sitemapindex"]))
    entry = "url" if kind == "urlset" else "sitemap"
    head = draw(
        st.sampled_from(
            [
                DECL,
                DECL,
                DECL,
                "",
                "\ufeff" + DECL,
                DECL + "<!-- hi -->\n",
                '<?xml version="1.0" encoding="ISO-8859-1"?>\n',
                DECL + "<!DOCTYPE urlset>\n",
                "\n" + DECL,
            ]
        )
    )
    root_attrs = draw(
        st.sampled_from(
            [
                "",
                "",
                NAMESPACES,
                ' foo="1"',
                ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="x"',
            ]
        )
    )
    ns = draw(st.sampled_from([SM, SM, SM, SM + "/", ""]))
    xmlns = f' xmlns="{ns}"' if ns else ""
    entries = draw(st.lists(entry_texts(entry, True), max_size=8))
    between = draw(
        st.sampled_from(
            [
                "\n",
                "\n",
                "\n",
                "",
                " x ",
                "\n<!-- c -->\n",
                "\n<image:image/>\n",
                f"\n<{entry}/>\n",
                "\r\n",
            ]
        )
    )
    first = draw(st.sampled_from(["\n", "\n", "", "hello\n", "<image:image/>\n"]))
    tail = draw(
        st.sampled_from(
            [
                f"\n</{kind}>\n",
                f"\n</{kind}>\n",
                f"\n</{kind}>",
                "\n",
                f"\n</{kind}>\n<!-- end -->\n",
                f"\n</{kind}>\nmore",
                f"\n</{kind}>\n\n",
            ]
        )
    )
    return f"{head}<{kind}{xmlns}{root_attrs}>{first}" + between.join(entries) + tail


def _full(paths: list[Path], location: str | None) -> list:
    """The issues of the full checker alone: every file read by the element parser."""
    with mock.patch.object(validate, "read_plain", return_value=False):
        return validate_set(paths, location)


@settings(
    max_examples=400,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    text=sitemaps(),
    variant=st.sampled_from(["xml", "xml", "gz", "both", "other-gz"]),
    location=st.sampled_from([BASE + "sitemap.xml", None, "https://other.org/sitemap.xml"]),
    limit=st.sampled_from([MAX_ENTRIES, 2]),
)
def test_the_fast_path_finds_what_the_full_checker_finds(
    tmp_path_factory, text, variant, location, limit
):
    folder = tmp_path_factory.mktemp("sm")
    data = text.encode("utf-8")
    plain, packed = folder / "sitemap.xml", folder / "sitemap.xml.gz"
    paths = {"xml": [plain], "gz": [packed], "both": [plain, packed], "other-gz": [plain, packed]}[
        variant
    ]
    plain.write_bytes(data)
    twin = data.replace(b"/a/", b"/z/") if variant == "other-gz" else data
    packed.write_bytes(gzip.compress(twin, mtime=0))
    with mock.patch.object(validate, "MAX_ENTRIES", limit):
        assert validate_set(paths, location) == _full(paths, location)
        assert validate_files(paths, location) == _full(paths, location)[0]


def _big(entries: int, odd: dict[int, str], header: str = "") -> str:
    """A plain sitemap of `entries` lines over several read chunks, with lines of `odd`
    (entry number -> line) in place of the plain ones; `header`: more of the root tag."""
    lines = [
        odd.get(i, f"<url><loc>{BASE}p/{i}/</loc><lastmod>2024-01-{1 + i % 28:02d}</lastmod></url>")
        for i in range(entries)
    ]
    return f'{DECL}<urlset xmlns="{SM}"{header}>\n' + "\n".join(lines) + "\n</urlset>\n"


def _translated(page: int, lang: str = "fr") -> str:
    """An entry of a translated page, with its alternates, as the writer writes it."""
    links = "".join(
        f'<xhtml:link rel="alternate" hreflang="{code}" href="{BASE}{code}/{page}/"/>'
        for code in ("en", lang)
    )
    return f"<url><loc>{BASE}en/{page}/</loc>{links}</url>"


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        (_big(7000, {}), True),
        (
            _big(
                7000,
                {
                    5000: f"<url><loc>{BASE}p/1/</loc><lastmod>2024-02-30</lastmod></url>",
                    5001: "<url><loc>ftp://example.org/p/</loc></url>",
                },
            ),
            True,
        ),
        (_big(7000, {5000: f"<url><loc>{BASE}p/x y/</loc></url>"}), False),
        (_big(7000, {5000: f"<url><loc>{BASE}</loc><changefreq>daily</changefreq></url>"}), False),
        (_big(7000, {4999: f"<url><loc>{BASE}</loc></url> "}), False),
        (_big(7000, {}) + "<!-- after -->\n", False),
        (_big(7000, {}).rstrip("\n"), False),
        (_big(7000, {n: _translated(n) for n in range(0, 7000, 7)}, XHTML), True),
        (_big(7000, {5000: _translated(5000, "fr_FR")}, XHTML), False),
        (_big(7000, {5000: _translated(5000)}), False),
    ],
    ids=[
        "plain",
        "bad-values",
        "space-in-loc",
        "changefreq",
        "tail",
        "comment-after",
        "no-newline",
        "alternates",
        "alternate-off-shape",
        "alternates-undeclared",
    ],
)
@pytest.mark.parametrize("suffix", [".xml", ".xml.gz"])
def test_big_files_agree_across_read_chunks(tmp_path, text, plain, suffix):
    path = tmp_path / f"sitemap{suffix}"
    data = text.encode()
    path.write_bytes(gzip.compress(data, mtime=0) if suffix.endswith(".gz") else data)
    assert len(data) > 2 * reading.CHUNK
    taken = []

    def spy(*args: object) -> bool:
        taken.append(read_plain(*args))
        return taken[-1]

    read_plain = plainfile.read_plain
    with (
        mock.patch.object(plainfile, "MAX_ENTRIES", 6500),
        mock.patch.object(xmlfile, "MAX_ENTRIES", 6500),
        mock.patch.object(entries, "MAX_ENTRIES", 6500),
    ):
        with mock.patch.object(validate, "read_plain", spy):
            fast = validate_set([path], BASE + path.name)
        assert fast == _full([path], BASE + path.name)
    assert taken == [plain]
    assert any(issue.code == "size" for issue in fast[0])


datetime_texts = st.one_of(
    st.sampled_from(LASTMODS),
    st.dates().map(str),
    st.datetimes().map(str),
    st.datetimes(timezones=st.timezones()).map(lambda t: t.isoformat()),
    st.from_regex(
        r"\A[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?"
        r"([+-][0-9]{2}:[0-9]{2}|Z)?)?\Z"
    ),
    st.text("0123456789-T:+Z. ", max_size=30),
)


@settings(max_examples=3000)
@given(datetime_texts)
def test_the_lastmod_shortcut_agrees_with_the_whole_rule(value):
    assert grammar.lastmod_problem(value) == grammar._lastmod_problem(value)
