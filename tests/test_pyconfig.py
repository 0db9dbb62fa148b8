"""The names a Python configuration file sets, read without running it (`assigned_names`)."""

from __future__ import annotations

from pathlib import Path

from sitemap_core import assigned_names


def test_top_level_names_count_in_blocks_but_not_in_functions_or_classes(tmp_path: Path):
    conf = tmp_path / "conf.py"
    conf.write_text(
        "import os\n"
        "project = 'x'\n"
        "a, (b, c) = 1, (2, 3)\n"
        "if os.environ.get('CI'):\n"
        "    sitemap_gzipp = True\n"
        "try:\n    d = 1\nexcept Exception:\n    pass\n"
        "with open(__file__) as e:\n    pass\n"
        "for f in []:\n    pass\n"
        "def g():\n    inner = 1\n"
        "class H:\n    attr = 1\n"
        "k = [j for j in range(3)]\n"
        "m = lambda n: n\n",
        encoding="utf-8",
    )
    assert assigned_names(conf) == {
        "project",
        "a",
        "b",
        "c",
        "sitemap_gzipp",
        "d",
        "e",
        "f",
        "k",
        "m",
    }


def test_no_names_from_a_missing_or_unreadable_file(tmp_path: Path):
    assert assigned_names(tmp_path / "conf.py") == set()
    assert assigned_names(tmp_path) == set()
    bad = tmp_path / "bad.py"
    bad.write_text("x = (\n", encoding="utf-8")
    assert assigned_names(bad) == set()
