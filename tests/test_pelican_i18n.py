"""The Pelican adapter with the real pelican-i18n-subsites plugin, on copies of
example_sites/pelican-i18n (English at the root, a French subsite in `fr/`).

Checked with pelican-i18n-subsites 1.0.0 on Pelican 4.5.4, 4.7.2, 4.8.0, 4.9.1, 4.10.2,
4.11.0 and 4.12.0: the plugin builds a site whose every content file has `Lang:` (or
`DEFAULT_METADATA = {"lang": ...}`), and on each of them fails in the same way when one
has none (the test below); these tests run on the Pelican the dev extra installs.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pelican import Pelican, signals
from pelican.log import LimitFilter
from pelican.settings import read_settings

from helpers import NS, assert_reciprocal, checked, commit_all, init_repo, url_elements

i18n_subsites = pytest.importorskip(
    "pelican.plugins.i18n_subsites.i18n_subsites",
    reason="needs pelican-i18n-subsites: pip install -e '.[dev]'",
)

EXAMPLE = Path(__file__).resolve().parents[1] / "example_sites" / "pelican-i18n"
BASE = "https://example.org/"
COMMIT = "2024-04-02T10:00:00+02:00"

LISTINGS = [
    "",
    "archives.html",
    "authors.html",
    "categories.html",
    "tags.html",
    "author/ada-lovelace.html",
    "category/cooking.html",
    "category/travel.html",
]
EN = ["night-trains.html", "sourdough.html", "packing-light.html", "pages/about.html"]
FR = ["fr/night-trains.html", "fr/sourdough.html", "fr/pages/about.html"]
EXPECTED = {BASE + u for u in [*LISTINGS, *EN, *FR, *("fr/" + u for u in LISTINGS)]}


def versions(*urls: str) -> dict[str, str]:
    """The alternates of every page in `urls`: en, fr, de... in that order, and
    x-default, the English (DEFAULT_LANG) one, always the first given."""
    langs = [u.split("/", 1)[0] if u.startswith(("fr/", "de/")) else "en" for u in urls]
    return {**{lang: BASE + u for lang, u in zip(langs, urls)}, "x-default": BASE + urls[0]}


ALTERNATES = {
    "night-trains.html": versions("night-trains.html", "fr/night-trains.html"),
    "sourdough.html": versions("sourdough.html", "fr/sourdough.html"),
    "pages/about.html": versions("pages/about.html", "fr/pages/about.html"),
    "": versions("", "fr/"),
}


# -- fixtures and helpers ---------------------------------------------------------------


@pytest.fixture(autouse=True)
def _fresh_pelican_log() -> Iterator[None]:
    """Pelican's LimitFilter drops a message it has seen before, across builds: forget."""
    LimitFilter._raised_messages.clear()
    LimitFilter._group_count.clear()
    yield


@pytest.fixture(autouse=True, scope="module")
def _plugin_off_afterwards() -> Iterator[None]:
    """The plugin connects itself to Pelican's process-wide signals: later Pelican builds
    in this process (other test modules) must not run it."""
    yield
    for name, handler in i18n_subsites._SIGNAL_HANDLERS_DB.items():
        getattr(signals, name).disconnect(handler)


def make_site(root: Path, *, lang_metadata: bool = True) -> Path:
    """A copy of the example site in a git repository, committed at COMMIT."""
    site = root / "site"
    shutil.copytree(
        EXAMPLE, site, ignore=shutil.ignore_patterns("output", ".sitemap-cache", "__pycache__")
    )
    if not lang_metadata:
        conf = site / "pelicanconf.py"
        conf.write_text(
            conf.read_text(encoding="utf-8").replace('DEFAULT_METADATA = {"lang": "en"}', ""),
            "utf-8",
        )
    init_repo(site)
    commit_all(site, COMMIT, "site")
    return site


def add_german(site: Path) -> dict[str, Any]:
    """A German translation of night-trains.md; the settings for a `de` subsite too."""
    (site / "content" / "articles" / "night-trains-de.md").write_text(
        "Title: Nachtzüge durch Europa\nDate: 2024-01-21 21:00\nCategory: Travel\n"
        "Slug: night-trains\nLang: de\n\nVon Paris nach Wien im Schlaf.\n",
        "utf-8",
    )
    return {"I18N_SUBSITES": {"fr": {}, "de": {}}}


def build(site: Path, out: Path, **override: Any) -> Path:
    """Run Pelican for real, the plugin's subsites included; return the output folder."""
    settings = read_settings(
        str(site / "pelicanconf.py"), override={"OUTPUT_PATH": str(out), **override}
    )
    Pelican(settings=settings).run()
    return out


def alternates(out: Path) -> dict[str, dict[str, str]]:
    """Each listed URL (relative to BASE) with its `hreflang -> href` alternates, read
    with lxml; every link must be a `rel="alternate"` with `href`."""
    found = {}
    for loc, url in url_elements(out / "sitemap.xml").items():
        links = url.findall("xhtml:link", NS)
        assert all(link.get("rel") == "alternate" and link.get("href") for link in links)
        found[loc.removeprefix(BASE)] = {link.get("hreflang"): link.get("href") for link in links}
        assert len(found[loc.removeprefix(BASE)]) == len(links), loc  # no language twice
    return found


def sitemap_bytes(out: Path) -> dict[str, bytes]:
    """Every sitemap file and robots.txt anywhere in the output, by relative path."""
    return {
        str(p.relative_to(out)): p.read_bytes()
        for p in sorted(out.rglob("*"))
        if p.name.startswith(("sitemap.", "sitemap-")) or p.name == "robots.txt"
    }


@pytest.fixture(scope="module")
def example(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example site as shipped, built once."""
    root = tmp_path_factory.mktemp("i18n")
    return build(make_site(root), root / "out")


# -- the example as shipped ---------------------------------------------------------------


def test_one_sitemap_lists_every_language(example: Path) -> None:
    assert (example / "fr" / "night-trains.html").is_file()
    assert set(checked(example, BASE)) == EXPECTED


def test_alternates_are_exact_and_reciprocal(example: Path) -> None:
    found = alternates(example)
    for url, links in ALTERNATES.items():
        assert found[url] == links
        fr = "fr/" + url
        assert found[fr] == links
    with_links = {url for url, links in found.items() if links}
    assert with_links == {*ALTERNATES, *("fr/" + u for u in ALTERNATES)}
    assert found["packing-light.html"] == {}  # no translation: no alternates
    assert_reciprocal(example / "sitemap.xml")


def test_hidden_copies_are_not_listed(example: Path) -> None:
    """The plugin hides untranslated content in the other site as a draft or a hidden page."""
    assert (example / "fr" / "drafts" / "packing-light-en.html").is_file()
    listed = set(checked(example, BASE))
    assert not {u for u in listed if "drafts/" in u or u.endswith("-en.html")}


def test_one_robots_txt_at_the_root(example: Path) -> None:
    robots = [p.relative_to(example) for p in example.rglob("robots.txt")]
    assert robots == [Path("robots.txt")]
    lines = (example / "robots.txt").read_text(encoding="utf-8").splitlines()
    assert [line for line in lines if line.lower().startswith("sitemap:")] == [
        f"Sitemap: {BASE}sitemap.xml"
    ]
    assert not list((example / "fr").glob("sitemap*"))


def test_rebuild_in_either_plugin_order_writes_the_same_bytes(
    example: Path, tmp_path: Path
) -> None:
    """A second build into the same output, with the plugins listed the other way round,
    changes no byte of the sitemap or robots.txt (one `Sitemap:` line still)."""
    out = tmp_path / "out"
    shutil.copytree(example, out)
    site = example.parent / "site"
    build(site, out, PLUGINS=["sitemap_pelican", "i18n_subsites"])
    assert sitemap_bytes(out) == sitemap_bytes(example)
    build(site, out)
    assert sitemap_bytes(out) == sitemap_bytes(example)


# -- three languages, other policies --------------------------------------------------------


def test_three_languages(tmp_path: Path) -> None:
    """A German subsite: night-trains in three languages, the rest in one or two; each page
    lists exactly the versions that exist; German copies of the others are not listed."""
    site = make_site(tmp_path)
    out = build(site, tmp_path / "out", **add_german(site))
    found = alternates(out)
    trains = versions("night-trains.html", "fr/night-trains.html", "de/night-trains.html")
    for url in ("night-trains.html", "fr/night-trains.html", "de/night-trains.html"):
        assert found[url] == trains
    assert found["de/"] == versions("", "fr/", "de/")
    assert found["sourdough.html"] == found["fr/sourdough.html"] == ALTERNATES["sourdough.html"]
    assert_reciprocal(out / "sitemap.xml")
    assert set(checked(out, BASE)) == EXPECTED | {
        BASE + u
        for u in (
            "de/night-trains.html",
            "de/",
            "de/archives.html",
            "de/authors.html",
            "de/categories.html",
            "de/tags.html",
            "de/author/ada-lovelace.html",
            "de/category/travel.html",
        )
    }


def test_kept_untranslated_copies_are_listed_once(tmp_path: Path) -> None:
    """`I18N_UNTRANSLATED_ARTICLES/PAGES = "keep"` renders every content in every site:
    each is listed only in the site of its own language, with the alternates of that one
    (the German site's copy of sourdough-fr links its English version as `../`)."""
    site = make_site(tmp_path)
    keep = {
        **add_german(site),
        "I18N_UNTRANSLATED_ARTICLES": "keep",
        "I18N_UNTRANSLATED_PAGES": "keep",
    }
    out = build(site, tmp_path / "out", **keep)
    for copy in (
        "fr/packing-light-en.html",
        "de/sourdough-fr.html",
        "de/sourdough-en.html",
        "de/pages/about-fr.html",
    ):
        assert (out / copy).is_file()
    found = alternates(out)
    assert not {u for u in found if u.endswith(("-en.html", "-fr.html"))}
    assert found["sourdough.html"] == ALTERNATES["sourdough.html"]
    assert found["pages/about.html"] == ALTERNATES["pages/about.html"]
    assert_reciprocal(out / "sitemap.xml")


def test_translations_with_url_and_no_save_as_are_listed_where_their_files_are(
    tmp_path: Path,
) -> None:
    """`URL:` without `Save_as:` on night-trains and its French version: each site writes
    the file its `ARTICLE_SAVE_AS` names, and the plugin links the other language's
    declared URL (`fr/nice/nuit/`), which no file serves. Each is listed, and named as
    the other's alternate, under the URL of the file its own site wrote."""
    site = make_site(tmp_path)
    for name, url in (("night-trains.md", "nice/night/"), ("night-trains-fr.md", "nice/nuit/")):
        path = site / "content" / "articles" / name
        path.write_text(f"URL: {url}\n" + path.read_text(encoding="utf-8"), "utf-8")
    out = build(site, tmp_path / "out")
    found = alternates(out)
    assert (
        found["night-trains.html"]
        == found["fr/night-trains.html"]
        == (ALTERNATES["night-trains.html"])
    )
    assert set(checked(out, BASE)) == EXPECTED
    assert_reciprocal(out / "sitemap.xml")


def test_one_slug_twice_in_one_language_is_no_translation(tmp_path: Path) -> None:
    """Two English `Keynote` talks in two categories (`{category}/{slug}.html`) and a
    French one share a slug, so Pelican makes them translations of each other, in every
    site: none has alternates (one URL per language), and night-trains keeps its own."""
    site = make_site(tmp_path)
    talk = "Title: Keynote\nDate: 2024-02-01 10:00\nCategory: {}\nSlug: keynote\nLang: {}\n\nT.\n"
    articles = site / "content" / "articles"
    for name, category, lang in (
        ("keynote.md", "Travel", "en"),
        ("keynote-cooking.md", "Cooking", "en"),
        ("keynote-fr.md", "Travel", "fr"),
    ):
        (articles / name).write_text(talk.format(category, lang), "utf-8")
    out = build(
        site,
        tmp_path / "out",
        ARTICLE_URL="{category}/{slug}.html",
        ARTICLE_SAVE_AS="{category}/{slug}.html",
    )
    found = alternates(out)  # no language twice in any <url>
    for url in ("travel/keynote.html", "cooking/keynote.html", "fr/travel/keynote.html"):
        assert found[url] == {}, url
    trains = versions("travel/night-trains.html", "fr/travel/night-trains.html")
    assert found["travel/night-trains.html"] == found["fr/travel/night-trains.html"] == trains
    checked(out, BASE)
    assert_reciprocal(out / "sitemap.xml")


def test_content_without_lang_is_named_before_the_plugin_fails(tmp_path: Path) -> None:
    """Without `Lang:` (nor DEFAULT_METADATA), the French subsite reads night-trains.md
    as French, and the plugin fails on writing fr/night-trains.html twice; one `lang`
    warning has named the files first. Its own process: the failed run leaves the
    plugin's module state half set."""
    site = make_site(tmp_path, lang_metadata=False)
    done = subprocess.run(
        [
            str(Path(sys.executable).parent / "pelican"),
            "content",
            "-s",
            "pelicanconf.py",
            "-o",
            "output",
        ],
        cwd=site,
        capture_output=True,
        text=True,
        env={"COLUMNS": "400", "PATH": "/usr/bin:/bin"},
    )
    log = done.stdout + done.stderr
    assert done.returncode != 0
    assert log.count("[lang]") == 1
    warning, failure = log[log.index("[lang]") :].split("CRITICAL", 1)
    # Pelican 4.12: FileOverwriteFailedError "Failed to overwrite"; before: RuntimeError
    # "File ... is to be overwritten".
    assert re.search(r"[Ff]ailed to overwrite|is to be overwritten", failure)
    assert "/fr/" in failure
    assert "articles/night-trains.md" in warning
    assert "4 content file(s) without `Lang:`" in warning
    assert "DEFAULT_METADATA = {'lang': 'en'}" in warning
