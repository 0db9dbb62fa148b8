"""GitDates: one streamed `git log` gives every file the date `git log -1 -- file` gives."""

from __future__ import annotations

import datetime as dt
import os
import subprocess
from pathlib import Path

import pytest

from helpers import GitRepo
from sitemap_core.facts import gitlog, gitreading
from sitemap_core.facts.gitdates import GitDates
from sitemap_core.facts.gitprocess import Probe

UTC = dt.UTC

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


class LogSpy:
    """Records each `git log` GitDates starts: its pathspecs and the bytes read from it."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.runs: list[tuple[list[str], list[bytes]]] = []
        self.commands: list[list[str]] = []  # every process started
        self.read_size = 1 << 16
        real_popen = subprocess.Popen

        def spy(args, **kwargs):
            self.commands.append(args)
            proc = real_popen(args, **kwargs)
            if gitlog.FORMAT in args:  # GitDates' log, not the tests' own git log
                seen: list[bytes] = []
                self.runs.append((args[args.index("--") + 1 :], seen))
                if proc.stdout is not None:  # read ahead, the log goes to a file
                    proc.stdout = _Reads(proc.stdout, seen, self)
            return proc

        monkeypatch.setattr(subprocess, "Popen", spy)

    @property
    def pathspecs(self) -> list[list[str]]:
        return [pathspec for pathspec, _ in self.runs]

    def commits_read(self, run: int) -> int:
        """How many commit headers the `run`-th log showed in what was read of it."""
        tokens = b"".join(self.runs[run][1]).split(b"\0")
        return sum(
            1
            for before, token in zip(tokens, tokens[1:])
            if before == b"" and len(token) > 41 and token[40:41] == b" "
        )


class _Reads:
    def __init__(self, stream, seen: list[bytes], spy: LogSpy) -> None:
        self.stream, self.seen, self.spy = stream, seen, spy

    def read1(self, size=-1):
        self.seen.append(self.stream.read1(self.spy.read_size))
        return self.seen[-1]

    def close(self):
        self.stream.close()


@pytest.fixture
def logs(monkeypatch):
    return LogSpy(monkeypatch)


def _read_by(how: str, dates: GitDates, root: Path, files) -> None:
    if how == "folders":
        dates.prefetch(root / rel for rel in files)
    elif how == "root":
        dates.prefetch([root])
    elif how == "ahead":
        dates.read_ahead(root / rel for rel in files)
    # "one by one": date_of reads each folder as it comes (deepest first: nested logs)


@pytest.mark.parametrize("how", ["folders", "root", "one by one", "ahead"])
@pytest.mark.parametrize(
    ("merges", "start"),
    [
        (gitlog.MERGES, "docs"),
        # git older than 2.31 spells separate merge diffs `-m`: an unknown --diff-merges value
        # fails as an old git fails on the option itself.
        (("--diff-merges=from-the-future", "-m"), "."),
    ],
    ids=["diff-merges", "git-before-2.31"],
)
def test_every_file_gets_the_date_git_log_gives_it(history, monkeypatch, logs, merges, start, how):
    monkeypatch.setattr(gitlog, "MERGES", merges)
    dates, issues = GitDates.load(history.root / start)
    assert issues == []
    assert dates is not None and dates.shallow is False
    assert logs.runs == []  # load reads no history
    deepest_first = sorted(EXPECTED, key=lambda rel: -rel.count("/"))
    _read_by(how, dates, history.root, deepest_first)
    got = {rel: dates.date_of(history.root / rel).isoformat() for rel in deepest_first}
    assert got == EXPECTED
    assert {rel: history.last_date(rel) for rel in EXPECTED} == EXPECTED
    assert not any(map(dates.beyond_history, (history.root / rel for rel in EXPECTED)))
    assert dates.issues == []
    first_logs = {
        "folders": [["README.md", "docs"]],
        "ahead": [["README.md", "docs"]],
        "root": [[]],
        "one by one": [["docs/guide"], ["docs/été"], ["docs"], ["README.md"]],
    }
    ran = [list(spec) for spec in dict.fromkeys(map(tuple, logs.pathspecs))]  # -m: twice each
    assert ran == first_logs[how]


def test_a_folder_log_follows_each_file_down_its_own_parent(git_repo):
    """The merge equals its second parent in docs/, but c.md is the same in both parents
    (the same edit made on each side): `git log -- docs/c.md` follows the first parent,
    while git's own simplification of `-- docs` follows the second."""
    repo = git_repo()
    repo.write("docs/c.md", "0\n")
    repo.write("docs/g.md", "0\n")
    repo.write("docs/h.md", "0\n")
    repo.commit("start", "2022-01-01T00:00:00+00:00")
    repo.git("checkout", "-q", "-b", "side")
    repo.write("docs/c.md", "1\n")
    repo.commit("side edits c", "2022-01-02T00:00:00+00:00")
    repo.write("docs/h.md", "side\n")
    repo.commit("side edits h", "2022-01-03T00:00:00+00:00")
    repo.git("checkout", "-q", "main")
    repo.write("docs/c.md", "1\n")
    repo.commit("main makes the same edit to c", "2022-01-04T00:00:00+00:00")
    repo.write("docs/g.md", "main\n")
    repo.commit("main edits g", "2022-01-05T00:00:00+00:00")
    repo.git("merge", "-q", "--no-commit", "side")
    repo.git("checkout", "side", "--", "docs")  # the merge takes the side's docs/ whole
    repo.commit("merge", "2022-01-06T00:00:00+00:00")
    repo.write("src/code.py", "x\n")
    repo.commit("code", "2022-01-07T00:00:00+00:00")
    want = {
        "docs/c.md": "2022-01-04T00:00:00+00:00",  # the first parent's edit
        "docs/g.md": "2022-01-01T00:00:00+00:00",  # the side's, untouched since the start
        "docs/h.md": "2022-01-03T00:00:00+00:00",
    }  # the side's edit
    assert {rel: repo.last_date(rel) for rel in want} == want
    folder_log = repo.git("log", "--format=%cI", "--", "docs").split()
    assert want["docs/c.md"] not in folder_log  # what a per-folder walk would miss
    dates, _ = GitDates.load(repo.root)
    dates.prefetch([repo.root / "docs/c.md"])
    assert {rel: dates.date_of(repo.root / rel).isoformat() for rel in want} == want


def test_merges_whose_only_file_listed_has_a_newline_in_its_name(git_repo, logs):
    """`git cat-file --batch-check` reads names line by line: `git diff-tree` tells instead
    which parent a merge's one diff is against."""
    repo = git_repo()
    name = "docs/two\nlines.md"
    repo.write(name, "0\n")
    repo.commit("start", "2022-01-01T00:00:00+00:00")
    for n, strategy in enumerate((("--no-ff",), ("-s", "ours"))):
        repo.git("checkout", "-q", "-b", f"side-{n}")
        repo.write(name, f"side {n}\n")
        repo.commit("side", f"2022-0{n + 2}-01T00:00:00+00:00")
        repo.git("checkout", "-q", "main")
        repo.write(f"src/code {n}.py")
        repo.commit("code", f"2022-0{n + 2}-02T00:00:00+00:00")
        repo.git(
            "merge",
            "-q",
            "--no-edit",
            *strategy,
            f"side-{n}",
            date=f"2022-0{n + 2}-03T00:00:00+00:00",
        )
    dates, _ = GitDates.load(repo.root)
    assert (
        dates.date_of(repo.root / name).isoformat()
        == repo.last_date(name)
        == ("2022-02-01T00:00:00+00:00")
    )  # the first side's, kept by the second merge
    assert [args for args in logs.commands if "diff-tree" in args] != []


def test_a_commit_dated_before_its_parent(git_repo):
    """f.md reaches `start` only through `skewed`, its child dated a year earlier: git's
    plain date order would show `start` first, and drop it from `skewed`'s rewritten
    parents; `--date-order` shows every commit after its children."""
    repo = git_repo()
    repo.write("docs/f.md", "0\n")
    repo.commit("start", "2020-01-01T00:00:00+00:00")
    repo.git("checkout", "-q", "-b", "side")
    repo.write("docs/s.md", "s\n")
    repo.commit("skewed", "2019-06-01T00:00:00+00:00")
    repo.git("checkout", "-q", "main")
    repo.write("docs/f.md", "1\n")
    repo.commit("edit f", "2020-01-02T00:00:00+00:00")
    repo.git("merge", "-q", "--no-commit", "side")
    repo.git("checkout", "side", "--", "docs/f.md")  # the merge takes f.md back from the side
    repo.commit("merge", "2020-01-03T00:00:00+00:00")
    dates, _ = GitDates.load(repo.root)
    got = {rel: dates.date_of(repo.root / rel).isoformat() for rel in ("docs/f.md", "docs/s.md")}
    assert got == {
        "docs/f.md": "2020-01-01T00:00:00+00:00",
        "docs/s.md": "2019-06-01T00:00:00+00:00",
    }
    assert got == {rel: repo.last_date(rel) for rel in got}


def test_a_docs_prefetch_reads_only_the_docs_history(git_repo, logs):
    repo = git_repo()
    repo.write("docs/a.md", "a\n")
    repo.write("docs/b.md", "b\n")
    repo.write("src/code.py", "0\n")
    repo.commit("start", "2022-01-01T00:00:00+00:00")
    for n in range(40):
        if n == 20:
            repo.write("docs/b.md", "b, edited\n")
            repo.commit("docs", "2022-02-01T00:00:00+00:00")
        repo.write("src/code.py", f"{n}\n")
        repo.commit(f"code {n}", f"2022-03-{n % 28 + 1:02d}T{n // 28:02d}:00:00+00:00")
    dates, _ = GitDates.load(repo.root / "docs")
    dates.prefetch([repo.root / "docs/a.md", repo.root / "docs/b.md", repo.root / "docs/b.md"])
    assert logs.pathspecs == [["docs"]]
    assert logs.commits_read(0) == 2  # of 42: the docs commit and the first one
    assert dates.date_of(repo.root / "docs/a.md").isoformat() == "2022-01-01T00:00:00+00:00"
    assert dates.date_of(repo.root / "docs/b.md").isoformat() == "2022-02-01T00:00:00+00:00"
    assert logs.pathspecs == [["docs"]]
    code = dates.date_of(repo.root / "src/code.py")  # not dated by the docs log: read now
    assert logs.pathspecs == [["docs"], ["src"]]
    assert code.isoformat() == repo.last_date("src/code.py")


def test_prefetch_reads_each_folder_once(history, logs):
    history.write("docs/new/later.md", "later\n")
    history.write("LICENSE", "license\n")
    history.commit("a folder added later", "2021-08-01T00:00:00+00:00")
    root = history.root
    dates, _ = GitDates.load(root)
    dates.prefetch([root / "docs/new/later.md"])
    assert logs.pathspecs == [["docs/new"]]
    assert dates.date_of(root / "docs/new/later.md").isoformat() == "2021-08-01T00:00:00+00:00"
    dates.prefetch([root / "docs/new/later.md", root / "docs/new/not made yet.md"])
    assert len(logs.runs) == 1  # already read: no git process
    dates.prefetch(
        [
            root / "docs/guide/intro.md",
            root / "README.md",
            root / "docs/index.md",
            root / "docs/guide/x.md",
            root.parent / "outside.md",
        ]
    )
    assert logs.pathspecs[1:] == [["README.md", "docs"]]  # a root file alone; docs/ once
    dates.prefetch([root / "docs/été/naïve page.md", root / "docs/new/later.md"])
    assert len(logs.runs) == 2
    got = {rel: dates.date_of(root / rel).isoformat() for rel in EXPECTED}
    assert got == EXPECTED and len(logs.runs) == 2
    assert dates.date_of(root / "LICENSE").isoformat() == "2021-08-01T00:00:00+00:00"
    assert logs.pathspecs[2:] == [["LICENSE"]]


def test_many_folders_are_logged_through_the_folder_holding_them(git_repo, logs):
    repo = git_repo()
    names = [f"docs/part {n}/page.md" for n in range(gitreading.PATHSPECS + 1)]
    for n, name in enumerate([*names, "docs/other/x.md", "src/code.py"]):
        repo.write(name, name)
        repo.commit(name, f"2022-01-{n + 1:02d}T00:00:00+00:00")
    dates, _ = GitDates.load(repo.root)
    dates.prefetch(repo.root / name for name in names)
    assert logs.pathspecs == [["docs"]]  # not 17 pathspecs: git would match each entry to each
    got = {name: dates.date_of(repo.root / name).isoformat() for name in names}
    assert got == {name: repo.last_date(name) for name in names}
    assert len(logs.runs) == 1
    assert dates.date_of(repo.root / "docs/other/x.md").isoformat() == repo.last_date(
        "docs/other/x.md"
    )  # in the log read, but not asked for: read on its own
    assert logs.pathspecs[1:] == [["docs/other"]]


def test_many_top_folders_are_logged_as_the_whole_history(git_repo, logs):
    """A data repository of one folder per conference: one `git log` of the whole history,
    not a pathspec per folder."""
    repo = git_repo()
    names = [f"conf-{n}/videos/talk.json" for n in range(gitreading.PATHSPECS + 1)]
    for n, name in enumerate([*names, "README.md"]):
        repo.write(name, name)
        repo.commit(name, f"2022-01-{n + 1:02d}T00:00:00+00:00")
    repo.write(names[3], "edited")  # a merge, so the whole tree is what parents are probed on
    repo.git("checkout", "-q", "-b", "topic")
    repo.commit("edit", "2022-03-01T00:00:00+00:00")
    repo.git("checkout", "-q", "main")
    repo.write("README.md", "again")
    repo.commit("readme", "2022-03-02T00:00:00+00:00")
    repo.git("merge", "-q", "--no-ff", "--no-edit", "topic", date="2022-03-03T00:00:00+00:00")
    dates, _ = GitDates.load(repo.root)
    dates.prefetch(repo.root / name for name in names)
    assert logs.pathspecs == [[]]
    got = {name: dates.date_of(repo.root / name).isoformat() for name in names}
    assert got == {name: repo.last_date(name) for name in names}
    assert len(logs.runs) == 1


def _shallow_history(git_repo):
    """`history`, then a merge whose sides change index.md and side only.md."""
    repo = _history(git_repo)
    repo.git("checkout", "-q", "-b", "topic")
    repo.write("docs/side only.md", "side, again\n")
    repo.commit("topic edit", "2021-08-01T10:00:00+00:00")
    repo.git("checkout", "-q", "main")
    repo.write("docs/index.md", "index, again\n")
    repo.commit("main edit", "2021-08-02T10:00:00+00:00")
    repo.git("merge", "-q", "--no-ff", "--no-edit", "topic", date="2021-08-03T10:00:00+00:00")
    return repo


# In a clone of depth 3: the merge, its two parents, and their parent, the boundary.
INSIDE = {
    "docs/index.md": "2021-08-02T10:00:00+00:00",
    "docs/side only.md": "2021-08-01T10:00:00+00:00",
}


@pytest.mark.parametrize("how", ["folders", "one by one", "ahead"])
def test_a_shallow_clone_dates_what_its_history_holds(git_repo, tmp_path, how):
    repo = _shallow_history(git_repo)
    clone = tmp_path / "clone"
    repo.git("clone", "-q", "--depth", "3", f"file://{repo.root}", str(clone))
    shallow = GitRepo(clone)
    assert len(shallow.git("rev-list", "HEAD").split()) == 4
    edited = shallow.write("docs/late.md", "edited\n")
    os.utime(edited, (1_700_000_000, 1_700_000_000))
    dates, issues = GitDates.load(clone / "docs")
    assert issues == [] and dates.shallow is True
    _read_by(how, dates, clone, EXPECTED)
    clean = [rel for rel in EXPECTED if rel != "docs/late.md"]
    got = {rel: dates.date_of(clone / rel) for rel in clean}
    assert {rel: d.isoformat() for rel, d in got.items() if d is not None} == INSIDE
    assert {rel: shallow.last_date(rel) for rel in INSIDE} == INSIDE
    older = {rel for rel in clean if rel not in INSIDE}
    assert {rel for rel in clean if got[rel] is None} == older
    assert {rel for rel in EXPECTED if dates.beyond_history(clone / rel)} == older
    assert dates.date_of(edited) == dt.datetime(2023, 11, 14, 22, 13, 20, tzinfo=UTC)


def test_a_worktree_of_a_shallow_clone_and_a_full_clone(git_repo, tmp_path):
    repo = _shallow_history(git_repo)
    clone, full = tmp_path / "clone", tmp_path / "full"
    repo.git("clone", "-q", "--depth", "3", f"file://{repo.root}", str(clone))
    repo.git("clone", "-q", "--no-local", str(repo.root), str(full))
    GitRepo(clone).git("worktree", "add", "-q", str(tmp_path / "tree"), "HEAD")
    dates, issues = GitDates.load(tmp_path / "tree")
    assert issues == [] and dates.shallow is True
    got = {rel: dates.date_of(tmp_path / "tree" / rel) for rel in EXPECTED}
    assert {rel: d.isoformat() for rel, d in got.items() if d is not None} == INSIDE
    assert all(
        dates.beyond_history(tmp_path / "tree" / rel) for rel in EXPECTED if rel not in INSIDE
    )
    dates, issues = GitDates.load(full)
    assert issues == [] and dates.shallow is False
    dates.prefetch(full / rel for rel in EXPECTED)
    want = {**EXPECTED, **INSIDE}
    assert {rel: dates.date_of(full / rel).isoformat() for rel in want} == want
    assert {rel: GitRepo(full).last_date(rel) for rel in want} == want
    assert not any(dates.beyond_history(full / rel) for rel in want)


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


def test_one_file_spelt_many_ways_is_located_once_alike(history, tmp_path):
    """Every spelling of a path is located as `Path.resolve()` places it, whichever comes
    first (a folder's spelling is remembered once its first file is located)."""
    from sitemap_core.facts.gitpaths import WorkTreePaths

    link = tmp_path / "link"
    link.symlink_to(history.root / "docs", target_is_directory=True)
    (history.root / "docs" / "alias.md").symlink_to("late.md")
    docs = str(history.root / "docs")
    spellings = [
        f"{docs}/late.md",
        f"{docs}//late.md",
        f"{docs}/./late.md",
        f"{docs}/late.md/",
        f"{docs}/sub/../late.md",
        f"{link}/late.md",
        f"{docs}/alias.md",
        f"{docs}/.",
        f"{docs}/",
        f"{docs}/missing.md",
    ]
    for order in (spellings, spellings[::-1]):
        paths = WorkTreePaths(str(history.root.resolve()))
        for text in order:
            real = Path(text).resolve()
            want = real.relative_to(history.root.resolve()).as_posix(), real.is_dir()
            assert paths.locate(text) == (want[0] if want[0] != "." else "", want[1]), text


def test_uncommitted_files_use_mtime_and_untracked_ones_nothing(history):
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
    assert dates.facts(new) == (None, "untracked", None)  # its mtime is no edit's date
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
        "git",
        str(folder),
        "lastmod",
        "warning",
    )
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
    repo.git("add", "docs/a.md")  # tracked, not committed: its mtime
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


@pytest.mark.parametrize("chunk", [1, 3, 64, 1 << 16])
def test_the_log_read_in_any_chunks_dates_the_same(git_repo, logs, chunk):
    """Records and names cut across the reads of the log (down to a byte a read); names
    with a newline first (listed first in a record or not) or inside, not UTF-8; records
    listing only files nobody asks for: every file gets `git log -1`'s date, and each
    merge's records still line up with its parents (no `git cat-file` asked which parent
    a record is against)."""
    repo = git_repo()
    wanted = ["\ttab.md", "\nnewline.md", "mid\nline.md", "caf\udce9.md", " lead.md", "b.md"]
    for name in [*wanted, "other.md", "docs/other.md"]:
        repo.write(name, "0\n")
    repo.commit("start", "2022-01-01T00:00:00+00:00")
    for n, (side, main) in enumerate(
        [(["other.md", "mid\nline.md"], ["\ttab.md", "\nnewline.md"]), (["other.md"], ["b.md"])]
    ):
        repo.git("checkout", "-q", "-b", f"side-{n}")
        for name in side:
            repo.write(name, f"side {n}\n")
        repo.commit("side", f"2022-0{n + 2}-01T00:00:00+00:00")
        repo.git("checkout", "-q", "main")
        for name in main:
            repo.write(name, f"main {n}\n")
        repo.commit("main", f"2022-0{n + 2}-02T00:00:00+00:00")
        merged = f"2022-0{n + 2}-03T00:00:00+00:00"
        repo.git("merge", "-q", "--no-ff", "--no-edit", f"side-{n}", date=merged)
    repo.git("checkout", "-q", "-b", "ours", "HEAD~1")
    repo.write("docs/other.md", "dropped\n")
    repo.commit("dropped", "2022-04-01T00:00:00+00:00")
    repo.git("checkout", "-q", "main")
    repo.git("merge", "-q", "-s", "ours", "--no-edit", "ours", date="2022-04-02T00:00:00+00:00")
    repo.write("docs/other.md", "late\n")
    repo.write("caf\udce9.md", "late\n")
    repo.commit("late", "2022-05-01T00:00:00+00:00")
    repo.write("other.md", "last\n")
    repo.commit("last", "2022-05-02T00:00:00+00:00")
    logs.read_size = chunk
    probe = Probe(repo.root)
    walk = gitlog.Walk(set(wanted), [], frozenset(), probe)
    _, _, message = gitlog.walk_log(gitlog.start_log(repo.root, []), walk)
    probe.close()
    assert message == ""
    assert walk.dates == {name: repo.last_date(name) for name in wanted}
    assert len(set(walk.dates.values())) == 5  # start, side 0, main 0, main 1, late
    assert not any("cat-file" in args for args in logs.commands)


def test_log_stops_once_every_file_is_dated(git_repo, logs):
    repo = git_repo()
    repo.write("old.md")
    repo.commit("old", "2020-01-01T00:00:00+00:00")
    for n in range(30):
        repo.write("hot.md", str(n))
        repo.commit(
            f"hot {n}",
            f"2020-02-{n + 1:02d}T00:00:00+00:00"
            if n < 28
            else f"2020-03-{n - 27:02d}T00:00:00+00:00",
        )
    repo.git("rm", "-q", "old.md")
    repo.commit("drop old", "2020-04-01T00:00:00+00:00")
    logs.read_size = 64  # so that stopping early shows in what was read
    dates, issues = GitDates.load(repo.root)
    assert issues == []
    dates.prefetch([repo.root])  # the whole repository: 32 commits in the log
    assert dates.date_of(repo.root / "hot.md").isoformat() == "2020-03-02T00:00:00+00:00"
    assert logs.pathspecs == [[]]
    assert logs.commits_read(0) <= 3  # of 32: the one that dates hot.md, and its neighbours


def test_a_history_read_ahead_gives_the_dates_read_when_asked(history):
    """`read_ahead` starts git and returns; the first date asked takes its output over,
    every date as a read on demand gives it, and folders it did not read are read then."""
    stamp = 1_700_000_000
    edited = history.write("docs/late.md", "edited, not committed\n")
    os.utime(edited, (stamp, stamp))
    dates, issues = GitDates.load(history.root / "docs")
    assert issues == []
    dates.read_ahead(history.root / rel for rel in EXPECTED if rel.startswith("docs/"))
    got = {rel: dates.date_of(history.root / rel).isoformat() for rel in EXPECTED}
    assert got == {**EXPECTED, "docs/late.md": "2023-11-14T22:13:20+00:00"}
    assert dates.issues == []


def test_a_history_read_ahead_and_never_taken_is_ended(history):
    dates, _ = GitDates.load(history.root)
    dates.read_ahead([history.root / "docs" / "index.md"])
    reading = dates._trees[0].main._history.ahead[0]
    reading.close()
    assert reading.log.proc.returncode is not None
    assert all(command.proc.returncode is not None for command in reading.listings)


def _reformatted(git_repo) -> tuple[GitRepo, str]:
    """Pages edited, then reformatted in a commit `.git-blame-ignore-revs` lists."""
    repo = git_repo("repo")
    repo.write("docs/a.md", "a\n")
    repo.write("docs/b.md", "b\n")
    repo.write("docs/c.md", "c\n")
    repo.commit("pages", "2021-01-01T10:00:00+00:00")
    repo.write("docs/a.md", "a, edited\n")
    repo.commit("edit a", "2021-02-01T10:00:00+00:00")
    repo.write("docs/a.md", "a,  edited\n")
    repo.write("docs/b.md", "b \n")
    reformat = repo.commit("reformat", "2021-03-01T10:00:00+00:00")
    repo.write("docs/c.md", "c, edited\n")
    repo.commit("edit c", "2021-04-01T10:00:00+00:00")
    repo.write(".git-blame-ignore-revs", f"# reformatting\n{reformat}  # black\n\nnot-a-hash\n")
    repo.commit("ignore the reformatting", "2021-05-01T10:00:00+00:00")
    return repo, reformat


PAGES_ABC = ("docs/a.md", "docs/b.md", "docs/c.md")


@pytest.mark.parametrize("how", ["folders", "one by one", "ahead"])
def test_commits_git_blame_ignores_date_no_file(git_repo, how):
    repo, reformat = _reformatted(git_repo)
    dates, issues = GitDates.load(repo.root / "docs", ".git-blame-ignore-revs")
    assert issues == []
    _read_by(how, dates, repo.root, PAGES_ABC)
    assert {rel: dates.date_of(repo.root / rel).isoformat() for rel in PAGES_ABC} == {
        "docs/a.md": "2021-02-01T10:00:00+00:00",  # the edit before the reformatting
        "docs/b.md": "2021-01-01T10:00:00+00:00",
        "docs/c.md": "2021-04-01T10:00:00+00:00",
    }
    # What `git blame --ignore-rev` gives the lines: the commit before.
    blamed = repo.git("blame", "--porcelain", "--ignore-rev", reformat, "--", "docs/a.md")
    edit = repo.git("log", "-1", "--format=%H", "--skip=3").strip()  # "edit a"
    assert blamed.startswith(edit)
    every, _ = GitDates.load(repo.root / "docs")  # no file named: every commit dates
    assert every.date_of(repo.root / "docs/b.md").isoformat() == "2021-03-01T10:00:00+00:00"


def test_a_file_only_ignored_commits_changed_in_a_shallow_clone_has_no_date(git_repo, tmp_path):
    repo, _ = _reformatted(git_repo)
    clone = tmp_path / "clone"
    repo.git("clone", "-q", "--depth", "4", f"file://{repo.root}", str(clone))
    assert len(GitRepo(clone).git("rev-list", "HEAD").split()) == 4  # down to "edit a"
    dates, issues = GitDates.load(clone / "docs", ".git-blame-ignore-revs")
    assert issues == []
    dates.prefetch(clone / rel for rel in PAGES_ABC)
    assert [dates.date_of(clone / rel) for rel in PAGES_ABC[:2]] == [None, None]
    assert all(dates.beyond_history(clone / rel) for rel in PAGES_ABC[:2])
    assert dates.date_of(clone / "docs/c.md").isoformat() == "2021-04-01T10:00:00+00:00"


def test_a_file_an_ignored_root_commit_made_has_no_date(git_repo):
    repo = git_repo("repo")
    repo.write("docs/a.md", "a\n")
    root = repo.commit("pages", "2021-01-01T10:00:00+00:00")
    repo.write("revs", root + "\n")
    repo.commit("ignore it", "2021-02-01T10:00:00+00:00")
    dates, _ = GitDates.load(repo.root / "docs", "revs")
    assert dates.date_of(repo.root / "docs/a.md") is None
    assert not dates.beyond_history(repo.root / "docs/a.md")
