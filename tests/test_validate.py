"""The protocol checker: one broken file per rule, each caught with its code; good files pass
both this checker and the official schemas."""

from __future__ import annotations

import datetime as dt
import gzip
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner
from lxml import etree

from sitemap_core.checking.validate import (
    robots_sitemaps,
    sitemap_locs,
    validate_files,
    validate_robots,
)
from sitemap_core.commands import main
from sitemap_core.files.safexml import local_part
from sitemap_core.protocol.grammar import part_name
from xsd import assert_schema_valid, schema

SM = "http://www.sitemaps.org/schemas/sitemap/0.9"
XHTML = "http://www.w3.org/1999/xhtml"
DECL = '<?xml version="1.0" encoding="UTF-8"?>\n'
LOCATION = "https://example.com/docs/sitemap.xml"
SELF_ALT = '<xhtml:link rel="alternate" hreflang="en" href="https://example.com/docs/"/>'


def urlset(*entries: str, extra_ns: str = "") -> str:
    return f'{DECL}<urlset xmlns="{SM}"{extra_ns}>\n' + "\n".join(entries) + "\n</urlset>\n"


def url(loc: str = "https://example.com/docs/", *fields: str) -> str:
    return f"<url><loc>{loc}</loc>{''.join(fields)}</url>"


def index(*locs: str) -> str:
    body = "\n".join(f"<sitemap><loc>{loc}</loc></sitemap>" for loc in locs)
    return f'{DECL}<sitemapindex xmlns="{SM}">\n{body}\n</sitemapindex>\n'


def write(folder: Path, name: str, text: str | bytes) -> Path:
    path = folder / name
    data = text.encode() if isinstance(text, str) else text
    path.write_bytes(gzip.compress(data, mtime=0) if name.endswith(".gz") else data)
    return path


def codes(issues, level: str | None = None) -> set[str]:
    return {i.code for i in issues if level is None or i.level == level}


def check(folder: Path, name: str, text: str | bytes, location: str | None = LOCATION):
    return validate_files([write(folder, name, text)], location)


# -- good files -----------------------------------------------------------------------

GOOD_FULL = urlset(
    url(
        "https://example.com/docs/",
        "<lastmod>2024-05-01</lastmod>",
        "<changefreq>daily</changefreq>",
        "<priority>1.0</priority>",
        '<xhtml:link rel="alternate" hreflang="de" href="https://example.de/docs/"/>',
        '<xhtml:link rel="alternate" hreflang="x-default" href="https://example.com/docs/"/>',
    ),
    url(
        "https://example.com/docs/guide/caf%C3%A9?q=1&amp;r=(2)",
        "<lastmod>2024-05-01T13:30:00+02:00</lastmod>",
        "<priority>.5</priority>",
    ),
    url("https://EXAMPLE.com:443/docs/a", "<lastmod>2024-05-01T13:30:00.25Z</lastmod>"),
    extra_ns=f' xmlns:xhtml="{XHTML}"',
)


@pytest.mark.parametrize("name", ["sitemap.xml", "sitemap.xml.gz"])
def test_good_urlset_passes_checker_and_schema(tmp_path: Path, name: str) -> None:
    path = write(tmp_path, name, GOOD_FULL)
    assert validate_files([path], LOCATION) == []
    assert_schema_valid(path)  # xhtml:link: checked with the relaxed copy, see tests/xsd.py


def test_good_plain_urlset_passes_the_published_schema(tmp_path: Path) -> None:
    path = write(tmp_path, "sitemap.xml", urlset(url(), url("https://example.com/docs/b")))
    assert validate_files([path], LOCATION) == []
    tree = etree.parse(str(path))
    assert schema("urlset").validate(tree), schema("urlset").error_log


def test_good_index_set_passes_checker_and_schema(tmp_path: Path) -> None:
    files = [
        write(
            tmp_path,
            "sitemap.xml",
            index(
                "https://example.com/docs/sitemap-1.xml",
                "https://example.com/docs/sitemap-2.xml.gz",
            ),
        ),
        write(tmp_path, "sitemap-1.xml", urlset(url("https://example.com/docs/a"))),
        write(tmp_path, "sitemap-2.xml.gz", urlset(url("https://example.com/docs/b"))),
    ]
    assert validate_files(files, LOCATION) == []
    for path in files:
        assert_schema_valid(path)


def test_good_text_sitemap(tmp_path: Path) -> None:
    text = "https://example.com/docs/\r\nhttps://example.com/docs/%C3%A9t%C3%A9\n"
    assert check(tmp_path, "sitemap.txt", text, "https://example.com/docs/sitemap.txt") == []
    assert check(tmp_path, "sitemap.txt.gz", text, "https://example.com/docs/x.txt.gz") == []


def test_parallel_variants_are_not_duplicates(tmp_path: Path) -> None:
    """The writer's twins (`.gz`, `.txt`) list the same URLs; that is no duplicate."""
    body = urlset(url("https://example.com/docs/a"), url("https://example.com/docs/b"))
    files = [
        write(tmp_path, "sitemap.xml", body),
        write(tmp_path, "sitemap.xml.gz", body),
        write(tmp_path, "sitemap.txt", "https://example.com/docs/a\nhttps://example.com/docs/b\n"),
    ]
    assert validate_files(files, LOCATION) == []


# -- one broken file per rule ---------------------------------------------------------

BROKEN = {
    # name: (content, {(code, level)} expected exactly)
    "not-well-formed": (
        f'<urlset xmlns="{SM}"><url><loc>https://example.com/docs/</loc></urlset>',
        {("xml", "error")},
    ),
    "unescaped-ampersand": (urlset(url("https://example.com/docs/?a=1&b=2")), {("xml", "error")}),
    "latin1": (
        '<?xml version="1.0" encoding="ISO-8859-1"?>' + urlset(url())[len(DECL) :],
        {("xml", "error")},
    ),
    "no-namespace": ("<urlset>" + url() + "</urlset>", {("namespace", "error")}),
    "google-0.84": (
        '<urlset xmlns="http://www.google.com/schemas/sitemap/0.84">' + url() + "</urlset>",
        {("namespace", "error")},
    ),
    "wrong-root": (f'<feed xmlns="{SM}">{url()}</feed>', {("namespace", "error")}),
    "order": (
        urlset(
            url(
                "https://example.com/docs/",
                "<priority>0.5</priority>",
                "<lastmod>2024-01-01</lastmod>",
            )
        ),
        {("structure", "error")},
    ),
    "lastmod-before-loc": (
        urlset("<url><lastmod>2024-01-01</lastmod><loc>https://example.com/docs/</loc></url>"),
        {("structure", "error")},
    ),
    "no-loc": (urlset("<url><lastmod>2024-01-01</lastmod></url>"), {("structure", "error")}),
    "two-locs": (
        urlset(url("https://example.com/docs/", "<loc>https://example.com/docs/b</loc>")),
        {("structure", "error")},
    ),
    "unknown-element": (
        urlset(url("https://example.com/docs/", "<title>x</title>")),
        {("structure", "error")},
    ),
    "no-ns-child": (
        urlset(url("https://example.com/docs/", '<x xmlns="">1</x>')),
        {("structure", "error")},
    ),
    "text-in-url": (
        urlset("<url>hello<loc>https://example.com/docs/</loc></url>"),
        {("structure", "error")},
    ),
    "text-in-urlset": (urlset(url(), "stray text"), {("structure", "error")}),
    "attribute-on-loc": (
        urlset('<url><loc id="1">https://example.com/docs/</loc></url>'),
        {("structure", "error")},
    ),
    "element-in-loc": (
        urlset("<url><loc>https://example.com/docs/<b>x</b></loc></url>"),
        {("structure", "error")},
    ),
    "foreign-after-url": (urlset(url(), '<f:x xmlns:f="urn:f"/>'), {("structure", "error")}),
    "empty-urlset": (urlset(), {("structure", "error")}),
    "url-in-index": (
        index("https://example.com/docs/s1.xml").replace(
            "</sitemapindex>", "<url><loc>https://example.com/docs/</loc></url></sitemapindex>"
        ),
        {("structure", "error"), ("index", "error")},
    ),
    "changefreq-in-index": (
        index("https://example.com/docs/s1.xml").replace(
            "</loc>", "</loc><changefreq>daily</changefreq>"
        ),
        {("structure", "error"), ("index", "error")},
    ),
    "relative-loc": (urlset(url("/docs/page")), {("loc", "error")}),
    "ftp-loc": (urlset(url("ftp://example.com/docs/")), {("loc", "error")}),
    "space-in-loc": (urlset(url("https://example.com/docs/a b")), {("loc", "error")}),
    "non-ascii-loc": (urlset(url("https://example.com/docs/café")), {("loc", "error")}),
    "bad-percent": (urlset(url("https://example.com/docs/100%")), {("loc", "error")}),
    "bracket-in-path": (urlset(url("https://example.com/docs/[1]")), {("loc", "error")}),
    "no-host": (urlset(url("https:///docs/page")), {("loc", "error")}),
    "long-loc": (urlset(url("https://example.com/docs/" + "a" * 2030)), {("loc", "error")}),
    "short-loc": (urlset(url("http://a.co")), {("loc", "error")}),
    "fragment": (urlset(url("https://example.com/docs/#top")), {("loc", "warning")}),
    "other-host": (urlset(url("https://www.example.com/docs/")), {("scope", "error")}),
    "other-scheme": (urlset(url("http://example.com/docs/")), {("scope", "error")}),
    "other-port": (urlset(url("https://example.com:8443/docs/")), {("scope", "error")}),
    "above-folder": (urlset(url("https://example.com/doc")), {("scope", "error")}),
    "lastmod-words": (
        urlset(url("https://example.com/docs/", "<lastmod>yesterday</lastmod>")),
        {("lastmod", "error")},
    ),
    "lastmod-no-day": (
        urlset(url("https://example.com/docs/", "<lastmod>2024-02-30</lastmod>")),
        {("lastmod", "error")},
    ),
    "lastmod-slashes": (
        urlset(url("https://example.com/docs/", "<lastmod>2024/01/02</lastmod>")),
        {("lastmod", "error")},
    ),
    "changefreq": (
        urlset(url("https://example.com/docs/", "<changefreq>often</changefreq>")),
        {("changefreq", "error")},
    ),
    "changefreq-case": (
        urlset(url("https://example.com/docs/", "<changefreq>Daily</changefreq>")),
        {("changefreq", "error")},
    ),
    "priority-high": (
        urlset(url("https://example.com/docs/", "<priority>1.1</priority>")),
        {("priority", "error")},
    ),
    "priority-exp": (
        urlset(url("https://example.com/docs/", "<priority>5e-1</priority>")),
        {("priority", "error")},
    ),
    "duplicate": (
        urlset(url(), url("https://example.com/docs/b"), url()),
        {("duplicate", "warning")},
    ),
    "hreflang-rel": (
        urlset(
            url(
                "https://example.com/docs/",
                SELF_ALT,
                '<xhtml:link rel="canonical" hreflang="de" href="https://example.com/de/"/>',
            ),
            extra_ns=f' xmlns:xhtml="{XHTML}"',
        ),
        {("hreflang", "error")},
    ),
    "hreflang-code": (
        urlset(
            url(
                "https://example.com/docs/",
                SELF_ALT,
                '<xhtml:link rel="alternate" hreflang="en_US" href="https://example.com/en/"/>',
            ),
            extra_ns=f' xmlns:xhtml="{XHTML}"',
        ),
        {("hreflang", "error")},
    ),
    "hreflang-href": (
        urlset(
            url(
                "https://example.com/docs/",
                SELF_ALT,
                '<xhtml:link rel="alternate" hreflang="de" href="/de/"/>',
            ),
            extra_ns=f' xmlns:xhtml="{XHTML}"',
        ),
        {("hreflang", "error")},
    ),
    "hreflang-port": (
        urlset(
            url(
                "https://example.com/docs/",
                SELF_ALT,
                '<xhtml:link rel="alternate" hreflang="de" href="https://example.com:99999/de/"/>',
            ),
            extra_ns=f' xmlns:xhtml="{XHTML}"',
        ),
        {("hreflang", "error")},
    ),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_broken_file_is_caught_with_its_code(tmp_path: Path, case: str) -> None:
    content, expected = BROKEN[case]
    issues = check(tmp_path, "sitemap.xml", content)
    assert {(i.code, i.level) for i in issues} == expected, issues
    assert all(i.page.startswith("sitemap.xml") for i in issues)


@pytest.mark.parametrize("case", [*sorted(BROKEN), "gzipped-plain-twin", "text"])
def test_a_gz_twin_of_the_same_bytes_is_caught_as_if_read_alone(
    tmp_path: Path, case: str, monkeypatch
) -> None:
    """The `.gz` copy of a file read before is not parsed again: its issues are the same."""
    content = (
        b"x\n\nhttps://example.com/docs/ a\n"
        if case == "text"
        else (BROKEN.get(case, (urlset(url("https://example.com/docs/a b")),))[0])
    )
    plain = "sitemap.txt" if case == "text" else "sitemap.xml"
    paths = [write(tmp_path, plain, content), write(tmp_path, plain + ".gz", content)]
    if case == "gzipped-plain-twin":
        paths[0].write_bytes(paths[1].read_bytes())
    reused = validate_files(paths, LOCATION)
    monkeypatch.setattr("sitemap_core.checking.validate._read_twin", lambda *args: None)
    assert reused == validate_files(paths, LOCATION)


def test_issues_name_file_and_line(tmp_path: Path) -> None:
    text = urlset(url(), url("https://example.com/docs/b", "<priority>2</priority>"))
    (issue,) = check(tmp_path, "sitemap.xml", text)
    assert (issue.code, issue.page, issue.field) == ("priority", "sitemap.xml:4", "priority")


def test_duplicate_on_one_line(tmp_path: Path) -> None:
    doc = f'<urlset xmlns="{SM}">{url()}{url()}</urlset>'
    assert [(i.code, i.page) for i in check(tmp_path, "s.xml", doc)] == [("duplicate", "s.xml:1")]


def test_duplicate_names_first_place(tmp_path: Path) -> None:
    issues = check(tmp_path, "s.xml", urlset(url(), url()))
    assert [(i.code, i.page) for i in issues] == [("duplicate", "s.xml:4")]
    assert "s.xml:3" in issues[0].message


# -- values, cross-checked with the official schema -----------------------------------


def _one_field(field: str, value: str) -> str:
    """A urlset of one URL whose `field` holds `value`."""
    return urlset(url("https://example.com/docs/", f"<{field}>{value}</{field}>"))


def _schema_accepts(field: str, value: str) -> bool:
    return schema("urlset").validate(etree.fromstring(_one_field(field, value).encode()))


@pytest.mark.parametrize(
    "value, level",
    [
        ("2024-05-01", None),
        ("2024-05-01T13:30:00Z", None),
        ("2024-05-01T13:30:00+02:00", None),
        ("2024-05-01T13:30:00.123-05:30", None),
        (" 2024-05-01 ", None),  # the schema collapses whitespace in dates
        ("2024-02-29", None),
        ("2024", "warning"),  # W3C Datetime, but the schema wants a full date
        ("2024-05", "warning"),
        ("2024-05-01T13:30+02:00", "warning"),  # W3C without seconds; the schema needs them
        ("2024-05-01T13:30:00", "warning"),  # no zone: schema yes, W3C no
        ("2024-05-01Z", "warning"),
        ("2024-05-01T13:30", "error"),
        ("2023-02-29", "error"),
        ("2024-13-01", "error"),
        ("2024-05-01T25:00:00Z", "error"),
        ("2024-05-01T13:30:00+15:00", "error"),
        ("2024-05-01 13:30:00", "error"),
        ("0000-01-01", "error"),
        ("", "error"),
    ],
)
def test_lastmod_values(tmp_path: Path, value: str, level: str | None) -> None:
    issues = check(tmp_path, "s.xml", _one_field("lastmod", value))
    assert [(i.code, i.level) for i in issues] == ([] if level is None else [("lastmod", level)])
    if level is None:
        assert _schema_accepts("lastmod", value)
    if level == "error":
        assert not _schema_accepts("lastmod", value)


def _from_now(**delta: float) -> str:
    """A W3C date-time `delta` from this test's clock (the suite also runs a year ahead)."""
    when = dt.datetime.now(dt.UTC).replace(microsecond=0) + dt.timedelta(**delta)
    return when.isoformat().replace("+00:00", "Z")


@pytest.mark.parametrize(
    "value, future",
    [
        (lambda: _from_now(days=-400), False),
        (lambda: _from_now(seconds=0)[:10], False),  # today
        (lambda: _from_now(days=1)[:10], False),  # tomorrow: some time zone's today
        (lambda: _from_now(hours=23), False),  # a clock a little fast
        (lambda: _from_now(hours=25), True),
        (lambda: _from_now(days=2)[:10], True),
        (lambda: "2099-01-01", True),
    ],
)
def test_a_lastmod_in_the_future_is_a_warning(tmp_path: Path, value, future: bool) -> None:
    text = value()
    issues = check(tmp_path, "s.xml", _one_field("lastmod", text))
    assert [(i.code, i.level) for i in issues] == ([("lastmod", "warning")] if future else [])
    if future:
        assert "is in the future" in issues[0].message and text in issues[0].message


def test_validate_strict_fails_on_a_lastmod_in_the_future(tmp_path: Path) -> None:
    path = write(tmp_path, "sitemap.xml", _one_field("lastmod", "2099-01-01"))
    assert CliRunner().invoke(main, ["validate", str(path)]).exit_code == 0
    strict = CliRunner().invoke(main, ["validate", "--strict", str(path)])
    assert strict.exit_code == 1
    assert "error lastmod sitemap.xml:3: '2099-01-01' is in the future" in strict.output


@pytest.mark.parametrize(
    "field, value, ok",
    [
        *(
            ("priority", value, ok)
            for value, ok in [
                ("0.0", True),
                ("1.0", True),
                ("1", True),
                ("0", True),
                (".5", True),
                ("1.", True),
                ("+0.5", True),
                ("-0.0", True),
                ("1.000", True),
                (" 0.3 ", True),
                ("1.01", False),
                ("-0.1", False),
                ("5e-1", False),
                ("NaN", False),
                ("", False),
                ("0,5", False),
            ]
        ),
        *(
            ("changefreq", value, ok)
            for value, ok in [
                ("always", True),
                ("never", True),
                ("weekly", True),
                ("Weekly", False),
                (" weekly", False),
                ("fortnightly", False),
                ("", False),
            ]
        ),
    ],
)
def test_priority_and_changefreq_values_agree_with_schema(
    tmp_path: Path, field: str, value: str, ok: bool
) -> None:
    issues = check(tmp_path, "s.xml", _one_field(field, value))
    assert codes(issues) == (set() if ok else {field})
    assert _schema_accepts(field, value) == ok


@pytest.mark.parametrize(
    "tag, ok",
    [
        ("de", True),
        ("pt-BR", True),
        ("zh-Hant-TW", True),
        ("es-419", True),
        ("x-default", True),
        ("sr-Latn", True),
        ("en_US", False),
        ("english", False),
        ("e", False),
        ("de-", False),
        ("", False),
    ],
)
def test_hreflang_values(tmp_path: Path, tag: str, ok: bool) -> None:
    link = f'<xhtml:link rel="alternate" hreflang="{tag}" href="https://example.com/docs/"/>'
    issues = check(
        tmp_path,
        "s.xml",
        urlset(url("https://example.com/docs/", link), extra_ns=f' xmlns:xhtml="{XHTML}"'),
    )
    assert codes(issues) == (set() if ok else {"hreflang"})


# -- hostile input --------------------------------------------------------------------


def test_entity_bomb_is_refused_unexpanded(tmp_path: Path) -> None:
    lols = "".join(f'<!ENTITY l{n} "{f"&l{n - 1};" * 10}">' for n in range(1, 10))
    doc = (
        f'<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY l0 "lol">{lols}]>'
        f'<urlset xmlns="{SM}"><url><loc>https://example.com/docs/&l9;</loc></url></urlset>'
    )
    issues = check(tmp_path, "bomb.xml", doc)
    assert [(i.code, i.level) for i in issues] == [("xml", "error")]
    assert "DOCTYPE" in issues[0].message


def test_external_entity_is_never_read(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-VALUE")
    doc = (
        f'<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY x SYSTEM "{secret.as_uri()}">]>'
        f'<urlset xmlns="{SM}"><url><loc>https://example.com/docs/&x;</loc></url></urlset>'
    )
    issues = check(tmp_path, "xxe.xml", doc)
    assert [(i.code, i.level) for i in issues] == [("xml", "error")]
    assert not any("TOP-SECRET" in i.message for i in issues)
    # A locs reader on the same file gives nothing away either.
    assert sitemap_locs(tmp_path / "xxe.xml") == (None, [])


def test_external_dtd_is_refused_without_network(tmp_path: Path) -> None:
    doc = (
        '<?xml version="1.0"?><!DOCTYPE urlset SYSTEM "http://127.0.0.1:9/x.dtd">'
        f'<urlset xmlns="{SM}">{url()}</urlset>'
    )
    assert codes(check(tmp_path, "dtd.xml", doc)) == {"xml"}


def test_gzip_bomb_stops_at_the_cap(tmp_path: Path) -> None:
    path = tmp_path / "bomb.xml.gz"
    with gzip.open(path, "wb", compresslevel=9) as out:
        block = b"\0" * (1 << 20)
        for _ in range(200):  # 200 MB of zeros, about 200 KB compressed
            out.write(block)
    assert path.stat().st_size < 1_000_000
    tracemalloc.start()
    try:
        issues = validate_files([path], LOCATION)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 20_000_000
    assert "size" in codes(issues, "error")


def test_big_plain_file_is_a_size_error(tmp_path: Path) -> None:
    body = urlset(url(), " " * 52_428_800)  # whitespace between entries is allowed
    assert {(i.code, i.level) for i in check(tmp_path, "big.xml", body)} == {("size", "error")}


def test_too_many_entries(tmp_path: Path) -> None:
    entries = [url(f"https://example.com/docs/{n}") for n in range(50_001)]
    issues = check(tmp_path, "many.xml", urlset(*entries))
    assert [(i.code, i.page) for i in issues] == [("size", "many.xml:50003")]
    lines = "".join(f"https://example.com/docs/{n}\n" for n in range(50_001))
    issues = check(tmp_path, "many.txt", lines, "https://example.com/docs/many.txt")
    assert [(i.code, i.page) for i in issues] == [("size", "many.txt:50001")]


# -- gzip -----------------------------------------------------------------------------


def test_truncated_gzip(tmp_path: Path) -> None:
    data = gzip.compress(
        urlset(*[url(f"https://example.com/docs/{n}") for n in range(2000)]).encode()
    )
    path = tmp_path / "cut.xml.gz"
    path.write_bytes(data[: len(data) // 2])
    assert {(i.code, i.level) for i in validate_files([path], LOCATION)} == {("gzip", "error")}


def test_bad_crc(tmp_path: Path) -> None:
    data = bytearray(gzip.compress(urlset(url()).encode()))
    data[-8] ^= 0xFF  # the CRC32 in the trailer
    path = tmp_path / "crc.xml.gz"
    path.write_bytes(bytes(data))
    assert codes(validate_files([path], LOCATION)) == {"gzip"}


def test_gz_name_without_gzip(tmp_path: Path) -> None:
    path = tmp_path / "plain.xml.gz"
    path.write_text(urlset(url()))
    assert {(i.code, i.level) for i in validate_files([path], LOCATION)} == {("gzip", "error")}


def test_gzip_without_gz_name_is_read_with_a_warning(tmp_path: Path) -> None:
    path = tmp_path / "sitemap.xml"
    path.write_bytes(gzip.compress(urlset(url("https://example.com/docs/x y")).encode()))
    issues = validate_files([path], LOCATION)
    assert {(i.code, i.level) for i in issues} == {("gzip", "warning"), ("loc", "error")}


# -- text sitemaps --------------------------------------------------------------------


@pytest.mark.parametrize(
    "data, expected",
    [
        (b"https://example.com/docs/a\n\nhttps://example.com/docs/b\n", {("text", "error")}),
        (b"https://example.com/docs/a\n\n", {("text", "error")}),
        (b"https://example.com/docs/a https://example.com/docs/b\n", {("text", "error")}),
        (b" https://example.com/docs/a\n", {("text", "error")}),
        (b"https://example.com/docs/caf\xe9\n", {("text", "error")}),
        (b"\xef\xbb\xbfhttps://example.com/docs/a\n", {("text", "warning")}),
        (b"", {("text", "error")}),
        (b"/docs/a\n", {("loc", "error")}),
        (b"https://example.com/docs/a\nhttps://example.com/docs/a\n", {("duplicate", "warning")}),
        (b"https://example.com/other\n", {("scope", "error")}),
    ],
)
def test_text_sitemap_rules(tmp_path: Path, data: bytes, expected: set) -> None:
    issues = check(tmp_path, "sitemap.txt", data, "https://example.com/docs/sitemap.txt")
    assert {(i.code, i.level) for i in issues} == expected, issues


def test_text_line_numbers(tmp_path: Path) -> None:
    data = "https://example.com/docs/a\nhttps://example.com/docs/b\n\n"
    (issue,) = check(tmp_path, "s.txt", data, "https://example.com/docs/s.txt")
    assert issue.page == "s.txt:3"


# -- sets: index, scope, duplicates ---------------------------------------------------


def test_index_entries_must_be_given_files_and_not_indexes(tmp_path: Path) -> None:
    files = [
        write(
            tmp_path,
            "sitemap.xml",
            index(
                "https://example.com/docs/sitemap-1.xml",
                "https://example.com/docs/sitemap-9.xml",
                "https://example.com/docs/inner.xml",
            ),
        ),
        write(tmp_path, "sitemap-1.xml", urlset(url("https://example.com/docs/a"))),
        write(tmp_path, "inner.xml", index("https://example.com/docs/sitemap-1.xml")),
        write(tmp_path, "stray.xml", urlset(url("https://example.com/docs/b"))),
    ]
    issues = validate_files(files, LOCATION)
    assert [(i.code, i.level, i.page) for i in issues] == [
        ("index", "error", "sitemap.xml:4"),  # sitemap-9.xml is not given
        ("index", "error", "sitemap.xml:5"),  # inner.xml is an index
        ("index", "warning", "stray.xml"),  # no index lists it
    ]


def test_part_name_is_the_last_path_segment() -> None:
    """One rule for the file an index entry names, shared with the CLI that collects them."""
    assert part_name("https://example.com/docs/sitemap-1.xml.gz") == "sitemap-1.xml.gz"
    assert part_name(" https://example.com/d/s%201.xml?next=/x.xml#top ") == "s 1.xml"
    assert part_name("https://example.com") == ""
    assert part_name("http://[x/a.xml") == "a.xml"  # malformed: still no exception


def test_gzip_twins_count_as_listed(tmp_path: Path) -> None:
    part = urlset(url("https://example.com/docs/a"))
    idx = index("https://example.com/docs/sitemap-1.xml")
    files = [
        write(tmp_path, "sitemap.xml", idx),
        write(tmp_path, "sitemap.xml.gz", idx),
        write(tmp_path, "sitemap-1.xml", part),
        write(tmp_path, "sitemap-1.xml.gz", part),
    ]
    assert validate_files(files, LOCATION) == []


def test_gz_twin_must_hold_the_same_content(tmp_path: Path) -> None:
    """A stale `.gz` copy: caught at the first line that differs, on the `.gz` file."""
    fresh = urlset(url(), url("https://example.com/docs/a", "<lastmod>2024-05-02</lastmod>"))
    stale = urlset(url(), url("https://example.com/docs/a", "<lastmod>2024-05-01</lastmod>"))
    paths = [write(tmp_path, "sitemap.xml", fresh), write(tmp_path, "sitemap.xml.gz", stale)]
    issues = validate_files(paths, LOCATION)
    assert [(i.code, i.level, i.page) for i in issues] == [("gzip", "error", "sitemap.xml.gz:4")]
    write(tmp_path, "sitemap.xml.gz", fresh)
    assert validate_files(paths, LOCATION) == []


def test_whole_set_out_of_scope_is_one_issue_with_the_count(tmp_path: Path) -> None:
    body = urlset(*[url(f"https://preview.example.net/docs/p{n}") for n in range(30)])
    paths = [write(tmp_path, "sitemap.xml", body), write(tmp_path, "sitemap.xml.gz", body)]
    (issue,) = validate_files(paths, LOCATION)
    assert (issue.code, issue.page) == ("scope", "sitemap.xml:3")
    assert issue.message.startswith("all 60 URLs of this set are outside https://example.com/docs/")
    # One URL in scope: each of the others is its own issue, at its own line.
    mixed = urlset(url(), *[url(f"https://preview.example.net/docs/p{n}") for n in range(3)])
    issues = check(tmp_path, "sitemap.xml", mixed)
    assert [(i.code, i.page) for i in issues] == [
        ("scope", "sitemap.xml:4"),
        ("scope", "sitemap.xml:5"),
        ("scope", "sitemap.xml:6"),
    ]


def test_index_entries_are_scoped_to_the_host(tmp_path: Path) -> None:
    files = [
        write(
            tmp_path,
            "sitemap.xml",
            index("https://example.com/other/a.xml", "https://cdn.example.com/docs/b.xml"),
        ),
        write(tmp_path, "a.xml", urlset(url("https://example.com/other/x"))),
        write(tmp_path, "b.xml", urlset(url("https://example.com/docs/y"))),
    ]
    issues = validate_files(files, LOCATION)
    # a.xml lives in /other/ (by the index), so /other/x is in its scope; the index may
    # point anywhere on its own host, not to another host.
    assert [(i.code, i.page) for i in issues] == [("scope", "sitemap.xml:4"), ("scope", "b.xml:3")]


def test_without_location_one_origin(tmp_path: Path) -> None:
    files = [
        write(
            tmp_path,
            "a.xml",
            urlset(url("https://example.com/a"), url("https://example.com/deep/b")),
        ),
        write(tmp_path, "b.xml", urlset(url("http://example.com/c"))),
    ]
    issues = validate_files(files)
    assert [(i.code, i.page) for i in issues] == [("scope", "b.xml:3")]


def test_duplicates_across_files_of_a_set(tmp_path: Path) -> None:
    files = [
        write(
            tmp_path,
            "sitemap.xml",
            index("https://example.com/docs/a.xml", "https://example.com/docs/b.xml"),
        ),
        write(tmp_path, "a.xml", urlset(url("https://example.com/docs/x"))),
        write(
            tmp_path,
            "b.xml",
            urlset(url("https://example.com/docs/y"), url("https://example.com/docs/x")),
        ),
    ]
    issues = validate_files(files, LOCATION)
    assert [(i.code, i.page) for i in issues] == [("duplicate", "b.xml:4")]
    assert "a.xml:3" in issues[0].message


def test_missing_file(tmp_path: Path) -> None:
    issues = validate_files([tmp_path / "nope.xml"], LOCATION)
    assert [(i.code, i.level) for i in issues] == [("xml", "error")]


def test_sitemap_locs(tmp_path: Path) -> None:
    idx = write(tmp_path, "i.xml", index("https://example.com/docs/a.xml"))
    assert sitemap_locs(idx) == ("sitemapindex", ["https://example.com/docs/a.xml"])
    txt = write(tmp_path, "t.txt", "https://example.com/docs/a\n")
    assert sitemap_locs(txt) == ("text", ["https://example.com/docs/a"])
    assert sitemap_locs(write(tmp_path, "h.xml", "<html/>")) == (None, [])


# -- robots.txt -----------------------------------------------------------------------


def test_robots(tmp_path: Path) -> None:
    path = tmp_path / "robots.txt"
    path.write_text(
        "User-agent: *\nDisallow:\n"
        "Sitemap: https://example.com/sitemap.xml\n"
        "sitemap:/sitemap2.xml\n"
        "SITEMAP :  https://example.com/sitemap.xml   # again\n"
        "Sitemap: ftp://example.com/s.xml\n"
        "Sitemap: https://example.com/b.xml\n"
    )
    issues = validate_robots(path)
    assert robots_sitemaps(path)[0] == [  # each value once, bad ones too, not relative ones
        "https://example.com/sitemap.xml",
        "ftp://example.com/s.xml",
        "https://example.com/b.xml",
    ]
    assert [(i.code, i.level, i.page) for i in issues] == [
        ("robots", "warning", "robots.txt:5"),
        ("robots", "error", "robots.txt:6"),
        ("robots-relative", "warning", "robots.txt:4"),
    ]


def test_relative_robots_line_names_the_line_to_write(tmp_path: Path) -> None:
    path = write(tmp_path, "robots.txt", "User-agent: *\nSitemap: /sitemap.xml\n")
    (generic,) = validate_robots(path)
    assert (generic.code, generic.level, generic.page) == (
        "robots-relative",
        "warning",
        "robots.txt:2",
    )
    assert "crawlers ignore" in generic.message and "full URL" in generic.message
    (exact,) = validate_robots(path, "https://example.org/robots.txt")
    assert exact.message.endswith("write `Sitemap: https://example.org/sitemap.xml` instead")


def test_robots_clean(tmp_path: Path) -> None:
    path = tmp_path / "robots.txt"
    path.write_bytes(b"\xef\xbb\xbfUser-agent: *\r\nSitemap: https://example.com/s.xml\r\n")
    assert validate_robots(path) == []
    # No issue could also mean the line was never read: it was, and it is the URL.
    assert robots_sitemaps(path) == (["https://example.com/s.xml"], [])


# -- a full file -----------------------------------------------------------------------


def test_fifty_thousand_urls_with_every_field_are_accepted(tmp_path: Path) -> None:
    entries = [
        url(
            f"https://example.com/docs/section-{n // 100}/page-{n}/",
            f"<lastmod>2024-03-{n % 28 + 1:02d}T10:11:12Z</lastmod>",
            "<changefreq>weekly</changefreq>",
            "<priority>0.5</priority>",
        )
        for n in range(50_000)
    ]
    path = write(tmp_path, "sitemap.xml", urlset(*entries))
    assert validate_files([path], LOCATION) == []


# -- the writer's own output ----------------------------------------------------------


def test_written_sets_pass_checker_and_schema(tmp_path: Path) -> None:
    from sitemap_core import write_sitemaps
    from sitemap_core.options import settings_from_options
    from sitemap_core.values.page import Alternate, Page

    pages = [
        Page(
            url=f"p{n}/",
            lastmod="2024-01-02",
            priority=0.5,
            changefreq="daily",
            alternates=(
                Alternate("en", f"p{n}/"),
                Alternate("de", f"https://example.com/docs/de/p{n}/"),
            ),
        )
        for n in range(25)
    ]
    settings, problems = settings_from_options(
        {
            "max_urls": 10,
            "gzip": "also",
            "formats": ["xml", "txt"],
            "lastmod": "none",
            "robots_txt": False,
            "validate": "strict",
        },
        "https://example.com/docs/",
        tmp_path,
    )
    assert problems == []
    result = write_sitemaps(pages, tmp_path / "site", settings)
    assert result.ok, result.issues
    assert validate_files(list(result.files), result.sitemap_url) == []
    names = sorted(p.name for p in result.files)
    assert "sitemap-3.xml.gz" in names and "sitemap.xml" in names
    for path in result.files:
        if ".xml" in path.name:
            assert_schema_valid(path)


# -- hreflang reciprocity ---------------------------------------------------------------


def _alt(lang: str, href: str) -> str:
    return f'<xhtml:link rel="alternate" hreflang="{lang}" href="{href}"/>'


def test_alternates_must_list_themselves_and_be_listed_back(tmp_path):
    en, fr, de = (f"https://example.com/docs/{lang}/" for lang in ("en", "fr", "de"))
    text = urlset(
        url(en, _alt("en", en), _alt("fr", fr), _alt("de", de)),
        url(fr, _alt("fr", fr)),  # lists itself only: en is not listed back
        url(de, _alt("en", en)),  # does not list itself
        extra_ns=f' xmlns:xhtml="{XHTML}"',
    )
    found = [(i.page, i.code, i.level, i.message) for i in check(tmp_path, "sitemap.xml", text)]
    assert [(page, code, level) for page, code, level, _ in found] == [
        ("sitemap.xml:3", "hreflang", "warning"),
        ("sitemap.xml:5", "hreflang", "warning"),
    ]
    assert "does not list it back" in found[0][3] and fr in found[0][3]
    assert "does not list itself" in found[1][3] and de in found[1][3]


def test_reciprocal_alternates_pass(tmp_path):
    en, fr = "https://example.com/docs/en/", "https://example.com/docs/fr/"
    both = (_alt("en", en), _alt("fr", fr), _alt("x-default", en))
    text = urlset(url(en, *both), url(fr, *both), extra_ns=f' xmlns:xhtml="{XHTML}"')
    assert check(tmp_path, "sitemap.xml", text) == []


# -- one URL per language ---------------------------------------------------------------


def _twice(shape: str) -> str:
    """Two English pages that name each other as `en` alternates (as Pelican wrote pages
    sharing a slug), and a page whose `EN` and `en` are one language twice, with two
    x-defaults: in the writer's plain shape, or indented (read by the XML parser)."""
    a, b, c, d = (f"https://example.com/docs/{name}/" for name in "abcd")
    entries = [
        (a, [("en", a), ("en", b), ("x-default", a)]),
        (b, [("en", b), ("en", a), ("x-default", b)]),
        (c, [("EN", c), ("en", a), ("x-default", c), ("x-default", a)]),
        (d, [("en", d), ("en-GB", d), ("x-default", d)]),  # one URL, languages once: fine
    ]
    if shape == "plain":
        return urlset(
            *(url(loc, *(_alt(lang, href) for lang, href in links)) for loc, links in entries),
            extra_ns=f' xmlns:xhtml="{XHTML}"',
        )
    body = "".join(
        f"  <url>\n    <loc>{loc}</loc>\n"
        + "".join(f"    {_alt(lang, href)}\n" for lang, href in links)
        + "  </url>\n"
        for loc, links in entries
    )
    return f'{DECL}<urlset xmlns="{SM}" xmlns:xhtml="{XHTML}">\n{body}</urlset>\n'


@pytest.mark.parametrize("shape", ["plain", "indented"])
def test_a_language_given_twice_in_one_url_is_an_error(tmp_path: Path, shape: str) -> None:
    """Alternates join different languages, one URL each: a repeated hreflang (any case)
    in one `<url>` is an `hreflang` error, one per language, at the entry's loc."""
    issues = [i for i in check(tmp_path, "sitemap.xml", _twice(shape)) if i.level == "error"]
    lines = (3, 4, 5) if shape == "plain" else (4, 10, 16)
    assert [(i.page, i.code, i.field) for i in issues] == [
        (f"sitemap.xml:{lines[0]}", "hreflang", "hreflang"),
        (f"sitemap.xml:{lines[1]}", "hreflang", "hreflang"),
        (f"sitemap.xml:{lines[2]}", "hreflang", "hreflang"),
        (f"sitemap.xml:{lines[2]}", "hreflang", "hreflang"),
    ], issues
    first, _, en, default = (i.message for i in issues)
    assert "hreflang='en' is given 2 times" in first
    assert "https://example.com/docs/a/, https://example.com/docs/b/" in first
    assert "hreflang='EN' is given 2 times" in en
    assert "hreflang='x-default' is given 2 times" in default


def test_a_language_given_twice_is_caught_at_build_time(tmp_path: Path) -> None:
    """The build's own check of the written set (`validate`) finds it too."""
    from sitemap_core import write_sitemaps
    from sitemap_core.options import settings_from_options
    from sitemap_core.values.page import Alternate, Page

    both = (Alternate("en", "a/"), Alternate("en", "b/"))
    pages = [Page(url="a/", alternates=both), Page(url="b/", alternates=both)]
    settings, problems = settings_from_options(
        {"lastmod": "none", "robots_txt": False, "validate": "strict"},
        "https://example.com/docs/",
        tmp_path,
    )
    assert problems == []
    result = write_sitemaps(pages, tmp_path / "site", settings)
    found = [i for i in result.issues if i.code == "hreflang"]
    assert [(i.level, "hreflang='en' is given 2 times" in i.message) for i in found] == [
        ("error", True),
        ("error", True),
    ], result.issues


def test_an_index_may_list_parts_in_folders_of_the_same_name(tmp_path):
    """A versioned site's root index lists `2.0/sitemap.xml` and `1.0/sitemap.xml`: each
    part is found by its path under the index's folder, not taken for the index itself."""
    root = "https://example.com/docs/"
    index = write(
        tmp_path,
        "sitemap.xml",
        f'<sitemapindex xmlns="{SM}">'
        + "".join(f"<sitemap><loc>{root}{v}/sitemap.xml</loc></sitemap>" for v in ("2.0", "1.0"))
        + "</sitemapindex>",
    )
    parts = []
    for version in ("2.0", "1.0"):
        (tmp_path / version).mkdir()
        parts.append(
            write(
                tmp_path / version,
                "sitemap.xml",
                f'<urlset xmlns="{SM}"><url><loc>{root}{version}/</loc></url></urlset>',
            )
        )
    assert validate_files([index, *parts], LOCATION) == []
    assert local_part(index, f"{root}1.0/sitemap.xml") == parts[1]
