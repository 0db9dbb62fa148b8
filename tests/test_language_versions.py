"""language_versions: a page's language versions as alternates, one URL per language."""

from __future__ import annotations

import pytest

from sitemap_core import Alternate, language_versions


@pytest.mark.parametrize(
    ("versions", "expected"),
    [
        ([("en", "a"), ("fr", "b")], (Alternate("en", "a"), Alternate("fr", "b"))),
        ([("pt_BR", "a"), ("en", "b")], (Alternate("pt-BR", "a"), Alternate("en", "b"))),
        ([("en", "a")], ()),  # a lone page
        ([("en", "a"), ("fr", "b"), ("FR", "c")], ()),  # one other left: none
        (
            [("en", "a"), ("fr", "b"), ("fr", "c"), ("de", "d")],  # fr twice: left out
            (Alternate("en", "a"), Alternate("de", "d")),
        ),
        ([("en", "a"), ("en", "b"), ("fr", "c")], ()),  # its own language twice: none
        ([], ()),
    ],
)
def test_one_url_per_language_or_none(
    versions: list[tuple[str, str]], expected: tuple[Alternate, ...]
) -> None:
    assert language_versions(versions) == expected
