"""robots.txt: the `Sitemap:` lines that point crawlers at the set and at the feeds."""

from __future__ import annotations

import codecs
from pathlib import Path
from urllib.parse import unquote, urlsplit

from ..files.atomic import write_file
from ..options import Settings
from ..protocol.robots import absolute, is_relative, relative_message, sitemap_value
from ..values import urls
from ..values.codes import Code
from ..values.report import Issue, Issues
from ..values.urls import scope_of
from . import readthedocs

_MINIMAL = b"User-agent: *\nAllow: /\n"


def place_line(
    out_dir: Path,
    base: str,
    robots_txt: str | bool,
    sitemap_url: str,
    own_names: tuple[str, ...],
    issues: Issues,
) -> None:
    """Create robots.txt or add our line to it (`update`); under a path (crawlers read
    robots.txt only at the host root) only add to one the site ships, unless asked to
    create it (`robots_txt: true`) or Read the Docs serves it at the root
    (`readthedocs`): else an info note says which line to add where."""
    if (
        robots_txt == "auto"
        and base.count("/") > 3
        and not (out_dir / "robots.txt").is_file()
        and not readthedocs.serves_root_files(base)
    ):
        issues.add(
            Code.ROBOTS,
            "robots.txt",
            "robots_txt",
            f"the site lives under a path, so no robots.txt was written (crawlers read it "
            f"only at the host root): add `Sitemap: {sitemap_url}` to the robots.txt "
            "at the root of the host",
            "info",
        )
        return
    update(out_dir, sitemap_url, own_names, issues)


def is_robots_advice(issue: Issue) -> bool:
    """True for `place_line`'s info line of a site under a path: which `Sitemap:` line to
    add to the robots.txt at the host root (a user's to act on, though only info)."""
    return issue.code == Code.ROBOTS and issue.field == "robots_txt" and issue.level == "info"


def update(out_dir: Path, sitemap_url: str, own_names: tuple[str, ...], issues: Issues) -> None:
    """Create robots.txt in `out_dir`, or add the `Sitemap:` line to the one there.

    Every existing byte is kept (BOM, CRLF, comments) except an earlier `Sitemap:` line
    that points at one of this project's own file names (`own_names`) in the same folder
    of the site, which is replaced; so is a relative line (`Sitemap: /sitemap.xml`, which
    crawlers ignore) that resolves to one of them, with an info note. Running it twice
    changes nothing. One `robots-relative` warning when other relative `Sitemap:` lines
    remain (kept; the warning gives the absolute line to write); an info line when the
    site lives under a path (that robots.txt is no crawler's).
    """
    path = out_dir / "robots.txt"
    try:
        old = path.read_bytes()
    except FileNotFoundError:
        old = _MINIMAL
    line = f"Sitemap: {sitemap_url}".encode()
    robots_url = scope_of(sitemap_url) + "robots.txt"
    ours = {sitemap_url} | {scope_of(sitemap_url) + name for name in own_names}
    bom = codecs.BOM_UTF8 if old.startswith(codecs.BOM_UTF8) else b""  # kept, not a line

    found = False
    kept = [bom]
    relative: list[tuple[int, str]] = []
    replaced: list[tuple[int, str]] = []
    for number, raw in enumerate(old[len(bom) :].splitlines(keepends=True), 1):
        text = raw.rstrip(b"\r\n")
        value = sitemap_value(text.decode("utf-8", "replace"))
        if value and is_relative(value):
            if absolute(robots_url, value) not in ours:
                relative.append((number, value))
            else:
                replaced.append((number, value))
                value = sitemap_url
        if value in ours:
            if not found:  # the first of our lines becomes the current one, the rest go
                kept.append(line + raw[len(text) :])
                found = True
            continue
        kept.append(raw)
    new = b"".join(kept)
    if not found:
        newline = b"\r\n" if b"\r\n" in new else b"\n"
        if new and not new.endswith((b"\n", b"\r")):
            new += newline
        new += line + newline
    write_file(path, new, "sitemap-robots")
    for number, value in replaced:
        issues.add(
            Code.ROBOTS_RELATIVE,
            f"robots.txt:{number}",
            "Sitemap",
            f"`Sitemap: {value}` is a relative URL, which crawlers ignore; it names this "
            f"sitemap, so the line now reads `Sitemap: {sitemap_url}`",
            "info",
        )
    if relative:
        # Under a path the file is the site's, served where crawlers never read it: its
        # fault breaks nothing this build writes, so a note (`validate` still warns).
        under_path = urlsplit(robots_url).path != "/robots.txt"
        issues.add(
            Code.ROBOTS_RELATIVE,
            f"robots.txt:{relative[0][0]}",
            "Sitemap",
            relative_message(relative, robots_url)
            + (" (if it is copied to the host root)" if under_path else ""),
            "info" if under_path else "warning",
        )


def drop(out_dir: Path, base_url: str, own_names: tuple[str, ...]) -> None:
    """Remove our `Sitemap:` lines for `own_names` under `base_url` from robots.txt (a
    sitemap no longer written), keeping every other byte; nothing without the file."""
    path = out_dir / "robots.txt"
    try:
        old = path.read_bytes()
    except OSError:
        return
    ours = {base_url + name for name in own_names}
    kept = [
        raw
        for raw in old.splitlines(keepends=True)
        if sitemap_value(raw.rstrip(b"\r\n").decode("utf-8", "replace")) not in ours
    ]
    write_file(path, b"".join(kept), "sitemap-robots")


def add_feeds(out_dir: Path, settings: Settings, base_url: str, issues: Issues) -> None:
    """Give each of `settings.robots_feeds` (absolute, or relative to `base_url`) a
    `Sitemap:` line in the robots.txt the build wrote or updated. Nothing when robots.txt
    is off or was not written (a site under a path); a feed on another host, or one the
    built site does not hold, is left out with a `feed` issue."""
    if (
        not settings.robots_feeds
        or not settings.robots_txt
        or not (Path(out_dir) / "robots.txt").is_file()
    ):
        return
    host = urls.host_root(base_url)
    for feed in settings.robots_feeds:
        url = urls.encode(urls.join(base_url, feed))
        problem = ""
        try:
            urls.check(url, host)
        except urls.URLError as exc:
            problem = str(exc)
        if not problem and url.startswith(base_url):
            rel = unquote(urlsplit(url).path[len(urlsplit(base_url).path) :])
            if not (Path(out_dir) / rel).is_file():
                problem = f"the built site has no {rel}"
        if problem:
            issues.add(Code.FEED, feed, "robots_feeds", f"feed not named in robots.txt: {problem}")
            continue
        update(Path(out_dir), url, (), Issues())  # its warnings came with the sitemap line
