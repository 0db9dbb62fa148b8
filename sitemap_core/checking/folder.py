"""`validate` on a built site folder: its sitemaps (those its robots.txt names, else its
sitemap* files), and how the URLs they list match the folder's files and pages."""

from __future__ import annotations

import itertools
import os
import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from urllib.parse import unquote
from urllib.robotparser import RobotFileParser

from ..facts.htmlhead import PageFacts, read_page
from ..facts.sitefiles import html_files, url_for
from ..files.served import inside, serving_file
from ..values.codes import Code
from ..values.report import Issue
from .checked import MAX_ROBOTS_BYTES, Checked, checked_as_feed, set_for, split_url
from .llmstxt import check_llms_txt
from .validate import robots_sitemaps, sitemap_locs, validate_robots, validate_set

__all__ = ["check_folder"]

_SITEMAP_GLOBS = ("sitemap*.xml", "sitemap*.xml.gz", "sitemap*.txt", "sitemap*.txt.gz")


def check_folder(folder: Path, checked: Checked) -> None:
    """Sitemaps of a built site, and how they match the site's files."""
    sets: list[tuple[list[Path], str | None]] = []
    base: str | None = None
    robots = folder / "robots.txt"
    problems: list[Issue] = []
    robots_at = len(checked.issues)  # its issues go first, once the base URL is known
    if robots.is_file():
        checked.files.append(str(robots))
        named, problems = robots_sitemaps(robots)
        for url in named:
            found = _map_sitemap_url(folder, url)
            if found is None:
                checked.issues.append(
                    Issue(
                        Code.MISSING_FILE,
                        "robots.txt",
                        "Sitemap",
                        f"robots.txt names {url}, but no file in {folder} has its path",
                        "error",
                    )
                )
                continue
            path, site_base = found
            base = base or site_base
            if checked_as_feed(path, url, checked):
                continue
            sets.append((set_for(path), url))
    taken = {p.resolve() for paths, _ in sets for p in paths}
    candidates = sorted(
        {
            p
            for pattern in _SITEMAP_GLOBS
            for p in folder.glob(pattern)
            if p.is_file() and p.resolve() not in taken
        }
    )
    read = {p: _kind_and_parts(p) for p in candidates}  # each file parsed once here
    # Indexes first, so that their parts join their set.
    for path in sorted(candidates, key=lambda p: read[p][0] != "sitemapindex"):
        if path.resolve() in taken:
            continue
        paths = set_for(path, read[path])
        taken.update(p.resolve() for p in paths)
        sets.append((paths, base + path.name if base else None))
    listed: dict[str, str] = {}  # URL -> file:line that lists it
    for paths, location in sets:
        checked.files += [str(p) for p in paths]
        set_issues, set_read = validate_set(paths, location)
        checked.issues += set_issues
        for p, (kind, entries) in zip(paths, set_read):
            if kind in ("urlset", "text"):
                for loc, line in entries:
                    listed.setdefault(loc, f"{p.name}:{line}")
    base = base or _guess_base(folder, listed)
    if base and any(i.code == Code.ROBOTS_RELATIVE for i in problems):
        problems = validate_robots(robots, base + "robots.txt")  # now with the line to write
    checked.issues[robots_at:robots_at] = problems
    if not sets:
        checked.issues.append(
            Issue(
                Code.NO_SITEMAP,
                str(folder),
                "",
                "no sitemap found: robots.txt names none and there is no "
                "sitemap*.xml, .xml.gz or .txt",
                "error",
            )
        )
        return
    if base:
        _check_pages(folder, listed, base, checked)
        llms = folder / "llms.txt"  # beside the sitemap: its links are the sitemap's URLs
        if llms.is_file():
            checked.files.append(str(llms))
            checked.issues += check_llms_txt(llms, base, listed)


def _kind_and_parts(path: Path) -> tuple[str | None, list[str]]:
    """`sitemap_locs`, keeping an index's entries only: a urlset's URLs are not needed
    to find the set, and are read again when the set is checked."""
    kind, locs = sitemap_locs(path)
    return kind, locs if kind == "sitemapindex" else []


def _map_sitemap_url(folder: Path, url: str) -> tuple[Path, str] | None:
    """The file of `folder` a robots.txt `Sitemap:` URL names, and the site's base URL.

    robots.txt sits at the host root, so the URL's path is tried from the folder first;
    then, for a site deployed under a path, with leading segments dropped.
    """
    parts = split_url(url)
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        return None
    segments = [unquote(s) for s in parts.path.split("/") if s]
    for skip in range(len(segments)):
        candidate = inside(folder, segments[skip:])
        if candidate is not None and candidate.is_file():
            prefix = "".join(s + "/" for s in parts.path.split("/")[1:][:skip])
            return candidate, f"{parts.scheme}://{parts.netloc}/{prefix}"
    return None


def _guess_base(folder: Path, locs: Iterable[str]) -> str | None:
    """The URL of the folder's root: the URL folder under which most listed URLs map to
    files (the common folder of all URLs, or one of its parents)."""
    sample = list(itertools.islice(locs, 2000))
    if not sample:
        return None
    origins = Counter(f"{parts.scheme}://{parts.netloc}" for parts in map(split_url, sample))
    origin = origins.most_common(1)[0][0]
    paths = [split_url(u).path or "/" for u in sample if u.startswith(origin + "/")]
    if not paths:
        return None
    common = os.path.commonprefix([p.rsplit("/", 1)[0] + "/" for p in paths])
    common = common[: common.rfind("/") + 1] or "/"
    best, best_hits = origin + "/", -1
    prefix = common
    while True:
        hits = sum(
            1
            for p in paths[:300]
            if p.startswith(prefix) and serving_file(folder, p[len(prefix) :]) is not None
        )
        if hits > best_hits:
            best, best_hits = origin + prefix, hits
        if prefix == "/":
            break
        prefix = prefix[:-1].rsplit("/", 1)[0] + "/"
    return best


def _check_pages(folder: Path, listed: dict[str, str], base: str, checked: Checked) -> None:
    """Each listed URL under `base` is served by a file of `folder`, and an HTML one is a
    page to index (`htmlhead.read_page`); with coverage, count the pages left out."""
    served: set[Path] = set()
    for url, where in listed.items():
        if not url.startswith(base):
            continue  # another host or folder: the scope check speaks for it
        rel = re.split(r"[?#]", url[len(base) :], maxsplit=1)[0]
        path = serving_file(folder, rel)
        if path is None:
            checked.issues.append(
                Issue(
                    Code.MISSING_FILE,
                    url,
                    "loc",
                    f"listed at {where}, but no file in {folder} serves it",
                    "error",
                )
            )
            continue
        served.add(path)
        if path.suffix.lower() in (".html", ".htm"):
            problem = _not_a_page(read_page(path, url))
            if problem:
                code, message = problem
                shown = path.relative_to(folder).as_posix()
                checked.issues.append(
                    Issue(code, where, "loc", f"{url} ({shown}) {message}", "error")
                )
    if checked.coverage:
        _coverage(folder, served, base, checked)


def _not_a_page(facts: PageFacts) -> tuple[Code, str] | None:
    """(code, message) when a listed URL's page says it is not one to index."""
    if facts.redirect:
        return Code.REDIRECT, (
            f"is a redirect stub (meta refresh) to {facts.redirect}: list the target instead"
        )
    if facts.not_found:
        return Code.NOT_FOUND, "is a 404 page: leave it out of the sitemap"
    if facts.noindex:
        return Code.NOINDEX, (
            "says noindex, so crawlers drop it: leave it out of the sitemap, or remove the noindex"
        )
    if facts.canonical:
        return Code.CANONICAL, (
            f"names {facts.canonical} as its canonical URL: list that URL instead"
        )
    return None


def _coverage(folder: Path, served: set[Path], base: str, checked: Checked) -> None:
    """Info lines for the indexable HTML pages no sitemap lists (not those robots.txt
    disallows), and the counts for the coverage line."""
    rules = _robots_rules(folder / "robots.txt")
    for path, rel in html_files(folder):
        if path in served:
            checked.pages["listed"] += 1
            continue
        url = base + url_for(rel, keep_html=False)
        if not read_page(path, url).listed:
            continue
        if rules is not None and not rules.can_fetch("*", url):
            checked.pages["disallowed"] += 1
            continue
        checked.pages["unlisted"] += 1
        checked.issues.append(
            Issue(
                Code.UNLISTED,
                rel,
                "",
                f"{url} is an HTML page of the site that no sitemap lists",
                "info",
            )
        )


def _robots_rules(path: Path) -> RobotFileParser | None:
    """The rules of a site's robots.txt, as Python's `urllib.robotparser` reads them."""
    try:
        with path.open("rb") as f:
            text = f.read(MAX_ROBOTS_BYTES).decode("utf-8", "replace")
    except OSError:
        return None
    rules = RobotFileParser()
    rules.parse(text.lstrip("\ufeff").splitlines())
    return rules
