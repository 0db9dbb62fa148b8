"""Files looked for as generators look for them, and which file a host serves at a URL."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sitemap_core import first_file, folder_with, serves


def test_the_first_folder_that_has_the_file(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    two.mkdir()
    (two / "page.html").write_text("x", "utf-8")
    (tmp_path / "page.html").mkdir()  # a folder by that name is no file
    found = first_file("page.html", [str(one), str(tmp_path), str(two)])
    assert found == os.path.join(two, "page.html")
    assert first_file("other.html", [str(two)]) is None


def test_the_nearest_folder_up_that_holds_the_file(tmp_path: Path) -> None:
    (tmp_path / "pelicanconf.py").write_text("", "utf-8")
    content = tmp_path / "content" / "posts"
    content.mkdir(parents=True)
    assert folder_with("pelicanconf.py", content) == tmp_path.resolve()
    assert folder_with("no-such-file.cfg", content) is None


@pytest.mark.parametrize(
    ("url", "written", "served"),
    [
        ("posts/a.html", "posts/a.html", True),
        ("/posts/a.html", "posts/a.html", True),
        ("posts/", "posts/index.html", True),
        ("", "index.html", True),
        ("posts", "posts/index.html", False),  # no folder URL: a host redirects at best
        ("posts/a/", "posts/a.html", False),
    ],
)
def test_a_static_host_serves_the_file_at_the_url(url: str, written: str, served: bool) -> None:
    assert serves(url, written) is served
