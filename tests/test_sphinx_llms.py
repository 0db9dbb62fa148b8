"""llms.txt (issue 39) from a real Sphinx build, `-W` green: the toctree's sections, the
project's name, genindex and search left out, an excluded page left out, `full`'s Markdown."""

from __future__ import annotations

import sys
from pathlib import Path

from sphinx.cmd.build import build_main

from helpers import urls_in

CONF = """\
project = "Widgets"
extensions = ["sitemap_sphinx"]
html_baseurl = "https://example.org/widgets/"
sitemap_llms_txt = "{mode}"
sitemap_exclude = ["secret.html"]
"""
INDEX = """\
Widgets
=======

Widgets for everyone.

.. toctree::

   guide/index
   about
"""
GUIDE = """\
Guide
=====

.. toctree::

   install
"""
INSTALL = """\
:description: How to install widgets.

Install
=======

Run this:

.. code-block:: python

   import widgets

====  =====
key   value
====  =====
a     1
====  =====
"""


def write(root: Path, rel: str, text: str) -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def build(tmp_path: Path, mode: str) -> Path:
    src, out = tmp_path / "src", tmp_path / "out"
    write(src, "conf.py", CONF.format(mode=mode))
    write(src, "index.rst", INDEX)
    write(src, "guide/index.rst", GUIDE)
    write(src, "guide/install.rst", INSTALL)
    write(src, "about.rst", "About\n=====\n\nWho we are.\n")
    write(src, "secret.rst", ":orphan:\n\nSecret\n======\n\nNot listed.\n")
    for name in [m for m in sys.modules if m.startswith("sitemap_sphinx")]:
        del sys.modules[name]  # a fresh extension, as a new sphinx-build process has
    assert build_main(["-W", "-q", "-b", "html", str(src), str(out)]) == 0
    return out


def test_llms_txt_from_the_toctree(tmp_path: Path) -> None:
    out = build(tmp_path, "yes")
    text = (out / "llms.txt").read_text(encoding="utf-8")
    assert text == (
        "# Widgets\n\n## Pages\n\n"
        "- [Widgets](https://example.org/widgets/index.html)\n"
        "- [About](https://example.org/widgets/about.html)\n\n"
        "## Guide\n\n"
        "- [Guide](https://example.org/widgets/guide/index.html)\n"
        "- [Install](https://example.org/widgets/guide/install.html): How to install widgets.\n"
    )
    links = [line for line in text.splitlines() if line.startswith("- [")]
    listed = set(urls_in(out / "sitemap.xml"))
    for line in links:
        assert line.split("](")[1].split(")")[0] in listed
    assert "secret" not in text and "genindex" not in text and "search.html" not in text
    assert not (out / "llms-full.txt").exists()


def test_llms_full_from_the_body(tmp_path: Path) -> None:
    out = build(tmp_path, "full")
    full = (out / "llms-full.txt").read_text(encoding="utf-8")
    assert "# Install\n\nSource: https://example.org/widgets/guide/install.html" in full
    assert "```python\nimport widgets\n```" in full
    assert "| key | value |" in full
    assert "Quick search" not in full and "¶" not in full and "Navigation" not in full
