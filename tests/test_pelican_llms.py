"""llms.txt (issue 39) from a real Pelican build under `--fatal warnings`: SITENAME as the
H1, categories as sections, a summary as description, indexes (tags, archives,
categories) left out, a draft-like excluded article left out, `full`'s Markdown."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from pelican import Pelican
from pelican.log import FatalLogger, LimitFilter
from pelican.settings import read_settings

from helpers import urls_in

ARTICLE = """\
Title: {title}
Date: 2024-0{n}-01
Category: {category}
Summary: About {title}.
{extra}
{title} body text.

```python
print({n})
```
"""


@pytest.fixture(autouse=True)
def _fatal_warnings(monkeypatch: pytest.MonkeyPatch) -> None:
    LimitFilter._raised_messages.clear()
    LimitFilter._group_count.clear()
    if hasattr(FatalLogger, "fatal_lvl"):
        monkeypatch.setattr(FatalLogger, "fatal_lvl", logging.WARNING)
    else:
        monkeypatch.setattr(FatalLogger, "warnings_fatal", True)


def build(tmp_path: Path, mode: str) -> Path:
    content = tmp_path / "content"
    (content / "pages").mkdir(parents=True)
    for n, (title, category, extra) in enumerate(
        [("Alpha", "News", ""), ("Beta", "Guides", ""), ("Gamma", "News", "Sitemap: false")], 1
    ):
        (content / f"{title.lower()}.md").write_text(
            ARTICLE.format(title=title, n=n, category=category, extra=extra)
        )
    (content / "pages" / "about.md").write_text("Title: About\n\nWho we are.\n")
    conf = tmp_path / "pelicanconf.py"
    conf.write_text(
        'SITENAME = "Widgets"\nSITEURL = "https://example.org"\nPATH = "content"\n'
        'PLUGINS = ["sitemap_pelican"]\nTIMEZONE = "UTC"\nFEED_ALL_ATOM = None\n'
        "CATEGORY_FEED_ATOM = None\n"
        f'SITEMAP = {{"llms_txt": "{mode}", "lastmod": "none"}}\n'
    )
    out = tmp_path / "output"
    settings = read_settings(str(conf), override={"OUTPUT_PATH": str(out)})
    Pelican(settings=settings).run()
    return out


def test_llms_txt_by_category(tmp_path: Path) -> None:
    out = build(tmp_path, "yes")
    text = (out / "llms.txt").read_text(encoding="utf-8")
    assert text.startswith("# Widgets\n")
    links = [line for line in text.splitlines() if line.startswith("- [")]
    listed = set(urls_in(out / "sitemap.xml"))
    for line in links:
        assert line.split("](")[1].split(")")[0] in listed
    assert "- [Alpha](https://example.org/alpha.html): About Alpha." in links
    assert "- [Beta](https://example.org/beta.html): About Beta." in links
    assert "- [About](https://example.org/pages/about.html)" in links
    assert "Gamma" not in text
    for index in ("tags.html", "archives.html", "categories.html", "authors.html"):
        assert index not in text
    headings = [line for line in text.splitlines() if line.startswith("## ")]
    assert "## News" in headings and "## Guides" in headings, text


def test_llms_full(tmp_path: Path) -> None:
    out = build(tmp_path, "full")
    full = (out / "llms-full.txt").read_text(encoding="utf-8")
    assert "Source: https://example.org/alpha.html" in full
    assert "# Beta\n\nSource: https://example.org/beta.html" in full
    assert "Alpha body text." in full and "print(1)\n```" in full
    assert "Gamma" not in full
