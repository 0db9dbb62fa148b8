"""Build every example site with its generator's own command, and show the sitemaps.

`make demo` runs this: each site is built the way its users build it (`mkdocs build`,
`pelican`, `sphinx-build` per language), then a summary gives each site's sitemap and robots.txt, its
URL count, and the command to check them. The tests build the sites with `command()`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent

# Site -> (the generator's command, run in the site's folder; the output folder).
SITES = {
    "mkdocs": (["mkdocs", "build", "--clean"], "site"),
    "mkdocs/i18n": (["mkdocs", "build", "--clean"], "site"),  # mkdocs-static-i18n, en + fr
    "pelican": (["pelican", "content", "-s", "pelicanconf.py", "-o", "output"], "output"),
    "pelican-i18n": (["pelican", "content", "-s", "pelicanconf.py", "-o", "output"], "output"),
    "sphinx": (["python", "build.py"], "_build/html"),  # sphinx-build once per language
}


def command(name: str, bin_dir: Path = BIN) -> list[str]:
    """The command that builds the example site `name`, with the generator of `bin_dir`."""
    program, *args = SITES[name][0]
    return [str(bin_dir / program), *args]


def _shown(path: Path) -> str:
    """`path` relative to the working folder when it is inside it."""
    return os.path.relpath(path) if path.is_relative_to(Path.cwd()) else str(path)


def _url_count(sitemap: Path) -> int:
    """The URLs a sitemap lists, through the parts of an index."""
    from sitemap_core.checking.validate import sitemap_locs
    from sitemap_core.files.safexml import local_part

    kind, locs = sitemap_locs(sitemap)
    if kind != "sitemapindex":
        return len(locs)
    parts = (local_part(sitemap, loc) for loc in locs)
    return sum(len(sitemap_locs(part)[1]) for part in parts if part is not None)


def _site_maps(out: Path) -> list[Path]:
    """The top site map page for people (`html_map`) of each language of the site."""
    return [
        page
        for pattern in (
            "sitemap.html",
            "sitemap/index.html",
            "*/sitemap.html",
            "*/sitemap/index.html",
        )
        for page in sorted(out.glob(pattern))
    ]


def main() -> int:
    built, failed = [], []
    for name in SITES:
        folder = HERE / name
        if not folder.is_dir():
            print(f"== {name}: no example site yet, skipped")
            continue
        run = command(name)
        print(f"== {name}: {Path(run[0]).name} {' '.join(run[1:])}", flush=True)
        # mkdocs-material prints a banner about MkDocs 2.0 on every build; it is theirs,
        # not a warning about the site, and NO_MKDOCS_2_WARNING is their switch for it.
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
        if subprocess.run(run, cwd=folder, env=env).returncode:
            failed.append(name)
        else:
            built.append((name, folder / SITES[name][1]))
    if built:
        print("\nSummary")
    for name, out in built:
        sitemap, robots = out / "sitemap.xml", out / "robots.txt"
        if not sitemap.is_file():
            print(f"  {name:8} no sitemap.xml in {_shown(out)}")
            continue
        others = sorted(
            p.name for p in out.glob("sitemap*.*") if p != sitemap and p.suffix != ".html"
        )
        also = f", also {', '.join(others)}" if others else ""
        print(f"  {name:8} {_shown(sitemap)}  ({_url_count(sitemap)} URLs{also})")
        print(f"  {'':8} {_shown(robots) if robots.is_file() else 'no robots.txt'}")
        for page in _site_maps(out):
            print(f"  {'':8} site map: {_shown(page)}")
    if built:
        print(
            f"\nNext, check a site the way CI would:\n  {_shown(BIN / 'sitemap-suite')} "
            f"validate {_shown(built[0][1])} --strict"
        )
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
