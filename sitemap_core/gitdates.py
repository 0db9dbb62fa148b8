"""Last-commit dates for every file of a git repository, from one streamed `git log`.

`git log -1 --format=%cI -- FILE` per page is exact but costs a process and a history
walk per file. Here one `git log` over the whole repository is read as it streams and
stopped as soon as every tracked file has its date.

The dates equal what the per-file command says, merges included. `git log -- FILE`
simplifies history: at a merge whose FILE matches one parent's (the first such parent),
it follows only that parent, and it shows the merge itself only when FILE differs from
every parent. So the log is read with each merge's diff against each of its parents
(`--diff-merges=separate`), and every file is walked down its own simplified chain from
HEAD: the first commit on that chain which changed the file dates it.
"""

from __future__ import annotations

import datetime as dt
import io
import os
import subprocess
import tempfile
from pathlib import Path

from .lastmod import file_mtime
from .report import Issue

# `%x00` first, so an empty field always comes right before a header; names follow,
# NUL-terminated, the first one after a newline.
_FORMAT = "--format=%x00%H %T %cI %P"
_CHUNK = 1 << 16
# Config that would change what the log prints; the rest cannot touch this format.
_CONFIG = (
    "-c", "log.showRoot=true",
    "-c", "log.showSignature=false",
    "-c", "core.quotepath=off",
    "-c", "diff.ignoreSubmodules=none",
)
# `--diff-merges=separate` needs git 2.31; older ones spell it `-m`.
_MERGES = ("--diff-merges=separate", "-m")


class GitDates:
    """Per-file dates of a git work tree: last commit, or mtime when not committed."""

    __slots__ = ("_root", "_prefix", "_dates", "_committed", "_shallow", "_folders")

    def __init__(self, root: Path, dates: dict[str, str], committed: frozenset[str],
                 shallow: bool) -> None:
        self._root = root
        self._prefix = os.path.join(str(root), "")
        self._folders: dict[str, str] = {}
        self._dates = dates
        self._committed = committed  # tracked and unchanged: dated by git, not by mtime
        self._shallow = shallow

    @classmethod
    def load(cls, path: Path) -> tuple[GitDates | None, list[Issue]]:
        """Read the dates of the repository holding `path` (a folder or a file in it).

        Returns `(None, [Issue("git", ...)])` when git is missing or `path` is not in a
        work tree; a shallow clone still loads, with a `git-shallow` issue.
        """
        where = Path(path).absolute()
        while not where.is_dir() and where != where.parent:
            where = where.parent  # a file, or a folder not made yet: start from what exists
        try:
            found = _run(["rev-parse", "--show-toplevel", "--is-shallow-repository"], where)
        except OSError:
            return None, [_fallback(path, "git was not found on PATH")]
        lines = os.fsdecode(found.stdout).splitlines()
        if found.returncode != 0 or not lines:
            reason = _first_line(found.stderr) or "git rev-parse failed"
            return None, [_fallback(path, f"not inside a git work tree ({reason})")]
        root = Path(lines[0]).resolve()
        shallow = len(lines) > 1 and lines[1].strip() == "true"
        issues: list[Issue] = []
        if shallow:
            issues.append(Issue(
                "git-shallow", str(path), "lastmod",
                "the repository is a shallow clone, so git dates stop at its oldest "
                "fetched commit: files unchanged since then all get that commit's date. "
                "Fetch the whole history (`fetch-depth: 0` in actions/checkout, or "
                "`git fetch --unshallow`)."))
        try:
            dates, committed, problem = _read_repository(root)
        except OSError as exc:
            return None, [*issues, _fallback(path, f"git could not be run ({exc})")]
        if problem:
            issues.append(_fallback(path, problem, "for files it has no date for"))
        return cls(root, dates, committed, shallow), issues

    def date_of(self, path: str | os.PathLike[str]) -> dt.datetime | None:
        """The committer date (with its offset) of the last commit that changed `path`.

        Files with uncommitted changes, and files in the work tree that git does not
        track (untracked or ignored), get their modification time in UTC. None for
        files outside the repository, missing files, and files git has no date for.
        """
        try:
            real = self._real(path)
        except (OSError, ValueError, RuntimeError):
            return None
        if not real.startswith(self._prefix):
            return None
        rel = real[len(self._prefix):]
        if os.sep != "/":
            rel = rel.replace(os.sep, "/")
        if rel in self._committed:
            stamp = self._dates.get(rel)
            return dt.datetime.fromisoformat(stamp) if stamp else None
        return file_mtime(real)

    def _real(self, path: str | os.PathLike[str]) -> str:
        """`Path(path).resolve()`, with each folder resolved once."""
        text = os.fspath(path)
        if ".." in text and ".." in Path(text).parts:  # symlinks first, then "..": as resolve()
            return str(Path(text).resolve())
        absolute = os.path.abspath(text)
        folder, name = os.path.split(absolute)
        real_folder = self._folders.get(folder)
        if real_folder is None:
            real_folder = self._folders[folder] = str(Path(folder).resolve())
        real = os.path.join(real_folder, name)
        return str(Path(real).resolve()) if os.path.islink(real) else real

    @property
    def shallow(self) -> bool:
        """True when the repository is a shallow clone (dates may be truncated)."""
        return self._shallow

    @property
    def root(self) -> Path:
        """The work tree's top folder, resolved."""
        return self._root


def _fallback(path: Path, reason: str, scope: str = "") -> Issue:
    scope = f" {scope}" if scope else ""
    return Issue("git", str(path), "lastmod",
                 f"no git dates: {reason}; falling back to the next lastmod source "
                 f"(content hash or file modification time){scope}")


def _first_line(data: bytes) -> str:
    text = os.fsdecode(data).strip()
    return text.splitlines()[0].removeprefix("fatal: ") if text else ""


def _git_env() -> dict[str, str]:
    env = dict(os.environ)
    env["GIT_OPTIONAL_LOCKS"] = "0"  # status must not rewrite the index
    return env


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", *_CONFIG, *args], cwd=cwd, env=_git_env(),
                          stdin=subprocess.DEVNULL, capture_output=True, check=False)


def _split_z(data: bytes) -> list[str]:
    return [os.fsdecode(p) for p in data.split(b"\0") if p]


def _dirty_paths(data: bytes) -> set[str]:
    """Paths from `git status --porcelain -z --no-renames`: `XY path` entries."""
    return {os.fsdecode(entry[3:]) for entry in data.split(b"\0") if len(entry) > 3}


def _read_repository(root: Path) -> tuple[dict[str, str], frozenset[str], str]:
    """Dates of committed files, the tracked paths without changes, and a problem if git
    failed (then no path counts as unchanged).

    The log starts first; the file listings run while it fills its pipe.
    """
    log = _Log(root, _MERGES[0])
    try:
        listed, status = _run_all(root, [
            ["ls-files", "-z", "--cached"],
            ["status", "--porcelain", "-z", "--untracked-files=no", "--no-renames",
             "--ignore-submodules=dirty"]])
        tracked = frozenset(_split_z(listed.stdout))
        dirty = frozenset(_dirty_paths(status.stdout))
        problem = ""
        if listed.returncode != 0 or status.returncode != 0:
            failed = listed if listed.returncode != 0 else status
            problem = f"git could not list the work tree ({_first_line(failed.stderr)})"
            dirty = tracked
        wanted = tracked - dirty
        if not wanted:
            log.stop()
            if _run(["rev-parse", "--verify", "--quiet", "HEAD"], root).returncode != 0:
                problem = problem or "the repository has no commits yet"
            return {}, wanted, problem
        walk = _Walk(set(wanted), root)
        code, stopped, message = log.into(walk)
        if not stopped and code != 0 and not walk.seen and "diff-merges" in message:
            walk = _Walk(set(wanted), root)  # a git older than 2.31
            code, stopped, message = _Log(root, _MERGES[1]).into(walk)
        if not stopped and code != 0:
            problem = problem or f"git log failed ({message or f'exit status {code}'})"
        return walk.dates, wanted, problem
    finally:
        log.stop()
        log.errors.close()


def _run_all(root: Path, commands: list[list[str]]) -> list[subprocess.CompletedProcess[bytes]]:
    """Run git commands side by side; their output is small enough to read one by one."""
    procs = [subprocess.Popen(["git", *_CONFIG, *args], cwd=root, env=_git_env(),
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE) for args in commands]
    done = []
    for args, proc in zip(commands, procs):
        out, err = proc.communicate()
        done.append(subprocess.CompletedProcess(args, proc.returncode, out, err))
    return done


class _Log:
    """The one `git log`, started at once and read later; `stop()` ends it early."""

    def __init__(self, root: Path, merges: str) -> None:
        self.errors = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(
            ["git", *_CONFIG, "log", _FORMAT, "--name-only", "-z", "--no-renames", merges,
             "--date-order", "--no-color", "--no-ext-diff", "--no-show-signature",
             "HEAD", "--"],
            cwd=root, env=_git_env(), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=self.errors)

    def into(self, walk: _Walk) -> tuple[int, bool, str]:
        """Stream the log into `walk`: exit status, stopped early, first error line."""
        try:
            stopped = _pump(self.proc.stdout, walk)
        finally:
            code = self.stop()
        self.errors.seek(0)
        message = _first_line(self.errors.read(4096))
        self.errors.close()
        return code, stopped, message

    def stop(self) -> int:
        """Close the pipe, end git if it still runs, and return its exit status."""
        if self.proc.stdout is not None:
            self.proc.stdout.close()
        if self.proc.poll() is None:
            self.proc.terminate()
        return self.proc.wait()


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


class _Merge:
    """A two-parent merge with one diff: which parent it belongs to waits for a tree."""

    __slots__ = ("files", "listed", "tree", "parents", "settled")

    def __init__(self, files: set[str], listed: list[str], tree: str,
                 parents: list[str]) -> None:
        self.files = files
        self.listed = listed
        self.tree = tree
        self.parents = parents
        self.settled = False


class _Walk:
    """Walks every wanted file down its own simplified history as the log streams by.

    `pending[c]` holds the files whose chain has reached commit `c` and is not yet
    dated; the log's `--date-order` shows a commit only after all its children, so the
    set is complete when `c` shows up.
    """

    def __init__(self, wanted: set[str], root: Path) -> None:
        self.root = root
        self.left = len(wanted)
        self.start: set[str] | None = wanted
        self.pending: dict[str, set[str]] = {}
        self.waiting: dict[str, list[_Merge]] = {}
        self.dates: dict[str, str] = {}
        self.seen = False
        self.header_next = False
        self.first_name = False
        self.commit = ""
        self.tree = ""
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
        if len(fields) < 3:
            return
        self.seen = True
        self.first_name = True
        if fields[0] == self.commit:  # the same merge again, diffed against its next parent
            self.diffs.append([])
            return
        self.finish()
        self.commit, self.tree, self.date = fields[0], fields[1], fields[2]
        self.parents = fields[3:]
        self.diffs = [[]]
        if self.start is not None:  # HEAD: every wanted file starts here
            self.pending[self.commit] = self.start
            self.start = None

    def _settle(self) -> None:
        for merge in self.waiting.pop(self.commit, ()):
            self._resolve(merge, self.commit, self.tree)
        files = self.pending.pop(self.commit, None)
        if not files:
            return
        parents, diffs = self.parents, self.diffs
        if len(parents) <= 1:
            for name in diffs[0] if diffs else ():
                if name in files:
                    files.discard(name)
                    self._dated(name)
            if parents and files:
                self._give(parents[0], files)
            return
        # With --diff-merges=separate git prints no record for a parent the merge's tree
        # equals, so records and parents line up only when there is one per parent.
        diffs = [d for d in diffs if d]
        if len(diffs) == len(parents):
            self._route(files, [set(d) for d in diffs])
        elif not diffs:
            self._give(parents[0], files)
        elif len(parents) == 2:
            merge = _Merge(files, diffs[0], self.tree, parents)
            for parent in parents:
                self.waiting.setdefault(parent, []).append(merge)
        else:
            self._route(files, self._octopus(diffs))

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

    def _resolve(self, merge: _Merge, parent: str, tree: str) -> None:
        """A 2-parent merge with one diff: the diff is against the parent it differs from."""
        if merge.settled:
            return
        merge.settled = True
        first, second = merge.parents
        equal = tree == merge.tree
        against_second = equal if parent == first else not equal
        files = merge.files
        if against_second:  # its tree is the first parent's: everything came from there
            self._give(first, files)
            return
        changed = set(merge.listed)
        moved = {name for name in files if name in changed}
        files -= moved
        if files:
            self._give(first, files)
        if moved:
            self._give(second, moved)

    def _octopus(self, diffs: list[list[str]]) -> list[set[str]]:
        """Pair an octopus merge's diffs with its parents by asking for their trees."""
        revs = [f"{self.commit}^{n}^{{tree}}" for n in range(1, len(self.parents) + 1)]
        out = _run(["rev-parse", *revs], self.root)
        trees = out.stdout.decode("ascii", "replace").split()
        sets: list[set[str]] = [set() for _ in self.parents]
        slots = [i for i, t in enumerate(trees) if t != self.tree] if out.returncode == 0 else []
        if len(slots) != len(diffs):
            slots = list(range(len(diffs)))
        for slot, names in zip(slots, diffs):
            sets[slot] = set(names)
        return sets

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

