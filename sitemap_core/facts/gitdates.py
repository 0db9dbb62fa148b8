"""Last-commit dates of the files a site depends on, from one streamed `git log` per batch
and per repository.

`git log -1 --format=%cI -- FILE` per page is exact but costs a process and a history
walk per file. Here `prefetch` takes the folders of the files wanted and runs one
`git log -- <those folders>`: git reads only their history, and the log is read as it
streams and stopped as soon as every tracked file in them has its date. The dates equal
what the per-file command says, merges included (`gitlog` says how).

A file inside a submodule, or inside another repository under the work tree's folders
(a data repository cloned into the content folder), is not tracked by the outer
repository: it is dated by the repository whose work tree holds it, found by the `.git`
entry at its top (one `lstat` per folder, so a work tree without one starts no other git
process). When the work tree first found is itself a submodule, its superproject is the
outer one, so that the site's other files are dated too. Which path comes first does not
matter: a path outside every work tree met so far has its own work tree found then (a
data repository cloned beside the site and linked into it; the site's repository, when
the first path was in a data repository cloned, and ignored, inside it, which then
becomes one of the site's inner repositories). A folder in no work tree is asked once,
and starts no git process when no folder from it up has a `.git`.

A shallow clone's oldest commits (listed in its `shallow` file) show as roots that add
every file: a file whose chain reaches one was last changed at or before it, a date this
clone does not have (`FileDate.cut` is that commit's date).

The dates read serve another build of the same site (`mkdocs serve` rebuilding after an
edit) while every repository's HEAD stays on the same commit: `refresh` asks git for
that and for the files changed since (one `git rev-parse` and one `git status` per
repository, no log), and says when nothing short of a new `GitDates` will do.

The parts: `gitrepo` is one repository, `gitpaths` locates paths in a work tree and
tracks the folders read, `gitreading` starts the reads and keeps what they found,
`gitlog` walks the log, `gitprocess` runs git.
"""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Iterable
from pathlib import Path

from ..values.report import Issue
from .gitcache import GitCache
from .gitpaths import Located
from .gitrepo import NO_DATE, FileDate, Repositories, Repository

__all__ = ["FileDate", "GitDates"]

_SUPERPROJECTS = 8  # submodules of submodules followed up to this depth


class GitDates:
    """Per-file dates of the git work trees a site's files lie in, and of the repositories
    inside them: last commit, or mtime when not committed, each file by the repository
    that tracks it.

    `load` finds the work tree of a first path, and a path in none met yet its own (a
    data repository cloned beside the site and linked in, or the site's own when the
    first path was in a data clone inside it). History is read per folder, one read per
    repository, as `prefetch` (or `date_of`) asks; `refresh` keeps it for the next build.
    """

    __slots__ = ("_trees", "_outside", "_facts", "_handed")

    def __init__(self, main: Repository, inner: Iterable[Repository] = ()) -> None:
        self._trees = [_tree(main, inner)]  # work trees none of which holds another
        self._outside: set[str] = set()  # folders found in no work tree
        # Each absolute path's facts, as first found: a page and each listing page
        # showing it ask for the same source; kept until `refresh`.
        self._facts: dict[str | os.PathLike[str], FileDate] = {}
        # The absolute paths `prefetch` or `read_ahead` was given, located once: each
        # batch of pages names again the sources of the pages listed in an earlier one,
        # and a build's pages are read ahead, then prefetched. (The first date asked for
        # takes a read started ahead over.)
        self._handed: set[str | os.PathLike[str]] = set()

    @classmethod
    def load(
        cls, path: Path, ignore_file: str = "", cache_dir: Path | None = None
    ) -> tuple[GitDates | None, list[Issue]]:
        """Find the work tree holding `path` (a folder or a file in it); no history yet.
        Commits each repository lists in its `ignore_file` (`.git-blame-ignore-revs`)
        date no file: a file takes the date of the commit that changed it before.
        `cache_dir`: where the dates read are kept between builds (`keep`), so that the
        next build reads only the commits made since (`gitcache`).

        Returns `(None, [Issue(Code.GIT, ...)])` when git is missing or `path` is not in a
        work tree.
        """
        repo, issues = Repository.load(path, ignore_file, GitCache.load(cache_dir))
        if repo is None:
            return None, issues
        return cls(*_outermost(repo, ignore_file)), issues

    def prefetch(self, paths: Iterable[str | os.PathLike[str]]) -> None:
        """Date, with one `git log` per repository, every file in the folders of `paths`
        not read yet.

        A file's folder is read whole, so the other pages there need no further git
        process; a file in the work tree's root is read alone, and a folder given
        itself is read whole (the root: the whole repository). A path outside the work
        trees met so far has its own found; paths in none are ignored.
        """
        for repo, group in _grouped(paths, self._locate, self._handed).items():
            repo.prefetch(group)

    def read_ahead(self, paths: Iterable[str | os.PathLike[str]]) -> None:
        """Start reading the history `prefetch(paths)` would read, and return at once.

        git runs while the generator builds its pages, its output kept in temporary
        files; the first `prefetch` or `date_of` takes it over then, with no wait for a
        git that has finished.
        """
        for repo, group in _grouped(paths, self._locate, self._handed).items():
            repo.prefetch(group, ahead=True)

    def refresh(self) -> bool:
        """Bring these dates up to the work trees as they are now, for another build:
        True when they hold, with the files changed since the reads dated by their mtime
        (and those whose changes were undone by their commit again). False when a new
        `GitDates` must read the history: a repository's HEAD is on another commit (a
        commit, an amend, a checkout, a reset) or its shallow boundary moved (a fetch
        that deepened it), a read failed, or a file committed now was never dated (it
        had changes at the read). Costs one `git rev-parse` and one `git status` (of the
        folders read) per repository met; starts no `git log`."""
        self._facts.clear()
        self._handed.clear()
        return all(repo.refresh() for repo in self._met)

    def keep(self) -> None:
        """Keep the dates read in the cache folder given to `load`, by commit: the next
        build walks only the commits made since. Nothing without a cache folder."""
        for repo in self._met:
            repo.keep()
        if (cache := self._trees[0].main.cache) is not None:
            cache.save()

    def contains(self, path: str | os.PathLike[str]) -> bool:
        """True when `path` lies in a work tree: one met, or one found now."""
        return self._locate(path) is not None

    def facts(self, path: str | os.PathLike[str]) -> FileDate:
        """What git says of `path`: its date, whether it comes from a commit (`git`) or
        from the file (`mtime`), and for a file a shallow clone cannot date, the date of
        the oldest commit its history reaches (its own is not newer)."""
        known = self._facts.get(path)
        if known is None:
            found = self._locate(path)
            known = NO_DATE if found is None else found[0].facts(found[1])
            if os.path.isabs(path):  # a relative path's meaning moves with the working folder
                self._facts[path] = known
        return known

    def date_of(self, path: str | os.PathLike[str]) -> dt.datetime | None:
        """The committer date (with its offset) of the last commit that changed `path`.

        Files with uncommitted changes, and files in the work tree that git does not
        track (untracked or ignored), get their modification time in UTC. None for
        files outside the repository, missing files, and files git has no date for
        (in a shallow clone: those last changed at or before its oldest commit).
        """
        return self.facts(path).date

    def commit_of(self, path: str | os.PathLike[str]) -> str:
        """The commit whose date `date_of(path)` gives ("" for a date no commit gave)."""
        found = self._locate(path)
        return "" if found is None else found[0].commit_of(found[1], self.facts(path))

    def beyond_history(self, path: str | os.PathLike[str]) -> bool:
        """True for a committed, unchanged file last changed at or before the oldest
        commit of a shallow clone: git cannot date it (`date_of` says None)."""
        return self.facts(path).cut is not None

    @property
    def shallow(self) -> bool:
        """True when a repository met is a shallow clone (some files may be `beyond_history`)."""
        return any(repo.shallow for repo in self._met)

    @property
    def root(self) -> Path:
        """The top folder of the first work tree met, resolved (the outermost, when the
        first path was in a repository inside another)."""
        return self._trees[0].main.root

    @property
    def repositories(self) -> list[Path]:
        """The top folders of the repositories met so far, the main one first."""
        return [repo.root for repo in self._met]

    @property
    def issues(self) -> list[Issue]:
        """Problems met while reading history (git failing mid-build), for the caller."""
        return [issue for repo in self._met for issue in repo.issues]

    @property
    def _met(self) -> list[Repository]:
        """Every repository met, work tree by work tree, each one's main first."""
        return [repo for tree in self._trees for repo in tree.met]

    def _locate(self, path: str | os.PathLike[str]) -> tuple[Repository, Located] | None:
        """The repository tracking `path` and the path located in its work tree; None
        for a path in no work tree."""
        for tree in self._trees:
            found = tree.locate(path)
            if found is not None:
                return found
        new = _new_tree(self._trees, path, self._outside)
        return None if new is None else new.locate(path)


def _new_tree(
    trees: list[Repositories], path: str | os.PathLike[str], outside: set[str]
) -> Repositories | None:
    """The work tree holding `path`, which none of `trees` holds, now one of them
    (`_tree_holding`); a work tree met before inside it (the first path was in a data
    repository cloned into the site) becomes one of its inner repositories."""
    main = trees[0].main
    tree = _tree_holding(path, main.ignore_file, outside, main.cache)
    if tree is None:
        return None
    for other in [t for t in trees if tree.main.paths.locate(t.main.root) is not None]:
        for inner in other.met:
            tree.adopt(inner)
        trees.remove(other)
    trees.append(tree)
    return tree


def _grouped(
    paths: Iterable[str | os.PathLike[str]],
    locate: Callable[[str | os.PathLike[str]], tuple[Repository, Located] | None],
    handed: set[str | os.PathLike[str]],
) -> dict[Repository, list[Located]]:
    """The paths in a work tree, located (`locate`), by the repository holding each; none
    in `handed` (absolute paths given before), where each absolute one goes now."""
    groups: dict[Repository, list[Located]] = {}
    for path in paths:
        if path in handed:
            continue
        if os.path.isabs(path):
            handed.add(path)
        found = locate(path)
        if found is not None:
            group = groups.get(found[0])
            if group is None:
                group = groups[found[0]] = []
            group.append(found[1])
    return groups


def _tree_holding(
    path: str | os.PathLike[str], ignore_file: str, outside: set[str], cache: GitCache | None
) -> Repositories | None:
    """The work tree holding `path`, of its outermost superproject; None when none does
    (each such folder noted in `outside`, asked once; a folder with no `.git` above it
    starts no git process)."""
    try:
        real = Path(path).resolve()
    except (OSError, RuntimeError, ValueError):
        return None
    folder = real if real.is_dir() else real.parent
    if str(folder) in outside:
        return None
    repo = _repository_above(folder, ignore_file, cache)
    if repo is None:
        outside.add(str(folder))
        return None
    return _tree(*_outermost(repo, ignore_file))


def _tree(main: Repository, inner: Iterable[Repository]) -> Repositories:
    """The work tree of `main`, with repositories already found inside it."""
    tree = Repositories(main)
    for repo in inner:
        tree.adopt(repo)
    return tree


def _outermost(repo: Repository, ignore_file: str) -> tuple[Repository, list[Repository]]:
    """The superproject holding `repo` when it is a submodule (up to `_SUPERPROJECTS`
    levels), else `repo`; and the submodules passed on the way up."""
    inner: list[Repository] = []
    while repo.superproject and repo.head and len(inner) < _SUPERPROJECTS:
        outer, _ = Repository.load(Path(repo.superproject), ignore_file, repo.cache)
        if outer is None or not outer.head:
            break
        inner.append(repo)
        repo = outer
    return repo, inner


def _repository_above(folder: Path, ignore_file: str, cache: GitCache | None) -> Repository | None:
    """The repository (with commits) whose work tree holds `folder`; None, without a git
    process, when no folder from there up has a `.git`."""
    if not any(os.path.lexists(os.path.join(up, ".git")) for up in (folder, *folder.parents)):
        return None
    repo, _ = Repository.load(folder, ignore_file, cache)
    return repo if repo is not None and repo.head else None
