"""The `sitemap-suite` command: check sitemaps, or write them for any built site.

`sitemap-suite validate TARGET...` checks sitemap files, a built site folder, or a live
site over http(s) with `validate.validate_files`/`validate_robots`, and for a folder also
checks the HTML page of each listed URL (and, with `--coverage`, which pages no sitemap
lists). `sitemap-suite generate SITE_DIR`
walks a built site (Hugo, Jekyll, Eleventy, anything that writes HTML files) and writes
its sitemaps with the core's one entry point, `build.write_sitemaps`.

Report lines are `level code where: message`, then a summary line. Exit status: 0 when
there is no error, 1 when there is one (with `--strict`, a warning is one), 2 for a usage
problem. `info` lines (the coverage report) never change the exit status, `--strict`
or not. Codes are those of `validate` (see its table) and of the core, plus:

| code           | level   | meaning                                                       |
|----------------|---------|---------------------------------------------------------------|
| `missing-file` | error   | a listed URL (or a robots.txt `Sitemap:` URL) that no file in |
|                |         | the site folder serves                                        |
| `redirect`     | error   | a listed URL whose page is a meta-refresh redirect stub       |
| `noindex`      | error   | a listed URL whose page says noindex (robots meta)            |
| `canonical`    | error   | a listed URL whose page names another canonical URL           |
| `not-found`    | error   | a listed URL whose page is a 404 page                         |
| `unlisted`     | info    | (`--coverage` only) an HTML page of the folder that no        |
|                |         | sitemap lists; 404 pages, noindex pages, redirect stubs,      |
|                |         | pages whose canonical URL is another and pages the folder's   |
|                |         | robots.txt disallows are not counted                          |
| `no-sitemap`   | error   | a folder or site with no sitemap to check                     |
| `fetch`        | error   | a URL that could not be downloaded (status, timeout, limits)  |
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import os
import re
import sys
import tempfile
import tomllib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import SplitResult, unquote, urljoin, urlsplit
from urllib.robotparser import RobotFileParser

import click

from ..checking.feeds import check_feed
from ..checking.validate import (
    robots_sitemaps,
    sitemap_locs,
    twin_name,
    validate_files,
    validate_robots,
    validate_set,
)
from ..facts.htmlhead import PageFacts, read_page
from ..files.fetch import Download, FetchError, download
from ..files.safexml import local_part
from ..notify import indexnow
from ..options import LASTMOD_SOURCES, Settings, settings_from_options
from ..protocol.grammar import part_name
from ..protocol.sitemaps import MAX_BYTES
from ..values import urls
from ..values.page import Page
from ..values.report import Issue

__all__ = ["main"]

MAX_TOTAL_BYTES = 200 * 1024 * 1024
MAX_FILE_BYTES = MAX_BYTES + (1 << 20)  # the protocol's limit and a margin to see it crossed
MAX_ROBOTS_BYTES = 1 << 20

_SITEMAP_GLOBS = ("sitemap*.xml", "sitemap*.xml.gz", "sitemap*.txt", "sitemap*.txt.gz")
_SOURCE_SUFFIXES = frozenset(
    (
        ".md",
        ".markdown",
        ".mdown",
        ".mkd",
        ".rst",
        ".txt",
        ".html",
        ".htm",
        ".adoc",
        ".asciidoc",
        ".org",
        ".ipynb",
        ".textile",
        ".njk",
        ".liquid",
        ".pug",
        ".hbs",
        ".mdx",
    )
)
_DATED_STEM = re.compile(r"\d{4}-\d{2}-\d{2}-(.+)")
_INDEX_STEMS = frozenset(("index", "_index", "readme"))
_CONTENT_DIRS = ("content", "docs", "doc", "src", "source", "pages", "_pages", "site")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="sitemap-suite", prog_name="sitemap-suite")
def main() -> None:
    """Write and check sitemaps.org sitemaps.

    \b
    sitemap-suite generate SITE_DIR --base-url URL   write sitemaps for a built site
    sitemap-suite validate TARGET...                 check files, a folder, or a URL
    sitemap-suite submit SITE_DIR --base-url URL     tell IndexNow which URLs changed
    """


# -- reporting ------------------------------------------------------------------------


def _line(issue: Issue) -> str:
    """`level code where: message`; where is the file:line, URL, page or option."""
    where = issue.page or issue.field
    where = f" {where}" if where else ""
    return f"{issue.level} {issue.code}{where}: {issue.message}"


def _counts(issues: Sequence[Issue]) -> tuple[int, int]:
    """(errors, warnings); info lines are neither."""
    errors = sum(1 for i in issues if i.level == "error")
    return errors, sum(1 for i in issues if i.level == "warning")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


# -- validate -------------------------------------------------------------------------


@dataclasses.dataclass
class _Checked:
    """What checking the targets found: issues, and the files and URLs looked at."""

    issues: list[Issue] = dataclasses.field(default_factory=list)
    files: list[str] = dataclasses.field(default_factory=list)
    coverage: bool = False  # compare each folder's HTML pages with its sitemaps
    pages: Counter[str] = dataclasses.field(default_factory=Counter)  # coverage counts


@main.command()
@click.argument("targets", nargs=-1, required=True, metavar="TARGET...")
@click.option("--strict", is_flag=True, help="Count warnings as errors (exit 1 on any issue).")
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print one JSON object (issues, counts, files) instead of report lines.",
)
@click.option(
    "--coverage",
    is_flag=True,
    help="For a site folder, also list (as info, which --strict leaves alone) the "
    "HTML pages no sitemap lists, except those robots.txt disallows.",
)
def validate(targets: tuple[str, ...], strict: bool, as_json: bool, coverage: bool) -> None:
    """Check sitemaps against the sitemaps.org protocol.

    \b
    TARGET is one of:
      a sitemap file     .xml, .xml.gz, .txt or .txt.gz; an index brings the files
                         it lists from the same folder
      a site folder      the built site: the sitemaps named in its robots.txt (else
                         its sitemap*.xml/.xml.gz/.txt files), plus listed URLs that
                         no file serves or whose page is a redirect stub, noindex, a
                         404 page or names another canonical URL
      an http(s) URL     a sitemap, or a site (its robots.txt Sitemap: lines, else
                         /sitemap.xml); index files are followed on the same host

    Exit status: 0 without errors, 1 with errors, 2 for a usage problem.
    """
    checked = _Checked(coverage=coverage)
    for target in targets:
        if re.match(r"[A-Za-z][A-Za-z0-9+.-]*://", target):
            if _split(target).scheme.lower() not in ("http", "https"):
                raise click.BadParameter(
                    f"{target!r}: only http and https URLs are fetched", param_hint="TARGET"
                )
            _check_url(target, checked)
            continue
        path = Path(target)
        if path.is_dir():
            _check_folder(path, checked)
        elif path.is_file():
            _check_file(path, checked)
        else:
            raise click.BadParameter(
                f"{target!r} is no file, folder or http(s) URL", param_hint="TARGET"
            )
    issues = checked.issues
    if strict:
        issues = [
            dataclasses.replace(i, level="error") if i.level == "warning" else i for i in issues
        ]
    errors, warnings = _counts(issues)
    if as_json:
        report: dict[str, Any] = {
            "ok": errors == 0,
            "errors": errors,
            "warnings": warnings,
            "files": checked.files,
            "issues": [
                {
                    "level": i.level,
                    "code": i.code,
                    "where": i.page,
                    "field": i.field,
                    "message": i.message,
                }
                for i in issues
            ],
        }
        if coverage:
            report["coverage"] = dict(checked.pages)
        click.echo(json.dumps(report, indent=2))
    else:
        for issue in issues:
            click.echo(_line(issue))
        if coverage:
            click.echo(_coverage_line(checked.pages))
        verdict = "OK" if errors == 0 else "FAILED"
        click.echo(
            f"{verdict}: {_plural(len(checked.files), 'file')} checked, "
            f"{_plural(errors, 'error')}, {_plural(warnings, 'warning')}"
        )
    sys.exit(1 if errors else 0)


def _coverage_line(pages: Counter[str]) -> str:
    """The coverage report's one line: how many indexable HTML pages the sitemaps list."""
    listed, unlisted = pages["listed"], pages["unlisted"]
    line = f"coverage: {listed} of {_plural(listed + unlisted, 'indexable HTML page')} listed"
    if pages["disallowed"]:
        line += f"; {pages['disallowed']} more that robots.txt disallows not counted"
    return line


def _set_for(path: Path, read: tuple[str | None, list[str]] | None = None) -> list[Path]:
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


def _kind_and_parts(path: Path) -> tuple[str | None, list[str]]:
    """`sitemap_locs`, keeping an index's entries only: a urlset's URLs are not needed
    to find the set, and are read again when the set is checked."""
    kind, locs = sitemap_locs(path)
    return kind, locs if kind == "sitemapindex" else []


def _split(url: str) -> SplitResult:
    """`urlsplit`, with a malformed URL (`http://[x`) as an empty one: it matches nothing."""
    try:
        return urlsplit(url)
    except ValueError:
        return urlsplit("")


def _check_file(path: Path, checked: _Checked) -> None:
    if path.name.lower() == "robots.txt":
        checked.files.append(str(path))
        checked.issues += validate_robots(path)
        return
    if _feed(path, None, checked):
        return
    paths = _set_for(path)
    checked.files += [str(p) for p in paths]
    checked.issues += validate_files(paths)


# -- a site folder --------------------------------------------------------------------


def _check_folder(folder: Path, checked: _Checked) -> None:
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
                        "missing-file",
                        "robots.txt",
                        "Sitemap",
                        f"robots.txt names {url}, but no file in {folder} has its path",
                        "error",
                    )
                )
                continue
            path, site_base = found
            base = base or site_base
            if _feed(path, url, checked):
                continue
            sets.append((_set_for(path), url))
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
        paths = _set_for(path, read[path])
        taken.update(p.resolve() for p in paths)
        sets.append((paths, base + path.name if base else None))
    listed: dict[str, str] = {}  # URL -> file:line that lists it
    for paths, location in sets:
        checked.files += [str(p) for p in paths]
        found, read = validate_set(paths, location)
        checked.issues += found
        for p, (kind, entries) in zip(paths, read):
            if kind in ("urlset", "text"):
                for loc, line in entries:
                    listed.setdefault(loc, f"{p.name}:{line}")
    base = base or _guess_base(folder, listed)
    if base and any(i.code == "robots-relative" for i in problems):
        problems = validate_robots(robots, base + "robots.txt")  # now with the line to write
    checked.issues[robots_at:robots_at] = problems
    if not sets:
        checked.issues.append(
            Issue(
                "no-sitemap",
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


def _map_sitemap_url(folder: Path, url: str) -> tuple[Path, str] | None:
    """The file of `folder` a robots.txt `Sitemap:` URL names, and the site's base URL.

    robots.txt sits at the host root, so the URL's path is tried from the folder first;
    then, for a site deployed under a path, with leading segments dropped.
    """
    parts = _split(url)
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        return None
    segments = [unquote(s) for s in parts.path.split("/") if s]
    for skip in range(len(segments)):
        candidate = _inside(folder, segments[skip:])
        if candidate is not None and candidate.is_file():
            prefix = "".join(s + "/" for s in parts.path.split("/")[1:][:skip])
            return candidate, f"{parts.scheme}://{parts.netloc}/{prefix}"
    return None


def _inside(folder: Path, segments: Sequence[str]) -> Path | None:
    """`folder/segments...`, or None when a segment would leave the folder."""
    if not segments or any(s in ("", ".", "..") or "\\" in s or "\0" in s for s in segments):
        return None
    return folder.joinpath(*segments)


def _url_file(folder: Path, rel_path: str) -> Path | None:
    """The file that serves a site-relative URL path, as static hosts look it up."""
    segments = [unquote(s) for s in rel_path.split("/")]
    if rel_path == "" or rel_path.endswith("/"):
        candidates = [[*segments[:-1], "index.html"]]
    else:
        last = segments[-1]
        candidates = [segments, [*segments, "index.html"], [*segments[:-1], last + ".html"]]
    for candidate in candidates:
        path = _inside(folder, [s for s in candidate if s != ""] or ["index.html"])
        if path is not None and path.is_file():
            return path
    return None


def _guess_base(folder: Path, locs: Iterable[str]) -> str | None:
    """The URL of the folder's root: the URL folder under which most listed URLs map to
    files (the common folder of all URLs, or one of its parents)."""
    sample = list(itertools.islice(locs, 2000))
    if not sample:
        return None
    origins = Counter(f"{parts.scheme}://{parts.netloc}" for parts in map(_split, sample))
    origin = origins.most_common(1)[0][0]
    paths = [_split(u).path or "/" for u in sample if u.startswith(origin + "/")]
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
            if p.startswith(prefix) and _url_file(folder, p[len(prefix) :]) is not None
        )
        if hits > best_hits:
            best, best_hits = origin + prefix, hits
        if prefix == "/":
            break
        prefix = prefix[:-1].rsplit("/", 1)[0] + "/"
    return best


def _check_pages(folder: Path, listed: dict[str, str], base: str, checked: _Checked) -> None:
    """Each listed URL under `base` is served by a file of `folder`, and an HTML one is a
    page to index (`htmlhead.read_page`); with coverage, count the pages left out."""
    served: set[Path] = set()
    for url, where in listed.items():
        if not url.startswith(base):
            continue  # another host or folder: the scope check speaks for it
        rel = re.split(r"[?#]", url[len(base) :], maxsplit=1)[0]
        path = _url_file(folder, rel)
        if path is None:
            checked.issues.append(
                Issue(
                    "missing-file",
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


def _not_a_page(facts: PageFacts) -> tuple[str, str] | None:
    """(code, message) when a listed URL's page says it is not one to index."""
    if facts.redirect:
        return "redirect", (
            f"is a redirect stub (meta refresh) to {facts.redirect}: list the target instead"
        )
    if facts.not_found:
        return "not-found", "is a 404 page: leave it out of the sitemap"
    if facts.noindex:
        return "noindex", (
            "says noindex, so crawlers drop it: leave it out of the sitemap, or remove the noindex"
        )
    if facts.canonical:
        return "canonical", (f"names {facts.canonical} as its canonical URL: list that URL instead")
    return None


def _coverage(folder: Path, served: set[Path], base: str, checked: _Checked) -> None:
    """Info lines for the indexable HTML pages no sitemap lists (not those robots.txt
    disallows), and the counts for the coverage line."""
    rules = _robots_rules(folder / "robots.txt")
    for path, rel in _html_files(folder):
        if path in served:
            checked.pages["listed"] += 1
            continue
        url = base + _url_for(rel, keep_html=False)
        if not read_page(path, url).listed:
            continue
        if rules is not None and not rules.can_fetch("*", url):
            checked.pages["disallowed"] += 1
            continue
        checked.pages["unlisted"] += 1
        checked.issues.append(
            Issue(
                "unlisted",
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


# -- over http(s) ---------------------------------------------------------------------


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


def _check_url(target: str, checked: _Checked) -> None:
    fetcher = _Fetcher()
    with tempfile.TemporaryDirectory(prefix="sitemap-suite-") as tmp:
        work = Path(tmp)
        parts = _split(target)
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
                        "no-sitemap", robots_url, "Sitemap", "robots.txt names no sitemap", "error"
                    )
                )
        else:
            sitemaps = [target]
        for number, url in enumerate(sitemaps):
            _check_remote_set(fetcher, url, work / f"set{number}", checked)


def _fetch_robots(fetcher: _Fetcher, url: str, work: Path, checked: _Checked) -> list[str]:
    try:
        body = fetcher.get(url, MAX_ROBOTS_BYTES).data
    except FetchError as exc:
        if "HTTP 404" not in str(exc):
            checked.issues.append(Issue("fetch", url, "", str(exc), "error"))
        return []
    path = work / "robots.txt"
    path.write_bytes(body)
    checked.files.append(url)
    named, found = robots_sitemaps(path, url)
    checked.issues += [_renamed(i, {"robots.txt": url}) for i in found]
    return named


def _check_remote_set(fetcher: _Fetcher, url: str, folder: Path, checked: _Checked) -> None:
    """Download a sitemap (and the parts an index lists, same host only) and check them."""
    folder.mkdir()
    names: dict[str, str] = {}  # file name -> URL
    got = _download(fetcher, url, folder, names, checked)
    if got is None:
        return
    first, location = got  # location: where the sitemap was in the end, after redirects
    if _feed(first, location, checked, names):
        return
    paths = [first]
    kind, locs = sitemap_locs(first)
    if kind == "sitemapindex":
        host = _split(url).netloc.lower()
        for loc in dict.fromkeys(locs):
            parts = _split(loc)
            if parts.scheme.lower() not in ("http", "https") or parts.netloc.lower() != host:
                continue  # not fetched; the index and scope checks report it
            if part_name(loc) in names:
                continue
            got = _download(fetcher, loc, folder, names, checked)
            if got is not None:
                paths.append(got[0])
    checked.files += [names[p.name] for p in paths]
    found = validate_files(paths, location)
    checked.issues += [_renamed(i, names) for i in found]


def _download(
    fetcher: _Fetcher, url: str, folder: Path, names: dict[str, str], checked: _Checked
) -> tuple[Path, str] | None:
    """Save `url` in `folder` under its file name (recorded in `names`); the file, and the
    URL it came from after redirects."""
    name = part_name(url) or "sitemap.xml"
    if "/" in name or name in (".", "..") or "\0" in name:
        name = "sitemap.xml"
    try:
        got = fetcher.get(url, MAX_FILE_BYTES)
    except FetchError as exc:
        checked.issues.append(Issue("fetch", url, "", str(exc), "error"))
        return None
    if got.cut:
        checked.issues.append(
            Issue(
                "size",
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


def _renamed(issue: Issue, names: dict[str, str]) -> Issue:
    """An issue about a downloaded file, naming the file by its URL."""
    name, sep, line = issue.page.partition(":")
    if name in names:
        return dataclasses.replace(issue, page=names[name] + (f":{line}" if sep else ""))
    return issue


def _feed(
    path: Path, location: str | None, checked: _Checked, names: dict[str, str] | None = None
) -> bool:
    """Check `path` as a sitemap when it is an RSS or Atom feed (`feeds.check_feed`);
    False when it is no feed. `names` maps downloaded files to their URLs."""
    found = check_feed(path, location)
    if found is None:
        return False
    checked.files.append(names[path.name] if names else str(path))
    checked.issues += [_renamed(i, names) for i in found] if names else found
    return True


# -- generate -------------------------------------------------------------------------


def _site_options(command: Callable[..., None]) -> Callable[..., None]:
    """SITE_DIR, --base-url and --config: what `generate` and `submit` both take."""
    for option in reversed(
        (
            click.argument(
                "site_dir", type=click.Path(exists=True, file_okay=False, path_type=Path)
            ),
            click.option(
                "--base-url",
                metavar="URL",
                help="Where SITE_DIR is published, e.g. https://example.com/docs/ "
                "(required unless the config file sets base_url).",
            ),
            click.option(
                "--config",
                "config_file",
                metavar="FILE",
                type=click.Path(exists=True, dir_okay=False, path_type=Path),
                help="A TOML file with the shared sitemap options, at top level or "
                "under [sitemap]. Relative paths in it (cache_dir) are taken from "
                "its folder.",
            ),
        )
    ):
        command = option(command)
    return command


def _site_settings(
    base_url: str | None, config_file: Path | None, **overrides: Any
) -> tuple[Settings, str]:
    """The settings of --config and --base-url (with `overrides`), their problems echoed;
    and the base URL."""
    values, config_base = _read_config(config_file)
    base_url = base_url or config_base
    if not base_url:
        raise click.UsageError("--base-url is required (or base_url in the config file)")
    values.update({k: v for k, v in overrides.items() if v})
    root = config_file.resolve().parent if config_file else Path.cwd()
    settings, problems = settings_from_options(values, base_url, root)
    for issue in problems:
        click.echo(_line(issue))
    return settings, base_url


@main.command()
@_site_options
@click.option(
    "--source",
    metavar="DIR",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="The folder the site was built from, for git dates: each page is matched "
    "to its source file by path (best effort).",
)
@click.option(
    "--keep-html",
    is_flag=True,
    help="List index.html files by their own name (x/index.html) instead of their "
    "folder (x/). Other .html names are listed as they are either way.",
)
@click.option(
    "--lastmod",
    type=click.Choice(LASTMOD_SOURCES),
    help="Where lastmod comes from (overrides the config file).",
)
@click.option(
    "--exclude",
    multiple=True,
    metavar="GLOB",
    help="Leave out URLs whose site-relative path matches GLOB (repeatable; adds to "
    "the config file's exclude list).",
)
@click.option("--quiet", "-q", is_flag=True, help="Print issues only: no progress, no summary.")
def generate(
    site_dir: Path,
    base_url: str | None,
    config_file: Path | None,
    source: Path | None,
    keep_html: bool,
    lastmod: str | None,
    exclude: tuple[str, ...],
    quiet: bool,
) -> None:
    """Write sitemaps (and robots.txt) into a built site folder.

    Every .html file of SITE_DIR becomes a page: x/index.html is listed as x/, other
    names as they are (a.html stays a.html). Pages that are noindex, 404 pages, redirect
    stubs and pages with another canonical URL are left out by the core. Exit status 1
    when an error was found or no sitemap was written.
    """
    from ..build import write_sitemaps

    settings, _ = _site_settings(base_url, config_file, lastmod=lastmod)
    if exclude:  # added to the config file's list, as the core read it
        settings = dataclasses.replace(settings, exclude=(*settings.exclude, *exclude))
    files = _html_files(site_dir)
    sources = _SourceIndex(source, site_dir) if source else None
    pages = _pages(site_dir, files, keep_html, sources)
    if not quiet and _is_tty(sys.stderr):
        with click.progressbar(
            pages, length=len(files), label="sitemap", file=sys.stderr, show_pos=True
        ) as bar:
            result = write_sitemaps(bar, site_dir, settings)
    else:
        result = write_sitemaps(pages, site_dir, settings)
    for issue in result.issues:
        click.echo(_line(issue))
    if not quiet:
        click.echo(result.summary())
    sys.exit(0 if result.ok and result.files else 1)


def _is_tty(stream: Any) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _read_config(path: Path | None) -> tuple[dict[str, Any], str | None]:
    if path is None:
        return {}, None
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise click.BadParameter(f"{path}: {exc}", param_hint="--config") from None
    top_base = data.get("base_url")
    if isinstance(data.get("sitemap"), dict):
        data = data["sitemap"]
    values = dict(data)
    base = values.pop("base_url", None) or top_base
    if base is not None and not isinstance(base, str):
        raise click.BadParameter(f"{path}: base_url must be a string", param_hint="--config")
    return values, base


def _html_files(site_dir: Path) -> list[tuple[Path, str]]:
    """Every .html file under `site_dir` (hidden folders skipped), sorted, with its
    site-relative POSIX path."""
    found = []
    root = os.fspath(site_dir)
    for folder, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        rel_dir = folder[len(root) :].strip(os.sep).replace(os.sep, "/")  # walk keeps root
        prefix = rel_dir + "/" if rel_dir else ""
        for name in sorted(names):
            if name.lower().endswith(".html") and not name.startswith("."):
                found.append((Path(folder, name), prefix + name))
    return found


def _url_for(rel: str, keep_html: bool) -> str:
    """The site-relative, percent-encoded URL of an HTML file: x/index.html -> x/."""
    return urls.quote_path(rel if keep_html else urls.folder_url(rel))


def _pages(
    site_dir: Path, files: list[tuple[Path, str]], keep_html: bool, sources: _SourceIndex | None
) -> Iterator[Page]:
    for path, rel in files:
        found = sources.find(rel) if sources else ()
        yield Page(url=_url_for(rel, keep_html), output=path, sources=found, name=rel)


class _SourceIndex:
    """Source files by the page path they most likely build (best effort).

    A page's key is its path without `.html` and without a final `index`
    (`posts/x/index.html` -> `posts/x`); a source's key likewise without its extension,
    without a final `index`, `_index` or `README`, and without a `YYYY-MM-DD-` date in
    front of the file name (Jekyll posts). A page takes the source whose key shares the
    most trailing path segments with its own, so `content/posts/x.md`,
    `content/posts/x/index.md` and `_posts/2024-01-02-x.md` all match; a tie between
    different sources gives the page none rather than a wrong date.
    """

    def __init__(self, source: Path, site_dir: Path) -> None:
        self.by_last: dict[str, list[tuple[tuple[str, ...], Path]]] = {}
        skip = site_dir.resolve()
        for folder, dirs, names in os.walk(source):
            here = Path(folder)
            dirs[:] = sorted(
                d
                for d in dirs
                if not d.startswith(".") and (here / d).resolve() != skip and d != "node_modules"
            )
            for name in sorted(names):
                path = here / name
                if path.suffix.lower() not in _SOURCE_SUFFIXES or name.startswith("."):
                    continue
                key = self._source_key(path.relative_to(source))
                self.by_last.setdefault(key[-1] if key else "", []).append((key, path))

    @staticmethod
    def _source_key(rel: Path) -> tuple[str, ...]:
        parts = [*rel.parent.parts, rel.stem]
        if parts[-1].lower() in _INDEX_STEMS:
            parts.pop()
        elif match := _DATED_STEM.fullmatch(parts[-1]):
            parts[-1] = match[1]
        return tuple(p.lower() for p in parts)

    def find(self, rel: str) -> tuple[Path, ...]:
        parts = rel.split("/")
        stem = parts[-1].rsplit(".", 1)[0]
        key = [*parts[:-1]] if stem.lower() == "index" else [*parts[:-1], stem]
        key = [p.lower() for p in key]
        if key:
            candidates = self.by_last.get(key[-1], [])
        else:  # the home page: index.md or README at the top or in a content folder
            candidates = [
                c
                for last in ("", *_CONTENT_DIRS)
                for c in self.by_last.get(last, [])
                if len(c[0]) <= 1
            ]
        best: list[Path] = []
        best_score = -1
        for source_key, path in candidates:
            score = _common_tail(source_key, key)
            if not key:  # the home page: the shallowest index/README wins
                score = -len(source_key)
            if score > best_score:
                best, best_score = [path], score
            elif score == best_score:
                best.append(path)
        if len(best) == 1:
            return (best[0],)
        return ()


# -- submit ---------------------------------------------------------------------------


@main.command()
@_site_options
@click.option(
    "--key",
    metavar="KEY",
    help="The IndexNow key (else indexnow_key from the config file, else the "
    "<key>.txt file SITE_DIR serves).",
)
@click.option(
    "--endpoint",
    "endpoints",
    multiple=True,
    metavar="URL",
    help="An IndexNow endpoint (repeatable; else indexnow_endpoints, by default "
    f"{indexnow.DEFAULT_ENDPOINT}).",
)
@click.option(
    "--previous",
    metavar="FILE|URL",
    help="The sitemap published before this build (default: the live one, "
    "BASE_URL + filename). Save it before you deploy, then name it here.",
)
@click.option("--removed", is_flag=True, help="Also send the URLs gone since then.")
@click.option("--dry-run", is_flag=True, help="Print what would be sent; send nothing.")
@click.option(
    "--ping",
    "pings",
    multiple=True,
    metavar="URL_TEMPLATE",
    help="Also GET an old-style sitemap ping, {sitemap} standing for the sitemap's "
    "URL (repeatable; none by default: Google's and Bing's are retired).",
)
@click.option(
    "--timeout",
    type=click.FloatRange(0.1, 300),
    default=indexnow.TIMEOUT,
    show_default=True,
    help="Seconds to wait for each answer.",
)
@click.option(
    "--retries",
    type=click.IntRange(0, 10),
    default=indexnow.RETRIES,
    show_default=True,
    help="Tries again after a 429, a 5xx or no answer.",
)
@click.option(
    "--backoff",
    type=click.FloatRange(0, 60),
    default=indexnow.BACKOFF,
    show_default=True,
    help="Seconds before the first retry, doubled each time.",
)
def submit(
    site_dir: Path,
    base_url: str | None,
    config_file: Path | None,
    key: str | None,
    endpoints: tuple[str, ...],
    previous: str | None,
    removed: bool,
    dry_run: bool,
    pings: tuple[str, ...],
    timeout: float,
    retries: int,
    backoff: float,
) -> None:
    """Send IndexNow the URLs of SITE_DIR's sitemap that are new or whose lastmod moved.

    The previous sitemap (the live one by default) is what they are compared with; only
    URLs on BASE_URL's host and under its folder are sent, at most 10,000 a request. The
    key must be served by the site as <key>.txt (builds write it when indexnow_key is
    set). One line per endpoint; exit status 0 only when every endpoint accepted.
    """
    settings, base_url = _site_settings(base_url, config_file)
    base = base_url.rstrip("/") + "/"
    if problem := urls.base_url_problem(base):
        raise click.BadParameter(problem, param_hint="--base-url")
    key = _submission_key(site_dir, key or settings.indexnow_key)
    try:
        targets = [indexnow.endpoint_url(e) for e in endpoints] or settings.indexnow_endpoints
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--endpoint") from None
    if bad := [t for t in pings if "{sitemap}" not in t]:
        raise click.BadParameter(f"{bad[0]!r} has no {{sitemap}}", param_hint="--ping")
    sitemap = site_dir / settings.filename
    if not sitemap.is_file() and (site_dir / (settings.filename + ".gz")).is_file():
        sitemap = site_dir / (settings.filename + ".gz")
    sitemap_url = base + sitemap.name
    found, issues = indexnow.changes(
        str(sitemap), sitemap_url if previous is None else previous, base, removed
    )
    for issue in issues:
        click.echo(_line(issue))
    ok = not any(i.level == "error" for i in issues)
    if ok and dry_run:
        requests = -(-len(found) // indexnow.MAX_URLS)
        for target in targets:
            click.echo(
                f"dry run {target}: would send {_plural(len(found), 'URL')} in "
                f"{_plural(requests, 'request')}, key {key}, keyLocation "
                f"{indexnow.key_location(base, key)}"
            )
        for url in found:
            click.echo(f"  {url}")
        for template in pings:
            click.echo(f"dry run: would GET {template} for {sitemap_url}")
    elif ok:
        outcomes = indexnow.submit(
            found,
            base_url=base,
            key=key,
            endpoints=targets,
            timeout=timeout,
            retries=retries,
            backoff=backoff,
        )
        outcomes += [
            indexnow.ping(t, sitemap_url, timeout=timeout, retries=retries, backoff=backoff)
            for t in pings
        ]
        for outcome in outcomes:
            click.echo(str(outcome))
        ok = all(o.accepted for o in outcomes)
    sys.exit(0 if ok else 1)


def _submission_key(site_dir: Path, key: str) -> str:
    """The key given, else the one key file the site serves; a usage error when there is
    no good key, or the site does not serve it (the engines would refuse it: 403)."""
    served = indexnow.keys_in(site_dir)
    if not key:
        if len(served) > 1:
            raise click.UsageError(
                f"{site_dir} serves several key files ({', '.join(served)}): give --key"
            )
        if not served:
            raise click.UsageError(
                "no IndexNow key: give --key, set indexnow_key in the config file, or commit "
                "a <key>.txt file holding the key with the site's files (make one once and "
                f"keep it, e.g. {indexnow.new_key()})"
            )
        key = served[0]
    if problem := indexnow.key_problem(key):
        raise click.BadParameter(problem, param_hint="--key")
    if key not in served:
        raise click.UsageError(
            f"{site_dir} has no {key}.txt holding the key: search engines "
            "check it there (set indexnow_key so builds write it)"
        )
    return key


def _common_tail(a: tuple[str, ...], b: tuple[str, ...]) -> int:
    """How many last segments `a` and `b` share."""
    shared = 0
    for x, y in zip(reversed(a), reversed(b)):
        if x != y:
            break
        shared += 1
    return shared
