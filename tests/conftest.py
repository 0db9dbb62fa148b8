"""Shared fixtures: temporary git repositories with fixed commit dates."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Callable

import pytest

_IDENTITY = ("-c", "user.name=Test", "-c", "user.email=test@example.com",
             "-c", "commit.gpgsign=false", "-c", "core.autocrlf=false")


class GitRepo:
    """A work tree driven through the git CLI; every commit gets the date it is given."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def git(self, *args: str, date: str | None = None, cwd: Path | None = None) -> str:
        """Run git here and return its stdout; `date` sets author and committer dates."""
        env = dict(os.environ)
        if date is not None:
            env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = date
        done = subprocess.run(["git", *_IDENTITY, *args], cwd=cwd or self.root, env=env,
                              capture_output=True, text=True, check=False)
        if done.returncode != 0:
            raise AssertionError(f"git {' '.join(args)} failed: {done.stderr}")
        return done.stdout

    def write(self, rel: str, text: str = "text\n") -> Path:
        """Write a file under the work tree, creating folders."""
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path

    def commit(self, message: str, date: str, *paths: str) -> str:
        """Stage `paths` (everything when none) and commit at `date`; returns the hash."""
        self.git("add", "--all", "--", *(paths or (".",)))
        self.git("commit", "-q", "--allow-empty", "-m", message, date=date)
        return self.git("rev-parse", "HEAD").strip()

    def last_date(self, rel: str) -> str:
        """What `git log -1 --format=%cI -- rel` says (the reference for one-pass dates)."""
        return self.git("--literal-pathspecs", "log", "-1", "--format=%cI", "--", rel).strip()


@pytest.fixture
def git_repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., GitRepo]:
    """A factory: `git_repo("name")` makes an empty repository (branch `main`) in tmp_path.

    The user's and the system's git config are hidden for the whole test, so the code
    under test sees the same git as the helpers do.
    """
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", os.devnull)
    for name in ("GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"):
        monkeypatch.delenv(name, raising=False)

    def make(name: str = "repo") -> GitRepo:
        root = tmp_path / name
        root.mkdir(parents=True)
        repo = GitRepo(root)
        repo.git("init", "-q", "-b", "main")
        return repo

    return make


@pytest.fixture(autouse=True)
def _no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests reach only 127.0.0.1: a proxy from the environment must not get in between."""
    for name in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy",
                 "ALL_PROXY"):
        monkeypatch.delenv(name, raising=False)
