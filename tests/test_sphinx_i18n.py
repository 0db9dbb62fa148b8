"""Sphinx in several languages, as Read the Docs builds it: one `sphinx-build -D
language=<lang>` per language from gettext catalogs (sphinx-intl's layout), each into its
`<lang>/` folder of one site. Real builds with `-W`; every sitemap parsed with lxml."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from lxml import etree
from sphinx.cmd.build import build_main
from sphinx.util.console import strip_colors

from helpers import NS, checked, url_elements
from sitemap_core.commands import main

ROOT = "https://example.org/"
LANGUAGES = {"en": "en", "fr": "fr", "pt_BR": "pt-BR"}  # Sphinx's name: hreflang
PAGES = ("index", "guide", "about", "genindex")  # about: no catalog; search is noindex

CONF = """\
project = "Carnet"
extensions = ["sitemap_sphinx"]
language = "en"
locale_dirs = ["locale/"]
gettext_compact = False
exclude_patterns = ["locale"]
sitemap_url_scheme = "{lang}{link}"
"""
SOURCES = {
    "index.rst": "Welcome\n=======\n\nThe notebook.\n\n.. toctree::\n\n   guide\n   about\n",
    "guide.rst": "Guide\n=====\n\nWrite every day.\n\n.. index:: notebook\n",
    "about.rst": "About\n=====\n\nNobody translated this page.\n",
}
CATALOGS = {
    "fr": {
        "index": {"Welcome": "Bienvenue", "The notebook.": "Le carnet."},
        "guide": {"Guide": "Guide", "Write every day.": "Écrire chaque jour."},
    },
    "pt_BR": {"index": {"Welcome": "Bem-vindo"}},
}


def write_project(src: Path) -> Path:
    """The project: conf.py, three pages, .po catalogs that Sphinx compiles itself."""
    for name, text in {"conf.py": CONF, **SOURCES}.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(text, encoding="utf-8")
    for lang, docs in CATALOGS.items():
        folder = src / "locale" / lang / "LC_MESSAGES"
        folder.mkdir(parents=True)
        for doc, messages in docs.items():
            entries = "".join(f'\nmsgid "{k}"\nmsgstr "{v}"\n' for k, v in messages.items())
            (folder / f"{doc}.po").write_text(
                'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                f'"Language: {lang}\\n"\n{entries}',
                encoding="utf-8",
            )
    return src


def sphinx_build(src: Path, out: Path, lang: str, *defines: str) -> int:
    """`sphinx-build -W -b html -D language=<lang> [-D ...] src out`, in this process."""
    args = [
        "-W",
        "-q",
        "-b",
        "html",
        "-d",
        str(out.parent / f".doctrees-{out.name}"),
        "-D",
        f"language={lang}",
    ]
    for define in defines:
        args += ["-D", define]
    return build_main([*args, str(src), str(out)])


def alternates(url: etree._Element) -> dict[str, str]:
    """`{hreflang: href}` of one `<url>` element."""
    return {a.get("hreflang"): a.get("href") for a in url.iterfind("xhtml:link", NS)}


def expected(page: str, scheme: str = "{lang}/", default: str = "en") -> dict[str, str]:
    """The alternates every language's sitemap gives `page`: each language, x-default."""
    links = {
        code: f"{ROOT}{scheme.format(lang=lang)}{page}.html" for lang, code in LANGUAGES.items()
    }
    return {**links, "x-default": links[LANGUAGES[default]]}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site: each language built into its folder, as the README's recipe says."""
    tmp = tmp_path_factory.mktemp("i18n")
    src = write_project(tmp / "docs")
    for lang in LANGUAGES:
        assert sphinx_build(src, tmp / "site" / lang, lang, f"html_baseurl={ROOT}{lang}/") == 0
    return tmp / "site"


def test_each_language_lists_its_pages_with_every_language_as_alternate(site: Path) -> None:
    listed = {}
    for lang, code in LANGUAGES.items():
        own = f"{ROOT}{lang}/"
        assert set(checked(site / lang, own)) == {f"{own}{page}.html" for page in PAGES}
        for loc, url in url_elements(site / lang / "sitemap.xml").items():
            page = loc.removeprefix(own).removesuffix(".html")
            links = listed[loc] = alternates(url)
            assert links == expected(page), loc
            assert links[code] == loc  # the page lists itself
        assert not (site / lang / "robots.txt").exists()  # under a path: the root's job
    # Reciprocity: each alternate is listed by its own language's sitemap, with the same set.
    for loc, links in listed.items():
        for code, href in links.items():
            assert listed[href] == links, (loc, code)
    # Translated where the catalog says so; untranslated pages exist (and are listed) too.
    assert "Bienvenue" in (site / "fr/index.html").read_text(encoding="utf-8")
    assert "Nobody translated this page." in (site / "fr/about.html").read_text(encoding="utf-8")


def test_the_root_robots_txt_of_the_recipe_passes_validate_strict(site: Path) -> None:
    (site / "robots.txt").write_text(
        "User-agent: *\nAllow: /\n"
        + "".join(f"Sitemap: {ROOT}{lang}/sitemap.xml\n" for lang in LANGUAGES)
    )
    try:
        result = CliRunner().invoke(main, ["validate", "--strict", "--json", str(site)])
    finally:
        (site / "robots.txt").unlink()
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert report["issues"] == []
    assert {Path(f).relative_to(site).as_posix() for f in report["files"]} == {
        "robots.txt",
        *(f"{lang}/sitemap.xml" for lang in LANGUAGES),
    }


@pytest.mark.parametrize(
    ("defines", "out", "scheme"),
    [
        # site_url is the root; no html_baseurl: pages without canonical links.
        ((f"site_url={ROOT}",), "fr", "{lang}/"),
        # Read the Docs' URLs, /fr/latest/: html_baseurl is this build's, the root inferred.
        (
            (
                f"html_baseurl={ROOT}fr/latest/",
                "version=latest",
                "sitemap_url_scheme={lang}{version}{link}",
            ),
            "fr/latest",
            "{lang}/latest/",
        ),
    ],
)
def test_other_ways_to_say_where_the_languages_live(
    tmp_path: Path, defines: tuple[str, ...], out: str, scheme: str
) -> None:
    src = write_project(tmp_path / "docs")
    assert sphinx_build(src, tmp_path / "site" / out, "fr", *defines) == 0
    own = f"{ROOT}{out}/"
    for loc, url in url_elements(tmp_path / "site" / out / "sitemap.xml").items():
        assert alternates(url) == expected(loc.removeprefix(own).removesuffix(".html"), scheme)
    assert set(checked(tmp_path / "site" / out, own)) == {f"{own}{p}.html" for p in PAGES}


@pytest.mark.parametrize(("value", "default"), [("pt-BR", "pt_BR"), ("fr", "fr"), ("False", None)])
def test_x_default_is_configurable(tmp_path: Path, value: str, default: str | None) -> None:
    src = write_project(tmp_path / "docs")
    with (src / "conf.py").open("a") as conf:
        conf.write(f"sitemap_x_default = {value if value == 'False' else repr(value)}\n")
    assert sphinx_build(src, tmp_path / "fr", "fr", f"html_baseurl={ROOT}fr/") == 0
    url = url_elements(tmp_path / "fr" / "sitemap.xml")[f"{ROOT}fr/guide.html"]
    want = expected("guide", default=default or "en")
    if default is None:
        del want["x-default"]
    assert alternates(url) == want


def test_an_x_default_no_page_is_in_is_one_warning_and_none_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The core's answer, the same in every generator."""
    src = write_project(tmp_path / "docs")
    with (src / "conf.py").open("a") as conf:
        conf.write("sitemap_x_default = 'es'\n")
    assert sphinx_build(src, tmp_path / "strict", "fr", f"html_baseurl={ROOT}fr/") != 0
    err = strip_colors(capsys.readouterr().err)
    assert err.count("sitemap_x_default") == 1 and "'es'" in err and "[sitemap.option]" in err
    assert (
        build_main(
            [
                "-q",
                "-b",
                "html",
                "-D",
                "language=fr",
                "-D",
                f"html_baseurl={ROOT}fr/",
                str(src),
                str(tmp_path / "fr"),
            ]
        )
        == 0
    )
    url = url_elements(tmp_path / "fr" / "sitemap.xml")[f"{ROOT}fr/guide.html"]
    assert "x-default" not in alternates(url)
    assert alternates(url) == {k: v for k, v in expected("guide").items() if k != "x-default"}


def test_html_baseurl_at_the_root_for_a_language_folder_is_one_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Sphinx would give the French pages English canonical URLs: the warning says the fix."""
    src = write_project(tmp_path / "docs")
    assert sphinx_build(src, tmp_path / "fr", "fr", f"html_baseurl={ROOT}") != 0
    err = strip_colors(capsys.readouterr().err)
    assert err.count("[sitemap.scheme]") == 1
    assert f"-D html_baseurl={ROOT}fr/" in err
