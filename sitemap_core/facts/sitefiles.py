"""The HTML files of a built site folder, and the URL each is served at: what `generate`
lists, and what `validate --coverage` compares a folder's sitemaps with."""

from __future__ import annotations

import os
from pathlib import Path

from ..values import urls


def html_files(site_dir: Path) -> list[tuple[Path, str]]:
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


def url_for(rel: str, keep_html: bool) -> str:
    """The site-relative, percent-encoded URL of an HTML file: x/index.html -> x/."""
    return urls.quote_path(rel if keep_html else urls.folder_url(rel))
