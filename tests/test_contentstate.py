"""Content-hash lastmod: volatile-proof digests and a state that survives clean builds."""

from __future__ import annotations

import datetime as dt
import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import serve
from sitemap_core.facts import digest as digest_mod
from sitemap_core.facts.contentstate import STATE_FILE, ContentState
from sitemap_core.facts.digest import content_digest
from sitemap_core.facts.htmlhead import BuiltPage

UTC = dt.UTC
T1 = dt.datetime(2024, 1, 2, 3, 4, 5, tzinfo=UTC)
T2 = dt.datetime(2024, 6, 7, 8, 9, 10, tzinfo=UTC)
T3 = dt.datetime(2025, 1, 1, tzinfo=UTC)

NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'


def sphinx_like(
    text: str = "A paragraph.",
    *,
    version: str = "7.2.6",
    stamp: str = "Mar 03, 2024",
    asset: str = "5ecbeea2",
    nav: str = "<li><a href='a.html'>A</a></li>",
    link: str = "https://example.com/ref",
    title: str = "Guide",
) -> bytes:
    """A page shaped like Sphinx's basic theme, with the parts a rebuild may change."""
    return f"""<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8" /><meta name="generator" content="Docutils 0.20.1" />
    <meta name="generator" content="Sphinx {version}" />
    <title>{title} &#8212; Demo documentation</title>
    <link rel="stylesheet" type="text/css" href="_static/pygments.css?v={asset}" />
    <script src="_static/documentation_options.js?v={asset}"></script>
  </head><body>
    <div class="document">
      <div class="documentwrapper"><div class="bodywrapper">
          <div class="body" role="main">
  <section id="guide">
<h1>{title}<a class="headerlink" href="#guide" title="Link to this heading">¶</a></h1>
<p>{text} See <a class="reference external" href="{link}">the reference</a>.</p>
<img alt="diagram" src="_images/diagram.png" />
<!-- built {stamp} -->
<script>var built = "{stamp} {asset}";</script>
</section>
          </div>
      </div></div>
      <div class="sphinxsidebar" role="navigation" aria-label="Main">
        <ul>{nav}</ul>
      </div>
    </div>
    <div class="footer">Last updated on {stamp}. Created using Sphinx {version}.</div>
  </body>
</html>
""".encode()


def mkdocs_like(
    text: str = "Some text.",
    *,
    stamp: str = "2024-03-03",
    asset: str = "1a2b3c4d",
    nav: str = "<li>Home</li>",
) -> bytes:
    """A page shaped like mkdocs-material: a <main> holding nav sidebars and the article."""
    return f"""<!doctype html><html lang="en" class="no-js"><head>
<meta name="generator" content="mkdocs-1.6.1, mkdocs-material-9.5.{asset[:1]}">
<title>Page - Demo</title>
<link rel="stylesheet" href="assets/stylesheets/main.{asset}.min.css">
</head><body dir="ltr">
<header class="md-header">Demo <a href="search/">Search</a></header>
<div class="md-container">
<main class="md-main" data-md-component="main"><div class="md-main__inner md-grid">
<div class="md-sidebar"><nav class="md-nav md-nav--primary"><ul>{nav}</ul></nav></div>
<div class="md-content" data-md-component="content"><article class="md-content__inner md-typeset">
<h1>Page</h1><p>{text}</p>
<p><img src="img/shot.png?v={asset}" alt="shot"></p>
<aside class="md-source-file">Last update: {stamp}</aside>
</article></div></div></main>
<footer class="md-footer">Made with Material, built {stamp}</footer>
</div>
<script src="assets/javascripts/bundle.{asset}.min.js"></script>
<script id="__config" type="application/json">{{"build": "{stamp}"}}</script>
</body></html>
""".encode()


# --- content_digest ---------------------------------------------------------------------


def test_digest_is_16_bytes_and_deterministic():
    page = sphinx_like()
    assert len(content_digest(page)) == 16
    # The state outlives the build: another interpreter, with another hash seed, agrees.
    other = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from sitemap_core.facts.digest import "
            "content_digest; sys.stdout.write(content_digest(sys.stdin.buffer.read()).hex())",
        ],
        input=page,
        capture_output=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": "12345"},
    )
    assert bytes.fromhex(other.stdout.decode()) == content_digest(page)
    assert len(content_digest(b"")) == 16  # an empty page too


@pytest.mark.parametrize("make", [sphinx_like, mkdocs_like])
def test_volatile_changes_keep_the_digest(make):
    base = content_digest(make())
    assert content_digest(make(stamp="Nov 22, 2026 10:11:12")) == base
    assert content_digest(make(asset="9f8e7d6c")) == base
    assert content_digest(make(nav="<li>Home</li><li><a href='new.html'>New page</a></li>")) == base


def test_generator_version_keeps_the_digest():
    assert content_digest(sphinx_like(version="9.0.4")) == content_digest(sphinx_like())


@pytest.mark.parametrize("make", [sphinx_like, mkdocs_like])
def test_edits_change_the_digest(make):
    assert content_digest(make(text="An edited paragraph.")) != content_digest(make())


def test_link_target_and_title_changes_change_the_digest():
    base = content_digest(sphinx_like())
    assert content_digest(sphinx_like(link="https://example.com/other")) != base
    assert content_digest(sphinx_like(title="Handbook")) != base


def test_whitespace_reflow_keeps_the_digest():
    a = b"<html><body><main><p>one two\n   three</p></main></body></html>"
    b = b"<html><body>\n<main>\n  <p>one  two three</p>\n</main></body></html>"
    assert content_digest(a) == content_digest(b)


def test_theme_wording_and_a_void_landmark():
    page = (
        b'<html><body><div role="main"><h1>T<a class="headerlink" href="#t" '
        b'title="Permalink to this heading">#</a></h1><input type="search" role="search">'
        b"<p>Body</p></div></body></html>"
    )
    base = content_digest(page)
    assert content_digest(page.replace(b"Permalink to", b"Link to")) == base
    assert content_digest(page.replace(b"Body", b"Changed")) != base
    assert content_digest(page.replace(b"Body", b"Body Body")) != base


def test_no_landmark_uses_the_body_without_header_and_footer():
    page = "<html><body><header>{h}</header><p>{p}</p><footer>{f}</footer></body></html>"
    base = content_digest(page.format(h="Site", p="Text", f="2024").encode())
    assert content_digest(page.format(h="Site v2", p="Text", f="2025").encode()) == base
    assert content_digest(page.format(h="Site", p="Other", f="2024").encode()) != base


# --- ContentState ----------------------------------------------------------------------


def _state(cache: Path, seed: str = "") -> ContentState:
    state, issues = ContentState.load(cache, seed)
    assert issues == []
    return state


def test_rebuild_without_edit_keeps_dates(tmp_path):
    cache = tmp_path / "cache"
    page = content_digest(sphinx_like())
    state = _state(cache)
    state.record("https://example.com/a/", page, T1)
    assert state.save() == []
    state = _state(cache)
    assert state.lastmod("https://example.com/a/", content_digest(sphinx_like()), T2) == T1


def test_first_sight_of_a_page_gives_no_date_until_it_changes(tmp_path):
    state = _state(tmp_path)
    assert state.lastmod("https://example.com/a/", b"\x01" * 16, T1) is None
    state.save()
    state = _state(tmp_path)
    assert state.lastmod("https://example.com/a/", b"\x01" * 16, T2) is None  # still unknown
    assert state.lastmod("https://example.com/a/", b"\x02" * 16, T2) == T2  # changed: now


def test_edited_page_moves_and_volatile_change_does_not(tmp_path):
    cache = tmp_path / "cache"
    state = _state(cache)
    state.record("https://example.com/a/", content_digest(sphinx_like()), T1)
    state.record("https://example.com/b/", content_digest(mkdocs_like()), T1)
    state.save()
    state = _state(cache)
    edited = content_digest(sphinx_like(text="New words."))
    volatile = content_digest(mkdocs_like(stamp="2026-11-22", asset="00ff00ff"))
    assert state.lastmod("https://example.com/a/", edited, T2) == T2
    assert state.lastmod("https://example.com/b/", volatile, T2) == T1
    state.save()
    assert json.loads((cache / STATE_FILE).read_text()) == {
        "https://example.com/a/": [edited.hex(), "2024-06-07T08:09:10Z"],
        "https://example.com/b/": [volatile.hex(), "2024-01-02T03:04:05Z"],
    }


def test_now_is_stored_to_the_second_and_naive_now_is_utc(tmp_path):
    state = _state(tmp_path)
    state.record("u", b"\x00" * 16, None)
    state.record("v", b"\x00" * 16, None)
    state.save()
    state = _state(tmp_path)
    naive = dt.datetime(2024, 1, 2, 3, 4, 5, 678901)
    assert state.lastmod("u", b"\x01" * 16, naive) == T1
    offset = dt.datetime(2024, 1, 2, 5, 4, 5, tzinfo=dt.timezone(dt.timedelta(hours=2)))
    assert state.lastmod("v", b"\x02" * 16, offset) == offset
    state.save()
    again = _state(tmp_path)
    assert again.lastmod("u", b"\x01" * 16, T3) == T1
    kept = again.lastmod("v", b"\x02" * 16, T3)
    assert kept == offset and kept.utcoffset() == dt.timedelta(hours=2)


def test_save_is_compact_sorted_atomic_and_idempotent(tmp_path):
    cache = tmp_path / "new" / "cache"
    state = _state(cache)
    state.record("https://example.com/z", b"\xaa" * 16, T1)
    state.record("https://example.com/é", b"\xbb" * 16, T1)
    assert state.save() == []
    path = cache / STATE_FILE
    assert (
        path.read_bytes()
        == (
            '{"https://example.com/z":["' + "aa" * 16 + '","2024-01-02T03:04:05Z"],'
            '"https://example.com/é":["' + "bb" * 16 + '","2024-01-02T03:04:05Z"]}'
        ).encode()
    )
    # No temp file left; a new cache folder ignores itself, as .pytest_cache does.
    assert sorted(p.name for p in cache.iterdir()) == [".gitignore", STATE_FILE]
    assert (cache / ".gitignore").read_text().splitlines()[-1] == "*"
    os.utime(path, ns=(1_000_000_000, 1_000_000_000))
    state = _state(cache)
    state.lastmod("https://example.com/z", b"\xaa" * 16, T2)
    state.lastmod("https://example.com/é", b"\xbb" * 16, T2)
    assert state.save() == []
    assert path.stat().st_mtime_ns == 1_000_000_000  # same bytes: not rewritten
    assert state.save() == []
    assert path.stat().st_mtime_ns == 1_000_000_000


def test_save_drops_urls_not_seen(tmp_path):
    state = _state(tmp_path)
    state.lastmod("keep", b"\x01" * 16, T1)
    state.lastmod("gone", b"\x02" * 16, T1)
    state.save()
    state = _state(tmp_path)
    state.lastmod("keep", b"\x01" * 16, T2)
    state.save()
    assert list(json.loads((tmp_path / STATE_FILE).read_text())) == ["keep"]


def test_a_run_with_no_pages_keeps_the_state(tmp_path):
    state = _state(tmp_path)
    state.lastmod("keep", b"\x01" * 16, T1)
    state.save()
    before = (tmp_path / STATE_FILE).read_bytes()
    assert _state(tmp_path).save() == []
    assert (tmp_path / STATE_FILE).read_bytes() == before


@pytest.mark.parametrize(
    "data",
    [
        b"{not json",
        b"\xff\xfe\x00",
        b"[1, 2]",
        b'{"u": ["zz", "2024-01-01"]}',
        b'{"u": ["' + b"ab" * 16 + b'", "yesterday"]}',
        b'{"u": "x"}',
    ],
)
def test_corrupt_state_is_an_issue_and_starts_empty(tmp_path, data):
    (tmp_path / STATE_FILE).write_bytes(data)
    state, issues = ContentState.load(tmp_path)
    assert [(i.code, i.field, i.level) for i in issues] == [("content", "cache_dir", "warning")]
    assert issues[0].page == str(tmp_path / STATE_FILE)
    assert state.lastmod("u", b"\xab" * 16, T2) is None
    assert state.save() == []
    assert json.loads((tmp_path / STATE_FILE).read_text()) == {"u": ["ab" * 16, ""]}


def test_unwritable_cache_is_an_issue(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    state = _state(blocker / "cache")
    state.lastmod("u", b"\x01" * 16, T1)
    issues = state.save()
    assert [(i.code, i.field) for i in issues] == [("content", "cache_dir")]


# --- the seed sitemap ------------------------------------------------------------------

SEED = f"""<?xml version="1.0" encoding="UTF-8"?>
<urlset {NS}>
  <url><loc>https://example.com/old/</loc><lastmod>2020-05-06T07:08:09+02:00</lastmod></url>
  <url><loc> https://example.com/day/ </loc><lastmod>2021-02-03</lastmod></url>
  <url><loc>https://example.com/undated/</loc></url>
  <url><loc>https://example.com/bad/</loc><lastmod>last week</lastmod></url>
</urlset>
"""


def _check_seeded(state: ContentState) -> None:
    digest = b"\x05" * 16
    old = state.lastmod("https://example.com/old/", digest, T3)
    assert old == dt.datetime(2020, 5, 6, 5, 8, 9, tzinfo=UTC)
    assert old.utcoffset() == dt.timedelta(hours=2)
    day = state.lastmod("https://example.com/day/", digest, T3)
    assert day == dt.date(2021, 2, 3)  # a date stays a date
    assert state.lastmod("https://example.com/undated/", digest, T3) is None
    assert state.lastmod("https://example.com/bad/", digest, T3) is None
    assert state.lastmod("https://example.com/new/", digest, T3) is None


def test_seed_keeps_published_dates_for_unknown_hashes(tmp_path):
    seed = tmp_path / "sitemap.xml"
    seed.write_text(SEED, encoding="utf-8")
    state = _state(tmp_path / "cache", str(seed))
    _check_seeded(state)
    state.save()
    again = _state(tmp_path / "cache", str(seed))  # now from the state, same dates
    assert again.lastmod("https://example.com/old/", b"\x05" * 16, T2) == dt.datetime(
        2020, 5, 6, 5, 8, 9, tzinfo=UTC
    )
    assert again.lastmod("https://example.com/old/", b"\x06" * 16, T2) == T2  # edited


def test_seed_is_not_read_once_the_cache_has_state(tmp_path):
    seed = tmp_path / "sitemap.xml"
    seed.write_text(SEED, encoding="utf-8")
    state = _state(tmp_path / "cache")
    state.lastmod("https://example.com/other/", b"\x01" * 16, T1)
    state.save()
    state = _state(tmp_path / "cache", str(seed))
    assert state.lastmod("https://example.com/old/", b"\x05" * 16, T3) is None


def test_gzipped_seed_and_index_with_local_parts(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitemap-1.xml.gz").write_bytes(gzip.compress(SEED.encode()))
    (site / "sitemap.xml").write_text(
        f"<sitemapindex {NS}><sitemap><loc>https://example.com/sitemap-1.xml.gz</loc>"
        "</sitemap></sitemapindex>",
        encoding="utf-8",
    )
    _check_seeded(_state(tmp_path / "cache", str(site / "sitemap.xml")))


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (None, "cannot be read"),
        ("<urlset", "not well-formed"),
        ("<html><body>hi</body></html>", "not a sitemap"),
        (
            f'<!DOCTYPE urlset [<!ENTITY e "x">]><urlset {NS}><url><loc>https://example.com/a/</loc>'
            "<lastmod>2024-01-01</lastmod></url></urlset>",
            "has a DOCTYPE",
        ),
        (
            f"<sitemapindex {NS}><sitemap><loc>nowhere.xml</loc></sitemap></sitemapindex>",
            "cannot be read",
        ),
    ],
)
def test_unusable_seed_is_an_issue(tmp_path, content, problem):
    seed = tmp_path / "seed.xml"
    if content is not None:
        seed.write_text(content, encoding="utf-8")
    state, issues = ContentState.load(tmp_path / "cache", str(seed))
    assert [(i.code, i.field) for i in issues] == [("content", "seed_sitemap")]
    assert problem in issues[0].message
    assert state.lastmod("https://example.com/old/", b"\x05" * 16, T3) is None


def test_seed_urls_other_than_http_are_refused(tmp_path):
    _, issues = ContentState.load(tmp_path, "ftp://example.com/sitemap.xml")
    assert [i.code for i in issues] == ["content"]
    assert "only http and https" in issues[0].message


def test_seed_entities_are_not_expanded(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("2001-01-01")
    seed = tmp_path / "seed.xml"
    seed.write_text(
        f'<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY x SYSTEM "file://{secret}">]>'
        f"<urlset {NS}><url><loc>https://example.com/x/</loc><lastmod>&x;</lastmod></url></urlset>",
        encoding="utf-8",
    )
    state, _ = ContentState.load(tmp_path / "cache", str(seed))
    assert state.lastmod("https://example.com/x/", b"\x01" * 16, T3) is None


def test_seed_over_http(tmp_path):
    """URL seeds are read with `fetch.fetch` (tested in test_fetch); an index's parts are
    taken relative to its URL, and a failed part names its URL."""
    www = tmp_path / "www" / "docs"
    www.mkdir(parents=True)
    (www / "sitemap.xml").write_text(
        f"<sitemapindex {NS}><sitemap><loc>part.xml</loc></sitemap></sitemapindex>",
        encoding="utf-8",
    )
    (www / "part.xml").write_text(SEED, encoding="utf-8")
    with serve(tmp_path / "www") as base:
        _check_seeded(_state(tmp_path / "cache", f"{base}/docs/sitemap.xml"))
        (www / "part.xml").unlink()
        _, issues = ContentState.load(tmp_path / "cache2", f"{base}/docs/sitemap.xml")
    assert [i.code for i in issues] == ["content"]
    assert f"{base}/docs/part.xml: HTTP 404" in issues[0].message


_CHROME_PIECES = [
    "<div>",
    "</div>",
    '<div role="navigation">',
    "<DIV ROLE=Search>",
    "<p role='complementary'>",
    '<div class="x" role="main">',
    "<nav>",
    "</nav>",
    "<NAV class=a>",
    "<aside>",
    "</aside>",
    '<span role="navigationbar">',
    '<input role="search">',
    '<div role="search"/>',
    '<div data-x="<nav>" role="navigation">',
    '<a title=">" role=search>',
    "<br>",
    " role=search",
    "role",
    "<",
    ">",
    '"',
    "'",
    "text ",
    "\n",
    "\t",
    "<ul\nrole=navigation>",
    "<div\trole = 'search' >",
    "<x-y role=complementary>",
    "<1 role=search>",
    "<div role=searching>",
    "<!-- role -->",
    '<div data-x="<nav" role="navigation">',
    '<div data-x="<" role="search">',
    "<div ",
    "<nav ",
    "<span class=",
    "<aside ",
]


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(_CHROME_PIECES), max_size=16))
def test_cutting_chrome_by_role_candidates_cuts_what_the_whole_pattern_does(pieces):
    html = "".join(pieces).encode()
    low = html.lower()
    expected = digest_mod._cut(html, low, digest_mod._CHROME.search)
    assert digest_mod._cut(html, low, digest_mod._next_chrome) == expected, html


def test_a_forgotten_entry_is_dropped_even_when_no_url_was_seen(tmp_path):
    """`forget` drops a URL's entry from the saved state, though nothing was recorded."""
    state, _ = ContentState.load(tmp_path)
    state.record("https://example.org/a/", bytes(16), dt.date(2024, 1, 2))
    state.record("https://example.org/b/", bytes(16), dt.date(2024, 1, 3))
    assert state.save() == []
    state, _ = ContentState.load(tmp_path)
    state.forget("https://example.org/a/")
    state.forget("https://example.org/never/")
    assert state.save() == []
    saved = json.loads((tmp_path / STATE_FILE).read_text())
    assert saved == {}  # what a run saves is what it saw: b was not seen either


def test_a_run_without_state_only_starts_one(tmp_path):
    """No state kept: nothing can be compared with a digest, so none is made; the state
    file is started, and the next run digests (the same bytes: from the digests kept)."""
    page = tmp_path / "a.html"
    page.write_bytes(sphinx_like())
    state = _state(tmp_path / "cache")
    assert state.digest(BuiltPage(page)) == b""
    state.record("https://example.com/a", b"", T1)
    assert state.save() == []
    assert (tmp_path / "cache" / STATE_FILE).read_text() == "{}"
    state = _state(tmp_path / "cache")
    assert state.digest(BuiltPage(page)) == content_digest(sphinx_like())
    assert state.lastmod("https://example.com/a", content_digest(sphinx_like()), T1) is None
    assert state.save() == []
    state = _state(tmp_path / "cache")
    assert state.digest(BuiltPage(page)) == content_digest(sphinx_like())
    assert state.digest(BuiltPage(tmp_path / "missing.html")) is None
