"""The MkDocs adapter, through real `mkdocs build` runs on copies of example_sites/mkdocs.

Each copy sits in a temporary git repository (docs_dir two folders down) whose commits
have fixed dates; every sitemap written is parsed with lxml and checked by the validator.
"""

from __future__ import annotations

import datetime as dt
import gzip
import logging
import re
import shutil
from pathlib import Path

import pytest
import yaml
from mkdocs.commands import build as mkdocs_build
from mkdocs.config import load_config
from mkdocs.exceptions import Abort

from helpers import NS, GitRepo, checked, histories_given, parse, url_elements
from sitemap_core.facts.gitdates import GitDates
from sitemap_core.options import OPTIONS
from sitemap_mkdocs.config import MKDOCS_DEFAULTS
from sitemap_mkdocs.plugin import SitemapPlugin

EXAMPLE = Path(__file__).resolve().parents[1] / "example_sites" / "mkdocs"
BASE = "https://example.org/docs/"
CAFE = "caf%C3%A9%20%26%20cr%C3%A8me"
FIRST, SECOND, THIRD = (
    "2023-01-10T09:00:00+00:00",
    "2023-06-15T14:30:00+02:00",
    "2024-03-01T08:00:00-05:00",
)
CHANGED = {
    SECOND: ("guide/install.md", "guide/café & crème.md"),
    THIRD: ("guide/advanced/tuning.md", "orphan.md"),
}
# Source, URL with and without use_directory_urls, and the date <lastmod> must show.
PAGES = [
    ("index.md", "", "index.html", FIRST),
    ("about.md", "about/", "about.html", "2024-02-29"),  # front matter `updated:`
    ("guide/index.md", "guide/", "guide/index.html", FIRST),
    ("guide/install.md", "guide/install/", "guide/install.html", SECOND),
    ("guide/café & crème.md", f"guide/{CAFE}/", f"guide/{CAFE}.html", SECOND),
    ("guide/advanced/index.md", "guide/advanced/", "guide/advanced/index.html", FIRST),
    ("guide/advanced/tuning.md", "guide/advanced/tuning/", "guide/advanced/tuning.html", THIRD),
    ("orphan.md", "orphan/", "orphan.html", THIRD),  # not in nav
]
DIRECTORY_URLS = {BASE + url for _, url, _, _ in PAGES}
ROBOTS_RULES = (EXAMPLE / "docs" / "robots.txt").read_text(encoding="utf-8")
SITEMAP_FILE = re.compile(r"(sitemap|map)(-\d+)?\.(xml|txt)(\.gz)?")


@pytest.fixture
def site(git_repo) -> Path:
    """A copy of the example site in `repo/website/`, committed three times."""
    repo = git_repo("repo")
    root = repo.root / "website"
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns("site", ".sitemap-cache"))
    edit_config(root, html_map=False)  # the site map pages: tests/test_htmlmap_sites.py
    repo.write(".gitignore", "site/\n")  # MkDocs' output; .sitemap-cache/ ignores itself
    repo.commit("the example site", FIRST)
    for date, sources in CHANGED.items():
        for source in sources:
            with (root / "docs" / source).open("a", encoding="utf-8") as f:
                f.write(f"\nEdited {date}.\n")
        repo.commit("edit pages", date)
    return root


def build(root: Path, *, strict: bool = False, dirty: bool = False, **config) -> Path:
    """`mkdocs build` as `mkdocs/__main__.py` runs it; returns site_dir."""
    cfg = load_config(config_file=str(root / "mkdocs.yml"), strict=strict, **config)
    cfg.plugins.on_startup(command="build", dirty=dirty)
    try:
        mkdocs_build.build(cfg, dirty=dirty)
    finally:
        cfg.plugins.on_shutdown()
    return Path(cfg.site_dir)


def edit_config(root: Path, **options) -> None:
    """Set plugin options (and `site_url`) in mkdocs.yml; `site_url=None` removes it."""
    path = root / "mkdocs.yml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    site_url = options.pop("site_url", data["site_url"])
    if site_url is None:
        del data["site_url"]
    else:
        data["site_url"] = site_url
    next(p for p in data["plugins"] if isinstance(p, dict))["sitemap-suite"].update(options)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def warnings_of(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.levelno >= logging.WARNING and "sitemap_mkdocs" in r.name
    ]


def entry(site_dir: Path, loc: str) -> dict[str, str]:
    """The child elements of the `<url>` whose `<loc>` is `loc`, by local name."""
    return {
        child.tag.split("}")[1]: child.text for child in url_elements(site_dir / "sitemap.xml")[loc]
    }


@pytest.mark.parametrize("directory_urls", [True, False])
def test_exact_url_set(site, directory_urls):
    site_dir = build(site, use_directory_urls=directory_urls)
    column = 1 if directory_urls else 2
    assert set(checked(site_dir, BASE)) == {BASE + page[column] for page in PAGES}


def test_lastmod_is_each_pages_last_commit(site):
    found = checked(build(site), BASE)
    for source, url, _, expected in PAGES:
        if len(expected) == 10:  # the page's own date
            assert found[BASE + url] == expected
            continue
        said = GitRepo(site).last_date(f"docs/{source}")
        assert said == expected
        assert dt.datetime.fromisoformat(found[BASE + url]) == dt.datetime.fromisoformat(said)


def test_a_reformatting_git_blame_ignores_dates_no_page(site):
    """A commit `.git-blame-ignore-revs` lists (at the repository's top, GitHub's
    convention) dates no page: each takes the commit that changed it before."""
    repo = GitRepo(site.parent)
    orphan, install = site / "docs" / "orphan.md", site / "docs" / "guide" / "install.md"
    orphan.write_text(orphan.read_text(encoding="utf-8") + "\nA real edit.\n", encoding="utf-8")
    repo.commit("edit", "2024-05-01T10:00:00+00:00")
    for page in (orphan, install):
        page.write_text(page.read_text(encoding="utf-8").replace("\n\n", "\n\n\n"), "utf-8")
    reformat = repo.commit("reformat", "2024-06-01T10:00:00+00:00")
    repo.write(".git-blame-ignore-revs", f"# mdformat\n{reformat}\n")
    repo.commit("ignore the reformatting in blame", "2024-07-01T10:00:00+00:00")
    found = checked(build(site), BASE)
    assert (found[BASE + "orphan/"], found[BASE + "guide/install/"]) == (
        "2024-05-01T10:00:00Z",
        SECOND,
    )
    edit_config(site, ignore_revs_file="")
    repo.commit("every commit dates pages", "2024-08-01T10:00:00+00:00")
    found = checked(build(site), BASE)
    assert found[BASE + "orphan/"] == found[BASE + "guide/install/"] == "2024-06-01T10:00:00Z"


def test_the_pages_history_is_read_while_mkdocs_builds(site, monkeypatch):
    """git starts reading at on_files; the sitemap takes its dates (those the test above
    checks) instead of running it then."""
    given = histories_given(monkeypatch)
    found = checked(build(site), BASE)
    assert isinstance(given[0], GitDates) and given[0].contains(site / "docs" / "orphan.md")
    assert found[BASE + "orphan/"] == THIRD


def test_front_matter_and_rules(site):
    site_dir = build(site)
    found = checked(site_dir, BASE)
    assert entry(site_dir, BASE + "about/") == {
        "loc": BASE + "about/",
        "lastmod": "2024-02-29",
        "changefreq": "yearly",
        "priority": "0.9",
    }
    assert entry(site_dir, BASE + "guide/install/")["changefreq"] == "weekly"  # rule guide/*
    assert entry(site_dir, BASE + "orphan/")["changefreq"] == "monthly"  # site default
    for left_out in ("legacy/", "hidden/", "private/notes/", "drafts/wip/", "scratch/todo/"):
        assert BASE + left_out not in found
    assert (site_dir / "legacy" / "index.html").exists()  # built, just not listed
    assert (site_dir / "hidden" / "index.html").exists()


def test_front_matter_dates_modified_wins_published_is_a_floor(site):
    front = {
        "orphan.md": "date:\n  created: 2022-01-01\n  updated: 2022-05-06",  # material blog
        "guide/install.md": "last_modified: 2021-03-04",
        "index.md": "modified: 2021-07-08\ndate: 2025-01-01",
        "guide/index.md": "date: 2020-01-02",  # older than its last commit
        "guide/café & crème.md": "date: 2025-09-09",  # newer than its last commit
        "guide/advanced/index.md": "sitemap:\n  lastmod: 2025-01-01\nupdated: 2018-01-01",
        "guide/advanced/tuning.md": "sitemap:\n  exclude: true",
    }
    for source, yml in front.items():
        path = site / "docs" / source
        path.write_text(f"---\n{yml}\n---\n\n" + path.read_text(encoding="utf-8"), encoding="utf-8")
    about = site / "docs" / "about.md"
    text = about.read_text(encoding="utf-8")
    about.write_text(text.replace("updated:", "date: 2019-01-01\nupdated:"), encoding="utf-8")
    GitRepo(site.parent).commit("dates in front matter", "2024-04-01T10:00:00+00:00")
    found = checked(build(site), BASE)
    assert {
        url: found.get(BASE + url)
        for url in (
            "orphan/",
            "guide/install/",
            "",
            "guide/",
            f"guide/{CAFE}/",
            "guide/advanced/",
            "about/",
        )
    } == {
        "orphan/": "2022-05-06",
        "guide/install/": "2021-03-04",
        "": "2021-07-08",
        "guide/": "2024-04-01T10:00:00Z",
        f"guide/{CAFE}/": "2025-09-09",
        "guide/advanced/": "2025-01-01",
        "about/": "2024-02-29",
    }
    assert BASE + "guide/advanced/tuning/" not in found


def test_a_bad_date_is_named_as_written(site, caplog):
    orphan = site / "docs" / "orphan.md"
    orphan.write_text(
        "---\nlast_modified: someday\ndate: last tuesday\n---\n"
        + orphan.read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    assert BASE + "orphan/" in checked(build(site), BASE)
    warned = warnings_of(caplog)
    assert len(warned) == 2, warned
    assert "orphan.md (last_modified): 'someday' is not a W3C date" in warned[0]
    assert "orphan.md (date): 'last tuesday' is not a W3C date" in warned[1]


def test_a_date_after_the_build_time_falls_back_with_a_warning(site, caplog):
    """Search engines reject a lastmod in the future: the page takes its git date."""
    orphan = site / "docs" / "orphan.md"
    orphan.write_text(
        "---\nsitemap:\n  lastmod: 2099-01-01\n---\n" + orphan.read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    GitRepo(site.parent).commit("a date in the future", THIRD)
    found = checked(build(site), BASE)
    assert found[BASE + "orphan/"] == "2024-03-01T08:00:00-05:00"
    warned = warnings_of(caplog)
    assert len(warned) == 1, warned
    assert "orphan.md (sitemap.lastmod): 2099-01-01 is after the build" in (warned[0])


def test_front_matter_yaml_cannot_read_is_named_once(site, caplog):
    """An unquoted impossible date: YAML cannot read the block, so MkDocs drops the
    whole front matter (the page's `sitemap:` and `updated:` with it) without a word."""
    about = site / "docs" / "about.md"
    text = about.read_text(encoding="utf-8")
    about.write_text(text.replace("---\n", "---\nlastmod: 2024-13-45\n", 1), encoding="utf-8")
    site_dir = build(site)
    assert "priority" not in entry(site_dir, BASE + "about/")  # MkDocs read no front matter
    warned = warnings_of(caplog)
    assert warned == [
        "sitemap_mkdocs: [metadata] about.md (lastmod): front matter could not be read: "
        "`lastmod: 2024-13-45` (line 2): month must be in 1..12; MkDocs ignores all of this "
        "page's front matter: correct it, or quote the value (the sitemap misses its "
        "`sitemap`, `updated`)"
    ]
    with pytest.raises(Abort, match="in strict mode"):
        build(site, strict=True, site_url="https://example.org/")


def test_front_matter_that_is_no_yaml_is_named_with_its_line(site, caplog):
    orphan = site / "docs" / "orphan.md"
    orphan.write_text(
        "---\ntitle: Orphan\nupdated: 2024-01-02\ndescription: a: b\n---\n"
        + orphan.read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    assert BASE + "orphan/" in checked(build(site), BASE)
    (warned,) = warnings_of(caplog)
    assert re.match(  # libyaml's words, or PyYAML's own without it
        r"sitemap_mkdocs: \[metadata\] orphan\.md \(front matter\): front matter could not "
        r"be read: mapping values are not allowed (in this context|here) \(line 4\); MkDocs "
        r"ignores all of this page's front matter.* \(the sitemap misses its `updated`\)$",
        warned,
    )
    # `---`, a paragraph, `---`: YAML reads it (as text), MkDocs keeps it as Markdown.
    caplog.clear()
    text = orphan.read_text(encoding="utf-8").replace("description: a: b", "A note first.")
    text = text.replace("title: Orphan\n", "").replace("updated: 2024-01-02\n", "")
    orphan.write_text(text, encoding="utf-8")
    build(site)
    assert warnings_of(caplog) == []


def test_mkdocs_own_sitemap_is_replaced(site):
    site_dir = build(site)
    found = checked(site_dir, BASE)
    assert set(found) == DIRECTORY_URLS  # MkDocs' own would list hidden/, legacy/, private/
    xml = (site_dir / "sitemap.xml").read_bytes()
    assert gzip.decompress((site_dir / "sitemap.xml.gz").read_bytes()) == xml

    edit_config(site, filename="map.xml")
    site_dir = build(site)
    assert set(checked(site_dir, BASE, "map.xml")) == DIRECTORY_URLS
    assert not (site_dir / "sitemap.xml").exists()
    assert not (site_dir / "sitemap.xml.gz").exists()


def test_robots_txt_keeps_its_rules_and_gains_one_line(site):
    expected = ROBOTS_RULES + f"Sitemap: {BASE}sitemap.xml\n"
    for dirty in (False, True, False):  # a --dirty build does not copy robots.txt afresh
        robots = build(site, dirty=dirty) / "robots.txt"
        checked(robots.parent, BASE)
        assert robots.read_text(encoding="utf-8") == expected


def test_dirty_build_keeps_front_matter_of_unread_pages(site):
    first = checked(build(site), BASE)
    site_dir = build(site, dirty=True)
    assert checked(site_dir, BASE) == first
    assert entry(site_dir, BASE + "about/")["priority"] == "0.9"


def test_forced_split_makes_a_valid_index(site):
    edit_config(site, max_urls=3)
    site_dir = build(site)
    root = parse(site_dir / "sitemap.xml").getroot()
    assert root.tag == f"{{{NS['sm']}}}sitemapindex"
    assert len(root.findall("sm:sitemap", NS)) == 3
    assert {p.name for p in site_dir.glob("sitemap-*")} == {
        f"sitemap-{n}.xml{gz}" for n in (1, 2, 3) for gz in ("", ".gz")
    }
    assert set(checked(site_dir, BASE)) == DIRECTORY_URLS


def test_strict_passes_under_a_path_with_no_setting(site, caplog):
    """Under a path, the shipped robots.txt gains our line; without one, none is made."""
    caplog.set_level(logging.INFO)
    site_dir = build(site, strict=True)
    assert warnings_of(caplog) == []
    assert (
        (site_dir / "robots.txt")
        .read_text(encoding="utf-8")
        .endswith(f"Sitemap: {BASE}sitemap.xml\n")
    )
    (site / "docs" / "robots.txt").unlink()
    caplog.clear()
    site_dir = build(site, strict=True)
    assert not (site_dir / "robots.txt").exists()
    notes = [r.getMessage() for r in caplog.records if "[robots]" in r.getMessage()]
    assert len(notes) == 1 and f"add `Sitemap: {BASE}sitemap.xml`" in notes[0]
    assert all(r.levelno == logging.INFO for r in caplog.records if "[robots]" in r.getMessage())


def test_strict_passes_at_the_host_root(site, caplog):
    (site / "docs" / "robots.txt").unlink()
    site_dir = build(site, strict=True, site_url="https://example.org/")
    assert warnings_of(caplog) == []
    assert "Sitemap: https://example.org/sitemap.xml" in (site_dir / "robots.txt").read_text()


def test_a_build_leaves_the_repository_clean_and_adds_only_sitemaps(site, tmp_path):
    """Nothing new in `git status` (the cache folder, when made, ignores itself), and
    site_dir holds what MkDocs' own build writes there, no file more."""
    site_dir = build(site)
    repo = GitRepo(site.parent)
    assert repo.git("status", "--porcelain", "--untracked-files=all") == ""
    edit_config(site, lastmod="content")  # the content state for every page
    build(site)
    assert (site / ".sitemap-cache" / ".gitignore").is_file()
    assert repo.git("status", "--porcelain", "--untracked-files=all") == " M website/mkdocs.yml\n"
    path = site / "mkdocs.yml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["plugins"] = ["search"]
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    own = build(site, site_dir=str(tmp_path / "own"))
    assert sorted(p.relative_to(site_dir) for p in site_dir.rglob("*")) == sorted(
        p.relative_to(own) for p in own.rglob("*")
    )


def test_bad_front_matter_warns_and_fails_strict(site, caplog):
    about = site / "docs" / "about.md"
    about.write_text(
        about.read_text(encoding="utf-8").replace("priority: 0.9", "priority: high"),
        encoding="utf-8",
    )
    site_dir = build(site)
    assert "priority" not in entry(site_dir, BASE + "about/")
    assert any("about.md" in w and "priority" in w and "high" in w for w in warnings_of(caplog))
    with pytest.raises(Abort):
        build(site, strict=True, site_url="https://example.org/")


def test_sitemap_front_matter_of_the_wrong_shape_warns(site, caplog):
    orphan = site / "docs" / "orphan.md"
    orphan.write_text(
        "---\nsitemap: maybe\n---\n" + orphan.read_text(encoding="utf-8"), encoding="utf-8"
    )
    assert BASE + "orphan/" in checked(build(site), BASE)
    assert any(
        "[metadata] orphan.md (sitemap): 'maybe' ignored: use false, or a mapping" in w
        for w in warnings_of(caplog)
    )


# The contract every adapter keeps (issue 14): a row is mkdocs.yml options (`site_url`
# included), front matter to add to about.md's `sitemap:`, the text naming the key as
# written, and whether a sitemap is still written.
CONTRACT = {
    "unknown option": (
        {"gzipp": "also"},
        "",
        "mkdocs.yml (gzipp): unknown sitemap option (did you mean 'gzip'?), ignored",
        True,
    ),
    "unknown page field": ({}, "  colour: red\n", "about.md (sitemap.colour)", True),
    "bad priority": ({"priority": "high"}, "", "mkdocs.yml (priority): 'high' is not", True),
    "bad lastmod": ({"lastmod": "svn"}, "", "mkdocs.yml (lastmod): 'svn' is not", True),
    "misspelt lastmod": (
        {"lastmod": "gti"},
        "",
        "mkdocs.yml (lastmod): 'gti' is not one of auto, git, content, mtime, build, "
        "none (did you mean 'git'?); using the default",
        True,
    ),
    "bad gzip": ({"gzip": "sometimes"}, "", "mkdocs.yml (gzip): 'sometimes' is not", True),
    "bad gzip_level": ({"gzip_level": 12}, "", "mkdocs.yml (gzip_level): 12 is not", True),
    "wrong type": ({"max_urls": "many"}, "", "mkdocs.yml (max_urls): 'many' is not", True),
    "no site_url": ({"site_url": None}, "", "[base-url] mkdocs.yml (site_url)", False),
    "site_url not http": (
        {"site_url": "ftp://example.org/docs/"},
        "",
        "[base-url] mkdocs.yml (site_url)",
        False,
    ),
}


@pytest.mark.parametrize("options, front, named, written", CONTRACT.values(), ids=CONTRACT)
def test_contract_one_warning_build_goes_on(site, caplog, options, front, named, written):
    caplog.set_level(logging.INFO)
    edit_config(site, **options)
    about = site / "docs" / "about.md"
    about.write_text(
        about.read_text(encoding="utf-8").replace("sitemap:\n", "sitemap:\n" + front),
        encoding="utf-8",
    )
    site_dir = build(site)
    warned = [
        r.getMessage()
        for r in caplog.records
        if r.levelno >= logging.WARNING and r.name.startswith("mkdocs")
    ]
    assert len(warned) == 1 and named in warned[0], warned
    assert "option '" not in warned[0]  # the field is named once, in its (field) part
    assert summaries(caplog) == 1
    if written:
        assert BASE + "about/" in checked(site_dir, BASE)
    else:
        assert not [p for p in site_dir.iterdir() if SITEMAP_FILE.fullmatch(p.name)]
    with pytest.raises(Abort, match="in strict mode"):
        build(site, strict=True)


def test_issues_name_the_config_file_given(site, caplog):
    """`mkdocs build --config-file docs-online.yml`: a site-wide issue names that file."""
    caplog.set_level(logging.INFO)
    edit_config(site, site_url=None)
    (site / "mkdocs.yml").rename(site / "docs-online.yml")
    cfg = load_config(config_file=str(site / "docs-online.yml"))
    mkdocs_build.build(cfg)
    assert "[base-url] docs-online.yml (site_url)" in " ".join(warnings_of(caplog))


def test_contract_unwritable_sitemap_is_an_error_the_site_is_built(site, caplog):
    """A folder named sitemap.xml where the file goes (tests run as root: no chmod): one
    error line, the pages written, `mkdocs build` goes on (issue 40 §3); `--strict` fails."""
    caplog.set_level(logging.INFO)
    (site / "docs" / "sitemap.xml").mkdir()
    (site / "docs" / "sitemap.xml" / "keep.txt").write_text("x", encoding="utf-8")
    site_dir = build(site)
    assert (site_dir / "about" / "index.html").exists()
    assert (site_dir / "sitemap.xml" / "keep.txt").exists()  # left as it was
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    # MkDocs logs the error under its own logger: the plugin's prefix is in the text.
    assert len(errors) == 1 and "\n" not in errors[0]
    assert errors[0].startswith("sitemap_mkdocs: [write] ")
    assert "no sitemap written" in errors[0] and "Traceback" not in caplog.text
    assert [w for w in warnings_of(caplog) if w not in errors] == []
    assert summaries(caplog) == 1
    with pytest.raises(Abort, match="1 errors in strict mode"):
        build(site, strict=True)


def summaries(caplog: pytest.LogCaptureFixture) -> int:
    """How many INFO summary lines (`sitemap: ...`) the plugin logged."""
    return sum(
        r.levelno == logging.INFO
        and r.getMessage().startswith("sitemap_mkdocs: sitemap: ")
        and "sitemap_mkdocs" in r.name
        for r in caplog.records
    )


def test_an_exclude_pattern_that_matches_nothing_is_said(site, caplog):
    """`guide/install` (no trailing `/`) and `guide/install.md` (the source name) leave
    nothing out: one warning each, naming the nearest URL; the pattern that matches is
    silent, and `guide/*` also leaves out `guide/` itself."""
    edit_config(
        site,
        exclude=["guide/install", "guide/install.md", "guide/advanced/*"],
        exclude_regex=["/orphan/", "/nowhere/"],
    )
    found = set(checked(build(site), BASE))
    assert BASE + "guide/install/" in found and BASE + "orphan/" not in found
    assert not {u for u in found if u.startswith(BASE + "guide/advanced/")}
    said = [w for w in warnings_of(caplog) if "[exclude]" in w]
    assert len(said) == 3, warnings_of(caplog)
    assert (
        "[exclude] mkdocs.yml (exclude): pattern 'guide/install' matched no URL "
        "(nearest URL path: 'guide/install/')" in said[0]
    )
    assert "'guide/install.md' matched no URL (nearest URL path: 'guide/install/')" in said[1]
    assert "mkdocs.yml (exclude_regex): pattern '/nowhere/' matched no URL" in said[2]
    with pytest.raises(Abort, match="in strict mode"):
        build(site, strict=True)


@pytest.mark.parametrize(
    "options",
    [
        {"max_urls": "many"},
        {"gzip": "sometimes"},
        {"exclude": "private/*"},
        {"formats": ["xml", "html"]},
        {"robots_txt": 3},
        {"priority": "high"},
        {"gzipp": "also"},
    ],
)
def test_values_mkdocs_types_refuse_reach_the_core_as_written(options):
    plugin = SitemapPlugin()
    assert plugin.load_config(options) == ([], [])
    assert {name: plugin.config[name] for name in options} == options


def test_yaml_booleans_for_words():
    plugin = SitemapPlugin()
    assert plugin.load_config({"gzip": False, "validate": False}) == ([], [])
    assert (plugin.config["gzip"], plugin.config["validate"]) == ("no", "off")
    plugin.load_config({"gzip": True})
    assert plugin.config.gzip == "also"


def test_every_shared_option_with_its_default():
    plugin = SitemapPlugin()
    plugin.load_config({})
    expected = {o.name: MKDOCS_DEFAULTS.get(o.name, o.default) for o in OPTIONS}
    assert dict(plugin.config) == expected
    assert MKDOCS_DEFAULTS == {"gzip": "also"}


def test_serve_writes_for_the_dev_address_quietly(tmp_path, caplog):
    """`mkdocs serve`: site_url becomes the dev address; rebuilds write, nothing leaks out."""
    root = tmp_path / "website"  # no git here: lastmod would come from the content state
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns("site", ".sitemap-cache"))
    edit_config(root, html_map=False)
    dev = "http://127.0.0.1:8000/docs/"
    for edit in ("", "\nEdited while serving.\n"):
        with (root / "docs" / "orphan.md").open("a", encoding="utf-8") as f:
            f.write(edit)
        cfg = load_config(config_file=str(root / "mkdocs.yml"), site_dir=str(tmp_path / "tmp"))
        cfg.site_url = dev
        cfg.plugins.on_startup(command="serve", dirty=False)
        mkdocs_build.build(cfg, serve_url=dev)
        cfg.plugins.on_shutdown()
        assert set(checked(tmp_path / "tmp", dev)) == {
            url.replace(BASE, dev) for url in DIRECTORY_URLS
        }  # the draft is served, not listed
    assert (tmp_path / "tmp" / "drafts" / "wip" / "index.html").exists()
    assert warnings_of(caplog) == []
    assert not (root / ".sitemap-cache").exists()
    build(root)
    assert (root / ".sitemap-cache").exists()  # a real build does keep content dates


def test_error_level_issue_is_logged_the_site_is_built_strict_fails(site, caplog):
    """Issue 40 §3: an error breaks only the sitemap; MkDocs' logger says it, the pages
    are written, `mkdocs build` exits 0 and `--strict` aborts at the end."""
    edit_config(site, extra_urls=["https://elsewhere.example/page/"], invalid_urls="error")
    site_dir = build(site)
    assert (site_dir / "about" / "index.html").exists()
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1, errors
    assert "[scope] extra_urls: https://elsewhere.example/page/ (url)" in errors[0]
    with pytest.raises(Abort, match="1 errors in strict mode"):
        build(site, strict=True)
    assert (site_dir / "about" / "index.html").exists()


@pytest.mark.parametrize(
    ("site_url", "part"),
    [
        ("https://example.org/docs/?v=1", "the query ?v=1"),
        ("https://user:pw@example.org/docs/", "the credentials user:***@"),
    ],
)
def test_a_query_or_credentials_in_site_url_are_an_error_the_site_is_built(
    site, caplog, site_url, part
):
    """Issue 33: no sitemap lists `?v=1/about/`, nor publishes a password. Issue 40 §3:
    one error line, the pages written, `mkdocs build` exits 0; `--strict` aborts."""
    edit_config(site, site_url=site_url)
    site_dir = build(site)
    assert (site_dir / "about" / "index.html").exists()
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1, errors
    assert "[base-url] mkdocs.yml (site_url): '" in errors[0] and part in errors[0]
    assert "no sitemap written" in errors[0]
    said = " ".join(r.getMessage() for r in caplog.records)
    assert ":pw@" not in said
    assert not (site_dir / "sitemap.xml").exists()
    with pytest.raises(Abort, match="1 errors in strict mode"):
        build(site, strict=True)


def test_a_fragment_in_site_url_is_dropped_with_a_warning(site, caplog):
    caplog.set_level(logging.INFO)
    edit_config(site, site_url=BASE + "#top")
    site_dir = build(site)
    (warned,) = warnings_of(caplog)
    assert "[base-url] mkdocs.yml (site_url)" in warned and "#top" in warned
    assert set(checked(site_dir, BASE)) == DIRECTORY_URLS


@pytest.mark.parametrize(
    "block",
    [
        "title: Proposal\nauthors:\n  - alice\n - bob\n",  # a mis-indented list
        "title: Proposal\nsponsors: @alice\n",  # an unquoted @name
    ],
)
def test_front_matter_with_nothing_of_ours_unread_is_an_info_line(site, caplog, block):
    """Issue 33, argo-cd's `proposals/*.md` under `strict: true`: MkDocs 1.6 ignores a block
    YAML cannot read without a word; nothing of the sitemap's is in it, so an info line,
    and the strict build stays green."""
    caplog.set_level(logging.INFO)
    orphan = site / "docs" / "orphan.md"
    orphan.write_text(f"---\n{block}---\n" + orphan.read_text(encoding="utf-8"), "utf-8")
    site_dir = build(site, strict=True)
    assert BASE + "orphan/" in checked(site_dir, BASE)
    assert warnings_of(caplog) == []
    assert any(
        "[metadata] orphan.md (front matter): front matter could not be read" in r.getMessage()
        for r in caplog.records
        if r.levelno == logging.INFO
    )


def test_read_the_docs_url_stands_in_for_a_missing_site_url(site, caplog, monkeypatch):
    """A site with no site_url built on Read the Docs (as pypa/cibuildwheel's
    properdocs.yml is): listed at the canonical URL Read the Docs gives the build, and a
    strict build stays green."""
    rtd = "https://example.readthedocs.io/en/latest/"
    monkeypatch.setenv("READTHEDOCS_CANONICAL_URL", rtd)
    edit_config(site, site_url=None)
    site_dir = build(site, strict=True)
    assert rtd + "about/" in checked(site_dir, rtd)
    assert not warnings_of(caplog)
