"""Page metadata: the `sitemap:` value every adapter reads the same way."""

import pytest

from sitemap_core.values.page import hreflang, meta_overrides, parse_flag


@pytest.mark.parametrize(
    ("meta", "expected"),
    [
        (None, {}),
        (True, {}),
        ("yes", {}),
        (False, {"exclude": True}),
        ("off", {"exclude": True}),
        ({"exclude": True, "priority": 0.5}, {"exclude": True, "priority": 0.5}),
        (
            {"exclude": "no", "changefreq": "weekly", "lastmod": "2024-01-01"},
            {"changefreq": "weekly", "lastmod": "2024-01-01"},
        ),
        ({"priority": None}, {}),
    ],
)
def test_accepted_forms(meta, expected):
    assert meta_overrides(meta, "a.md") == (expected, [])


@pytest.mark.parametrize(
    ("meta", "field"),
    [
        ("maybe", "sitemap"),
        (3, "sitemap"),
        (["x"], "sitemap"),
        ({"exclude": "perhaps"}, "sitemap.exclude"),
        ({"priorty": 0.5}, "sitemap.priorty"),
    ],
)
def test_anything_else_is_a_metadata_issue_naming_page_and_field(meta, field):
    _, issues = meta_overrides(meta, "guide/a.md")
    assert [(i.code, i.page, i.field, i.level) for i in issues] == [
        ("metadata", "guide/a.md", field, "warning")
    ]


def test_parse_flag():
    assert [parse_flag(v) for v in (True, "TRUE", " on ", "1", False, "No", "0", "x", 1)] == [
        True,
        True,
        True,
        True,
        False,
        False,
        False,
        None,
        None,
    ]


def test_hreflang_from_a_locale_name():
    assert [hreflang(x) for x in ("pt_BR", "en", "zh_Hant_TW")] == ["pt-BR", "en", "zh-Hant-TW"]
