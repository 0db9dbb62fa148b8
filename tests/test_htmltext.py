"""plain_text: the text of an HTML fragment, as Jinja's `striptags` gives it."""

from __future__ import annotations

import pytest

from sitemap_core import plain_text

CASES = {
    "Caf&eacute; &amp; <em>Cr&egrave;me</em>": "Café & Crème",
    "  a\n\t<b>b</b>  ": "a b",
    "<!-- x <b> --> y": "y",
    "<!-->z-->w": "w",  # a comment ends at a `-->` after its `<!--`
    "a < b <i>c</i>": "a c",  # a `<` opens a tag up to the next `>`
    "x <!-- open": "x <!-- open",  # unclosed: the rest stays
    "<b>x</b> y<": "x y<",
    "&amp;lt;": "&lt;",  # decoded once
}


@pytest.mark.parametrize(("fragment", "text"), CASES.items())
def test_tags_and_comments_stripped_entities_decoded(fragment: str, text: str) -> None:
    assert plain_text(fragment) == text


def test_as_markupsafe_strips_them() -> None:
    markupsafe = pytest.importorskip("markupsafe")
    assert [plain_text(f) for f in CASES] == [markupsafe.Markup(f).striptags() for f in CASES]
