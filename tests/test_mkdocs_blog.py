"""The MkDocs adapter on a mkdocs-material blog whose pages include files (real plugins).

example_sites/mkdocs/material-blog, in a temporary git repository with fixed commit
dates, built with the real mkdocs-material blog plugin, pymdown-extensions snippets and
mkdocs-include-markdown-plugin. Every sitemap is parsed with lxml and validated.
"""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest

from helpers import GitRepo, checked
from test_mkdocs import EXAMPLE, build, warnings_of

pytest.importorskip("material.plugins.blog")
pytest.importorskip("pymdownx.snippets")
pytest.importorskip("mkdocs_include_markdown_plugin")

BLOG = EXAMPLE / "material-blog"
BASE = "https://example.org/blog-site/"
FIRST = "2024-01-10T09:00:00+00:00"  # everything
EDITED = "2024-12-05T12:00:00+00:00"  # hello.md, published 2023-05-01, edited
EDITED_Z = "2024-12-05T12:00:00Z"
FIRST_Z = "2024-01-10T09:00:00Z"
POSTS = {
    "blog/2023/05/01/hello-world/": EDITED_Z,  # `date:` older than its last commit
    "blog/2023/11/20/release-10/": "2024-03-03",  # `date.updated`: midnight to the blog plugin
    "blog/2024/02/14/tips/": "2024-02-14",  # `date:` newer than its only commit
    "blog/2024/09/30/release-20/": "2024-10-02",  # `updated:`
    "blog/2025/06/01/roadmap/": "2025-06-01",
}
# Each view and the newest date among the posts it shows (two per page, newest first).
VIEWS = {
    "blog/": "2025-06-01",  # roadmap, release-2 (its own file: FIRST)
    "blog/page/2/": "2024-03-03",  # tips, release-1
    "blog/page/3/": EDITED_Z,  # hello
    "blog/archive/2025/": "2025-06-01",
    "blog/archive/2024/": "2024-10-02",
    "blog/archive/2023/": EDITED_Z,
    "blog/category/news/": "2025-06-01",  # roadmap, tips
    "blog/category/news/page/2/": EDITED_Z,  # hello
    "blog/category/releases/": "2024-10-02",
}
PAGES = {"": FIRST_Z, "about/": FIRST_Z, "setup/": FIRST_Z}


@pytest.fixture
def blog(git_repo) -> Path:
    """The material blog example in `repo/blog/`, committed, then one post edited."""
    repo = git_repo("repo")
    root = repo.root / "blog"
    shutil.copytree(BLOG, root, ignore=shutil.ignore_patterns("site", ".sitemap-cache"))
    repo.commit("the blog", FIRST)
    with (root / "docs" / "blog" / "posts" / "hello.md").open("a", encoding="utf-8") as f:
        f.write("\nEdited after publication.\n")
    repo.commit("edit a post", EDITED)
    return root


def test_posts_and_views_dated_by_what_they_show(blog, caplog):
    found = checked(build(blog, strict=True), BASE)
    assert found == {BASE + url: date for url, date in {**PAGES, **POSTS, **VIEWS}.items()}
    assert warnings_of(caplog) == []


def test_views_stay_dated_by_their_posts_on_the_next_build(blog):
    """A post edited between two builds: its views move to the post's commit, not to the
    second build's time (the content state saw their HTML change)."""
    build(blog)
    with (blog / "docs" / "blog" / "posts" / "release-2.md").open("a", encoding="utf-8") as f:
        f.write("\nA fix.\n")
    (blog / "docs" / "blog" / "posts" / "release-2.md").write_text(
        (blog / "docs" / "blog" / "posts" / "release-2.md")
        .read_text(encoding="utf-8")
        .replace("updated: 2024-10-02\n", ""),
        encoding="utf-8",
    )
    GitRepo(blog.parent).commit("a release note fixed", "2025-02-02T10:00:00+00:00")
    found = checked(build(blog), BASE)
    for url in ("blog/2024/09/30/release-20/", "blog/archive/2024/", "blog/category/releases/"):
        assert found[BASE + url] == "2025-02-02T10:00:00Z", url
    assert found[BASE + "blog/"] == "2025-06-01"


@pytest.mark.parametrize(
    "included, pages",
    [
        (
            "snippets/notice.md",
            [
                "",
                "blog/2023/05/01/hello-world/",
                "blog/page/3/",  # inline
                "blog/archive/2023/",
                "blog/category/news/page/2/",
            ],
        ),
        ("snippets/team.md", ["about/"]),  # block form
        ("includes/install.md", ["setup/"]),  # {% include-markdown %}
        ("includes/licence.txt", ["setup/"]),  # {% include %}
    ],
)
def test_a_commit_to_an_included_file_dates_the_pages_including_it(blog, included, pages):
    before = checked(build(blog), BASE)
    with (blog / included).open("a", encoding="utf-8") as f:
        f.write("\nOne more line.\n")
    GitRepo(blog.parent).commit(f"edit {included} only", "2025-08-08T08:00:00+00:00")
    after = checked(build(blog), BASE)
    moved = {url for url in after if after[url] != before[url]}
    assert {url: after[url] for url in moved} == {
        BASE + url: "2025-08-08T08:00:00Z" for url in pages
    }


def test_snippets_base_path_is_honoured(blog):
    """A file of the same name outside `base_path` is not what the page includes."""
    (blog / "docs" / "notice.md").write_text("Not the snippet.\n", encoding="utf-8")
    GitRepo(blog.parent).commit("a decoy", "2025-08-08T08:00:00+00:00")
    found = checked(build(blog), BASE)
    assert found[BASE] == FIRST_Z


def test_a_missing_snippet_fails_as_check_paths_asks(blog, caplog):
    index = blog / "docs" / "index.md"
    index.write_text(index.read_text(encoding="utf-8") + '\n--8<-- "gone.md"\n', encoding="utf-8")
    with pytest.raises(Exception, match="gone.md"):
        build(blog)
    assert not [
        r for r in caplog.records if r.levelno >= logging.WARNING and "sitemap_mkdocs" in r.name
    ]


def test_a_dirty_build_dates_what_it_knows(blog):
    """`mkdocs build --dirty` reads no unchanged post, so its views show no post: they
    keep only what their own file says (the blog index), never a wrong date."""
    full = checked(build(blog), BASE)
    dirty = checked(build(blog, dirty=True), BASE)
    views = {BASE + url for url in VIEWS}
    assert {url: date for url, date in dirty.items() if url not in views} == {
        url: date for url, date in full.items() if url not in views
    }
    assert {url: dirty[url] for url in views} == dict.fromkeys(views) | {BASE + "blog/": FIRST_Z}


# --- a shallow clone: GitHub Actions' default checkout -----------------------------------

HEAD = "2025-02-01T00:00:00+00:00"  # a last commit outside the blog: the clone's only one
# The depth-1 clone holds one commit: every file was last changed at or before it, so
# git dates none. A post's publication date is its lastmod only when newer than that
# commit (roadmap); a page's own modification date stands; a view is dated when nothing
# it shows can be newer than what is known, else it has no date. Nothing older than the
# truth (hello.md was edited in 2024-12: not 2023-05-01, nor its views).
SHALLOW = {
    **dict.fromkeys(PAGES),
    "blog/2023/05/01/hello-world/": None,
    "blog/2023/11/20/release-10/": "2024-03-03",
    "blog/2024/02/14/tips/": None,
    "blog/2024/09/30/release-20/": "2024-10-02",
    "blog/2025/06/01/roadmap/": "2025-06-01",
    "blog/": "2025-06-01",
    "blog/page/2/": None,  # tips, release-1
    "blog/page/3/": None,
    "blog/archive/2025/": "2025-06-01",
    "blog/archive/2024/": None,  # tips, release-2
    "blog/archive/2023/": None,
    "blog/category/news/": "2025-06-01",  # roadmap, tips
    "blog/category/news/page/2/": None,
    "blog/category/releases/": "2024-10-02",
}


@pytest.fixture
def shallow_blog(blog, tmp_path) -> Path:
    """The blog's repository, with one more commit, cloned with `--depth 1`."""
    repo = GitRepo(blog.parent)
    repo.write("README.md", "The repository's readme.\n")
    repo.commit("readme", HEAD)
    clone = tmp_path / "clone"
    repo.git("clone", "-q", "--depth", "1", f"file://{repo.root}", str(clone))
    return clone / "blog"


def test_a_shallow_clone_never_dates_a_post_by_its_publication_alone(shallow_blog, caplog):
    caplog.set_level(logging.INFO)
    found = checked(build(shallow_blog, strict=True), BASE)
    assert found == {BASE + url: date for url, date in SHALLOW.items()}
    assert warnings_of(caplog) == []
    assert any("git-shallow" in r.getMessage() for r in caplog.records)


def test_a_shallow_clone_seeded_from_the_published_sitemap_gives_the_full_dates(blog, shallow_blog):
    """The published sitemap (built from the whole history) as `seed_sitemap`: the
    one-commit clone writes the same dates."""
    published = build(blog) / "sitemap.xml"
    full = checked(published.parent, BASE)
    assert full == {BASE + url: date for url, date in {**PAGES, **POSTS, **VIEWS}.items()}
    config = shallow_blog / "mkdocs.yml"
    config.write_text(
        config.read_text(encoding="utf-8").replace(
            "  - sitemap-suite\n", f"  - sitemap-suite:\n      seed_sitemap: {published}\n"
        ),
        encoding="utf-8",
    )
    assert checked(build(shallow_blog, strict=True), BASE) == full
