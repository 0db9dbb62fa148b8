"""`sitemap-suite versions` on small hand-made trees: the default version, aliases named
once, the base URL, the error contract (one line, exit 1 or 2, nothing half-written);
and how the core reads `mike deploy`'s command line for the MkDocs adapter."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from lxml import etree

from sitemap_core.commands import main
from sitemap_core.writing.mikedeploy import deploy_arguments
from sitemap_core.writing.versions import read_tree

NS = {"sm": "http://www.sitemaps.org/schemas/sitemap/0.9"}
BASE = "https://example.org/"


def sitemap(folder: Path, *locs: str, lastmod: str = "2024-01-02") -> None:
    folder.mkdir(parents=True, exist_ok=True)
    entries = "".join(f"<url><loc>{loc}</loc><lastmod>{lastmod}</lastmod></url>\n" for loc in locs)
    (folder / "sitemap.xml").write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{NS["sm"]}">\n{entries}</urlset>\n'
    )


def mike_tree(root: Path, default: str | None = "latest", base: str = BASE) -> Path:
    """1.0 and 2.0 (alias latest, a copy) as mike lays them out."""
    (root).mkdir(parents=True, exist_ok=True)
    (root / "versions.json").write_text(
        json.dumps(
            [
                {"version": "2.0", "title": "2.0", "aliases": ["latest"]},
                {"version": "1.0", "title": "1.0", "aliases": []},
            ]
        )
    )
    sitemap(root / "1.0", f"{base}1.0/", f"{base}1.0/guide/")
    for folder in ("2.0", "latest"):  # --alias-type copy
        sitemap(root / folder, f"{base}2.0/", f"{base}2.0/guide/", lastmod="2024-03-04")
    if default:
        (root / "index.html").write_text(
            f'<!DOCTYPE html><html><head><meta charset="utf-8"><title>Redirecting</title>'
            f'<noscript><meta http-equiv="refresh" content="1; url={default}/" /></noscript>'
            "</head><body></body></html>\n"
        )
    return root


def invoke(*args: str) -> tuple[int, list[str]]:
    result = CliRunner().invoke(main, ["versions", *args])
    return result.exit_code, result.output.splitlines()


def named(root: Path) -> dict[str, str | None]:
    return {
        e.findtext("sm:loc", namespaces=NS): e.findtext("sm:lastmod", namespaces=NS)
        for e in etree.parse(str(root / "sitemap.xml")).getroot()
    }


def test_copies_are_named_once(tmp_path: Path) -> None:
    root = mike_tree(tmp_path / "site")
    code, lines = invoke(str(root), "--all-versions")
    assert code == 0, lines
    assert named(root) == {
        f"{BASE}2.0/sitemap.xml": "2024-03-04",
        f"{BASE}1.0/sitemap.xml": "2024-01-02",
    }


def test_default_without_index_html_is_the_alias_latest(tmp_path: Path) -> None:
    root = mike_tree(tmp_path / "site", default=None)
    code, lines = invoke(str(root))
    assert code == 0, lines
    assert lines[-1].endswith("default latest (2.0) (the alias latest); robots.txt names it")


def test_default_option(tmp_path: Path) -> None:
    root = mike_tree(tmp_path / "site")
    assert invoke(str(root), "--default", "1.0")[0] == 0
    assert named(root) == {f"{BASE}1.0/sitemap.xml": "2024-01-02"}


def test_under_a_path_no_robots_txt(tmp_path: Path) -> None:
    root = mike_tree(tmp_path / "site", base="https://example.org/docs/")
    code, lines = invoke(str(root))
    assert code == 0, lines
    assert named(root) == {"https://example.org/docs/2.0/sitemap.xml": "2024-03-04"}
    assert not (root / "robots.txt").exists()
    assert lines[0] == (
        "info robots robots.txt: the site lives under a path, so no robots.txt was written "
        "(crawlers read it only at the host root): add `Sitemap: "
        "https://example.org/docs/sitemap.xml` to the robots.txt at the root of the host"
    )


def test_stale_version_sitemap_without_pages_is_removed(tmp_path: Path) -> None:
    """A 1.0 whose sitemap lists latest/ URLs (written while latest/ served it), with no
    page of its own at those paths."""
    root = mike_tree(tmp_path / "site")
    sitemap(root / "1.0", f"{BASE}latest/", f"{BASE}latest/guide/")
    code, lines = invoke(str(root), "--all-versions")
    assert code == 0, lines
    assert lines[0] == (
        "info stale 1.0/sitemap.xml: removed sitemap.xml: it listed the URLs of latest/ "
        "(written while latest/ served 1.0; it serves 2.0 now); none of its URLs is 1.0's to "
        "list: 2 with no page in 1.0/"
    )
    assert not (root / "1.0" / "sitemap.xml").exists()
    assert named(root) == {f"{BASE}2.0/sitemap.xml": "2024-03-04"}
    assert lines[-1].endswith("robots.txt names it; 1 stale sitemap fixed")


def page(path: Path, canonical: str | None = None) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    link = f'<link rel="canonical" href="{canonical}">' if canonical else ""
    path.write_text(
        f"<!DOCTYPE html><html><head><title>T</title>{link}</head><body>x</body></html>"
    )


def test_stale_version_sitemap_is_rewritten_to_its_own_pages(tmp_path: Path) -> None:
    """1.0's pages are their own canonical URLs but one (which names latest/'s): its
    stale sitemap keeps those, under 1.0/, with their dates; its .gz twin follows."""
    root = mike_tree(tmp_path / "site")
    sitemap(root / "1.0", f"{BASE}latest/", f"{BASE}latest/guide/", f"{BASE}latest/old/")
    (root / "1.0" / "sitemap.xml.gz").write_bytes(gzip.compress(b"stale"))
    page(root / "1.0" / "index.html")
    page(root / "1.0" / "guide" / "index.html")
    page(root / "1.0" / "old" / "index.html", canonical=f"{BASE}latest/old/")
    code, lines = invoke(str(root), "--all-versions")
    assert code == 0, lines
    assert lines[0] == (
        "info stale 1.0/sitemap.xml: rewritten with sitemap.xml.gz: it listed the URLs of "
        "latest/ (written while latest/ served 1.0; it serves 2.0 now); it lists now the 2 "
        "pages of 1.0/ that are their own canonical URL, with the dates its build gave them; "
        "left out: 1 whose page in 1.0/ names another URL as canonical (mike's "
        "canonical_version: the latest/ page)"
    )
    assert named(root / "1.0") == {f"{BASE}1.0/": "2024-01-02", f"{BASE}1.0/guide/": "2024-01-02"}
    assert (
        gzip.decompress((root / "1.0" / "sitemap.xml.gz").read_bytes())
        == (root / "1.0" / "sitemap.xml").read_bytes()
    )
    assert named(root) == {
        f"{BASE}2.0/sitemap.xml": "2024-03-04",
        f"{BASE}1.0/sitemap.xml": "2024-01-02",
    }
    again = invoke(str(root), "--all-versions")[1]  # true now: nothing more to do
    assert len(again) == 1 and again[0].endswith("robots.txt names it")


def test_smv_symlinked_alias_and_release_order(tmp_path: Path) -> None:
    root = tmp_path / "out"
    for name in ("v1.9", "v1.10", "main"):
        sitemap(root / name, f"{BASE}{name}/index.html")
        (root / name / "objects.inv").write_bytes(b"")
    (root / "stable").symlink_to("v1.10")
    tree = read_tree(root)
    assert [(v.name, v.aliases) for v in tree.versions] == [
        ("v1.10", ("stable",)),
        ("v1.9", ()),
        ("main", ()),
    ]
    code, lines = invoke(str(root), "--all-versions")
    assert code == 0, lines
    assert list(named(root)) == [f"{BASE}{n}/sitemap.xml" for n in ("v1.10", "v1.9", "main")]


# -- the error contract: one line, exit 1 (the tree) or 2 (the command line) -------------


def test_not_a_versioned_deploy(tmp_path: Path) -> None:
    sitemap(tmp_path / "site", f"{BASE}index.html")
    code, lines = invoke(str(tmp_path / "site"))
    assert code == 1
    assert len(lines) == 1 and lines[0].startswith("error not-versioned ")
    assert sorted(p.name for p in (tmp_path / "site").iterdir()) == ["sitemap.xml"]


def test_unknown_default(tmp_path: Path) -> None:
    root = mike_tree(tmp_path / "site")
    code, lines = invoke(str(root), "--default", "3.0")
    assert code == 2
    assert lines[-1] == (
        "Error: --default '3.0' is no version or alias of this mike tree (2.0, latest, 1.0)"
    )
    (root / "index.html").write_text('<meta http-equiv="refresh" content="0; url=dev/">')
    code, lines = invoke(str(root))
    assert code == 1 and len(lines) == 1
    assert lines[0].startswith("error default ")
    assert "redirects to dev/, which is no version or alias" in lines[0]
    assert not (root / "sitemap.xml").exists() and not (root / "robots.txt").exists()


def test_base_url_that_does_not_match(tmp_path: Path) -> None:
    root = mike_tree(tmp_path / "site")
    code, lines = invoke(str(root), "--base-url", "https://other.example/")
    assert code == 1 and len(lines) == 1
    assert lines[0].startswith("error scope ")
    assert not (root / "sitemap.xml").exists()


def test_unwritable_root_changes_nothing(tmp_path: Path) -> None:
    """robots.txt cannot be written (a folder of that name: tests run as root, so no
    chmod): the index written a moment before is taken back."""
    root = mike_tree(tmp_path / "site")
    (root / "robots.txt").mkdir()
    code, lines = invoke(str(root))
    assert code == 1 and len(lines) == 1
    assert lines[0].startswith("error write ")
    assert not (root / "sitemap.xml").exists()
    assert not [p for p in root.iterdir() if p.name.startswith(".")]


def test_unwritable_root_keeps_the_previous_index(tmp_path: Path) -> None:
    root = mike_tree(tmp_path / "site")
    assert invoke(str(root))[0] == 0
    before = (root / "sitemap.xml").read_bytes()
    (root / "robots.txt").unlink()
    (root / "robots.txt").mkdir()
    assert invoke(str(root), "--all-versions")[0] == 1
    assert (root / "sitemap.xml").read_bytes() == before


def test_a_root_sitemap_that_is_not_an_index_is_left_alone(tmp_path: Path) -> None:
    root = mike_tree(tmp_path / "site")
    sitemap(root, f"{BASE}index.html")
    before = (root / "sitemap.xml").read_bytes()
    code, lines = invoke(str(root))
    assert code == 1 and len(lines) == 1 and lines[0].startswith("error write ")
    assert (root / "sitemap.xml").read_bytes() == before
    assert invoke(str(root), "--filename", "sitemap.xml", "--default", "1.0")[0] == 1


def test_default_version_without_sitemap(tmp_path: Path) -> None:
    root = mike_tree(tmp_path / "site")
    for folder in ("2.0", "latest"):
        (root / folder / "sitemap.xml").unlink()
    code, lines = invoke(str(root))
    assert code == 1 and len(lines) == 1
    assert (
        lines[0].startswith("error no-sitemap ")
        and "the default version latest (2.0) has no sitemap" in lines[0]
    )


# -- mike's command line, as the MkDocs adapter reads it -----------------------------------


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (
            ["/v/bin/python", "/v/bin/mike", "deploy", "-u", "--push", "2.0", "latest", "stable"],
            {"aliases": ("latest", "stable"), "branch": None, "deploy_prefix": None},
        ),
        (
            ["python", "-m", "mike", "--debug", "deploy", "-b", "pages", "-t", "Two", "2.0"],
            {"aliases": (), "branch": "pages", "deploy_prefix": None},
        ),
        (
            ["mike", "deploy", "--deploy-prefix", "docs", "--prop-set", "a=1", "2.0", "latest"],
            {"aliases": ("latest",), "branch": None, "deploy_prefix": "docs"},
        ),
        (["mike", "deploy", "1.0", "latest"], None),  # another version
        (["mike", "alias", "2.0", "latest"], None),
        (["mkdocs", "build"], None),
        (["mike", "deploy", "--no-such-option", "2.0"], None),
    ],
)
def test_deploy_arguments(argv: list[str], expected: dict[str, object] | None) -> None:
    assert deploy_arguments("2.0", argv) == expected


def test_help_names_the_argument_it_explains() -> None:
    result = CliRunner().invoke(main, ["versions", "--help"])
    assert "Usage: main versions [OPTIONS] DIR\n" in result.output
    assert "TREE_DIR" not in result.output and "DIR is one of:" in result.output
