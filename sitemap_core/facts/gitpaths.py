"""Paths in a git work tree: where each given path lies, which pathspecs (folders, root
files, "" for all) have had their history read, so that each is read once, and which
tracked file a file git does not track copies."""

from __future__ import annotations

import filecmp
import os
import stat
from collections.abc import Iterable
from pathlib import Path

from .sources import common_tail

Located = tuple[str, bool]  # the path in the work tree (`/`-separated), is a folder
_FILE, _FOLDER, _LINK = 0, 1, 2  # what a folder's entry is
# Last parts of a path that name no entry of its folder (the folder itself, its parent).
_NO_NAME = frozenset({"", ".", ".."})


class WorkTreePaths:
    """The paths of one work tree (its top folder `top`, resolved), located once each, and
    the pathspecs read so far."""

    __slots__ = ("top", "_prefix", "_folders", "_kinds", "_located", "_covered", "_inside")

    def __init__(self, top: str) -> None:
        self.top = top  # the work tree's top folder, resolved
        self._prefix = os.path.join(top, "")
        # Each absolute folder as spelt (given, or normalised) -> its real folder with a
        # separator after, and its entries: most paths are located by one lookup of the
        # folder they name.
        self._folders: dict[str, tuple[str, dict[str, int]]] = {}
        # Each real folder's entries and their kinds (`_FILE`, `_FOLDER`, `_LINK`), read
        # with one `scandir` instead of an `lstat` per file.
        self._kinds: dict[str, dict[str, int]] = {}
        # Each absolute path given, located once per run: `prefetch` and `date_of` ask alike.
        self._located: dict[str, Located | None] = {}
        self._covered: set[str] = set()  # pathspecs read: folders, root files, "" for all
        self._inside: set[str] = set()  # folders known to lie in a pathspec read

    def locate(self, path: str | os.PathLike[str]) -> Located | None:
        """The path in the work tree (`/`-separated, symbolic links resolved) and whether
        it is a folder; None outside. An absolute path is located once per run."""
        text = os.fspath(path)
        located = self._located.get(text, False)
        if located is not False:
            return located  # type: ignore[return-value]
        absolute = os.path.isabs(text)
        try:
            real, folder = self._real(text, absolute)
        except (OSError, ValueError, RuntimeError):
            located = None
        else:
            if real == self.top:
                located = "", True
            elif real.startswith(self._prefix):
                rel = real[len(self._prefix) :]
                located = rel.replace(os.sep, "/") if os.sep != "/" else rel, folder
            else:
                located = None
        if absolute:  # a relative path's meaning moves with the working folder
            self._located[text] = located
        return located

    def specs(self, located: Iterable[Located]) -> set[str]:
        """The pathspecs to read for paths located here, none read (or being read) already."""
        return {spec for path in located if (spec := self.uncovered(path)) is not None}

    def uncovered(self, located: Located) -> str | None:
        """The pathspec to read for a located path, or None when one read already covers it."""
        rel, folder_given = located
        folder = rel.rpartition("/")[0]
        if folder in self._inside or rel in self._covered or "" in self._covered:
            return None
        parts = folder.split("/") if folder else []
        if any("/".join(parts[:n]) in self._covered for n in range(1, len(parts) + 1)):
            self._inside.add(folder)
            return None
        return rel if folder_given else folder or rel

    def covered(self) -> list[str]:
        """The pathspecs read so far, none inside another, sorted (`[""]`: the whole tree)."""
        return outermost(self._covered)

    def forget(self) -> None:
        """Locate each path again from now on: since the last time, a file may have been
        made, or a link changed. What has been read stays read."""
        self._located.clear()
        self._folders.clear()
        self._kinds.clear()

    def cover(self, specs: set[str]) -> list[str]:
        """Count new pathspecs as read; those to read (a folder inside another is read
        with it), sorted."""
        outer = outermost(specs)
        self._covered.update(outer)
        return outer

    def _real(self, text: str, absolute: bool) -> tuple[str, bool]:
        """`Path(text).resolve()`, with each folder resolved and listed once, and whether
        it is a folder: a file of a folder listed costs no system call (an `lstat` per
        file took most of the time of locating pyvideo.org's 21,719 talks)."""
        if ".." in text and ".." in Path(text).parts:  # symlinks first, then "..": as resolve()
            real = str(Path(text).resolve())
            return real, os.path.isdir(real)
        given, _, spelt = text.rpartition(os.sep)
        plain = absolute and spelt not in _NO_NAME and not (os.altsep and os.altsep in spelt)
        known = self._folders.get(given) if plain else None
        name = spelt
        if known is None:
            folder, name = os.path.split(os.path.abspath(text))
            known = self._listed(folder)
            if plain and name == spelt:  # the folder is `given`, normalised
                self._folders[given] = known
        prefix, kinds = known
        real = prefix + name
        kind = kinds.get(name)
        if kind is None:  # made since the listing, or missing
            try:
                kind = _kind(os.lstat(real).st_mode)
            except (OSError, ValueError):
                return real, False  # not made yet (as `os.path.islink` and `isdir` say)
        if kind == _LINK:
            real = str(Path(real).resolve())
            return real, os.path.isdir(real)
        return real, kind == _FOLDER

    def _listed(self, folder: str) -> tuple[str, dict[str, int]]:
        """The real folder of an absolute, normal `folder`, a separator after it, and its
        entries: each folder resolved and listed once."""
        known = self._folders.get(folder)
        if known is None:
            real_folder = str(Path(folder).resolve())
            kinds = self._kinds.get(real_folder)
            if kinds is None:
                kinds = self._kinds[real_folder] = _kinds(real_folder)
            known = self._folders[folder] = os.path.join(real_folder, ""), kinds
        return known


def outermost(specs: set[str]) -> list[str]:
    """The pathspecs not inside another one, sorted; "" (the root) covers all."""
    if "" in specs:
        return [""]
    kept = []
    for spec in sorted(specs):
        parts = spec.split("/")
        if not any("/".join(parts[:n]) in specs for n in range(1, len(parts))):
            kept.append(spec)
    return kept


def _kinds(folder: str) -> dict[str, int]:
    """The entries of `folder` and their kinds, from one `scandir` (no `stat` where the
    file system gives each entry's type); none when it cannot be listed."""
    kinds: dict[str, int] = {}
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_symlink():
                    kinds[entry.name] = _LINK
                else:
                    kinds[entry.name] = _FOLDER if entry.is_dir(follow_symlinks=False) else _FILE
    except OSError:
        pass
    return kinds


def _kind(mode: int) -> int:
    return _LINK if stat.S_ISLNK(mode) else _FOLDER if stat.S_ISDIR(mode) else _FILE


class TrackedFiles:
    """Every file a work tree tracks (`git ls-files`), by name: what tells a file with
    changes from one git does not track, and which tracked file an untracked one copies.

    A copy (a package installed into `.venv/`, `.tox/`, `.nox/` from the work tree's
    `src/`) shows what its source shows: its mtime is the install's, its source's history
    says when that changed."""

    __slots__ = ("_top", "_names")

    def __init__(self, top: str, tracked: Iterable[str]) -> None:
        self._top = top  # the work tree's top folder, resolved
        self._names: dict[str, list[str]] = {}  # file name -> tracked paths with it
        for rel in tracked:
            self._names.setdefault(rel.rpartition("/")[2], []).append(rel)

    def __contains__(self, rel: str) -> bool:
        return rel in self._names.get(rel.rpartition("/")[2], ())

    def source_of(self, rel: str) -> str | None:
        """The tracked file `rel` (a file git does not track) is a copy of: the same bytes,
        and of those the one whose path shares the most last segments with `rel`
        (`.venv/lib/python3.12/site-packages/attr/_make.py` -> `src/attr/_make.py`); None
        when there is none, or two share as many (no guess)."""
        parts = rel.split("/")
        best: list[str] = []
        best_shared = 0
        for other in self._names.get(parts[-1], ()):
            shared = common_tail(parts, other.split("/"))
            if shared >= best_shared and other != rel and self._same_bytes(rel, other):
                best = [*best, other] if shared == best_shared else [other]
                best_shared = shared
        return best[0] if len(best) == 1 else None

    def _same_bytes(self, rel: str, other: str) -> bool:
        try:
            return filecmp.cmp(
                os.path.join(self._top, rel), os.path.join(self._top, other), shallow=False
            )
        except OSError:
            return False
