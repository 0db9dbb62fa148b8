"""One test environment per generator: `nox -l` lists them, `nox -s NAME` runs one, and
`make test` runs them all (then again with the clock a year ahead, `nox -R`).

- `main`: the environment nox runs in, the Makefile's `.venv` (`.[dev]`): the three
  generators together, Pelican and Sphinx at their newest, mkdocs-material below 9.8
  (its Pygments is one Pelican refuses); the tests that cross generators, the core's,
  the install and docs tests, and tests/test_oldest.py, which builds the oldest release
  each extra accepts (MkDocs, Pelican, Sphinx, ProperDocs) in a fresh venv of its own;
- `mkdocs`: MkDocs with the newest mkdocs-material (9.8+) and its Pygments;
- `properdocs`: ProperDocs without MkDocs;
- `pelican`: Pelican alone;
- `sphinx`: the newest Sphinx on the newest Python found (Sphinx 9.1+ needs 3.12).

A test file belongs to one session: a generator's own files run in its session only.
Arguments after `--` go to pytest in every session (`nox -- -x`).
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys

import nox

nox.options.default_venv_backend = "venv"
nox.options.reuse_venv = "yes"  # `make test` again: the same venvs, brought up to date
nox.options.download_python = "never"  # no interpreter comes from outside the registries
nox.options.error_on_missing_interpreters = True

PYTEST = ("python", "-m", "pytest", "-p", "no:cacheprovider")

# Each generator session's test files (globs under tests/).
OWN_TESTS = {
    "mkdocs": ("test_mkdocs*.py", "test_versions_mike.py"),
    "properdocs": ("test_properdocs.py",),
    "pelican": ("test_pelican*.py", "test_feeds.py"),
    "sphinx": ("test_sphinx*.py", "test_versions_sphinx.py", "test_readthedocs.py"),
}

# What mkdocs-material, mkdocs-static-i18n and mkdocs-include-markdown-plugin need besides
# MkDocs: they are installed without their requirements (each names MkDocs), then these.
PROPERDOCS_PLUGIN_NEEDS = (
    "babel>=2.10",
    "backrefs>=5.7.post1",
    "colorama>=0.4",
    "mkdocs-material-extensions>=1.3",
    "paginate>=0.5",
    "pygments>=2.20",
    "requests>=2.33",
    "mergedeep>=1.3",  # a requirement of MkDocs that material's meta plugin imports
    "wcmatch",
)


def _tests(session: str) -> list[str]:
    """The test files of the generator session `session`."""
    return sorted(path for pattern in OWN_TESTS[session] for path in glob.glob(f"tests/{pattern}"))


def _newest_python() -> str:
    """The newest Python >= 3.12 on PATH or installed by pyenv, else this one."""
    pyenv = os.environ.get("PYENV_ROOT", os.path.expanduser("~/.pyenv"))
    for version in ("3.14", "3.13", "3.12"):
        found = shutil.which(f"python{version}")
        candidates = [found] if found else []
        candidates += sorted(glob.glob(f"{pyenv}/versions/{version}.*/bin/python{version}"))
        for python in candidates:  # a pyenv shim exists whether its version is set or not
            if subprocess.run([python, "-c", ""], capture_output=True).returncode == 0:
                return python
    return sys.executable


@nox.session(venv_backend="none")
def main(session: nox.Session) -> None:
    """Everything but the generator sessions' files, in the environment nox runs in."""
    ignored = [f"--ignore={path}" for name in OWN_TESTS for path in _tests(name)]
    session.run(sys.executable, *PYTEST[1:], *ignored, *session.posargs)


@nox.session
def mkdocs(session: nox.Session) -> None:
    """MkDocs and its plugins with the newest mkdocs-material, its blog built strict."""
    session.install("--upgrade", ".[test-mkdocs]", "mkdocs-material>=9.8")
    session.run(*PYTEST, *_tests("mkdocs"), *session.posargs)


@nox.session
def properdocs(session: nox.Session) -> None:
    """ProperDocs with its theme, material's blog, static-i18n and snippets; no MkDocs."""
    session.install("--upgrade", ".[properdocs,test]", "properdocs-theme-mkdocs")
    session.install("--upgrade", "pymdown-extensions>=10", *PROPERDOCS_PLUGIN_NEEDS)
    session.install(
        "--upgrade",
        "--no-deps",
        "mkdocs-material",
        "mkdocs-static-i18n",
        "mkdocs-include-markdown-plugin",
    )
    session.run(*PYTEST, *_tests("properdocs"), *session.posargs)


@nox.session
def pelican(session: nox.Session) -> None:
    """Pelican alone (its markdown extra, i18n subsites)."""
    session.install("--upgrade", ".[test-pelican]")
    session.run(*PYTEST, *_tests("pelican"), *session.posargs)


@nox.session(python=_newest_python())
def sphinx(session: nox.Session) -> None:
    """The newest Sphinx the newest Python found here can run (9.0 on Python 3.11)."""
    session.install("--upgrade", ".[test-sphinx]")
    session.run("python", "-m", "sphinx", "--version")
    session.run(*PYTEST, *_tests("sphinx"), *session.posargs)
