"""Versioned MkDocs with the real mike (2.x): each version's own sitemap on the gh-pages
branch, and `sitemap-suite versions` on a checkout of it.

A temp repository with a small MkDocs project is deployed twice, at fixed dates
(GIT_AUTHOR_DATE / GIT_COMMITTER_DATE): `mike deploy 1.0`, then, after a commit that
edits the guide, `mike deploy --update-aliases 2.0 latest` and `mike set-default latest`;
gh-pages is then checked out into a folder, as a CI job does before the push.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit
from urllib.robotparser import RobotFileParser

import pytest
from click.testing import CliRunner
from lxml import etree

from helpers import git_env
from sitemap_core.checking.validate import validate_set
from sitemap_core.commands import main

pytestmark = pytest.mark.slow

NS = {"sm": "http://www.sitemaps.org/schemas/sitemap/0.9"}
BIN = Path(sys.executable).parent
BASE = "https://example.org/"
D1, D2, D3 = "2024-01-02T10:00:00+00:00", "2024-03-04T09:30:00+00:00", "2024-05-06T08:00:00+00:00"
L1, L2, L3 = "2024-01-02T10:00:00Z", "2024-03-04T09:30:00Z", "2024-05-06T08:00:00Z"


def run(cwd: Path, *args: str, date: str = D2) -> subprocess.CompletedProcess[str]:
    env = {
        **git_env(date),
        "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
    }
    env.pop("MIKE_DOCS_VERSION", None)
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done


def deployed(root: Path, mkdocs_yml: str) -> tuple[Path, str]:
    """The project deployed as 1.0 then 2.0 (alias latest, the default); gh-pages checked
    out into `root/site`; with the log of both deploys."""
    repo = root / "project"
    (repo / "docs").mkdir(parents=True)
    run(repo, "git", "init", "-q", "-b", "main")
    (repo / "mkdocs.yml").write_text(mkdocs_yml)
    (repo / "docs" / "index.md").write_text("# Home\n\nWelcome.\n")
    (repo / "docs" / "guide.md").write_text("# Guide\n\nOne.\n")
    run(repo, "git", "add", "-A", date=D1)
    run(repo, "git", "commit", "-q", "-m", "first", date=D1)
    log = run(repo, str(BIN / "mike"), "deploy", "1.0", date=D1).stderr
    (repo / "docs" / "guide.md").write_text("# Guide\n\nTwo.\n")
    run(repo, "git", "commit", "-q", "-am", "guide", date=D2)
    log += run(repo, str(BIN / "mike"), "deploy", "--update-aliases", "2.0", "latest").stderr
    run(repo, str(BIN / "mike"), "set-default", "latest")
    run(root, "git", "clone", "-q", "-b", "gh-pages", str(repo), "site")
    return root / "site", log


def urls(path: Path) -> dict[str, str | None]:
    tree = etree.parse(str(path))
    return {
        e.findtext("sm:loc", namespaces=NS): e.findtext("sm:lastmod", namespaces=NS)
        for e in tree.getroot()
    }


def versions(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["versions", *args])
    return result.exit_code, result.output


def whole_set(site: Path) -> dict[str, str | None]:
    """Every URL crawlers reach from the root: robots.txt read by Python's robotparser,
    the index and the sitemaps it names read with lxml from the files the URLs map to;
    each sitemap checked by the suite's checker at its URL."""
    robots = RobotFileParser()
    robots.parse((site / "robots.txt").read_text().splitlines())
    found: dict[str, str | None] = {}
    for index_url in robots.site_maps() or ():
        index = site / urlsplit(index_url).path.lstrip("/")
        assert etree.parse(str(index)).getroot().tag == f"{{{NS['sm']}}}sitemapindex"
        for url in urls(index):
            path = site / urlsplit(url).path.lstrip("/")
            issues, _ = validate_set([path], url)
            assert issues == []
            for loc, lastmod in urls(path).items():
                page = site / urlsplit(loc).path.lstrip("/") / "index.html"
                assert page.is_file(), loc
                assert robots.can_fetch("*", loc)
                found[loc] = lastmod
    return found


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """mike as most sites use it: injected by `mike deploy` (not listed), no
    canonical_version."""
    yml = (
        "site_name: Demo\nsite_url: https://example.org/\nplugins:\n  - search\n  - sitemap-suite\n"
    )
    return deployed(tmp_path_factory.mktemp("plain"), yml)


@pytest.fixture(scope="module")
def canonical(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """canonical_version: latest, mike listed after sitemap-suite (its on_config runs
    after ours: the order must not matter)."""
    yml = (
        "site_name: Demo\nsite_url: https://example.org/\n"
        "plugins:\n  - search\n  - sitemap-suite\n  - mike:\n      canonical_version: latest\n"
    )
    return deployed(tmp_path_factory.mktemp("canonical"), yml)


def test_each_version_lists_its_own_folder(plain: tuple[Path, str]) -> None:
    site, log = plain
    assert urls(site / "1.0" / "sitemap.xml") == {f"{BASE}1.0/": L1, f"{BASE}1.0/guide/": L1}
    assert urls(site / "2.0" / "sitemap.xml") == {f"{BASE}2.0/": L1, f"{BASE}2.0/guide/": L2}
    assert (site / "latest").is_symlink()
    assert not (site / "1.0" / "robots.txt").exists()
    assert not (site / "robots.txt").exists() and not (site / "sitemap.xml").exists()
    assert "mike builds this version, one of a versioned deploy" in log  # each deploy's advice
    assert f"add `Sitemap: {BASE}sitemap.xml` to the robots.txt" in log  # names the root index
    assert f"{BASE}2.0/sitemap.xml` to" not in log  # not the version's: stale at the next one


def test_root_index_names_the_default_version(plain: tuple[Path, str], tmp_path: Path) -> None:
    site = tmp_path / "site"
    subprocess.run(["cp", "-a", str(plain[0]), str(site)], check=True)
    before = {p: p.read_bytes() for p in site.rglob("*") if p.is_file() and ".git" not in p.parts}
    code, output = versions(str(site))
    assert code == 0, output
    assert output.splitlines()[-1] == (
        "versions: sitemap.xml (mike) names 1 sitemap: 2.0/sitemap.xml; default latest (2.0) "
        "(the root index.html); robots.txt names it"
    )
    assert (site / "sitemap.xml").read_bytes() == (
        b'<?xml version="1.0" encoding="UTF-8"?>\n'
        b'<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
        b"<sitemap><loc>https://example.org/2.0/sitemap.xml</loc>"
        b"<lastmod>2024-03-04T09:30:00Z</lastmod></sitemap>\n"
        b"</sitemapindex>\n"
    )
    assert (site / "robots.txt").read_text() == (
        "User-agent: *\nAllow: /\nSitemap: https://example.org/sitemap.xml\n"
    )
    after = {p: p.read_bytes() for p in site.rglob("*") if p.is_file() and ".git" not in p.parts}
    assert {p for p in after if p not in before} == {site / "sitemap.xml", site / "robots.txt"}
    assert all(after[p] == data for p, data in before.items())  # nothing else changed
    assert whole_set(site) == {f"{BASE}2.0/": L1, f"{BASE}2.0/guide/": L2}
    assert not [p for p in site.iterdir() if p.name.endswith(".tmp")]
    assert versions(str(site)) == (code, output)  # again: the same, nothing moves


def test_all_versions_each_once_and_robots_kept(plain: tuple[Path, str], tmp_path: Path) -> None:
    site = tmp_path / "site"
    subprocess.run(["cp", "-a", str(plain[0]), str(site)], check=True)
    kept = b"\xef\xbb\xbf# ours\r\nUser-agent: *\r\nDisallow: /1.0/search/\r\n"
    (site / "robots.txt").write_bytes(kept)
    code, output = versions(str(site), "--all-versions")
    assert code == 0, output
    assert urls(site / "sitemap.xml") == {
        f"{BASE}2.0/sitemap.xml": L2,
        f"{BASE}1.0/sitemap.xml": L1,
    }
    assert (
        site / "robots.txt"
    ).read_bytes() == kept + b"Sitemap: https://example.org/sitemap.xml\r\n"
    assert len(whole_set(site)) == 4  # latest/ (a symlink to 2.0/) is not listed again


def test_canonical_version_lists_only_the_canonical_folder(
    canonical: tuple[Path, str], tmp_path: Path
) -> None:
    site, log = canonical
    assert not (site / "1.0" / "sitemap.xml").exists()  # all its pages name latest/ pages
    assert not (site / "1.0" / "robots.txt").exists() and not (site / "2.0" / "robots.txt").exists()
    assert "no sitemap for 1.0" in log
    assert urls(site / "latest" / "sitemap.xml") == {
        f"{BASE}latest/": L1,
        f"{BASE}latest/guide/": L2,
    }
    copy = tmp_path / "site"
    subprocess.run(["cp", "-a", str(site), str(copy)], check=True)
    code, output = versions(str(copy), "--all-versions")
    assert code == 0, output
    assert "info no-sitemap 1.0: no sitemap.xml in 1.0/: not named" in output
    assert urls(copy / "sitemap.xml") == {f"{BASE}latest/sitemap.xml": L2}
    assert whole_set(copy) == {f"{BASE}latest/": L1, f"{BASE}latest/guide/": L2}


@pytest.fixture(scope="module")
def releases(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """canonical_version: latest, and three releases each deployed as latest (the flow
    this project's docs give): 1.0, then 2.0, then 3.0."""
    root = tmp_path_factory.mktemp("releases")
    repo = root / "project"
    (repo / "docs").mkdir(parents=True)
    run(repo, "git", "init", "-q", "-b", "main")
    (repo / "mkdocs.yml").write_text(
        "site_name: Demo\nsite_url: https://example.org/\n"
        "plugins:\n  - search\n  - sitemap-suite\n  - mike:\n      canonical_version: latest\n"
    )
    (repo / "docs" / "index.md").write_text("# Home\n\nWelcome.\n")
    (repo / "docs" / "guide.md").write_text("# Guide\n\nOne.\n")
    run(repo, "git", "add", "-A", date=D1)
    for release, date in (("1.0", D1), ("2.0", D2), ("3.0", D3)):
        if release != "1.0":
            (repo / "docs" / "guide.md").write_text(f"# Guide\n\n{release}.\n")
        run(repo, "git", "commit", "-q", "-am", release, date=date)
        run(repo, str(BIN / "mike"), "deploy", "--update-aliases", release, "latest", date=date)
    run(repo, str(BIN / "mike"), "set-default", "latest", date=D3)
    run(root, "git", "clone", "-q", "-b", "gh-pages", str(repo), "site")
    return root / "site"


def version_sitemaps(site: Path) -> dict[str, set[str]]:
    """Each sitemap.xml in a version's own folder (not a symlinked alias): its URLs."""
    return {
        p.parent.name: set(urls(p))
        for p in sorted(site.glob("*/sitemap.xml"))
        if not p.parent.is_symlink()
    }


def test_after_three_releases_every_sitemap_lists_its_folder(
    releases: Path, tmp_path: Path
) -> None:
    latest = {f"{BASE}latest/", f"{BASE}latest/guide/"}
    assert version_sitemaps(releases) == {"1.0": latest, "2.0": latest, "3.0": latest}  # stale
    site = tmp_path / "site"
    subprocess.run(["cp", "-a", str(releases), str(site)], check=True)
    code, output = versions(str(site), "--all-versions")
    assert code == 0, output
    lines = output.splitlines()
    assert [line.split(":")[0] for line in lines[:2]] == [
        "info stale 2.0/sitemap.xml",
        "info stale 1.0/sitemap.xml",
    ]
    assert lines[1] == (
        "info stale 1.0/sitemap.xml: removed sitemap.xml, sitemap.xml.gz: it listed the URLs of "
        "latest/ (written while latest/ served 1.0; it serves 3.0 now); none of its URLs is "
        "1.0's to list: 2 whose page in 1.0/ names another URL as canonical (mike's "
        "canonical_version: the latest/ page)"
    )
    assert not any(line.startswith("warning") for line in lines), output
    assert lines[-1].endswith("robots.txt names it; 2 stale sitemaps fixed")
    assert version_sitemaps(site) == {"3.0": latest}  # 3.0's, served as latest/sitemap.xml
    assert not (site / "1.0" / "sitemap.xml.gz").exists()
    assert whole_set(site) == {f"{BASE}latest/": L1, f"{BASE}latest/guide/": L3}
    assert versions(str(site), "--all-versions")[1].splitlines()[-1].endswith("names it")


def test_default_an_older_release_names_the_canonical_sitemap(
    releases: Path, tmp_path: Path
) -> None:
    site = tmp_path / "site"
    subprocess.run(["cp", "-a", str(releases), str(site)], check=True)
    code, output = versions(str(site), "--default", "2.0")
    assert code == 0, output
    assert "error" not in output
    assert (
        "warning default 2.0: the pages of 2.0 name the latest/ pages as canonical "
        f"({BASE}latest/ for 2.0/), so it has no sitemap of its own: the sitemap of latest/ "
        "lists them, and the index names it"
    ) in output.splitlines()
    assert urls(site / "sitemap.xml") == {f"{BASE}latest/sitemap.xml": L3}


def test_validate_passes_on_the_root(plain: tuple[Path, str], tmp_path: Path) -> None:
    site = tmp_path / "site"
    subprocess.run(["cp", "-a", str(plain[0]), str(site)], check=True)
    assert versions(str(site))[0] == 0
    result = CliRunner().invoke(main, ["validate", str(site), "--strict"])
    assert result.exit_code == 0, result.output
