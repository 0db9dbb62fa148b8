"""Files looked for as generators look for them: the first of some folders that has a
file (a template loader's search path), or the nearest folder up from a start that holds
one (a config file beside the content)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path


def first_file(name: str, folders: Iterable[str]) -> str | None:
    """`name` in the first of `folders` that has it as a file; None when none does."""
    for folder in folders:
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            return path
    return None


def folder_with(name: str, start: Path) -> Path | None:
    """The nearest folder that holds the file `name`, from `start` (resolved) up."""
    start = start.resolve()
    for folder in (start, *start.parents):
        if (folder / name).is_file():
            return folder
    return None
