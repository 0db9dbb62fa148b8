"""The option vocabulary: checked values, clear issues, defaults that match the table."""

import datetime as dt
from pathlib import Path

import pytest

from sitemap_core.options import (
    OPTIONS,
    Rule,
    Settings,
    _convert,
    settings_from_options,
)
from sitemap_core.protocol.sitemaps import ChangeFreq


def test_table_defaults_give_the_default_settings():
    made, issues = settings_from_options({o.name: o.default for o in OPTIONS}, "https://h/")
    assert issues == []
    plain = Settings(base_url="https://h/")
    for option in OPTIONS:
        got = getattr(made, option.name)
        assert got == getattr(plain, option.name), option.name
        # A value equal to the table's default is skipped, so the check above holds even if
        # the table and Settings disagree; converted as any value, the two must agree.
        # (cache_dir has no default without a config folder: see the last test.)
        if option.default is not None and option.name != "cache_dir":
            assert _convert(option.name, option.default, None) == got, option.name


def test_values_are_converted():
    made, issues = settings_from_options(
        {
            "formats": ["xml", "txt"],
            "gzip": True,
            "timezone": "Europe/Paris",
            "rules": [{"match": "blog/*", "changefreq": "Daily", "priority": "0.7"}],
            "changefreq": "weekly",
            "priority": 0.4,
            "exclude": "drafts/*",
            "cache_dir": "cache",
        },
        "https://h/",
        Path("/site"),
    )
    assert issues == []
    assert made.formats == ("xml", "txt") and made.gzip == "also"
    assert made.timezone.utcoffset(dt.datetime(2024, 7, 1)) == dt.timedelta(hours=2)
    assert made.rules == (Rule("blog/*", ChangeFreq.DAILY, 0.7),)
    assert made.changefreq is ChangeFreq.WEEKLY and made.priority == 0.4
    assert made.exclude == ("drafts/*",)
    assert made.cache_dir == Path("/site/cache")


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("formats", ["html"]),
        ("gzip", "maybe"),
        ("gzip_level", 0),
        ("lastmod", "yesterday"),
        ("timezone", "Mars/Olympus"),
        ("exclude", [1]),
        ("exclude_regex", ["("]),
        ("rules", [{"changefreq": "daily"}]),
        ("rules", [{"match": "*", "prio": 1}]),
        ("changefreq", "often"),
        ("priority", "high"),
        ("priority", 1.5),
        ("robots_txt", "yes"),
        ("validate", "loud"),
        ("invalid_urls", "ignore"),
        ("max_urls", 50_001),
        ("max_bytes", 10),
        ("filename", "../sitemap.xml"),
        ("indent", -1),
    ],
)
def test_bad_values_name_the_option_and_fall_back(name, value):
    made, issues = settings_from_options({name: value}, "https://h/")
    assert [(i.code, i.field) for i in issues] == [("option", name)]
    message = issues[0].message
    assert message.startswith(f"option {name!r}: ") and message.endswith("; using the default")
    assert getattr(made, name) == getattr(Settings("https://h/"), name)


def test_unknown_option_is_named():
    _, issues = settings_from_options({"changefrequency": "daily"}, "https://h/")
    assert [(i.code, i.field) for i in issues] == [("option", "changefrequency")]
    assert "changefrequency" in issues[0].message


def test_cache_dir_defaults_beside_the_config_file():
    made, _ = settings_from_options({}, "https://h/", Path("/project"))
    assert made.cache_dir == Path("/project/.sitemap-cache")
