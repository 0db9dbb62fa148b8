"""What `validate` found, and the steps each kind of target shares: a sitemap's set of
files, a feed read as a sitemap, issues named by the URL a downloaded file came from."""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path
from urllib.parse import SplitResult, urlsplit

from ..files.safexml import local_part
from ..values.report import Issue
from .feeds import check_feed
from .validate import sitemap_locs, twin_name, validate_files, validate_robots

MAX_ROBOTS_BYTES = 1 << 20


@dataclasses.dataclass
class Checked:
    """What checking the targets found: issues, and the files and URLs looked at."""

    issues: list[Issue] = dataclasses.field(default_factory=list)
    files: list[str] = dataclasses.field(default_factory=list)
    coverage: bool = False  # compare each folder's HTML pages with its sitemaps
    pages: Counter[str] = dataclasses.field(default_factory=Counter)  # coverage counts


def split_url(url: str) -> SplitResult:
    """`urlsplit`, with a malformed URL (`http://[x`) as an empty one: it matches nothing."""
    try:
        return urlsplit(url)
    except ValueError:
        return urlsplit("")


def set_for(path: Path, read: tuple[str | None, list[str]] | None = None) -> list[Path]:
    """A sitemap file and, when it is an index, the files it lists that exist beside it;
    with the `.gz` twin (or the uncompressed file) of each, when there is one.

    `read` is what `sitemap_locs` says of `path`, when the caller has it already.
    """
    kind, locs = read if read is not None else sitemap_locs(path)
    paths = [path]
    if kind == "sitemapindex":
        for loc in locs:
            sibling = local_part(path, loc)
            if sibling is not None and sibling not in paths:
                paths.append(sibling)
    for member in list(paths):  # the .gz twins, checked against their files
        twin = member.with_name(twin_name(member.name))
        if twin not in paths and twin.is_file():
            paths.append(twin)
    return paths


def renamed(issue: Issue, names: dict[str, str]) -> Issue:
    """An issue about a downloaded file, naming the file by its URL."""
    name, sep, line = issue.page.partition(":")
    if name in names:
        return dataclasses.replace(issue, page=names[name] + (f":{line}" if sep else ""))
    return issue


def checked_as_feed(
    path: Path, location: str | None, checked: Checked, names: dict[str, str] | None = None
) -> bool:
    """Check `path` as a sitemap when it is an RSS or Atom feed (`feeds.check_feed`);
    False when it is no feed. `names` maps downloaded files to their URLs."""
    found = check_feed(path, location)
    if found is None:
        return False
    checked.files.append(names[path.name] if names else str(path))
    checked.issues += [renamed(i, names) for i in found] if names else found
    return True


def check_file(path: Path, checked: Checked) -> None:
    """Check one local file: a robots.txt, a feed, or a sitemap with its parts."""
    if path.name.lower() == "robots.txt":
        checked.files.append(str(path))
        checked.issues += validate_robots(path)
        return
    if checked_as_feed(path, None, checked):
        return
    paths = set_for(path)
    checked.files += [str(p) for p in paths]
    checked.issues += validate_files(paths)
