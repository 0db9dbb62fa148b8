"""Shared test helpers: git repositories with fixed dates, parsed and checked sitemap files."""

from __future__ import annotations

import contextlib
import functools
import gzip
import http.server
import os
import re
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from lxml import etree

from sitemap_core.checking.validate import validate_files, validate_robots
from sitemap_core.facts import gitlog

NS = {"sm": "http://www.sitemaps.org/schemas/sitemap/0.9", "xhtml": "http://www.w3.org/1999/xhtml"}


_IDENTITY = (
    "-c",
    "user.name=Test",
    "-c",
    "user.email=test@example.com",
    "-c",
    "commit.gpgsign=false",
    "-c",
    "core.autocrlf=false",
)


class GitRepo:
    """A work tree driven through the git CLI; every commit gets the date it is given.

    The user's and the system's git config are kept out, so every machine runs the same git.
    """

    def __init__(self, root: Path) -> None:
        self.root = root

    def git(self, *args: str, date: str | None = None, cwd: Path | None = None) -> str:
        """Run git here and return its stdout; `date` sets author and committer dates."""
        done = subprocess.run(
            ["git", *_IDENTITY, *args],
            cwd=cwd or self.root,
            env=git_env(date),
            capture_output=True,
            text=True,
            check=False,
        )
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

    def add_submodule(self, source: GitRepo, rel: str, date: str) -> None:
        """Add `source` as a submodule at `rel` (a local clone) and commit it at `date`."""
        self.git(
            "-c", "protocol.file.allow=always", "submodule", "add", "-q", str(source.root), rel
        )
        self.commit(f"{rel} added", date)

    def last_date(self, rel: str) -> str:
        """What `git log -1 --format=%cI -- rel` says (the reference for one-pass dates)."""
        return self.git("--literal-pathspecs", "log", "-1", "--format=%cI", "--", rel).strip()


def git_env(date: str | None = None) -> dict[str, str]:
    """The environment git runs in for the tests, theirs or a tool's (mike,
    sphinx-multiversion): no user or system config, one identity, `date` (if given) as
    author and committer date."""
    env = {
        **os.environ,
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "Test",
        "GIT_AUTHOR_EMAIL": "test@example.com",
        "GIT_COMMITTER_NAME": "Test",
        "GIT_COMMITTER_EMAIL": "test@example.com",
    }
    if date is not None:
        env["GIT_AUTHOR_DATE"] = env["GIT_COMMITTER_DATE"] = date
    return env


def git(repo: Path, *args: str, date: str | None = None) -> str:
    """Run git in the work tree `repo`."""
    return GitRepo(repo).git(*args, date=date)


def init_repo(repo: Path) -> Path:
    """`git init` a folder (created if missing, branch `main`) and return it."""
    repo.mkdir(parents=True, exist_ok=True)
    git(repo, "init", "-q", "-b", "main")
    return repo


def checkout_times(folder: Path, stamp: int) -> None:
    """Give every file under `folder` the one mtime `stamp`, as a fresh checkout's files
    have (on CI, about the build's time)."""
    for parent, _, names in os.walk(folder):
        for name in names:
            os.utime(os.path.join(parent, name), (stamp, stamp))


def touch_now(path: Path) -> None:
    """Give `path` the mtime of this process's clock, as an edit made now has (a test run
    with a moved clock, `faketime`, would otherwise leave the kernel's real time)."""
    now = time.time()
    os.utime(path, (now, now))


def commit_all(repo: Path, date: str, message: str = "change") -> None:
    """Stage everything and commit it at `date` (ISO 8601 with a zone)."""
    GitRepo(repo).commit(message, date)


def _read(path: Path) -> bytes:
    data = path.read_bytes()
    return gzip.decompress(data) if path.suffix == ".gz" else data


def parse(path: Path) -> etree._ElementTree:
    """Parse a sitemap file (gzipped or not) with lxml, refusing entities and DTDs."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    return etree.ElementTree(etree.fromstring(_read(path), parser))


def urls_in(path: Path) -> dict[str, str | None]:
    """`{loc: lastmod}` of a `<urlset>` file, of every part an index names, or of a text
    sitemap (no lastmod there)."""
    if ".txt" in path.suffixes:
        return dict.fromkeys(_read(path).decode("utf-8").splitlines())
    root = parse(path).getroot()
    if root.tag == f"{{{NS['sm']}}}sitemapindex":
        found: dict[str, str | None] = {}
        for loc in root.iterfind("sm:sitemap/sm:loc", NS):
            found.update(urls_in(path.with_name(loc.text.rsplit("/", 1)[1])))
        return found
    return {
        u.findtext("sm:loc", namespaces=NS): u.findtext("sm:lastmod", namespaces=NS)
        for u in root.iterfind("sm:url", NS)
    }


def url_elements(path: Path) -> dict[str, Any]:
    """`{loc: <url> element}` of a `<urlset>` file."""
    root = parse(path).getroot()
    return {u.findtext("sm:loc", namespaces=NS): u for u in root.iterfind("sm:url", NS)}


def checked(out: Path, base: str, name: str = "sitemap.xml") -> dict[str, str | None]:
    """Check the sitemap set a build wrote into `out`; the `{loc: lastmod}` of `name`.

    The set is `name` (published at `base + name`), its twins and its parts (`<stem>-N.*`).
    Each XML file must parse with lxml, and the core validator may find no error in the
    set nor in `out/robots.txt`, if there is one.
    """
    main = out / name
    assert main.is_file(), f"no {name} in {sorted(p.name for p in out.iterdir())}"
    member = re.compile(re.escape(name.split(".", 1)[0]) + r"(-\d+)?\.(xml|txt)(\.gz)?")
    files = [main, *sorted(p for p in out.iterdir() if p != main and member.fullmatch(p.name))]
    for path in files:
        if ".xml" in path.suffixes:
            parse(path)
    errors = [i for i in validate_files(files, base + name) if i.level == "error"]
    if (out / "robots.txt").exists():  # none is made for a site under a path
        errors += [i for i in validate_robots(out / "robots.txt") if i.level == "error"]
    assert not errors, errors
    return urls_in(main)


def assert_reciprocal(sitemap: Path) -> None:
    """hreflang alternates as search engines want them: each page with alternates lists
    itself and is listed back by every listed alternate (the validator's `hreflang`
    check finds nothing), with exactly one x-default."""
    assert [i for i in validate_files([sitemap]) if i.code == "hreflang"] == []
    for url in parse(sitemap).getroot():
        codes = [link.get("hreflang") for link in url.iterfind("xhtml:link", NS)]
        assert not codes or codes.count("x-default") == 1, url.findtext("sm:loc", None, NS)


def histories_given(monkeypatch: Any) -> list[Any]:
    """The git history each `SitemapBuild.finish` writes with, in order (None: the
    build read none ahead); the calls go through."""
    from sitemap_core.inventory import writeset

    given: list[Any] = []
    write = writeset.write_sitemaps

    def recording(
        pages: Any,
        out_dir: Path,
        settings: Any,
        history: Any = None,
        heads: Any = None,
        site: Any = None,
    ) -> Any:
        given.append(history)
        return write(pages, out_dir, settings, history, heads, site)

    monkeypatch.setattr(writeset, "write_sitemaps", recording)
    return given


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Files from the served folder, without a log line per request."""

    def log_message(self, *args: object) -> None:
        pass


@contextlib.contextmanager
def serve(root: Path, handler: type[QuietHandler] = QuietHandler) -> Iterator[str]:
    """A loopback HTTP server on 127.0.0.1 serving `root`; its base URL; stopped after."""
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(root))
    )
    server.daemon_threads = True
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
    )
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


# Commit dates, one a day: DAYS[n] for the n-th commit of a test's history.
DAYS = [f"2024-0{m}-0{d}T08:00:00+01:00" for m in range(1, 10) for d in range(1, 10)]


class Logs:
    """Each history `git log` a build starts: "since" (`<last>..HEAD`) or "full"."""

    def __init__(self, monkeypatch: Any) -> None:  # pytest.MonkeyPatch
        self.kinds: list[str] = []
        real = subprocess.Popen

        def spy(args, **kwargs):  # type: ignore[no-untyped-def]
            if gitlog.FORMAT in args:
                self.kinds.append("since" if any(a.startswith("^") for a in args) else "full")
            return real(args, **kwargs)

        monkeypatch.setattr(subprocess, "Popen", spy)

    def take(self) -> list[str]:
        kinds, self.kinds = self.kinds, []
        return kinds
