"""Putting a written set in place: naming the parts, their gzip twins and the index,
moving them in by rename, and removing what an earlier build left that this one did not
write."""

from __future__ import annotations

import errno
import os
from pathlib import Path

from ..files.atomic import gzip_copy, install, temp_file
from ..options import Settings
from ..values import urls
from ..values.codes import Code
from ..values.report import Issues
from . import index
from .writer import Part


class Installer:
    """Installs the sets (`sitemap`, `sitemap-news`) of one run into `out_dir`."""

    def __init__(self, out_dir: Path, settings: Settings, base: str, issues: Issues):
        self.out_dir = out_dir
        self.s = settings
        self.base = base
        self.issues = issues

    def install(self, parts: dict[str, list[Part]], count: int, stem: str) -> list[Path]:
        """Name, gzip and move every part of the set `stem` into place, then its index;
        drop its stale files."""
        most = max(len(fmt_parts) for fmt_parts in parts.values())
        if most > index.MAX_SITEMAPS:  # checked before anything is placed
            remove_temporaries(self.out_dir)
            self.issues.add(
                Code.SPLIT,
                "",
                "max_urls",
                f"no sitemap written: {count} URLs need {most} sitemaps; an index lists at "
                f"most {index.MAX_SITEMAPS} (raise max_urls or max_bytes)",
                "error",
            )
            return []
        gz = self.s.gzip
        staged: list[tuple[Path, Path]] = []  # (temporary file, its final path)
        index_entries: list[tuple[str, str | None]] = []
        indexed = "xml" if "xml" in parts else "txt"
        for fmt, fmt_parts in parts.items():
            for part, name in zip(fmt_parts, _names(fmt, len(fmt_parts), stem)):
                staged += self._stage(part.tmp, name, gz)
                if fmt == indexed and len(fmt_parts) > 1:
                    listed = name + ".gz" if gz == "only" else name
                    index_entries.append((urls.escape(self.base + listed), part.newest))
        if index_entries:
            with temp_file(self.out_dir, "sitemap-index") as index_file:
                index_file.write(index.render(index_entries, self.s.indent).encode())
            staged = self._stage(Path(index_file.name), f"{stem}.xml", gz) + staged
        for _, final in staged:  # a folder in the way fails the run before any file moves
            if final.is_dir():
                raise IsADirectoryError(errno.EISDIR, "a folder is in the way", str(final))
        for tmp, final in staged:
            install(tmp, final)
        written = [final for _, final in staged]
        self.remove_stale({p.name for p in written}, stem)
        return written

    def _stage(self, tmp: Path, name: str, gz: str) -> list[tuple[Path, Path]]:
        """The temporary files of one sitemap file (and its gzip twin) and where they go."""
        final = self.out_dir / name
        if final.resolve().parent != self.out_dir.resolve():
            raise ValueError(f"{name!r} would be written outside {self.out_dir}")
        staged = []
        if gz != "only":
            staged.append((tmp, final))
        if gz in ("also", "only"):
            staged.append(
                (gzip_copy(tmp, self.out_dir, self.s.gzip_level), final.with_name(name + ".gz"))
            )
        if gz == "only":
            tmp.unlink()
        return staged

    def remove_stale(self, keep: set[str], stem: str) -> None:
        """Remove the files of the set `stem` not in `keep`."""
        for name in _own_names(self.out_dir, stem) - keep:
            (self.out_dir / name).unlink(missing_ok=True)


def _names(fmt: str, parts: int, stem: str) -> list[str]:
    if parts == 1:
        return [f"{stem}.{fmt}"]
    return [f"{stem}-{n}.{fmt}" for n in range(1, parts + 1)]


def _own_names(out_dir: Path, stem: str) -> set[str]:
    """Every file name the set `stem` could have: its parts, each format, gzipped."""
    names = set()
    for entry in os.scandir(out_dir):
        base = entry.name.removesuffix(".gz")
        found, _, ext = base.rpartition(".")
        if ext in ("xml", "txt") and (
            found == stem or (found.startswith(stem + "-") and found[len(stem) + 1 :].isdigit())
        ):
            names.add(entry.name)
    return names


def remove_temporaries(out_dir: Path) -> None:
    """Remove the temporary files a failed run left (`files.atomic.temp_file` names them)."""
    for path in out_dir.glob(".sitemap-*.tmp"):
        path.unlink(missing_ok=True)
