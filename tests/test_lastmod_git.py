"""write_sitemaps with git dates: a shallow clone's cut-off history against publication
dates and listing pages, content in a submodule, and what the summary counts."""

from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest

from helpers import NS, GitRepo, checked, checkout_times, urls_in
from sitemap_core import write_sitemaps
from sitemap_core.facts.lastmod import read_ahead
from sitemap_core.options import settings_from_options
from sitemap_core.values.page import Page

BASE = "https://example.org/docs/"
STAMP = 1_700_000_000  # a checkout's mtime: 2023-11-14T22:13:20Z
PUBLISHED = "2021-09-26"
EDITED = "2025-11-06T09:30:00+00:00"
HEAD = "2025-12-01T00:00:00+00:00"  # the one commit of a depth-1 clone


def settings(**options):
    made, issues = settings_from_options({"validate": "off", "robots_txt": False, **options}, BASE)
    assert issues == []
    return made


def _html(folder: Path, name: str) -> str:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        f"<html><head><title>{name}</title></head><body><main><p>{name}</p></main></body></html>",
        encoding="utf-8",
    )
    return str(path)


@pytest.fixture
def blog_clone(git_repo, tmp_path) -> Path:
    """A blog's history (a post published 2021-09-26 and edited 2025-11-06, a note about
    its future, an unrelated last commit) cloned with `--depth 1`, as actions/checkout
    does by default; every file has the checkout's mtime."""
    repo = git_repo("repo")
    repo.write("posts/post.md", "first\n")
    repo.write("posts/announced.md", "written early, published later\n")
    repo.write("posts/dated.md", "its own modification date\n")
    repo.commit("publish", "2021-09-26T08:00:00+00:00")
    repo.write("posts/post.md", "edited\n")
    repo.commit("edit", EDITED)
    repo.write("README.md", "readme\n")
    repo.commit("readme", HEAD)
    clone = tmp_path / "clone"
    repo.git("clone", "-q", "--depth", "1", f"file://{repo.root}", str(clone))
    checkout_times(clone / "posts", STAMP)
    return clone


def _blog(clone: Path, out: Path) -> list[Page]:
    post = Page(
        url="post/",
        published=PUBLISHED,
        sources=(str(clone / "posts/post.md"),),
        output=_html(out, "post/index.html"),
    )
    announced = Page(  # published after the clone's oldest commit: the floor is the truth
        url="announced/",
        published="2026-01-15",
        sources=(str(clone / "posts/announced.md"),),
        output=_html(out, "announced/index.html"),
    )
    dated = Page(
        url="dated/",
        lastmod="2024-01-01",
        published="2021-09-26",
        sources=(str(clone / "posts/dated.md"),),
        output=_html(out, "dated/index.html"),
    )
    return [
        post,
        announced,
        dated,
        Page(url="archive/2021/", lists=(post, dated), output=_html(out, "archive/2021.html")),
        Page(url="blog/", lists=(announced, post), output=_html(out, "blog/index.html")),
        Page(url="tags/x/", lists=(post,), output=_html(out, "tags/x.html")),
    ]


def test_a_publication_date_is_no_lastmod_where_a_shallow_clone_cuts_the_history(
    blog_clone, tmp_path
):
    out = tmp_path / "site"
    result = write_sitemaps(_blog(blog_clone, out), out, settings(cache_dir=str(tmp_path / "c")))
    assert urls_in(out / "sitemap.xml") == {
        BASE + "post/": None,  # not 2021-09-26: it was edited in 2025, which the clone lacks
        BASE + "announced/": "2026-01-15",
        BASE + "dated/": "2024-01-01",
        BASE + "archive/2021/": None,  # post/ may be newer than dated/
        BASE + "blog/": "2026-01-15",  # nothing it lists can be newer
        BASE + "tags/x/": None,
    }
    assert [(i.code, i.level) for i in result.issues] == [("git-shallow", "info")]
    assert result.issues[0].message.startswith("2 page(s)")
    # The summary line, which every build prints, says it too (the info line may be hidden).
    assert result.summary().endswith(
        "lastmod from listed 1, page 2; 3 without: the shallow clone's history stops short of them"
    )


def test_the_seed_sitemap_dates_what_a_shallow_clone_cannot(blog_clone, tmp_path):
    seed = tmp_path / "published.xml"
    seed.write_text(
        f'<urlset xmlns="{NS["sm"]}">'
        f"<url><loc>{BASE}post/</loc><lastmod>2025-11-06T09:30:00Z</lastmod></url>"
        f"<url><loc>{BASE}archive/2021/</loc><lastmod>2025-11-06T09:30:00Z</lastmod></url>"
        f"<url><loc>{BASE}tags/x/</loc><lastmod>2025-11-06</lastmod></url>"
        "</urlset>",
        encoding="utf-8",
    )
    out = tmp_path / "site"
    result = write_sitemaps(
        _blog(blog_clone, out),
        out,
        settings(cache_dir=str(tmp_path / "c"), seed_sitemap=str(seed)),
    )
    assert urls_in(out / "sitemap.xml") == {
        BASE + "post/": "2025-11-06T09:30:00Z",
        BASE + "announced/": "2026-01-15",
        BASE + "dated/": "2024-01-01",
        BASE + "archive/2021/": "2025-11-06T09:30:00Z",
        BASE + "blog/": "2026-01-15",
        BASE + "tags/x/": "2025-11-06",
    }
    assert result.lastmod_sources == {"content": 3, "page": 2, "listed": 1}


def test_git_mode_never_gives_a_file_a_shallow_clone_cannot_date_its_mtime(blog_clone, tmp_path):
    """`lastmod: git` falls back to mtime for files git does not date but tracks (a new
    file staged); a checkout's mtime says nothing about a file git knows but cannot date
    here, nor a file's about one git does not track."""
    out = tmp_path / "site"
    staged = blog_clone / "posts" / "draft.md"
    staged.write_text("not committed\n", encoding="utf-8")
    os.utime(staged, (STAMP, STAMP))
    GitRepo(blog_clone).git("add", "posts/draft.md")
    untracked = blog_clone / "posts" / "made.md"
    untracked.write_text("not tracked\n", encoding="utf-8")
    os.utime(untracked, (STAMP, STAMP))
    pages = [
        Page(url="post/", sources=(str(blog_clone / "posts/post.md"),)),
        Page(url="draft/", sources=(str(staged),)),
        Page(url="made/", sources=(str(untracked),)),
    ]
    write_sitemaps(pages, out, settings(lastmod="git"))
    assert urls_in(out / "sitemap.xml") == {
        BASE + "post/": None,
        BASE + "draft/": "2023-11-14T22:13:20Z",
        BASE + "made/": None,
    }


def test_a_file_not_committed_is_counted_as_mtime(git_repo, tmp_path):
    repo = git_repo()
    repo.write("docs/a.md", "a\n")
    repo.write("docs/b.md", "b\n")
    repo.commit("start", "2022-01-01T00:00:00+00:00")
    edited = repo.write("docs/b.md", "b, not committed\n")
    os.utime(edited, (STAMP, STAMP))
    pages = [Page(url=f"{n}/", sources=(str(repo.root / f"docs/{n}.md"),)) for n in "ab"]
    for mode in ("auto", "git"):
        result = write_sitemaps(pages, tmp_path / mode, settings(lastmod=mode))
        assert urls_in(tmp_path / mode / "sitemap.xml") == {
            BASE + "a/": "2022-01-01T00:00:00Z",
            BASE + "b/": "2023-11-14T22:13:20Z",
        }
        assert result.lastmod_sources == {"git": 1, "mtime": 1}, mode
        assert "git 1, mtime 1" in result.summary()


@pytest.mark.parametrize("ahead", [False, True])
def test_pages_in_a_submodule_are_dated_by_the_submodule(git_repo, tmp_path, ahead):
    """A site keeping its talks in a data repository, a submodule under docs/: each page
    is dated by the repository tracking its file, not by the checkout's mtime."""
    data = git_repo("data")
    data.write("2019/talk.md", "a talk\n")
    data.commit("a talk", "2019-05-01T09:00:00+00:00")
    data.write("2020/talk.md", "another\n")
    data.commit("another talk", "2020-03-03T09:00:00-05:00")
    site = git_repo("site")
    site.write("docs/index.md", "home\n")
    site.commit("home", "2022-01-01T10:00:00+00:00")
    site.add_submodule(data, "docs/talks", "2024-06-01T00:00:00+00:00")
    checkout_times(site.root / "docs", STAMP)
    sources = {  # a talk first: the submodule is the first repository found
        "talks/2019/": "docs/talks/2019/talk.md",
        "": "docs/index.md",
        "talks/2020/": "docs/talks/2020/talk.md",
    }
    pages = [Page(url=url, sources=(str(site.root / rel),)) for url, rel in sources.items()]
    made = settings()
    history = read_ahead([page.sources[0] for page in pages], made) if ahead else None
    assert (history is not None) is ahead
    result = write_sitemaps(pages, tmp_path / "out", made, history=history)
    assert urls_in(tmp_path / "out" / "sitemap.xml") == {
        BASE + "talks/2019/": "2019-05-01T09:00:00Z",
        BASE: "2022-01-01T10:00:00Z",
        BASE + "talks/2020/": "2020-03-03T09:00:00-05:00",
    }
    assert result.lastmod_sources == {"git": 3} and result.issues == ()
    assert GitRepo(site.root / "docs/talks").last_date("2020/talk.md") == (
        "2020-03-03T09:00:00-05:00"
    )


def test_a_copy_git_does_not_track_takes_its_source_history(git_repo, tmp_path):
    """tox installs the package into `.tox/` (ignored): each copied module is dated by the
    tracked file it copies (the same bytes, the longest shared path tail, no tie), never
    by its mtime (the install's); a file no tracked one matches dates nothing."""
    repo = git_repo()
    repo.write(".gitignore", ".tox/\n.venv/\n")
    repo.write("src/attr/__init__.py", "from ._make import attrs\n")
    repo.write("src/attrs/__init__.py", "from attr import *\n")
    repo.write("src/attr/_make.py", "def attrs(): ...\n")
    repo.write("docs/api.rst", "API\n")
    repo.write("tools/a/same.py", "same\n")
    repo.write("tools/b/same.py", "same\n")
    repo.commit("start", "2022-01-01T00:00:00+00:00")
    repo.write("src/attr/_make.py", "def attrs():\n    return None\n")
    repo.commit("the module", "2023-02-02T00:00:00+00:00")
    site = repo.root / ".tox/docs/lib/python3.12/site-packages"
    copies = {
        "attr/_make.py": "def attrs():\n    return None\n",  # src/attr/_make.py
        "attr/__init__.py": "from ._make import attrs\n",  # src/attr/__init__.py, not attrs/
        "attr/old.py": "def attrs(): ...\n",  # the bytes of no tracked old.py
        "stale/_make.py": "def attrs(): ...\n",  # _make.py as it was: not what src/ has now
        "same.py": "same\n",  # tools/a/same.py or tools/b/same.py: no guess
        "made.py": "generated\n",  # no tracked file of its name
    }
    for rel, text in copies.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text(text, encoding="utf-8")
    os.makedirs(repo.root / ".venv")
    checkout_times(repo.root, STAMP)
    pages = [Page(url=f"{rel}/", sources=(str(site / rel),)) for rel in copies]
    pages.append(Page(url="api/", sources=(str(repo.root / "docs/api.rst"), str(site / "made.py"))))
    for mode in ("auto", "git"):
        out = tmp_path / mode
        result = write_sitemaps(pages, out, settings(lastmod=mode, cache_dir=None))
        assert urls_in(out / "sitemap.xml") == {
            BASE + "attr/_make.py/": "2023-02-02T00:00:00Z",
            BASE + "attr/__init__.py/": "2022-01-01T00:00:00Z",
            BASE + "attr/old.py/": None,
            BASE + "stale/_make.py/": None,
            BASE + "same.py/": None,
            BASE + "made.py/": None,
            BASE + "api/": "2022-01-01T00:00:00Z",  # its other source's
        }, mode
        assert result.lastmod_sources == {"git": 3}, mode
        assert result.issues == (), mode


def test_a_file_ignored_in_another_work_tree_dates_nothing(git_repo, tmp_path):
    """pyenv's Pythons live in its git clone, under the ignored `versions/`: a module there
    has the install's mtime, no date; outside every work tree, none either."""
    site = git_repo("site")
    site.write("docs/api.md", "api\n")
    site.commit("docs", "2022-01-01T00:00:00+00:00")
    pyenv = git_repo("pyenv")
    pyenv.write(".gitignore", "/versions/\n")
    pyenv.write("plugins/python-build/share/json/__init__.py", "not the module\n")
    pyenv.commit("pyenv", "2023-05-01T00:00:00+00:00")
    module = pyenv.write("versions/3.12.1/lib/python3.12/json/__init__.py", "the module\n")
    os.utime(module, (STAMP, STAMP))
    pages = [
        Page(url="api/", sources=(str(site.root / "docs/api.md"), str(module))),
        Page(url="_modules/json/", sources=(str(module),)),
    ]
    result = write_sitemaps(pages, tmp_path / "out", settings(cache_dir=None))
    assert urls_in(tmp_path / "out" / "sitemap.xml") == {
        BASE + "api/": "2022-01-01T00:00:00Z",
        BASE + "_modules/json/": None,
    }
    assert result.lastmod_sources == {"git": 1}


FUTURE = "2099-01-01T00:00:00+00:00"  # a committer's clock set wrong: after any build


def test_a_commit_dated_after_the_build_is_no_lastmod(git_repo, tmp_path):
    """The page falls back as for its own date in the future: its other sources, the
    content state, else none; one info line names the page and the commit."""
    repo = git_repo()
    repo.write("docs/a.md", "a\n")
    repo.write("docs/inc.md", "included\n")
    repo.write("docs/b.md", "b\n")
    repo.commit("start", "2022-01-01T00:00:00+00:00")
    repo.write("docs/b.md", "b, from a skewed clock\n")
    repo.write("docs/inc.md", "included, from a skewed clock\n")
    skewed = repo.commit("skewed", FUTURE)
    checkout_times(repo.root, STAMP)
    docs = repo.root / "docs"
    a = Page(url="a/", sources=(str(docs / "a.md"), str(docs / "inc.md")))
    b = Page(url="b/", sources=(str(docs / "b.md"),))
    pages = [a, b, Page(url="list/", lists=(a, b))]
    for mode in ("auto", "git"):
        out = tmp_path / mode
        result = write_sitemaps(pages, out, settings(lastmod=mode, cache_dir=None))
        assert urls_in(out / "sitemap.xml") == {
            BASE + "a/": "2022-01-01T00:00:00Z",  # its own file's commit
            BASE + "b/": None,  # neither the commit's date nor the checkout's mtime
            BASE + "list/": "2022-01-01T00:00:00Z",
        }, mode
        notes = sorted((i.code, i.level, i.page) for i in result.issues)
        assert notes == [("git", "info", "a/"), ("git", "info", "b/")], mode
        assert all(skewed in i.message and "2099-01-01" in i.message for i in result.issues)


def test_a_commit_dated_after_the_build_keeps_a_strict_mkdocs_build_green(
    git_repo, tmp_path, caplog
):
    """`mkdocs build --strict`: the page without us passes; with us too, the future commit
    said once, as info."""
    from mkdocs.commands import build as mkdocs_build
    from mkdocs.config import load_config

    repo = git_repo()
    repo.write(".gitignore", "site/\n")
    repo.write(
        "mkdocs.yml",
        "site_name: Skewed\nsite_url: https://example.org/docs/\nplugins:\n  - sitemap-suite\n",
    )
    repo.write("docs/index.md", "# Home\n")
    repo.write("docs/later.md", "# Later\n")
    repo.commit("start", "2022-01-01T00:00:00+00:00")
    repo.write("docs/later.md", "# Later\n\nEdited on a machine whose clock was wrong.\n")
    skewed = repo.commit("skewed", FUTURE)
    caplog.set_level(logging.INFO)
    cfg = load_config(config_file=str(repo.root / "mkdocs.yml"), strict=True)
    cfg.plugins.on_startup(command="build", dirty=False)
    try:
        mkdocs_build.build(cfg)  # strict: any warning aborts
    finally:
        cfg.plugins.on_shutdown()
    assert checked(Path(cfg.site_dir), BASE) == {
        BASE: "2022-01-01T00:00:00Z",
        BASE + "later/": None,
    }
    said = [r for r in caplog.records if skewed in r.getMessage()]
    assert [(r.levelno, "later.md" in r.getMessage()) for r in said] == [(logging.INFO, True)]
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
