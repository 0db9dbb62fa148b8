"""MkDocs: git history kept across `mkdocs build`s in the cache folder (`.sitemap-cache/`
beside mkdocs.yml). Real builds in a repository with fixed commit dates; each rebuild's
sitemap is compared, byte for byte, with that of a build without the cache.
"""

from __future__ import annotations

import shutil

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config

from helpers import DAYS, GitRepo, Logs, urls_in

BASE = "https://example.org/docs/"
CONFIG = f"""site_name: Rebuild
site_url: {BASE}
markdown_extensions:
  - pymdownx.snippets:
      base_path: [includes]
plugins:
  - sitemap-suite
"""


@pytest.fixture
def site(git_repo, monkeypatch) -> GitRepo:
    repo = git_repo("site")
    monkeypatch.chdir(repo.root)  # snippets' base_path is taken from where MkDocs runs
    repo.write("mkdocs.yml", CONFIG)
    repo.write(".gitignore", "site/\n/fresh/\n")
    repo.write("includes/shared.md", "Shared text.\n")
    repo.write("docs/index.md", '# Home\n\n--8<-- "shared.md"\n')
    repo.commit("home", DAYS[0])
    for n, page in enumerate(["guide/a.md", "guide/b.md", "ref/c.md"], 1):
        repo.write(f"docs/{page}", f"# {page}\n")
        repo.commit(f"add {page}", DAYS[n])
    return repo


def built(repo: GitRepo, site_dir: str = "site") -> bytes:
    """One `mkdocs build` of the site; its sitemap's bytes."""
    config = load_config(
        config_file=str(repo.root / "mkdocs.yml"), site_dir=str(repo.root / site_dir)
    )
    config.plugins.on_startup(command="build", dirty=False)
    try:
        build(config)
    finally:
        config.plugins.on_shutdown()
    return (repo.root / site_dir / "sitemap.xml").read_bytes()


def fresh(repo: GitRepo) -> bytes:
    """The sitemap of a build without the cache (which it then starts anew)."""
    shutil.rmtree(repo.root / ".sitemap-cache")
    return built(repo, "fresh")


def test_a_new_commit_is_dated_by_a_walk_of_the_commits_since(site, monkeypatch) -> None:
    logs = Logs(monkeypatch)
    first = built(site)
    assert logs.take() == ["full", "full"]  # the pages' folders, then includes/ they pull in
    assert (site.root / ".sitemap-cache" / "git-history.json").is_file()
    assert site.git("status", "--porcelain") == ""  # the cache ignores itself
    assert built(site) == first
    assert logs.take() == []  # the same commit: no log
    site.write("docs/guide/b.md", "# b, edited\n")
    site.commit("edit b", DAYS[20])
    site.write("includes/shared.md", "Shared, edited.\n")
    site.commit("edit the snippet", DAYS[21])
    again = built(site)
    assert logs.take() == ["since", "since"]
    assert urls_in(site.root / "site" / "sitemap.xml") == {
        BASE: "2024-03-04T08:00:00+01:00",  # its snippet's commit
        BASE + "guide/a/": "2024-01-02T08:00:00+01:00",
        BASE + "guide/b/": "2024-03-03T08:00:00+01:00",
        BASE + "ref/c/": "2024-01-04T08:00:00+01:00",
    }
    assert again == fresh(site)


@pytest.mark.parametrize("change", ["amend", "reset"])
def test_a_rewritten_history_is_read_whole(site, monkeypatch, change) -> None:
    site.write("docs/ref/c.md", "# c, late\n")
    site.commit("late", DAYS[30])
    built(site)
    logs = Logs(monkeypatch)
    if change == "amend":
        site.git("commit", "-q", "--amend", "-m", "late, amended", date=DAYS[31])
    else:
        site.git("reset", "-q", "--hard", "HEAD~1")
    again = built(site)
    assert logs.take() == ["full", "full"]
    assert again == fresh(site)


def test_a_new_set_of_folders_is_read_whole(site, monkeypatch) -> None:
    """A page now includes a file of a folder the kept history does not cover: that read
    walks the whole history (the pages' read, of folders kept, only the commits since)."""
    built(site)
    logs = Logs(monkeypatch)
    site.write("mkdocs.yml", CONFIG.replace("[includes]", "[includes, other]"))
    site.write("other/note.md", "A note.\n")
    site.commit("the note", DAYS[40])
    site.write("docs/guide/a.md", '# a\n\n--8<-- "note.md"\n')
    site.commit("a includes the note", DAYS[41])
    again = built(site)
    assert logs.take() == ["since", "full"]
    assert urls_in(site.root / "site" / "sitemap.xml")[BASE + "guide/a/"] == (
        "2024-05-06T08:00:00+01:00"
    )
    assert again == fresh(site)


def test_a_shallow_clone(site, tmp_path, monkeypatch) -> None:
    clone = GitRepo(tmp_path / "clone")
    site.git("clone", "-q", "--depth", "2", f"file://{site.root}", str(clone.root))
    monkeypatch.chdir(clone.root)
    first = built(clone)
    dated = urls_in(clone.root / "site" / "sitemap.xml")
    assert dated[BASE + "guide/a/"] is None  # beyond the clone's history
    clone.write("docs/guide/a.md", "# a, edited\n")
    clone.commit("edit a", DAYS[50])
    logs = Logs(monkeypatch)
    again = built(clone)
    assert logs.take() == ["since", "since"]
    assert urls_in(clone.root / "site" / "sitemap.xml")[BASE + "guide/a/"] == (
        "2024-06-06T08:00:00+01:00"
    )
    assert again != first
    assert again == fresh(clone)
    clone.git("fetch", "-q", "--deepen", "3")  # the boundary moved: read whole
    built(clone)
    assert logs.take() == ["full", "full", "full", "full"]  # (the fresh build's two, then two)
    assert (clone.root / "site" / "sitemap.xml").read_bytes() == fresh(clone)
