"""Property tests: any page data gives files that parse, check out and round-trip."""

import string
from urllib.parse import unquote

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import NS, parse
from sitemap_core import write_sitemaps
from sitemap_core.options import settings_from_options
from sitemap_core.values import urls
from sitemap_core.values.page import Page

BASE = "https://example.org/docs/"
text = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="%#?"), max_size=30)
paths = st.lists(text, min_size=1, max_size=4).map("/".join)
queries = st.one_of(st.just(""), text.filter(bool).map(lambda q: "?" + q))
fragments = st.one_of(st.just(""), text.map(lambda f: "#" + f))
lastmods = st.one_of(st.none(), st.dates().map(str), st.datetimes().map(str), text)
freqs = st.one_of(st.none(), st.sampled_from(["daily", "Weekly", "often", ""]))
prios = st.one_of(st.none(), st.floats(allow_nan=True), text)


def _rfc3986_resolve(url: str) -> str:
    """The RFC 3986 section 5.2.4 algorithm, step by step, on the URL's path."""
    head, _, rest = url.partition("://")
    host, _, rest = rest.partition("/")
    path, question, query = ("/" + rest).partition("?")
    output = ""
    while path:
        if path.startswith(("../", "./")):
            path = path.partition("/")[2]
        elif path.startswith("/./") or path == "/.":
            path = "/" + path[3:]
        elif path.startswith("/../") or path == "/..":
            path = "/" + path[4:]
            output = output.rpartition("/")[0]
        elif path in (".", ".."):
            path = ""
        else:
            segment_end = path.find("/", 1)
            segment_end = len(path) if segment_end < 0 else segment_end
            output, path = output + path[:segment_end], path[segment_end:]
    return f"{head}://{host}{output}{question}{query}"


@st.composite
def page_lists(draw):
    made = []
    for i in range(draw(st.integers(1, 12))):
        url = draw(paths) + draw(queries) + draw(fragments)
        made.append(
            Page(
                url=f"{i}/{url}",
                lastmod=draw(lastmods),
                changefreq=draw(freqs),
                priority=draw(prios),
                name=f"page {i}",
            )
        )
    return made


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(listed=page_lists(), max_urls=st.integers(1, 5))
def test_any_pages_give_parseable_files_that_round_trip(tmp_path_factory, listed, max_urls):
    out = tmp_path_factory.mktemp("site")
    options = {"validate": "strict", "robots_txt": False, "max_urls": max_urls}
    made, _ = settings_from_options(options, BASE)
    result = write_sitemaps(listed, out, made)
    assert all(i.level == "warning" for i in result.issues), result.issues
    assert all(i.page.startswith("page ") for i in result.issues if i.code != "empty")
    found = []
    for path in sorted(out.glob("sitemap*.xml")):
        root = parse(path).getroot()
        if root.tag.endswith("urlset"):
            found += [u.findtext("sm:loc", namespaces=NS) for u in root]
    assert len(found) == result.urls
    for loc in found:
        assert len(loc) <= urls.MAX_LOC and loc.isascii() and loc.startswith(BASE)
        assert set(loc) <= set(string.ascii_letters + string.digits + "-._~:/?#[]@!$&'()*+,;=%")
    # Dot segments resolve (RFC 3986); what that takes out of scope is left out.
    resolved = (_rfc3986_resolve(BASE + p.url.partition("#")[0]) for p in listed)
    expected = {u for u in resolved if u.startswith(BASE) and len(urls.encode(u)) <= urls.MAX_LOC}
    assert {unquote(loc) for loc in found} == expected


@given(st.text(max_size=40))
def test_encoding_is_idempotent(raw):
    try:
        once = urls.encode("https://example.org/" + raw)
    except (ValueError, UnicodeError):
        return
    assert urls.encode(once) == once
