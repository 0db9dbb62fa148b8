"""Which file of a built site serves a URL, as static hosts look it up."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from urllib.parse import unquote


def inside(folder: Path, segments: Sequence[str]) -> Path | None:
    """`folder/segments...`, or None when a segment would leave the folder."""
    if not segments or any(s in ("", ".", "..") or "\\" in s or "\0" in s for s in segments):
        return None
    return folder.joinpath(*segments)


def serving_file(folder: Path, rel_path: str) -> Path | None:
    """The file of the site in `folder` that serves a URL path relative to the site's
    root (percent-encoded, as in a `<loc>`): `a/` by `a/index.html`; `a` by the file
    `a`, `a/index.html` or `a.html` (a host serving clean URLs); None when none does."""
    segments = [unquote(s) for s in rel_path.split("/")]
    if rel_path == "" or rel_path.endswith("/"):
        candidates = [[*segments[:-1], "index.html"]]
    else:
        last = segments[-1]
        candidates = [segments, [*segments, "index.html"], [*segments[:-1], last + ".html"]]
    for candidate in candidates:
        path = inside(folder, [s for s in candidate if s != ""] or ["index.html"])
        if path is not None and path.is_file():
            return path
    return None


def serves(url: str, written: str) -> bool:
    """True when a static host serves the file `written` (site-relative, as the generator
    names it) at the site-relative `url`: the file itself, or a folder's `index.html`."""
    url = url.lstrip("/")
    return url == written or (url == "" or url.endswith("/")) and url + "index.html" == written
