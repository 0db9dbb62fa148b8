"""Files written whole or not at all: a hidden temporary file beside the final one, then
a rename; a file that already holds the bytes is left alone."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import IO


def temp_file(out_dir: Path, name: str) -> IO[bytes]:
    """A new hidden temporary file beside the final one, in the same folder."""
    return tempfile.NamedTemporaryFile(dir=out_dir, prefix=f".{name}.", suffix=".tmp", delete=False)


def gzip_copy(src: Path, out_dir: Path, level: int) -> Path:
    """A reproducible gzip of `src` (no name, mtime 0) in a new temporary file."""
    import gzip  # loaded when asked for (`gzip: also` or `only`)

    with (
        temp_file(out_dir, "sitemap-gz") as raw,
        src.open("rb") as data,
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, compresslevel=level, mtime=0) as gz,
    ):
        shutil.copyfileobj(data, gz, 1 << 20)
    return Path(raw.name)


def write_file(path: Path, data: bytes, temp_name: str) -> bool:
    """Put `data` at `path` through a temporary file named for `temp_name` and a rename;
    nothing when the file already holds those bytes. True when the file changed."""
    try:
        if path.read_bytes() == data:
            return False
    except OSError:
        pass
    out = temp_file(path.parent, temp_name)
    tmp = Path(out.name)
    try:
        with out:
            out.write(data)
        return install(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def install(tmp: Path, final: Path) -> bool:
    """Move a finished temporary file into place; keep the old file if it is identical.

    Returns True when the file on disk changed.
    """
    try:
        same = final.stat().st_size == tmp.stat().st_size and _same_bytes(tmp, final)
    except OSError:
        same = False
    if same:
        tmp.unlink()
        return False
    os.chmod(tmp, 0o644)
    os.replace(tmp, final)
    return True


def _same_bytes(a: Path, b: Path) -> bool:
    with a.open("rb") as fa, b.open("rb") as fb:
        while True:
            ca, cb = fa.read(1 << 20), fb.read(1 << 20)
            if ca != cb:
                return False
            if not ca:
                return True
