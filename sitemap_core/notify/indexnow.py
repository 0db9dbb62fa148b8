"""Telling search engines what changed: IndexNow, and the retired sitemap ping.

The protocol's HTTP "ping" (`/ping?sitemap=<url>`) is retired: Google's endpoint has
answered 404 since the end of 2023, Bing's since 2022. Bing, Yandex, Seznam, Naver and
others take IndexNow instead, which names the URLs that changed: a JSON POST of
`{"host", "key", "keyLocation", "urlList"}` to an endpoint's `/indexnow`, at most 10,000
URLs a request, all on the one host. The key (8 to 128 characters of `[a-zA-Z0-9-]`)
proves the sender may speak for the site, which serves it as `<key>.txt`.

`changes(sitemap, previous, base_url)` compares a sitemap set with the one published
before (`facts.published.read_published` reads both); `submit(urls, ...)` posts them to each
endpoint in batches, with a timeout and bounded retries with backoff on 429, 5xx and
no answer; `ping(template, sitemap_url)` keeps the old GET for an endpoint that still
takes it. `after_build(result, settings, out_dir)` is what a build does: the key file and
the opt-in submission (robots.txt, the feeds' lines included, is the writer's:
`writing.robots`). Nothing here logs.
"""

from __future__ import annotations

import datetime as dt
import email.utils
import http.client
import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote, urlsplit

from ..facts.published import read_published
from ..files.atomic import write_file
from ..files.fetch import USER_AGENT
from ..protocol.indexnow import (
    DEFAULT_ENDPOINT,
    MAX_URLS,
    endpoint_url,
    key_problem,
    new_key,
)
from ..values import dates, urls
from ..values.codes import Code
from ..values.report import Issue, failing

if TYPE_CHECKING:
    from ..options import Settings
    from ..values.report import Result

__all__ = [
    "DEFAULT_ENDPOINT",
    "Outcome",
    "after_build",
    "changes",
    "endpoint_url",
    "key_location",
    "key_problem",
    "keys_in",
    "new_key",
    "ping",
    "submit",
    "write_key_file",
]

TIMEOUT = 10.0
RETRIES = 3  # after the first try, on 429, 5xx or no answer
BACKOFF = 2.0  # seconds before the first retry, doubled before each next one
MAX_WAIT = 60.0  # the longest wait, whatever a Retry-After asks

_MAX_KEY_FILE = 1024
_MAX_REPLY = 1 << 16
_MEANINGS = {
    400: "bad request",
    403: "key not valid (the key file is not served at keyLocation, or does not hold the key)",
    422: "URLs not on the host, or not under the key file's folder",
    429: "too many requests",
}

Sleep = Callable[[float], None]


# -- the key --------------------------------------------------------------------------


def key_location(base_url: str, key: str) -> str:
    """Where the site serves its key: `<key>.txt` at its base URL."""
    return base_url.rstrip("/") + f"/{key}.txt"


def write_key_file(out_dir: Path, key: str) -> bool:
    """Write `<key>.txt` (the key alone) into the site; True when the file changed."""
    return write_file(Path(out_dir) / f"{key}.txt", key.encode("ascii"), "sitemap-indexnow")


def keys_in(site_dir: Path) -> list[str]:
    """The keys a built site serves: top-level `<key>.txt` files holding their own name
    (a key file the user commits with the site's static files)."""
    found = []
    for path in sorted(Path(site_dir).glob("*.txt")):
        key = path.name[:-4]
        if (
            key_problem(key) is None
            and path.is_file()
            and path.stat().st_size <= _MAX_KEY_FILE
            and path.read_bytes().decode("utf-8", "replace").strip() == key
        ):
            found.append(key)
    return found


# -- what changed ---------------------------------------------------------------------


def changes(
    sitemap: str, previous: str, base_url: str, removed: bool = False
) -> tuple[list[str], list[Issue]]:
    """The URLs of the sitemap set at `sitemap` that are new or whose lastmod moved since
    the set at `previous` (a path or URL; none there yet: every URL is new), plus the
    URLs gone from it when `removed`. URLs outside the site (`base_url`'s host and
    folder) are refused with an issue; an unreadable set is an error issue."""
    issues: list[Issue] = []
    try:
        new = read_published(sitemap)
    except ValueError as exc:
        return [], [Issue(Code.INDEXNOW, sitemap, "", f"nothing submitted: {exc}", "error")]
    try:
        old = read_published(previous) if previous else {}
    except ValueError as exc:
        if "HTTP 404" not in str(exc):
            return [], [
                Issue(
                    Code.INDEXNOW,
                    previous,
                    "previous",
                    f"nothing submitted: the previous sitemap cannot be read ({exc})",
                    "error",
                )
            ]
        issues.append(
            Issue(
                Code.INDEXNOW,
                previous,
                "previous",
                "no previous sitemap there: every URL counts as new",
                "info",
            )
        )
        old = {}
    found = [u for u, stamp in new.items() if u not in old or not _same(stamp, old[u])]
    if removed:
        found += [u for u in old if u not in new]
    scope = urls.scope_of(base_url.rstrip("/") + "/")
    kept = [u for u in found if _on_site(u, scope)]
    if len(kept) < len(found):
        off = [u for u in found if not _on_site(u, scope)]
        issues.append(
            Issue(
                Code.INDEXNOW,
                off[0],
                "urlList",
                (
                    f"{len(off)} URL(s) not submitted: not on {scope}, the site the key speaks for "
                    f"(first: {off[0]})"
                ),
            )
        )
    return kept, issues


def _same(a: str, b: str) -> bool:
    """Two lastmod texts for the same moment (`Z` or `+00:00`; a date is its midnight
    UTC); both absent is the same."""
    if a == b:
        return True
    try:
        return dates.sort_key(dates.parse(a)) == dates.sort_key(dates.parse(b))
    except ValueError:
        return False


def _on_site(url: str, scope: str) -> bool:
    """On the site's host (http or https alike, as IndexNow allows) and under its folder."""
    try:
        got, site = urlsplit(url), urlsplit(scope)
        return (
            got.hostname == site.hostname
            and got.port == site.port
            and got.scheme in ("http", "https")
            and got.path.startswith(site.path)
        )
    except ValueError:  # a bad port
        return False


# -- sending --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one endpoint made of a submission: every URL accepted or not, in one line."""

    endpoint: str
    accepted: bool
    message: str

    def __str__(self) -> str:
        return f"{'accepted' if self.accepted else 'FAILED'} {self.endpoint}: {self.message}"


def submit(
    url_list: Sequence[str],
    *,
    base_url: str,
    key: str,
    endpoints: Sequence[str],
    timeout: float = TIMEOUT,
    retries: int = RETRIES,
    backoff: float = BACKOFF,
    sleep: Sleep = time.sleep,
) -> list[Outcome]:
    """POST `url_list` to each endpoint, `MAX_URLS` a request; one `Outcome` per endpoint.

    A 429, a 5xx or no answer is tried again up to `retries` times, after `backoff`
    seconds doubled each time (or the server's Retry-After, at most `MAX_WAIT`); any
    other refusal (400, 403, 422, a redirect) stops that endpoint at once.
    """
    site = urlsplit(base_url)
    host = site.hostname or ""
    if site.port:
        host += f":{site.port}"
    batches = [url_list[i : i + MAX_URLS] for i in range(0, len(url_list), MAX_URLS)]
    outcomes = []
    for endpoint in endpoints:
        if not batches:
            outcomes.append(Outcome(endpoint, True, "nothing changed: no request sent"))
            continue
        outcome = None
        for number, batch in enumerate(batches, 1):
            body = json.dumps(
                {
                    "host": host,
                    "key": key,
                    "keyLocation": key_location(base_url, key),
                    "urlList": list(batch),
                }
            ).encode("utf-8")
            status, what = _call(endpoint, body, timeout, retries, backoff, sleep)
            if status is None or not 200 <= status < 300:
                done = MAX_URLS * (number - 1)
                outcome = Outcome(
                    endpoint,
                    False,
                    (
                        f"{what}; request {number} of {len(batches)} refused"
                        + (f" ({done} URLs accepted before it)" if done else "")
                    ),
                )
                break
        outcomes.append(
            outcome
            or Outcome(
                endpoint,
                True,
                (f"{len(url_list)} URL(s) accepted in {len(batches)} request(s) ({what})"),
            )
        )
    return outcomes


def ping(
    template: str,
    sitemap_url: str,
    *,
    timeout: float = TIMEOUT,
    retries: int = RETRIES,
    backoff: float = BACKOFF,
    sleep: Sleep = time.sleep,
) -> Outcome:
    """The old sitemap ping: GET `template` with `{sitemap}` replaced by the sitemap's URL,
    percent-encoded. For an endpoint that still takes it; Google's and Bing's do not."""
    url = template.replace("{sitemap}", quote(sitemap_url, safe=""))
    status, what = _call(url, None, timeout, retries, backoff, sleep)
    return Outcome(url, status is not None and 200 <= status < 300, what)


def _opener() -> urllib.request.OpenerDirector:
    """urllib without its redirect handler: it would turn a redirected POST into a GET."""
    opener = urllib.request.OpenerDirector()
    for handler in (
        urllib.request.ProxyHandler(),
        urllib.request.HTTPHandler(),
        urllib.request.HTTPSHandler(),
        urllib.request.HTTPDefaultErrorHandler(),
        urllib.request.HTTPErrorProcessor(),
    ):
        opener.add_handler(handler)
    return opener


def _call(
    url: str, body: bytes | None, timeout: float, retries: int, backoff: float, sleep: Sleep
) -> tuple[int | None, str]:
    """One request, tried again on 429, 5xx or no answer; the last status and its words."""
    headers = {"User-Agent": USER_AGENT}
    if body is not None:
        headers["Content-Type"] = "application/json; charset=utf-8"
    for attempt in range(retries + 1):
        wait = None
        try:
            request = urllib.request.Request(url, data=body, headers=headers)
            with _opener().open(request, timeout=timeout) as response:
                response.read(_MAX_REPLY)
                return response.status, f"HTTP {response.status} {response.reason}"
        except urllib.error.HTTPError as exc:
            status: int | None = exc.code
            what = f"HTTP {exc.code} {_MEANINGS.get(exc.code, exc.reason)}"
            if 300 <= exc.code < 400:
                what += f" to {exc.headers.get('Location')}: give that address instead"
            wait = _retry_after(exc.headers.get("Retry-After"))
            exc.close()
            if exc.code != 429 and exc.code < 500:
                return status, what
        except (OSError, http.client.HTTPException, ValueError) as exc:
            status, what = None, f"no answer: {getattr(exc, 'reason', None) or exc}"
        if attempt == retries:
            break
        sleep(min(wait if wait is not None else backoff * 2**attempt, MAX_WAIT))
    tries = retries + 1
    return status, f"{what} (tried {tries} time{'s' if tries > 1 else ''})"


def _retry_after(value: str | None) -> float | None:
    """Seconds a Retry-After header asks for (a number or an HTTP date), or None."""
    if not value:
        return None
    if value.strip().isdigit():
        return float(value.strip())
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, (when - dt.datetime.now(dt.UTC)).total_seconds())


# -- after a build --------------------------------------------------------------------


def after_build(result: Result, settings: Settings, out_dir: Path) -> list[Issue]:
    """What a build that wrote its sitemaps does next: the key file when a key is set,
    and, only when `submit` is on and the build had no error, the submission of what
    changed since the published sitemap."""
    if not result.files:
        return []
    base = urls.scope_of(result.sitemap_url)
    issues: list[Issue] = []
    key = settings.indexnow_key
    if key:
        try:
            write_key_file(out_dir, key)
        except OSError as exc:
            issues.append(
                Issue(
                    Code.WRITE,
                    f"{key}.txt",
                    "indexnow_key",
                    f"the IndexNow key file was not written: {exc}",
                )
            )
    if not settings.submit or not result.ok:
        return issues
    if not key:
        return [
            *issues,
            Issue(
                Code.INDEXNOW,
                "",
                "submit",
                "submit is on but indexnow_key is not set: nothing sent",
            ),
        ]
    xml = next((p for p in result.files if ".xml" in p.name), None)
    if xml is None:
        return [
            *issues,
            Issue(
                Code.INDEXNOW,
                "",
                "submit",
                "nothing sent: IndexNow submission reads the XML sitemap, and formats has no xml",
            ),
        ]
    found, more = changes(str(xml), result.sitemap_url, base)
    issues += more
    if failing(more):
        return issues
    for outcome in submit(found, base_url=base, key=key, endpoints=settings.indexnow_endpoints):
        issues.append(
            Issue(
                Code.INDEXNOW,
                outcome.endpoint,
                "submit",
                outcome.message,
                "info" if outcome.accepted else "warning",
            )
        )
    return issues
