"""Where pages stand in a site organised as a tree of pages (`tree_places`: Sphinx's
toctree from its root document)."""

from __future__ import annotations

from sitemap_core import Place, Section, tree_places


def _places(children, names, root="index"):
    return tree_places(root, children, set(names), str.upper, lambda n: f"{n}/")


def test_the_root_first_then_its_tree_each_page_under_those_leading_to_it():
    children = {"index": ["guide", "about"], "guide": ["guide/a", "guide/b"]}
    placed = _places(children, ["index", "guide", "about", "guide/a", "guide/b"])
    guide = (Section("GUIDE", "guide/"),)
    assert placed == {
        "index": Place((), 0),
        "guide": Place((), 1),
        "guide/a": Place(guide, 2),
        "guide/b": Place(guide, 3),
        "about": Place((), 4),
    }


def test_a_page_several_lead_to_stands_under_the_first_to_reach_it_level_by_level():
    children = {"index": ["a", "b"], "a": ["a/x", "shared"], "b": ["shared"]}
    placed = _places(children, ["index", "a", "b", "a/x", "shared"])
    assert placed["shared"].section == (Section("A", "a/"),)
    deep = {"index": ["a", "shared"], "a": ["shared"]}
    assert _places(deep, ["index", "a", "shared"])["shared"] == Place((), 2)


def test_pages_nothing_leads_to_follow_by_name_and_unknown_names_are_skipped():
    placed = _places({"index": ["gone", "a"]}, ["index", "a", "z", "m"])
    other = (Section("Other pages"),)
    assert placed == {
        "index": Place((), 0),
        "a": Place((), 1),
        "m": Place(other, 2),
        "z": Place(other, 3),
    }
    assert tree_places("r", {}, {"r", "x"}, str, str, "Elsewhere")["x"].section == (
        Section("Elsewhere"),
    )
