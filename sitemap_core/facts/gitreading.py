"""Reads of a work tree's history, and what they found.

A `Reading` starts, for some pathspecs, the `git log` and the listings of the tracked and
the changed files at once; `History` starts readings, now or ahead of need, and keeps
what each found: the dates of the committed files, which files are committed and
unchanged, which are beyond a shallow clone's history, and the problems met. For another
build at the same HEAD, `History.recheck` takes a new listing of the changed files.
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path
from typing import NamedTuple

from ..values.codes import Code
from ..values.report import Issue
from .gitcache import GitCache, Kept
from .gitlog import Walk, left_at, start_log, walk_log
from .gitpaths import TrackedFiles
from .gitprocess import FILE_NAMES, Command, Probe, first_line, run_git

# More folders than this under one top folder: the log reads the folder holding them all.
PATHSPECS = 16


class Found(NamedTuple):
    """What one read found: the dates of committed files, the tracked paths, those
    without changes, those beyond a shallow clone's history (with the date of the oldest
    commit each reached), those no commit dates, and a problem if git failed."""

    dates: dict[str, str]
    tracked: set[str]
    clean: set[str]
    beyond: dict[str, str]
    problem: str
    undated: frozenset[str] = frozenset()


def _failed(problem: str) -> Found:
    return Found({}, set(), set(), {}, problem)


def status_args(pathspec: list[str]) -> list[str]:
    """The `git status` that lists the tracked files of `pathspec` (none: of the whole
    work tree) with changes, staged or not: the files a commit does not date."""
    return [
        "status",
        "--porcelain",
        "-z",
        "--untracked-files=no",
        "--no-renames",
        "--ignore-submodules=dirty",
        "--",
        *pathspec,
    ]


def list_tracked(root: Path, top: str) -> TrackedFiles | None:
    """Every file the index of the work tree `root` (`top`: resolved, as a string) lists;
    None when git cannot say."""
    try:
        done = run_git(["ls-files", "-z", "--cached"], root)
    except OSError:
        return None
    return TrackedFiles(top, split_z(done.stdout)) if done.returncode == 0 else None


def commit_dated(root: Path, rel: str, date: dt.datetime | None) -> str:
    """The commit of `rel`'s history (in the work tree `root`) whose committer date is
    `date`: the one that dated it (its hash; "" for no date, or when git cannot say)."""
    if date is None:
        return ""
    try:
        done = run_git(["log", "--format=%H %cI", "--", rel], root)
    except OSError:
        return ""
    for line in os.fsdecode(done.stdout).splitlines():
        commit, _, when = line.partition(" ")
        try:
            if dt.datetime.fromisoformat(when) == date:
                return commit
        except ValueError:
            continue
    return ""


def no_git_dates(path: str | os.PathLike[str], reason: str, scope: str = "") -> Issue:
    """The `git` issue for a repository (or a part of it) git gives no dates for."""
    scope = f" {scope}" if scope else ""
    return Issue(
        Code.GIT,
        str(path),
        "lastmod",
        f"no git dates: {reason}; falling back to the next lastmod source "
        f"(content hash or file modification time){scope}",
    )


class History:
    """What the reads of a work tree's history found so far; the reads started ahead
    wait here until taken. With a `cache`, the dates a build of an earlier commit kept
    spare the walk of the history before it (`gitcache`); `keep` keeps this build's."""

    __slots__ = (
        "_root",
        "_boundary",
        "_ignored",
        "_head",
        "_cache",
        "_kept",
        "_read",
        "dates",
        "tracked",
        "committed",
        "beyond",
        "undated",
        "issues",
        "ahead",
    )

    def __init__(
        self,
        root: Path,
        boundary: frozenset[str],
        ignored: frozenset[str] = frozenset(),
        head: str = "HEAD",
        cache: GitCache | None = None,
    ) -> None:
        self._root = root
        self._boundary = boundary  # a shallow clone's oldest commits
        self._ignored = ignored  # commits that date nothing (`.git-blame-ignore-revs`)
        self._head = head  # the commit read
        self._cache = cache
        self._kept: Kept | None | bool = False  # what the cache kept, looked at on first read
        self._read: set[str] = set()  # the pathspecs read and taken ("": the whole tree)
        self.dates: dict[str, str] = {}
        self.tracked: set[str] = set()  # in the index, changed or not
        self.committed: set[str] = set()  # tracked and unchanged: dated by git, not mtime
        # Committed, last changed at or before a boundary commit: the date of that commit.
        self.beyond: dict[str, str] = {}
        self.undated: set[str] = set()  # committed, dated by no commit (an ignored root's)
        self.issues: list[Issue] = []
        self.ahead: list[Reading] = []  # reads `read_ahead` started, not taken yet

    def read(self, specs: list[str], ahead: bool = False) -> None:
        """Read the history of `specs`; `ahead`: start reading it, and take the read at
        the next `take_ahead`."""
        try:
            reading = Reading(self._root, specs, ahead, self._head, self._usable(specs))
        except OSError as exc:
            self._add(_failed(f"git could not be run ({exc})"))
            return
        if ahead:
            self.ahead.append(reading)
        else:
            self._take(reading)

    def take_ahead(self) -> None:
        """Take the reads `read(..., ahead=True)` started (waiting for git to finish them)."""
        while self.ahead:
            self._take(self.ahead.pop(0))

    def keep(self) -> None:
        """Hand what the reads taken found to the cache, for the next build (nothing
        when a read failed: the next build reads the history whole)."""
        if self._cache is None or self.issues or not self._read:
            return
        found = Kept(
            self._head, frozenset(self._read), self.dates, self.beyond, frozenset(self.undated)
        )
        self._cache.keep(self._root, self._boundary, self._ignored, found)

    def _usable(self, specs: list[str]) -> Kept | None:
        """The cache's history of an earlier build, when it holds for reading `specs` now:
        the same shallow boundary and ignored commits, those folders read then, and its
        commit HEAD's or one of HEAD's ancestors."""
        if self._kept is False:
            kept = (
                self._cache.kept(self._root, self._boundary, self._ignored) if self._cache else None
            )
            if kept is not None and kept.head != self._head:
                try:
                    ancestor = run_git(
                        ["merge-base", "--is-ancestor", kept.head, self._head], self._root
                    )
                except OSError:
                    kept = None
                else:
                    kept = kept if ancestor.returncode == 0 else None
            self._kept = kept
        kept = self._kept if isinstance(self._kept, Kept) else None
        return (
            kept
            if kept is not None and kept.covers([spec for spec in specs if spec] or [""])
            else None
        )

    def _take(self, reading: Reading) -> None:
        try:
            found = reading.result(self._boundary, self.committed, self._ignored)
        except OSError as exc:
            found = _failed(f"git could not be run ({exc})")
        finally:
            reading.close()
        if not found.problem:
            self._read.update(reading.pathspec or [""])
        self._add(found)

    def recheck(self, status: Command) -> bool:
        """Take `status` (`status_args` of every pathspec read), run at the same HEAD as
        the reads: a file changed since counts as not committed (its mtime dates it), one
        whose change was undone is committed again, with the date read then. False, and
        nothing changed, when git failed or a file committed now was never dated (it
        had changes at the read): then only a new read dates every file."""
        done = status.done()
        if done.returncode != 0:
            return False
        committed = self.tracked - _dirty_paths(done.stdout)
        if any(
            rel not in self.dates and rel not in self.beyond and rel not in self.undated
            for rel in committed - self.committed
        ):
            return False
        self.committed = committed
        return True

    def _add(self, found: Found) -> None:
        self.dates.update(found.dates)
        self.tracked |= found.tracked
        self.committed |= found.clean
        self.beyond.update(found.beyond)
        self.undated |= found.undated
        if found.problem:
            self.issues.append(
                no_git_dates(self._root, found.problem, "for files it has no date for")
            )


class Reading:
    """One read of some pathspecs' history ("" alone: the whole repository): the log and
    the listings of the tracked and the changed files, all started at once.

    Read when needed, the log streams through a pipe and is stopped as soon as every file
    is dated. Read ahead, each output goes to a temporary file: git runs to its end while
    the generator builds and never waits for a reader. With a `kept` history of an
    ancestor of `head` (`gitcache`), the log is only of the commits since (none: no log),
    and a file none of them changed takes the date kept.
    """

    def __init__(
        self,
        root: Path,
        specs: list[str],
        ahead: bool,
        head: str = "HEAD",
        kept: Kept | None = None,
    ) -> None:
        self.root = root
        self.head = head
        self.kept = kept
        self.pathspec = [spec for spec in specs if spec]
        self.wide = log_pathspec(self.pathspec)
        self.log: Command | None = None
        if kept is None:
            self.log = start_log(root, self.wide, piped=not ahead, revs=(head,))
        elif kept.head != head:
            self.log = start_log(root, self.wide, piped=not ahead, revs=(head, "^" + kept.head))
        self.probe: Probe | None = None
        self.listings = [
            Command(root, args)
            for args in (
                ["ls-files", "-z", "--cached", "--", *self.pathspec],
                status_args(self.pathspec),
            )
        ]

    def result(
        self, boundary: frozenset[str], known: set[str], ignored: frozenset[str] = frozenset()
    ) -> Found:
        """Dates of committed files not in `known` (by commits not `ignored`), the tracked
        paths, those without changes, those beyond a shallow clone's history, those no
        commit dates, and a problem if git failed (then no path counts as tracked)."""
        listed, status = (command.done() for command in self.listings)
        tracked = set(split_z(listed.stdout))
        problem = ""
        if listed.returncode != 0 or status.returncode != 0:
            failed = listed if listed.returncode != 0 else status
            problem = f"git could not list the work tree ({first_line(failed.stderr)})"
            tracked = set()
        clean = tracked - _dirty_paths(status.stdout)
        wanted = clean - known
        if not wanted:
            return Found({}, tracked, clean, {}, problem)
        self.probe = Probe(self.root)
        found = Found({}, tracked, clean, {}, problem)
        if self.kept is not None:
            found, wanted = self._since(self.kept, found, wanted, boundary, ignored)
        if wanted:
            walk, failure = self._walk(self.log, wanted, boundary, ignored, (self.head,))
            found = _joined(found, walk, failure)
        return found

    def _since(
        self,
        kept: Kept,
        found: Found,
        wanted: set[str],
        boundary: frozenset[str],
        ignored: frozenset[str],
    ) -> tuple[Found, set[str]]:
        """Date `wanted` by the commits since the kept one and, for a file none of them
        changed, by the date kept; and the files left to read from HEAD: those the
        cache has nothing for, or whose history goes into an older commit of another
        line (a branch merged since)."""
        at_kept: set[str] = wanted
        left: set[str] = set()
        if self.log is not None:
            revs = (self.head, "^" + kept.head)
            walk, failure = self._walk(self.log, wanted, boundary, ignored, revs)
            self.log = None
            if failure:
                return found, wanted  # read from HEAD, as without a cache
            found = _joined(found, walk, "")
            at_kept = set()
            for commit, files in left_at(walk).items():
                (at_kept if commit in ("", kept.head) else left).update(files)
        dates, beyond = found.dates, found.beyond
        undated = set(found.undated)
        for rel in at_kept:
            if (stamp := kept.dates.get(rel)) is not None:
                dates[rel] = stamp
            elif (cut := kept.beyond.get(rel)) is not None:
                beyond[rel] = cut
            elif rel in kept.undated:
                undated.add(rel)
            else:
                left.add(rel)  # committed since, or changed at the last build
        return found._replace(undated=frozenset(undated)), left

    def _walk(
        self,
        log: Command | None,
        wanted: set[str],
        boundary: frozenset[str],
        ignored: frozenset[str],
        revs: tuple[str, ...],
    ) -> tuple[Walk, str]:
        """Walk `log` (a new one of `revs` when None) for `wanted`: the walk, and a problem
        if git failed."""
        probe = self.probe or Probe(self.root)
        log = log or start_log(self.root, self.wide, revs=revs)
        walk = Walk(set(wanted), self.wide, boundary, probe, ignored)
        code, stopped, message = walk_log(log, walk)
        if not stopped and code != 0 and not walk.seen and "diff-merges" in message:
            walk = Walk(set(wanted), self.wide, boundary, probe, ignored)  # a git before 2.31
            log = start_log(self.root, self.wide, old_git=True, revs=revs)
            code, stopped, message = walk_log(log, walk)
        if not stopped and code != 0:
            return walk, f"git log failed ({message or f'exit status {code}'})"
        return walk, ""

    def close(self) -> None:
        """End what still runs (a read never taken, or a log stopped early)."""
        for command in (self.log, *self.listings):
            if command is not None:
                command.close()
        if self.probe is not None:
            self.probe.close()


def _joined(found: Found, walk: Walk, failure: str) -> Found:
    """`found` with what `walk` dated added."""
    return found._replace(
        dates={**found.dates, **walk.dates},
        beyond={**found.beyond, **walk.beyond},
        undated=found.undated | walk.undated,
        problem=found.problem or failure,
    )


def log_pathspec(specs: list[str]) -> list[str]:
    """The pathspecs for `git log`: `specs`, but many folders under one top folder become
    the folder holding them, and many top folders the folder holding them all, the root
    itself (`[]`: the whole history) when they share none (a data repository of one
    folder per conference). git matches each tree entry against every pathspec: hundreds
    cost more than reading some history not needed (540 folders: ten times the CPU of
    the whole repository's log). The walk still waits only for files of `specs`."""
    groups: dict[str, list[str]] = {}
    for spec in specs:
        groups.setdefault(spec.partition("/")[0], []).append(spec)
    wide = []
    for group in groups.values():
        wide.extend(_holding(group) if len(group) > PATHSPECS else group)
    return _holding(wide) if len(wide) > PATHSPECS else wide


def _holding(specs: list[str]) -> list[str]:
    """The one folder holding every one of `specs`; `[]` for the work tree's root."""
    parts = [spec.split("/") for spec in specs]
    common = next(
        (n for n, names in enumerate(zip(*parts)) if len(set(names)) > 1),
        min(map(len, parts)),
    )
    return ["/".join(parts[0][:common])] if common else []


def split_z(data: bytes) -> list[str]:
    """The paths of a `-z` listing (`git ls-files -z`)."""
    return [p.decode(*FILE_NAMES) for p in data.split(b"\0") if p]


def _dirty_paths(data: bytes) -> set[str]:
    """Paths from `git status --porcelain -z --no-renames`: `XY path` entries."""
    return {entry[3:].decode(*FILE_NAMES) for entry in data.split(b"\0") if len(entry) > 3}
