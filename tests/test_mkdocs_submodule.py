"""A real `mkdocs build` of a site whose talks live in a data repository, a git submodule
under docs/: each page is dated by the repository that tracks its file."""

from __future__ import annotations

import logging
from pathlib import Path

from helpers import GitRepo, checked, checkout_times
from test_mkdocs import build, warnings_of

BASE = "https://example.org/talks-site/"
STAMP = 1_700_000_000  # the checkout's mtime (2023-11-14T22:13:20Z): on CI, the build time
CONFIG = f"""\
site_name: talks
site_url: {BASE}
plugins:
  - sitemap-suite
"""


def _site(git_repo) -> Path:
    data = git_repo("data")
    data.write("2019/intro.md", "# Intro\n\nA talk.\n")
    data.commit("a talk", "2019-05-01T09:00:00+00:00")
    data.write("index.md", "# Talks\n\nAll of them.\n")
    data.commit("the talks' index", "2020-03-03T09:00:00-05:00")
    site = git_repo("site")
    site.write("mkdocs.yml", CONFIG)
    site.write(".gitignore", "site/\n")
    site.write("docs/index.md", "# Home\n")
    site.write("docs/zz-about.md", "# About\n")
    site.commit("the site", "2022-01-01T10:00:00+00:00")
    site.add_submodule(data, "docs/talks", "2024-06-01T00:00:00+00:00")
    checkout_times(site.root / "docs", STAMP)
    return site.root


def test_pages_in_a_submodule_have_its_dates_not_the_checkouts(git_repo, caplog):
    root = _site(git_repo)
    talks = "talks"
    found = checked(build(root, strict=True), BASE)
    assert found == {
        BASE: "2022-01-01T10:00:00Z",
        BASE + "zz-about/": "2022-01-01T10:00:00Z",
        BASE + f"{talks}/": "2020-03-03T09:00:00-05:00",
        BASE + f"{talks}/2019/intro/": "2019-05-01T09:00:00Z",
    }
    assert GitRepo(root / "docs" / talks).last_date("2019/intro.md") == (
        "2019-05-01T09:00:00+00:00"
    )
    assert warnings_of(caplog) == []
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
