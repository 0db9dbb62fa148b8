"""Two sources, one URL: `x.md` and `x/README.md` (or `x/index.md`) both build `x/`.

MkDocs 1.6 keeps both (it drops only a README.md beside an index.md, with a warning),
builds each in the order of its files, and the last one written is the page served,
silently. The sitemap takes date, front matter and hreflang alternates from that page
and says so once at info level. Real `mkdocs build` runs, in git repositories whose
commits have fixed dates; every sitemap is parsed with lxml and checked by the validator.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest
import yaml

from helpers import NS, GitRepo, assert_reciprocal, checked, url_elements
from test_mkdocs import build, warnings_of

BASE = "https://example.org/"
OLD = "2023-05-02T10:00:00+00:00"
NEW = "2026-01-20T09:30:00+00:00"
OLD_Z, NEW_Z = "2023-05-02T10:00:00Z", "2026-01-20T09:30:00Z"


def infos(caplog: pytest.LogCaptureFixture, code: str) -> list[logging.LogRecord]:
    """The plugin's log records of one issue code."""
    return [
        r
        for r in caplog.records
        if "sitemap_mkdocs" in r.name and r.getMessage().startswith(f"sitemap_mkdocs: [{code}]")
    ]


def heading(site_dir: Path, page: str) -> str:
    """The first `<h1>` text MkDocs wrote for `page` (`x/` or `x.html`)."""
    path = site_dir / (page + "index.html" if page.endswith("/") or not page else page)
    return re.search(r"<h1[^>]*>([^<]*)", path.read_text(encoding="utf-8"))[1]


@pytest.fixture
def proposals(git_repo) -> Path:
    """A site whose proposal moved from `proposals/manifest-hydrator.md` (2023) to
    `proposals/manifest-hydrator/README.md` (2026), the old file left behind."""
    repo = git_repo("repo")
    root = repo.root / "website"
    repo.write(
        "website/mkdocs.yml",
        "site_name: Proposals\nsite_url: https://example.org/\nplugins:\n  - sitemap-suite\n",
    )
    repo.write("website/docs/index.md", "# Home\n\n[Proposals](proposals/index.md)\n")
    repo.write("website/docs/proposals/index.md", "# Proposals\n")
    repo.write(
        "website/docs/proposals/manifest-hydrator.md",
        "---\nsitemap:\n  priority: 0.2\n---\n# Hydrator draft\n",
    )
    repo.write("website/.gitignore", "site/\n")
    repo.commit("the first proposals", OLD)
    repo.write(
        "website/docs/proposals/manifest-hydrator/README.md",
        "---\nsitemap:\n  priority: 0.9\n---\n# Hydrator design\n\nThe accepted design.\n",
    )
    repo.commit("the proposal, as a folder", NEW)
    return root


def test_the_url_is_dated_by_the_file_mkdocs_wrote(proposals, caplog):
    caplog.set_level(logging.INFO)
    site_dir = build(proposals, strict=True)
    assert heading(site_dir, "proposals/manifest-hydrator/") == "Hydrator design"
    found = checked(site_dir, BASE)
    assert found == {
        BASE: OLD_Z,
        BASE + "proposals/": OLD_Z,
        BASE + "proposals/manifest-hydrator/": NEW_Z,
    }
    entry = url_elements(site_dir / "sitemap.xml")[BASE + "proposals/manifest-hydrator/"]
    assert entry.findtext("sm:priority", namespaces=NS) == "0.9"  # its front matter too
    assert warnings_of(caplog) == []
    (said,) = infos(caplog, "same-url")
    assert said.levelno == logging.INFO
    assert said.getMessage() == (
        "sitemap_mkdocs: [same-url] proposals/manifest-hydrator/README.md: "
        "proposals/manifest-hydrator/ is built from both proposals/manifest-hydrator.md "
        "and proposals/manifest-hydrator/README.md; MkDocs wrote "
        "proposals/manifest-hydrator/README.md last, so its page is the one served, "
        "listed and dated (proposals/manifest-hydrator.md: not served; rename or remove it)"
    )


def test_the_site_map_page_links_the_page_written_once(proposals):
    config = proposals / "mkdocs.yml"
    config.write_text(
        config.read_text(encoding="utf-8").replace(
            "  - sitemap-suite\n", "  - sitemap-suite:\n      html_map: true\n"
        ),
        encoding="utf-8",
    )
    site_dir = build(proposals, strict=True)
    assert BASE + "sitemap/" in checked(site_dir, BASE)
    links = re.findall(
        r'<a href="([^"]*)">([^<]*)</a>',
        (site_dir / "sitemap" / "index.html").read_text(encoding="utf-8"),
    )
    assert [title for href, title in links if "manifest-hydrator" in href] == ["Hydrator design"]


def test_index_md_beside_the_flat_file_too(proposals, caplog):
    caplog.set_level(logging.INFO)
    folder = proposals / "docs" / "proposals" / "manifest-hydrator"
    (folder / "README.md").rename(folder / "index.md")
    GitRepo(proposals.parent).commit("README.md to index.md", NEW)
    site_dir = build(proposals, strict=True)
    assert checked(site_dir, BASE)[BASE + "proposals/manifest-hydrator/"] == NEW_Z
    assert len(infos(caplog, "same-url")) == 1


def test_without_directory_urls_each_source_has_its_url(proposals, caplog):
    """Then nothing clashes: two pages, each dated by its own file."""
    caplog.set_level(logging.INFO)
    found = checked(build(proposals), BASE)
    assert found[BASE + "proposals/manifest-hydrator/"] == NEW_Z
    caplog.clear()
    site_dir = build(proposals, strict=True, use_directory_urls=False)
    found = checked(site_dir, BASE)
    assert found[BASE + "proposals/manifest-hydrator.html"] == OLD_Z
    assert found[BASE + "proposals/manifest-hydrator/index.html"] == NEW_Z
    assert infos(caplog, "same-url") == []


# mkdocs-static-i18n, four languages in folders. German and Japanese each kept an old
# `proposals/hydrator.md` beside the new `proposals/hydrator/index.md`. i18n orders each
# language's files by its own rule (the first language folder that names a page), so
# MkDocs writes de/'s index.md last but ja/'s old hydrator.md last.
LANGUAGES = ("en", "de", "fr", "ja")


@pytest.fixture
def four_languages(git_repo) -> Path:
    pytest.importorskip("mkdocs_static_i18n")
    repo = git_repo("repo")
    root = repo.root / "i18n"
    config = {
        "site_name": "Four languages",
        "site_url": BASE,
        "plugins": [
            "search",
            {
                "i18n": {
                    "docs_structure": "folder",
                    "fallback_to_default": True,
                    "languages": [
                        {
                            "locale": lang,
                            "name": lang,
                            **({"default": True} if lang == "en" else {}),
                        }
                        for lang in LANGUAGES
                    ],
                }
            },
            "sitemap-suite",
        ],
    }
    repo.write("i18n/mkdocs.yml", yaml.safe_dump(config, sort_keys=False))
    repo.write("i18n/.gitignore", "site/\n")
    for lang in LANGUAGES:
        repo.write(f"i18n/docs/{lang}/index.md", f"# Home {lang}\n")
    for lang in ("de", "ja"):
        repo.write(f"i18n/docs/{lang}/proposals/hydrator.md", f"# Old hydrator {lang}\n")
    repo.commit("the site, old proposals", OLD)
    for lang in LANGUAGES:
        repo.write(f"i18n/docs/{lang}/proposals/hydrator/index.md", f"# Hydrator {lang}\n")
    repo.commit("the proposal in every language", NEW)
    return root


def test_i18n_alternates_and_dates_from_the_page_written_strict(four_languages, caplog):
    caplog.set_level(logging.INFO)
    site_dir = build(four_languages, strict=True)  # the plugin's own check finds nothing
    assert heading(site_dir, "de/proposals/hydrator/") == "Hydrator de"
    assert heading(site_dir, "ja/proposals/hydrator/") == "Old hydrator ja"
    found = checked(site_dir, BASE)
    hydrator = {url: date for url, date in found.items() if "hydrator" in url}
    assert hydrator == {
        BASE + "proposals/hydrator/": NEW_Z,
        BASE + "de/proposals/hydrator/": NEW_Z,
        BASE + "fr/proposals/hydrator/": NEW_Z,
        BASE + "ja/proposals/hydrator/": OLD_Z,  # the old file is what ja/ serves
    }
    links = {
        loc: [(a.get("hreflang"), a.get("href")) for a in url.iterfind("xhtml:link", NS)]
        for loc, url in url_elements(site_dir / "sitemap.xml").items()
    }
    translated = [
        ("de", BASE + "de/proposals/hydrator/"),
        ("en", BASE + "proposals/hydrator/"),
        ("fr", BASE + "fr/proposals/hydrator/"),
        ("x-default", BASE + "proposals/hydrator/"),
    ]
    for lang in ("", "de/", "fr/"):
        assert links[f"{BASE}{lang}proposals/hydrator/"] == translated
    assert links[BASE + "ja/proposals/hydrator/"] == []  # ja/hydrator.md has no translation
    assert_reciprocal(site_dir / "sitemap.xml")
    assert warnings_of(caplog) == []
    said = sorted(r.getMessage() for r in infos(caplog, "same-url"))
    assert [line.split(":", 2)[1] for line in said] == [
        " [same-url] de/proposals/hydrator/index.md",
        " [same-url] ja/proposals/hydrator.md",
    ]
    assert all(r.levelno == logging.INFO for r in infos(caplog, "same-url"))
