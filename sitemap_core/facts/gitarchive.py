"""A `git archive` copy of one commit given back its history, so that its files are dated
exactly as in a checkout of that commit.

sphinx-multiversion builds each version from such a copy (`git archive <commit> | tar x`
into a temporary folder): no `.git`, so no history, and every file has the commit's
time as its mtime. `attach_history` makes the copy a work tree of that commit: a `.git` of its
own that borrows the source repository's objects (git's alternates: nothing is copied
but a few small files), HEAD detached at the commit, the index read from it and
refreshed against the files. `GitDates` then reads it as any work tree: each file is
dated by the last commit that changed it in the commit's own history, shallow
boundaries included. Nothing in the source repository is written.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from ..values.codes import Code
from ..values.report import Issue
from .gitprocess import FULL_HASH, first_line, run_git


def attach_history(copy: Path, source: Path, ref: str) -> Issue | None:
    """Give `copy` (`git archive` of `ref`, from the repository holding `source`) the
    history of its commit: the one it is named for (sphinx-multiversion names each copy
    for its commit's hash), else `ref`'s. None when done, or when `copy` has it already;
    else a `git` info issue saying why its files have no git dates."""
    rev = copy.name if FULL_HASH.fullmatch(copy.name) else ref
    dot_git = copy / ".git"
    try:
        found = run_git(
            ["rev-parse", "--git-common-dir", "--git-path", "shallow", f"{rev}^{{commit}}"],
            source,
        )
        lines = os.fsdecode(found.stdout).splitlines()
        if found.returncode != 0 or len(lines) != 3:
            reason = first_line(found.stderr) or f"{rev} is no commit of it"
            return _no_history(copy, ref, f"the repository at {source}: {reason}")
        common, shallow, commit = (source / lines[0]).resolve(), source / lines[1], lines[2]
        if dot_git.exists():
            head = run_git(["rev-parse", "--verify", "--quiet", "HEAD"], copy)
            if os.fsdecode(head.stdout).strip() == commit:
                return None
            return _no_history(copy, ref, f"{dot_git} is there already, at another commit")
        done = run_git(["init", "-q", "--template="], copy)
        if done.returncode != 0:
            return _no_history(copy, ref, first_line(done.stderr) or "git init failed")
        info = dot_git / "objects" / "info"
        info.mkdir(parents=True, exist_ok=True)
        (info / "alternates").write_text(f"{common / 'objects'}\n", encoding="utf-8")
        if shallow.is_file():
            shutil.copyfile(shallow, dot_git / "shallow")
        for args in (["update-ref", "--no-deref", "HEAD", commit], ["read-tree", "HEAD"]):
            done = run_git(args, copy)
            if done.returncode != 0:
                shutil.rmtree(dot_git, ignore_errors=True)
                return _no_history(copy, ref, first_line(done.stderr) or f"git {args[0]} failed")
        run_git(["update-index", "-q", "--refresh"], copy)  # its status lists changed files
    except OSError as exc:
        return _no_history(copy, ref, str(exc))
    return None


def _no_history(copy: Path, ref: str, reason: str) -> Issue:
    return Issue(
        Code.GIT,
        str(copy),
        "lastmod",
        f"the copy of {ref} has no history, and it cannot be given its commit's ({reason}): "
        "its pages have no git dates",
        "info",
    )
