"""Last-commit dates of the files a site depends on, from one streamed `git log` per batch.

`git log -1 --format=%cI -- FILE` per page is exact but costs a process and a history
walk per file. Here `prefetch` takes the folders of the files wanted and runs one
`git log -- <those folders>`: git reads only their history, and the log is read as it
streams and stopped as soon as every tracked file in them has its date.

The dates equal what the per-file command says, merges included. `git log -- FILE`
simplifies history per file: at a merge whose FILE matches a parent's (the first such
parent), it follows only that parent, and it shows the merge itself only when FILE differs
from every parent. A folder's log would simplify per folder instead, so it is read with
`--full-history --parents`: every merge is shown, a commit that changes nothing in the
folders is left out, and each parent is rewritten to the nearest commit shown on its line.
Only non-merge commits that change nothing in the folders are left out, so each file has
the same content at a parent as at its rewritten parent. Each merge's diff comes against
each (rewritten) parent (`--diff-merges=separate`), and every file is walked down its own
simplified chain from HEAD: the first commit on that chain which changed the file dates it.
git prints no diff against a parent the merge equals in the folders; when that leaves a
two-parent merge with one diff, `git cat-file` tells which parent it is against (the merge
equals its first parent there exactly when a file the diff lists is the same in both).

The log is in `--date-order`, every commit after its children even when a clock was
wrong (git's plain date order would then show a parent first, and drop it from the
rewritten parents). Without a commit-graph file that makes git walk the whole history
before it prints anything; with one, git too stops early.

A shallow clone's oldest commits (listed in its `shallow` file) show as roots that add
every file: a file whose chain reaches one was last changed at or before it, a date this
clone does not have.
"""

from __future__ import annotations

import datetime as dt
import io
import os
import stat
import subprocess
import tempfile
from collections.abc import Iterable
from pathlib import Path
from typing import IO

from ..values.dates import file_mtime
from ..values.report import Issue

# `%x00` first, so an empty field always comes right before a header; names follow,
# NUL-terminated, the first one after a newline.
_FORMAT = "--format=%x00%H %cI %P"
_CHUNK = 1 << 16
# Config that would change what git prints; the rest cannot touch these formats. Paths
# are pathspecs taken literally (a folder named `*` is that folder).
_OPTIONS = (
    "-c",
    "log.showRoot=true",
    "-c",
    "log.showSignature=false",
    "-c",
    "log.follow=false",
    "-c",
    "core.quotepath=off",
    "-c",
    "diff.ignoreSubmodules=none",
    "--literal-pathspecs",
)
# `--diff-merges=separate` needs git 2.31; older ones spell it `-m`.
_MERGES = ("--diff-merges=separate", "-m")
# More folders than this under one top folder: the log reads the folder holding them all.
_PATHSPECS = 16

_Located = tuple[str, str, bool]  # real path, path in the work tree, is a folder


class GitDates:
    """Per-file dates of a git work tree: last commit, or mtime when not committed.

    `load` finds the work tree; history is read folder by folder as `prefetch` (or
    `date_of`, for a folder not read yet) asks for it.
    """

    __slots__ = (
        "_root",
        "_top",
        "_prefix",
        "_folders",
        "_located",
        "_head",
        "_shallow",
        "_boundary",
        "_covered",
        "_inside",
        "_dates",
        "_committed",
        "_beyond",
        "_issues",
        "_ahead",
    )

    def __init__(self, root: Path, head: bool, shallow: bool, boundary: frozenset[str]) -> None:
        self._root = root
        self._top = str(root)
        self._prefix = os.path.join(self._top, "")
        self._folders: dict[str, str] = {}
        # Each absolute path given, located once per run: `prefetch` and `date_of` ask alike.
        self._located: dict[str, _Located | None] = {}
        self._head = head
        self._shallow = shallow
        self._boundary = boundary  # a shallow clone's oldest commits
        self._covered: set[str] = set()  # pathspecs read: folders, root files, "" for all
        self._inside: set[str] = set()  # folders known to lie in a pathspec read
        self._dates: dict[str, str] = {}
        self._committed: set[str] = set()  # tracked and unchanged: dated by git, not mtime
        self._beyond: set[str] = set()  # committed, last changed at or before the boundary
        self._issues: list[Issue] = []
        self._ahead: list[_Reading] = []  # reads `read_ahead` started, not taken yet

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
            found = _run(
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
            return None, [_fallback(path, "git was not found on PATH")]
        lines = os.fsdecode(found.stdout).splitlines()
        if len(lines) < 3:  # the last line, HEAD, is missing in a repository without commits
            reason = _first_line(found.stderr) or "git rev-parse failed"
            return None, [_fallback(path, f"not inside a git work tree ({reason})")]
        shallow = lines[1].strip() == "true"
        boundary = _read_shallow(where / lines[2]) if shallow else frozenset()
        head = len(lines) > 3
        dates = cls(Path(lines[0]).resolve(), head, shallow, boundary)
        if head:
            return dates, []
        return dates, [
            _fallback(path, "the repository has no commits yet", "for files it has no date for")
        ]

    def prefetch(self, paths: Iterable[str | os.PathLike[str]]) -> None:
        """Date, with one `git log`, every file in the folders of `paths` not read yet.

        A file's folder is read whole, so the other pages there need no further git
        process; a file in the work tree's root is read alone, and a folder given
        itself is read whole (the root: the whole repository). Paths outside the work
        tree are ignored.
        """
        self._take_ahead()
        specs = self._specs(paths)
        if specs:
            self._fetch(specs)

    def read_ahead(self, paths: Iterable[str | os.PathLike[str]]) -> None:
        """Start reading the history `prefetch(paths)` would read, and return at once.

        git runs while the generator builds its pages, its output kept in temporary
        files; the first `prefetch` or `date_of` takes it over then, with no wait for a
        git that has finished.
        """
        specs = self._specs(paths)
        if specs:
            self._fetch(specs, ahead=True)

    def contains(self, path: str | os.PathLike[str]) -> bool:
        """True when `path` lies in this work tree."""
        return self._locate(path) is not None

    def _specs(self, paths: Iterable[str | os.PathLike[str]]) -> set[str]:
        """The pathspecs to read for `paths`, none read (or being read) already."""
        specs = set()
        for path in paths:
            located = self._locate(path)
            if located is not None and (spec := self._uncovered(located)) is not None:
                specs.add(spec)
        return specs

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
        if rel in self._committed:
            stamp = self._dates.get(rel)
            return dt.datetime.fromisoformat(stamp) if stamp else None
        return file_mtime(real)

    def beyond_history(self, path: str | os.PathLike[str]) -> bool:
        """True for a committed, unchanged file last changed at or before the oldest
        commit of a shallow clone: git cannot date it (`date_of` says None)."""
        located = self._read_for(path)
        return located is not None and located[1] in self._beyond

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
        return self._issues

    def _read_for(self, path: str | os.PathLike[str]) -> _Located | None:
        """`_locate(path)`, after reading the history of its folder if not read yet."""
        self._take_ahead()
        located = self._locate(path)
        if located is not None and (spec := self._uncovered(located)) is not None:
            self._fetch({spec})
        return located

    def _locate(self, path: str | os.PathLike[str]) -> _Located | None:
        """The real path, its path in the work tree (`/`-separated) and whether it is a
        folder; None outside. An absolute path is located once per run."""
        text = os.fspath(path)
        located = self._located.get(text, False)
        if located is not False:
            return located  # type: ignore[return-value]
        try:
            real, folder = self._real(text)
        except (OSError, ValueError, RuntimeError):
            located = None
        else:
            if real == self._top:
                located = real, "", True
            elif real.startswith(self._prefix):
                rel = real[len(self._prefix) :]
                located = real, rel.replace(os.sep, "/") if os.sep != "/" else rel, folder
            else:
                located = None
        if os.path.isabs(text):  # a relative path's meaning moves with the working folder
            self._located[text] = located
        return located

    def _uncovered(self, located: _Located) -> str | None:
        """The pathspec to read for a located path, or None when one read already covers it."""
        _, rel, folder_given = located
        folder = rel.rpartition("/")[0]
        if folder in self._inside or rel in self._covered or "" in self._covered:
            return None
        parts = folder.split("/") if folder else []
        if any("/".join(parts[:n]) in self._covered for n in range(1, len(parts) + 1)):
            self._inside.add(folder)
            return None
        return rel if folder_given else folder or rel

    def _fetch(self, specs: set[str], ahead: bool = False) -> None:
        """Read the history of new pathspecs (a folder inside another is read with it);
        `ahead`: start reading it, and take the read when a date is first asked for."""
        outer = _outermost(specs)
        self._covered.update(outer)
        if not self._head:
            return
        try:
            reading = _Reading(self._root, outer, ahead)
        except OSError as exc:
            self._took(({}, set(), set(), f"git could not be run ({exc})"))
            return
        if ahead:
            self._ahead.append(reading)
        else:
            self._take(reading)

    def _take_ahead(self) -> None:
        """Take the reads `read_ahead` started (waiting for git to finish them)."""
        while self._ahead:
            self._take(self._ahead.pop(0))

    def _take(self, reading: _Reading) -> None:
        try:
            found = reading.result(self._boundary, self._committed)
        except OSError as exc:
            found = {}, set(), set(), f"git could not be run ({exc})"
        finally:
            reading.close()
        self._took(found)

    def _took(self, found: tuple[dict[str, str], set[str], set[str], str]) -> None:
        dates, clean, beyond, problem = found
        self._dates.update(dates)
        self._committed |= clean
        self._beyond |= beyond
        if problem:
            self._issues.append(_fallback(self._root, problem, "for files it has no date for"))

    def _real(self, text: str) -> tuple[str, bool]:
        """`Path(text).resolve()`, with each folder resolved once, and whether it is a
        folder: one `lstat` for a path that is no symbolic link."""
        if ".." in text and ".." in Path(text).parts:  # symlinks first, then "..": as resolve()
            real = str(Path(text).resolve())
            return real, os.path.isdir(real)
        absolute = os.path.abspath(text)
        folder, name = os.path.split(absolute)
        real_folder = self._folders.get(folder)
        if real_folder is None:
            real_folder = self._folders[folder] = str(Path(folder).resolve())
        real = os.path.join(real_folder, name)
        try:
            mode = os.lstat(real).st_mode
        except (OSError, ValueError):
            return real, False  # not made yet (as `os.path.islink` and `isdir` say)
        if stat.S_ISLNK(mode):
            real = str(Path(real).resolve())
            return real, os.path.isdir(real)
        return real, stat.S_ISDIR(mode)


def _outermost(specs: set[str]) -> list[str]:
    """The pathspecs not inside another one, sorted; "" (the root) covers all."""
    if "" in specs:
        return [""]
    kept = []
    for spec in sorted(specs):
        parts = spec.split("/")
        if not any("/".join(parts[:n]) in specs for n in range(1, len(parts))):
            kept.append(spec)
    return kept


def _log_pathspec(specs: list[str]) -> list[str]:
    """The pathspecs for `git log`: `specs`, but many folders under one top folder become
    the folder holding them (git matches each tree entry against every pathspec: hundreds
    cost more than reading some history not needed). The walk still waits only for files
    of `specs`."""
    groups: dict[str, list[str]] = {}
    for spec in specs:
        groups.setdefault(spec.partition("/")[0], []).append(spec)
    wide = []
    for group in groups.values():
        if len(group) > _PATHSPECS:
            parts = [spec.split("/") for spec in group]
            common = next(
                (n for n, names in enumerate(zip(*parts)) if len(set(names)) > 1),
                min(map(len, parts)),
            )
            group = ["/".join(parts[0][:common])]
        wide.extend(group)
    return wide


def _read_shallow(path: Path) -> frozenset[str]:
    """The boundary commits a shallow clone lists in its `shallow` file."""
    try:
        return frozenset(path.read_text(encoding="ascii", errors="replace").split())
    except OSError:
        return frozenset()


def _fallback(path: str | os.PathLike[str], reason: str, scope: str = "") -> Issue:
    scope = f" {scope}" if scope else ""
    return Issue(
        "git",
        str(path),
        "lastmod",
        f"no git dates: {reason}; falling back to the next lastmod source "
        f"(content hash or file modification time){scope}",
    )


def _first_line(data: bytes) -> str:
    text = os.fsdecode(data).strip()
    return text.splitlines()[0].removeprefix("fatal: ") if text else ""


def _git_env() -> dict[str, str]:
    env = dict(os.environ)
    env["GIT_OPTIONAL_LOCKS"] = "0"  # status must not rewrite the index
    env["GIT_FLUSH"] = "0"  # the log in blocks, not a write per commit
    return env


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        ["git", *_OPTIONS, *args],
        cwd=cwd,
        env=_git_env(),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        check=False,
    )


def _split_z(data: bytes) -> list[str]:
    return [os.fsdecode(p) for p in data.split(b"\0") if p]


def _dirty_paths(data: bytes) -> set[str]:
    """Paths from `git status --porcelain -z --no-renames`: `XY path` entries."""
    return {os.fsdecode(entry[3:]) for entry in data.split(b"\0") if len(entry) > 3}


class _Reading:
    """One read of some pathspecs' history ("" alone: the whole repository): the log and
    the listings of the tracked and the changed files, all started at once.

    Read when needed, the log streams through a pipe and is stopped as soon as every file
    is dated. Read ahead, each output goes to a temporary file: git runs to its end while
    the generator builds and never waits for a reader.
    """

    def __init__(self, root: Path, specs: list[str], ahead: bool) -> None:
        self.root = root
        self.pathspec = [spec for spec in specs if spec]
        self.wide = _log_pathspec(self.pathspec)
        self.log = _log(root, _MERGES[0], self.wide, piped=not ahead)
        self.probe: _Probe | None = None
        self.listings = [
            _Command(root, args)
            for args in (
                ["ls-files", "-z", "--cached", "--", *self.pathspec],
                [
                    "status",
                    "--porcelain",
                    "-z",
                    "--untracked-files=no",
                    "--no-renames",
                    "--ignore-submodules=dirty",
                    "--",
                    *self.pathspec,
                ],
            )
        ]

    def result(
        self, boundary: frozenset[str], known: set[str]
    ) -> tuple[dict[str, str], set[str], set[str], str]:
        """Dates of committed files not in `known`, the tracked paths without changes,
        those beyond a shallow clone's history, and a problem if git failed (then no path
        counts as unchanged)."""
        listed, status = (command.done() for command in self.listings)
        clean = set(_split_z(listed.stdout)) - _dirty_paths(status.stdout)
        problem = ""
        if listed.returncode != 0 or status.returncode != 0:
            failed = listed if listed.returncode != 0 else status
            problem = f"git could not list the work tree ({_first_line(failed.stderr)})"
            clean = set()
        wanted = clean - known
        if not wanted:
            return {}, clean, set(), problem
        self.probe = _Probe(self.root)
        walk = _Walk(set(wanted), self.wide, boundary, self.probe)
        code, stopped, message = _walk_log(self.log, walk)
        if not stopped and code != 0 and not walk.seen and "diff-merges" in message:
            walk = _Walk(set(wanted), self.wide, boundary, self.probe)  # a git before 2.31
            code, stopped, message = _walk_log(_log(self.root, _MERGES[1], self.wide), walk)
        if not stopped and code != 0:
            problem = problem or f"git log failed ({message or f'exit status {code}'})"
        return walk.dates, clean, walk.beyond, problem

    def close(self) -> None:
        """End what still runs (a read never taken, or a log stopped early)."""
        for command in (self.log, *self.listings):
            command.close()
        if self.probe is not None:
            self.probe.close()


class _Command:
    """A git command started now. Its errors, and unless `piped` its output, wait in
    temporary files, so git never waits for a reader."""

    def __init__(self, root: Path, args: list[str], piped: bool = False) -> None:
        self.args = args
        self.out = None if piped else tempfile.TemporaryFile()
        self.err = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(
            ["git", *_OPTIONS, *args],
            cwd=root,
            env=_git_env(),
            stdin=subprocess.DEVNULL,
            stdout=self.out or subprocess.PIPE,
            stderr=self.err,
        )

    def output(self) -> IO[bytes] | None:
        """The output to read: the pipe as git writes it, or the file once git is done."""
        if self.out is None:
            return self.proc.stdout
        self.proc.wait()
        self.out.seek(0)
        return self.out

    def done(self) -> subprocess.CompletedProcess[bytes]:
        """Wait for git; its exit status, output and errors."""
        code = self.proc.wait()
        return subprocess.CompletedProcess(
            self.args, code, _read_back(self.output()), _read_back(self.err)
        )

    def stop(self) -> int:
        """Close the output, end git if it still runs, and return its exit status."""
        for stream in (self.proc.stdout, self.out):
            if stream is not None:
                stream.close()
        if self.proc.poll() is None:
            self.proc.terminate()
        return self.proc.wait()

    def close(self) -> None:
        self.stop()
        self.err.close()


def _read_back(file: IO[bytes] | None) -> bytes:
    if file is None:
        return b""
    file.seek(0)
    return file.read()


def _log(root: Path, merges: str, pathspec: list[str], piped: bool = True) -> _Command:
    """The one `git log` of some pathspecs, started now."""
    return _Command(
        root,
        [
            "log",
            _FORMAT,
            "--name-only",
            "-z",
            "--no-renames",
            merges,
            "--full-history",
            "--parents",
            "--date-order",
            "--no-color",
            "--no-ext-diff",
            "--no-show-signature",
            "HEAD",
            "--",
            *pathspec,
        ],
        piped,
    )


def _walk_log(log: _Command, walk: _Walk) -> tuple[int, bool, str]:
    """Feed the log to `walk`, then end it: exit status, stopped early, first error line."""
    try:
        stopped = _pump(log.output(), walk)
    finally:
        code = log.stop()
    message = _first_line(_read_back(log.err)[:4096])
    log.close()
    return code, stopped, message


class _Probe:
    """Is a path the same in two commits? A `git cat-file --batch-check` says, started at
    the first question (most histories ask none); a `git diff-tree` when it cannot tell."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._proc: subprocess.Popen[bytes] | None = None

    @property
    def proc(self) -> subprocess.Popen[bytes]:
        if self._proc is None:
            self._proc = subprocess.Popen(
                ["git", *_OPTIONS, "cat-file", "--batch-check=%(objectname)"],
                cwd=self.root,
                env=_git_env(),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
            )
        return self._proc

    def equal(self, one: str, other: str, paths: list[str]) -> bool:
        """Whether both commits hold the same `paths` ("": the whole tree)."""
        same = self._ask(one, other, paths)
        if same is not None:
            return same
        return (
            _run(
                [
                    "diff-tree",
                    "--quiet",
                    "-r",
                    "--no-renames",
                    one,
                    other,
                    "--",
                    *filter(None, paths),
                ],
                self.root,
            ).returncode
            == 0
        )

    def _ask(self, one: str, other: str, paths: list[str]) -> bool | None:
        """The object ids compared; None for a name with a newline, a path in neither
        commit (or a submodule, whose commit this repository does not hold), or a failure."""
        ask, answer = self.proc.stdin, self.proc.stdout
        if ask is None or answer is None or any("\n" in path for path in paths):
            return None
        try:
            for path in paths:
                name = os.fsencode(path)
                ask.write(b"%s:%s\n%s:%s\n" % (one.encode(), name, other.encode(), name))
            ask.flush()
            ids = [answer.readline() for _ in range(2 * len(paths))]
        except OSError:
            return None
        pairs = list(zip(ids[::2], ids[1::2]))
        if any(
            not b or (a.endswith(b" missing\n") and b.endswith(b" missing\n")) for a, b in pairs
        ):
            return None
        return all(a == b for a, b in pairs)

    def close(self) -> None:
        if self._proc is None:
            return
        for stream in (self._proc.stdin, self._proc.stdout):
            if stream is not None:
                stream.close()
        self._proc.wait()


def _pump(stream: io.BufferedReader | None, walk: _Walk) -> bool:
    """Feed the log to `walk`; True if it stopped early because every file is dated."""
    if stream is None:
        return False
    tail = b""
    while chunk := stream.read1(_CHUNK):
        parts = (tail + chunk).split(b"\0")
        tail = parts.pop()
        for token in parts:
            walk.token(token)
        if walk.done:
            return True
    if tail:
        walk.token(tail)
    walk.finish()
    return walk.done


class _Walk:
    """Walks every wanted file down its own simplified history as the log streams by.

    `pending[c]` holds the files whose chain has reached commit `c` and is not yet
    dated; the log's `--date-order` shows a commit only after all its children, so the
    set is complete when `c` shows up. The first commit shown is HEAD, or the first one
    below it that changes the pathspecs: every wanted file starts there.
    """

    def __init__(
        self, wanted: set[str], pathspec: list[str], boundary: frozenset[str], probe: _Probe
    ) -> None:
        self.pathspec = pathspec
        self.boundary = boundary
        self.probe = probe
        self.left = len(wanted)
        self.start: set[str] | None = wanted
        self.pending: dict[str, set[str]] = {}
        self.dates: dict[str, str] = {}
        self.beyond: set[str] = set()
        self.seen = False
        self.header_next = False
        self.first_name = False
        self.commit = ""
        self.date = ""
        self.parents: list[str] = []
        self.diffs: list[list[str]] = []

    @property
    def done(self) -> bool:
        return self.left <= 0

    def token(self, token: bytes) -> None:
        if not token:
            self.header_next = True
        elif self.header_next:
            self.header_next = False
            self._header(token.decode("ascii", "replace"))
        else:
            if self.first_name:
                self.first_name = False
                if token[:1] == b"\n":
                    token = token[1:]
            if self.diffs and token:
                self.diffs[-1].append(os.fsdecode(token))

    def finish(self) -> None:
        if self.commit:
            self._settle()
            self.commit = ""

    def _header(self, text: str) -> None:
        fields = text.split()
        if len(fields) < 2:
            return
        self.seen = True
        self.first_name = True
        if fields[0] == self.commit:  # the same merge again, diffed against its next parent
            self.diffs.append([])
            return
        self.finish()
        self.commit, self.date = fields[0], fields[1]
        self.parents = fields[2:]
        self.diffs = [[]]
        if self.start is not None:
            self.pending[self.commit] = self.start
            self.start = None

    def _settle(self) -> None:
        files = self.pending.pop(self.commit, None)
        if not files:
            return
        parents, diffs = self.parents, self.diffs
        if not parents and self.commit in self.boundary:  # a shallow clone's oldest commit
            self.beyond |= files
            self.left -= len(files)
            return
        if len(parents) <= 1:
            for name in diffs[0] if diffs else ():
                if name in files:
                    files.discard(name)
                    self._dated(name)
            if parents and files:
                self._give(parents[0], files)
            return
        # With --diff-merges=separate git prints no record for a parent the merge equals
        # (in the pathspecs), so records and parents line up only when there is one per parent.
        records = [d for d in diffs if d]
        if len(records) == len(parents):
            self._route(files, [set(d) for d in records])
        elif not records:
            self._give(parents[0], files)
        else:
            self._route(files, self._align(files, records))

    def _align(self, files: set[str], records: list[list[str]]) -> list[set[str]]:
        """Each parent's changed files, when git left out the records of some parents."""
        parents = self.parents
        if len(parents) == 2:
            listed = records[0]
            if not any(name in files for name in listed):
                return [set(), set(listed)]  # either way every pending file goes first
            # The record is against the first parent unless the merge equals it: then any
            # file listed is the same in both.
            name = next(n for n in listed if n in files)
            same = self.probe.equal(parents[0], self.commit, [name])
            return [set(), set(listed)] if same else [set(listed), set()]
        whole = self.pathspec or [""]
        slots = [
            n
            for n, parent in enumerate(parents)
            if not self.probe.equal(parent, self.commit, whole)
        ]
        if len(slots) != len(records):
            slots = list(range(len(records)))
        sets: list[set[str]] = [set() for _ in parents]
        for slot, names in zip(slots, records):
            sets[slot] = set(names)
        return sets

    def _route(self, files: set[str], diffs: list[set[str]]) -> None:
        """Send each file to the first parent it is unchanged from; date the rest here."""
        for parent, changed in zip(self.parents, diffs):
            if len(changed) < len(files):
                differ = {name for name in changed if name in files}
            else:
                differ = {name for name in files if name in changed}
            files -= differ
            if files:
                self._give(parent, files)
            files = differ
            if not files:
                return
        for name in files:
            self._dated(name)

    def _give(self, commit: str, files: set[str]) -> None:
        there = self.pending.get(commit)
        if there is None:
            self.pending[commit] = files
        elif len(there) >= len(files):
            there |= files
        else:
            files |= there
            self.pending[commit] = files

    def _dated(self, name: str) -> None:
        self.dates[name] = self.date
        self.left -= 1
