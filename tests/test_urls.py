"""URL joining, RFC 3986 encoding, scope and escaping."""

import pytest

from sitemap_core.values import urls


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("https://h/docs/a b/", "https://h/docs/a%20b/"),
        ("https://h/caf\u00e9/cr\u00e8me", "https://h/caf%C3%A9/cr%C3%A8me"),
        ("https://h/a%20b/", "https://h/a%20b/"),  # already encoded: kept
        ("https://h/a%2Fb%zz/100%", "https://h/a%2Fb%25zz/100%25"),  # lone % encoded once
        ("https://h/p?q=\u00e9 x&y=1", "https://h/p?q=%C3%A9%20x&y=1"),
        ("https://h/p#frag ment", "https://h/p#frag%20ment"),
        ("https://h/\u65e5\u672c/", "https://h/%E6%97%A5%E6%9C%AC/"),
        ("https://b\u00fccher.example/x", "https://xn--bcher-kva.example/x"),
        ("https://h/<a>\"'{x}|^`", "https://h/%3Ca%3E%22'%7Bx%7D%7C%5E%60"),
    ],
)
def test_encode(raw, expected):
    assert urls.encode(raw) == expected
    assert urls.encode(expected) == expected  # never encoded twice


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("guide/", "https://h/docs/guide/"),
        ("/guide/", "https://h/docs/guide/"),
        ("", "https://h/docs/"),
        ("https://h/docs/x", "https://h/docs/x"),
        ("//h/docs/y", "https://h/docs/y"),
    ],
)
def test_join(url, expected):
    assert urls.join("https://h/docs/", url) == expected
    assert urls.join("https://h/docs", url) == expected


def test_scope_of_is_the_sitemaps_folder():
    assert urls.scope_of("https://h/docs/sitemap.xml") == "https://h/docs/"
    assert urls.scope_of("https://h/sitemap.xml") == "https://h/"


@pytest.mark.parametrize(
    ("url", "code"),
    [
        ("ftp://h/docs/x", "url"),
        ("mailto:a@h", "url"),
        ("https://h/docs/" + "a" * 2040, "url"),
        ("https://h/other/", "scope"),
        ("http://h/docs/x", "scope"),  # other scheme
        ("https://h:8443/docs/x", "scope"),  # other port
        ("https://evil.example/docs/x", "scope"),
        ("https://h/docsx/y", "scope"),  # a prefix of the folder name is not the folder
    ],
)
def test_check_rejects(url, code):
    with pytest.raises(urls.URLError) as caught:
        urls.check(url, "https://h/docs/")
    assert caught.value.code == code
    assert url[:40] in str(caught.value)


@pytest.mark.parametrize(
    "url",
    [
        "https://h/docs/",
        "https://h/docs/a/b",
        "HTTPS://H/docs/x",
        "https://h:443/docs/x",
        "https://h/docs/" + "a" * (2048 - len("https://h/docs/")),
    ],
)
def test_check_accepts(url):
    urls.check(url, "https://h/docs/")


def test_escape_all_five():
    assert urls.escape("a&b<c>d'e\"f") == "a&amp;b&lt;c&gt;d&apos;e&quot;f"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("index.html", ""),
        ("blog/index.html", "blog/"),
        ("blog/index.htm", "blog/"),
        ("blog/myindex.html", "blog/myindex.html"),
        ("about.html", "about.html"),
    ],
)
def test_folder_url(url, expected):
    assert urls.folder_url(url) == expected


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("HTTPS://Example.COM:443/a/%7e%c3%a9?x=%2f#frag", "https://example.com/a/~%C3%A9?x=%2F"),
        ("http://h:8080/x", "http://h:8080/x"),
        ("https://b\u00fccher.example/caf\u00e9", "https://xn--bcher-kva.example/caf%C3%A9"),
        ("http://[::1]:80/a", "http://[::1]/a"),
    ],
)
def test_normalize(raw, expected):
    assert urls.normalize(raw) == expected
    assert urls.normalize(expected) == expected


def test_loc_writes_absolute_urls_in_normal_form():
    assert urls.loc("https://h/docs/", "HTTPS://H:443/docs/a%7e", "https://h/docs/") == (
        "https://h/docs/a~"
    )
    assert urls.loc("https://h/docs/", "x%c3%a9 y", "https://h/docs/") == (
        "https://h/docs/x%C3%A9%20y"
    )


@pytest.mark.parametrize(
    ("base", "problem"),
    [
        ("https://example.org/docs/", None),
        ("http://example.org:8000/", None),
        ("", "no base URL is set"),
        ("docs/", "not an absolute http(s) URL"),
        ("ftp://example.org/", "not an absolute http(s) URL"),
        ("https://example.org:99999/", "port 99999"),
        ("https://example.org/site/?x=1", "the query ?x=1 cannot be part of a site's address"),
        ("https://example.org/?", "the query ?"),
        ("https://user:pw@example.org/", "the credentials user:***@ cannot be part"),
        ("https://user@example.org/", "the credentials user@"),
    ],
)
def test_base_url_problem(base, problem):
    found = urls.base_url_problem(base)
    assert found is None if problem is None else problem in found


def test_normal_base_drops_a_fragment():
    """Issue 33: `https://example.org/site/#top` listed `https://example.org/site//a.html`."""
    assert urls.normal_base("https://example.org/site/#top") == "https://example.org/site/"
    assert urls.without_fragment("https://example.org/site/#top") == (
        "https://example.org/site/",
        "top",
    )
    assert urls.shown("https://user:pw@example.org/") == "https://user:***@example.org/"
