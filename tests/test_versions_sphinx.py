"""Versioned Sphinx with the real sphinx-multiversion: each version's own sitemap in its
output folder, and `sitemap-suite versions` on that output folder.

A temp repository with two tags (v1.0, v2.0, fixed dates) and a branch (main) is built
with `sphinx-multiversion docs out`. sphinx-multiversion 0.2.4 (its latest release)
calls `sphinx.config.Config.read(confdir, overrides)`, which Sphinx 9 made keyword-only
(sphinx-contrib/multiversion#201): on Sphinx 9 the runs get a `sitecustomize` that takes
the old call, and nothing else; on Sphinx 8 and older it is not needed and does nothing.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from lxml import etree

from helpers import git_env
from sitemap_core.checking.validate import validate_set
from sitemap_core.commands import main

pytestmark = pytest.mark.slow

NS = {"sm": "http://www.sitemaps.org/schemas/sitemap/0.9"}
BIN = Path(sys.executable).parent
D1, D2, D3 = "2024-01-02T10:00:00+00:00", "2024-03-04T09:30:00+00:00", "2024-05-06T08:00:00+00:00"
L1, L2, L3 = "2024-01-02T10:00:00Z", "2024-03-04T09:30:00Z", "2024-05-06T08:00:00Z"
L1_3 = None  # lastmod none (CONF): the index entry has no date

SHIM = """\
import inspect
try:
    from sphinx.config import Config
    from sphinx.util.tags import Tags
except ImportError:
    Config = None
if Config is not None:
    _read = Config.read.__func__
    _overrides = inspect.signature(_read).parameters.get("overrides")
    if _overrides is not None and _overrides.kind is inspect.Parameter.KEYWORD_ONLY:
        def read(cls, confdir, overrides=None, tags=None):
            return _read(cls, confdir, overrides=overrides or {}, tags=tags or Tags())
        Config.read = classmethod(read)
"""

CONF = """\
project = "Demo"
extensions = ["sitemap_sphinx", "sphinx_multiversion"]
smv_tag_whitelist = r"^v\\d+\\.\\d+$"
smv_branch_whitelist = r"^main$"
sitemap_lastmod = "none"  # git archive copies have no history: no date that holds tomorrow
"""


def run(cwd: Path, *args: str, date: str = D1) -> subprocess.CompletedProcess[str]:
    env = {
        **git_env(date),
        "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
        "PYTHONPATH": os.pathsep.join(
            filter(None, (str(cwd.parent / "shim"), os.environ.get("PYTHONPATH")))
        ),
    }
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("smv")
    (root / "shim").mkdir()
    (root / "shim" / "sitecustomize.py").write_text(SHIM)
    repo = root / "project"
    (repo / "docs").mkdir(parents=True)
    run(repo, "git", "init", "-q", "-b", "main")
    (repo / "docs" / "conf.py").write_text(CONF)
    (repo / "docs" / "index.rst").write_text("Home\n====\n\n.. toctree::\n\n   guide\n")
    (repo / "docs" / "guide.rst").write_text("Guide\n=====\n\nOne.\n")
    run(repo, "git", "add", "-A")
    run(repo, "git", "commit", "-q", "-m", "one")
    run(repo, "git", "tag", "v1.0")
    for date, text, tag in ((D2, "Two.", "v2.0"), (D3, "Three.", None)):
        (repo / "docs" / "guide.rst").write_text(f"Guide\n=====\n\n{text}\n")
        run(repo, "git", "commit", "-q", "-am", text, date=date)
        if tag:
            run(repo, "git", "tag", tag)
    return repo


def build(repo: Path, out: str, *defines: str, conf_extra: str = "") -> tuple[Path, str]:
    """sphinx-multiversion's output folder `out`, and its log."""
    conf = repo / "docs" / "conf.py"
    conf.write_text(CONF + conf_extra)  # sphinx-multiversion reads the working tree's conf.py
    done = run(repo, str(BIN / "sphinx-multiversion"), "docs", out, *defines)
    return repo / out, done.stdout + done.stderr


def urls(path: Path) -> dict[str, str | None]:
    return {
        e.findtext("sm:loc", namespaces=NS): e.findtext("sm:lastmod", namespaces=NS)
        for e in etree.parse(str(path)).getroot()
    }


def test_per_version_base_url(repo: Path) -> None:
    out, log = build(repo, "out-own", "-D", "html_baseurl=https://example.org/$name/")
    assert sorted(p.name for p in out.iterdir()) == ["main", "v1.0", "v2.0"]
    pages = ("index.html", "guide.html", "genindex.html")
    for name in ("v1.0", "v2.0"):
        sitemap = out / name / "sitemap.xml"
        assert urls(sitemap) == {f"https://example.org/{name}/{p}": None for p in pages}
        assert validate_set([sitemap], f"https://example.org/{name}/sitemap.xml")[0] == []
        assert not (out / name / "robots.txt").exists()  # under a path: an info line
    advice = {line for line in log.splitlines() if "robots.txt" in line}  # one line for all
    assert advice == {
        "sitemap: robots.txt (sitemap_robots_txt): sphinx-multiversion builds this version, one of a versioned "
        "deploy, so no robots.txt was written here (crawlers read it only at the host root): "
        "run `sitemap-suite versions` on the deployed tree, which writes the root index "
        "https://example.org/sitemap.xml naming the version served at the root, and add "
        "`Sitemap: https://example.org/sitemap.xml` to the robots.txt at the root of the host "
        "(`versions` adds it when the tree is the host's root)"
    }
    assert "WARNING" not in log

    result = CliRunner().invoke(main, ["versions", str(out)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == (
        "versions: sitemap.xml (sphinx-multiversion) names 1 sitemap: v2.0/sitemap.xml; "
        "default v2.0 (the newest release); robots.txt names it"
    )
    assert urls(out / "sitemap.xml") == {"https://example.org/v2.0/sitemap.xml": None}
    assert (out / "robots.txt").read_text() == (
        "User-agent: *\nAllow: /\nSitemap: https://example.org/sitemap.xml\n"
    )
    result = CliRunner().invoke(main, ["versions", str(out), "--all-versions", "--default", "main"])
    assert result.exit_code == 0, result.output
    assert list(urls(out / "sitemap.xml")) == [
        f"https://example.org/{name}/sitemap.xml" for name in ("main", "v2.0", "v1.0")
    ]


def test_root_html_baseurl_is_one_warning_per_version(repo: Path) -> None:
    out, log = build(repo, "out-root", conf_extra='html_baseurl = "https://example.org/"\n')
    for name in ("main", "v1.0", "v2.0"):
        assert not (out / name / "sitemap.xml").exists()
        assert not (out / name / "robots.txt").exists()
        assert (
            f"WARNING: html_baseurl: sphinx-multiversion builds {name} into {name}/, published "
            f"at https://example.org/{name}/, but its pages name https://example.org/ as their "
            "base URL, where no version is: no sitemap written. Give each "
            "version its own: pass -D 'html_baseurl=https://example.org/$name/' to "
            "sphinx-multiversion (it puts each version's name for $name), or set site_url = "
            "'https://example.org/' and leave html_baseurl unset [sitemap.versions]"
        ) in log
    result = CliRunner().invoke(main, ["versions", str(out)])
    assert result.exit_code == 1
    assert result.output.startswith("error no-sitemap ")
    assert len(result.output.splitlines()) == 1
    assert not (out / "sitemap.xml").exists() and not (out / "robots.txt").exists()


def test_canonical_version_and_site_url(repo: Path) -> None:
    """conf.py's html_baseurl names v2.0's folder (every version's canonical pages):
    only v2.0 lists them; site_url gives the root."""
    out, log = build(
        repo,
        "out-canonical",
        conf_extra='html_baseurl = "https://example.org/v2.0/"\nsite_url = "https://example.org/"\n',
    )
    assert not (out / "v1.0" / "sitemap.xml").exists()
    assert not (out / "main" / "sitemap.xml").exists()
    assert "its pages name the pages of v2.0/ as canonical" in log
    assert "WARNING" not in log
    assert sorted(urls(out / "v2.0" / "sitemap.xml")) == [
        f"https://example.org/v2.0/{p}" for p in ("genindex.html", "guide.html", "index.html")
    ]


def test_canonical_branch_says_why_and_which_default(repo: Path) -> None:
    """Every version's pages name main/'s as canonical: only main has a sitemap, and
    `versions` (which takes the newest release) says so and suggests --default main."""
    out, _ = build(
        repo,
        "out-main",
        conf_extra='html_baseurl = "https://example.org/main/"\nsite_url = "https://example.org/"\n',
    )
    assert [p.parent.name for p in sorted(out.glob("*/sitemap.xml"))] == ["main"]
    result = CliRunner().invoke(main, ["versions", str(out)])
    assert result.exit_code == 1
    assert result.output == (
        f"error no-sitemap {out}: the pages of v2.0 name the main/ pages as canonical "
        "(https://example.org/main/index.html for v2.0/), so it has no sitemap of its own: "
        "the sitemap of main/ lists them; pass --default main (found by the newest release)\n"
    )
    assert not (out / "sitemap.xml").exists()
    result = CliRunner().invoke(main, ["versions", str(out), "--default", "main"])
    assert result.exit_code == 0, result.output
    assert urls(out / "sitemap.xml") == {"https://example.org/main/sitemap.xml": L1_3}


def test_each_version_dated_by_its_refs_history(repo: Path) -> None:
    """sphinx-multiversion builds from `git archive` copies: each version's pages are
    dated by the history of its own ref in the repository, as in a checkout of it; with
    lastmod = auto, no warning (-W passes)."""
    out, log = build(
        repo,
        "out-dated",
        "-W",
        "-D",
        "html_baseurl=https://example.org/$name/",
        conf_extra='sitemap_lastmod = "auto"\n',
    )
    assert "WARNING" not in log
    for name, guide in (("v1.0", L1), ("v2.0", L2), ("main", L3)):
        assert urls(out / name / "sitemap.xml") == {
            f"https://example.org/{name}/index.html": L1,
            f"https://example.org/{name}/guide.html": guide,
            f"https://example.org/{name}/genindex.html": None,  # lists no page: no date
        }, name
    assert not (repo / ".git" / "objects" / "info" / "alternates").exists()  # nothing written
