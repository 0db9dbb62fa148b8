"""`WrittenFiles`: the pages given one at a time are those `made` holds, in its order."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from sitemap_core import Page, WrittenFiles

# A write: its file (of a few, so that files are written again), whether it overrides the
# file's other writes, and whether it is left out (no page).
WRITES = st.lists(st.tuples(st.sampled_from("abcd"), st.booleans(), st.booleans()), max_size=12)


def _files(writes: list[tuple[str, bool, bool]]) -> WrittenFiles:
    files = WrittenFiles(("n", "over", "out"), "site")
    for n, (path, over, out) in enumerate(writes):
        files.add(path, {"n": n, "over": over, "out": out, "site": []})
    return files


def _page(path: str, items: Any) -> Page | None:
    return None if items["out"] else Page(f"{path}/{items['n']}")


def _overrides(items: Any) -> bool:
    return bool(items["over"])


@settings(max_examples=300, deadline=None)
@given(WRITES, st.integers(min_value=0, max_value=12))
def test_pages_given_as_asked_are_the_pages_made(writes, made_first):
    """However files are written again, overridden or left out, and whether some were made
    before (a site map page asks for the pages written so far), `given` yields what
    `made` holds at the end, in its order, and keeps none of them."""
    want = list(_files(writes).made(_page, _overrides).values())
    files = _files(writes[:made_first])
    files.made(_page, _overrides)
    for n, (path, over, out) in enumerate(writes[made_first:], made_first):
        files.add(path, {"n": n, "over": over, "out": out, "site": []})
    assert list(files.given(_page, _overrides)) == want
    assert files.made(_page, _overrides) == {}


def test_a_page_is_given_once_no_write_left_can_change_it():
    """A file written once is given as soon as it is made; one written again waits for its
    last write, and the pages after it wait with it."""
    files = _files([("a", False, False), ("b", False, False), ("a", True, False)])
    asked: list[str] = []

    def page(path: str, items: Any) -> Page | None:
        asked.append(path)
        return _page(path, items)

    pages = files.given(page, _overrides)
    assert next(pages).url == "a/2" and asked == ["a", "b", "a"]
    assert next(pages).url == "b/1"
    files = _files([("a", False, False), ("b", False, False)])
    asked.clear()
    pages = files.given(page, _overrides)
    assert next(pages).url == "a/0" and asked == ["a"]
