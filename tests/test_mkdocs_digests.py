"""Content digests only where they can change a page's date: in `lastmod: auto`, a page
with included files is digested when git dates one of them newer than the page's own
file (then an unchanged rendering keeps its older date); when its own file is the newest,
that date is the page's, as for a page that includes nothing, and no digest is made.

Real `mkdocs build`s with pymdown-extensions snippets, in a git repository with fixed
commit dates; sitemaps parsed with lxml and checked by the validator; the content state
read as saved. A build that finds no state only starts one (it digests nothing): each
test builds once before the build it checks.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
import yaml

from helpers import GitRepo, checked
from test_mkdocs import build

BASE = "https://example.org/"
OLD = "2023-04-03T08:00:00+00:00"
MID = "2024-06-01T12:00:00+00:00"
NEW = "2025-02-10T16:45:00+00:00"

pytest.importorskip("pymdownx.snippets")


@pytest.fixture
def site(git_repo) -> tuple[GitRepo, Path]:
    """`own.md` includes a snippet and is edited after it; `dep.md` includes another, edited
    after the page; `plain.md` includes nothing."""
    repo = git_repo("repo")
    config = {
        "site_name": "Digests",
        "site_url": BASE,
        "markdown_extensions": [
            {"pymdownx.snippets": {"base_path": [str(repo.root / "snippets")]}}
        ],
        "plugins": ["sitemap-suite"],
    }
    repo.write("mkdocs.yml", yaml.safe_dump(config, sort_keys=False))
    repo.write(".gitignore", "site/\n.sitemap-cache/\n")
    repo.write("docs/index.md", "# Home\n")
    repo.write("docs/own.md", '# Own\n\n--8<-- "a.md"\n')
    repo.write("docs/dep.md", '# Dep\n\n--8<-- "b.md"\n')
    repo.write("docs/plain.md", "# Plain\n")
    repo.write("snippets/a.md", "Snippet A.\n")
    repo.write("snippets/b.md", "Snippet B.\n")
    repo.commit("the site", OLD)
    repo.write("docs/own.md", '# Own\n\nEdited.\n\n--8<-- "a.md"\n')
    repo.commit("own.md edited", MID)
    repo.write("snippets/b.md", "Snippet B, edited.\n")
    repo.commit("b.md edited", NEW)
    return repo, repo.root


def state(root: Path) -> dict[str, list[str]]:
    return json.loads((root / ".sitemap-cache" / "content-state.json").read_text())


def test_only_a_page_with_a_newer_included_file_is_digested(site):
    repo, root = site
    build(root, site_dir=str(root / "site"))
    assert state(root) == {}
    out = build(root, site_dir=str(root / "site"))
    dates = checked(out, BASE)
    assert dates[f"{BASE}own/"] == "2024-06-01T12:00:00Z"  # its own file's date
    assert dates[f"{BASE}dep/"] == "2025-02-10T16:45:00Z"  # its snippet's
    assert dates[f"{BASE}plain/"] == "2023-04-03T08:00:00Z"
    assert sorted(state(root)) == [f"{BASE}dep/"]


def test_a_commit_that_leaves_the_rendering_unchanged_keeps_the_older_date(site):
    repo, root = site
    build(root, site_dir=str(root / "site"))
    build(root, site_dir=str(root / "site"))
    repo.write("snippets/b.md", "Snippet B, edited.\n\n")  # renders the same
    repo.commit("b.md: a blank line", "2025-09-01T00:00:00+00:00")
    dates = checked(build(root, site_dir=str(root / "site")), BASE)
    assert dates[f"{BASE}dep/"] == "2025-02-10T16:45:00Z"
    assert dates[f"{BASE}own/"] == "2024-06-01T12:00:00Z"
    # A page whose own file becomes the newest is dated by it, and leaves the state.
    repo.write("docs/dep.md", '# Dep\n\nEdited.\n\n--8<-- "b.md"\n')
    repo.commit("dep.md edited", "2025-10-01T00:00:00+00:00")
    dates = checked(build(root, site_dir=str(root / "site")), BASE)
    assert dates[f"{BASE}dep/"] == "2025-10-01T00:00:00Z"
    assert f"{BASE}dep/" not in state(root)


def test_a_page_built_to_the_same_bytes_is_not_digested_again(site, monkeypatch):
    """The second build finds the page's main content again only when its file changed;
    the dates are those of a build that digests every time."""
    from sitemap_core.facts import contentstate

    repo, root = site
    made: list[bytes] = []
    digest = contentstate.content_digest
    monkeypatch.setattr(
        contentstate, "content_digest", lambda html: made.append(html) or digest(html)
    )
    first = checked(build(root, site_dir=str(root / "site")), BASE)
    assert made == []  # no state yet: nothing to compare a digest with
    assert checked(build(root, site_dir=str(root / "site")), BASE) == first
    assert len(made) == 1  # dep.md's
    memo = json.loads((root / ".sitemap-cache" / "content-digests.json").read_text())
    assert list(memo.values()) == [state(root)[f"{BASE}dep/"][0]]
    made.clear()
    assert checked(build(root, site_dir=str(root / "site")), BASE) == first
    assert made == []
    repo.write("snippets/b.md", "Snippet B, edited again.\n")
    repo.commit("b.md edited again", "2025-11-01T00:00:00+00:00")
    dates = checked(build(root, site_dir=str(root / "site")), BASE)
    assert len(made) == 1 and b"edited again" in made[0]
    assert dates[f"{BASE}dep/"] == "2025-11-01T00:00:00Z"


def test_each_built_page_is_read_once_for_its_head_media_and_digest(site, monkeypatch):
    """With images and videos on, a page's head, its media and its content digest come
    from one read of its built file (`htmlhead.BuiltPage`); without, the head is read
    alone, and a digest reads the rest of the file."""
    from sitemap_core.facts import htmlhead

    repo, root = site
    monkeypatch.setattr(htmlhead, "_FIRST", 512)  # heads end past the first read: pages
    monkeypatch.setattr(htmlhead, "_CHUNK", 512)  # go on past it
    first = checked(build(root, site_dir=str(root / "site")), BASE)  # starts the state
    reads: Counter[str] = Counter()
    for name in ("_read_head", "_read_rest"):
        real = getattr(htmlhead.BuiltPage, name)
        monkeypatch.setattr(
            htmlhead.BuiltPage,
            name,
            lambda page, *more, real=real, name=name: (
                reads.update([f"{name} {page.path}"]) or real(page, *more)
            ),
        )
    dep = f"{root / 'site' / 'dep' / 'index.html'}"
    assert checked(build(root, site_dir=str(root / "site")), BASE) == first
    assert reads[f"_read_rest {dep}"] == 1 and len(reads) == 5, reads
    assert set(reads.values()) == {1}, reads
    config = yaml.safe_load((root / "mkdocs.yml").read_text())
    config["plugins"] = [{"sitemap-suite": {"images": True, "videos": True}}]
    (root / "mkdocs.yml").write_text(yaml.safe_dump(config, sort_keys=False))
    reads.clear()
    assert checked(build(root, site_dir=str(root / "site")), BASE) == first
    assert sorted(state(root)) == [f"{BASE}dep/"]  # digested
    assert len(reads) == 4 and set(reads.values()) == {1}, reads
    assert f"_read_head {dep}" in reads
