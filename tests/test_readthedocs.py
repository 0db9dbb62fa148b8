"""Read the Docs: a build there (its environment variables set) writes the robots.txt that
Read the Docs serves at the host root from the default version, naming the version's
sitemap, which Read the Docs serves at the root too (`/sitemap.xml`, as it is).

Real `sphinx-build -W` runs of a small project in a git repository, with conf.py as Read
the Docs advises (`html_baseurl` from `READTHEDOCS_CANONICAL_URL`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from sphinx.cmd.build import build_main
from sphinx.util.console import strip_colors

from helpers import GitRepo, checked
from sitemap_core.checking.validate import validate_files, validate_robots
from sitemap_core.writing.readthedocs import serves_root_files

HOST = "https://example.readthedocs.io/"
RTD = HOST + "en/latest/"
FIRST = "2024-01-10T09:00:00+00:00"
ABOUT = "2024-06-01T12:00:00+00:00"
ON_RTD = {
    "READTHEDOCS": "True",
    "READTHEDOCS_CANONICAL_URL": RTD,
    "READTHEDOCS_VERSION": "latest",
    "READTHEDOCS_VERSION_TYPE": "branch",
    "READTHEDOCS_PROJECT": "example",
    "READTHEDOCS_LANGUAGE": "en",
}


@pytest.fixture
def project(git_repo: Callable[..., GitRepo]) -> GitRepo:
    """Two pages, the second edited later; conf.py takes its base URL from Read the Docs."""
    repo = git_repo()
    repo.write(
        "docs/conf.py",
        "import os\n\nproject = 'example'\nextensions = ['sitemap_sphinx']\n"
        "html_baseurl = os.environ.get('READTHEDOCS_CANONICAL_URL', '')\n",
    )
    repo.write("docs/index.rst", "Home\n====\n\n.. toctree::\n\n   about\n")
    repo.write("docs/about.rst", "About\n=====\n\nFirst.\n")
    repo.commit("pages", FIRST)
    repo.write("docs/about.rst", "About\n=====\n\nSecond.\n")
    repo.commit("about", ABOUT)
    return repo


@pytest.fixture
def on_rtd(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in ON_RTD.items():
        monkeypatch.setenv(name, value)


def _build(repo: GitRepo, out: Path, capsys: pytest.CaptureFixture[str], **conf: str) -> str:
    """`sphinx-build -W -b html` (conf.py values overridden by `conf`); its output."""
    defines = [f"-D{name}={value}" for name, value in conf.items()]
    status = build_main(["-W", "-b", "html", *defines, str(repo.root / "docs"), str(out)])
    printed = "".join(map(strip_colors, capsys.readouterr()))
    assert status == 0, printed
    return printed


@pytest.mark.usefixtures("on_rtd")
def test_robots_txt_for_the_host_root_names_the_versions_sitemap(
    project: GitRepo, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "html"
    printed = _build(project, out, capsys)
    assert "robots.txt at the root" not in printed
    assert (out / "robots.txt").read_bytes() == (
        f"User-agent: *\nAllow: /\nSitemap: {RTD}sitemap.xml\n".encode()
    )
    assert checked(out, RTD) == {
        RTD + "index.html": project.last_date("docs/index.rst").replace("+00:00", "Z"),
        RTD + "about.html": ABOUT.replace("+00:00", "Z"),
        RTD + "genindex.html": None,  # an empty index: no page it lists dates it
    }
    # As Read the Docs serves them from the default version: at the host's root.
    assert validate_robots(out / "robots.txt", HOST + "robots.txt") == []
    assert validate_files([out / "sitemap.xml"], HOST + "sitemap.xml") == []


@pytest.mark.usefixtures("on_rtd")
def test_a_shipped_robots_txt_keeps_its_rules(
    project: GitRepo, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A robots.txt of the project's own (html_extra_path) replaces Read the Docs' generated
    one: its rules stay, our line is added."""
    project.write("docs/_extra/robots.txt", "User-agent: *\nDisallow: /en/old/\n")
    out = tmp_path / "html"
    _build(project, out, capsys, html_extra_path="_extra")
    assert (out / "robots.txt").read_text() == (
        f"User-agent: *\nDisallow: /en/old/\nSitemap: {RTD}sitemap.xml\n"
    )


@pytest.mark.usefixtures("on_rtd")
def test_a_site_published_on_another_host_gets_no_robots_txt(
    project: GitRepo, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Built on Read the Docs for another host (html_baseurl set by hand): Read the Docs'
    root is not that host's, so the info line stands as anywhere else under a path."""
    out = tmp_path / "html"
    printed = _build(project, out, capsys, html_baseurl="https://docs.example.org/v1/")
    assert "add `Sitemap: https://docs.example.org/v1/sitemap.xml` to the robots.txt" in printed
    assert not (out / "robots.txt").exists()


@pytest.mark.parametrize(
    ("environ", "base", "served"),
    [
        (ON_RTD, RTD, True),
        (ON_RTD, HOST + "ja/stable/", True),  # the same host: its root is Read the Docs'
        ({**ON_RTD, "READTHEDOCS": "False"}, RTD, False),
        ({k: v for k, v in ON_RTD.items() if k != "READTHEDOCS"}, RTD, False),
        ({k: v for k, v in ON_RTD.items() if k != "READTHEDOCS_CANONICAL_URL"}, RTD, False),
        (ON_RTD, "https://docs.example.org/en/latest/", False),
        ({}, RTD, False),
    ],
)
def test_served_at_the_root_only_on_read_the_docs_for_its_host(
    environ: dict[str, str], base: str, served: bool
) -> None:
    assert serves_root_files(base, environ) is served
