"""Git lastmod: one streamed `git log` (GitDates.prefetch) against one `git log -1` per file.

Builds a synthetic repository with `git fast-import` (nested folders, non-ASCII and
odd names, merged branches of every kind, renames, deletions; fixed increasing commit
dates in several time zones), dates every file both ways in the same run, and compares.

    python benchmarks/bench_git_lastmod.py [--files N] [--commits N] [--quick] [--keep]

The last line is `BENCH git_lastmod files=<n> speedup=<x> mismatches=<m>`.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from sitemap_core.facts.gitdates import GitDates

START = 1_577_872_800  # 2020-01-01T10:00:00Z
ZONES = ("+0000", "+0200", "-0500", "+0530", "-0930")
ODD_NAMES = (
    "with space.md",
    "tab\there.md",
    "new\nline.md",
    '"quoted".md',
    "-dash.md",
    "*star.md",
    "sección/página 1.md",
    "日本語/ページ.md",
    "emoji/🙂.md",
)


def _paths(count: int) -> list[str]:
    """`count` file paths in nested folders, some non-ASCII or odd."""
    paths = list(ODD_NAMES[:count])
    n = 0
    while len(paths) < count:
        top = ("guide", "reference", "blog", "über", "api")[n % 5]
        if n % 37 == 0:
            paths.append(f"{top}/ñandú {n // 37}/página {n}.md")
        else:
            paths.append(f"{top}/part-{n % 17}/sub-{n % 7}/page-{n}.md")
        n += 1
    return paths


def _quote(path: str) -> bytes:
    escaped = path.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return b'"' + escaped.replace("\t", "\\t").encode("utf-8") + b'"'


class _Stream:
    """Writes a fast-import stream: commits on `main` and short-lived side branches."""

    def __init__(self, paths: list[str], commits: int, seed: int) -> None:
        self.rnd = random.Random(seed)
        self.paths = paths
        self.commits = commits
        self.out: list[bytes] = []
        self.mark = 0
        self.clock = START
        self.blob = 0
        self.merges = 0

    def _content(self, path: str) -> bytes:
        self.blob += 1
        return f"# {path}\n\nrevision {self.blob}\n".encode()

    def _commit(
        self,
        ref: str,
        parents: list[int],
        tree: dict[str, bytes],
        base: dict[str, bytes],
        message: str,
    ) -> int:
        self.mark += 1
        self.clock += self.rnd.randint(60, 7200)
        zone = ZONES[self.mark % len(ZONES)]
        msg = message.encode()
        out = self.out
        out.append(f"commit {ref}\nmark :{self.mark}\n".encode())
        out.append(f"committer Bench <bench@example.com> {self.clock} {zone}\n".encode())
        out.append(b"data %d\n%s\n" % (len(msg), msg))
        if parents:
            out.append(f"from :{parents[0]}\n".encode())
        for other in parents[1:]:
            out.append(f"merge :{other}\n".encode())
        for path in base.keys() - tree.keys():
            out.append(b"D " + _quote(path) + b"\n")
        for path, data in tree.items():
            if base.get(path) != data:
                out.append(b"M 100644 inline " + _quote(path) + b"\n")
                out.append(b"data %d\n%s\n" % (len(data), data))
        return self.mark

    def _edit(self, tree: dict[str, bytes], todo: list[str]) -> dict[str, bytes]:
        tree = dict(tree)
        for _ in range(self.rnd.randint(1, 3)):
            if todo:
                path = todo.pop()
            else:
                path = self.rnd.choice(sorted(tree)) if tree else self.paths[0]
            tree[path] = self._content(path)
        roll = self.rnd.random()
        if roll < 0.02 and len(tree) > 10:  # a rename
            old = self.rnd.choice(sorted(tree))
            new = old[:-3] + "-moved.md"
            if new not in tree:
                tree[new] = tree.pop(old)
        elif roll < 0.03 and len(tree) > 10:  # a deletion, brought back later
            gone = self.rnd.choice(sorted(tree))
            del tree[gone]
            todo.insert(0, gone)
        return tree

    def build(self) -> bytes:
        todo = list(reversed(self.paths))
        first = max(1, len(self.paths) // 10)
        tree = {p: self._content(p) for p in (todo.pop() for _ in range(first))}
        tip = self._commit("refs/heads/main", [], tree, {}, "start")
        made = 1
        while made < self.commits:
            if made % 25 == 0 and self.commits - made >= 6:
                tip, tree = self._branch(tip, tree, todo, made)
                made += 5
                continue
            new = self._edit(tree, todo)
            tip = self._commit("refs/heads/main", [tip], new, tree, f"edit {made}")
            tree = new
            made += 1
        if todo:  # every file exists at the end
            new = dict(tree)
            new.update({p: self._content(p) for p in todo})
            tip = self._commit("refs/heads/main", [tip], new, tree, "the rest")
        return b"".join(self.out)

    def _branch(
        self, tip: int, tree: dict[str, bytes], todo: list[str], made: int
    ) -> tuple[int, dict[str, bytes]]:
        """Five commits: side, main, side, main (or not), and a merge of one of 4 kinds."""
        kind = (made // 25) % 4
        ref = f"refs/heads/topic-{made}"
        side_tree, side_tip = tree, tip
        main_tree, main_tip = tree, tip
        for step in range(4):
            if step % 2 == 0 or kind == 1:  # kind 1: main does not move (a --no-ff merge)
                new = self._edit(side_tree, [])
                side_tip = self._commit(ref, [side_tip], new, side_tree, f"topic {made}.{step}")
                side_tree = new
            else:
                new = self._edit(main_tree, todo)
                main_tip = self._commit(
                    "refs/heads/main", [main_tip], new, main_tree, f"edit {made}.{step}"
                )
                main_tree = new
        if kind == 2:  # -s ours: the side branch is dropped
            merged = dict(main_tree)
        else:  # side wins where it changed a file, main elsewhere
            merged = dict(main_tree)
            for path in tree.keys() | side_tree.keys():
                if side_tree.get(path) != tree.get(path):
                    if path in side_tree:
                        merged[path] = side_tree[path]
                    else:
                        merged.pop(path, None)
            if kind == 3:  # an evil merge: a change of its own
                path = self.rnd.choice(sorted(merged))
                merged[path] = self._content(path)
        self.merges += 1
        tip = self._commit(
            "refs/heads/main", [main_tip, side_tip], merged, main_tree, f"merge topic {made}"
        )
        return tip, merged


def build_repository(root: Path, files: int, commits: int) -> int:
    """Create the repository at `root` and check it out; returns the merge count."""
    stream = _Stream(_paths(files), commits, seed=files * 7919 + commits)
    data = stream.build()
    subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    subprocess.run(["git", "fast-import", "--quiet"], cwd=root, input=data, check=True)
    subprocess.run(["git", "reset", "-q", "--hard", "main"], cwd=root, check=True)
    subprocess.run(
        ["git", "branch", "-q", "-D", *[b for b in _branches(root) if b != "main"]],
        cwd=root,
        check=False,
    )
    return stream.merges


def _branches(root: Path) -> list[str]:
    out = subprocess.run(
        ["git", "for-each-ref", "--format=%(refname:short)", "refs/heads"],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.split()


def _tracked(root: Path) -> list[str]:
    out = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True)
    return [os.fsdecode(p) for p in out.stdout.split(b"\0") if p]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=5000, help="files in the repository")
    parser.add_argument("--commits", type=int, default=5000, help="commits in the repository")
    parser.add_argument("--quick", action="store_true", help="500 files and 500 commits")
    parser.add_argument("--keep", action="store_true", help="keep the repository; print its path")
    args = parser.parse_args(argv)
    if args.quick:
        args.files, args.commits = 500, 500
    os.environ["GIT_CONFIG_NOSYSTEM"] = "1"
    os.environ["GIT_CONFIG_GLOBAL"] = os.devnull

    tmp = tempfile.mkdtemp(prefix="bench-git-lastmod-")
    root = Path(tmp) / "repo"
    started = time.perf_counter()
    merges = build_repository(root, args.files, args.commits)
    built = time.perf_counter() - started
    files = _tracked(root)
    commits = subprocess.run(
        ["git", "rev-list", "--count", "HEAD"], cwd=root, capture_output=True, text=True, check=True
    ).stdout.strip()
    print(
        f"repository: {len(files)} files, {commits} commits ({merges} merges), "
        f"built in {built:.1f} s at {root if args.keep else 'a temp folder'}"
    )

    started = time.perf_counter()
    dates, issues = GitDates.load(root)
    if dates is None:
        print("GitDates.load failed:", *issues, sep="\n  ")
        return 1
    dates.prefetch(root / f for f in files)  # the whole repository: every folder
    ours = {f: dates.date_of(root / f) for f in files}
    one_pass = time.perf_counter() - started

    started = time.perf_counter()
    theirs = {}
    for f in files:
        done = subprocess.run(
            ["git", "--literal-pathspecs", "log", "-1", "--format=%cI", "--", f],
            cwd=root,
            capture_output=True,
            text=True,
            check=True,
        )
        theirs[f] = done.stdout.strip()
    per_file = time.perf_counter() - started

    wrong = [f for f in files if ours[f] is None or ours[f].isoformat() != theirs[f]]
    for f in wrong[:10]:
        print(f"  mismatch {f!r}: one pass {ours[f]}, git log -1 {theirs[f]}")
    print(
        f"one pass: GitDates.load, prefetch, {len(files)} date_of: {one_pass:.3f} s"
        f"{' (issues: ' + '; '.join(map(str, issues)) + ')' if issues else ''}"
    )
    print(
        f"per file: {len(files)} x git log -1: {per_file:.1f} s "
        f"({per_file / max(len(files), 1) * 1000:.1f} ms a file)"
    )
    if not args.keep:
        subprocess.run(["rm", "-rf", tmp], check=False)
    speedup = per_file / one_pass if one_pass else float("inf")
    print(f"BENCH git_lastmod files={len(files)} speedup={speedup:.1f} mismatches={len(wrong)}")
    return 0 if not wrong else 1


if __name__ == "__main__":
    sys.exit(main())
