"""README.md and the docs it points to stay true: the option table (docs/options.md) is the
option vocabulary, every issue code is explained (docs/warnings.md), the set-up is make."""

import json
import re
from pathlib import Path

from sitemap_core import Code
from sitemap_core.options import OPTIONS

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
OPTIONS_PAGE = (ROOT / "docs" / "options.md").read_text(encoding="utf-8")
WARNINGS_PAGE = (ROOT / "docs" / "warnings.md").read_text(encoding="utf-8")


def _option_rows() -> dict[str, list[str]]:
    rows = {}
    for line in OPTIONS_PAGE.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 7 and cells[0].startswith("`") and cells[3].startswith("`"):
            rows[cells[0].strip("`")] = cells
    return rows


def _default(cell: str) -> object:
    text = cell.strip("`")
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def test_option_table_matches_the_vocabulary():
    rows = _option_rows()
    assert list(rows) == [o.name for o in OPTIONS]
    for option in OPTIONS:
        name, kind, default, mkdocs, sphinx, pelican, meaning = rows[option.name]
        assert kind == option.type, option.name
        assert _default(default) == option.default, option.name
        assert mkdocs == f"`{option.name}`"
        assert sphinx == f"`{option.sphinx}`"
        expected = "exclude_globs" if option.name == "exclude" else option.name
        assert pelican == f"`{expected}`"
        assert meaning == option.help


def test_readme_opens_with_the_two_setup_commands():
    first_block = re.search(r"```sh\n(.*?)```", README, re.S)[1]
    commands = [line.split("#")[0].strip() for line in first_block.splitlines()]
    assert commands == ["make demo", "make test"]


def test_every_core_issue_code_is_explained():
    source = "".join(p.read_text() for p in (ROOT / "sitemap_core").rglob("*.py"))
    # Every issue is made with one of values/codes.py's `Code`s.
    codes = {code.value for code in Code}
    assert not re.findall(r'\b(?:Issue|URLError|TreeError)\(\s*"', source)
    assert {"url", "scope", "duplicate", "structure", "hreflang"} <= codes
    # Only the warnings page: the option and lastmod tables name `lastmod`, `git` too.
    warnings = WARNINGS_PAGE
    table = set(re.findall(r"^\| `([a-z-]+)`", warnings, re.M))
    table |= {
        c
        for row in re.findall(r"^\| (`[a-z-]+`(?: / `[a-z-]+`)+)", warnings, re.M)
        for c in re.findall(r"`([a-z-]+)`", row)
    }
    assert codes - table == set()


def test_readme_is_a_landing_page():
    """The manual is docs/; the README stays short, and each page it links to exists."""
    assert len(README.splitlines()) <= 250
    links = re.findall(r"\]\((docs/[^)#]+)", README)
    assert "docs/options.md" in links and "docs/warnings.md" in links
    for link in links:
        assert (ROOT / link).exists(), link


def test_readme_keeps_a_quick_start_per_generator():
    for line in (
        "- sitemap-suite",
        'PLUGINS = ["sitemap_pelican"]',
        'extensions = ["sitemap_sphinx"]',
    ):
        assert line in README


def test_make_docs_and_make_test_are_told_as_they_are():
    """`make docs` writes where mkdocs.yml's site_dir says; `make test` runs the suite a
    second time with the clock a year ahead, as the Makefile does."""
    site_dir = re.search(r"^site_dir: (\S+)$", (ROOT / "mkdocs.yml").read_text(), re.M)
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert site_dir is not None and "faketime -f +365d" in makefile
    for path in (ROOT / "README.md", ROOT / "docs" / "contributing.md"):
        text = " ".join(path.read_text(encoding="utf-8").split())
        assert f"into `{site_dir[1]}/`" in text, path
        assert "`make docs` builds" in text or "`make docs`: this site" in text, path
        assert "into `site/`" not in text, path
        assert "again under `faketime -f +365d`" in text, path
