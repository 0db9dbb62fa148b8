"""`mkdocs serve` rebuilds: git's history is read once per serve, again only when HEAD moves.

A real MkDocs site in a real git repository, built as `mkdocs/commands/serve.py` builds it:
the plugins started once (MkDocs then keeps their objects for every rebuild), the config
loaded again for each rebuild, every build for the dev server's address. Every git process
the builds start is counted; every sitemap is parsed with lxml and checked.
"""

from __future__ import annotations

import contextlib
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.livereload import _serve_url

from helpers import GitRepo, checked, touch_now
from sitemap_core.facts import gitlog
from sitemap_core.values.dates import file_mtime, to_w3c

BASE = "https://example.org/docs/"
FIRST, SECOND, LATER = (  # as <lastmod> writes them: UTC as `Z`
    "2022-03-01T10:00:00Z",
    "2022-09-15T16:30:00+02:00",
    "2023-04-04T04:04:04-03:00",
)
PAGES = {  # source: (URL, last commit)
    "index.md": ("", FIRST),
    "guide/a.md": ("guide/a/", SECOND),
    "guide/b.md": ("guide/b/", FIRST),
}
CONFIG = f"site_name: Serve\nsite_url: {BASE}\nplugins:\n  - sitemap-suite\n"


class Git:
    """The git commands started (`rev-parse`, `log`, `status`...), one per process."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.commands: list[str] = []
        real = subprocess.Popen

        def spy(args, **kwargs):
            if gitlog.FORMAT in args:  # GitDates' log (`git log` is ours alone)
                self.commands.append("log")
            elif args[0] == "git":
                self.commands.append(next(a for a in args[1:] if a[0] != "-" and "=" not in a))
            return real(args, **kwargs)

        monkeypatch.setattr(subprocess, "Popen", spy)

    def during(self, run: Callable[[], object]) -> list[str]:
        """The commands `run()` started, sorted."""
        self.commands.clear()
        run()
        return sorted(self.commands)


@pytest.fixture
def site(git_repo) -> GitRepo:
    repo = git_repo("site")
    repo.write("mkdocs.yml", CONFIG)
    for source, (_, date) in sorted(PAGES.items(), key=lambda item: item[1][1]):
        repo.write(f"docs/{source}", f"# {source}\n")
        repo.commit(f"add {source}", date)
    return repo


@contextlib.contextmanager
def serving(root: Path, site_dir: Path) -> Iterator[tuple[Callable[[], None], str]]:
    """`mkdocs serve` without its web server: a builder to call for each rebuild, and the
    dev server's address (mkdocs/commands/serve.py, step by step)."""

    def get_config():
        return load_config(config_file=str(root / "mkdocs.yml"), site_dir=str(site_dir))

    config = get_config()
    config.plugins.on_startup(command="serve", dirty=False)
    host, port = config.dev_addr
    mount_path = urlsplit(config.site_url or "/").path
    config.site_url = serve_url = _serve_url(host, port, mount_path)
    first = [config]

    def builder() -> None:
        built = first.pop() if first else get_config()  # the initial build: the first config
        built.site_url = serve_url
        build(built, serve_url=serve_url, dirty=False)

    try:
        yield builder, serve_url
    finally:
        config.plugins.on_shutdown()


def edited(repo: GitRepo, source: str) -> None:
    """Edit a page (or make it) now, as its author does while `mkdocs serve` runs."""
    path = repo.root / "docs" / source
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as file:
        file.write("\nEdited while serving.\n")
    touch_now(path)


def mtime_of(repo: GitRepo, source: str) -> str:
    stamp = file_mtime(repo.root / "docs" / source)
    assert stamp is not None
    return to_w3c(stamp)


def test_a_rebuild_reads_no_history_until_head_moves(site, tmp_path, monkeypatch):
    git = Git(monkeypatch)
    site_dir = tmp_path / "served"
    with serving(site.root, site_dir) as (rebuild, url):
        # The first build reads the history.
        assert "log" in git.during(rebuild)
        dated = {url + page: date for page, date in PAGES.values()}
        assert checked(site_dir, url) == dated

        # One page edited, one made: a status, no history read; the edited page dated by
        # its mtime; the new one, which git does not track yet, by nothing (one listing of
        # the tracked files tells it is no copy of one).
        edited(site, "guide/a.md")
        edited(site, "guide/new.md")
        assert git.during(rebuild) == ["ls-files", "rev-parse", "status"]
        assert checked(site_dir, url) == {
            **dated,
            url + "guide/a/": mtime_of(site, "guide/a.md"),
            url + "guide/new/": None,
        }

        # Committed: HEAD moved, the history is read again and the commit dates both.
        site.commit("edits", LATER)
        assert "log" in git.during(rebuild)
        assert checked(site_dir, url) == {
            **dated,
            url + "guide/a/": LATER,
            url + "guide/new/": LATER,
        }

        # Nothing changed: again no history read.
        assert git.during(rebuild) == ["rev-parse", "status"]
        assert checked(site_dir, url)[url + "guide/a/"] == LATER


def test_an_edit_undone_has_its_commit_date_again(site, tmp_path, monkeypatch):
    git = Git(monkeypatch)
    site_dir = tmp_path / "served"
    with serving(site.root, site_dir) as (rebuild, url):
        rebuild()
        edited(site, "guide/b.md")
        rebuild()
        assert checked(site_dir, url)[url + "guide/b/"] == mtime_of(site, "guide/b.md")
        site.git("checkout", "-q", "--", "docs/guide/b.md")
        assert git.during(rebuild) == ["rev-parse", "status"]
        assert checked(site_dir, url)[url + "guide/b/"] == FIRST


def test_build_keeps_nothing_from_one_build_to_the_next(site, tmp_path, monkeypatch):
    """`mkdocs build` keeps nothing in memory, after a serve in the same process too
    (MkDocs keeps the plugin's object for the whole process): the first build reads the
    history, the next takes it from the cache folder (on the same commit: no log)."""
    git = Git(monkeypatch)
    with serving(site.root, tmp_path / "served") as (rebuild, _):
        rebuild()
        rebuild()
    runs = []
    for _ in range(2):
        config = load_config(config_file=str(site.root / "mkdocs.yml"))
        config.plugins.on_startup(command="build", dirty=False)
        try:
            runs.append(git.during(lambda config=config: build(config)))
        finally:
            config.plugins.on_shutdown()
        assert checked(Path(config.site_dir), BASE) == {
            BASE + page: date for page, date in PAGES.values()
        }
    assert runs == [["log", "ls-files", "rev-parse", "status"], ["ls-files", "rev-parse", "status"]]
