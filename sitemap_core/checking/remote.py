"""`validate` over http(s): a live site's robots.txt and sitemaps, downloaded within
size limits into a temporary folder and checked there, issues named by URL."""

from __future__ import annotations

import tempfile
from pathlib import Path
from urllib.parse import urljoin

from ..files.fetch import Download, FetchError, download
from ..protocol.grammar import part_name
from ..protocol.sitemaps import MAX_BYTES
from ..values.codes import Code
from ..values.report import Issue
from .checked import MAX_ROBOTS_BYTES, Checked, checked_as_feed, renamed, split_url
from .validate import robots_sitemaps, sitemap_locs, validate_files

__all__ = ["MAX_FILE_BYTES", "MAX_TOTAL_BYTES", "check_url"]

MAX_TOTAL_BYTES = 200 * 1024 * 1024
MAX_FILE_BYTES = MAX_BYTES + (1 << 20)  # the protocol's limit and a margin to see it crossed


class _Fetcher:
    """`download` within one byte budget for the whole run."""

    def __init__(self) -> None:
        self.budget = MAX_TOTAL_BYTES

    def get(self, url: str, cap: int) -> Download:
        """At most `cap` bytes of `url`; FetchError once the budget is spent."""
        if self.budget <= 0:
            raise FetchError(f"not fetched: the {MAX_TOTAL_BYTES:,}-byte download budget is spent")
        limit = min(cap, self.budget)
        got = download(url, max_bytes=limit)
        self.budget -= len(got.data)
        if got.cut and limit < cap:
            raise FetchError(f"stopped: the {MAX_TOTAL_BYTES:,}-byte download budget is spent")
        return got


def check_url(target: str, checked: Checked) -> None:
    """A sitemap URL, or a site (its robots.txt `Sitemap:` lines, else /sitemap.xml)."""
    fetcher = _Fetcher()
    with tempfile.TemporaryDirectory(prefix="sitemap-suite-") as tmp:
        work = Path(tmp)
        parts = split_url(target)
        sitemaps: list[str]
        if (
            parts.path in ("", "/")
            or parts.path.endswith("/")
            or parts.path.lower().endswith("/robots.txt")
        ):
            robots_url = f"{parts.scheme}://{parts.netloc}/robots.txt"
            sitemaps = _fetch_robots(fetcher, robots_url, work, checked)
            if not parts.path.lower().endswith("/robots.txt"):
                folder = target if target.endswith("/") else target + "/"
                sitemaps = [u for u in sitemaps if u.startswith(folder)] or [
                    urljoin(folder, "sitemap.xml")
                ]
            elif not sitemaps:
                checked.issues.append(
                    Issue(
                        Code.NO_SITEMAP,
                        robots_url,
                        "Sitemap",
                        "robots.txt names no sitemap",
                        "error",
                    )
                )
        else:
            sitemaps = [target]
        for number, url in enumerate(sitemaps):
            _check_remote_set(fetcher, url, work / f"set{number}", checked)


def _fetch_robots(fetcher: _Fetcher, url: str, work: Path, checked: Checked) -> list[str]:
    try:
        body = fetcher.get(url, MAX_ROBOTS_BYTES).data
    except FetchError as exc:
        if "HTTP 404" not in str(exc):
            checked.issues.append(Issue(Code.FETCH, url, "", str(exc), "error"))
        return []
    path = work / "robots.txt"
    path.write_bytes(body)
    checked.files.append(url)
    named, found = robots_sitemaps(path, url)
    checked.issues += [renamed(i, {"robots.txt": url}) for i in found]
    return named


def _check_remote_set(fetcher: _Fetcher, url: str, folder: Path, checked: Checked) -> None:
    """Download a sitemap (and the parts an index lists, same host only) and check them."""
    folder.mkdir()
    names: dict[str, str] = {}  # file name -> URL
    got = _download(fetcher, url, folder, names, checked)
    if got is None:
        return
    first, location = got  # location: where the sitemap was in the end, after redirects
    if checked_as_feed(first, location, checked, names):
        return
    paths = [first]
    kind, locs = sitemap_locs(first)
    if kind == "sitemapindex":
        host = split_url(url).netloc.lower()
        for loc in dict.fromkeys(locs):
            parts = split_url(loc)
            if parts.scheme.lower() not in ("http", "https") or parts.netloc.lower() != host:
                continue  # not fetched; the index and scope checks report it
            if part_name(loc) in names:
                continue
            got = _download(fetcher, loc, folder, names, checked)
            if got is not None:
                paths.append(got[0])
    checked.files += [names[p.name] for p in paths]
    found = validate_files(paths, location)
    checked.issues += [renamed(i, names) for i in found]


def _download(
    fetcher: _Fetcher, url: str, folder: Path, names: dict[str, str], checked: Checked
) -> tuple[Path, str] | None:
    """Save `url` in `folder` under its file name (recorded in `names`); the file, and the
    URL it came from after redirects."""
    name = part_name(url) or "sitemap.xml"
    if "/" in name or name in (".", "..") or "\0" in name:
        name = "sitemap.xml"
    try:
        got = fetcher.get(url, MAX_FILE_BYTES)
    except FetchError as exc:
        checked.issues.append(Issue(Code.FETCH, url, "", str(exc), "error"))
        return None
    if got.cut:
        checked.issues.append(
            Issue(
                Code.SIZE,
                url,
                "",
                f"download stopped at {len(got.data):,} bytes: larger than a sitemap may be",
                "error",
            )
        )
    path = folder / name
    path.write_bytes(got.data)
    names[name] = url
    return path, got.url
