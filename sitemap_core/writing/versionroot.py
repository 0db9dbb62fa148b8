"""The root files of a tree of documentation versions (`versions.read_tree`): a sitemap
index naming the default version's sitemap (or every version's), and robots.txt's
`Sitemap:` line for it. Nothing else in the tree is touched.

Each version's own sitemap lists the URLs of one folder: the version's, or one of its
aliases' (mike's `canonical_version: latest` builds the version that `latest` serves
with URLs under `latest/`). The index names it in that folder, so every URL it lists is
in its scope, and each version once, however many folders serve it (symlinks, copies).
The base URL is `--base-url`, else the one the default version's sitemap was built for:
its URLs' common prefix, up to the version's folder.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit, urlunsplit

from ..facts.htmlhead import read_page
from ..facts.published import sitemap_entries
from ..files.atomic import write_file
from ..values import dates, urls
from ..values.codes import Code
from ..values.report import Issue, Issues
from . import index, robots
from .versions import MIKE, Default, Tree, TreeError, Version

Entry = tuple[str, str | None]  # a URL and its lastmod as written (None without one)


@dataclass(frozen=True, slots=True)
class RootPlan:
    """What the root index will name: the sitemaps (URL, newest lastmod), their files in
    the tree, a label for each version named, the notes found on the way, and the
    default version (another than asked for when its pages name that one's as canonical)."""

    base: str
    filename: str
    entries: tuple[Entry, ...]
    files: tuple[Path, ...]
    named: tuple[str, ...]
    issues: tuple[Issue, ...]
    default: Default

    @property
    def location(self) -> str:
        return self.base + self.filename


@dataclass(frozen=True, slots=True)
class _Found:
    """A version's sitemap as found in the tree: where, its kind, its entries."""

    version: Version
    folders: tuple[str, ...]  # where it was looked for, in order
    path: Path
    kind: str  # urlset or sitemapindex
    entries: list[Entry]


def read_sitemap(path: Path) -> tuple[str, list[Entry]] | None:
    """A sitemap file's kind (`urlset`, `sitemapindex`) and entries (loc, lastmod), read
    as the published-sitemap reader reads one (`.gz` too); None when it is no sitemap."""
    try:
        return sitemap_entries(str(path))
    except ValueError:
        return None


def tree_base(tree: Tree, default: Default, given: str | None, filename: str) -> str:
    """The base URL of the tree's root: `given` (`--base-url`), else the prefix of the
    default version's sitemap URLs (else any version's) up to the folder of a version
    they are in. `TreeError` when it cannot be told, or no version has a sitemap."""
    if given:
        base = urls.normal_base(urls.encode(given))
        problem = urls.base_url_problem(base)
        if problem:
            raise TreeError(Code.BASE_URL, f"--base-url: {problem}", usage=True)
        return base
    first = _find(tree.root, default.version, _default_folders(default), filename)
    found = first or next(
        filter(None, (_find(tree.root, v, v.folders, filename) for v in tree.versions)), None
    )
    if found is None:
        where = ", ".join(f"{f}/" for f in _default_folders(default))
        raise TreeError(Code.NO_SITEMAP, _no_default_sitemap(tree, default, filename, where))
    return _base(tree, found)


def plan_root(
    tree: Tree,
    default: Default,
    base: str,
    all_versions: bool = False,
    filename: str = "sitemap.xml",
) -> RootPlan:
    """The sitemaps the root index names: the default version's, and with `all_versions`
    every other version's that has one (those without are noted, those whose URLs are in
    no folder of theirs are left out with a warning). `TreeError` when the default
    version has no usable sitemap. A default chosen with `--default` whose pages name
    another folder's pages as canonical (mike's `canonical_version`) gets that folder's
    sitemap, with a warning; one found otherwise gets an error saying which to pass."""
    issues: list[Issue] = []
    default = _canonical_default(tree, default, base, filename, issues)
    wanted = [default.version]
    if all_versions:
        wanted += [v for v in tree.versions if v != default.version]
    found: list[_Found] = []
    for version in wanted:
        is_default = version == default.version
        folders = _default_folders(default) if is_default else version.folders
        sitemap = _find(tree.root, version, folders, filename)
        if sitemap is not None:
            found.append(sitemap)
            continue
        where = ", ".join(f"{f}/" for f in folders)
        if is_default:
            raise TreeError(Code.NO_SITEMAP, _no_default_sitemap(tree, default, filename, where))
        issues.append(
            Issue(Code.NO_SITEMAP, version.name, "", f"no {filename} in {where}: not named", "info")
        )
    entries: list[Entry] = []
    files: list[Path] = []
    named: list[str] = []
    for sitemap in found:
        placed = _placed(tree, sitemap, base, filename)
        if isinstance(placed, str):
            if sitemap.version == default.version:
                raise TreeError(Code.SCOPE, placed)
            issues.append(Issue(Code.SCOPE, _rel(tree, sitemap.path), "", placed))
            continue
        home, new, parts = placed
        if any(url in dict(entries) for url, _ in new):
            issues.append(
                Issue(
                    Code.ALIAS,
                    _rel(tree, sitemap.path),
                    "",
                    f"the same sitemap as {home}/'s, named once (a copy of that version)",
                    "info",
                )
            )
            continue
        entries += new
        files += parts
        named.append(
            f"{home}/{filename}"
            + (f" ({sitemap.version.name})" if home != sitemap.version.name else "")
        )
    if len(entries) > index.MAX_SITEMAPS:
        raise TreeError(Code.SPLIT, f"{len(entries)} sitemaps are more than one index may name")
    return RootPlan(
        base, filename, tuple(entries), tuple(files), tuple(named), tuple(issues), default
    )


def sitemap_home(tree: Tree, locs: Sequence[str], base: str, first: Sequence[str]) -> str | None:
    """The folder of the tree (`first` tried first) every one of `locs` is in, if any."""
    candidates = dict.fromkeys((*first, *tree.folders))
    return next((f for f in candidates if _all_inside(locs, folder_url(base, f))), None)


def _default_folders(default: Default) -> tuple[str, ...]:
    return tuple(dict.fromkeys((default.named, *default.version.folders)))


def _canonical_default(
    tree: Tree, default: Default, base: str, filename: str, issues: list[Issue]
) -> Default:
    """`default`, unless it has no sitemap and its pages name another folder's pages as
    canonical: then, for a `--default`, the version of that folder (and a warning); for
    a default found otherwise, a `TreeError` saying why and which `--default` to pass."""
    if _find(tree.root, default.version, _default_folders(default), filename) is not None:
        return default
    folder = default.named
    home_page = tree.root / folder / "index.html"
    canonical = read_page(home_page, folder_url(base, folder)).canonical
    home = sitemap_home(tree, [canonical], base, ()) if canonical else None
    other = tree.find(home) if home else None
    if home is None or other is None or other == default.version:
        return default
    if _find(tree.root, other, (home, *other.folders), filename) is None:
        return default
    why = (
        f"the pages of {default.version.label(default.named)} name the {home}/ pages as "
        f"canonical ({canonical} for {folder}/), so it has no sitemap of its own: the "
        f"sitemap of {home}/ lists them"
    )
    if default.how != "--default":
        raise TreeError(Code.NO_SITEMAP, f"{why}; pass --default {home} (found by {default.how})")
    issues.append(Issue(Code.DEFAULT, folder, "", f"{why}, and the index names it", "warning"))
    return Default(other, home, f"{default.how} {folder}, whose pages name {home}/ as canonical")


def versioned_advice(issues: Iterable[Issue], index_url: str, build: str) -> list[Issue]:
    """A build's issues when it is one version of a versioned deploy (`build`: "mike
    builds this version"): the robots advice (`robots.place_line`'s info line under a
    path), which would name this version's sitemap, a line stale at the next release,
    names the root index `sitemap-suite versions` writes (`index_url`) instead."""
    return [
        Issue(
            issue.code,
            issue.page,
            issue.field,
            f"{build}, one of a versioned deploy, so no robots.txt was written here "
            f"(crawlers read it only at the host root): run `sitemap-suite versions` on the "
            f"deployed tree, which writes the root index {index_url} naming the version "
            f"served at the root, and add `Sitemap: {index_url}` to the robots.txt at the "
            "root of the host (`versions` adds it when the tree is the host's root)",
            issue.level,
        )
        if robots.is_robots_advice(issue)
        else issue
        for issue in issues
    ]


def write_root(tree: Tree, plan: RootPlan) -> list[Issue]:
    """Write the root index (through a temporary file and a rename) and give robots.txt
    its `Sitemap:` line (`robots.place_line`: created at the host root, every byte of one
    that is there kept; under a path, an info line). A file already at the index's name
    that is not a sitemap index is left alone (`TreeError`); when robots.txt cannot be
    written, the index is put back as it was, so nothing is half-written. Raises OSError
    when the root cannot be written."""
    path = tree.root / plan.filename
    old: bytes | None = None
    if path.exists() or path.is_symlink():
        found = read_sitemap(path) if path.is_file() else None
        if found is None or found[0] != "sitemapindex" or path.is_symlink():
            raise TreeError(
                Code.WRITE,
                f"{path} is there and is not a sitemap index at the root: left alone (move "
                "it, or write the index under another name with --filename)",
            )
        old = path.read_bytes()
    data = index.render((urls.escape(url), lastmod) for url, lastmod in plan.entries)
    write_file(path, data.encode("utf-8"), "sitemap-versions")
    try:
        told = Issues()
        robots.place_line(tree.root, plan.base, "auto", plan.location, (plan.filename,), told)
        return list(told.all())
    except BaseException:
        if old is None:
            path.unlink(missing_ok=True)
        else:
            write_file(path, old, "sitemap-versions")
        raise


def _find(root: Path, version: Version, folders: Sequence[str], filename: str) -> _Found | None:
    """The first of `folders` that holds a readable sitemap named `filename`."""
    for folder in folders:
        path = root / folder / filename
        if not path.is_file():
            continue
        read = read_sitemap(path)
        if read is not None and read[1]:
            return _Found(version, tuple(folders), path, *read)
    return None


def _no_default_sitemap(tree: Tree, default: Default, filename: str, where: str) -> str:
    message = (
        f"the default version {default.version.label(default.named)} has no sitemap "
        f"({filename} in {where}): build it with the sitemap plugin (MkDocs: sitemap-suite, "
        "Sphinx: sitemap_sphinx)"
    )
    if tree.kind == MIKE:
        message += (
            "; with mike's canonical_version, only the build of the version the canonical "
            f"alias serves lists its pages: deploy it with that alias (mike deploy "
            f"--update-aliases {default.version.name} <alias>)"
        )
    return message


def _base(tree: Tree, sitemap: _Found) -> str:
    """The prefix of `sitemap`'s URLs up to the folder of a version they are in."""
    prefix = os.path.commonprefix([loc for loc, _ in sitemap.entries])
    prefix = prefix[: prefix.rfind("/") + 1]
    parts = urlsplit(prefix)
    segments = parts.path.split("/")
    known = set(tree.folders)
    for i in range(len(segments) - 1, 0, -1):
        if unquote(segments[i]) in known and parts.scheme in ("http", "https"):
            return urlunsplit((parts.scheme, parts.netloc, "/".join(segments[:i]) + "/", "", ""))
    raise TreeError(
        Code.BASE_URL,
        f"cannot tell the base URL: the URLs of {_rel(tree, sitemap.path)} "
        f"({sitemap.entries[0][0]}) are in no folder named after a version; pass --base-url",
        usage=True,
    )


def _placed(
    tree: Tree, sitemap: _Found, base: str, filename: str
) -> tuple[str, list[Entry], list[Path]] | str:
    """The folder the sitemap's URLs are in (its version's or an alias's, or another
    version's of which it is a copy), the entries the root index gets for it and their
    files; or why it cannot be named."""
    rel = _rel(tree, sitemap.path)
    locs = [loc for loc, _ in sitemap.entries]
    home = sitemap_home(tree, locs, base, (*sitemap.folders, *sitemap.version.folders))
    if home is None:
        return (
            f"{rel} lists URLs outside every version's folder under {base} (such as "
            f"{_outside(locs, base, tree.folders)}): built for another base URL? Pass "
            "--base-url, or build it again"
        )
    path = tree.root / home / filename
    if not path.is_file():
        return (
            f"{rel} lists URLs of {home}/, where the tree has no {filename} (mike's redirect "
            "aliases copy none): not in its scope anywhere"
        )
    if home not in sitemap.version.folders and not same_bytes(path, sitemap.path):
        owner = tree.find(home)
        return (
            f"{rel} lists URLs of {home}/, which serves "
            f"{owner.name if owner else 'another version'}: out of its scope"
        )
    folder = folder_url(base, home)
    if sitemap.kind == "urlset":
        return home, [(folder + urls.quote_path(filename), _newest(sitemap.entries))], [path]
    parts = [tree.root / home / unquote(loc[len(folder) :]) for loc, _ in sitemap.entries]
    return home, list(sitemap.entries), [path, *parts]


def folder_url(base: str, folder: str) -> str:
    """The URL of a version's `folder` under the site's `base`."""
    return base + urls.quote_path(folder) + "/"


def _all_inside(locs: Iterable[str], scope: str) -> bool:
    for loc in locs:
        try:
            urls.check(loc, scope)
        except urls.URLError:
            return False
    return True


def _outside(locs: list[str], base: str, folders: Sequence[str]) -> str:
    """A URL of `locs` in none of `folders`: the one to show."""
    scopes = [folder_url(base, f) for f in folders]
    return next((loc for loc in locs if not any(loc.startswith(s) for s in scopes)), locs[0])


def _newest(entries: Iterable[Entry]) -> str | None:
    """The newest lastmod among `entries`, as written; None when none has one."""
    best: tuple[float, str] | None = None
    for _, lastmod in entries:
        if lastmod is None:
            continue
        try:
            key = dates.sort_key(dates.parse(lastmod))
        except ValueError:
            continue
        if best is None or key > best[0]:
            best = (key, lastmod)
    return best[1] if best else None


def same_bytes(a: Path, b: Path) -> bool:
    try:
        return a.samefile(b) or a.read_bytes() == b.read_bytes()
    except OSError:
        return False


def _rel(tree: Tree, path: Path) -> str:
    try:
        return path.relative_to(tree.root).as_posix()
    except ValueError:
        return str(path)
