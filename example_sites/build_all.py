"""Build every example site with its generator's own command, and show the sitemaps.

`make demo` runs this: each site is built the way its users build it (`mkdocs build`,
`pelican`, `sphinx-build`), then the sitemap files each build wrote are listed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent

SITES = {
    "mkdocs": ([str(BIN / "mkdocs"), "build", "--clean"], "site"),
    "pelican": ([str(BIN / "pelican"), "content", "-s", "pelicanconf.py", "-o", "output"],
                "output"),
    "sphinx": ([str(BIN / "sphinx-build"), "-q", "-b", "html", ".", "_build/html"],
               "_build/html"),
}


def main() -> int:
    failed = []
    for name, (command, out) in SITES.items():
        folder = HERE / name
        if not folder.is_dir():
            print(f"== {name}: no example site yet, skipped")
            continue
        print(f"== {name}: {Path(command[0]).name} {' '.join(command[1:])}")
        if subprocess.run(command, cwd=folder).returncode:
            failed.append(name)
            continue
        files = sorted((folder / out).glob("sitemap*")) + sorted((folder / out).glob("robots.txt"))
        for path in files:
            print(f"   {path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path}"
                  f"  ({path.stat().st_size:,} bytes)")
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
