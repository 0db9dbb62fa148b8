"""Git history kept across builds (`gitcache`): a build in a new process takes the dates
an earlier build kept in the cache folder and walks only the commits made since.

Each test reads a real repository's history as a build does (load, prefetch, keep),
changes the repository as someone does between two builds, reads again with the cache,
and compares every file's facts with a read without it; a spy on `start_log` says
which history each read walked.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from helpers import GitRepo
from sitemap_core.facts import gitreading
from sitemap_core.facts.gitcache import CACHE_FILE
from sitemap_core.facts.gitdates import GitDates
from sitemap_core.facts.gitrepo import FileDate

DAYS = [f"2023-0{m}-1{d}T10:00:00+02:00" for m in range(1, 10) for d in range(10)]
PAGES = ["docs/index.md", "docs/guide/a.md", "docs/guide/b.md", "docs/ref/c.md", "README.md"]


class Logs:
    """The revisions each `git log` of the history started with."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.revs: list[tuple[str, ...]] = []
        real = gitreading.start_log

        def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
            self.revs.append(kwargs.get("revs", ("HEAD",)))
            return real(*args, **kwargs)

        monkeypatch.setattr(gitreading, "start_log", spy)

    def take(self) -> list[str]:
        """ "full" or "since" per log started since the last call."""
        kinds = ["since" if any(r.startswith("^") for r in revs) else "full" for revs in self.revs]
        self.revs.clear()
        return kinds


@pytest.fixture
def repo(git_repo) -> GitRepo:
    made = git_repo("site")
    for n, rel in enumerate(PAGES):
        made.write(rel, f"{rel}\n")
        made.commit(f"add {rel}", DAYS[n], rel)
    made.write("docs/guide/a.md", "edited\n")
    made.commit("edit a", DAYS[10], "docs/guide/a.md")
    return made


def read(repo: GitRepo, cache: Path | None, paths: list[str] = PAGES) -> dict[str, FileDate]:
    """Every page's facts, read as a build reads them; kept in `cache` (if any) after."""
    dates, issues = GitDates.load(repo.root / "docs", cache_dir=cache)
    assert dates is not None and issues == []
    dates.read_ahead([repo.root / rel for rel in paths])
    facts = {rel: dates.facts(repo.root / rel) for rel in paths}
    dates.keep()
    return facts


def fresh(repo: GitRepo, paths: list[str] = PAGES) -> dict[str, FileDate]:
    return read(repo, None, paths)


def test_a_rebuild_walks_only_the_commits_since(repo, tmp_path, monkeypatch) -> None:
    cache = tmp_path / "cache"
    logs = Logs(monkeypatch)
    first = read(repo, cache)
    assert logs.take() == ["full"]
    assert (cache / ".gitignore").read_text(encoding="utf-8").endswith("*\n")
    assert read(repo, cache) == first
    assert logs.take() == []  # the same commit: no log at all
    repo.write("docs/ref/c.md", "new\n")
    repo.commit("edit c", DAYS[20], "docs/ref/c.md")
    again = read(repo, cache)
    assert logs.take() == ["since"]
    assert again["docs/ref/c.md"].date is not None
    assert again["docs/ref/c.md"].date.isoformat() == DAYS[20]
    assert again == fresh(repo)
    assert logs.take() == ["full"]
    repo.commit("nothing in the docs", DAYS[21], "README.md")
    assert read(repo, cache) == again
    assert logs.take() == ["since"]


@pytest.mark.parametrize("change", ["amend", "reset", "ignore-revs"])
def test_a_rewritten_history_is_read_whole(repo, tmp_path, monkeypatch, change) -> None:
    cache = tmp_path / "cache"
    repo.write("docs/index.md", "late\n")
    repo.commit("late", DAYS[30], "docs/index.md")
    read(repo, cache)
    logs = Logs(monkeypatch)
    if change == "amend":
        repo.write("docs/guide/b.md", "amended\n")
        repo.git("add", "docs/guide/b.md")
        repo.git("commit", "-q", "--amend", "-m", "late, amended", date=DAYS[31])
    elif change == "reset":
        repo.git("reset", "-q", "--hard", "HEAD~2")
    else:
        head = repo.git("rev-parse", "HEAD").strip()
        repo.write(".git-blame-ignore-revs", f"{head}\n")
    paths = PAGES
    dates, _ = GitDates.load(repo.root / "docs", ".git-blame-ignore-revs", cache)
    assert dates is not None
    dates.read_ahead([repo.root / rel for rel in paths])
    again = {rel: dates.facts(repo.root / rel) for rel in paths}
    assert logs.take() == ["full"]
    dates.keep()
    plain, _ = GitDates.load(repo.root / "docs", ".git-blame-ignore-revs")
    assert plain is not None
    assert again == {rel: plain.facts(repo.root / rel) for rel in paths}


def test_another_set_of_folders_is_read_whole(repo, tmp_path, monkeypatch) -> None:
    cache = tmp_path / "cache"
    read(repo, cache, ["docs/guide/a.md", "docs/guide/b.md"])
    logs = Logs(monkeypatch)
    repo.commit("empty", DAYS[40])
    assert read(repo, cache) == fresh(repo)
    assert logs.take() == ["full", "full"]  # the cached read covered docs/guide only
    assert read(repo, cache, ["docs/guide/a.md"]) == fresh(repo, ["docs/guide/a.md"])
    assert logs.take() == ["full"]  # the same commit, inside what was read: no log; then fresh


def test_a_merged_branch_forked_before_the_last_build(repo, tmp_path, monkeypatch) -> None:
    """A file whose history goes down a branch forked before the kept commit (the merge
    took that branch's side) is read from HEAD: the dates are those of a fresh read,
    a change undone on the main line included."""
    cache = tmp_path / "cache"
    fork = repo.git("rev-parse", "HEAD").strip()
    repo.write("docs/guide/b.md", "main line\n")
    repo.commit("b on main", DAYS[50], "docs/guide/b.md")
    repo.write("docs/guide/b.md", "docs/guide/b.md\n")
    repo.commit("b undone", DAYS[51], "docs/guide/b.md")
    read(repo, cache)
    repo.git("checkout", "-q", "-b", "side", fork)
    repo.write("docs/ref/c.md", "side\n")
    repo.commit("c on side", DAYS[52], "docs/ref/c.md")
    repo.git("checkout", "-q", "main")
    repo.git("merge", "-q", "--no-ff", "-m", "merge side", "side", date=DAYS[53])
    repo.git("checkout", "-q", "side")
    repo.git("merge", "-q", "--no-ff", "-m", "merge main into side", "main", date=DAYS[54])
    logs = Logs(monkeypatch)
    again = read(repo, cache)
    assert logs.take() == ["since", "full"]  # b.md goes down the side line: read from HEAD
    assert again == fresh(repo)


def test_files_changed_at_the_last_build(repo, tmp_path) -> None:
    """A file with changes at the last build was not dated then: committed since, or its
    change undone, it is dated as a fresh read dates it."""
    cache = tmp_path / "cache"
    repo.write("docs/guide/a.md", "a change\n")
    repo.write("docs/ref/c.md", "another\n")
    first = read(repo, cache)
    assert first["docs/guide/a.md"].source == "mtime"
    repo.commit("a committed", DAYS[60], "docs/guide/a.md")
    repo.git("checkout", "--", "docs/ref/c.md")
    assert read(repo, cache) == fresh(repo)


def test_a_shallow_clone(repo, tmp_path, monkeypatch) -> None:
    clone = GitRepo(tmp_path / "clone")
    repo.git("clone", "-q", "--depth", "3", f"file://{repo.root}", str(clone.root))
    cache = tmp_path / "cache"
    first = read(clone, cache)
    assert any(facts.cut is not None for facts in first.values())
    logs = Logs(monkeypatch)
    clone.write("docs/index.md", "shallow edit\n")
    clone.commit("edit", DAYS[70], "docs/index.md")
    assert read(clone, cache) == fresh(clone)
    assert logs.take() == ["since", "full"]
    clone.git("fetch", "-q", "--deepen", "2")  # the boundary moved
    assert read(clone, cache) == fresh(clone)
    assert logs.take() == ["full", "full"]


def test_a_cache_that_is_not_ours_is_ignored(repo, tmp_path) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    for text in ("not json", "[]", json.dumps({"version": 1, "repositories": {"x": 1}})):
        (cache / CACHE_FILE).write_text(text, encoding="utf-8")
        assert read(repo, cache) == fresh(repo)
    data = json.loads((cache / CACHE_FILE).read_text(encoding="utf-8"))
    entry = data["repositories"][str(repo.root.resolve())]
    entry["dates"]["docs/index.md"] = 3
    (cache / CACHE_FILE).write_text(json.dumps(data), encoding="utf-8")
    assert read(repo, cache) == fresh(repo)
