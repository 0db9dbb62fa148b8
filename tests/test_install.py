"""The install the README gives: `python -m build`, then the wheel with its extras in a fresh
venv, where the command, the three adapters and the three example sites work.

Slow (a build, a venv and a pip install from the package registry, which pip caches),
but part of `make test`: it is the only test that sees the package as users get it.
"""

from __future__ import annotations

import configparser
import os
import runpy
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from helpers import NS, parse

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "example_sites"
PIP_TIMEOUT = 900  # a cold pip cache downloads the three generators

# Site -> (its base URL, a URL its sitemap must list: for Pelican, a Markdown article).
SITES = {
    "mkdocs": ("https://example.org/docs/", "https://example.org/docs/about/"),
    "pelican": ("https://example.org/", "https://example.org/hello-world.html"),
    "sphinx": ("https://example.org/project/", "https://example.org/project/about.html"),
}

pytestmark = [pytest.mark.slow, pytest.mark.registry]


def _env() -> dict[str, str]:
    """The environment without this test run's Python: the fresh venv's own paths only."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP")
    }
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def _run(args: list[str | Path], cwd: Path, timeout: float = 300) -> str:
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, env=_env(), capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The sdist and the wheel `python -m build` makes (the wheel built from the sdist)."""
    out = tmp_path_factory.mktemp("dist")
    _run([sys.executable, "-m", "build", "--outdir", out, ROOT], cwd=out, timeout=PIP_TIMEOUT)
    (sdist,) = out.glob("sitemap_suite-*.tar.gz")
    (wheel,) = out.glob("sitemap_suite-*-py3-none-any.whl")
    return {"sdist": sdist, "wheel": wheel}


@pytest.fixture(scope="module")
def venv(dist: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv with the wheel and its three extras installed; its bin folder."""
    where = tmp_path_factory.mktemp("venv")
    _run([sys.executable, "-m", "venv", where / "env"], cwd=where)
    bin_dir = where / "env" / "bin"
    _run(
        [
            bin_dir / "python",
            "-m",
            "pip",
            "install",
            "--quiet",
            f"{dist['wheel']}[mkdocs,pelican,sphinx]",
        ],
        cwd=where,
        timeout=PIP_TIMEOUT,
    )
    return bin_dir


def test_sdist_holds_what_the_wheel_needs(dist: dict[str, Path]) -> None:
    with zipfile.ZipFile(dist["wheel"]) as wheel:
        names = wheel.namelist()
        info = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
        entry_points = wheel.read(info).decode()
    modules = [n for n in names if n.endswith(".py")]
    assert {n.split("/")[0] for n in modules} == {
        "sitemap_core",
        "sitemap_mkdocs",
        "sitemap_pelican",
        "sitemap_sphinx",
    }
    assert "sitemap-suite = sitemap_core.commands:main" in entry_points
    groups = configparser.ConfigParser()
    groups.read_string(entry_points)
    for group in ("mkdocs.plugins", "properdocs.plugins"):
        assert groups[group]["sitemap-suite"] == "sitemap_mkdocs.plugin:SitemapPlugin"
    with tarfile.open(dist["sdist"]) as sdist:
        top = sdist.getnames()[0].split("/")[0]
        members = {n.split("/", 1)[1] for n in sdist.getnames() if "/" in n}
    assert {"pyproject.toml", "README.md"} <= members
    for module in modules:
        source = module if module.startswith("sitemap_core/") else f"plugins/{module}"
        assert source in members, f"{top} lacks {source}, which the wheel installs"


def test_twine_check_passes_on_both_files(dist: dict[str, Path]) -> None:
    """The metadata PyPI renders (the README as long description, urls, classifiers)."""
    out = _run(
        [sys.executable, "-m", "twine", "check", "--strict", dist["sdist"], dist["wheel"]],
        cwd=dist["wheel"].parent,
    )
    assert out.count("PASSED") == 2, out


def test_command_and_adapters_in_a_fresh_venv(venv: Path, tmp_path: Path) -> None:
    assert "validate" in _run([venv / "sitemap-suite", "--help"], cwd=tmp_path)
    where = _run(
        [
            venv / "python",
            "-c",
            "import importlib.metadata as m, sitemap_core, sitemap_pelican, sitemap_sphinx\n"
            "plugin = m.entry_points(group='mkdocs.plugins')['sitemap-suite'].load()\n"
            "print(sitemap_core.__file__, plugin.__module__)",
        ],
        cwd=tmp_path,
    )
    path, module = where.split()
    assert Path(path).is_relative_to(venv.parent) and module == "sitemap_mkdocs.plugin"


@pytest.mark.parametrize("name", sorted(SITES))
def test_example_site_builds_in_a_fresh_venv(venv: Path, tmp_path: Path, name: str) -> None:
    build_all = runpy.run_path(str(EXAMPLES / "build_all.py"))
    out_name = build_all["SITES"][name][1]
    folder = tmp_path / name
    shutil.copytree(
        EXAMPLES / name,
        folder,
        ignore=shutil.ignore_patterns(out_name.split("/")[0], ".sitemap-cache"),
    )
    _run(build_all["command"](name, venv), cwd=folder)
    out = folder / out_name
    base, expected = SITES[name]
    root = parse(out / "sitemap.xml").getroot()
    assert root.tag == f"{{{NS['sm']}}}urlset"
    locs = [e.text for e in root.iterfind("sm:url/sm:loc", NS)]
    assert expected in locs and all(loc.startswith(base) for loc in locs), locs
    _run([venv / "sitemap-suite", "validate", "--strict", out], cwd=tmp_path)
