"""Pages that translate each other as alternates (`alternates_by_page`)."""

from __future__ import annotations

from sitemap_core import Alternate, Translation, alternates_by_page


def test_each_page_of_a_group_lists_the_group_in_locale_order() -> None:
    found = alternates_by_page(
        [
            Translation("guide.md", "fr", "fr/guide/", "fr/guide.md"),
            Translation("guide.md", "en", "guide/", "guide.md"),
            Translation("guide.md", "pt_BR", "pt/guide/", "guide.pt_BR.md"),
            Translation("alone.md", "en", "alone/", "alone.md"),  # one language: none
        ]
    )
    links = (
        Alternate("en", "guide/"),
        Alternate("fr", "fr/guide/"),
        Alternate("pt-BR", "pt/guide/"),
    )
    assert found == {"fr/guide.md": links, "guide.md": links, "guide.pt_BR.md": links}


def test_a_language_given_twice_keeps_its_last_page() -> None:
    found = alternates_by_page(
        [
            Translation(1, "en", "a/", "a"),
            Translation(1, "en", "b/", "b"),
            Translation(1, "de", "de/", "de"),
        ]
    )
    assert found["b"] == (Alternate("de", "de/"), Alternate("en", "b/"))
    assert "a" not in found
