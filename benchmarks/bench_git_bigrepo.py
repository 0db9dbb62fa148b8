"""Git lastmod in a large repository whose docs are a small part of its history.

Builds a synthetic repository with `git fast-import`: `--commits` commits (merged topic
branches of every kind: both sides moving, --no-ff, -s ours, evil, octopus), about 2% of
them touching a docs folder of a few hundred files (nested folders, odd names, renames),
the rest touching other folders. Then, in the same run, dates the docs files

- today: the whole repository's history (`prefetch` of the work tree's root, the pass
  GitDates made before it read folder by folder),
- new: `prefetch` of the docs files (what a site build does),
- floor: one plain `git log --name-only -- docs/` read to the end,

each the best of three, and checks every docs date against `git log -1 -- FILE`.

    python benchmarks/bench_git_bigrepo.py [--commits N] [--quick]

The last line is `BENCH git_bigrepo docs_files=<n> commits=<n> vs_today=<x> vs_floor=<y>
mismatches=<m>`: vs_today = today / new (target >= 10), vs_floor = new / floor (<= 2).
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from bench_git_lastmod import START, ZONES, _quote, _tracked
from harness import size_option
from sitemap_core.facts.gitdates import GitDates

DOCS = "docs"
DOCS_FILES = 300
OTHER_FILES = 6000
DOCS_SHARE = 0.02
ODD = ("with space.md", "tab\there.md", "new\nline.md", "*star.md", "ñandú/página.md")


def _docs_paths() -> list[str]:
    parts = ("guide", "reference", "api/v1", "api/v2", "blog/2024", "tutorials/basics")
    paths = [f"{DOCS}/{name}" for name in ODD]
    n = 0
    while len(paths) < DOCS_FILES:
        paths.append(f"{DOCS}/{parts[n % len(parts)]}/page-{n}.md")
        n += 1
    return paths


def _other_paths() -> list[str]:
    tops = ("src/app", "src/lib", "tests/unit", "tools", "web/static", "web/templates")
    return [
        f"{tops[n % len(tops)]}/mod-{n % 41}/part-{n % 7}/file-{n}.py" for n in range(OTHER_FILES)
    ]


Changes = dict[str, bytes | None]  # path -> new content, None: deleted


class _History:
    """A fast-import stream: commits on `main`, topic branches merged into it.

    Outside the docs a commit changes a few files, now and then a few dozen (a refactor):
    the size of commits in real repositories, which is what the whole-repository pass pays.
    """

    def __init__(self, commits: int, seed: int) -> None:
        self.rnd = random.Random(seed)
        self.commits = commits
        self.docs = _docs_paths()
        self.other = _other_paths()
        self.out: list[bytes] = []
        self.mark = 0
        self.clock = START
        self.blob = 0
        self.later = [p for n, p in enumerate(self.docs) if n % 10 == 9]  # added later

    def build(self) -> bytes:
        later = set(self.later)
        tree: dict[str, bytes] = {}
        start = {p: self._content(p) for p in [*self.other, *self.docs] if p not in later}
        tip = self._commit("refs/heads/main", [], tree, start)
        while self.mark < self.commits:
            if self.mark % 10 == 0 and self.commits - self.mark >= 8:
                tip = self._topic(tip, tree)
            else:
                tip = self._commit("refs/heads/main", [tip], tree, self._edit(tree))
        if self.later:  # every docs file exists at the end
            self._commit("refs/heads/main", [tip], tree, {p: self._content(p) for p in self.later})
        return b"".join(self.out)

    def _content(self, path: str) -> bytes:
        self.blob += 1
        return f"# {path}\n\nrevision {self.blob}\n".encode()

    def _commit(
        self, ref: str, parents: list[int], tree: dict[str, bytes], changes: Changes
    ) -> int:
        """Write a commit changing `changes` from its first parent, whose `tree` it updates."""
        self.mark += 1
        self.clock += self.rnd.randint(60, 3600)
        out = self.out
        out.append(f"commit {ref}\nmark :{self.mark}\n".encode())
        out.append(
            f"committer Bench <bench@example.com> {self.clock} "
            f"{ZONES[self.mark % len(ZONES)]}\ndata 6\ncommit\n".encode()
        )
        if parents:
            out.append(f"from :{parents[0]}\n".encode())
        for other in parents[1:]:
            out.append(f"merge :{other}\n".encode())
        for path, data in changes.items():
            if data is None:
                out.append(b"D " + _quote(path) + b"\n")
                tree.pop(path, None)
            else:
                out.append(b"M 100644 inline " + _quote(path) + b"\n")
                out.append(b"data %d\n%s\n" % (len(data), data))
                tree[path] = data
        return self.mark

    def _edit(self, tree: dict[str, bytes]) -> Changes:
        """One commit's change: docs files about 2% of the time, other files otherwise."""
        if self.rnd.random() >= DOCS_SHARE:
            many = self.rnd.randint(10, 40) if self.rnd.random() < 0.15 else self.rnd.randint(1, 4)
            return {p: self._content(p) for p in self.rnd.sample(self.other, many)}
        docs = sorted(p for p in tree if p.startswith(f"{DOCS}/"))
        roll = self.rnd.random()
        if roll < 0.1 and self.later:
            path = self.later.pop()
            return {path: self._content(path)}
        if roll < 0.15:  # a rename
            old = self.rnd.choice(docs)
            new = old[:-3] + "-moved.md"
            return {old: None, new: tree[old]} if new not in tree else {}
        return {p: self._content(p) for p in self.rnd.sample(docs, self.rnd.randint(1, 3))}

    def _topic(self, tip: int, tree: dict[str, bytes]) -> int:
        """A topic branch (two for an octopus) merged into main, which may move meanwhile."""
        kind = (self.mark // 10) % 5  # 0 both move, 1 --no-ff, 2 -s ours, 3 evil, 4 octopus
        sides: list[tuple[int, Changes]] = []
        for n in range(2 if kind == 4 else 1):
            side_tip, side_tree, changed = tip, dict(tree), {}
            for _ in range(self.rnd.randint(1, 3)):
                change = self._edit(side_tree)
                side_tip = self._commit(f"refs/heads/topic-{n}", [side_tip], side_tree, change)
                changed.update(change)
            sides.append((side_tip, changed))
        if kind != 1:
            for _ in range(self.rnd.randint(1, 2)):
                tip = self._commit("refs/heads/main", [tip], tree, self._edit(tree))
        merged: Changes = {}
        if kind != 2:  # each side wins where it changed a file, main elsewhere
            for _, changed in sides:
                merged.update((p, d) for p, d in changed.items() if tree.get(p) != d)
        if kind == 3:  # an evil merge: a change of its own, in the docs now and then
            pool = self.docs if self.rnd.random() < 0.3 else self.other
            path = self.rnd.choice([p for p in pool if p in tree and p not in merged])
            merged[path] = self._content(path)
        return self._commit("refs/heads/main", [tip, *(t for t, _ in sides)], tree, merged)


def build_repository(root: Path, commits: int) -> None:
    """Create the repository at `root` and check it out."""
    data = _History(commits, seed=commits).build()
    subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    subprocess.run(["git", "fast-import", "--quiet"], cwd=root, input=data, check=True)
    subprocess.run(["git", "reset", "-q", "--hard", "main"], cwd=root, check=True)
    subprocess.run(["git", "branch", "-q", "-D", "topic-0", "topic-1"], cwd=root, check=False)


def _git_count(root: Path, *args: str) -> int:
    out = subprocess.run(
        ["git", "rev-list", "--count", "HEAD", *args],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    return int(out.stdout)


def _best(run: Callable[[], object]) -> tuple[float, object]:
    """The best time of three runs, and the last run's result."""
    best, result = float("inf"), None
    for _ in range(3):
        started = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - started)
    return best, result


def _dates(root: Path, docs: list[str], prefetch: list[Path]) -> dict[str, str | None]:
    """What a build does: load, prefetch, one date_of per docs file."""
    dates, issues = GitDates.load(root)
    if dates is None:
        raise SystemExit("GitDates.load failed: " + "; ".join(map(str, issues)))
    dates.prefetch(prefetch)
    found = {f: dates.date_of(root / f) for f in docs}
    return {f: d.isoformat() if d else None for f, d in found.items()}


def main() -> int:
    commits = size_option(__doc__.splitlines()[0], "commits", 20_000, 2_000, "commits")
    os.environ["GIT_CONFIG_NOSYSTEM"] = "1"
    os.environ["GIT_CONFIG_GLOBAL"] = os.devnull
    tmp = Path(tempfile.mkdtemp(prefix="bench-git-bigrepo-"))
    try:
        root = tmp / "repo"
        started = time.perf_counter()
        build_repository(root, commits)
        built = time.perf_counter() - started
        docs = [f for f in _tracked(root) if f.startswith(f"{DOCS}/")]
        total = _git_count(root)
        touching = _git_count(root, "--full-history", "--", DOCS)
        print(
            f"repository: {total} commits ({_git_count(root, '--merges')} merges), "
            f"{touching} ({100 * touching / total:.1f}%) touching {len(docs)} files in "
            f"{DOCS}/; built in {built:.1f} s"
        )

        today, old = _best(lambda: _dates(root, docs, [root]))
        new, ours = _best(lambda: _dates(root, docs, [root / f for f in docs]))
        floor, _ = _best(
            lambda: subprocess.run(
                ["git", "log", "--name-only", "--", f"{DOCS}/"],
                cwd=root,
                capture_output=True,
                check=True,
            )
        )
        exact, _ = _best(
            lambda: subprocess.run(
                [
                    "git",
                    "log",
                    "--format=%H %cI %P",
                    "--name-only",
                    "--diff-merges=separate",
                    "--full-history",
                    "--parents",
                    "--date-order",
                    "--",
                    f"{DOCS}/",
                ],
                cwd=root,
                capture_output=True,
                check=True,
            )
        )
        theirs = {
            f: subprocess.run(
                ["git", "--literal-pathspecs", "log", "-1", "--format=%cI", "--", f],
                cwd=root,
                capture_output=True,
                text=True,
                check=True,
            ).stdout.strip()
            for f in docs
        }
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    wrong = [f for f in docs if ours[f] != theirs[f] or old[f] != theirs[f]]
    for f in wrong[:10]:
        print(
            f"  mismatch {f!r}: docs {ours[f]}, whole repository {old[f]}, git log -1 {theirs[f]}"
        )
    print(
        f"today (whole repository): {today:.3f} s; new (docs files): {new:.3f} s; "
        f"floor (git log --name-only -- {DOCS}/): {floor:.3f} s; best of 3 each"
    )
    print(f"the log GitDates reads, alone (every branch, parents rewritten): {exact:.3f} s")
    print(
        f"BENCH git_bigrepo docs_files={len(docs)} commits={total} vs_today={today / new:.1f} "
        f"vs_floor={new / floor:.2f} mismatches={len(wrong)}"
    )
    return 0 if not wrong else 1


if __name__ == "__main__":
    sys.exit(main())
