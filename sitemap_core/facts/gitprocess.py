"""Running git: one-shot commands, commands whose output waits in temporary files, and a
`git cat-file` asked whether a path is the same in two commits.

Every command runs with the same config overrides (`GIT_OPTIONS`) and environment
(`git_env`), so nothing in the user's config changes what git prints.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import IO

# Config that would change what git prints; the rest cannot touch these formats. Paths
# are pathspecs taken literally (a folder named `*` is that folder).
GIT_OPTIONS = (
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
# The file names git prints, as `os.fsdecode` reads them, less its checks on every call:
# `data.decode(*FILE_NAMES)` (the log's loop decodes hundreds of thousands).
FILE_NAMES = (sys.getfilesystemencoding(), sys.getfilesystemencodeerrors())
# A full object name: SHA-1 or SHA-256.
FULL_HASH = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")


def git_env() -> dict[str, str]:
    """The environment git runs in: this one, with no optional locks and blocked output."""
    env = dict(os.environ)
    env["GIT_OPTIONAL_LOCKS"] = "0"  # status must not rewrite the index
    env["GIT_FLUSH"] = "0"  # the log in blocks, not a write per commit
    return env


def run_git(args: list[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    """Run `git args` in `cwd` to its end; its exit status, output and errors."""
    return subprocess.run(
        ["git", *GIT_OPTIONS, *args],
        cwd=cwd,
        env=git_env(),
        stdin=subprocess.DEVNULL,
        capture_output=True,
        check=False,
    )


def first_line(data: bytes) -> str:
    """The first line of git's errors, without its `fatal: ` ("" for none)."""
    text = os.fsdecode(data).strip()
    return text.splitlines()[0].removeprefix("fatal: ") if text else ""


def read_back(file: IO[bytes] | None) -> bytes:
    """All of a temporary file's bytes, from its start (b"" for no file)."""
    if file is None:
        return b""
    file.seek(0)
    return file.read()


class Command:
    """A git command started now. Its errors, and unless `piped` its output, wait in
    temporary files, so git never waits for a reader."""

    def __init__(self, root: Path, args: list[str], piped: bool = False) -> None:
        self.args = args
        self.out = None if piped else tempfile.TemporaryFile()
        self.err = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(
            ["git", *GIT_OPTIONS, *args],
            cwd=root,
            env=git_env(),
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
            self.args, code, read_back(self.output()), read_back(self.err)
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
        """Stop git (if it still runs) and drop its errors."""
        self.stop()
        self.err.close()


class Probe:
    """Is a path the same in two commits? A `git cat-file --batch-check` says, started at
    the first question (most histories ask none); a `git diff-tree` when it cannot tell."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._proc: subprocess.Popen[bytes] | None = None

    @property
    def proc(self) -> subprocess.Popen[bytes]:
        """The `git cat-file` process, started on first use."""
        if self._proc is None:
            self._proc = subprocess.Popen(
                ["git", *GIT_OPTIONS, "cat-file", "--batch-check=%(objectname)"],
                cwd=self.root,
                env=git_env(),
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
            run_git(
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
        """End the `git cat-file`, if it was started."""
        if self._proc is None:
            return
        for stream in (self._proc.stdin, self._proc.stdout):
            if stream is not None:
                stream.close()
        self._proc.wait()
