"""Page metadata: the `sitemap:` value every adapter reads the same way."""

import pytest

from sitemap_core.values.page import META_KEYS, hreflang, meta_overrides, near_miss, parse_flag


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


@pytest.mark.parametrize(
    ("key", "meant"),
    [
        ("chagefreq", "changefreq"),
        ("change_freq", "changefreq"),
        ("priorty", "priority"),
        ("exlude", "exclude"),
        ("lastmodd", "lastmod"),
        ("vidoes", "videos"),
        ("colour", None),
    ],
)
def test_a_near_miss_names_the_field_meant(key: str, meant: str | None) -> None:
    """Every generator's `sitemap` mapping goes through meta_overrides (MkDocs' front
    matter `sitemap:`, Sphinx's `:sitemap_*:` fields, Pelican's `Sitemap:` mapping): a
    typo of a field gets the hint an option's typo gets; another key, the list."""
    _, issues = meta_overrides({key: "weekly"}, "a.md")
    assert [(i.code, i.field, i.level) for i in issues] == [
        ("metadata", f"sitemap.{key}", "warning")
    ]
    if meant:
        assert f"not a sitemap field (did you mean {meant!r}?)" in issues[0].message
    else:
        assert f"({', '.join(META_KEYS)})" in issues[0].message


def test_ordinary_metadata_is_near_no_field() -> None:
    """Keys pages carry anyway are no typo of ours, for the mapping's fields nor for
    Pelican's own (`Priority:`, `Changefreq:`, `Sitemap*:`); ours are none either."""
    pelican = ("priority", "changefreq", "sitemap", "sitemap_exclude", "sitemap_images")
    ordinary = [
        "title",
        "date",
        "modified",
        "category",
        "tags",
        "slug",
        "author",
        "authors",
        "summary",
        "lang",
        "status",
        "template",
        "save_as",
        "url",
        "description",
        "keywords",
        "cover",
        "series",
        "subtitle",
        "private",
        "sitename",
        "site_name",
        "updated",
        "created",
        "published",
        "order",
        "weight",
        "draft",
        "hidden",
    ]
    assert [k for k in ordinary if near_miss(k) or near_miss(k, pelican)] == []
    assert [near_miss(k) for k in META_KEYS] == [None] * len(META_KEYS)
    assert near_miss("Chagefreq", pelican) == "changefreq"
    assert near_miss("sitmap", pelican) == "sitemap"
