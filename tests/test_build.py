"""write_sitemaps: the whole set, split at the limits, gzip, text, atomic and tidy."""

import dataclasses
import gzip
import os

import pytest

from helpers import NS, parse, urls_in
from sitemap_core import write_sitemaps
from sitemap_core.facts.lastmod import read_ahead
from sitemap_core.options import settings_from_options
from sitemap_core.values.page import Alternate, Page
from sitemap_core.writing import index, writer

BASE = "https://example.org/docs/"


def settings(**options):
    made, issues = settings_from_options({"validate": "off", "robots_txt": False, **options}, BASE)
    assert issues == []
    return made


def pages(n, **kwargs):
    return [Page(url=f"p/{i}/", lastmod=f"2024-01-{1 + i % 28:02d}", **kwargs) for i in range(n)]


def test_single_file_in_schema_order(tmp_path):
    result = write_sitemaps(
        [Page(url="a/", lastmod="2024-03-04", changefreq="Weekly", priority="0.25")],
        tmp_path,
        settings(),
    )
    assert [p.name for p in result.files] == ["sitemap.xml"]
    url = parse(tmp_path / "sitemap.xml").getroot()[0]
    assert [child.tag.split("}")[1] for child in url] == [
        "loc",
        "lastmod",
        "changefreq",
        "priority",
    ]
    assert [child.text for child in url] == [BASE + "a/", "2024-03-04", "weekly", "0.25"]
    assert result.urls == 1 and result.ok and result.lastmod_sources == {"page": 1}
    assert result.sitemap_url == BASE + "sitemap.xml"


def test_escaping_and_encoding_round_trip(tmp_path):
    write_sitemaps([Page(url="caf\u00e9 & cr\u00e8me/?a=1&b='2'")], tmp_path, settings())
    assert list(urls_in(tmp_path / "sitemap.xml")) == [
        BASE + "caf%C3%A9%20&%20cr%C3%A8me/?a=1&b='2'"
    ]
    assert b"&amp;" in (tmp_path / "sitemap.xml").read_bytes()


@pytest.mark.parametrize("n", [3, 4, 7])
def test_split_at_max_urls_exactly(tmp_path, n):
    result = write_sitemaps(pages(n), tmp_path, settings(max_urls=3))
    if n == 3:
        assert [p.name for p in result.files] == ["sitemap.xml"]
        assert len(urls_in(tmp_path / "sitemap.xml")) == 3
        return
    counts = [len(urls_in(tmp_path / f"sitemap-{i}.xml")) for i in range(1, -(-n // 3) + 1)]
    assert counts == [3] * (n // 3) + ([n % 3] if n % 3 else [])
    root = parse(tmp_path / "sitemap.xml").getroot()
    assert root.tag == f"{{{NS['sm']}}}sitemapindex"
    assert len(urls_in(tmp_path / "sitemap.xml")) == n == result.urls


def test_split_at_max_bytes_exactly(tmp_path):
    limit = 2000
    write_sitemaps(pages(60), tmp_path, settings(max_bytes=limit))
    parts = sorted(tmp_path.glob("sitemap-*.xml"), key=lambda p: int(p.stem.split("-")[1]))
    assert len(parts) > 2
    sizes = [p.stat().st_size for p in parts]
    assert max(sizes) <= limit
    for part, following in zip(parts, parts[1:]):
        first_url = following.read_bytes().splitlines()[2]  # after declaration and <urlset>
        # The next URL would not have fitted, even counting the xhtml declaration's room.
        slack = len(' xmlns:xhtml="http://www.w3.org/1999/xhtml"')
        assert part.stat().st_size + len(first_url) + 1 + slack > limit
    assert sum(len(urls_in(p)) for p in parts) == 60


def test_index_lists_each_part_with_its_newest_lastmod(tmp_path):
    listed = [
        Page(url="a", lastmod="2024-01-05"),
        Page(url="b", lastmod="2024-02-01T10:00:00Z"),
        Page(url="c", lastmod="2023-12-31"),
        Page(url="d"),
    ]
    write_sitemaps(listed, tmp_path, settings(max_urls=2))
    root = parse(tmp_path / "sitemap.xml").getroot()
    entries = [
        (s.findtext("sm:loc", namespaces=NS), s.findtext("sm:lastmod", namespaces=NS))
        for s in root.iterfind("sm:sitemap", NS)
    ]
    assert entries == [
        (BASE + "sitemap-1.xml", "2024-02-01T10:00:00Z"),
        (BASE + "sitemap-2.xml", "2023-12-31"),
    ]


def test_stale_parts_from_a_larger_build_are_removed(tmp_path):
    write_sitemaps(pages(7), tmp_path, settings(max_urls=2, gzip="also"))
    assert (tmp_path / "sitemap-4.xml").exists()
    (tmp_path / "sitemap-notes.xml").write_text("not ours")
    write_sitemaps(pages(3), tmp_path, settings(max_urls=2))
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["sitemap-1.xml", "sitemap-2.xml", "sitemap-notes.xml", "sitemap.xml"]


def test_gzip_is_reproducible_and_equal_to_the_plain_file(tmp_path):
    write_sitemaps(pages(5), tmp_path / "a", settings(gzip="also"))
    write_sitemaps(pages(5), tmp_path / "b", settings(gzip="also"))
    first = (tmp_path / "a" / "sitemap.xml.gz").read_bytes()
    assert first == (tmp_path / "b" / "sitemap.xml.gz").read_bytes()
    assert gzip.decompress(first) == (tmp_path / "a" / "sitemap.xml").read_bytes()


def test_gzip_only_names_the_gz_files_everywhere(tmp_path):
    result = write_sitemaps(pages(5), tmp_path, settings(gzip="only", max_urls=2))
    assert not list(tmp_path.glob("*.xml"))
    assert result.sitemap_url == BASE + "sitemap.xml.gz"
    locs = [e.text for e in parse(tmp_path / "sitemap.xml.gz").getroot().iter(f"{{{NS['sm']}}}loc")]
    assert locs == [BASE + f"sitemap-{i}.xml.gz" for i in (1, 2, 3)]
    assert len(urls_in(tmp_path / "sitemap-3.xml.gz")) == 1


def test_text_sitemap(tmp_path):
    result = write_sitemaps([Page(url="a b/"), Page(url="c")], tmp_path, settings(formats=["txt"]))
    assert [p.name for p in result.files] == ["sitemap.txt"]
    assert (tmp_path / "sitemap.txt").read_bytes() == f"{BASE}a%20b/\n{BASE}c\n".encode()


def test_xhtml_namespace_declared_only_when_used(tmp_path):
    write_sitemaps(pages(2), tmp_path / "plain", settings())
    assert b"xhtml" not in (tmp_path / "plain" / "sitemap.xml").read_bytes()
    alternates = (
        Alternate("en", "en/a"),
        Alternate("pt-BR", "pt/a"),
        Alternate("x-default", "en/a"),
    )
    result = write_sitemaps(
        [Page(url="en/a", alternates=alternates)], tmp_path / "i18n", settings()
    )
    links = parse(tmp_path / "i18n" / "sitemap.xml").getroot().findall(".//xhtml:link", NS)
    assert [(li.get("rel"), li.get("hreflang"), li.get("href")) for li in links] == [
        ("alternate", "en", BASE + "en/a"),
        ("alternate", "pt-BR", BASE + "pt/a"),
        ("alternate", "x-default", BASE + "en/a"),
    ]
    assert result.issues == ()


def test_bad_alternates_are_left_out_with_a_warning(tmp_path):
    result = write_sitemaps(
        [
            Page(
                url="a",
                name="a.md",
                alternates=(Alternate("pt_BR", "pt/a"), Alternate("de", "ftp://other.example/a")),
            )
        ],
        tmp_path,
        settings(),
    )
    assert [(i.code, i.page, i.field) for i in result.issues] == [
        ("hreflang", "a.md", "alternates"),
        ("hreflang", "a.md", "alternates"),
    ]
    assert b"xhtml" not in (tmp_path / "sitemap.xml").read_bytes()


def test_duplicates_are_dropped(tmp_path):
    result = write_sitemaps(
        [Page(url="a/"), Page(url=BASE + "a/"), Page(url="/a/")], tmp_path, settings()
    )
    assert result.urls == 1
    written = parse(tmp_path / "sitemap.xml").getroot().iterfind("sm:url/sm:loc", NS)
    assert [loc.text for loc in written] == [BASE + "a/"]


def mixed_stream(n):
    """Plain pages (some to encode and escape, some with a leading slash, some undated, a
    few repeated batches apart), and in one batch a page that asks for more."""
    for i in range(n):
        if i % 10 == 3:
            yield Page(url=f"caf\u00e9 & cr\u00e8me/{i}/", lastmod=f"2024-02-{1 + i % 28:02d}")
        elif i % 10 == 5:
            yield Page(url=f"/lead/{i}.html?a=1&b='x'", lastmod="2023-05-06T07:08:09+02:00")
        elif i % 10 == 7 and i < 1000:
            yield Page(url=f"undated/{i}/")
        elif i % 500 == 2:
            yield Page(url=f"p/{i - 1001}/", lastmod="2024-01-01")  # a repeat, batches apart
        elif i == 2100:
            yield Page(url="rich/", changefreq="daily", priority=0.3)
        else:
            yield Page(url=f"p/{i}/", lastmod=f"2024-01-{1 + i % 28:02d}")


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"max_bytes": 30_000, "formats": ["xml", "txt"]},
        {"max_urls": 700, "indent": 2},
        {"changefreq": "weekly", "priority": 0.5, "lastmod": "build"},
    ],
)
def test_pages_taken_a_batch_at_a_time_give_the_bytes_one_at_a_time_gives(
    tmp_path, monkeypatch, options
):
    made = settings(**options)  # one build time for both (`lastmod: build`)
    batched = write_sitemaps(mixed_stream(3000), tmp_path / "batched", made)
    monkeypatch.setattr(writer, "_block_of", lambda *args: None)
    single = write_sitemaps(mixed_stream(3000), tmp_path / "single", made)
    assert batched.urls == single.urls > 2500
    assert batched.issues == single.issues and batched.lastmod_sources == single.lastmod_sources
    assert [p.name for p in batched.files] == [p.name for p in single.files]
    for made, reference in zip(batched.files, single.files):
        assert made.read_bytes() == reference.read_bytes(), made.name
    # Every <url><loc> of every XML file (an index has none), as a list: repeats would show.
    locs = [
        loc.text
        for part in batched.files
        if part.suffix == ".xml"
        for loc in parse(part).getroot().iterfind("sm:url/sm:loc", NS)
    ]
    assert len(locs) == len(set(locs)) == batched.urls


def test_bad_values_warn_naming_page_and_field_and_are_omitted(tmp_path):
    result = write_sitemaps(
        [
            Page(
                url="a", name="guide/a.md", priority="high", changefreq="often", lastmod="yesterday"
            )
        ],
        tmp_path,
        settings(),
    )
    assert sorted((i.code, i.page, i.field) for i in result.issues) == [
        ("changefreq", "guide/a.md", "changefreq"),
        ("lastmod", "guide/a.md", "lastmod"),
        ("priority", "guide/a.md", "priority"),
    ]
    assert all(i.level == "warning" for i in result.issues)
    url = parse(tmp_path / "sitemap.xml").getroot()[0]
    assert len(url) == 1


def test_invalid_urls_warn_or_fail(tmp_path):
    listed = [Page(url="https://elsewhere.example/x", name="x.md"), Page(url="ok")]
    warned = write_sitemaps(listed, tmp_path / "w", settings())
    assert [(i.code, i.level) for i in warned.issues] == [("scope", "warning")]
    assert warned.urls == 1 and warned.ok
    failed = write_sitemaps(listed, tmp_path / "e", settings(invalid_urls="error"))
    assert [(i.code, i.level) for i in failed.issues] == [("scope", "error")]
    assert not failed.ok


def test_exclude_rules_and_defaults(tmp_path):
    options = {
        "exclude": ["drafts/*", "/private"],
        "exclude_regex": [r"\?print=1$"],
        "rules": [
            {"match": "blog/*", "changefreq": "weekly"},
            {"match": "blog/old/*", "priority": 0.1},
            {"match": "*", "priority": 0.5},
        ],
        "changefreq": "monthly",
    }
    listed = [Page(url=u) for u in ("drafts/x", "private", "blog/old/a", "about", "a?print=1")]
    listed.append(Page(url="blog/b", priority=0.9))
    write_sitemaps(listed, tmp_path, settings(**options))
    found = {
        u.findtext("sm:loc", namespaces=NS)[len(BASE) :]: (
            u.findtext("sm:changefreq", namespaces=NS),
            u.findtext("sm:priority", namespaces=NS),
        )
        for u in parse(tmp_path / "sitemap.xml").getroot()
    }
    assert found == {
        "blog/old/a": ("weekly", None),
        "about": ("monthly", "0.5"),
        "blog/b": ("weekly", "0.9"),
    }


def test_excluded_pages_and_extra_urls(tmp_path):
    result = write_sitemaps(
        [Page(url="a", exclude=True), Page(url="b")],
        tmp_path,
        settings(extra_urls=["extra/", "https://example.org/docs/x.pdf"]),
    )
    assert list(urls_in(tmp_path / "sitemap.xml")) == [BASE + "b", BASE + "extra/", BASE + "x.pdf"]
    assert result.urls == 3


def test_a_failing_page_stream_leaves_the_old_set_whole(tmp_path):
    write_sitemaps(pages(4), tmp_path, settings(max_urls=2))
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}

    def broken():
        yield from pages(5)
        raise RuntimeError("generator crashed")

    with pytest.raises(RuntimeError):
        write_sitemaps(broken(), tmp_path, settings(max_urls=2))
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_unchanged_files_are_not_rewritten(tmp_path):
    write_sitemaps(pages(3), tmp_path, settings(gzip="also"))
    stamps = {p.name: p.stat().st_mtime_ns for p in tmp_path.iterdir()}
    os.utime(tmp_path / "sitemap.xml", ns=(1, 1))
    write_sitemaps(pages(3), tmp_path, settings(gzip="also"))
    assert (tmp_path / "sitemap.xml").stat().st_mtime_ns == 1
    assert {
        p.name: p.stat().st_mtime_ns for p in tmp_path.iterdir() if p.name != "sitemap.xml"
    } == {k: v for k, v in stamps.items() if k != "sitemap.xml"}


def test_too_many_parts_is_a_clear_error_and_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(index, "MAX_SITEMAPS", 2)
    result = write_sitemaps(pages(5), tmp_path, settings(max_urls=2))
    assert [(i.code, i.level) for i in result.issues] == [("split", "error")]
    assert "at most 2" in result.issues[0].message
    assert list(tmp_path.iterdir()) == []


def test_no_pages_writes_nothing_and_says_so(tmp_path):
    result = write_sitemaps([], tmp_path, settings())
    assert result.files == () and [i.code for i in result.issues] == ["empty"]


@pytest.mark.parametrize(
    "base",
    [
        "",
        "/docs/",
        "ftp://example.org/",
        "https://example.org:99999/",
        "http://a.b/",  # ones the protocol refuses (validate)
    ],
)
def test_a_bad_base_url_is_one_warning_and_nothing_written(tmp_path, base):
    made, _ = settings_from_options({}, base)
    result = write_sitemaps(pages(1), tmp_path, made)
    assert [(i.code, i.level) for i in result.issues] == [("base-url", "warning")]
    assert result.summary().startswith("sitemap: not written: ")
    assert list(tmp_path.iterdir()) == []


def test_indent_writes_readable_xml(tmp_path):
    write_sitemaps(pages(1), tmp_path, settings(indent=2))
    assert (tmp_path / "sitemap.xml").read_text().splitlines()[2:6] == [
        "<url>",
        f"  <loc>{BASE}p/0/</loc>",
        "  <lastmod>2024-01-01</lastmod>",
        "</url>",
    ]


def test_an_entry_larger_than_a_whole_file_is_left_out_with_a_warning(tmp_path):
    long_url = "p/" + "x" * 1500
    result = write_sitemaps(
        [Page(url="a"), Page(url=long_url), Page(url="b")],
        tmp_path,
        settings(max_bytes=1024, formats=["txt", "xml"]),
    )
    assert [(i.code, i.field, i.level) for i in result.issues] == [("size", "max_bytes", "warning")]
    assert result.issues[0].page == BASE + long_url
    assert list(urls_in(tmp_path / "sitemap.xml")) == [BASE + "a", BASE + "b"]
    assert (tmp_path / "sitemap.txt").read_text() == f"{BASE}a\n{BASE}b\n"


def test_a_canonical_spelt_differently_from_the_listed_url_is_found(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "copy.html").write_text(
        '<html><head><link rel="canonical" href="HTTPS://EXAMPLE.org:443/docs/b"></head></html>'
    )
    result = write_sitemaps(
        [Page(url="b"), Page(url="copy.html", output=site / "copy.html")],
        tmp_path / "out",
        settings(),
    )
    assert result.issues == ()
    assert list(urls_in(tmp_path / "out" / "sitemap.xml")) == [BASE + "b"]


# --- lastmod: the truth or nothing (issue 12) ---------------------------------------------


def _html(folder, name, head=""):
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        f"<html><head><title>{name}</title>{head}</head><body><main><p>{name}</p>"
        "</main></body></html>",
        encoding="utf-8",
    )
    return str(path)


def test_own_lastmod_wins_and_published_is_a_floor(tmp_path):
    write_sitemaps(
        [
            Page(url="edited/", lastmod="2020-01-01", published="2024-05-01"),
            Page(url="older/", published="2021-09-26", lastmod=None),
            Page(url="newer-floor/", published="2025-11-06T10:00:00Z"),
        ],
        tmp_path,
        settings(lastmod="none"),
    )
    assert urls_in(tmp_path / "sitemap.xml") == {
        BASE + "edited/": "2020-01-01",
        BASE + "older/": "2021-09-26",
        BASE + "newer-floor/": "2025-11-06T10:00:00Z",
    }


def test_published_floor_against_git(tmp_path, git_repo):
    repo = git_repo()
    repo.write("post.md", "first\n")
    repo.commit("publish", "2021-09-26T08:00:00+00:00")
    repo.write("post.md", "edited\n")
    repo.commit("edit", "2025-11-06T09:30:00+00:00")
    repo.write("late.md", "x\n")
    repo.commit("late", "2020-01-01T00:00:00+00:00")
    src = str(repo.root / "post.md")
    late = str(repo.root / "late.md")
    write_sitemaps(
        [
            Page(url="post/", published="2021-09-26", sources=(src,)),
            Page(url="late/", published="2024-02-02", sources=(late,)),
        ],
        tmp_path / "out",
        settings(),
    )
    assert urls_in(tmp_path / "out" / "sitemap.xml") == {
        BASE + "post/": "2025-11-06T09:30:00Z",  # edited after publication: the commit
        BASE + "late/": "2024-02-02",
    }  # published after its last commit: the floor


def test_a_history_read_ahead_dates_as_a_history_read_at_write_time(tmp_path, git_repo):
    repo = git_repo()
    for n in range(3):
        repo.write(f"docs/p{n}.md", f"page {n}\n")
        repo.commit(f"page {n}", f"2022-0{n + 1}-01T08:00:00+00:00")
    repo.write("other/p3.md", "elsewhere\n")
    repo.commit("elsewhere", "2023-01-01T00:00:00+00:00")
    given = [
        Page(url=f"p{n}/", sources=(str(repo.root / "docs" / f"p{n}.md"),)) for n in range(3)
    ] + [Page(url="p3/", sources=(str(repo.root / "other/p3.md"),))]
    write_sitemaps(given, tmp_path / "now", settings())
    history = read_ahead([page.sources[0] for page in given[:3]], settings())
    assert history is not None
    write_sitemaps(given, tmp_path / "ahead", settings(), history=history)
    assert (tmp_path / "ahead" / "sitemap.xml").read_bytes() == (
        tmp_path / "now" / "sitemap.xml"
    ).read_bytes()
    assert urls_in(tmp_path / "now" / "sitemap.xml")[BASE + "p3/"] == "2023-01-01T00:00:00Z"
    assert read_ahead([given[0].sources[0]], settings(lastmod="mtime")) is None
    no_sitemap = dataclasses.replace(settings(), base_url="/docs/")  # no absolute base URL
    assert read_ahead([given[0].sources[0]], no_sitemap) is None
    assert read_ahead([str(tmp_path / "now" / "sitemap.xml")], settings()) is None


def test_midnight_datetimes_from_pages_stay_dates(tmp_path):
    import datetime as dt

    paris = dt.timezone(dt.timedelta(hours=2))
    write_sitemaps(
        [
            Page(url="a/", lastmod=dt.datetime(2026, 4, 13)),
            Page(url="b/", published=dt.datetime(2026, 4, 13, tzinfo=paris)),
            Page(url="c/", lastmod=dt.datetime(2026, 4, 13, 0, 0, 1)),
        ],
        tmp_path,
        settings(),
    )
    assert urls_in(tmp_path / "sitemap.xml") == {
        BASE + "a/": "2026-04-13",
        BASE + "b/": "2026-04-13",
        BASE + "c/": "2026-04-13T00:00:01Z",
    }


def test_listing_pages_take_the_newest_listed_date_and_unknown_is_absent(tmp_path):
    one = Page(url="posts/one/", published="2024-01-01")
    two = Page(url="posts/two/", lastmod="2024-03-01", published="2023-01-01")
    undated = Page(url="posts/undated/")
    write_sitemaps(
        [
            one,
            two,
            undated,
            Page(url="archive/", lists=(one, two, undated)),
            Page(url="tags/x/", lists=(one,)),
            Page(url="tags/empty/", lists=(undated,)),
            Page(url="index/", published="2024-02-01", lists=(one,)),
        ],
        tmp_path,
        settings(),
    )
    assert urls_in(tmp_path / "sitemap.xml") == {
        BASE + "posts/one/": "2024-01-01",
        BASE + "posts/two/": "2024-03-01",
        BASE + "posts/undated/": None,
        BASE + "archive/": "2024-03-01",
        BASE + "tags/x/": "2024-01-01",
        BASE + "tags/empty/": None,
        BASE + "index/": "2024-02-01",
    }


def test_a_generated_page_gets_no_first_build_date(tmp_path):
    """No sources, no lists, nothing in the content state: no lastmod, build after build."""
    out = tmp_path / "site"
    page = Page(url="genindex/", output=_html(out, "genindex.html"))
    for _ in range(2):
        write_sitemaps([page], out, settings(cache_dir=str(tmp_path / "cache")))
        assert urls_in(out / "sitemap.xml") == {BASE + "genindex/": None}


def test_a_dependency_commit_that_changes_nothing_shown_keeps_the_date(tmp_path, git_repo):
    """autodoc: the page depends on a module; a commit to the module that does not change
    the rendered page keeps the date the content state recorded; one that does moves it."""
    repo = git_repo()
    repo.write("api.rst", "api\n")
    repo.write("mod.py", "def f():\n    return 1\n")
    repo.commit("start", "2024-01-01T10:00:00+00:00")
    repo.write("mod.py", "def f():\n    return 2\n")
    repo.commit("docstring", "2024-02-01T10:00:00+00:00")
    out, cache = tmp_path / "site", str(tmp_path / "cache")
    page = Page(
        url="api/",
        sources=(str(repo.root / "api.rst"), str(repo.root / "mod.py")),
        output=_html(out, "api.html"),
    )
    write_sitemaps([page], out, settings(cache_dir=cache))
    assert urls_in(out / "sitemap.xml") == {BASE + "api/": "2024-02-01T10:00:00Z"}
    assert (tmp_path / "cache" / "content-state.json").read_text() == "{}"  # only started
    write_sitemaps([page], out, settings(cache_dir=cache))  # digests and records the page
    repo.write("mod.py", "def f():\n    return 3\n")  # a body change: same page
    repo.commit("body", "2024-03-01T10:00:00+00:00")
    write_sitemaps([page], out, settings(cache_dir=cache))
    assert urls_in(out / "sitemap.xml") == {BASE + "api/": "2024-02-01T10:00:00Z"}
    (out / "api.html").write_text("<html><body><main>new docstring</main></body></html>")
    repo.write("mod.py", '"""New docstring."""\n')
    repo.commit("doc", "2024-04-01T10:00:00+00:00")
    write_sitemaps([page], out, settings(cache_dir=cache))
    assert urls_in(out / "sitemap.xml") == {BASE + "api/": "2024-04-01T10:00:00Z"}
    # Without a state, git's date of the newest source is the answer.
    write_sitemaps([page], tmp_path / "fresh", settings(cache_dir=str(tmp_path / "c2")))
    assert urls_in(tmp_path / "fresh" / "sitemap.xml") == {BASE + "api/": "2024-04-01T10:00:00Z"}


def test_bad_page_date_names_the_key_as_written(tmp_path):
    result = write_sitemaps(
        [Page(url="a/", lastmod="soon", keys=(("lastmod", "updated"),), name="a.md")],
        tmp_path,
        settings(),
    )
    assert [(i.code, i.page, i.field) for i in result.issues] == [("lastmod", "a.md", "updated")]
    assert result.issues[0].message.startswith("'soon'")  # the field is named once, apart


# --- which pages: blank files, canonical URLs ---------------------------------------------


def test_blank_html_is_not_a_page(tmp_path):
    out = tmp_path / "site"
    (out / "authors.html").parent.mkdir(parents=True)
    (out / "authors.html").write_text("\n  \n")
    (out / "plain.html").write_text("just words, no markup")
    result = write_sitemaps(
        [
            Page(url="authors.html", output=str(out / "authors.html")),
            Page(url="plain.html", output=str(out / "plain.html")),
            Page(url="a/", output=_html(out, "a/index.html")),
        ],
        out,
        settings(),
    )
    assert list(urls_in(out / "sitemap.xml")) == [BASE + "a/"] and result.issues == ()


def test_canonical_clean_url_that_no_page_serves_is_listed(tmp_path):
    """`tags.html` says its canonical is `.../tags` (the host rewrites it): list that."""
    out = tmp_path / "site"
    tags = _html(out, "tags.html", f'<link rel="canonical" href="{BASE}tags">')
    dup = _html(out, "b/dup.html", f'<link rel="canonical" href="{BASE}a/">')
    away = _html(out, "away.html", '<link rel="canonical" href="https://other.example/x">')
    result = write_sitemaps(
        [
            Page(url="tags.html", output=tags, lastmod="2024-01-05"),
            Page(url="a/", output=_html(out, "a/index.html")),
            Page(url="b/dup.html", output=dup),
            Page(url="away.html", output=away),
        ],
        out,
        settings(),
    )
    assert urls_in(out / "sitemap.xml") == {BASE + "a/": None, BASE + "tags": "2024-01-05"}
    assert result.issues == ()


def test_a_canonical_url_no_built_file_serves_is_not_listed(tmp_path):
    """Sphinx before 8.1 gives dirhtml's `usage/` the canonical `usage.html`, a URL no file
    serves: each such page is listed by its own URL, and one info issue counts them."""
    out = tmp_path / "site"
    pages = [
        Page(
            url=f"{name}/",
            output=_html(
                out, f"{name}/index.html", f'<link rel="canonical" href="{BASE}{name}.html">'
            ),
        )
        for name in ("usage", "guide")
    ]
    result = write_sitemaps(pages, out, settings())
    assert list(urls_in(out / "sitemap.xml")) == [BASE + "usage/", BASE + "guide/"]
    (issue,) = result.issues
    assert (issue.code, issue.level) == ("canonical", "info")
    assert issue.message.startswith(
        f"2 page(s) name a canonical URL that no built file serves ({BASE}usage/ names {BASE}usage.html)"
    )


def test_the_summary_counts_the_urls_written(tmp_path):
    """A page listed by another page's URL, and a URL given twice, are written once and
    counted once: the summary's counts add up to the URLs written."""
    out = tmp_path / "site"
    dup = _html(out, "b/dup.html", f'<link rel="canonical" href="{BASE}a/">')
    result = write_sitemaps(
        [
            Page(url="a/", output=_html(out, "a/index.html"), lastmod="2024-01-05"),
            Page(url="b/dup.html", output=dup, lastmod="2024-02-01"),
            Page(url="a/", lastmod="2024-03-01"),
            Page(url="c/"),
        ],
        out,
        settings(),
    )
    assert urls_in(out / "sitemap.xml") == {BASE + "a/": "2024-01-05", BASE + "c/": None}
    assert (result.urls, result.lastmod_sources) == (2, {"page": 1})


def test_canonical_spelt_with_other_percent_encoding_is_the_page_itself(tmp_path):
    out = tmp_path / "site"
    path = _html(
        out,
        "guide/Café & Crème/index.html",
        f'<link rel="canonical" href="{BASE}guide/Caf%C3%A9%20%26%20Cr%C3%A8me/">',
    )
    result = write_sitemaps([Page(url="guide/Café & Crème/", output=path)], out, settings())
    assert list(urls_in(out / "sitemap.xml")) == [BASE + "guide/Caf%C3%A9%20&%20Cr%C3%A8me/"]
    assert result.issues == ()


def test_failed_run_summary_says_why_and_moves_no_file(tmp_path):
    (tmp_path / "sitemap.xml").mkdir()  # a folder where the file must go
    (tmp_path / "sitemap.xml.gz").write_bytes(b"old")
    result = write_sitemaps([Page(url="a/")], tmp_path, settings(gzip="also"))
    assert not result.ok
    assert result.summary() == (
        f"sitemap: not written: cannot write {tmp_path / 'sitemap.xml'} "
        "(a folder is in the way); the previous sitemap is left as it was"
    )
    assert (tmp_path / "sitemap.xml.gz").read_bytes() == b"old"  # the set is not half new
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sitemap.xml", "sitemap.xml.gz"]


def test_the_cache_never_lands_in_the_output_folder(tmp_path):
    """`sitemap-suite generate` run inside the site folder: the state goes beside it."""
    out = tmp_path / "public"
    page = Page(url="a/", output=_html(out, "a/index.html"))
    write_sitemaps([page], out, settings(cache_dir=str(out / ".sitemap-cache")))
    assert sorted(p.name for p in out.iterdir()) == ["a", "sitemap.xml"]
    assert (tmp_path / ".sitemap-cache" / "content-state.json").is_file()


def test_shallow_clone_dates_what_it_can_and_leaves_the_rest_to_the_seed(tmp_path, git_repo):
    """GitHub Actions' one-commit checkout: exact dates for files changed inside the fetched
    history, the seed sitemap's (or no) date for older ones, one info note with the count."""
    import subprocess

    repo = git_repo()
    repo.write("docs/old.md", "old\n")
    repo.write("docs/mid.md", "mid\n")
    repo.commit("old", "2020-01-01T00:00:00+00:00")
    repo.write("docs/mid.md", "mid 2\n")
    repo.commit("mid", "2021-01-01T00:00:00+00:00")
    repo.write("docs/new.md", "new\n")
    repo.commit("new", "2022-01-01T00:00:00+00:00")
    clone = tmp_path / "clone"
    subprocess.run(
        ["git", "clone", "-q", "--depth", "2", f"file://{repo.root}", str(clone)], check=True
    )
    out = tmp_path / "site"
    pages = [
        Page(
            url=f"{name}/",
            sources=(str(clone / "docs" / f"{name}.md"),),
            output=_html(out, f"{name}/index.html"),
        )
        for name in ("old", "mid", "new")
    ]
    result = write_sitemaps(pages, out, settings(cache_dir=str(tmp_path / "cache")))
    assert urls_in(out / "sitemap.xml") == {
        BASE + "old/": None,
        BASE + "mid/": None,  # last changed at or before the boundary
        BASE + "new/": "2022-01-01T00:00:00Z",
    }
    assert [(i.code, i.level) for i in result.issues] == [("git-shallow", "info")]
    assert result.issues[0].message.startswith("2 page(s)")
    seed = tmp_path / "published.xml"
    seed.write_text(
        f'<urlset xmlns="{NS["sm"]}"><url><loc>{BASE}old/</loc>'
        "<lastmod>2020-01-01</lastmod></url></urlset>"
    )
    write_sitemaps(
        pages, tmp_path / "site2", settings(cache_dir=str(tmp_path / "c2"), seed_sitemap=str(seed))
    )
    assert urls_in(tmp_path / "site2" / "sitemap.xml") == {
        BASE + "old/": "2020-01-01",
        BASE + "mid/": None,
        BASE + "new/": "2022-01-01T00:00:00Z",
    }


def test_alternates_may_leave_the_sitemaps_folder(tmp_path):
    """`/en/` lists `/fr/`'s version of the page: another folder, even another host."""
    write_sitemaps(
        [
            Page(
                url="a/",
                alternates=(
                    Alternate("en", "a/"),
                    Alternate("fr", "https://example.org/fr/a/"),
                    Alternate("de", "https://example.de/a/"),
                    Alternate("x-default", "a/"),
                ),
            )
        ],
        tmp_path,
        settings(),
    )
    links = parse(tmp_path / "sitemap.xml").getroot().findall("sm:url/xhtml:link", NS)
    assert [(x.get("hreflang"), x.get("href")) for x in links] == [
        ("en", BASE + "a/"),
        ("fr", "https://example.org/fr/a/"),
        ("de", "https://example.de/a/"),
        ("x-default", BASE + "a/"),
    ]


def test_builds_sharing_a_cache_keep_each_others_dates(tmp_path):
    """Each language's build writes its own sitemap but shares `.sitemap-cache` (the
    first build only starts the state)."""
    cache = str(tmp_path / "cache")
    for lang in ("en", "fr", "en"):
        out = tmp_path / lang
        made, _ = settings_from_options(
            {"validate": "off", "robots_txt": False, "cache_dir": cache, "lastmod": "content"},
            f"https://example.org/{lang}/",
        )
        write_sitemaps([Page(url="a/", output=_html(out, "a/index.html"))], out, made)
    import json

    assert sorted(json.loads((tmp_path / "cache" / "content-state.json").read_text())) == [
        "https://example.org/en/a/",
        "https://example.org/fr/a/",
    ]


# --- images, videos, news (issue 15) -------------------------------------------------------

IMAGE = "{http://www.google.com/schemas/sitemap-image/1.1}"
VIDEO = "{http://www.google.com/schemas/sitemap-video/1.1}"
NEWS = "{http://www.google.com/schemas/sitemap-news/0.9}"


def _themed(folder, name, body):
    """A built page in a theme: a logo in the header, the content in <main>."""
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "<html><head><title>Steaks</title><meta name='description' content='How to grill.'>"
        "</head><body><header><img src='/docs/_static/logo.png' alt='Site'></header>"
        f"<main>{body}</main><footer><img src='/docs/_static/badge.svg'></footer>"
        "</body></html>",
        encoding="utf-8",
    )
    return str(path)


def test_images_and_videos_found_in_the_content_written_and_valid(tmp_path):
    from xsd import assert_schema_valid

    out = tmp_path / "site"
    page = Page(
        url="grill/",
        output=_themed(
            out,
            "grill/index.html",
            "<p>Text</p><img src='steak one.jpg' alt='Steak'>"
            "<img src='https://cdn.example.net/pics/grill.png' width='800' height='600'>"
            "<video src='/docs/media/grill.mp4' poster='/docs/media/grill.jpg'></video>",
        ),
    )
    plain = Page(url="plain/", output=_themed(out, "plain/index.html", "<p>No media</p>"))
    result = write_sitemaps(
        [page, plain], out, settings(images=True, videos=True, validate="strict")
    )
    assert result.ok and result.issues == ()
    root = parse(out / "sitemap.xml").getroot()
    assert root.nsmap == {None: NS["sm"], "image": IMAGE[1:-1], "video": VIDEO[1:-1]}
    grill, bare = root
    assert [e.text for e in grill.iter(f"{IMAGE}loc")] == [
        BASE + "grill/steak%20one.jpg",
        "https://cdn.example.net/pics/grill.png",
    ]
    video = grill.find(f"{VIDEO}video")
    assert [(child.tag.split("}")[1], child.text) for child in video] == [
        ("thumbnail_loc", "https://example.org/docs/media/grill.jpg"),
        ("title", "Steaks"),
        ("description", "How to grill."),
        ("content_loc", "https://example.org/docs/media/grill.mp4"),
    ]
    assert len(bare) == 1  # <loc> only: the theme's logo and badge are no content
    assert_schema_valid(out / "sitemap.xml")


def test_media_are_off_by_default_and_a_page_can_turn_them_off(tmp_path):
    from sitemap_core.values.media import Image

    out = tmp_path / "site"
    html = _themed(out, "a/index.html", "<img src='a.png'>")
    write_sitemaps([Page(url="a/", output=html)], out, settings())
    assert b"image" not in (out / "sitemap.xml").read_bytes()
    write_sitemaps(
        [
            Page(url="a/", output=html, images=()),
            Page(url="b/", images=(Image("https://cdn.example.net/b.png"),)),
        ],
        out,
        settings(images=True),
    )
    root = parse(out / "sitemap.xml").getroot()
    assert [[e.text for e in url.iter(f"{IMAGE}loc")] for url in root] == [
        [],
        ["https://cdn.example.net/b.png"],
    ]


def test_news_sitemap_holds_recent_articles_and_goes_when_none_is(tmp_path):
    """A fixed clock: an article two days old is in the window, one of three is not."""
    import datetime as dt

    from sitemap_core.values.media import News

    out = tmp_path / "site"
    now = dt.datetime(2026, 11, 24, 12, 0, tzinfo=dt.UTC)

    def run(clock):
        made, issues = settings_from_options(
            {
                "validate": "strict",
                "news": True,
                "news_publication": "The Post",
                "news_language": "en_GB",
            },
            "https://example.org/",
        )
        assert issues == []
        made = dataclasses.replace(made, build_time=clock)
        return write_sitemaps(
            [
                Page(url="fresh/", news=News("Fresh news", "2026-11-23T09:00:00Z")),
                Page(url="old/", news=News("Old news", "2026-11-20")),
                Page(url="about/"),
            ],
            out,
            made,
        )

    result = run(now)
    assert result.ok and [p.name for p in result.files] == ["sitemap.xml", "sitemap-news.xml"]
    news = parse(out / "sitemap-news.xml").getroot()
    assert [url.findtext(f"{{{NS['sm']}}}loc") for url in news] == ["https://example.org/fresh/"]
    article = news[0].find(f"{NEWS}news")
    assert [(e.tag.split("}")[1], e.text) for e in article.iter() if e.text and e.text.strip()] == [
        ("name", "The Post"),
        ("language", "en"),
        ("publication_date", "2026-11-23T09:00:00Z"),
        ("title", "Fresh news"),
    ]
    assert len(urls_in(out / "sitemap.xml")) == 3  # every page stays in the main sitemap
    robots = (out / "robots.txt").read_text()
    assert "Sitemap: https://example.org/sitemap-news.xml" in robots
    result = run(now + dt.timedelta(days=3))  # nothing recent: file and line go
    assert [p.name for p in result.files] == ["sitemap.xml"]
    assert not (out / "sitemap-news.xml").exists()
    assert "sitemap-news" not in (out / "robots.txt").read_text()
    assert "Sitemap: https://example.org/sitemap.xml" in (out / "robots.txt").read_text()
