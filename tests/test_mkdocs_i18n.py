"""The MkDocs adapter with the real mkdocs-static-i18n: one sitemap over every language.

example_sites/mkdocs/i18n (English at the root, French under fr/; an English page the
French site falls back to, a French-only page) built by `mkdocs build --strict` in the
plugin's folder and suffix layouts, with and without `reconfigure_material`, with
sitemap-suite before and after i18n in mkdocs.yml. Every sitemap is parsed with lxml,
checked by the validator, and its alternates compared exactly. Then mkdocs-material's
language selector on separate builds per language, the README's recipe.
"""

from __future__ import annotations

import json
import logging
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from mkdocs.commands import build as mkdocs_build
from mkdocs.config import load_config

from helpers import NS, assert_reciprocal, checked, url_elements
from sitemap_core.commands import main
from test_mkdocs import EXAMPLE, build, warnings_of

pytest.importorskip("mkdocs_static_i18n")
pytest.importorskip("material")

I18N = EXAMPLE / "i18n"
BASE = "https://example.org/"


def _versions(en: str, fr: str) -> list[tuple[str, str]]:
    """The alternates of a page in both languages: each, then x-default (English)."""
    return [("en", BASE + en), ("fr", BASE + fr), ("x-default", BASE + en)]


# Every URL the sitemap must list, with its alternates in order. fr/changelog/ (the
# English changelog under fr/) is built, but is no translation: neither listed nor linked.
EXPECTED = {
    "": _versions("", "fr/"),
    "fr/": _versions("", "fr/"),
    "guide/": _versions("guide/", "fr/guide/"),
    "fr/guide/": _versions("guide/", "fr/guide/"),
    "changelog/": [],
    "fr/communaute/": [],
}


@pytest.fixture
def i18n_site(tmp_path: Path) -> Path:
    """A copy of the i18n example."""
    root = tmp_path / "i18n"
    shutil.copytree(I18N, root, ignore=shutil.ignore_patterns("site", ".sitemap-cache"))
    return root


def configure(
    root: Path, *, sitemap_first: bool = False, options: dict | None = None, **i18n_options: object
) -> None:
    """Set i18n's options in mkdocs.yml, sitemap-suite's, and which of the two comes first."""
    path = root / "mkdocs.yml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    plugins = [p for p in data["plugins"] if p != "sitemap-suite"]
    next(p for p in plugins if isinstance(p, dict) and "i18n" in p)["i18n"].update(i18n_options)
    ours = {"sitemap-suite": options} if options else "sitemap-suite"
    at = plugins.index(next(p for p in plugins if isinstance(p, dict) and "i18n" in p))
    plugins.insert(at if sitemap_first else at + 1, ours)
    data["plugins"] = plugins
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def to_suffix_layout(root: Path) -> None:
    """docs/en/page.md -> docs/page.md, docs/fr/page.md -> docs/page.fr.md."""
    docs = root / "docs"
    for lang in ("en", "fr"):
        for page in sorted((docs / lang).rglob("*.md")):
            rel = page.relative_to(docs / lang)
            name = rel.name if lang == "en" else f"{rel.stem}.{lang}{rel.suffix}"
            (docs / rel.parent / name).parent.mkdir(parents=True, exist_ok=True)
            page.rename(docs / rel.parent / name)
        (docs / lang).rmdir()
    configure(root, docs_structure="suffix")


def alternates(site_dir: Path) -> dict[str, list[tuple[str, str]]]:
    """Each `<loc>` of sitemap.xml, relative to BASE, with its alternates in order."""
    return {
        loc.removeprefix(BASE): [
            (link.get("hreflang"), link.get("href")) for link in url.iterfind("xhtml:link", NS)
        ]
        for loc, url in url_elements(site_dir / "sitemap.xml").items()
    }


@pytest.mark.parametrize("sitemap_first", [False, True], ids=["i18n-first", "sitemap-first"])
@pytest.mark.parametrize("material", [True, False], ids=["reconfigure", "no-reconfigure"])
@pytest.mark.parametrize("layout", ["folder", "suffix"])
def test_every_language_with_its_translations(i18n_site, caplog, layout, material, sitemap_first):
    if layout == "suffix":
        to_suffix_layout(i18n_site)
    configure(i18n_site, sitemap_first=sitemap_first, reconfigure_material=material)
    site_dir = build(i18n_site, strict=True)
    assert set(checked(site_dir, BASE)) == {BASE + url for url in EXPECTED}
    found = alternates(site_dir)
    assert found == EXPECTED
    assert_reciprocal(site_dir / "sitemap.xml")
    assert (site_dir / "fr" / "changelog" / "index.html").is_file()  # built, not listed
    assert warnings_of(caplog) == []


def test_without_fallback_only_real_pages_are_built(i18n_site, caplog):
    (i18n_site / "docs" / "fr" / "index.md").write_text("# Bienvenue\n", encoding="utf-8")
    configure(i18n_site, fallback_to_default=False)
    site_dir = build(i18n_site, strict=True)
    assert not (site_dir / "fr" / "changelog").exists()
    assert alternates(site_dir) == EXPECTED
    assert warnings_of(caplog) == []


def test_language_codes_as_hreflang(i18n_site):
    """A region locale (`pt_BR`, as i18n spells it) is written `pt-BR`. (Suffix layout and
    no material reconfiguration: material has no `pt_BR` theme language.)"""
    to_suffix_layout(i18n_site)
    for page in (i18n_site / "docs").glob("*.fr.md"):
        page.rename(page.with_name(page.name.replace(".fr.", ".pt_BR.")))
    configure(
        i18n_site,
        reconfigure_material=False,
        languages=[
            {"locale": "en", "default": True, "name": "English"},
            {"locale": "pt_BR", "name": "Português"},
        ],
    )
    found = alternates(build(i18n_site, strict=True))
    assert found["pt_BR/guide/"] == [
        ("en", BASE + "guide/"),
        ("pt-BR", BASE + "pt_BR/guide/"),
        ("x-default", BASE + "guide/"),
    ]


def test_one_warning_for_all_languages(i18n_site, caplog):
    """The other languages' builds neither repeat option warnings nor lose page ones."""
    (i18n_site / "docs" / "fr" / "guide.md").write_text(
        "---\nsitemap:\n  colour: red\n---\n# Guide\n", encoding="utf-8"
    )
    configure(i18n_site, options={"gzipp": "no"})
    site_dir = build(i18n_site)
    said = warnings_of(caplog)
    assert len(said) == 2, said
    assert sum("gzipp" in line for line in said) == 1
    assert sum("fr/guide.md" in line and "sitemap.colour" in line for line in said) == 1
    assert alternates(site_dir) == EXPECTED


def test_unreadable_front_matter_is_named_once_for_all_languages(i18n_site, caplog):
    """en/changelog.md is read by the English build and again, as the fallback, by the
    French one: one warning."""
    changelog = i18n_site / "docs" / "en" / "changelog.md"
    changelog.write_text(
        "---\nupdated: 2025-02-30\n---\n" + changelog.read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    site_dir = build(i18n_site)
    assert warnings_of(caplog) == [
        "sitemap_mkdocs: [metadata] en/changelog.md (updated): front matter could not be "
        "read: `updated: 2025-02-30` (line 2): day is out of range for month; MkDocs ignores "
        "all of this page's front matter: correct it, or quote the value (the sitemap "
        "misses its `updated`)"
    ]
    assert alternates(site_dir) == EXPECTED


@pytest.mark.parametrize(
    ("value", "x_default", "warned"),
    [("fr", "fr/guide/", False), (False, None, False), ("de", None, True)],
)
def test_x_default_option(i18n_site, caplog, value, x_default, warned):
    """`x_default`: another language, none (false), or one no page is in: one warning,
    no x-default (the same answer in every generator: the core's)."""
    configure(i18n_site, options={"x_default": value})
    found = alternates(build(i18n_site))
    expected = [] if x_default is None else [("x-default", BASE + x_default)]
    assert found["guide/"] == _versions("guide/", "fr/guide/")[:2] + expected
    said = warnings_of(caplog)
    assert len(said) == warned and all("x_default" in line and "'de'" in line for line in said)


def test_rebuild_with_the_same_plugins_writes_the_same_bytes(i18n_site):
    """As `mkdocs serve` rebuilds: i18n then starts with the language it built last."""
    cfg = load_config(config_file=str(i18n_site / "mkdocs.yml"), strict=True)
    cfg.plugins.on_startup(command="serve", dirty=False)
    sitemap = Path(cfg.site_dir) / "sitemap.xml"
    try:
        mkdocs_build.build(cfg)
        first = sitemap.read_bytes()
        mkdocs_build.build(cfg)
    finally:
        cfg.plugins.on_shutdown()
    assert sitemap.read_bytes() == first
    assert alternates(Path(cfg.site_dir)) == EXPECTED


LANGUAGES = {"en": ("English", "Guide"), "fr": ("Français", "Le guide")}


def _separate_build(root: Path, lang: str) -> None:
    """`<root>/<lang>/`: one language's mkdocs.yml and docs, built into `<root>/site/<lang>/`
    with material's language selector over both."""
    folder = root / lang
    (folder / "docs").mkdir(parents=True)
    name, guide = LANGUAGES[lang]
    (folder / "docs" / "index.md").write_text(
        f"# {name}\n\n[{guide}](guide.md)\n", encoding="utf-8"
    )
    (folder / "docs" / "guide.md").write_text(f"# {guide}\n", encoding="utf-8")
    config = {
        "site_name": name,
        "site_url": f"{BASE}{lang}/",
        "site_dir": f"../site/{lang}",
        "theme": {"name": "material", "language": lang},
        "extra": {
            "alternate": [
                {"name": n, "link": f"/{code}/", "lang": code} for code, (n, _) in LANGUAGES.items()
            ]
        },
        "plugins": ["search", "sitemap-suite"],
    }
    (folder / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")


def test_material_selector_separate_builds(tmp_path, caplog):
    """One sitemap per language build under its own base URL; the robots.txt at the
    host's root names each, as the builds' info lines say; `validate --strict` passes
    on the deployed tree."""
    caplog.set_level(logging.INFO)
    lines = []
    for lang in LANGUAGES:
        _separate_build(tmp_path, lang)
        caplog.clear()
        site_dir = build(tmp_path / lang, strict=True)
        assert set(checked(site_dir, f"{BASE}{lang}/")) == {
            f"{BASE}{lang}/",
            f"{BASE}{lang}/guide/",
        }
        assert not (site_dir / "robots.txt").exists()  # under a path: the root's job
        (line,) = [
            r.getMessage().rsplit("`", 2)[1] for r in caplog.records if "[robots]" in r.getMessage()
        ]
        assert line == f"Sitemap: {BASE}{lang}/sitemap.xml"
        lines.append(line)
    site = tmp_path / "site"
    (site / "robots.txt").write_text(
        "User-agent: *\nAllow: /\n" + "\n".join(lines) + "\n", encoding="utf-8"
    )
    result = CliRunner().invoke(
        main, ["validate", "--strict", "--json", str(site)], catch_exceptions=False
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["issues"] == []
    assert {Path(f).relative_to(site).as_posix() for f in report["files"]} == {
        "robots.txt",
        *(f"{lang}/sitemap.xml{gz}" for lang in LANGUAGES for gz in ("", ".gz")),
    }
