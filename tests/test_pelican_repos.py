"""A Pelican site whose content comes from more than one git repository (pyvideo.org's
layout: the talks in a data repository, the site's own pages in the site's), on real
Pelican builds: every page is dated by the last commit of the repository that tracks its
file, whichever repository the newest article (Pelican's first) comes from."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from pelican import Pelican
from pelican.log import LimitFilter
from pelican.settings import read_settings

import sitemap_pelican  # noqa: F401  its logger made now, as Pelican makes loggers
from helpers import GitRepo, checked, checkout_times

logging.setLoggerClass(logging.Logger)  # as tests/test_pelican.py: keep later loggers plain

BASE = "https://pyvideo.example/"
STAMP = 1_700_000_000  # every checkout's mtime: 2023-11-14, never a commit's date
ABOUT = "2023-03-03T10:00:00Z"  # the site's last commit of its about page (Date: 2020)
NEWS = "2021-04-04T10:00:00Z"  # ... of its one article (Date: 2015)
TALK = "2022-02-02T10:00:00Z"  # the data repository's commit of the talk
LINKED = "2024-06-01T00:00:00Z"  # the site's commit that adds the submodule


@pytest.fixture(autouse=True)
def _fresh_pelican_log() -> Iterator[None]:
    LimitFilter._raised_messages.clear()
    LimitFilter._group_count.clear()
    yield


def _data(git_repo, talk_date: str) -> GitRepo:
    data = git_repo("data")
    data.write(
        "pycon-2021/videos/a-talk.md",
        f"Title: A talk\nDate: {talk_date}\nCategory: pycon-2021\nAuthors: Grace\n\nTalk.\n",
    )
    data.commit("a talk", TALK)
    return data


def _site(git_repo) -> GitRepo:
    site = git_repo("site")
    site.write(".gitignore", "content/conferences\n")
    site.write("content/pages/about.md", "Title: About\nDate: 2020-01-01\n\nAbout us.\n")
    site.commit("about", ABOUT)
    site.write(
        "content/news/welcome.md",
        "Title: Welcome\nDate: 2015-01-01\nCategory: news\nAuthors: Ada\n\nHello.\n",
    )
    site.commit("welcome", NEWS)
    return site


def _lay_out(layout: str, site: GitRepo, data: GitRepo) -> None:
    """Bring the data repository into the site's content folder, as `layout` says."""
    conferences = site.root / "content" / "conferences"
    if layout == "cloned inside":  # a plain clone, ignored by the site's repository
        site.git("clone", "-q", str(data.root), str(conferences))
    elif layout == "cloned beside":  # pyvideo's `make link-data`, with a clone
        conferences.symlink_to(os.path.relpath(data.root, conferences.parent))
    elif layout == "submodule":  # pyvideo's own: the `data` submodule, linked in
        site.add_submodule(data, "data", LINKED)
        conferences.symlink_to(os.path.join("..", "data"))
    else:  # a submodule right in the content folder
        site.git(
            "-c", "protocol.file.allow=always", "submodule", "add", "-q", "-f",
            str(data.root), "content/conferences",
        )  # fmt: skip
        site.commit("content/conferences added", LINKED)
    checkout_times(site.root, STAMP)
    checkout_times(data.root, STAMP)


def _build(site: Path, out: Path, **override: object) -> dict[str, str | None]:
    settings = read_settings(
        None,
        override={
            "PATH": str(site / "content"),
            "OUTPUT_PATH": str(out),
            "SITEURL": BASE.rstrip("/"),
            "TIMEZONE": "UTC",
            "PLUGINS": ["sitemap_pelican"],
            "ARTICLE_URL": "{category}/{slug}.html",
            "ARTICLE_SAVE_AS": "{category}/{slug}.html",
            "CACHE_CONTENT": False,
            "FEED_ALL_ATOM": None,
            "CATEGORY_FEED_ATOM": None,
            "AUTHOR_FEED_ATOM": None,
            "AUTHOR_FEED_RSS": None,
            **override,
        },
    )
    Pelican(settings=settings).run()
    return checked(out, BASE)


@pytest.mark.parametrize("layout", ["cloned inside", "cloned beside", "submodule", "in content"])
@pytest.mark.parametrize(
    "newest", ["site", "data"], ids=["a site article newest", "a data article newest"]
)
def test_each_page_is_dated_by_its_own_repository(git_repo, tmp_path, layout, newest):
    data = _data(git_repo, "2010-05-05" if newest == "site" else "2021-06-06")
    site = _site(git_repo)
    _lay_out(layout, site, data)
    lastmods = _build(site.root, tmp_path / "out")
    assert lastmods[BASE + "pages/about.html"] == ABOUT  # not its Date: 2020-01-01
    assert lastmods[BASE + "news/welcome.html"] == NEWS
    assert lastmods[BASE + "pycon-2021/a-talk.html"] == TALK
    assert lastmods[BASE + "category/news.html"] == NEWS  # the listings: what they list
    assert lastmods[BASE + "category/pycon-2021.html"] == TALK
    assert lastmods[BASE] == max(NEWS, TALK)


THEMED = "2024-07-13T10:00:00Z"  # the theme repository's commit of languages.html
OVERRIDE = "2023-09-09T10:00:00Z"  # the site's commit of its override template


def test_template_pages_found_in_the_theme_are_dated_by_their_commit(git_repo, tmp_path):
    """pyvideo.org's `TEMPLATE_PAGES = {"languages.html": "languages.html"}`: Pelican
    finds the template in the theme's `templates/` (here a theme in a repository of its
    own, beside the site), or in `THEME_TEMPLATES_OVERRIDES`, not under `PATH`."""
    page = '{% extends "base.html" %}{% block content %}Languages{% endblock %}\n'
    theme = git_repo("theme")
    theme.write("templates/languages.html", page)
    theme.commit("languages", THEMED)
    theme.write("templates/later.html", page)  # a later commit, of another file
    theme.commit("later", "2025-01-01T00:00:00Z")
    site = _site(git_repo)
    site.write("overrides/colophon.html", page)
    site.write("overrides/thanks.html", page)
    site.commit("overrides", OVERRIDE)
    site.write("content/colophon.html", page)  # under PATH: Pelican takes this one first
    site.commit("colophon under PATH", "2023-10-10T10:00:00Z")
    checkout_times(theme.root, STAMP)
    checkout_times(site.root, STAMP)
    lastmods = _build(
        site.root,
        tmp_path / "out",
        THEME=str(theme.root),
        THEME_TEMPLATES_OVERRIDES=[str(site.root / "overrides")],
        TEMPLATE_PAGES={
            "languages.html": "languages.html",
            "!theme/later.html": "later.html",
            "colophon.html": "colophon.html",
            "thanks.html": "thanks.html",
        },
        READERS={"html": None},  # content/colophon.html is a template, not content
    )
    assert lastmods[BASE + "languages.html"] == THEMED
    assert lastmods[BASE + "later.html"] == "2025-01-01T00:00:00Z"
    assert lastmods[BASE + "colophon.html"] == "2023-10-10T10:00:00Z"
    assert lastmods[BASE + "thanks.html"] == OVERRIDE
