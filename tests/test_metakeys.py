"""MetaKeys: a page's flat metadata as `Page` arguments, one rule for every generator."""

from __future__ import annotations

import pytest

from sitemap_core import MetaKeys
from sitemap_core.values.codes import Code

PELICAN = MetaKeys(
    "Sitemap",
    {
        "exclude": "Sitemap_exclude",
        "priority": "Priority",
        "changefreq": "Changefreq",
        "images": "Sitemap_images",
        "videos": "Sitemap_videos",
    },
    {"published": "Date", "lastmod": "Modified"},
    folded=True,
)
SPHINX = MetaKeys(
    "sitemap",
    {f: f"sitemap_{f}" for f in ("exclude", "priority", "changefreq", "images", "videos")},
    {"lastmod": "sitemap_lastmod"},
    form="`:{}`",
)


def read(keys: MetaKeys, metadata: dict[str, object]) -> tuple[dict[str, object], list[str]]:
    found, issues = keys.read(metadata, "a.md", set())
    assert all(i.code == Code.METADATA and i.page == "a.md" for i in issues)
    return found, [i.message for i in issues]


@pytest.mark.parametrize(
    ("metadata", "expected"),
    [
        ({"title": "A"}, {}),
        ({"priority": "0.8", "changefreq": "weekly"}, {"priority": "0.8", "changefreq": "weekly"}),
        ({"sitemap": "false"}, {"exclude": True}),
        ({"sitemap": True}, {}),
        ({"sitemap_exclude": "yes"}, {"exclude": True}),
        ({"sitemap_exclude": "no"}, {}),
        ({"sitemap_images": "false", "sitemap_videos": "off"}, {"images": (), "videos": ()}),
        ({"sitemap_images": "true"}, {}),
        ({"sitemap": {"priority": 0.3}, "priority": "0.9"}, {"priority": 0.3}),  # the block wins
        (
            {"sitemap": {"lastmod": "2024-01-02"}},
            {
                "lastmod": "2024-01-02",
                "keys": (("published", "date"), ("lastmod", "sitemap.lastmod")),
            },
        ),
    ],
)
def test_metadata_becomes_page_arguments(metadata: dict[str, object], expected: object) -> None:
    assert read(PELICAN, metadata) == (expected, [])


def test_how_spells_each_field_the_generators_way() -> None:
    assert PELICAN.how == (
        "use `Sitemap: false` (or `Sitemap_exclude: true`) to leave a page out, `Priority:`, "
        "`Changefreq:`, `Modified:` for its sitemap fields, and `Sitemap_images: false`, "
        "`Sitemap_videos: false` to list none of its media"
    )
    assert SPHINX.how.startswith("use `:sitemap: false` (or `:sitemap_exclude: true`)")
    assert PELICAN.keys == (("published", "date"), ("lastmod", "modified"))


@pytest.mark.parametrize(
    ("key", "hint"),
    [
        ("chagefreq", " (did you mean `Changefreq:`?)"),  # a near miss of a key of ours
        ("sitmap", " (did you mean `Sitemap:`?)"),
        ("sitemap_priority", " (did you mean `Priority:`?)"),  # a field by its name elsewhere
        ("sitemap_lastmod", " (did you mean `Modified:`?)"),
        ("sitemap_modified", " (did you mean `Modified:`?)"),
        ("sitemap_colour", ""),  # ours by its start, none of ours
    ],
)
def test_a_key_like_ours_is_an_issue_with_a_hint(key: str, hint: str) -> None:
    found, said = read(PELICAN, {key: "x", "title": "A"})
    assert found == {}
    assert said == [f"not a sitemap metadata field{hint}; ignored: {PELICAN.how}"]


def test_a_flag_that_is_no_flag_is_an_issue_and_ignored() -> None:
    found, said = read(PELICAN, {"sitemap": "maybe", "sitemap_images": 3})
    assert found == {}
    assert said == [
        f"'maybe' is not true or false; ignored: {PELICAN.how}",
        f"3 is not true or false; ignored: {PELICAN.how}",
    ]


def test_plain_keys_are_learnt_and_skipped() -> None:
    """Keys neither ours nor like one are gathered; a page with only those costs a set test."""
    plain: set[str] = set()
    assert PELICAN.read({"title": "A", "tags": "x", "priority": "1"}, "a", plain) == (
        {"priority": "1"},
        [],
    )
    assert plain == {"title", "tags"}
    assert PELICAN.read({"title": "B"}, "b", plain) == ({}, [])


def test_unfolded_keys_are_read_as_written() -> None:
    assert read(SPHINX, {"sitemap_priority": "0.5", "sitemap_exclude": True}) == (
        {"priority": "0.5", "exclude": True},
        [],
    )
