"""A site built into a folder of another's output, which lists it in its sitemap: a
language of Pelican's i18n_subsites, in `<output>/fr/`. `folder_in` tells where a site's
output stands in the main one's, `subsite_folder` which site wrote a file
(`writing.subsites` makes such a site's map page).
"""

from __future__ import annotations

import os


def subsite_folder(output: str, path: str, name: str) -> str:
    """The folder, in the main site's `output` (ending in a separator), of the site that
    wrote the file `name` (as that site names it: relative to its own output) at `path`:
    `fr/` for a site built in `<output>/fr/`; `` for the main site's own file, or a file
    outside `output`."""
    if len(path) == len(output) + len(name) and path.startswith(output):
        return ""  # the main site's own file (`name` is all the rest of `path`)
    if not path.startswith(output):
        return ""
    written, name = path[len(output) :].replace(os.sep, "/"), name.replace(os.sep, "/")
    return written[: -len(name)] if name and written.endswith(name) else ""


def folder_in(output: str, inner: str) -> str | None:
    """Where the output folder `inner` stands in the main site's `output` (absolute), as a
    URL prefix: `fr/` for `<output>/fr`, `` for `output` itself; None outside it."""
    folder = os.path.relpath(os.path.abspath(inner), output)
    if folder.startswith(os.pardir):
        return None
    return "" if folder == os.curdir else folder.replace(os.sep, "/") + "/"
