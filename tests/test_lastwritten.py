"""Several sources, one output (`last_written`, `same_url_notes`): the last one written is
the page served, and each set of sources is one info line."""

from __future__ import annotations

from sitemap_core import SourceURL, last_written, same_url_notes


def test_the_last_written_stands_where_the_first_stood() -> None:
    items = [("a.md", "a/"), ("b.md", "b/"), ("a/index.md", "a/"), ("c.md", "c/")]
    kept, clashes = last_written(items, lambda item: item[1])
    assert kept == [("a/index.md", "a/"), ("b.md", "b/"), ("c.md", "c/")]
    assert clashes == [[("a.md", "a/"), ("a/index.md", "a/")]]


def test_one_info_line_per_set_naming_the_page_served() -> None:
    two = [SourceURL("x.md", "x/"), SourceURL("x/index.md", "x/")]
    three = [SourceURL("y.md", ""), SourceURL("y/README.md", ""), SourceURL("y/index.md", "")]
    again = [SourceURL("x.md", "fr/x/"), SourceURL("x/index.md", "fr/x/")]  # a language's copy
    once = [SourceURL("z.md", "z/"), SourceURL("z.md", "z/")]  # one source in two builds
    notes = list(same_url_notes([two, three, again, once], "MkDocs"))
    assert [(n.code, n.page, n.level) for n in notes] == [
        ("same-url", "x/index.md", "info"),
        ("same-url", "y/index.md", "info"),
    ]
    assert notes[0].message == (
        "x/ is built from both x.md and x/index.md; MkDocs wrote x/index.md last, so its page "
        "is the one served, listed and dated (x.md: not served; rename or remove it)"
    )
    assert notes[1].message.startswith("./ is built from y.md, y/README.md and y/index.md;")
    assert notes[1].message.endswith("(y.md and y/README.md: not served; rename or remove them)")
