"""A page's dates from its metadata, given a generator's keys (`MetaDates`)."""

from __future__ import annotations

import datetime as dt

from sitemap_core import MetaDates

KEYS = MetaDates(lastmod=("updated", "last_modified", "modified"), published="date")


def test_the_sitemap_block_wins_then_the_first_key_given() -> None:
    meta = {"modified": "2024-03-01", "updated": "2024-02-01", "date": "2023-01-01"}
    assert KEYS.arguments(meta, {"lastmod": "2024-05-05", "priority": 0.5}) == {
        "priority": 0.5,
        "lastmod": "2024-05-05",
        "published": "2023-01-01",
        "keys": (("lastmod", "sitemap.lastmod"), ("published", "date")),
    }
    found = KEYS.arguments(meta, {})
    assert (found["lastmod"], found["keys"][0]) == ("2024-02-01", ("lastmod", "updated"))


def test_a_blog_date_mapping_gives_created_and_updated() -> None:
    created, updated = dt.date(2024, 1, 2), dt.date(2024, 2, 3)
    found = KEYS.arguments({"date": {"created": created, "updated": updated}}, {})
    assert found == {
        "lastmod": updated,
        "published": created,
        "keys": (("lastmod", "date.updated"), ("published", "date.created")),
    }
    given = KEYS.arguments({"date": {"created": created, "updated": updated}, "modified": "x"}, {})
    assert given["lastmod"] == "x"  # another modification key first


def test_no_dates_and_the_names_read() -> None:
    assert KEYS.arguments({"title": "T"}, {}) == {"lastmod": None, "published": None, "keys": ()}
    assert KEYS.names == ("updated", "last_modified", "modified", "date")
