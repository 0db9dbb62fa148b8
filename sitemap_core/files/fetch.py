"""Bounded reads of untrusted locations: a local file or an http(s) URL.

`fetch(where, max_bytes=...)` reads a file or URL whole, gunzipped when it is gzip;
`download(url, max_bytes=...)` returns an http(s) body as sent, its first `max_bytes`
and whether there was more. Both fetch http and https only (redirects too, at most
`max_redirects` of them), with a socket timeout, and never read more than `max_bytes`:
gzip is decompressed only up to `max_bytes`, so a gzip bomb costs no more than that.
Every failure is a `FetchError` whose message says why (not where: the caller knows).
"""

from __future__ import annotations

import gzip
import http.client
import io
import re
import urllib.error
import urllib.request
import zlib
from dataclasses import dataclass
from typing import Any

__all__ = ["Download", "FetchError", "download", "fetch", "is_url"]

TIMEOUT = 10.0
MAX_REDIRECTS = 5
USER_AGENT = "sitemap-suite (+https://www.sitemaps.org/protocol.html)"

_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")
_ONLY_HTTP = "only http and https URLs are fetched"


class FetchError(ValueError):
    """A file or URL that could not be read within the limits."""


@dataclass(frozen=True, slots=True)
class Download:
    """An http(s) response body as sent, cut at the size asked for."""

    data: bytes
    url: str  # where it came from, after redirects
    cut: bool  # the body was longer than `data`


def is_url(where: str) -> bool:
    """Whether `where` is an http or https URL."""
    return _scheme(where) in ("http", "https")


def _scheme(where: str) -> str:
    found = _SCHEME.match(where)
    return found[1].lower() if found else ""


def download(
    url: str, *, max_bytes: int, timeout: float = TIMEOUT, max_redirects: int = MAX_REDIRECTS
) -> Download:
    """The first `max_bytes` of the body of an http(s) URL, not decompressed."""
    if not is_url(url):
        raise FetchError(_ONLY_HTTP)
    opener = urllib.request.OpenerDirector()
    for handler in (
        urllib.request.ProxyHandler(),
        urllib.request.HTTPHandler(),
        urllib.request.HTTPSHandler(),
        _Redirects(max_redirects),
        urllib.request.HTTPDefaultErrorHandler(),
        urllib.request.HTTPErrorProcessor(),
    ):
        opener.add_handler(handler)
    headers = {"User-Agent": USER_AGENT, "Accept-Encoding": "identity"}
    try:
        request = urllib.request.Request(url, headers=headers)
        with opener.open(request, timeout=timeout) as response:
            data = response.read(max_bytes + 1)
            final = response.geturl()
    except urllib.error.HTTPError as exc:
        exc.close()
        raise FetchError(f"HTTP {exc.code} {exc.reason}") from None
    except FetchError:
        raise
    except (OSError, ValueError, http.client.HTTPException) as exc:  # URLError is an OSError
        raise FetchError(f"cannot fetch: {getattr(exc, 'reason', exc)}") from None
    return Download(data[:max_bytes], final, len(data) > max_bytes)


def fetch(
    where: str, *, max_bytes: int, timeout: float = TIMEOUT, max_redirects: int = MAX_REDIRECTS
) -> bytes:
    """A local file or an http(s) URL, gunzipped when it is gzip.

    Raises FetchError for another scheme, a failed read, or more than `max_bytes`
    (as read, or decompressed).
    """
    if is_url(where):
        got = download(where, max_bytes=max_bytes, timeout=timeout, max_redirects=max_redirects)
        data, cut = got.data, got.cut
    elif len(_scheme(where)) > 1:  # one letter is a Windows drive
        raise FetchError(_ONLY_HTTP)
    else:
        try:
            with open(where, "rb") as file:
                data = file.read(max_bytes + 1)
        except OSError as exc:
            raise FetchError(f"cannot be read: {exc}") from None
        data, cut = data[:max_bytes], len(data) > max_bytes
    if cut:
        raise FetchError(f"larger than {max_bytes:,} bytes")
    if data[:2] != b"\x1f\x8b":
        return data
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as unzipped:
            data = unzipped.read(max_bytes + 1)
    except (OSError, EOFError, zlib.error) as exc:
        raise FetchError(f"gzip data does not decompress: {exc}") from None
    if len(data) > max_bytes:
        raise FetchError(f"larger than {max_bytes:,} bytes uncompressed")
    return data


class _Redirects(urllib.request.HTTPRedirectHandler):
    """Redirects to http(s) only, at most `max_redirects` of them."""

    def __init__(self, max_redirects: int) -> None:
        # urllib's own bound, a class attribute it reads through the instance; ours below
        self.max_redirections = max_redirects  # type: ignore[misc]

    def redirect_request(
        self, req: urllib.request.Request, fp: Any, code: int, msg: str, headers: Any, newurl: str
    ) -> urllib.request.Request | None:
        problem = ""
        if not is_url(newurl):
            problem = f"redirect to {newurl} refused: {_ONLY_HTTP}"
        elif sum(getattr(req, "redirect_dict", {}).values()) >= self.max_redirections:
            problem = f"more than {self.max_redirections} redirects"  # urllib's count so far
        if problem:
            fp.close()
            raise FetchError(problem)
        return super().redirect_request(req, fp, code, msg, headers, newurl)
