"""GitDates.refresh: the dates read serve another build while HEAD stays on its commit.

Each test reads a real repository's history once, changes the work tree or the
repository as someone editing a site does between two builds of `mkdocs serve`, and
checks what `refresh` says and what the dates are then against a `GitDates` read anew.
"""

from __future__ import annotations

import datetime as dt
import os
import subprocess

import pytest

from helpers import GitRepo, touch_now
from sitemap_core.facts import gitlog
from sitemap_core.facts.gitdates import GitDates
from sitemap_core.values.dates import file_mtime

FIRST, SECOND, LATER = (
    "2022-03-01T10:00:00+00:00",
    "2022-09-15T16:30:00+02:00",
    "2023-04-04T04:04:04-03:00",
)
PAGES = {"docs/index.md": FIRST, "docs/guide/a.md": SECOND, "docs/guide/b.md": FIRST}


class Git:
    """The git commands GitDates runs (`rev-parse`, `log`, `status`...), one per process."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.commands: list[str] = []
        real = subprocess.Popen

        def spy(args, **kwargs):
            if gitlog.FORMAT in args:
                self.commands.append("log")
            elif args[0] == "git":
                self.commands.append(next(a for a in args[1:] if a[0] != "-" and "=" not in a))
            return real(args, **kwargs)

        monkeypatch.setattr(subprocess, "Popen", spy)


@pytest.fixture
def repo(git_repo) -> GitRepo:
    made = git_repo("site")
    for rel in PAGES:
        made.write(rel, f"{rel}\n")
    made.commit("pages", FIRST, "docs/index.md", "docs/guide/b.md")
    made.commit("guide", SECOND, "docs/guide/a.md")
    return made


def read(repo: GitRepo) -> GitDates:
    """The dates of the site's pages, read as a build reads them."""
    dates, issues = GitDates.load(repo.root / "docs")
    assert dates is not None and issues == []
    dates.prefetch(repo.root / rel for rel in PAGES)
    return dates


def facts(dates: GitDates, repo: GitRepo, *rels: str) -> dict[str, tuple[str, str]]:
    """`{page: (source, date)}`: `git` and its commit's date, or `mtime` and the file's."""
    found = {}
    for rel in rels or PAGES:
        date, source, _ = dates.facts(repo.root / rel)
        assert date is not None
        found[rel] = source, date.isoformat()
    return found


def mtime(repo: GitRepo, rel: str) -> tuple[str, str]:
    stamp = file_mtime(repo.root / rel)
    assert stamp is not None
    return "mtime", stamp.isoformat()


def committed(rels: dict[str, str]) -> dict[str, tuple[str, str]]:
    return {rel: ("git", date) for rel, date in rels.items()}


def edit(repo: GitRepo, rel: str, text: str = "edited\n") -> None:
    with (repo.root / rel).open("a", encoding="utf-8") as file:
        file.write(text)
    touch_now(repo.root / rel)


def test_nothing_changed_reads_no_history_again(repo, monkeypatch):
    dates = read(repo)
    assert facts(dates, repo) == committed(PAGES)
    git = Git(monkeypatch)
    assert dates.refresh()
    assert sorted(git.commands) == ["rev-parse", "status"]
    assert facts(dates, repo) == committed(PAGES)
    assert git.commands.count("log") == 0


def test_an_edit_is_dated_by_its_mtime_and_undoing_it_by_its_commit(repo, monkeypatch):
    dates = read(repo)
    edit(repo, "docs/guide/a.md")
    edit(repo, "docs/guide/b.md", "")  # touched, the same bytes: still the commit's
    repo.write("docs/guide/new.md", "a page made since\n")
    repo.git("add", "docs/guide/new.md")  # tracked: its mtime dates it (untracked: nothing)
    touch_now(repo.root / "docs/guide/new.md")
    git = Git(monkeypatch)
    assert dates.refresh()
    expected = {
        **committed(PAGES),
        "docs/guide/a.md": mtime(repo, "docs/guide/a.md"),
        "docs/guide/new.md": mtime(repo, "docs/guide/new.md"),
    }
    assert facts(dates, repo, *expected) == expected == facts(read(repo), repo, *expected)
    git.commands.clear()
    repo.git("checkout", "-q", "--", "docs/guide/a.md")
    assert dates.refresh()
    assert git.commands.count("log") == 0
    assert facts(dates, repo) == committed(PAGES)


def test_a_staged_edit_counts_as_changed(repo):
    dates = read(repo)
    edit(repo, "docs/index.md")
    repo.git("add", "docs/index.md")
    assert dates.refresh()
    assert facts(dates, repo, "docs/index.md") == {"docs/index.md": mtime(repo, "docs/index.md")}


def test_a_file_changed_at_the_read_and_restored_since_needs_a_new_read(repo):
    edit(repo, "docs/guide/a.md")
    dates = read(repo)
    assert facts(dates, repo, "docs/guide/a.md")["docs/guide/a.md"][0] == "mtime"
    repo.git("checkout", "-q", "--", "docs/guide/a.md")
    assert not dates.refresh()  # its commit was never read
    assert facts(read(repo), repo) == committed(PAGES)


@pytest.mark.parametrize("move", ["commit", "amend", "checkout", "reset"])
def test_head_moved_needs_a_new_read(repo, move):
    dates = read(repo)
    if move == "commit":
        edit(repo, "docs/index.md")
        repo.commit("edit", LATER)
        expected = {**committed(PAGES), "docs/index.md": ("git", LATER)}
    elif move == "amend":
        repo.git("commit", "-q", "--amend", "--allow-empty", "-m", "guide", date=LATER)
        expected = {**committed(PAGES), "docs/guide/a.md": ("git", LATER)}
    elif move == "checkout":  # another branch, one commit back: a.md is not there
        repo.git("checkout", "-q", "-b", "older", "HEAD~1")
        expected = committed({"docs/index.md": FIRST, "docs/guide/b.md": FIRST})
    else:
        repo.git("reset", "-q", "--soft", "HEAD~1")  # a.md staged again, not committed
        expected = {**committed(PAGES), "docs/guide/a.md": mtime(repo, "docs/guide/a.md")}
    assert not dates.refresh()
    assert facts(read(repo), repo, *expected) == expected


def test_a_deeper_shallow_clone_needs_a_new_read(repo, tmp_path):
    clone = GitRepo(tmp_path / "clone")
    repo.git("clone", "-q", "--depth", "1", f"file://{repo.root}", str(clone.root))
    dates = read(clone)
    assert all(dates.beyond_history(clone.root / rel) for rel in PAGES)
    clone.git("fetch", "-q", "--deepen", "1")  # HEAD stays; the oldest commit is one back
    assert not dates.refresh()
    fresh = read(clone)
    assert facts(fresh, clone, "docs/guide/a.md") == {"docs/guide/a.md": ("git", SECOND)}
    assert fresh.beyond_history(clone.root / "docs/index.md")


def test_a_commit_in_a_repository_inside_needs_a_new_read(repo, git_repo):
    data = git_repo("site/docs/data")  # cloned into the content folder, not a submodule
    data.write("talk.md", "a talk\n")
    data.commit("talk", FIRST)
    dates = read(repo)
    talk = repo.root / "docs/data/talk.md"
    assert dates.facts(talk)[:2] == (dt.datetime.fromisoformat(FIRST), "git")
    assert dates.refresh()
    data.write("talk.md", "a talk, edited\n")
    data.commit("edit", LATER)
    assert not dates.refresh()
    fresh = read(repo)
    assert fresh.facts(talk)[:2] == (dt.datetime.fromisoformat(LATER), "git")


def test_no_work_tree_any_more_needs_a_new_read(repo):
    dates = read(repo)
    os.rename(repo.root / ".git", repo.root / ".git-away")
    try:
        assert not dates.refresh()
    finally:
        os.rename(repo.root / ".git-away", repo.root / ".git")


def test_a_link_is_followed_where_it_points_now(repo):
    """Paths are located anew at each refresh: a page that is a link to another file is
    dated by the file it points to at that build."""
    link = repo.root / "docs/guide/link.md"
    link.symlink_to("a.md")
    dates = read(repo)
    assert dates.facts(link)[:2] == (dt.datetime.fromisoformat(SECOND), "git")
    link.unlink()
    link.symlink_to("b.md")
    assert dates.refresh()
    assert dates.facts(link)[:2] == (dt.datetime.fromisoformat(FIRST), "git")
