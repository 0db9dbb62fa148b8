"""The URL scheme of a site in language (and version) folders (`UrlScheme`): each build's
URLs and alternates, a template's check, the site's languages, and where an output whose
URLs' prefix is no folder of it stands."""

from __future__ import annotations

from pathlib import Path

from sitemap_core import Alternate, Placement, UrlScheme, page_folder, site_languages, url_template


def test_without_a_template_the_first_language_is_at_the_root_and_others_in_folders():
    scheme = UrlScheme.of(None, "pt_BR", "1.0", ["en", "pt_BR"])
    assert scheme.url("guide/a.html") == "pt_BR/guide/a.html"
    assert scheme.alternates("a.html") == (
        Alternate("en", "a.html"),
        Alternate("pt-BR", "pt_BR/a.html"),
    )
    assert UrlScheme.of(None, "en", None, ["en", "pt_BR"]).url("a.html") == "a.html"


def test_a_template_puts_language_and_version_folders_where_it_names_them():
    scheme = UrlScheme.of("{lang}{version}{link}", "en", "1.0", ["en", "fr"])
    assert scheme.url("a.html") == "en/1.0/a.html"
    assert [a.url for a in scheme.alternates("a.html")] == ["en/1.0/a.html", "fr/1.0/a.html"]
    assert UrlScheme.of("{version}{link}", "en", "", ["en"]).url("a") == "a"


def test_a_template_without_lang_gives_no_alternates_and_one_language_none():
    assert UrlScheme.of("{link}", "en", None, ["en", "fr"]).languages == ()
    assert UrlScheme.of(None, "en", None, ["en"]).languages == ()


def test_a_glob_on_the_link_is_a_glob_on_the_site_path():
    scheme = UrlScheme.of("{lang}{link}", "fr", None, ["en", "fr"])
    assert scheme.pattern("caf%C3%A9/*") == "fr/café/*"


def test_url_template_accepts_a_format_with_link_once():
    assert url_template(None) == (None, [])
    assert url_template("{lang}{link}") == ("{lang}{link}", [])
    for bad in ("{lang}", "{link}{link}", "{colour}{link}", 3):
        template, issues = url_template(bad)
        assert template is None and [i.field for i in issues] == ["url_scheme"]
        assert issues[0].message.endswith("URLs are the built files' links")


def test_site_languages_source_first_then_given_or_catalog_folders_then_current(tmp_path):
    (tmp_path / "locale" / "fr").mkdir(parents=True)
    (tmp_path / "locale" / "de").mkdir()
    (tmp_path / "locale" / ".git").mkdir()
    folders = [tmp_path / "locale", tmp_path / "missing"]
    assert site_languages([], folders, "en", "es") == ["en", "de", "fr", "es"]
    assert site_languages(["fr", "en"], folders, "en", "en") == ["fr", "en"]
    assert site_languages([None], folders, "en", "fr") == []


def test_an_output_whose_prefix_is_a_folder_of_it_stays_where_it_is(tmp_path: Path):
    scheme = UrlScheme.of(None, "fr", None, ["en", "fr"])
    (tmp_path / "fr").mkdir()
    assert scheme.placed("https://x.org/", False, None, tmp_path) == Placement(
        scheme, "https://x.org/"
    )


def test_an_output_that_is_its_language_folder_lists_relative_to_it(tmp_path: Path):
    scheme = UrlScheme.of("{lang}{version}{link}", "fr", "2", ["en", "fr"])
    placed = scheme.placed("https://x.org/docs", True, None, tmp_path)
    assert placed.base_url == "https://x.org/docs/fr/2/" and not placed.pages_at
    assert placed.scheme.url("a.html") == "a.html"
    assert [a.url for a in placed.scheme.alternates("a.html")] == [
        "https://x.org/docs/en/2/a.html",
        "https://x.org/docs/fr/2/a.html",
    ]
    at_folder = scheme.placed("https://x.org/docs/fr/2/", False, None, tmp_path)
    assert at_folder == placed


def test_an_output_whose_pages_say_another_url_keeps_the_base_and_says_where(tmp_path: Path):
    scheme = UrlScheme.of(None, "fr", None, ["en", "fr"])
    placed = scheme.placed("https://x.org/", True, "https://x.org/other", tmp_path)
    assert placed == (scheme, "https://x.org/", "https://x.org/fr/", "https://x.org/other/")
    unplaced = scheme.placed("https://x.org", False, None, tmp_path)
    assert unplaced == (scheme, "https://x.org/", "https://x.org/fr/", "https://x.org/")


def test_a_page_of_a_site_of_folder_urls_is_served_from_its_folder():
    assert page_folder("a/b") == "a/b/"
    assert page_folder("a/b/index") == "a/b/"
    assert page_folder("index") == ""
    assert page_folder("indexes") == "indexes/"
