"""GitDates with content in more than one repository: a submodule, a repository cloned
under the content folder; and what a repository without either runs (nothing more)."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
from pathlib import Path

import pytest

from helpers import GitRepo, checkout_times
from sitemap_core.facts import gitlog
from sitemap_core.facts.gitdates import GitDates

STAMP = 1_700_000_000  # the checkout's mtime: 2023-11-14T22:13:20Z, never a commit's date
MTIME = dt.datetime.fromtimestamp(STAMP, dt.UTC)
SITE = {
    "docs/index.md": "2022-01-01T10:00:00+00:00",
    "docs/guide/setup.md": "2022-02-01T10:00:00+01:00",
}
TALKS = {  # in the data repository, as its own history dates them
    "docs/talks/2019/a.md": "2019-05-01T09:00:00+00:00",
    "docs/talks/2019/b.md": "2020-03-03T09:00:00-05:00",
    "docs/talks/index.md": "2021-07-07T07:00:00+00:00",
}
SUBMODULE_ADDED = "2024-06-01T00:00:00+00:00"  # the superproject's commit of the gitlink


class Spy:
    """Every git process GitDates starts: its arguments and the folder it runs in."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.runs: list[tuple[list[str], str]] = []
        real = subprocess.Popen

        def spy(args, **kwargs):
            self.runs.append((list(args), os.fspath(kwargs.get("cwd") or "")))
            return real(args, **kwargs)

        monkeypatch.setattr(subprocess, "Popen", spy)

    def logs(self) -> list[tuple[str, list[str]]]:
        """(folder, pathspecs) of each `git log` GitDates ran."""
        return [
            (cwd, args[args.index("--") + 1 :]) for args, cwd in self.runs if gitlog.FORMAT in args
        ]

    def commands(self) -> list[str]:
        """The git command (`rev-parse`, `log`...) of each process."""
        return [
            next(a for a in args[1:] if not a.startswith("-") and "=" not in a)
            for args, _ in self.runs
        ]


def _data_repo(git_repo) -> GitRepo:
    data = git_repo("data")
    for rel, date in sorted(TALKS.items(), key=lambda item: item[1]):
        data.write(rel.removeprefix("docs/talks/"), f"{rel}\n")
        data.commit(f"talk {rel}", date)
    return data


def _site(git_repo) -> GitRepo:
    site = git_repo("site")
    for rel, date in SITE.items():
        site.write(rel, f"{rel}\n")
        site.commit(f"page {rel}", date)
    return site


@pytest.fixture
def with_submodule(git_repo) -> GitRepo:
    """`site` whose docs/talks is a submodule of `data`."""
    data = _data_repo(git_repo)
    site = _site(git_repo)
    site.add_submodule(data, "docs/talks", SUBMODULE_ADDED)
    checkout_times(site.root, STAMP)
    return site


def _read_by(how: str, dates: GitDates, files: list[Path]) -> None:
    if how == "prefetch":
        dates.prefetch(files)
    elif how == "ahead":
        dates.read_ahead(files)
    # "on demand": date_of reads each folder as it comes


@pytest.mark.parametrize("how", ["prefetch", "ahead", "on demand"])
def test_files_in_a_submodule_are_dated_by_the_submodule(with_submodule, monkeypatch, how):
    site = with_submodule
    spy = Spy(monkeypatch)
    dates, issues = GitDates.load(site.root / "docs")
    assert issues == []
    files = {rel: site.root / rel for rel in {**SITE, **TALKS}}
    _read_by(how, dates, list(files.values()))
    got = {rel: dates.date_of(path).isoformat() for rel, path in files.items()}
    assert got == {**SITE, **TALKS}
    talks = GitRepo(site.root / "docs" / "talks")
    assert {rel: talks.last_date(rel.removeprefix("docs/talks/")) for rel in TALKS} == TALKS
    assert [dates.facts(path).source for path in files.values()] == ["git"] * len(files)
    # One read per repository, each of its own folders.
    logs = sorted(dict.fromkeys((cwd, tuple(spec)) for cwd, spec in spy.logs()))
    if how == "on demand":
        assert logs == [
            (str(site.root), ("docs",)),  # docs/guide/ with it
            (str(talks.root), ("2019",)),
            (str(talks.root), ("index.md",)),
        ]
    else:
        assert logs == [(str(site.root), ("docs",)), (str(talks.root), ("2019", "index.md"))]
    assert dates.repositories == [site.root.resolve(), talks.root.resolve()]
    assert dates.issues == []


def test_a_submodule_found_first_dates_its_superproject_too(with_submodule):
    """The first page's file is in the submodule: the superproject's files are not
    outside the history read."""
    site = with_submodule
    dates, issues = GitDates.load(site.root / "docs" / "talks" / "2019")
    assert issues == [] and dates.root == site.root.resolve()
    got = {rel: dates.date_of(site.root / rel).isoformat() for rel in {**TALKS, **SITE}}
    assert got == {**SITE, **TALKS}
    assert dates.contains(site.root / "docs" / "index.md")


def test_uncommitted_files_in_a_submodule_have_their_mtime_untracked_ones_none(with_submodule):
    site = with_submodule
    talks = site.root / "docs" / "talks"
    edited = talks / "2019" / "a.md"
    edited.write_text("edited\n", encoding="utf-8")
    new = talks / "2019" / "new.md"
    new.write_text("new\n", encoding="utf-8")
    for n, path in enumerate((edited, new)):
        os.utime(path, (STAMP + n, STAMP + n))
    dates, _ = GitDates.load(site.root)
    assert dates.facts(edited)[:2] == (MTIME, "mtime")
    assert dates.facts(new)[:2] == (None, "untracked")
    assert dates.facts(talks / "2019" / "b.md")[:2] == (
        dt.datetime.fromisoformat(TALKS["docs/talks/2019/b.md"]),
        "git",
    )


def test_a_repository_cloned_into_the_content_folder(git_repo, tmp_path):
    """Not a submodule: a data repository cloned (and ignored) under docs/, and one left
    untracked; the site's files keep the site's dates."""
    data = _data_repo(git_repo)
    site = _site(git_repo)
    site.write(".gitignore", "docs/talks/\n")
    site.commit("ignore the data", "2022-03-01T00:00:00+00:00")
    site.git("clone", "-q", str(data.root), str(site.root / "docs" / "talks"))
    site.git("clone", "-q", str(data.root), str(site.root / "docs" / "guide" / "more"))
    checkout_times(site.root, STAMP)
    dates, issues = GitDates.load(site.root)
    assert issues == []
    dates.prefetch(site.root / rel for rel in {**SITE, **TALKS})
    got = {rel: dates.date_of(site.root / rel).isoformat() for rel in {**SITE, **TALKS}}
    assert got == {**SITE, **TALKS}
    more = site.root / "docs" / "guide" / "more" / "2019" / "b.md"
    assert dates.date_of(more).isoformat() == TALKS["docs/talks/2019/b.md"]


def test_a_shallow_submodule_in_a_full_clone(with_submodule, tmp_path):
    """`actions/checkout` with `submodules: true` and the default depth: each repository's
    own boundary says which of its files it cannot date."""
    site = with_submodule
    data = GitRepo(tmp_path / "data")
    clone = tmp_path / "clone"
    site.git("clone", "-q", f"file://{site.root}", str(clone))
    GitRepo(clone).git(
        "-c",
        "protocol.file.allow=always",
        "-c",
        f"url.file://{data.root}.insteadOf={data.root}",
        "submodule",
        "update",
        "-q",
        "--init",
        "--depth",
        "1",
    )
    talks = clone / "docs" / "talks"
    assert GitRepo(talks).git("rev-parse", "--is-shallow-repository").strip() == "true"
    checkout_times(clone, STAMP)
    dates, issues = GitDates.load(clone)
    assert issues == []
    assert dates.date_of(clone / "docs" / "index.md").isoformat() == SITE["docs/index.md"]
    # The one commit the submodule holds shows every file added: none is dated, each is
    # known to be no newer than that commit.
    head = max(TALKS.values(), key=dt.datetime.fromisoformat)
    got = {rel: dates.facts(clone / rel) for rel in TALKS}
    assert {
        rel: (facts.date, facts.cut.isoformat()) for rel, facts in got.items()
    } == dict.fromkeys(TALKS, (None, head))
    assert dates.shallow is True


def test_a_broken_nested_git_leaves_the_files_to_the_outer_repository(git_repo):
    site = _site(git_repo)
    site.write("docs/vendored/page.md", "vendored\n")
    site.commit("vendored", "2022-05-05T00:00:00+00:00")
    (site.root / "docs" / "vendored" / ".git").mkdir()  # not a repository
    dates, issues = GitDates.load(site.root)
    assert issues == []
    page = site.root / "docs" / "vendored" / "page.md"
    assert dates.date_of(page).isoformat() == "2022-05-05T00:00:00+00:00"


def test_a_repository_without_nested_ones_runs_no_other_git(git_repo, monkeypatch):
    """Without a submodule or a nested `.git`, the feature costs no git process."""
    site = _site(git_repo)
    spy = Spy(monkeypatch)
    dates, _ = GitDates.load(site.root)
    dates.read_ahead(site.root / rel for rel in SITE)
    got = {rel: dates.date_of(site.root / rel).isoformat() for rel in SITE}
    assert got == SITE
    assert sorted(spy.commands()) == ["log", "ls-files", "rev-parse", "status"]


@pytest.mark.parametrize("first", ["site", "data"])
def test_a_repository_cloned_beside_and_linked_in(git_repo, monkeypatch, first):
    """pyvideo.org's `make link-data` with a plain clone: the talks resolve outside the
    site's work tree; each file is dated by its own repository, whichever comes first."""
    data = _data_repo(git_repo)
    site = _site(git_repo)
    (site.root / "docs" / "talks").symlink_to(os.path.join("..", "..", "data"))
    checkout_times(data.root, STAMP)
    files = {rel: site.root / rel for rel in {**SITE, **TALKS}}
    ordered = sorted(files, key=lambda rel: ("talks" in rel) == (first == "site"))
    spy = Spy(monkeypatch)
    dates, issues = GitDates.load(files[ordered[0]].parent)
    assert issues == []
    dates.read_ahead(files[rel] for rel in ordered)
    assert {rel: dates.date_of(path).isoformat() for rel, path in files.items()} == {
        **SITE,
        **TALKS,
    }
    assert sorted(map(str, dates.repositories)) == sorted(map(str, (site.root, data.root)))
    assert spy.commands().count("log") == 2 and dates.issues == []


def test_a_repository_cloned_inside_and_found_first_becomes_the_sites_inner_one(git_repo):
    data = _data_repo(git_repo)
    site = _site(git_repo)
    site.write(".gitignore", "docs/talks/\n")
    site.commit("ignore the data", "2022-03-01T00:00:00+00:00")
    site.git("clone", "-q", str(data.root), str(site.root / "docs" / "talks"))
    checkout_times(site.root, STAMP)
    dates, _ = GitDates.load(site.root / "docs" / "talks" / "2019")
    files = {rel: site.root / rel for rel in {**TALKS, **SITE}}
    dates.prefetch(files.values())
    assert {rel: dates.date_of(path).isoformat() for rel, path in files.items()} == {
        **SITE,
        **TALKS,
    }
    assert dates.root == site.root.resolve()
    assert dates.repositories == [site.root.resolve(), (site.root / "docs" / "talks").resolve()]


def test_a_file_outside_every_repository_runs_no_git(git_repo, tmp_path, monkeypatch):
    site = _site(git_repo)
    elsewhere = tmp_path / "elsewhere" / "page.md"
    elsewhere.parent.mkdir()
    elsewhere.write_text("page\n", encoding="utf-8")
    dates, _ = GitDates.load(site.root)
    spy = Spy(monkeypatch)
    assert dates.date_of(elsewhere) is None and not dates.contains(elsewhere)
    assert spy.runs == []


def test_paths_made_or_linked_after_their_folder_was_listed(git_repo):
    """A folder is listed once; a file, link or folder made there since is located as
    the file system says now."""
    site = _site(git_repo)
    docs = site.root / "docs"
    dates, _ = GitDates.load(site.root)
    assert dates.date_of(docs / "index.md").isoformat() == SITE["docs/index.md"]  # listed
    (docs / "linked.md").symlink_to(docs / "guide" / "setup.md")
    (docs / "new").mkdir()
    (docs / "later.md").write_text("later\n", encoding="utf-8")
    os.utime(docs / "later.md", (STAMP, STAMP))
    site.git("add", "docs/later.md")  # tracked, not committed: dated by its mtime
    assert dates.date_of(docs / "linked.md").isoformat() == SITE["docs/guide/setup.md"]
    assert dates.date_of(docs / "later.md") == MTIME
    assert dates.contains(docs / "new") and dates.date_of(docs / "missing.md") is None
