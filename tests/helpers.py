"""Shared test helpers: git repositories with fixed dates, and parsed sitemap files."""

from __future__ import annotations

import contextlib
import functools
import gzip
import http.server
import os
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

from lxml import etree

NS = {"sm": "http://www.sitemaps.org/schemas/sitemap/0.9",
      "xhtml": "http://www.w3.org/1999/xhtml"}


def git(repo: Path, *args: str, date: str | None = None) -> str:
    """Run git in `repo` with a fixed identity (and commit date, if given)."""
    env = {**os.environ, "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_SYSTEM": os.devnull}
    if date:
        env.update(GIT_AUTHOR_DATE=date, GIT_COMMITTER_DATE=date)
    out = subprocess.run(
        ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com",
         "-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false", *args],
        cwd=repo, env=env, check=True, capture_output=True, text=True)
    return out.stdout


def init_repo(repo: Path) -> Path:
    """`git init` a folder (created if missing) and return it."""
    repo.mkdir(parents=True, exist_ok=True)
    git(repo, "init", "-q")
    return repo


def commit_all(repo: Path, date: str, message: str = "change") -> None:
    """Stage everything and commit it at `date` (ISO 8601 with a zone)."""
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message, date=date)


def parse(path: Path) -> etree._ElementTree:
    """Parse a sitemap file (gzipped or not) with lxml, refusing entities and DTDs."""
    data = path.read_bytes()
    if path.suffix == ".gz":
        data = gzip.decompress(data)
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    return etree.ElementTree(etree.fromstring(data, parser))


def urls_in(path: Path) -> dict[str, str | None]:
    """`{loc: lastmod}` of a `<urlset>` file, or of every part an index names."""
    root = parse(path).getroot()
    if root.tag == f"{{{NS['sm']}}}sitemapindex":
        found: dict[str, str | None] = {}
        for loc in root.iterfind("sm:sitemap/sm:loc", NS):
            found.update(urls_in(path.with_name(loc.text.rsplit("/", 1)[1])))
        return found
    return {u.findtext("sm:loc", namespaces=NS): u.findtext("sm:lastmod", namespaces=NS)
            for u in root.iterfind("sm:url", NS)}


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Files from the served folder, without a log line per request."""

    def log_message(self, *args: object) -> None:
        pass


@contextlib.contextmanager
def serve(root: Path, handler: type[QuietHandler] = QuietHandler) -> Iterator[str]:
    """A loopback HTTP server on 127.0.0.1 serving `root`; its base URL; stopped after."""
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                              daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
