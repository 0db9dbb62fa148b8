"""Each version's own sitemap made true to its folder again, after a later deploy.

With mike's `canonical_version: latest`, the build of the version deployed as `latest`
lists the `latest/` URLs, and writes that sitemap into its own folder too (`3.0/`). At
the next release `latest/` moves to the new version; `3.0/sitemap.xml` stays, listing
`latest/` URLs that another version serves now, with 3.0's old dates: out of its folder's
scope, and wrong about the pages. `tidy` finds such a sitemap (its URLs are all in the
folder of another version or alias than its own) and, page by page, reads what the
version's own copy of each page names as canonical:

- its own URL (the version's folder): the entry is kept, moved to that folder, with its
  date (the version's own build dated that page);
- another URL (mike's `canonical_version`: the `latest/` page), or no such page: the entry
  goes.

A sitemap left with no entry is removed, with its `.gz` twin (and a sitemap index with
its parts); one with some is written again (its `.gz` twin too). Each change is one
`stale` info line.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

from lxml import etree

from ..facts.htmlhead import read_page
from ..files.atomic import gzip_copy, write_file
from ..files.safexml import SAFE_XML
from ..files.served import serving_file
from ..values.codes import Code
from ..values.report import Issue
from .versionroot import folder_url, read_sitemap, same_bytes, sitemap_home
from .versions import Tree, Version

_GZIP_LEVEL = 9


@dataclass(frozen=True, slots=True)
class _Stale:
    """A version's sitemap whose URLs are all in `home`, a folder serving another version."""

    version: Version
    folder: str  # the version's folder (or alias copy) holding the sitemap
    path: Path
    home: str
    owner: Version | None  # the version `home` serves now


def tidy(tree: Tree, base: str, filename: str) -> list[Issue]:
    """Rewrite or remove every version's sitemap that lists another folder's URLs (see
    the module's docstring); the `stale` info lines say what was done. OSError when a
    file cannot be written or removed."""
    return [_fix(tree, base, stale) for stale in list(_stale(tree, base, filename))]


def _stale(tree: Tree, base: str, filename: str) -> Iterator[_Stale]:
    for version in tree.versions:
        for folder in version.folders:
            path = tree.root / folder / filename
            if (tree.root / folder).is_symlink() or not path.is_file():
                continue  # an alias as a symlink: its target's folder is read
            read = read_sitemap(path)
            if read is None or not read[1]:
                continue
            home = sitemap_home(tree, [loc for loc, _ in read[1]], base, (folder,))
            if home is None or home in version.folders:
                continue
            other = tree.root / home / filename
            if other.is_file() and same_bytes(other, path):
                continue  # a copy of that version's own (named once by the root index)
            yield _Stale(version, folder, path, home, tree.find(home))


def _fix(tree: Tree, base: str, stale: _Stale) -> Issue:
    rel = stale.path.relative_to(tree.root).as_posix()
    home_url, own_url = folder_url(base, stale.home), folder_url(base, stale.folder)
    root = etree.parse(str(stale.path), etree.XMLParser(**SAFE_XML)).getroot()
    kind = etree.QName(root).localname
    whose = (
        f"written while {stale.home}/ served {stale.version.name}; it serves {stale.owner.name} now"
        if stale.owner is not None and stale.owner.name != stale.home
        else f"the folder of version {stale.home}"
    )
    said = f"it listed the URLs of {stale.home}/ ({whose})"
    kept = elsewhere = missing = 0
    if kind == "urlset":
        for item in list(root):
            loc = _loc(item)
            if loc is None:
                continue
            moved = own_url + loc[len(home_url) :]
            page = serving_file(tree.root / stale.folder, loc[len(home_url) :])
            if page is not None and read_page(page, moved).listed:
                _move(item, home_url, own_url)
                kept += 1
                continue
            root.remove(item)
            missing += page is None
            elsewhere += page is not None
    dropped = ", ".join(
        text
        for count, text in (
            (
                elsewhere,
                f"{elsewhere} whose page in {stale.folder}/ names another URL as "
                f"canonical (mike's canonical_version: the {stale.home}/ page)",
            ),
            (missing, f"{missing} with no page in {stale.folder}/"),
        )
        if count
    )
    gz = stale.path.with_name(stale.path.name + ".gz")
    if not kept:
        removed = [stale.path, *_parts(stale.path, kind, root, home_url)]
        if gz.is_file():
            removed.append(gz)
        for path in removed:
            path.unlink()
        names = ", ".join(p.relative_to(stale.path.parent).as_posix() for p in removed)
        why = (
            f"none of its URLs is {stale.version.name}'s to list: {dropped}"
            if dropped
            else ("a sitemap index of another folder's parts")
        )
        return Issue(Code.STALE, rel, "", f"removed {names}: {said}; {why}", "info")
    data = etree.tostring(root, xml_declaration=True, encoding="UTF-8")
    write_file(stale.path, data + b"\n", "sitemap-versions")
    if gz.is_file():
        os.replace(gzip_copy(stale.path, stale.path.parent, _GZIP_LEVEL), gz)
    return Issue(
        Code.STALE,
        rel,
        "",
        f"rewritten{' with ' + gz.name if gz.is_file() else ''}: {said}; it lists now the "
        f"{kept} pages of {stale.folder}/ that are their own canonical URL, with the dates "
        f"its build gave them" + (f"; left out: {dropped}" if dropped else ""),
        "info",
    )


def _loc(item: etree._Element) -> str | None:
    if not isinstance(item.tag, str):
        return None
    loc = next(
        (c for c in item if isinstance(c.tag, str) and etree.QName(c).localname == "loc"), None
    )
    return (loc.text or "").strip() if loc is not None else None


def _move(item: etree._Element, old: str, new: str) -> None:
    """The URLs of an entry (its loc, its alternates' hrefs) from `old`'s folder to `new`'s."""
    for element in item.iter():
        if not isinstance(element.tag, str):
            continue
        text = (element.text or "").strip()
        if text.startswith(old):
            element.text = new + text[len(old) :]
        href = element.get("href")
        if href and href.startswith(old):
            element.set("href", new + href[len(old) :])


def _parts(index: Path, kind: str, root: etree._Element, home_url: str) -> list[Path]:
    """The parts a stale sitemap index names, in its own folder."""
    if kind != "sitemapindex":
        return []
    found = []
    for item in root:
        loc = _loc(item)
        if loc and loc.startswith(home_url):
            part = index.parent / unquote(loc[len(home_url) :])
            if part.is_file() and part != index:
                found.append(part)
    return found
