"""robots.txt: created, or appended to, keeping every byte, never duplicated."""

import pytest

from sitemap_core import write_sitemaps
from sitemap_core.options import settings_from_options
from sitemap_core.values.page import Page
from sitemap_core.values.report import Issue, Issues
from sitemap_core.writing import robots

URL = "https://example.org/sitemap.xml"
OWN = ("sitemap.xml", "sitemap.xml.gz", "sitemap.txt", "sitemap.txt.gz")


def update(out_dir, sitemap_url, own_names) -> list[Issue]:
    """`robots.update`, with the issues it found."""
    found = Issues()
    robots.update(out_dir, sitemap_url, own_names, found)
    return list(found.all())


def test_created_when_missing(tmp_path):
    assert update(tmp_path, URL, OWN) == []
    assert (tmp_path / "robots.txt").read_bytes() == (
        b"User-agent: *\nAllow: /\nSitemap: https://example.org/sitemap.xml\n"
    )


@pytest.mark.parametrize(
    "original",
    [
        b"User-agent: *\r\nDisallow: /private/\r\n",
        b"\xef\xbb\xbf# comment \xc3\xa9\nUser-agent: *\nDisallow: /x",
        b"",
    ],
)
def test_appended_keeping_every_byte_and_idempotent(tmp_path, original):
    path = tmp_path / "robots.txt"
    path.write_bytes(original)
    update(tmp_path, URL, OWN)
    updated = path.read_bytes()
    assert updated.startswith(original)
    newline = b"\r\n" if b"\r\n" in original else b"\n"
    assert updated.endswith(b"Sitemap: " + URL.encode() + newline)
    written = path.stat().st_mtime_ns
    assert update(tmp_path, URL, OWN) == []
    assert path.read_bytes() == updated and path.stat().st_mtime_ns == written


def test_stale_own_line_replaced_foreign_lines_kept(tmp_path):
    path = tmp_path / "robots.txt"
    path.write_bytes(
        b"User-agent: *\nSitemap: https://example.org/sitemap.xml.gz\n"
        b"sitemap: https://cdn.example.org/news.xml\n"
    )
    update(tmp_path, URL, OWN)
    assert path.read_bytes() == (
        b"User-agent: *\nSitemap: https://example.org/sitemap.xml\n"
        b"sitemap: https://cdn.example.org/news.xml\n"
    )


def test_duplicate_own_lines_collapse_to_one(tmp_path):
    path = tmp_path / "robots.txt"
    path.write_bytes(b"Sitemap: https://example.org/sitemap.xml\n" * 2)
    update(tmp_path, URL, OWN)
    assert path.read_bytes() == b"Sitemap: https://example.org/sitemap.xml\n"


def _settings(base, **options):
    made, issues = settings_from_options({"validate": "off", **options}, base)
    assert not issues
    return made


def test_subpath_site_gets_no_file_and_one_note_naming_the_line(tmp_path):
    result = write_sitemaps([Page(url="a")], tmp_path, _settings("https://example.org/docs/"))
    assert [(i.code, i.level) for i in result.issues] == [("robots", "info")]
    assert "Sitemap: https://example.org/docs/sitemap.xml" in result.issues[0].message
    assert not (tmp_path / "robots.txt").exists()


def test_subpath_site_adds_to_a_shipped_robots_txt_quietly(tmp_path):
    (tmp_path / "robots.txt").write_bytes(b"User-agent: *\nDisallow: /private/\n")
    result = write_sitemaps([Page(url="a")], tmp_path, _settings("https://example.org/docs/"))
    assert result.issues == ()
    assert (tmp_path / "robots.txt").read_bytes() == (
        b"User-agent: *\nDisallow: /private/\nSitemap: https://example.org/docs/sitemap.xml\n"
    )


@pytest.mark.parametrize("value", [True, "true"])
def test_subpath_site_creates_robots_txt_when_asked(tmp_path, value):
    result = write_sitemaps(
        [Page(url="a")], tmp_path, _settings("https://example.org/docs/", robots_txt=value)
    )
    assert result.issues == ()
    assert "Sitemap: https://example.org/docs/sitemap.xml" in (tmp_path / "robots.txt").read_text()


def test_root_site_no_warning_and_setting_turns_it_off(tmp_path):
    result = write_sitemaps([Page(url="a")], tmp_path / "on", _settings("https://example.org"))
    assert result.issues == () and (tmp_path / "on" / "robots.txt").exists()
    write_sitemaps(
        [Page(url="a")], tmp_path / "off", _settings("https://example.org", robots_txt=False)
    )
    assert not (tmp_path / "off" / "robots.txt").exists()


def test_renamed_sitemap_replaces_the_default_names_line(tmp_path):
    (tmp_path / "robots.txt").write_bytes(b"Sitemap: https://example.org/sitemap.xml\n")
    write_sitemaps([Page(url="a")], tmp_path, _settings("https://example.org", filename="map.xml"))
    assert (tmp_path / "robots.txt").read_bytes() == b"Sitemap: https://example.org/map.xml\n"


def test_own_line_right_after_a_byte_order_mark_is_recognised(tmp_path):
    path = tmp_path / "robots.txt"
    path.write_bytes(b"\xef\xbb\xbfSitemap: https://example.org/sitemap.xml\nUser-agent: *\n")
    update(tmp_path, URL, OWN)
    assert path.read_bytes() == (
        b"\xef\xbb\xbfSitemap: https://example.org/sitemap.xml\nUser-agent: *\n"
    )


def test_relative_line_naming_our_sitemap_becomes_our_absolute_line(tmp_path):
    """`Sitemap: /sitemap.xml` at the root names the sitemap we write: crawlers ignore the
    relative form, so it becomes our absolute line (an info note, no warning); a relative
    line naming our gzip twin is one of our lines too."""
    original = b"User-agent: *\nSitemap: /sitemap.xml\nDisallow: /x/\nsitemap: sitemap.xml.gz\n"
    (tmp_path / "robots.txt").write_bytes(original)
    issues = update(tmp_path, "https://example.org/sitemap.xml", OWN)
    assert [(i.code, i.level, i.page) for i in issues] == [
        ("robots-relative", "info", "robots.txt:2"),
        ("robots-relative", "info", "robots.txt:4"),
    ]
    assert "now reads `Sitemap: https://example.org/sitemap.xml`" in issues[0].message
    assert (tmp_path / "robots.txt").read_bytes() == (
        b"User-agent: *\nSitemap: https://example.org/sitemap.xml\nDisallow: /x/\n"
    )
    assert update(tmp_path, "https://example.org/sitemap.xml", OWN) == []


def test_relative_line_naming_another_file_is_kept_and_reported_once(tmp_path):
    """Under /docs/, `Sitemap: /sitemap.xml` names the host root's sitemap, not ours: the
    user's bytes stay, one note names the line and the absolute one to write (an info
    line, issue 33: the site's own fault, in a file crawlers do not read there)."""
    original = (
        b"User-agent: *\nSitemap: /sitemap.xml\nDisallow: /x/\nSitemap: /other.xml\n"
        b"sitemap: sitemap.xml.gz\n"
    )
    (tmp_path / "robots.txt").write_bytes(original)
    issues = update(tmp_path, "https://example.org/docs/sitemap.xml", OWN)
    assert [(i.code, i.level, i.page) for i in issues] == [
        ("robots-relative", "info", "robots.txt:5"),
        ("robots-relative", "info", "robots.txt:2"),
    ]
    assert "write `Sitemap: https://example.org/sitemap.xml` instead" in issues[1].message
    assert "lines 4" in issues[1].message
    assert (tmp_path / "robots.txt").read_bytes() == original.replace(
        b"sitemap: sitemap.xml.gz", b"Sitemap: https://example.org/docs/sitemap.xml"
    )


def test_relative_line_not_ours_at_the_host_root_is_a_warning(tmp_path):
    """At the host root crawlers read this robots.txt: its broken line stays a warning."""
    (tmp_path / "robots.txt").write_bytes(b"User-agent: *\nSitemap: /other.xml\n")
    issues = update(tmp_path, "https://example.org/sitemap.xml", OWN)
    assert [(i.code, i.level) for i in issues] == [("robots-relative", "warning")]
