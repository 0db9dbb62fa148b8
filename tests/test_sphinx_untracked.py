"""Sphinx adapter: a documented module git does not track dates nothing by its mtime (a real
autodoc + viewcode build in a git repository with known commit dates).

The module is imported from a copy: installed into the site's own ignored `.venv/` (as tox
and nox install the package into `.tox/`, `.nox/`), where the copy of `src/pkgmod.py` takes
that file's history; in another work tree's ignored folder (pyenv's Python, in a git clone
whose `versions/` is ignored), or outside every work tree, where nothing dates it.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest
from sphinx.cmd.build import build_main
from sphinx.pycode import ModuleAnalyzer

from helpers import GitRepo, checked

BASE = "https://example.org/project/"
DOCS = "2024-01-10T09:00:00+00:00"  # conf.py, index.rst, api.rst
MODULE = "2024-03-05T12:00:00+00:00"  # src/pkgmod.py
INSTALLED = 1_750_000_000  # the copy's mtime, when it was installed: 2025-06-15T15:06:40Z
CODE = '''"""Areas."""


def area(radius):
    """The area of a circle of `radius`."""
    return 3.14159 * radius * radius
'''

LAYOUTS = {
    # where the copy lies: its folder (under tmp_path), and what each page's lastmod is
    "the site's ignored .venv": ("site/.venv/lib/python3.12/site-packages", MODULE, MODULE),
    "another work tree's ignored folder": ("pyenv/versions/3.12.1/lib/site-packages", DOCS, None),
    "outside every work tree": ("python/lib/site-packages", DOCS, None),
}


@pytest.mark.parametrize("layout", list(LAYOUTS))
def test_a_module_git_does_not_track_dates_nothing_by_its_mtime(
    layout: str, git_repo, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder, api, code = LAYOUTS[layout]
    monkeypatch.setattr(sys, "path", list(sys.path))  # conf.py puts the copy's folder first
    monkeypatch.delitem(sys.modules, "pkgmod", raising=False)  # found anew, as a new process
    ModuleAnalyzer.cache.clear()
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))  # nothing above is a work tree
    site = git_repo("site")
    site.write(".gitignore", ".venv/\n_build/\n")
    site.write(
        "docs/conf.py",
        f"import sys\nsys.path.insert(0, {str(tmp_path / folder)!r})\n"
        'extensions = ["sphinx.ext.autodoc", "sphinx.ext.viewcode", "sitemap_sphinx"]\n'
        f"html_baseurl = {BASE!r}\n",
    )
    site.write("docs/index.rst", "Home\n====\n\n.. toctree::\n\n   api\n")
    site.write("docs/api.rst", "API\n===\n\n.. automodule:: pkgmod\n   :members:\n")
    site.commit("docs", DOCS)
    site.write("src/pkgmod.py", CODE)
    site.commit("the module", MODULE)
    pyenv = git_repo("pyenv")  # a clone whose `versions/` (the Pythons it builds) is ignored
    pyenv.write(".gitignore", "/versions/\n")
    pyenv.write("plugins/python-build/bin/python-build", "#!/bin/sh\n")
    pyenv.commit("pyenv", "2023-05-01T00:00:00+00:00")
    copy = tmp_path / folder / "pkgmod.py"
    copy.parent.mkdir(parents=True)
    shutil.copyfile(site.root / "src/pkgmod.py", copy)
    os.utime(copy, (INSTALLED, INSTALLED))
    out = tmp_path / "out"
    assert build_main(["-q", "-b", "html", str(site.root / "docs"), str(out)]) == 0
    assert (out / "_modules/pkgmod.html").is_file()  # viewcode read the copy
    z = {None: None, DOCS: "2024-01-10T09:00:00Z", MODULE: "2024-03-05T12:00:00Z"}
    assert checked(out, BASE) == {
        f"{BASE}index.html": z[DOCS],
        f"{BASE}api.html": z[api],  # its file's date, or its module's when newer
        f"{BASE}_modules/pkgmod.html": z[code],  # the module's own page
        f"{BASE}_modules/index.html": z[code],  # the module pages it lists
        f"{BASE}genindex.html": z[api],  # the page with the index entries
        f"{BASE}py-modindex.html": z[api],  # the page defining the module
    }
    assert GitRepo(site.root).git("status", "--porcelain") == ""
