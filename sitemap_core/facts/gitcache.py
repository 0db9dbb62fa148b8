"""The dates git's history gave, kept between builds in the cache folder, by commit.

A build reads a repository's history once; the next build, in a new process (a second
`mkdocs build`, a `sphinx-build` after an edit, a Pelican rebuild), takes the dates
over from `git-history.json` in the cache folder (`cache_dir`, beside the content state,
ignoring itself) and walks only the commits made since (`git log <last>..HEAD`): a file
none of them changed has the date it had at the last build's commit, byte for byte.

An entry is per repository (its top folder): the commit its dates hold at (`head`), the
pathspecs read, the shallow clone's boundary, the commits ignored (a digest of
`.git-blame-ignore-revs`' list), and per file its date, or the date of the boundary its
history reached, or none. It is used only when everything but HEAD is the same, the
pathspecs of a read lie inside those kept, and the commit kept is HEAD or an ancestor of
it (`git merge-base --is-ancestor`); otherwise the history is read whole, as on a first
build: a rewritten history (an amend, a reset, a rebase), a shallow clone whose boundary
moved, another set of folders.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple, TypeGuard

from ..files.atomic import write_file
from .gitprocess import FULL_HASH

__all__ = ["CACHE_FILE", "GitCache", "Kept"]

CACHE_FILE = "git-history.json"
_VERSION = 1


class Kept(NamedTuple):
    """What a build found of one repository's history, at its commit `head`."""

    head: str
    specs: frozenset[str]  # the pathspecs read ("" for the whole tree)
    dates: dict[str, str]  # file -> committer date of the last commit changing it
    beyond: dict[str, str]  # file -> the date of the shallow boundary its history reached
    undated: frozenset[str]  # files git dates by no commit (only an ignored root changed them)

    def covers(self, specs: Iterable[str]) -> bool:
        """True when every one of `specs` lies inside a pathspec read then."""
        return all(_inside(spec, self.specs) for spec in specs)


class GitCache:
    """The kept histories of the repositories a build meets, read from `cache_dir` once
    and written back by `save`."""

    __slots__ = ("_path", "_entries", "_changed")

    def __init__(self, path: Path, entries: dict[str, dict[str, object]]) -> None:
        self._path = path
        self._entries = entries  # repository top folder -> its entry, as stored
        self._changed = False

    @classmethod
    def load(cls, cache_dir: Path | None) -> GitCache | None:
        """The cache in `cache_dir` (empty when there is none, or it cannot be read: it
        only saves work); None without a cache folder."""
        if cache_dir is None:
            return None
        path = Path(cache_dir) / CACHE_FILE
        try:
            data = json.loads(path.read_bytes())
        except (OSError, ValueError, UnicodeDecodeError):
            data = None
        entries = data.get("repositories") if isinstance(data, dict) else None
        if not isinstance(data, dict) or data.get("version") != _VERSION:
            entries = None
        return cls(path, entries if isinstance(entries, dict) else {})

    def kept(self, root: Path, boundary: frozenset[str], ignored: frozenset[str]) -> Kept | None:
        """The history kept for the repository at `root`, when its shallow boundary and
        ignored commits are the same now; None otherwise (or when none is kept)."""
        entry = self._entries.get(str(root))
        if not isinstance(entry, dict) or entry.get("state") != _state(boundary, ignored):
            return None
        head, specs = entry.get("head"), entry.get("specs")
        dates, beyond = _stamps(entry.get("dates")), _stamps(entry.get("beyond"))
        undated = entry.get("undated")
        if (
            not isinstance(head, str)
            or not FULL_HASH.fullmatch(head)
            or not _strings(specs)
            or not _strings(undated)
            or dates is None
            or beyond is None
        ):
            return None
        return Kept(head, frozenset(specs), dates, beyond, frozenset(undated))

    def keep(
        self, root: Path, boundary: frozenset[str], ignored: frozenset[str], found: Kept
    ) -> None:
        """Keep what this build `found` of the repository at `root` for the next build."""
        self._entries[str(root)] = {
            "state": _state(boundary, ignored),
            "head": found.head,
            "specs": sorted(found.specs),
            "dates": found.dates,
            "beyond": found.beyond,
            "undated": sorted(found.undated),
        }
        self._changed = True

    def save(self) -> None:
        """Write the entries kept (atomically, in a cache folder that ignores itself);
        nothing when none changed or the folder cannot be written: the next build then
        reads the history whole."""
        if not self._changed:
            return
        self._changed = False
        data = {"version": _VERSION, "repositories": self._entries}
        # ASCII escapes keep any file name git prints (undecodable bytes too) as it was.
        raw = json.dumps(data, sort_keys=True, separators=(",", ":")).encode()
        try:
            _make_cache_dir(self._path.parent)
            write_file(self._path, raw, CACHE_FILE)
        except OSError:
            pass


def _state(boundary: frozenset[str], ignored: frozenset[str]) -> str:
    """What the dates depend on besides the commits: the shallow boundary and the commits
    ignored, as one digest."""
    text = " ".join(sorted(boundary)) + "|" + " ".join(sorted(ignored))
    return hashlib.sha256(text.encode("ascii", "replace")).hexdigest()


def _inside(spec: str, specs: frozenset[str]) -> bool:
    if "" in specs or spec in specs:
        return True
    parts = spec.split("/")
    return any("/".join(parts[:n]) in specs for n in range(1, len(parts)))


def _strings(value: object) -> TypeGuard[list[str]]:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _stamps(value: object) -> dict[str, str] | None:
    if not isinstance(value, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in value.items()
    ):
        return None
    return value


def _make_cache_dir(folder: Path) -> None:
    """Create the cache folder with a `.gitignore` of `*` inside (as the content state
    does): `git status` never shows it."""
    if not folder.is_dir():
        folder.mkdir(parents=True, exist_ok=True)
        write_file(folder / ".gitignore", b"# Created by sitemap-suite.\n*\n", CACHE_FILE)
