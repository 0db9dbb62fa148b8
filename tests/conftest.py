"""Shared fixtures: temporary git repositories with fixed commit dates."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from helpers import GitRepo, init_repo

# Importing pelican (pelican.log) turns every logger created after it into one that drops
# a warning it has seen before, for the whole process. MkDocs and our plugin make their
# loggers when imported: import them first, so that a MkDocs test's second build still
# sees (and --strict still counts) the warning its first build logged. An environment
# without MkDocs (nox's `properdocs`, `pelican`, `sphinx` sessions) has nothing to import.
with contextlib.suppress(ModuleNotFoundError):
    import sitemap_mkdocs.plugin  # noqa: F401  isort: skip


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
        return GitRepo(init_repo(tmp_path / name))

    return make


@pytest.fixture(autouse=True)
def _no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests reach only 127.0.0.1: a proxy from the environment must not get in between."""
    for name in (
        "http_proxy",
        "https_proxy",
        "HTTP_PROXY",
        "HTTPS_PROXY",
        "all_proxy",
        "ALL_PROXY",
    ):
        monkeypatch.delenv(name, raising=False)
