"""Options another plugin spelt its own way: renamed keys, per-kind value tables."""

from __future__ import annotations

from sitemap_core import parse_priority, per_kind, renamed_options
from sitemap_core.values.codes import Code


def test_renamed_options_take_the_cores_names_and_say_an_option_set_twice() -> None:
    raw = {"format": "txt", "formats": "xml", "gzip": "also", "priorities": {}}
    values, spelled, issues = renamed_options(
        raw, {"format": "formats"}, "SITEMAP[{!r}]", skip={"priorities"}
    )
    assert values == {"formats": "xml", "gzip": "also"}
    assert spelled == {"formats": "formats", "gzip": "gzip"}
    assert [(i.code, i.field, i.message) for i in issues] == [
        (
            Code.OPTION,
            "formats",
            "SITEMAP['format'] sets the same option; give only one (using SITEMAP['formats'])",
        )
    ]


def test_per_kind_tables_fill_each_kind_and_say_what_they_ignore() -> None:
    options = {
        "gzip": "also",  # not a table: not read
        "priorities": {"articles": "0.8", "posts": 1, "pages": "high"},
        "changefreqs": "weekly",
    }
    fields = {"priorities": ("priority", parse_priority), "changefreqs": ("changefreq", str)}
    out, issues = per_kind(options, fields, ("articles", "pages"))
    assert out == {"articles": {"priority": 0.8}, "pages": {}}
    said = [(i.field, i.message) for i in issues]
    assert said[0] == (
        "priorities",
        "['posts']: unknown content type (use articles, pages); ignored",
    )
    assert said[1][0] == "priorities" and said[1][1].startswith("['pages']: ")
    assert said[2] == (
        "changefreqs",
        "must be a dict with keys articles, pages, not 'weekly'; ignored",
    )
