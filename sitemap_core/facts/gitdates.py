"""Last-commit dates of the files a site depends on, from one streamed `git log` per batch
and per repository.

`git log -1 --format=%cI -- FILE` per page is exact but costs a process and a history
walk per file. Here `prefetch` takes the folders of the files wanted and runs one
`git log -- <those folders>`: git reads only their history, and the log is read as it
streams and stopped as soon as every tracked file in them has its date. The dates equal
what the per-file command says, merges included (`gitlog` says how).

A file inside a submodule, or inside another repository under the work tree's folders
(a data repository cloned into the content folder), is not tracked by the outer
repository: it is dated by the repository whose work tree holds it, found by the `.git`
entry at its top (one `lstat` per folder, so a work tree without one starts no other git
process). When the work tree first found is itself a submodule, its superproject is the
outer one, so that the site's other files are dated too.

A shallow clone's oldest commits (listed in its `shallow` file) show as roots that add
every file: a file whose chain reaches one was last changed at or before it, a date this
clone does not have (`FileDate.cut` is that commit's date).

The dates read serve another build of the same site (`mkdocs serve` rebuilding after an
edit) while every repository's HEAD stays on the same commit: `refresh` asks git for
that and for the files changed since (one `git rev-parse` and one `git status` per
repository, no log), and says when nothing short of a new `GitDates` will do.

The parts: `gitrepo` is one repository, `gitpaths` locates paths in a work tree and
tracks the folders read, `gitreading` starts the reads and keeps what they found,
`gitlog` walks the log, `gitprocess` runs git.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Iterable
from pathlib import Path

from ..values.report import Issue
from .gitrepo import NO_DATE, FileDate, Repositories, Repository

__all__ = ["FileDate", "GitDates"]

_SUPERPROJECTS = 8  # submodules of submodules followed up to this depth


class GitDates:
    """Per-file dates of a git work tree and of the repositories inside it: last commit,
    or mtime when not committed, each file by the repository that tracks it.

    `load` finds the work tree; history is read folder by folder, one read per
    repository, as `prefetch` (or `date_of`, for a folder not read yet) asks for it;
    `refresh` keeps what was read for the next build.
    """

    __slots__ = ("_main", "_map")

    def __init__(self, main: Repository) -> None:
        self._main = main
        self._map = Repositories(main)

    @classmethod
    def load(cls, path: Path, ignore_file: str = "") -> tuple[GitDates | None, list[Issue]]:
        """Find the work tree holding `path` (a folder or a file in it); no history yet.
        Commits each repository lists in its `ignore_file` (`.git-blame-ignore-revs`)
        date no file: a file takes the date of the commit that changed it before.

        Returns `(None, [Issue("git", ...)])` when git is missing or `path` is not in a
        work tree.
        """
        repo, issues = Repository.load(path, ignore_file)
        if repo is None:
            return None, issues
        inner: list[Repository] = []
        while repo.superproject and repo.head and len(inner) < _SUPERPROJECTS:
            outer, _ = Repository.load(Path(repo.superproject), ignore_file)
            if outer is None or not outer.head:
                break
            inner.append(repo)
            repo = outer
        dates = cls(repo)
        for submodule in inner:
            dates._map.adopt(submodule)
        return dates, issues

    def prefetch(self, paths: Iterable[str | os.PathLike[str]]) -> None:
        """Date, with one `git log` per repository, every file in the folders of `paths`
        not read yet.

        A file's folder is read whole, so the other pages there need no further git
        process; a file in the work tree's root is read alone, and a folder given
        itself is read whole (the root: the whole repository). Paths outside the work
        tree are ignored.
        """
        for repo, group in self._map.grouped(paths).items():
            repo.prefetch(group)

    def read_ahead(self, paths: Iterable[str | os.PathLike[str]]) -> None:
        """Start reading the history `prefetch(paths)` would read, and return at once.

        git runs while the generator builds its pages, its output kept in temporary
        files; the first `prefetch` or `date_of` takes it over then, with no wait for a
        git that has finished.
        """
        for repo, group in self._map.grouped(paths).items():
            repo.prefetch(group, ahead=True)

    def refresh(self) -> bool:
        """Bring these dates up to the work trees as they are now, for another build:
        True when they hold, with the files changed since the reads dated by their mtime
        (and those whose changes were undone by their commit again). False when a new
        `GitDates` must read the history: a repository's HEAD is on another commit (a
        commit, an amend, a checkout, a reset) or its shallow boundary moved (a fetch
        that deepened it), a read failed, or a file committed now was never dated (it
        had changes at the read). Costs one `git rev-parse` and one `git status` (of the
        folders read) per repository met; starts no `git log`."""
        return all(repo.refresh() for repo in self._map.met)

    def contains(self, path: str | os.PathLike[str]) -> bool:
        """True when `path` lies in this work tree."""
        return self._main.paths.locate(path) is not None

    def facts(self, path: str | os.PathLike[str]) -> FileDate:
        """What git says of `path`: its date, whether it comes from a commit (`git`) or
        from the file (`mtime`), and for a file a shallow clone cannot date, the date of
        the oldest commit its history reaches (its own is not newer)."""
        found = self._map.locate(path)
        return NO_DATE if found is None else found[0].facts(found[1])

    def date_of(self, path: str | os.PathLike[str]) -> dt.datetime | None:
        """The committer date (with its offset) of the last commit that changed `path`.

        Files with uncommitted changes, and files in the work tree that git does not
        track (untracked or ignored), get their modification time in UTC. None for
        files outside the repository, missing files, and files git has no date for
        (in a shallow clone: those last changed at or before its oldest commit).
        """
        return self.facts(path).date

    def beyond_history(self, path: str | os.PathLike[str]) -> bool:
        """True for a committed, unchanged file last changed at or before the oldest
        commit of a shallow clone: git cannot date it (`date_of` says None)."""
        return self.facts(path).cut is not None

    @property
    def shallow(self) -> bool:
        """True when a repository met is a shallow clone (some files may be `beyond_history`)."""
        return any(repo.shallow for repo in self._map.met)

    @property
    def root(self) -> Path:
        """The work tree's top folder, resolved."""
        return self._main.root

    @property
    def repositories(self) -> list[Path]:
        """The top folders of the repositories met so far, the main one first."""
        return [repo.root for repo in self._map.met]

    @property
    def issues(self) -> list[Issue]:
        """Problems met while reading history (git failing mid-build), for the caller."""
        return [issue for repo in self._map.met for issue in repo.issues]
