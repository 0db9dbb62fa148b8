"""GitDates: one streamed `git log` gives every file the date `git log -1 -- file` gives."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
from pathlib import Path

import pytest

from sitemap_core import gitdates
from sitemap_core.gitdates import GitDates

UTC = dt.timezone.utc

# What each file's last commit is in `history` below, as %cI prints it.
EXPECTED = {
    "README.md": "2021-01-01T10:00:00+00:00",
    "docs/index.md": "2021-04-01T12:00:00+02:00",  # changed on both sides: the merge
    "docs/guide/intro.md": "2021-06-02T09:00:00+00:00",  # fast-forwardable --no-ff merge
    "docs/été/naïve page.md": "2021-01-01T10:00:00+00:00",
    "docs/new name.md": "2021-03-05T10:00:00+00:00",  # the rename dates the new path
    "docs/reverted.md": "2021-01-01T10:00:00+00:00",  # side edit undone before the merge
    "docs/side only.md": "2021-03-01T10:00:00-05:00",  # taken whole from the side branch
    "docs/late.md": "2021-05-01T08:30:00+00:00",
}


def _history(git_repo):
    repo = git_repo()
    repo.write("README.md", "readme\n")
    repo.write("docs/index.md", "one\n\n\n\ntwo\n\n\n\nthree\n")
    repo.write("docs/guide/intro.md", "intro\n")
    repo.write("docs/été/naïve page.md", "naïve\n")
    repo.write("docs/old name.md", "renamed later\n")
    repo.write("docs/reverted.md", "keep\n")
    repo.commit("start", "2021-01-01T10:00:00+00:00")
    repo.write("docs/index.md", "ONE\n\n\n\ntwo\n\n\n\nthree\n")
    repo.commit("edit index", "2021-02-01T10:00:00+01:00")

    repo.git("checkout", "-q", "-b", "side")
    repo.write("docs/side only.md", "side\n")
    repo.commit("side page", "2021-03-01T10:00:00-05:00")
    repo.write("docs/index.md", "ONE\n\n\n\ntwo\n\n\n\nTHREE\n")
    repo.commit("side edits index", "2021-03-02T10:00:00+00:00")
    repo.write("docs/reverted.md", "changed\n")
    repo.commit("side edit", "2021-03-03T10:00:00+00:00")
    repo.write("docs/reverted.md", "keep\n")
    repo.commit("side revert", "2021-03-20T10:00:00+00:00")

    repo.git("checkout", "-q", "main")
    repo.git("mv", "docs/old name.md", "docs/new name.md")
    repo.commit("rename", "2021-03-05T10:00:00+00:00")
    repo.write("docs/index.md", "ONE\n\n\n\nTWO\n\n\n\nthree\n")
    repo.commit("main edits index", "2021-03-06T10:00:00+00:00")
    repo.git("merge", "-q", "--no-ff", "--no-edit", "side", date="2021-04-01T12:00:00+02:00")

    repo.write("docs/late.md", "late\n")
    repo.commit("late page", "2021-05-01T08:30:00+00:00")
    repo.git("checkout", "-q", "-b", "fix")
    repo.write("docs/guide/intro.md", "intro, fixed\n")
    repo.commit("fix intro", "2021-06-02T09:00:00+00:00")
    repo.git("checkout", "-q", "main")
    repo.git("merge", "-q", "--no-ff", "--no-edit", "fix", date="2021-06-03T09:00:00+00:00")

    repo.git("checkout", "-q", "-b", "dead", "HEAD~1")
    repo.write("docs/index.md", "abandoned\n")
    repo.commit("abandoned", "2021-07-01T09:00:00+00:00")
    repo.git("checkout", "-q", "main")
    repo.git("merge", "-q", "-s", "ours", "--no-edit", "dead", date="2021-07-02T09:00:00+00:00")
    return repo


@pytest.fixture
def history(git_repo):
    return _history(git_repo)


@pytest.mark.parametrize(("merges", "start"), [
    (gitdates._MERGES, "docs"),
    # git older than 2.31 spells separate merge diffs `-m`: an unknown --diff-merges value
    # fails as an old git fails on the option itself.
    (("--diff-merges=from-the-future", "-m"), "."),
], ids=["diff-merges", "git-before-2.31"])
def test_every_file_gets_the_date_git_log_gives_it(history, monkeypatch, merges, start):
    monkeypatch.setattr(gitdates, "_MERGES", merges)
    dates, issues = GitDates.load(history.root / start)
    assert issues == []
    assert dates is not None and dates.shallow is False
    got = {rel: dates.date_of(history.root / rel).isoformat() for rel in EXPECTED}
    assert got == EXPECTED
    assert {rel: history.last_date(rel) for rel in EXPECTED} == EXPECTED


def test_dates_keep_the_committer_offset(history):
    dates, _ = GitDates.load(history.root)
    side = dates.date_of(history.root / "docs/side only.md")
    assert side == dt.datetime(2021, 3, 1, 15, 0, tzinfo=UTC)
    assert side.utcoffset() == dt.timedelta(hours=-5)


def test_renamed_away_and_outside_paths_have_no_date(history, tmp_path):
    dates, _ = GitDates.load(history.root)
    assert dates.date_of(history.root / "docs/old name.md") is None
    outside = tmp_path / "outside.md"
    outside.write_text("x")
    assert dates.date_of(outside) is None
    assert dates.date_of(history.root / "docs/missing.md") is None


def test_relative_and_symlinked_paths(history, tmp_path, monkeypatch):
    link = tmp_path / "link"
    link.symlink_to(history.root, target_is_directory=True)
    monkeypatch.chdir(link / "docs")
    dates, issues = GitDates.load(Path("."))
    assert issues == []
    want = dt.datetime.fromisoformat(EXPECTED["docs/late.md"])
    assert dates.date_of(Path("late.md")) == want
    assert dates.date_of(link / "docs" / "late.md") == want
    assert dates.date_of(history.root / "docs" / "late.md") == want
    assert dates.root == history.root.resolve()


def test_uncommitted_and_untracked_files_use_mtime(history):
    stamp = 1_700_000_000
    edited = history.write("docs/late.md", "edited, not committed\n")
    staged = history.write("docs/guide/intro.md", "staged\n")
    history.git("add", "docs/guide/intro.md")
    new = history.write("docs/brand new.md", "untracked\n")
    for n, path in enumerate((edited, staged, new)):
        os.utime(path, (stamp + n, stamp + n))
    dates, issues = GitDates.load(history.root)
    assert issues == []
    assert dates.date_of(edited) == dt.datetime(2023, 11, 14, 22, 13, 20, tzinfo=UTC)
    assert dates.date_of(staged) == dt.datetime(2023, 11, 14, 22, 13, 21, tzinfo=UTC)
    assert dates.date_of(new) == dt.datetime(2023, 11, 14, 22, 13, 22, tzinfo=UTC)
    assert dates.date_of(history.root / "README.md").isoformat() == EXPECTED["README.md"]


def test_not_a_repository(tmp_path, monkeypatch):
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    folder = tmp_path / "plain"
    folder.mkdir()
    dates, issues = GitDates.load(folder)
    assert dates is None
    assert len(issues) == 1
    issue = issues[0]
    assert (issue.code, issue.page, issue.field, issue.level) == (
        "git", str(folder), "lastmod", "warning")
    assert "not inside a git work tree" in issue.message
    assert "falling back" in issue.message
    missing = folder / "not" / "made.md"
    dates, issues = GitDates.load(missing)
    assert dates is None and [(i.code, i.page) for i in issues] == [("git", str(missing))]
    assert "not inside a git work tree" in issues[0].message


def test_no_git_executable(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    dates, issues = GitDates.load(tmp_path)
    assert dates is None
    assert [i.code for i in issues] == ["git"]
    assert "git was not found" in issues[0].message


def test_repository_without_commits(git_repo):
    repo = git_repo()
    page = repo.write("docs/a.md")
    os.utime(page, (1_600_000_000, 1_600_000_000))
    dates, issues = GitDates.load(repo.root)
    assert dates is not None
    assert [i.code for i in issues] == ["git"]
    assert "no commits yet" in issues[0].message
    assert dates.date_of(page) == dt.datetime(2020, 9, 13, 12, 26, 40, tzinfo=UTC)


def test_odd_file_names(git_repo):
    repo = git_repo()
    names = ["a\nb.md", "tab\there.md", "*.md", "-dash.md", "日本語/ページ.md", " lead.md"]
    for n, name in enumerate(names):
        repo.write(name, name)
        repo.commit(f"add {n}", f"2022-01-0{n + 1}T00:00:00+00:00")
    dates, issues = GitDates.load(repo.root)
    assert issues == []
    got = {name: dates.date_of(repo.root / name).isoformat() for name in names}
    assert got == {name: f"2022-01-0{n + 1}T00:00:00+00:00" for n, name in enumerate(names)}
    assert got == {name: repo.last_date(name) for name in names}


def test_log_stops_once_every_file_is_dated(git_repo, monkeypatch):
    repo = git_repo()
    repo.write("old.md")
    repo.commit("old", "2020-01-01T00:00:00+00:00")
    for n in range(30):
        repo.write("hot.md", str(n))
        repo.commit(f"hot {n}", f"2020-02-{n + 1:02d}T00:00:00+00:00" if n < 28
                    else f"2020-03-{n - 27:02d}T00:00:00+00:00")
    repo.git("rm", "-q", "old.md")
    repo.commit("drop old", "2020-04-01T00:00:00+00:00")
    seen: list[bytes] = []
    real_popen = subprocess.Popen

    class SmallReads:  # so that stopping early shows in what was read
        def __init__(self, stream):
            self.stream = stream

        def read1(self, size=-1):
            seen.append(self.stream.read1(64))
            return seen[-1]

        def close(self):
            self.stream.close()

    def spy(args, **kwargs):
        proc = real_popen(args, **kwargs)
        if "log" in args:
            proc.stdout = SmallReads(proc.stdout)
        return proc

    monkeypatch.setattr(subprocess, "Popen", spy)
    dates, issues = GitDates.load(repo.root)
    assert issues == []
    assert dates.date_of(repo.root / "hot.md").isoformat() == "2020-03-02T00:00:00+00:00"
    assert b"".join(seen).count(b"\0\0") < 5  # 32 commits in the log, only the first read
