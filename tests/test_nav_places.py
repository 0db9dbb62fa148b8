"""Where pages stand in a site organised by a nav of sections (`place_pages`: MkDocs'
nav as a plain tree), then the pages outside it, by folder."""

from __future__ import annotations

from sitemap_core import Branch, Place, Section, place_pages


def test_the_nav_in_order_under_its_sections_then_the_others_by_folder() -> None:
    tree = [1, Branch("Guide", [2, Branch("Deep", [3]), 1]), 4]
    others = [("b", 5), ("", 6), ("a", 7), ("b", 8), ("", 2)]  # 2 is in the nav already
    assert place_pages(tree, others) == {
        1: Place((), 0),  # shown twice: where it first stands
        2: Place((Section("Guide"),), 1),
        3: Place((Section("Guide"), Section("Deep")), 2),
        4: Place((), 3),
        6: Place((Section("Other pages"),), 4),
        7: Place((Section("a"),), 5),
        5: Place((Section("b"),), 6),
        8: Place((Section("b"),), 7),
    }


def test_no_nav() -> None:
    assert place_pages([], [("", "index")]) == {"index": Place((Section("Other pages"),), 0)}
