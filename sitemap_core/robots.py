"""robots.txt: the `Sitemap:` line that points crawlers at the set."""

from __future__ import annotations

import codecs
import re
from pathlib import Path

from .urls import scope_of
from .writer import install, temp_file

_SITEMAP_LINE = re.compile(rb"^[ \t]*sitemap[ \t]*:[ \t]*(\S*)[ \t]*(\r?\n|\r|$)",
                           re.IGNORECASE | re.MULTILINE)
_MINIMAL = b"User-agent: *\nAllow: /\n"


def update(out_dir: Path, sitemap_url: str, own_names: tuple[str, ...]) -> bool:
    """Create robots.txt in `out_dir`, or add the `Sitemap:` line to the one there.

    Every existing byte is kept (BOM, CRLF, comments) except an earlier `Sitemap:` line
    that points at one of this project's own file names (`own_names`) in the same folder
    of the site, which is replaced. Running it twice changes nothing. Returns True when
    the file changed.
    """
    path = out_dir / "robots.txt"
    try:
        old = path.read_bytes()
    except FileNotFoundError:
        old = _MINIMAL
    line = f"Sitemap: {sitemap_url}".encode()
    own = {(scope_of(sitemap_url) + name).encode() for name in own_names}
    bom = codecs.BOM_UTF8 if old.startswith(codecs.BOM_UTF8) else b""  # kept, not a line

    found = False
    def replace(match: re.Match[bytes]) -> bytes:
        nonlocal found
        if match[1] == line[9:] or match[1] in own:
            keep = not found
            found = True
            return line + match[2] if keep else b""
        return match[0]

    new = bom + _SITEMAP_LINE.sub(replace, old[len(bom):])
    if not found:
        newline = b"\r\n" if b"\r\n" in new else b"\n"
        if new and not new.endswith((b"\n", b"\r")):
            new += newline
        new += line + newline
    if path.exists() and new == old:
        return False
    with temp_file(out_dir, "sitemap-robots") as tmp:
        tmp.write(new)
    return install(Path(tmp.name), path)
