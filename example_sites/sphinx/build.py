"""Build the example once per language, as Read the Docs does: `python build.py`.

The first of conf.py's `sitemap_locales` (English) goes to `_build/html`, served at
`html_baseurl`; each other language to its folder of that site, `_build/html/pt_BR`,
served at `html_baseurl` + `pt_BR/`: `sphinx-build -D language=pt_BR -D
html_baseurl=.../pt_BR/`. Each build writes its own sitemap, and every page names its
version in each language. Arguments (`-W`, `-E`) are passed to every `sphinx-build`.
"""

from __future__ import annotations

import runpy
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
OUT = "_build/html"


def main(args: list[str]) -> int:
    conf = runpy.run_path(str(HERE / "conf.py"))
    base, (first, *others) = conf["html_baseurl"], conf["sitemap_locales"]
    sphinx_build = Path(sys.executable).parent / "sphinx-build"
    for lang in (first, *others):
        folder = "" if lang == first else f"{lang}/"
        run = [str(sphinx_build), "-q", "-b", "html", "-d", f"_build/doctrees/{lang}",
               "-D", f"language={lang}", "-D", f"html_baseurl={base}{folder}", *args,
               ".", f"{OUT}/{folder}"]
        if subprocess.run(run, cwd=HERE).returncode:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
