"""Adding an option is one line of the table, its `Settings` field: a copy of the code with
a throwaway option added that way, and nothing else, has every generator and
`generate --config` accept it, checked by the kind the field gives it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FIELD = '    throwaway: bool = option(Switch(), False, "A test\'s option.")\n'
BEFORE = "    build_time: dt.datetime"  # the field after the options

# Run in a fresh interpreter on the copy: each generator's own way of reading its options.
PROBE = r"""
import sys
from pathlib import Path

from click.testing import CliRunner
from mkdocs.commands import build as mkdocs_build
from mkdocs.config import load_config
from sphinx.cmd.build import build_main

import sitemap_core
import sitemap_pelican.config
from sitemap_core.commands import main

tmp = Path(sys.argv[1])
assert Path(sitemap_core.__file__).is_relative_to(sys.argv[2]), sitemap_core.__file__
site = tmp / "site"
(site / "docs").mkdir(parents=True)
(site / "docs" / "index.md").write_text("# Home\n")
(site / "mkdocs.yml").write_text(
    "site_name: T\nsite_url: https://example.org/\n"
    "plugins:\n  - sitemap-suite:\n      throwaway: true\n"
)
cfg = load_config(config_file=str(site / "mkdocs.yml"), strict=True)
cfg.plugins.on_startup(command="build", dirty=False)
mkdocs_build.build(cfg)  # Abort on any warning: an unknown option would be one
assert cfg.plugins["sitemap-suite"].config["throwaway"] is True
assert (Path(cfg.site_dir) / "sitemap.xml").is_file()

src = tmp / "sphinx"
src.mkdir()
(src / "conf.py").write_text(
    "extensions = ['sitemap_sphinx']\nhtml_baseurl = 'https://example.org/'\n"
    "sitemap_throwaway = True\n"
)
(src / "index.rst").write_text("Home\n====\n")
assert build_main(["-W", "-q", "-b", "html", str(src), str(tmp / "out")]) == 0
assert build_main(["-W", "-q", "-D", "sitemap_throwaway=0", "-b", "html", str(src), str(tmp / "out0")]) == 0
assert build_main(["-W", "-q", "-D", "sitemap_throwaway=maybe", "-b", "html", str(src), str(tmp / "bad")]) != 0

class Heard:
    def __init__(self):
        self.said = []

    def issue(self, said):
        self.said.append(said)

    def summary(self, text):
        pass


heard = Heard()
build, found = sitemap_pelican.config.load(
    {"SITEURL": "https://example.org", "PATH": str(tmp), "SITEMAP": {"throwaway": True}}, heard
)
build.report()
assert heard.said == [] and found is not None and found.settings.throwaway is True, heard.said

(tmp / "sitemap.toml").write_text("throwaway = 'maybe'\n")
result = CliRunner().invoke(
    main,
    ["generate", str(tmp / "out"), "--base-url", "https://example.org/",
     "--config", str(tmp / "sitemap.toml")],
)
said = [line for line in result.output.splitlines() if "'maybe' is not true or false" in line]
assert len(said) == 1 and "throwaway" in said[0], result.output
print("ok")
"""


def test_a_new_option_is_one_table_entry(tmp_path: Path) -> None:
    copy = tmp_path / "code"
    for package in ("sitemap_core", "plugins"):
        shutil.copytree(
            ROOT / package, copy / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    table = copy / "sitemap_core" / "options" / "table.py"
    text = table.read_text(encoding="utf-8")
    assert text.count(BEFORE) == 1
    table.write_text(text.replace(BEFORE, FIELD + BEFORE), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": f"{copy}{os.pathsep}{copy / 'plugins'}"}
    work = tmp_path / "work"
    work.mkdir()
    out = subprocess.run(
        [sys.executable, "-c", PROBE, str(work), str(copy)],
        capture_output=True,
        text=True,
        env=env,
        cwd=work,
        check=False,
    )
    assert out.returncode == 0 and out.stdout.strip().endswith("ok"), out.stdout + out.stderr
