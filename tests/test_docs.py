"""The documentation site (mkdocs.yml, docs/) builds with `mkdocs build --strict`, with
sitemap-suite's own plugin, into a sitemap `sitemap-suite validate --strict` passes; every
option is documented, and the command line page shows each command's current `--help`.

`SITEMAP_SUITE_UPDATE_DOCS=1 pytest tests/test_docs.py` rewrites docs/cli.md's help texts."""

import os
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from mkdocs.commands import build as mkdocs_build
from mkdocs.config import load_config

from sitemap_core import OPTIONS
from sitemap_core.commands import main

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
CONFIG = ROOT / "mkdocs.yml"
COMMANDS = ("validate", "generate", "submit", "versions")
HELP_BLOCK = re.compile(r"(<!-- help: ([a-z]+) -->\n```text\n)(.*?)(\n```\n<!-- /help -->)", re.S)


def _nav_pages(nav: list) -> list[str]:
    pages = []
    for item in nav:
        value = next(iter(item.values())) if isinstance(item, dict) else item
        pages += _nav_pages(value) if isinstance(value, list) else [value]
    return pages


def _plugins_with_cache(cache_dir: Path) -> list:
    """mkdocs.yml's plugins, the sitemap's content state kept in the test's folder."""
    plugins = yaml.safe_load(CONFIG.read_text(encoding="utf-8"))["plugins"]
    for plugin in plugins:
        if isinstance(plugin, dict) and "sitemap-suite" in plugin:
            plugin["sitemap-suite"] = {**plugin["sitemap-suite"], "cache_dir": str(cache_dir)}
    return plugins


@pytest.fixture(scope="module")
def docs_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`mkdocs build --strict`, as `mkdocs/__main__.py` runs it, into a temporary folder."""
    tmp = tmp_path_factory.mktemp("docs")
    cfg = load_config(
        config_file=str(CONFIG),
        strict=True,
        site_dir=str(tmp / "site"),
        plugins=_plugins_with_cache(tmp / "cache"),
    )
    cfg.plugins.on_startup(command="build", dirty=False)
    try:
        mkdocs_build.build(cfg)  # raises Abort on any warning under strict
    finally:
        cfg.plugins.on_shutdown()
    return Path(cfg.site_dir)


def test_docs_build_strict_and_their_sitemap_validates(docs_site: Path):
    result = CliRunner().invoke(main, ["validate", str(docs_site), "--strict", "--coverage"])
    assert result.exit_code == 0, result.output
    sitemap = (docs_site / "sitemap.xml").read_text(encoding="utf-8")
    assert "<loc>https://sitemap-suite.example.org/options/</loc>" in sitemap
    assert "<loc>https://sitemap-suite.example.org/sitemap/</loc>" in sitemap  # html_map
    assert "Sitemap: https://sitemap-suite.example.org/sitemap.xml" in (
        docs_site / "robots.txt"
    ).read_text(encoding="utf-8")
    page = (docs_site / "site-map-page" / "index.html").read_text(encoding="utf-8")
    for shot in sorted((DOCS / "screenshots").glob("*.png")):
        assert f"screenshots/{shot.name}" in page
        assert (docs_site / "screenshots" / shot.name).is_file()


def test_every_docs_page_is_in_the_nav():
    nav = _nav_pages(yaml.safe_load(CONFIG.read_text(encoding="utf-8"))["nav"])
    pages = sorted(str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md"))
    assert sorted(nav) == pages


def _option_rows() -> dict[str, str]:
    rows = {}
    for line in (DOCS / "options.md").read_text(encoding="utf-8").splitlines():
        match = re.match(r"\| `([a-z_]+)` \|", line)
        if match:
            rows[match[1]] = line
    return rows


def test_every_option_is_documented_with_its_spellings_and_values():
    rows = _option_rows()
    missing = [o.name for o in OPTIONS if o.name not in rows]
    assert not missing, f"options without a row in docs/options.md: {missing}"
    assert set(rows) == {o.name for o in OPTIONS}, "docs/options.md has a row for no option"
    for option in OPTIONS:
        row = rows[option.name]
        assert f"| {option.type} |" in row, option.name
        assert f"`{option.sphinx}`" in row, option.name
        for value in option.choices:
            assert re.search(rf"\b{value}\b", row), (option.name, value)


def _help(command: str) -> str:
    result = CliRunner().invoke(
        main, [command, "--help"], prog_name="sitemap-suite", terminal_width=80
    )
    assert result.exit_code == 0, result.output
    return result.output.rstrip()


def test_cli_page_shows_each_commands_help():
    path = DOCS / "cli.md"
    text = path.read_text(encoding="utf-8")
    if os.environ.get("SITEMAP_SUITE_UPDATE_DOCS"):
        text = HELP_BLOCK.sub(lambda m: m[1] + _help(m[2]) + m[4], text)
        path.write_text(text, encoding="utf-8")
    shown = {m[2]: m[3] for m in HELP_BLOCK.finditer(text)}
    assert sorted(shown) == sorted(COMMANDS)
    for command in COMMANDS:
        assert shown[command] == _help(command), (
            f"docs/cli.md: `sitemap-suite {command} --help` changed; "
            "run SITEMAP_SUITE_UPDATE_DOCS=1 pytest tests/test_docs.py"
        )
