"""Sphinx adapter: real sphinx builds of example_sites/sphinx in a git repository with
known commit dates; every sitemap parsed with lxml and passed through the validator."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sphinx.cmd.build import build_main
from sphinx.pycode import ModuleAnalyzer
from sphinx.testing.util import SphinxTestApp
from sphinx.util.console import strip_colors

from helpers import (
    NS,
    GitRepo,
    checked,
    commit_all,
    histories_given,
    parse,
    touch_now,
    url_elements,
)
from sitemap_core import OPTIONS
from sitemap_core.facts.gitdates import GitDates

pytest_plugins = ["sphinx.testing.fixtures"]

EXAMPLE = Path(__file__).resolve().parents[1] / "example_sites" / "sphinx"
BASE = "https://example.org/project/"
FIRST = "2024-01-10T09:00:00+00:00"
API = "2024-03-05T12:00:00+00:00"
EDIT = "2024-06-20T08:30:00+00:00"
EDIT_Z = "2024-06-20T08:30:00Z"
CAFE = "guide/caf%C3%A9%20%26%20cr%C3%A8me"
DOCS = {
    "about",
    CAFE,
    "guide/index",
    "guide/install",
    "guide/overrides",
    "index",
    "orphan",
    "reference/api",
    "reference/index",
    "reference/shapes",
}
CODE = {"_modules/index", "_modules/shapes/circle"}  # viewcode's pages
GENERATED = {"genindex", "py-modindex", "download", *CODE}  # not search (noindex)
HTML = {f"{BASE}{name}.html" for name in DOCS | GENERATED}  # not private, internal
DIRHTML = {
    BASE,
    *(
        BASE + path
        for path in (
            "about/",
            CAFE.replace("%26", "&") + "/",
            "guide/",
            "guide/install/",
            "guide/overrides/",
            "orphan/",
            "reference/api/",
            "reference/",
            "reference/shapes/",
            "genindex/",
            "py-modindex/",
            "download/",
            "_modules/",
            "_modules/shapes/circle/",
        )
    ),
}
MODULE = "src/shapes/circle.py"  # under docs/, documented by reference/shapes.rst

Build = Callable[..., tuple[Path, str]]


@pytest.fixture(autouse=True)
def _own_imports(monkeypatch: pytest.MonkeyPatch) -> None:
    """conf.py puts the example's package on sys.path: undone after each test."""
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)


def forget_package() -> None:
    """Forget the example's `shapes` package, so that the next build imports the copy it
    documents (each test has its own, some edit it between builds), as a new process would."""
    for name in [m for m in sys.modules if m == "shapes" or m.startswith("shapes.")]:
        del sys.modules[name]
    ModuleAnalyzer.cache.clear()


@pytest.fixture
def site(git_repo: Callable[..., GitRepo], monkeypatch: pytest.MonkeyPatch) -> Path:
    """The example site in `repo/docs`: everything committed at FIRST, reference/api at API."""
    monkeypatch.delenv("READTHEDOCS_CANONICAL_URL", raising=False)
    repo = git_repo("repo")
    repo.write(".gitignore", "_build/\n.sitemap-cache/\n*.mo\n__pycache__/\n")
    src = repo.root / "docs"
    shutil.copytree(EXAMPLE, src, ignore=shutil.ignore_patterns("_build", ".sitemap-cache", "*.mo"))
    with (src / "conf.py").open("a") as f:  # the site map pages: tests/test_htmlmap_sites.py
        f.write("sitemap_html_map = False\n")
    repo.commit("site", FIRST)
    with (src / "reference/api.rst").open("a") as f:
        f.write("\nA later paragraph.\n")
    repo.commit("api", API)
    return src


@pytest.fixture
def build(make_app: Callable[..., SphinxTestApp], tmp_path: Path) -> Build:
    """Build `src` with a real Sphinx app; returns the output folder and the warnings."""

    def run(src: Path, builder: str = "html", into: str = "build", **kwargs: Any):
        forget_package()
        app = make_app(builder, srcdir=src, builddir=tmp_path / into, **kwargs)
        try:
            app.build()
        finally:
            app.cleanup()  # unregister docutils nodes, so that a second app starts clean
        return Path(app.outdir), strip_colors(app.warning.getvalue())

    return run


def alternates(out: Path) -> dict[str, dict[str, str]]:
    """`{loc: {hreflang: href}}` of a sitemap file."""
    return {
        loc: {a.get("hreflang"): a.get("href") for a in url.iterfind("xhtml:link", NS)}
        for loc, url in url_elements(out / "sitemap.xml").items()
    }


def test_declares_every_shared_option_and_the_sphinx_sitemap_names(
    site: Path, make_app: Callable[..., SphinxTestApp]
) -> None:
    app = make_app("html", srcdir=site)
    for option in OPTIONS:
        if option.name != "rules":  # the only one the example sets
            assert getattr(app.config, option.sphinx) == option.default, option.name
    for name in ("site_url", "sitemap_url_scheme", "sitemap_show_lastmod"):
        assert getattr(app.config, name) is None, name
    assert app.config.sitemap_excludes == []
    ext = app.extensions["sitemap_sphinx"]
    assert ext.parallel_read_safe and ext.parallel_write_safe


def test_html_lists_every_published_page_with_git_dates(site: Path, build: Build) -> None:
    out, warnings = build(site)
    assert warnings == ""
    found = checked(out, BASE)
    assert set(found) == HTML
    for name in DOCS - {"reference/api", "guide/overrides"}:
        assert found[f"{BASE}{name}.html"] == "2024-01-10T09:00:00Z", name
    assert found[f"{BASE}reference/api.html"] == "2024-03-05T12:00:00Z"
    # Generated pages: what they list (index entries in api and shapes), their template,
    # their module; never the build time.
    assert {name: found[f"{BASE}{name}.html"] for name in GENERATED} == {
        "genindex": "2024-03-05T12:00:00Z",
        "py-modindex": "2024-03-05T12:00:00Z",
        "download": "2024-01-10T09:00:00Z",
        "_modules/shapes/circle": "2024-01-10T09:00:00Z",
        "_modules/index": "2024-01-10T09:00:00Z",
    }
    assert found[f"{BASE}guide/overrides.html"] == "2024-05-01"  # the page's own field
    url = parse(out / "sitemap.xml").find(f"sm:url[sm:loc='{BASE}guide/overrides.html']", NS)
    assert (
        url.findtext("sm:changefreq", namespaces=NS),
        url.findtext("sm:priority", namespaces=NS),
    ) == ("weekly", "0.9")
    links = alternates(out)[f"{BASE}{CAFE}.html"]
    assert links == {
        "en": f"{BASE}{CAFE}.html",
        "pt-BR": f"{BASE}pt_BR/{CAFE}.html",
        "x-default": f"{BASE}{CAFE}.html",
    }
    robots = (out / "robots.txt").read_text().splitlines()
    assert robots == [
        "User-agent: *",
        "Disallow: /project/_sources/",
        f"Sitemap: {BASE}sitemap.xml",
    ]


def test_one_summary_line_per_build(site: Path, make_app: Callable[..., SphinxTestApp]) -> None:
    forget_package()
    app = make_app("html", srcdir=site)
    app.build()
    app.cleanup()
    lines = [
        line
        for line in strip_colors(app.status.getvalue()).splitlines()
        if line.startswith("sitemap:")
    ]
    assert len(lines) == 1 and lines[0].startswith("sitemap: 15 URLs in 1 file(s)"), lines
    assert lines[0].endswith("lastmod from git 11, listed 3, page 1")  # overrides: its own


def test_dirhtml_lists_folder_urls_and_the_root(site: Path, build: Build) -> None:
    out, warnings = build(site, "dirhtml")
    assert warnings == ""
    found = checked(out, BASE)
    assert set(found) == DIRHTML  # dirhtml links keep "&" as is: the same URL
    assert found[BASE] == "2024-01-10T09:00:00Z"


def test_incremental_build_keeps_every_url_and_moves_only_the_edited_page(
    site: Path, build: Build
) -> None:
    out, _ = build(site)
    before = checked(out, BASE)
    untouched = {
        name: (out / name).stat().st_mtime_ns
        for name in ("guide/install.html", "_modules/shapes/circle.html")
    }
    with (site / "about.rst").open("a") as f:
        f.write("\nOne more sentence.\n")
    touch_now(site / "about.rst")
    commit_all(site.parent, EDIT, "edit about")
    out, warnings = build(site)
    assert warnings == ""
    # Really incremental: viewcode too skips its unchanged module's page, still listed.
    assert {name: (out / name).stat().st_mtime_ns for name in untouched} == untouched
    after = checked(out, BASE)
    assert set(after) == set(before)
    changed = {url for url in after if after[url] != before[url]}
    assert changed == {f"{BASE}about.html"}
    assert after[f"{BASE}about.html"] == "2024-06-20T08:30:00Z"


def test_an_included_snippet_dates_the_page_that_includes_it(site: Path, build: Build) -> None:
    out, _ = build(site)
    before = checked(out, BASE)
    (site / "snippets/part.rst.inc").write_text("Install it with ``pipx``.\n")
    touch_now(site / "snippets/part.rst.inc")
    commit_all(site.parent, EDIT, "edit snippet")
    out, _ = build(site)
    after = checked(out, BASE)
    assert after[f"{BASE}guide/install.html"] == "2024-06-20T08:30:00Z"
    assert {u for u in after if after[u] != before[u]} == {f"{BASE}guide/install.html"}


def test_parallel_build_writes_the_same_bytes_as_a_serial_one(site: Path, build: Build) -> None:
    serial, _ = build(site, into="serial")
    parallel, warnings = build(site, into="parallel", parallel=2)
    assert warnings == ""
    assert set(checked(parallel, BASE)) == HTML
    assert (parallel / "sitemap.xml").read_bytes() == (serial / "sitemap.xml").read_bytes()


def _strict(src: Path, out: Path, *defines: str) -> int:
    forget_package()
    args = ["-W", "-q", "-b", "html", str(src), str(out)]
    for define in defines:
        args += ["-D", define]
    return build_main(args)


@pytest.mark.parametrize(
    ("define", "robots"),
    [
        ("sitemap_robots_txt=0", False),
        ("sitemap_robots_txt=1", True),
        ("sitemap_robots_txt=no", False),
    ],
)
def test_command_line_values_read_as_sphinx_reads_its_own(
    site: Path, tmp_path: Path, define: str, robots: bool
) -> None:
    """`-D` gives strings: a switch from 0/1 (or yes/no), a number, a list; `-W` stays green."""
    out = tmp_path / "out"
    defines = (define, "sitemap_max_urls=5", "sitemap_formats=xml,txt")
    assert _strict(site, out, *defines) == 0
    assert ("Sitemap: " in (out / "robots.txt").read_text()) is robots  # the site ships one
    assert (out / "sitemap-3.txt").is_file() and (out / "sitemap-3.xml").is_file()


def test_strict_build_fails_without_base_url(
    site: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _strict(site, tmp_path / "ok") == 0
    assert (tmp_path / "ok/sitemap.xml").is_file()
    assert _strict(site, tmp_path / "none", "html_baseurl=") != 0
    assert not (tmp_path / "none/sitemap.xml").exists()
    err = strip_colors(capsys.readouterr().err)
    assert "WARNING: html_baseurl: not set; " in err and "[sitemap.base-url]" in err
    assert _strict(site, tmp_path / "muted", "html_baseurl=", "suppress_warnings=sitemap.*") == 0


def test_no_sitemap_of_an_earlier_build_stays_when_none_is_written(
    site: Path, tmp_path: Path
) -> None:
    """The base URL removed: the next build writes no sitemap, and the folder that gets
    deployed holds none of the old one's files."""
    out = tmp_path / "out"
    assert _strict(site, out, "sitemap_gzip=also") == 0
    assert (out / "sitemap.xml").is_file() and (out / "sitemap.xml.gz").is_file()
    _strict(site, out, "html_baseurl=", "suppress_warnings=sitemap.*")
    assert sorted(p.name for p in out.glob("sitemap*.xml*")) == []


def test_an_exclude_pattern_that_matches_nothing_is_said(site: Path, build: Build) -> None:
    """`about` (the docname, not the page's `about.html`) leaves nothing out: a warning
    (type sitemap, subtype exclude: `-W` fails) naming the nearest URL path."""
    out, warnings = build(site, confoverrides={"sitemap_exclude": ["about", "reference/*"]})
    found = checked(out, BASE)
    assert f"{BASE}about.html" in found and f"{BASE}reference/api.html" not in found
    said = [line for line in warnings.splitlines() if "[sitemap.exclude]" in line]
    assert len(said) == 1, warnings
    assert "WARNING: sitemap_exclude: pattern 'about' matched no URL" in said[0]
    assert "(nearest URL path: 'about.html')" in said[0]


def test_strict_build_fails_on_a_bad_override_named_by_page_and_field(
    site: Path, tmp_path: Path, build: Build, capsys: pytest.CaptureFixture[str]
) -> None:
    about = site / "about.rst"
    about.write_text(":sitemap_priority: high\n\n" + about.read_text())
    assert _strict(site, tmp_path / "strict") != 0
    err = strip_colors(capsys.readouterr().err)
    assert "about.rst" in err and "'high' is not a priority" in err and "[sitemap.priority]" in err
    out, warnings = build(site)  # not strict: the page stays, without a priority
    assert "about.rst" in warnings and "[sitemap.priority]" in warnings
    url = parse(out / "sitemap.xml").find(f"sm:url[sm:loc='{BASE}about.html']", NS)
    assert url is not None and url.find("sm:priority", NS) is None


def test_a_field_after_the_title_is_one_warning_at_its_line(site: Path, build: Build) -> None:
    """Sphinx reads page fields only before the title: one after it is text, and the
    sitemap says so instead of leaving the page's priority silently unset."""
    about = site / "about.rst"
    lines = about.read_text().splitlines(keepends=True)
    assert lines[2:5] == ["About\n", "=====\n", "\n"]
    about.write_text("".join(lines[:5]) + ":sitemap_priority: 0.9\n\n" + "".join(lines[5:]))
    touch_now(about)
    out, warnings = build(site)
    assert (
        "about.rst:6: WARNING: :sitemap_priority: is in a field list below the top of the "
        "page, where Sphinx reads no page field (it shows it as text): the sitemap does not "
        "see it; move it to the field list before the title [sitemap.metadata]"
    ) in strip_colors(warnings)
    url = parse(out / "sitemap.xml").find(f"sm:url[sm:loc='{BASE}about.html']", NS)
    assert url is not None and url.find("sm:priority", NS) is None
    about.write_text(":sitemap_priority: 0.9\n" + "".join(lines))  # at the top: read
    touch_now(about)  # Sphinx compares it with its clock: a moved one too (faketime)
    out, warnings = build(site)
    assert "sitemap.metadata" not in warnings
    assert (
        parse(out / "sitemap.xml").findtext(
            f"sm:url[sm:loc='{BASE}about.html']/sm:priority", namespaces=NS
        )
        == "0.9"
    )


def test_sphinx_sitemap_settings_give_the_urls_they_promise(site: Path, build: Build) -> None:
    out, warnings = build(
        site,
        confoverrides={  # site_url: the root; html_baseurl: this build
            "site_url": BASE,
            "html_baseurl": f"{BASE}en/2.1/",
            "sitemap_url_scheme": "{lang}{version}{link}",
            "language": "en",
            "version": "2.1",
            "sitemap_locales": ["en", "pt_BR"],
            "sitemap_excludes": ["about.html", "reference/*"],
            "sitemap_show_lastmod": False,
        },
    )
    assert warnings == ""  # html_baseurl is site_url + en/2.1/: this output's own URL
    found = checked(out, f"{BASE}en/2.1/")
    kept = HTML - {
        f"{BASE}about.html",
        *(f"{BASE}reference/{n}.html" for n in ("api", "index", "shapes")),
    }
    assert set(found) == {u.replace(BASE, f"{BASE}en/2.1/") for u in kept}
    assert {u for u, lastmod in found.items() if lastmod} == {f"{BASE}en/2.1/guide/overrides.html"}
    links = alternates(out)[f"{BASE}en/2.1/index.html"]
    assert links == {
        "en": f"{BASE}en/2.1/index.html",
        "pt-BR": f"{BASE}pt_BR/2.1/index.html",
        "x-default": f"{BASE}en/2.1/index.html",
    }


def test_a_translation_build_lists_its_pages_under_its_language_reciprocally(
    site: Path, build: Build
) -> None:
    source, _ = build(site, into="en")
    translated, warnings = build(
        site,
        into="pt",
        confoverrides={"language": "pt_BR", "site_url": BASE, "html_baseurl": f"{BASE}pt_BR/"},
    )
    assert warnings == ""  # its output is the pt_BR/ folder of the site, at html_baseurl
    en, pt = alternates(source), alternates(translated)
    assert set(pt) == {u.replace(BASE, f"{BASE}pt_BR/") for u in HTML}
    # Each language lists the same set, itself included (and an empty `en` cannot pass).
    assert {links["pt-BR"]: links for links in en.values()} == pt
    assert "Exemplo de sitemap" in (translated / "index.html").read_text()


def test_read_the_docs_url_stands_in_for_a_missing_base_url(
    site: Path, build: Build, monkeypatch: pytest.MonkeyPatch
) -> None:
    rtd = "https://example.readthedocs.io/en/latest/"
    monkeypatch.setenv("READTHEDOCS_CANONICAL_URL", rtd)
    out, _ = build(site, confoverrides={"html_baseurl": "", "sitemap_locales": [None]})
    assert set(checked(out, rtd)) == {u.replace(BASE, rtd) for u in HTML}


def test_html_file_suffix_is_honoured(site: Path, build: Build) -> None:
    out, warnings = build(site, confoverrides={"html_file_suffix": ".htm"})
    assert warnings == ""
    assert set(checked(out, BASE)) == {u.replace(".html", ".htm") for u in HTML}


def test_opensearch_lists_no_page_sphinx_does_not_write(site: Path, build: Build) -> None:
    """`html_use_opensearch` renders the page `opensearch` to `_static/opensearch.xml`:
    no `opensearch.html` is written, so none is listed."""
    out, warnings = build(site, confoverrides={"html_use_opensearch": BASE})
    assert warnings == ""
    assert (out / "_static" / "opensearch.xml").is_file()
    assert not (out / "opensearch.html").exists()
    assert set(checked(out, BASE)) == HTML


def test_forced_split_writes_a_valid_index(site: Path, build: Build) -> None:
    out, warnings = build(site, confoverrides={"sitemap_max_urls": 3})
    assert warnings == ""
    root = parse(out / "sitemap.xml").getroot()
    assert root.tag == f"{{{NS['sm']}}}sitemapindex"
    assert len(root.findall("sm:sitemap", NS)) == 5  # 15 URLs, 3 a file
    assert set(checked(out, BASE)) == HTML


@pytest.mark.parametrize("builder", ["latex", "gettext", "epub"])
def test_other_builders_write_nothing_and_say_nothing(
    site: Path, build: Build, builder: str
) -> None:
    out, warnings = build(site, builder, confoverrides={"html_baseurl": ""})
    assert "[sitemap." not in warnings
    assert not [*out.rglob("sitemap*.xml*"), *out.rglob("sitemap*.txt*")]
    for robots in out.rglob("robots.txt"):  # epub copies html_extra_path, untouched
        assert "Sitemap:" not in robots.read_text()


def test_a_scheme_without_lang_leaves_alternates_out_with_a_warning(
    site: Path, build: Build
) -> None:
    out, warnings = build(site, confoverrides={"sitemap_url_scheme": "{link}"})
    assert "[sitemap.scheme]" in warnings and "alternates left out" in warnings
    assert set(checked(out, BASE)) == HTML
    assert not any(alternates(out).values())


LATER = "2024-08-01T10:00:00+00:00"
LAST = "2024-09-01T10:00:00+00:00"


def edit(path: Path, old: str, new: str) -> None:
    """Replace `old` (which must be there) with `new` in a file."""
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))
    touch_now(path)  # Sphinx compares it with its clock: a moved one too (faketime)


def test_generated_pages_follow_what_they_list_their_template_and_their_module(
    site: Path, build: Build
) -> None:
    out, _ = build(site)
    before = checked(out, BASE)
    edit(site / MODULE, "The area of a circle", "The area of any circle")
    commit_all(site.parent, EDIT, "document area better")
    edit(site / "_templates/download.html", "<h1>Download</h1>", "<h1>Downloads</h1>")
    commit_all(site.parent, LATER, "retitle the download page")
    out, warnings = build(site)
    assert warnings == ""
    after = checked(out, BASE)
    moved = {url.removeprefix(BASE): after[url] for url in after if after[url] != before[url]}
    assert moved == {  # the page and all that list it or show its module; the template's page
        "reference/shapes.html": "2024-06-20T08:30:00Z",
        "genindex.html": "2024-06-20T08:30:00Z",
        "py-modindex.html": "2024-06-20T08:30:00Z",
        "_modules/shapes/circle.html": "2024-06-20T08:30:00Z",
        "_modules/index.html": "2024-06-20T08:30:00Z",
        "download.html": "2024-08-01T10:00:00Z",
    }


def test_autodoc_page_keeps_its_date_when_only_code_it_does_not_show_changes(
    site: Path, build: Build, make_app: Callable[..., SphinxTestApp], tmp_path: Path
) -> None:
    """Builds sharing the content state (cache_dir): a function body's change moves
    the viewcode page, not the autodoc page; a docstring's change moves both."""
    shapes, code = f"{BASE}reference/shapes.html", f"{BASE}_modules/shapes/circle.html"
    edit(site / MODULE, "A circle of a given", "A circle of the given")
    commit_all(site.parent, EDIT, "docstring")
    forget_package()
    app = make_app("html", srcdir=site, builddir=tmp_path / "build")
    app.build()
    app.cleanup()
    assert site / MODULE in {Path(site, dep) for dep in app.env.dependencies["reference/shapes"]}
    first = checked(Path(app.outdir), BASE)
    assert first[shapes] == first[code] == "2024-06-20T08:30:00Z"
    build(site)  # the first build only started the content state: this one records digests
    edit(site / MODULE, "math.pi * radius**2", "math.pi * radius * radius")
    commit_all(site.parent, LATER, "body only")
    out, _ = build(site)
    found = checked(out, BASE)
    assert (found[shapes], found[code]) == ("2024-06-20T08:30:00Z", "2024-08-01T10:00:00Z")
    edit(site / MODULE, "This circle's area.", "The area of this circle.")
    commit_all(site.parent, LAST, "docstring again")
    out, _ = build(site)
    found = checked(out, BASE)
    assert found[shapes] == found[code] == "2024-09-01T10:00:00Z"


RTD = "https://project.readthedocs.io/en/latest/"


def test_strict_build_passes_under_a_path_with_one_line_of_configuration(
    site: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """conf.py with the extensions and html_baseurl only: no warning, no robots.txt under
    the path, one info note naming the line for the host's robots.txt."""
    shutil.rmtree(site / "_extra")
    (site / "conf.py").write_text(
        "import sys\nfrom pathlib import Path\n\n"
        'sys.path.insert(0, str(Path(__file__).parent / "src"))\n'
        'extensions = ["sphinx.ext.autodoc", "sphinx.ext.viewcode", "sitemap_sphinx"]\n'
        f"html_baseurl = {RTD!r}\n"
    )
    forget_package()
    assert build_main(["-W", "-b", "html", str(site), str(tmp_path / "out")]) == 0
    out, err = map(strip_colors, capsys.readouterr())
    assert err == ""
    assert f"add `Sitemap: {RTD}sitemap.xml` to the robots.txt at the root" in out
    assert not (tmp_path / "out/robots.txt").exists()
    assert set(checked(tmp_path / "out", RTD)) == {  # no html_additional_pages here
        u.replace(BASE, RTD) for u in HTML - {f"{BASE}download.html"}
    }


# The contract every adapter keeps (README, "Warnings"): each row through a real
# sphinx-build run: (conf.py line or page field, the key as the user wrote it, exit
# status, sitemap written).
CONTRACT = {
    "unknown option": (
        'sitemap_gzipp = "also"',
        "sitemap_gzipp: unknown sitemap option (did you mean 'sitemap_gzip'?), ignored",
        0,
        True,
    ),
    "unknown page field": (":sitemap_colour: red", ":sitemap_colour:", 0, True),
    "bad priority": ('sitemap_priority = "high"', "sitemap_priority: 'high' is not", 0, True),
    "bad lastmod": ('sitemap_lastmod = "svn"', "sitemap_lastmod: 'svn' is not", 0, True),
    "bad gzip": ('sitemap_gzip = "sometimes"', "sitemap_gzip: 'sometimes' is not", 0, True),
    "no base URL": ('html_baseurl = ""', "html_baseurl: not set; ", 0, False),
    "ftp base URL": (
        'html_baseurl = "ftp://x/"',
        "html_baseurl: 'ftp://x/' is not an absolute http(s) URL; ",
        0,
        False,
    ),
    "path base URL": (
        'html_baseurl = "/docs/"',
        "html_baseurl: '/docs/' is not an absolute http(s) URL; ",
        0,
        False,
    ),
    # Issue 40 §3: an error is logged, the pages are written; the exit status is the one
    # Sphinx gives a logged error: 0 without -W, and -W fails it (see the query test).
    "unwritable": ("", "no sitemap written", 0, False),
}


@pytest.mark.parametrize("row", CONTRACT)
def test_the_contract(
    site: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], row: str
) -> None:
    given, key, status, written = CONTRACT[row]
    if given.startswith(":"):
        about = site / "about.rst"
        about.write_text(f"{given}\n\n{about.read_text()}")
    else:
        with (site / "conf.py").open("a") as f:
            f.write(f"{given}\n")
    out = tmp_path / "out"
    if row == "unwritable":
        (out / "sitemap.xml").mkdir(parents=True)  # tests run as root: a folder in the way
    forget_package()
    assert build_main(["-b", "html", str(site), str(out)]) == status
    stdout, stderr = map(strip_colors, capsys.readouterr())
    problems = [line for line in stderr.splitlines() if "WARNING:" in line or "ERROR:" in line]
    assert len(problems) == 1 and key in problems[0], stderr
    assert ("ERROR:" in problems[0]) == (row == "unwritable")
    assert "option '" not in problems[0]  # the field is named once, first
    assert (out / "index.html").is_file()  # Sphinx built the pages either way
    assert "Traceback" not in stdout + stderr
    summary = [line for line in stdout.splitlines() if line.startswith("sitemap: ")]
    assert len(summary) == 1 and summary[0].startswith(
        "sitemap: 15 URLs" if written else "sitemap: not written: "
    ), summary
    assert (out / "sitemap.xml").is_file() == written
    assert not [p for p in out.iterdir() if p.name.startswith(".sitemap")]
    if row == "unknown page field":
        assert "about.rst" in problems[0] and f"{BASE}about.html" in checked(out, BASE)


def test_each_letter_of_a_split_index_is_as_new_as_the_pages_it_links_to(
    site: Path, build: Build
) -> None:
    out, warnings = build(site, confoverrides={"html_split_index": True})
    assert warnings == ""
    found = checked(out, BASE)
    assert {letter: found[f"{BASE}genindex-{letter}.html"] for letter in "ABC"} == {
        "A": "2024-01-10T09:00:00Z",
        "B": "2024-03-05T12:00:00Z",  # area(); build() in api
        "C": "2024-01-10T09:00:00Z",
    }
    assert (
        found[f"{BASE}genindex-all.html"]
        == found[f"{BASE}genindex.html"]
        == ("2024-03-05T12:00:00Z")
    )


def test_the_documents_history_is_read_while_the_pages_are_written(
    site: Path, build: Build, monkeypatch: pytest.MonkeyPatch
) -> None:
    """git starts reading at env-updated; the sitemap takes its dates (the same dates
    `test_html_lists_every_published_page_with_git_dates` checks) instead of running it."""
    given = histories_given(monkeypatch)
    out, warnings = build(site)
    assert warnings == ""
    assert isinstance(given[0], GitDates) and given[0].contains(site / "index.rst")
    assert checked(out, BASE)[f"{BASE}reference/api.html"] == "2024-03-05T12:00:00Z"


@pytest.mark.parametrize(
    ("base", "part"),
    [(BASE + "?v=1", "the query ?v=1"), ("https://user:pw@example.org/project/", "user:***@")],
)
def test_a_query_or_credentials_in_html_baseurl_are_an_error(
    site: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], base: str, part: str
) -> None:
    """Issue 33: an error naming the part; no sitemap. Issue 40 §3: the pages are
    written, and the build exits as Sphinx exits on a logged error: 0, and -W fails."""
    out = tmp_path / "out"
    forget_package()
    assert build_main(["-q", "-b", "html", "-D", f"html_baseurl={base}", str(site), str(out)]) == 0
    err = strip_colors(capsys.readouterr().err)
    (error,) = [line for line in err.splitlines() if "sitemap" in line]
    assert error.startswith("ERROR: html_baseurl: '") and error.endswith("[sitemap.base-url]")
    assert part in error and ":pw@" not in err and "no sitemap written" in error
    assert (out / "index.html").is_file() and (out / "about.html").is_file()
    assert not (out / "sitemap.xml").exists()
    assert _strict(site, tmp_path / "strict", f"html_baseurl={base}") != 0
    assert (tmp_path / "strict" / "index.html").is_file()
    assert not (tmp_path / "strict" / "sitemap.xml").exists()


def test_a_fragment_in_html_baseurl_is_dropped_with_a_warning(site: Path, build: Build) -> None:
    out, warnings = build(site, confoverrides={"html_baseurl": BASE + "#top"})
    assert "[sitemap.base-url]" in warnings and "#top" in warnings
    # Sphinx's own canonical links keep the fragment (`.../#topindex.html`), so its pages
    # name one URL: whatever is listed is under the base URL, never `#top` nor `//`.
    listed = checked(out, BASE)
    assert listed and all("#" not in url and "//" not in url[8:] for url in listed)


def test_sphinx_sitemap_settings_with_no_effect_are_an_info_line(
    site: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 33: lextudio/pysnmp's `sitemap_suffix_included = False` failed `-W`, where
    sphinx-sitemap passes: a drop-in swap stays green, with one info line."""
    with (site / "conf.py").open("a") as f:
        f.write("sitemap_suffix_included = False\nsitemap_validator_urls = {}\n")
    assert _strict(site, tmp_path / "strict") == 0
    assert "sitemap" not in strip_colors(capsys.readouterr().err)
    forget_package()
    assert build_main(["-b", "html", str(site), str(tmp_path / "out")]) == 0
    said = strip_colors(capsys.readouterr().out)
    assert "sitemap_suffix_included: has no effect here: " in said
    assert "sitemap_validator_urls: has no effect here: " in said
    assert set(checked(tmp_path / "out", BASE)) == HTML


def test_no_base_url_is_said_once_and_names_no_other_url(
    site: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 33: with no base URL Sphinx printed `sitemap: not written: '/' is not an
    absolute http(s) URL` before the real warning; the user set no `'/'`."""
    conf = site / "conf.py"
    conf.write_text(
        "".join(
            line
            for line in conf.read_text().splitlines(keepends=True)
            if not line.startswith("html_baseurl")
        )
    )
    forget_package()
    assert build_main(["-b", "html", str(site), str(tmp_path / "out")]) == 0
    captured = capsys.readouterr()
    said = strip_colors(captured.out + captured.err)
    assert "'/'" not in said
    ours = sorted(line for line in said.splitlines() if "sitemap" in line)  # out, then err
    assert ours == [
        "WARNING: html_baseurl: not set; set it to the absolute http(s) address the site "
        "is published at: no sitemap written [sitemap.base-url]",
        "sitemap: not written: no base URL is set",
    ], ours


def test_a_listing_page_is_never_newer_than_the_pages_it_lists(site: Path, build: Build) -> None:
    """An uncommitted edit no page shows (a comment appended to a module autodoc reads)
    moves viewcode's page of the module and its overview, not the autodoc page, nor
    the indices that list it."""
    edit(site / MODULE, "A circle of a given", "A circle of the given")
    commit_all(site.parent, EDIT, "docstring")
    build(site)
    out, _ = build(site)  # the first build only started the content state
    before = checked(out, BASE)
    with (site / MODULE).open("a") as f:
        f.write("# x\n")
    touch_now(site / MODULE)
    out, warnings = build(site)
    assert warnings == ""
    after = checked(out, BASE)
    moved = {url.removeprefix(BASE) for url in after if after[url] != before[url]}
    assert moved == {"_modules/shapes/circle.html", "_modules/index.html"}
    assert after[BASE + "genindex.html"] == after[BASE + "py-modindex.html"] == EDIT_Z


# A `-D` text for each option of the table that a small site (`{src}`) takes without a
# warning, none of them the default (`submit`: a word Sphinx's own conversion refused;
# `yes` would send the URLs).
COMMAND_LINE = {
    "filename": "map.xml",
    "formats": "xml,txt",
    "gzip": "also",
    "gzip_level": "9",
    "lastmod": "none",
    "timezone": "Europe/Paris",
    "ignore_revs_file": "revs.txt",
    "exclude": "other.html",
    "exclude_regex": "/oth",
    "rules": '[{"match": "other.html", "priority": 0.3}]',
    "changefreq": "weekly",
    "priority": "0.7",
    "extra_urls": "extra/",
    "x_default": "false",
    "robots_txt": "no",
    "validate": "strict",
    "invalid_urls": "error",
    "max_urls": "1",
    "max_bytes": "100000",
    "cache_dir": "state",
    "seed_sitemap": "{src}/seed.xml",
    "indent": "2",
    "robots_feeds": "feed.xml",
    "indexnow_key": "0123456789abcdef",
    "indexnow_endpoints": "https://www.bing.com/indexnow",
    "submit": "no",
    "images": "yes",
    "videos": "yes",
    "news": "yes",
    "news_publication": "Example",
    "news_language": "fr",
    "news_days": "3",
    "html_map": "yes",
    "html_map_path": "site-map.html",
    "html_map_max_links": "10",
    "llms_txt": "yes",
}


@pytest.fixture
def small(tmp_path: Path) -> Path:
    """A two-page site with this extension and a base URL, outside any repository."""
    src = tmp_path / "small"
    src.mkdir()
    (src / "conf.py").write_text(
        'extensions = ["sitemap_sphinx"]\nhtml_baseurl = "https://example.org/"\n'
        'html_extra_path = ["extra"]\n'
    )
    (src / "extra").mkdir()
    (src / "extra" / "feed.xml").write_text(
        '<?xml version="1.0"?><rss version="2.0"><channel><title>T</title>'
        "<link>https://example.org/</link><description>D</description></channel></rss>\n"
    )
    (src / "index.rst").write_text("Home\n====\n\n.. toctree::\n\n   other\n")
    (src / "other.rst").write_text("Other\n=====\n\nText.\n")
    (src / "seed.xml").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
        "<url><loc>https://example.org/index.html</loc></url></urlset>\n"
    )
    return src


def test_every_option_has_a_command_line_text() -> None:
    assert list(COMMAND_LINE) == [option.name for option in OPTIONS]


@pytest.mark.parametrize("option", OPTIONS, ids=lambda option: option.name)
def test_every_option_is_set_with_dash_d_on_this_sphinx(
    small: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], option: Any
) -> None:
    """`-D sitemap_images=yes` stopped Sphinx 8.2 and 9.0 (ConfigError, exit 2): they read
    `types=Any` as a list of types. Every option's `-D` text passes `-W`, read as its
    option reads text."""
    text = COMMAND_LINE[option.name].replace("{src}", str(small))
    assert _strict(small, tmp_path / "out", f"{option.sphinx}={text}") == 0
    assert "sitemap" not in strip_colors(capsys.readouterr().err)


@pytest.mark.parametrize("option", OPTIONS, ids=lambda option: option.name)
def test_a_dash_d_value_is_what_its_option_reads_from_the_text(
    small: Path, make_app: Callable[..., SphinxTestApp], option: Any
) -> None:
    text = COMMAND_LINE[option.name].replace("{src}", str(small))
    app = make_app("html", srcdir=small, confoverrides={option.sphinx: text})
    value = getattr(app.config, option.sphinx)
    assert value == option.from_text(text)
    default = None if option.default is None else option.parse(option.default, small)
    assert (option.parse(value, small) != default) is (option.name != "submit")


def test_a_misspelt_sphinx_sitemap_setting_names_the_one_meant(
    small: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`sitemap_show_lastmodd` gets the hint `sitemap_lastmodd` gets."""
    with (small / "conf.py").open("a") as f:
        f.write("sitemap_show_lastmodd = False\nsitemap_lastmodd = 'git'\n")
    assert build_main(["-q", "-b", "html", str(small), str(tmp_path / "out")]) == 0
    err = strip_colors(capsys.readouterr().err)
    problems = [line for line in err.splitlines() if "WARNING:" in line]
    assert len(problems) == 2, err
    for name in ("sitemap_show_lastmodd", "sitemap_lastmodd"):
        said = [line for line in problems if name in line]
        assert len(said) == 1 and f"(did you mean {name[:-1]!r}?)" in said[0], problems
