"""The streamed `git log -z --name-only` of some folders, read until every wanted file is dated.

The dates equal what `git log -1 --format=%cI -- FILE` says, merges included.
`git log -- FILE` simplifies history per file: at a merge whose FILE matches a parent's
(the first such parent), it follows only that parent, and it shows the merge itself only
when FILE differs from every parent. A folder's log would simplify per folder instead, so
it is read with `--full-history --parents`: every merge is shown, a commit that changes
nothing in the folders is left out, and each parent is rewritten to the nearest commit
shown on its line. Only non-merge commits that change nothing in the folders are left
out, so each file has the same content at a parent as at its rewritten parent. Each
merge's diff comes against each (rewritten) parent (`--diff-merges=separate`), and every
file is walked down its own simplified chain from HEAD: the first commit on that chain
which changed the file dates it. git prints no diff against a parent the merge equals in
the folders; when that leaves a two-parent merge with one diff, `git cat-file` tells
which parent it is against (the merge equals its first parent there exactly when a file
the diff lists is the same in both).

The log is in `--date-order`, every commit after its children even when a clock was
wrong (git's plain date order would then show a parent first, and drop it from the
rewritten parents). Without a commit-graph file that makes git walk the whole history
before it prints anything; with one, git too stops early.

A commit listed in the repository's `.git-blame-ignore-revs` (a reformatting, a rename)
dates nothing: the files it changed go on down the chain of its first parent, to the
commit that changed them before; a file only such a root commit changed has no date.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import cast

from .gitprocess import FILE_NAMES, Command, Probe, first_line, read_back

# `%x00` first, so an empty field always comes right before a header; names follow,
# NUL-terminated, the first one after a newline.
FORMAT = "--format=%x00%H %cI %P"
_CHUNK = 1 << 16
# `--diff-merges=separate` needs git 2.31; older ones spell it `-m`.
MERGES = ("--diff-merges=separate", "-m")


def start_log(
    root: Path,
    pathspec: list[str],
    piped: bool = True,
    old_git: bool = False,
    revs: tuple[str, ...] = ("HEAD",),
) -> Command:
    """The one `git log` of some pathspecs, started now; `old_git`: for a git before 2.31;
    `revs`: where the walk starts (and, `^<commit>`, what it leaves out)."""
    return Command(
        root,
        [
            "log",
            FORMAT,
            "--name-only",
            "-z",
            "--no-renames",
            MERGES[1] if old_git else MERGES[0],
            "--full-history",
            "--parents",
            "--date-order",
            "--no-color",
            "--no-ext-diff",
            "--no-show-signature",
            *revs,
            "--",
            *pathspec,
        ],
        piped,
    )


def walk_log(log: Command, walk: Walk) -> tuple[int, bool, str]:
    """Feed the log to `walk`, then end it: exit status, stopped early, first error line."""
    try:
        stopped = _pump(cast("io.BufferedReader | None", log.output()), walk)
    finally:
        code = log.stop()
    message = first_line(read_back(log.err)[:4096])
    log.close()
    return code, stopped, message


def _pump(stream: io.BufferedReader | None, walk: Walk) -> bool:
    """Feed the log to `walk`; True if it stopped early because every file is dated."""
    if stream is None:
        return False
    tail = b""
    while chunk := stream.read1(_CHUNK):
        parts = (tail + chunk).split(b"\0")
        tail = parts.pop()
        walk.tokens(parts)
        if walk.done:
            return True
    if tail:
        walk.tokens([tail])
    walk.finish()
    return walk.done


class Walk:
    """Walks every wanted file down its own simplified history as the log streams by.

    `pending[c]` holds the files whose chain has reached commit `c` and is not yet
    dated; the log's `--date-order` shows a commit only after all its children, so the
    set is complete when `c` shows up. The first commit shown is HEAD, or the first one
    below it that changes the pathspecs: every wanted file starts there.
    """

    def __init__(
        self,
        wanted: set[str],
        pathspec: list[str],
        boundary: frozenset[str],
        probe: Probe,
        ignored: frozenset[str] = frozenset(),
    ) -> None:
        self.pathspec = pathspec
        self.boundary = boundary
        self.ignored = ignored  # commits that date nothing (`.git-blame-ignore-revs`)
        self.probe = probe
        self.left = len(wanted)
        self.start: set[str] | None = wanted
        # Each wanted name as the log prints it -> as given. The log's other names are not
        # decoded (a data repository's log lists hundreds of thousands), and the dates
        # keep the given strings.
        encoding, errors = FILE_NAMES
        self.names = {name.encode(encoding, errors): name for name in wanted}
        self.pending: dict[str, set[str]] = {}
        self.dates: dict[str, str] = {}
        self.beyond: dict[str, str] = {}  # file -> the date of the boundary it reached
        self.undated: set[str] = set()  # files only an ignored root commit changed
        self.seen = False
        self.waited = False  # some file waits for the commit being read: its names count
        self.header_next = False
        self.first_name = False
        self.commit = ""
        self.date = ""
        self.parents: list[str] = []
        self.diffs: list[list[str]] = []

    @property
    def done(self) -> bool:
        """True once every wanted file is dated (or beyond a shallow clone's history)."""
        return self.left <= 0

    def tokens(self, tokens: list[bytes]) -> None:
        """Take the next NUL-separated fields of the log (one loop here: the log of a
        large repository has hundreds of thousands). A record keeps the wanted names it
        lists, and "" for the others (a record listing none of them is not empty)."""
        names = self.names
        for token in tokens:
            if not token:
                self.header_next = True
            elif self.header_next:
                self.header_next = False
                self._header(token.decode("ascii", "replace"))
            elif self.waited:
                if self.first_name:
                    self.first_name = False
                    token = token[1:] if token[:1] == b"\n" else token
                if token:
                    name = names.get(token)
                    record = self.diffs[-1]
                    if name is not None:
                        record.append(name)
                    elif not record:
                        record.append("")

    def finish(self) -> None:
        """Settle the last commit read (the log ended)."""
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
        self.waited = self.commit in self.pending

    def _settle(self) -> None:
        files = self.pending.pop(self.commit, None)
        if not files:
            return
        parents, diffs = self.parents, self.diffs
        if not parents and self.commit in self.boundary:  # a shallow clone's oldest commit
            self.beyond.update(dict.fromkeys(files, self.date))
            self.left -= len(files)
            return
        if len(parents) <= 1:
            changed = {name for name in diffs[0] if name in files} if diffs else set()
            files -= changed
            if parents and files:
                self._give(parents[0], files)
            self._changed(changed)
            return
        # With --diff-merges=separate git prints no record for a parent the merge equals
        # (in the pathspecs), so records and parents line up only when there is one per parent.
        records = [d for d in diffs if d]
        if len(records) == len(parents):
            self._route(files, [set(d) for d in records])
        elif not records:
            self._give(parents[0], files)
        else:
            self._route(files, _align(self, files, records))

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
        self._changed(files)

    def _changed(self, files: set[str]) -> None:
        """Date `files`, which the commit being read changed; unless it is one to ignore:
        then they go on to its first parent (a root commit: they have no date)."""
        if self.commit not in self.ignored:
            for name in files:
                self._dated(name)
        elif self.parents:
            if files:
                self._give(self.parents[0], files)
        else:
            self.undated |= files
            self.left -= len(files)

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


def left_at(walk: Walk) -> dict[str, set[str]]:
    """After the log ended: the files `walk` did not date, by the commit their history
    reached and the log did not show (in a log of `<last>..HEAD`, a commit of `<last>`'s
    history). With no commit shown, every file waits at the first commit left out ("")."""
    if walk.start is not None:
        return {"": walk.start} if walk.start else {}
    return {commit: files for commit, files in walk.pending.items() if files}


def _align(walk: Walk, files: set[str], records: list[list[str]]) -> list[set[str]]:
    """Each parent's changed files at the merge `walk` is on, when git left out the
    records of some parents."""
    parents = walk.parents
    if len(parents) == 2:
        listed = records[0]
        if not any(name in files for name in listed):
            return [set(), set(listed)]  # either way every pending file goes first
        # The record is against the first parent unless the merge equals it: then any
        # file listed is the same in both.
        name = next(n for n in listed if n in files)
        same = walk.probe.equal(parents[0], walk.commit, [name])
        return [set(), set(listed)] if same else [set(listed), set()]
    whole = walk.pathspec or [""]
    slots = [
        n for n, parent in enumerate(parents) if not walk.probe.equal(parent, walk.commit, whole)
    ]
    if len(slots) != len(records):
        slots = list(range(len(records)))
    sets: list[set[str]] = [set() for _ in parents]
    for slot, names in zip(slots, records):
        sets[slot] = set(names)
    return sets
