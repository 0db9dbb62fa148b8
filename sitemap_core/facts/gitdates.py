"""Last-commit dates of the files a site depends on, from one streamed `git log` per batch.

`git log -1 --format=%cI -- FILE` per page is exact but costs a process and a history
walk per file. Here `prefetch` takes the folders of the files wanted and runs one
`git log -- <those folders>`: git reads only their history, and the log is read as it
streams and stopped as soon as every tracked file in them has its date. The dates equal
what the per-file command says, merges included (`gitlog` says how).

A shallow clone's oldest commits (listed in its `shallow` file) show as roots that add
every file: a file whose chain reaches one was last changed at or before it, a date this
clone does not have.

The parts: `gitpaths` locates paths in the work tree and tracks the folders read,
`gitreading` starts the reads and keeps what they found, `gitlog` walks the log,
`gitprocess` runs git.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterable
from pathlib import Path

from ..values.dates import file_mtime
from ..values.report import Issue
from .gitpaths import Located, WorkTreePaths
from .gitprocess import first_line, run_git
from .gitreading import History, no_git_dates


class GitDates:
    """Per-file dates of a git work tree: last commit, or mtime when not committed.

    `load` finds the work tree; history is read folder by folder as `prefetch` (or
    `date_of`, for a folder not read yet) asks for it.
    """

    __slots__ = ("_root", "_paths", "_head", "_shallow", "_history")

    def __init__(self, root: Path, head: bool, shallow: bool, boundary: frozenset[str]) -> None:
        self._root = root
        self._paths = WorkTreePaths(str(root))  # paths located, pathspecs read
        self._head = head
        self._shallow = shallow
        self._history = History(root, boundary)  # what the reads found, reads started ahead

    @classmethod
    def load(cls, path: Path) -> tuple[GitDates | None, list[Issue]]:
        """Find the work tree holding `path` (a folder or a file in it); no history yet.

        Returns `(None, [Issue("git", ...)])` when git is missing or `path` is not in a
        work tree.
        """
        where = Path(path).absolute()
        while not where.is_dir() and where != where.parent:
            where = where.parent  # a file, or a folder not made yet: start from what exists
        try:
            found = run_git(
                [
                    "rev-parse",
                    "--show-toplevel",
                    "--is-shallow-repository",
                    "--git-path",
                    "shallow",
                    "--verify",
                    "--quiet",
                    "HEAD",
                ],
                where,
            )
        except OSError:
            return None, [no_git_dates(path, "git was not found on PATH")]
        lines = os.fsdecode(found.stdout).splitlines()
        if len(lines) < 3:  # the last line, HEAD, is missing in a repository without commits
            reason = first_line(found.stderr) or "git rev-parse failed"
            return None, [no_git_dates(path, f"not inside a git work tree ({reason})")]
        shallow = lines[1].strip() == "true"
        boundary = _read_shallow(where / lines[2]) if shallow else frozenset()
        head = len(lines) > 3
        dates = cls(Path(lines[0]).resolve(), head, shallow, boundary)
        if head:
            return dates, []
        return dates, [
            no_git_dates(path, "the repository has no commits yet", "for files it has no date for")
        ]

    def prefetch(self, paths: Iterable[str | os.PathLike[str]]) -> None:
        """Date, with one `git log`, every file in the folders of `paths` not read yet.

        A file's folder is read whole, so the other pages there need no further git
        process; a file in the work tree's root is read alone, and a folder given
        itself is read whole (the root: the whole repository). Paths outside the work
        tree are ignored.
        """
        self._history.take_ahead()
        specs = self._paths.specs(paths)
        if specs:
            self._fetch(specs)

    def read_ahead(self, paths: Iterable[str | os.PathLike[str]]) -> None:
        """Start reading the history `prefetch(paths)` would read, and return at once.

        git runs while the generator builds its pages, its output kept in temporary
        files; the first `prefetch` or `date_of` takes it over then, with no wait for a
        git that has finished.
        """
        specs = self._paths.specs(paths)
        if specs:
            self._fetch(specs, ahead=True)

    def contains(self, path: str | os.PathLike[str]) -> bool:
        """True when `path` lies in this work tree."""
        return self._paths.locate(path) is not None

    def date_of(self, path: str | os.PathLike[str]) -> dt.datetime | None:
        """The committer date (with its offset) of the last commit that changed `path`.

        Files with uncommitted changes, and files in the work tree that git does not
        track (untracked or ignored), get their modification time in UTC. None for
        files outside the repository, missing files, and files git has no date for
        (in a shallow clone: those last changed at or before its oldest commit).
        """
        located = self._read_for(path)
        if located is None:
            return None
        real, rel, _ = located
        if rel in self._history.committed:
            stamp = self._history.dates.get(rel)
            return dt.datetime.fromisoformat(stamp) if stamp else None
        return file_mtime(real)

    def beyond_history(self, path: str | os.PathLike[str]) -> bool:
        """True for a committed, unchanged file last changed at or before the oldest
        commit of a shallow clone: git cannot date it (`date_of` says None)."""
        located = self._read_for(path)
        return located is not None and located[1] in self._history.beyond

    @property
    def shallow(self) -> bool:
        """True when the repository is a shallow clone (some files may be `beyond_history`)."""
        return self._shallow

    @property
    def root(self) -> Path:
        """The work tree's top folder, resolved."""
        return self._root

    @property
    def issues(self) -> list[Issue]:
        """Problems met while reading history (git failing mid-build), for the caller."""
        return self._history.issues

    def _read_for(self, path: str | os.PathLike[str]) -> Located | None:
        """`locate(path)`, after reading the history of its folder if not read yet."""
        self._history.take_ahead()
        located = self._paths.locate(path)
        if located is not None and (spec := self._paths.uncovered(located)) is not None:
            self._fetch({spec})
        return located

    def _fetch(self, specs: set[str], ahead: bool = False) -> None:
        """Read the history of new pathspecs (a folder inside another is read with it);
        `ahead`: start reading it, and take the read when a date is first asked for."""
        outer = self._paths.cover(specs)
        if self._head:
            self._history.read(outer, ahead)


def _read_shallow(path: Path) -> frozenset[str]:
    """The boundary commits a shallow clone lists in its `shallow` file."""
    try:
        return frozenset(path.read_text(encoding="ascii", errors="replace").split())
    except OSError:
        return frozenset()
