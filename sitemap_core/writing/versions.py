"""A deployed tree of documentation versions side by side, as two tools lay it out:

- mike (MkDocs): a checkout of its gh-pages branch. `versions.json` at the root lists
  each version, newest first, with its aliases (`[{"version": "2.0", "title": "2.0",
  "aliases": ["latest"]}, ...]`); each version is a folder, each alias a symlink to it
  (mike's default), a copy, or a folder of redirect pages; `mike set-default` writes an
  `index.html` at the root that redirects to the default version or alias.
- sphinx-multiversion (Sphinx): its output folder, one Sphinx build per tag or branch
  (`smv_outputdir_format`, `{ref.name}` by default: `v1.0/`, `main/`). It writes nothing
  at the root and has no aliases; a folder that is a symlink to another is one.

`read_tree` tells which it is, `default_version` which version the root serves.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urlsplit

from ..facts.htmlhead import read_page
from ..values.codes import Code

MIKE = "mike"
SMV = "sphinx-multiversion"
_RELEASE = re.compile(r"v?(\d+(?:\.\d+)*)")  # v1.0, 1.2.3: a release; main, 2.0rc1: not
_NOWHERE = "https://versions.invalid/"  # resolves the root redirect when no base is known


class TreeError(Exception):
    """Why the root files cannot be written: a code, one line, and whether the command
    line was at fault (exit status 2) rather than the tree (1)."""

    def __init__(self, code: Code, message: str, *, usage: bool = False) -> None:
        super().__init__(message)
        self.code, self.message, self.usage = code, message, usage


@dataclass(frozen=True, slots=True)
class Version:
    """One version: its folder, and the other folders that serve it (aliases)."""

    name: str
    aliases: tuple[str, ...] = ()

    @property
    def folders(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)

    def label(self, named: str = "") -> str:
        """`latest (2.0)` when named by an alias, else `2.0`."""
        return f"{named} ({self.name})" if named and named != self.name else self.name


@dataclass(frozen=True, slots=True)
class Tree:
    """The versions of a deployed tree, newest first, and which tool laid it out."""

    root: Path
    kind: str
    versions: tuple[Version, ...]

    def find(self, identifier: str) -> Version | None:
        """The version a folder name (version or alias) belongs to."""
        return next((v for v in self.versions if identifier in v.folders), None)

    @property
    def folders(self) -> tuple[str, ...]:
        return tuple(f for v in self.versions for f in v.folders)


@dataclass(frozen=True, slots=True)
class Default:
    """The version the root serves, the folder name it is served by, and how it was
    found (said in the summary)."""

    version: Version
    named: str
    how: str


def read_tree(root: Path) -> Tree:
    """The versions of `root`: mike's when it has a `versions.json`, else
    sphinx-multiversion's when some of its folders are Sphinx builds (an `objects.inv`);
    `TreeError` otherwise."""
    listing = root / "versions.json"
    if listing.is_file():
        return _mike_tree(root, listing)
    found = _smv_tree(root)
    if found is not None:
        return found
    raise TreeError(
        Code.NOT_VERSIONED,
        f"{root} is not a versioned deploy: no versions.json (a checkout of mike's gh-pages "
        "branch) and no folder that is a Sphinx build (sphinx-multiversion's output)",
    )


def mike_versions(text: str | bytes) -> tuple[Version, ...] | None:
    """The versions and aliases of mike's `versions.json`; None when it is not mike's list
    of versions ([{"version": ..., "aliases": [...]}, ...]). ValueError: not JSON."""
    data = json.loads(text)
    if not isinstance(data, list) or not all(
        isinstance(item, dict)
        and isinstance(item.get("version"), str)
        and isinstance(item.get("aliases", []), list)
        for item in data
    ):
        return None
    return tuple(
        Version(item["version"], tuple(str(alias) for alias in item.get("aliases", [])))
        for item in data
    )


def _mike_tree(root: Path, listing: Path) -> Tree:
    try:
        versions = mike_versions(listing.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise TreeError(Code.NOT_VERSIONED, f"{listing} cannot be read ({exc})") from None
    if versions is None:
        raise TreeError(
            Code.NOT_VERSIONED,
            f'{listing} is not mike\'s list of versions ([{{"version": ..., "aliases": '
            "[...]}, ...])",
        )
    if not versions:
        raise TreeError(Code.NOT_VERSIONED, f"{listing} lists no version")
    return Tree(root, MIKE, versions)


def _smv_tree(root: Path) -> Tree | None:
    """Each folder that is a Sphinx build is a version; one that is a symlink to
    another version's folder is its alias. Releases (`v1.2`, `1.2.3`) newest first, then
    the other folders (branches) by name."""
    try:
        folders = sorted(
            p
            for p in root.iterdir()
            if p.is_dir() and not p.name.startswith((".", "_")) and (p / "objects.inv").is_file()
        )
    except OSError:
        return None
    if not folders:
        return None
    real = {p.resolve(): p.name for p in folders if not p.is_symlink()}
    aliases: dict[str, list[str]] = {name: [] for name in real.values()}
    for p in folders:
        if p.is_symlink():
            owner = real.get(p.resolve())
            if owner is None:  # a link out of the tree: a version of its own here
                aliases[p.name] = []
            else:
                aliases[owner].append(p.name)
    names = sorted(aliases, key=lambda name: (release_key(name) is None, _newest(name), name))
    return Tree(root, SMV, tuple(Version(name, tuple(aliases[name])) for name in names))


def release_key(name: str) -> tuple[int, ...] | None:
    """The numbers of a release's name (`v1.10` is (1, 10)); None for other names."""
    match = _RELEASE.fullmatch(name)
    return tuple(int(n) for n in match[1].split(".")) if match else None


def _newest(name: str) -> tuple[int, ...]:
    """A sort key putting the highest release first."""
    return tuple(-n for n in release_key(name) or ())


def default_version(tree: Tree, wanted: str | None = None) -> Default:
    """The version the root stands for: `wanted` (`--default`) when given; else the
    version or alias the root `index.html` redirects to (`mike set-default`, or a
    redirect page of your own); else, for mike, the version with the alias `latest` or
    `stable`; for sphinx-multiversion, the newest release."""
    if wanted:
        version = tree.find(wanted)
        if version is None:
            raise TreeError(
                Code.DEFAULT,
                f"--default {wanted!r} is no version or alias of this {tree.kind} tree "
                f"({', '.join(tree.folders)})",
                usage=True,
            )
        return Default(version, wanted, "--default")
    target = _redirect(tree)
    if target is not None:
        version = tree.find(target)
        if version is None:
            raise TreeError(
                Code.DEFAULT,
                f"the root index.html redirects to {target}/, which is no version or alias of "
                f"this {tree.kind} tree ({', '.join(tree.folders)}): run `mike set-default` "
                "again, or pass --default",
            )
        return Default(version, target, "the root index.html")
    if tree.kind == MIKE:
        for alias in ("latest", "stable"):
            version = tree.find(alias)
            if version is not None:
                return Default(version, alias, f"the alias {alias}")
        raise TreeError(
            Code.DEFAULT,
            "no default version: the root has no index.html redirect (`mike set-default "
            "latest` writes one) and no version has the alias latest or stable; pass --default",
        )
    releases = [v for v in tree.versions if release_key(v.name) is not None]
    if not releases:
        raise TreeError(
            Code.DEFAULT,
            f"no release folder (v1.2, 1.2.3) among {', '.join(tree.folders)} to take as the "
            "default version: pass --default",
        )
    return Default(releases[0], releases[0].name, "the newest release")


def _redirect(tree: Tree) -> str | None:
    """The folder the root `index.html` redirects to (a meta refresh, as mike writes it),
    or None when there is no such page."""
    page = tree.root / "index.html"
    if not page.is_file():
        return None
    target = read_page(page, _NOWHERE).redirect
    if not target:
        return None
    if target.startswith(_NOWHERE):
        segments = target[len(_NOWHERE) :].split("/")
    else:  # an absolute URL: the first folder of its path that names a version
        path = [s for s in urlsplit(target).path.split("/") if s]
        segments = [next((s for s in path if tree.find(unquote(s))), path[0] if path else "")]
    first = unquote(segments[0].split("?")[0].split("#")[0])
    return first or None
