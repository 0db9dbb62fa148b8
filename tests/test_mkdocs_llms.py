"""llms.txt (issue 39) from a real MkDocs build (strict): the nav's sections, site_name and
site_description, page descriptions, a page the sitemap leaves out, `full`'s Markdown of
mkdocs-material's article."""

from __future__ import annotations

from pathlib import Path

import pytest
from mkdocs.commands import build as mkdocs_build
from mkdocs.config import load_config

from helpers import urls_in

CONFIG = """\
site_name: Widgets
site_description: Widgets for everyone.
site_url: https://example.org/
theme:
  name: {theme}
plugins:
  - sitemap-suite:
      llms_txt: {mode}
nav:
  - Home: index.md
  - Guide:
      - Install: guide/install.md
      - Use: guide/use.md
  - Secret: secret.md
"""
PAGES = {
    "index.md": "# Widgets\n\nWelcome.\n",
    "guide/install.md": (
        "---\ndescription: How to install widgets.\n---\n\n# Install\n\nRun:\n\n"
        "```python\nimport widgets\n```\n\n| key | value |\n|---|---|\n| a | 1 |\n"
    ),
    "guide/use.md": "# Use\n\n- one\n- two\n",
    "secret.md": "---\nsitemap: false\n---\n\n# Secret\n\nNot listed.\n",
}


def build(tmp_path: Path, mode: str, theme: str = "mkdocs") -> Path:
    (tmp_path / "mkdocs.yml").write_text(CONFIG.format(mode=mode, theme=theme))
    for rel, text in PAGES.items():
        path = tmp_path / "docs" / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    cfg = load_config(config_file=str(tmp_path / "mkdocs.yml"), strict=True)
    cfg.plugins.on_startup(command="build", dirty=False)
    try:
        mkdocs_build.build(cfg)
    finally:
        cfg.plugins.on_shutdown()
    return Path(cfg.site_dir)


def test_llms_txt_from_the_nav(tmp_path: Path) -> None:
    site = build(tmp_path, "yes")
    text = (site / "llms.txt").read_text(encoding="utf-8")
    assert text == (
        "# Widgets\n\n> Widgets for everyone.\n\n## Pages\n\n"
        "- [Home](https://example.org/)\n\n"
        "## Guide\n\n"
        "- [Install](https://example.org/guide/install/): How to install widgets.\n"
        "- [Use](https://example.org/guide/use/)\n"
    )
    listed = set(urls_in(site / "sitemap.xml"))
    assert "https://example.org/secret/" not in listed
    for line in text.splitlines():
        if line.startswith("- ["):
            assert line.split("](")[1].split(")")[0] in listed
    assert not (site / "llms-full.txt").exists()


@pytest.mark.parametrize("theme", ["mkdocs", "material"])
def test_llms_full_from_the_article(tmp_path: Path, theme: str) -> None:
    pytest.importorskip(theme)
    site = build(tmp_path, "full", theme)
    full = (site / "llms-full.txt").read_text(encoding="utf-8")
    assert full.startswith(
        "# Widgets\n\n> Widgets for everyone.\n\n# Widgets\n\nSource: https://example.org/\n\nWelcome."
    )
    assert "# Install\n\nSource: https://example.org/guide/install/\n\nRun:" in full
    assert "```python\nimport widgets\n```" in full
    assert "| key | value |" in full and "- one\n- two" in full
    assert "Secret" not in full and "Search" not in full and "¶" not in full
