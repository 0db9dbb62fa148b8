"""Bounded reads: local files and a loopback HTTP server (127.0.0.1 only)."""

from __future__ import annotations

import gzip
import socket
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest

from helpers import QuietHandler, serve
from sitemap_core.files.fetch import FetchError, download, fetch, is_url

BODY = b"<urlset/>\n" * 100
GZ = gzip.compress(BODY, mtime=0)


# -- local files ----------------------------------------------------------------------


def test_file_plain_and_gzipped(tmp_path: Path) -> None:
    (tmp_path / "a.xml").write_bytes(BODY)
    (tmp_path / "a.xml.gz").write_bytes(GZ)
    assert fetch(str(tmp_path / "a.xml"), max_bytes=len(BODY)) == BODY
    assert fetch(str(tmp_path / "a.xml.gz"), max_bytes=len(BODY)) == BODY


def test_file_size_limits(tmp_path: Path) -> None:
    (tmp_path / "a.xml").write_bytes(BODY)
    with pytest.raises(FetchError, match="larger than 999 bytes"):
        fetch(str(tmp_path / "a.xml"), max_bytes=len(BODY) - 1)
    (tmp_path / "a.xml.gz").write_bytes(GZ)
    with pytest.raises(FetchError, match="larger than 999 bytes uncompressed"):
        fetch(str(tmp_path / "a.xml.gz"), max_bytes=len(BODY) - 1)


def test_gzip_bomb_costs_no_more_than_the_limit(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.xml.gz"
    bomb.write_bytes(gzip.compress(b"\0" * 50_000_000, compresslevel=9))  # ~50 KB
    tracemalloc.start()
    try:
        with pytest.raises(FetchError, match="uncompressed"):
            fetch(str(bomb), max_bytes=1_000_000)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8_000_000


@pytest.mark.parametrize("data", [b"\x1f\x8bnot gzip", gzip.compress(BODY)[:-12]])
def test_bad_gzip(tmp_path: Path, data: bytes) -> None:
    (tmp_path / "a.xml.gz").write_bytes(data)
    with pytest.raises(FetchError, match="gzip data does not decompress"):
        fetch(str(tmp_path / "a.xml.gz"), max_bytes=10_000)


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(FetchError, match="cannot be read: .*No such file"):
        fetch(str(tmp_path / "nowhere.xml"), max_bytes=100)


@pytest.mark.parametrize(
    "where",
    ["ftp://127.0.0.1/a.xml", "file:///etc/passwd", "data:text/plain,hi", "gopher://127.0.0.1/"],
)
def test_other_schemes_are_refused(where: str) -> None:
    assert not is_url(where)
    with pytest.raises(FetchError, match="only http and https"):
        fetch(where, max_bytes=100)
    with pytest.raises(FetchError, match="only http and https"):
        download(where, max_bytes=100)


def test_download_reads_no_local_file(tmp_path: Path) -> None:
    (tmp_path / "a.xml").write_bytes(BODY)
    with pytest.raises(FetchError, match="only http and https"):
        download(str(tmp_path / "a.xml"), max_bytes=100)


def test_is_url() -> None:
    assert is_url("https://example.com/") and is_url("HTTP://example.com")
    assert not is_url("sitemap.xml") and not is_url(r"C:\site\sitemap.xml")
    assert is_url("http://[bad/sitemap.xml")  # never raises; fetching it fails cleanly
    with pytest.raises(FetchError, match="cannot fetch"):
        fetch("http://[bad/sitemap.xml", max_bytes=100)


# -- over http ------------------------------------------------------------------------


class _Handler(QuietHandler):
    """Files from the served folder, plus /r/N (N redirects) and /to-ftp."""

    def do_GET(self) -> None:
        if self.path.startswith("/r/"):
            n = int(self.path[3:])
            self._redirect(f"/r/{n - 1}" if n > 1 else "/a.xml")
        elif self.path == "/to-ftp":
            self._redirect("ftp://127.0.0.1/a.xml")
        else:
            super().do_GET()

    def _redirect(self, where: str) -> None:
        self.send_response(302)
        self.send_header("Location", where)
        self.send_header("Content-Length", "0")
        self.end_headers()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[str]:
    """A loopback HTTP server on 127.0.0.1 serving a.xml and a.xml.gz; stopped after."""
    root = tmp_path / "www"
    root.mkdir()
    (root / "a.xml").write_bytes(BODY)
    (root / "a.xml.gz").write_bytes(GZ)
    with serve(root, _Handler) as base:
        yield base


def test_fetch_over_http_gunzips(served: str) -> None:
    assert fetch(f"{served}/a.xml", max_bytes=len(BODY)) == BODY
    assert fetch(f"{served}/a.xml.gz", max_bytes=len(BODY)) == BODY
    with pytest.raises(FetchError, match="larger than"):
        fetch(f"{served}/a.xml", max_bytes=10)


def test_download_is_the_body_as_sent_cut_at_the_limit(served: str) -> None:
    got = download(f"{served}/a.xml.gz", max_bytes=1_000_000)
    assert got.data == GZ
    assert not got.cut and got.url == f"{served}/a.xml.gz"
    cut = download(f"{served}/a.xml", max_bytes=10)
    assert cut.data == BODY[:10] and cut.cut


def test_http_status_is_the_message(served: str) -> None:
    with pytest.raises(FetchError, match="^HTTP 404 "):
        download(f"{served}/missing.xml", max_bytes=100)


def test_redirects_are_followed_and_bounded(served: str) -> None:
    got = download(f"{served}/r/5", max_bytes=len(BODY))
    assert got.data == BODY and got.url == f"{served}/a.xml"
    with pytest.raises(FetchError, match="^more than 5 redirects$"):
        download(f"{served}/r/6", max_bytes=len(BODY))
    with pytest.raises(FetchError, match="^more than 0 redirects$"):
        fetch(f"{served}/r/1", max_bytes=len(BODY), max_redirects=0)
    with pytest.raises(FetchError, match="redirect to ftp://127.0.0.1/a.xml refused"):
        fetch(f"{served}/to-ftp", max_bytes=len(BODY))


def test_timeout_and_refused_connection() -> None:
    with socket.socket() as silent:  # accepts connections (backlog), never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen(1)
        start = time.monotonic()
        with pytest.raises(FetchError, match="cannot fetch: .*timed out"):
            download(
                f"http://127.0.0.1:{silent.getsockname()[1]}/a.xml", max_bytes=100, timeout=0.3
            )
        assert time.monotonic() - start < 5
        port = silent.getsockname()[1]
    with pytest.raises(FetchError, match="cannot fetch"):
        download(f"http://127.0.0.1:{port}/a.xml", max_bytes=100, timeout=2)
