"""One git work tree: where it is, whether it is a shallow clone or a submodule, and the
dates its history gives the files it tracks, read folder by folder.

`Repositories` finds those inside a work tree (submodules, repositories cloned into its
folders); `GitDates` (gitdates) sends each path to the one that tracks it.
"""

from __future__ import annotations

import datetime as dt
import os
import subprocess
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from ..values.dates import file_mtime
from ..values.report import Issue
from .gitcache import GitCache
from .gitpaths import Located, TrackedFiles, WorkTreePaths
from .gitprocess import FULL_HASH, Command, first_line, run_git
from .gitreading import History, commit_dated, list_tracked, no_git_dates, status_args

_REV_PARSE = [
    "rev-parse",
    "--show-toplevel",
    "--show-superproject-working-tree",  # a line only in a submodule
    "--is-shallow-repository",
    "--git-path",
    "shallow",
    "--verify",
    "--quiet",
    "HEAD",  # the last line; missing in a repository without commits
]


class FileDate(NamedTuple):
    """What git says of one file: its date, where the date comes from (`git`: its last
    commit, `mtime`: a tracked file with uncommitted changes; `untracked`, without a
    date: a file git does not track, untracked or ignored, nor copies), and, for a file
    last changed at or before a shallow clone's oldest commit (no date), that commit's
    date: the file's own is not newer."""

    date: dt.datetime | None
    source: str = ""
    cut: dt.datetime | None = None


NO_DATE = FileDate(None)
UNTRACKED = FileDate(None, "untracked")  # its mtime is no change of what it shows


class Repository:
    """The dates of one work tree's files: last commit, or mtime when not committed.

    `load` finds the work tree; history is read folder by folder as `prefetch` (or
    `facts`, for a folder not read yet) asks for it; `refresh` keeps it for another build.
    """

    __slots__ = (
        "root",
        "paths",
        "head",
        "shallow",
        "boundary",
        "superproject",
        "ignore_file",
        "ignored",
        "cache",
        "_history",
        "_tracked",
    )

    def __init__(
        self,
        root: Path,
        head: str,
        shallow: bool,
        boundary: frozenset[str],
        superproject: str,
        ignore_file: str = "",
        cache: GitCache | None = None,
    ) -> None:
        self.root = root  # the work tree's top folder, resolved
        self.paths = WorkTreePaths(str(root))  # paths located, pathspecs read
        self.head = head  # HEAD's commit; "" in a repository without commits
        self.shallow = shallow
        self.boundary = boundary  # a shallow clone's oldest commits
        self.superproject = superproject  # the work tree holding this submodule, or ""
        self.ignore_file = ignore_file  # the commits to ignore are listed there ("": none)
        self.ignored = _read_revs(root / ignore_file) if ignore_file else frozenset()
        self.cache = cache  # the history kept by earlier builds, and kept for the next
        # What the reads found, and the reads started ahead.
        self._history = History(root, boundary, self.ignored, head or "HEAD", cache)
        self._tracked: TrackedFiles | None | bool = False  # listed on first need

    @classmethod
    def load(
        cls, path: Path, ignore_file: str = "", cache: GitCache | None = None
    ) -> tuple[Repository | None, list[Issue]]:
        """Find the work tree holding `path` (a folder or a file in it); no history yet.
        Commits listed in its file `ignore_file` (relative to its top: git's
        `blame.ignoreRevsFile`, `.git-blame-ignore-revs`) date no file. `cache`: the
        history earlier builds kept (`gitcache`), and where this one keeps its own.

        Returns `(None, [Issue(Code.GIT, ...)])` when git is missing or `path` is not in a
        work tree.
        """
        where = Path(path).absolute()
        while not where.is_dir() and where != where.parent:
            where = where.parent  # a file, or a folder not made yet: start from what exists
        try:
            found = run_git(_REV_PARSE, where)
        except OSError:
            return None, [no_git_dates(path, "git was not found on PATH")]
        return _loaded(found, where, path, ignore_file, cache)

    def prefetch(self, located: Iterable[Located], ahead: bool = False) -> None:
        """Date, with one `git log`, every file in the folders of `located` (paths located
        in this work tree) not read yet; `ahead`: start reading, and take the read when a
        date is first asked for."""
        if not ahead:
            self._history.take_ahead()
        specs = self.paths.specs(located)
        if specs:
            self._fetch(specs, ahead)

    def facts(self, located: Located) -> FileDate:
        """The date of a path `located` in this work tree, and where it comes from.

        The committer date (with its offset) of the last commit that changed a committed,
        unchanged file; the modification time in UTC of a tracked file with uncommitted
        changes. A file git does not track (untracked, ignored: a package installed into
        `.venv/`) is dated by its source when it copies a tracked file (`TrackedFiles`),
        else not (`UNTRACKED`). No date for missing files, and files git has no date for
        (in a shallow clone: those last changed at or before its oldest commit, `cut`).
        """
        self._history.take_ahead()
        if (spec := self.paths.uncovered(located)) is not None:
            self._fetch({spec})
        rel, _ = located
        history = self._history
        if rel in history.committed:
            stamp = history.dates.get(rel)
            if stamp:
                return FileDate(dt.datetime.fromisoformat(stamp), "git")
            cut = history.beyond.get(rel)
            return FileDate(None, "", dt.datetime.fromisoformat(cut)) if cut else NO_DATE
        tracked = self._tracked_files() if rel not in history.tracked else None
        if tracked is not None and rel not in tracked:
            source = tracked.source_of(rel)
            return UNTRACKED if source is None else self.facts((source, False))
        stamp_mtime = file_mtime(os.path.join(self.paths.top, rel))
        return FileDate(stamp_mtime, "mtime") if stamp_mtime is not None else NO_DATE

    def commit_of(self, located: Located, fact: FileDate) -> str:
        """The commit that dated a path `located` here `fact.date` ("" for none)."""
        rel, tracked = located[0], self._tracked_files()
        if tracked is not None and rel not in tracked:  # a copy: its source's commit
            rel = tracked.source_of(rel) or rel
        return commit_dated(self.root, rel, fact.date) if fact.source == "git" else ""

    def refresh(self) -> bool:
        """Make what was read hold for the work tree as it is now (another build of the
        same site): True when HEAD is the same commit (no commit, checkout or reset since),
        the shallow boundary too, and no read failed; then one `git status` of the
        folders read says which files have changes now (those are dated by their mtime).
        False when the history must be read again (a new `Repository`)."""
        self._history.take_ahead()
        if self._history.issues:
            return False
        self._tracked = False  # files may have been made, added or copied since
        read = self.paths.covered() if self.head else []  # without commits none is read
        try:  # the status runs while rev-parse says where HEAD is
            status = Command(self.root, status_args(list(filter(None, read)))) if read else None
        except OSError:
            return False
        try:
            now, _ = Repository.load(self.root, self.ignore_file)
            if now is None or _state(now) != _state(self):
                return False
            self.paths.forget()
            return status is None or self._history.recheck(status)
        finally:
            if status is not None:
                status.close()

    def keep(self) -> None:
        """Hand the dates read to the cache, for the next build (`gitcache`)."""
        self._history.keep()

    @property
    def issues(self) -> list[Issue]:
        """Problems met while reading history (git failing mid-build), for the caller."""
        return self._history.issues

    def _tracked_files(self) -> TrackedFiles | None:
        """Every file the index lists, on first need; None when git cannot list them."""
        if self._tracked is False:
            self._tracked = list_tracked(self.root, self.paths.top)
        return self._tracked if isinstance(self._tracked, TrackedFiles) else None

    def _fetch(self, specs: set[str], ahead: bool = False) -> None:
        """Read the history of new pathspecs (a folder inside another is read with it)."""
        outer = self.paths.cover(specs)
        if self.head:
            self._history.read(outer, ahead)


class Repositories:
    """The repositories whose work trees lie in a main one (submodules, repositories
    cloned into its folders), found by the `.git` at their top, one `lstat` per folder."""

    __slots__ = ("main", "met", "_top", "_owners")

    def __init__(self, main: Repository) -> None:
        self.main = main
        self.met = [main]  # every repository met, the main one first
        self._top = str(main.root)
        # Folders of the main work tree (`/`-separated, "" its top) -> the repository
        # whose work tree holds their files.
        self._owners: dict[str, Repository] = {"": main}

    def adopt(self, inner: Repository) -> None:
        """Count `inner`, found already, as the repository of its folder."""
        located = self.main.paths.locate(inner.root)
        if located is not None and located[1]:
            self._owners[located[0]] = inner
            self.met.append(inner)

    def locate(self, path: str | os.PathLike[str]) -> tuple[Repository, Located] | None:
        """The repository whose work tree holds `path`, and the path located in that work
        tree; None outside the main one. Located once, in the main work tree: an inner
        repository's path in its own work tree is the main one's, less its folder."""
        located = self.main.paths.locate(path)
        if located is None:
            return None
        rel, folder = located
        repo = self._folder_owner(rel if folder else rel.rpartition("/")[0])
        if repo is self.main:
            return repo, located
        return repo, (rel[len(repo.paths.top) - len(self._top) :], folder)

    def _folder_owner(self, folder: str) -> Repository:
        """The repository holding `folder`: the one whose top it is (a `.git` in it),
        else its parent's; found once per folder."""
        repo = self._owners.get(folder)
        if repo is None:
            repo = self._nested(folder) or self._folder_owner(folder.rpartition("/")[0])
            self._owners[folder] = repo
        return repo

    def _nested(self, folder: str) -> Repository | None:
        """The repository whose top is `folder` (a submodule, a repository cloned there),
        if it has a `.git` and commits; None otherwise (its files stay the outer one's)."""
        top = os.path.join(self._top, folder)
        if not os.path.lexists(os.path.join(top, ".git")):
            return None
        repo, _ = Repository.load(Path(top), self.main.ignore_file, self.main.cache)
        if repo is None or not repo.head or repo.root != Path(top):
            return None
        self.met.append(repo)
        return repo


def _loaded(
    found: subprocess.CompletedProcess[bytes],
    where: Path,
    path: Path,
    ignore_file: str,
    cache: GitCache | None,
) -> tuple[Repository | None, list[Issue]]:
    """The repository `git rev-parse` (`_REV_PARSE`, run in `where`) found for `path`."""
    lines = os.fsdecode(found.stdout).splitlines()
    superproject = ""
    if len(lines) > 1 and lines[1] not in ("true", "false"):
        superproject = lines.pop(1)
    if len(lines) < 3:
        reason = first_line(found.stderr) or "git rev-parse failed"
        return None, [no_git_dates(path, f"not inside a git work tree ({reason})")]
    shallow = lines[1].strip() == "true"
    boundary = _read_shallow(where / lines[2]) if shallow else frozenset()
    head = lines[3].strip() if len(lines) > 3 else ""
    repo = Repository(
        Path(lines[0]).resolve(), head, shallow, boundary, superproject, ignore_file, cache
    )
    if head:
        return repo, []
    return repo, [
        no_git_dates(path, "the repository has no commits yet", "for files it has no date for")
    ]


def _state(repo: Repository) -> tuple[object, ...]:
    """What the dates read in `repo` depend on, besides the files' changes."""
    return repo.root, repo.head, repo.shallow, repo.boundary, repo.superproject, repo.ignored


def _read_revs(path: Path) -> frozenset[str]:
    """The commits a `.git-blame-ignore-revs` file lists: a full hash per line, `#`
    starting a comment (git's format); none when there is no such file."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return frozenset()
    words = (line.partition("#")[0].strip().lower() for line in text.splitlines())
    return frozenset(word for word in words if FULL_HASH.fullmatch(word))


def _read_shallow(path: Path) -> frozenset[str]:
    """The boundary commits a shallow clone lists in its `shallow` file."""
    try:
        return frozenset(path.read_text(encoding="ascii", errors="replace").split())
    except OSError:
        return frozenset()
