"""Sphinx: git history kept across `sphinx-build`s in the cache folder (`.sitemap-cache/`
beside conf.py). An incremental rebuild (the pickled environment, as sphinx-autobuild
runs after each save) walks only the commits since the last build; each rebuild's
sitemap is compared, byte for byte, with that of a fresh build without the cache.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from sphinx.cmd.build import build_main

from helpers import DAYS, GitRepo, Logs, urls_in

BASE = "https://example.org/project/"
CONF = f'extensions = ["sitemap_sphinx"]\nhtml_baseurl = {BASE!r}\n'
PAGES = ["index", "guide/a", "guide/b", "ref/c"]


@pytest.fixture
def project(git_repo) -> GitRepo:
    repo = git_repo("project")
    repo.write(".gitignore", "_build/\n")
    repo.write("docs/conf.py", CONF)
    toctree = "".join(f"   {page}\n" for page in PAGES[1:])
    repo.write("docs/index.rst", f"Home\n====\n\n.. toctree::\n\n{toctree}")
    repo.commit("home", DAYS[0])
    for n, page in enumerate(PAGES[1:], 1):
        repo.write(f"docs/{page}.rst", f"{page}\n{'=' * len(page)}\n\nText.\n")
        repo.commit(f"add {page}", DAYS[n])
    return repo


def built(repo: GitRepo, out: str = "_build/html", fresh: bool = False) -> bytes:
    """One `sphinx-build` (incremental unless `fresh`); its sitemap's bytes."""
    args = ["-q", "-b", "html", *(["-E"] if fresh else []), str(repo.root / "docs")]
    assert build_main([*args, str(repo.root / out)]) == 0
    return (repo.root / out / "sitemap.xml").read_bytes()


def fresh(repo: GitRepo) -> bytes:
    """The sitemap of a fresh build without the cache (which it then starts anew)."""
    shutil.rmtree(repo.root / "docs" / ".sitemap-cache")
    return built(repo, "_build/fresh", fresh=True)


def edit(repo: GitRepo, page: str, day: str) -> None:
    path = repo.root / "docs" / f"{page}.rst"
    path.write_text(path.read_text(encoding="utf-8") + "\nEdited.\n", encoding="utf-8")
    repo.commit(f"edit {page}", day)


def test_an_incremental_rebuild_walks_only_the_commits_since(project, monkeypatch) -> None:
    logs = Logs(monkeypatch)
    first = built(project)
    assert logs.take() == ["full"]
    assert project.git("status", "--porcelain") == ""  # the cache ignores itself
    assert built(project) == first
    assert logs.take() == []  # the same commit: no log
    edit(project, "guide/b", DAYS[20])
    again = built(project)
    assert logs.take() == ["since"]
    dated = urls_in(project.root / "_build/html/sitemap.xml")
    assert dated[BASE + "guide/b.html"] == "2024-03-03T08:00:00+01:00"
    assert dated[BASE + "guide/a.html"] == "2024-01-02T08:00:00+01:00"
    assert again == fresh(project)


@pytest.mark.parametrize("change", ["amend", "reset"])
def test_a_rewritten_history_is_read_whole(project, monkeypatch, change) -> None:
    edit(project, "ref/c", DAYS[30])
    built(project)
    logs = Logs(monkeypatch)
    if change == "amend":
        project.git("commit", "-q", "--amend", "-m", "late, amended", date=DAYS[31])
    else:
        project.git("reset", "-q", "--hard", "HEAD~1")
    again = built(project)
    assert logs.take() == ["full"]
    assert again == fresh(project)


def test_a_shallow_clone(project, tmp_path: Path, monkeypatch) -> None:
    clone = GitRepo(tmp_path / "clone")
    project.git("clone", "-q", "--depth", "2", f"file://{project.root}", str(clone.root))
    first = built(clone)
    edit(clone, "guide/a", DAYS[50])
    logs = Logs(monkeypatch)
    again = built(clone)
    assert logs.take() == ["since"]
    assert again != first
    assert again == fresh(clone)
