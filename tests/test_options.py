"""The option vocabulary: checked values, clear issues, defaults that match the table."""

import ast
import dataclasses
import datetime as dt
import re
from pathlib import Path

import pytest

from sitemap_core.options import (
    OPTIONS,
    Rule,
    Settings,
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
            assert option.parse(option.default) == got, option.name


def test_settings_has_a_field_per_option_in_the_tables_order():
    """Adding an option is one typed `Settings` field of the table: its default is what the
    option's default parses to."""
    fields = [f.name for f in dataclasses.fields(Settings)]
    assert fields == ["base_url", *(o.name for o in OPTIONS), "build_time"]
    plain = Settings(base_url="https://h/")
    for option in OPTIONS:
        unset = option.default is None or option.name == "cache_dir"  # cache_dir: see below
        default = None if unset else option.parse(option.default)
        assert getattr(plain, option.name) == default, option.name


def test_yaml_booleans_stand_for_the_words_an_option_declares():
    made, issues = settings_from_options({"gzip": False, "validate": False}, "https://h/")
    assert issues == [] and (made.gzip, made.validate) == ("no", "off")
    _, issues = settings_from_options({"validate": True}, "https://h/")
    assert [i.field for i in issues] == ["validate"]


def test_command_line_text_is_read_by_the_options_kind():
    read = {o.name: o.from_text for o in OPTIONS}
    assert read["images"]("1") is True and read["images"]("no") is False
    assert read["images"]("maybe") == "maybe"  # the core names it
    assert read["robots_txt"]("0") is False and read["robots_txt"]("auto") == "auto"
    assert read["max_urls"]("5") == 5 and read["max_urls"]("many") == "many"
    assert read["priority"]("0.5") == 0.5
    assert read["formats"]("xml,txt") == ["xml", "txt"]
    assert read["gzip"]("also") == "also"


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
        ("exclude", 5),
        ("exclude_regex", {"(": 1}),
        ("rules", "weekly"),
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
    assert not message.startswith(("option", name)) and message.endswith("; using the default")
    assert getattr(made, name) == getattr(Settings("https://h/"), name)


@pytest.mark.parametrize("option", [o for o in OPTIONS if o.choices], ids=lambda o: o.name)
def test_a_misspelt_choice_names_the_nearest(option):
    """Every option of words (`lastmod: gti`) says which it meant, as option names do."""
    meant = option.choices[-1]
    misspelt = meant[1] + meant[0] + meant[2:]
    _, issues = settings_from_options(
        {option.name: [misspelt] if option.type.startswith("list") else misspelt}, "https://h/"
    )
    assert [i.field for i in issues] == [option.name]
    assert f"{misspelt!r} is not one of " in issues[0].message
    assert f"(did you mean {meant!r}?)" in issues[0].message


def test_a_choice_far_from_any_names_none():
    _, issues = settings_from_options({"lastmod": "svn"}, "https://h/")
    assert "did you mean" not in issues[0].message


@pytest.mark.parametrize(
    ("name", "value", "kept", "named"),
    [
        ("exclude", ["a/*", 1, "b/"], ("a/*", "b/"), "1 is not a string"),
        ("exclude_regex", [r"/tag/", "(bad"], (re.compile("/tag/"),), "'(bad' is not a regular"),
        ("formats", ["txt", "tx"], ("txt",), "'tx' is not one of xml, txt"),
        (
            "rules",
            [{"match": "a/*", "priority": 0.2}, {"match": "*", "prio": 1}],
            (Rule("a/*", priority=0.2),),
            "unknown keys ['prio']",
        ),
        ("rules", [{"match": "*", "changefreq": "often"}], (), "rule {'match': '*', "),
    ],
)
def test_a_lists_bad_item_alone_is_left_out(name, value, kept, named):
    made, issues = settings_from_options({name: value}, "https://h/")
    assert getattr(made, name) == kept
    assert [(i.code, i.field) for i in issues] == [("option", name)]
    assert named in issues[0].message and issues[0].message.endswith("; left out")


def test_unknown_option_is_named():
    _, issues = settings_from_options({"changefrequency": "daily"}, "https://h/")
    assert [(i.code, i.field) for i in issues] == [("option", "changefrequency")]
    assert issues[0].message == "unknown sitemap option, ignored"  # the field names it


def test_cache_dir_defaults_beside_the_config_file():
    made, _ = settings_from_options({}, "https://h/", Path("/project"))
    assert made.cache_dir == Path("/project/.sitemap-cache")


def _option_names_spelt(path: Path, names: set[str]) -> set[str]:
    """The option names a module spells: as annotated names (a class's fields), keyword
    arguments or strings."""
    spelt: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            spelt.add(node.target.id)
        elif isinstance(node, ast.keyword) and node.arg:
            spelt.add(node.arg)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            spelt.add(node.value)
    return spelt & names


def test_option_names_appear_in_one_module_of_the_core():
    """Each option is declared once: `Settings`' field in the table (`options/table.py`)
    is its name, type, kind, default and meaning. No other module spells the options' list
    again (a class of fields, a dict of defaults): each names at most the few it uses."""
    root = Path(__file__).resolve().parents[1]
    names = {o.name for o in OPTIONS}
    spelt = {
        path.relative_to(root).as_posix(): _option_names_spelt(path, names)
        for folder in ("sitemap_core", "plugins")
        for path in sorted((root / folder).rglob("*.py"))
    }
    assert spelt.pop("sitemap_core/options/table.py") == names
    assert {path: len(found) for path, found in spelt.items() if len(found) > len(names) // 4} == {}


def test_each_option_is_a_field_of_settings_that_carries_its_row():
    """`OPTIONS` is read from `Settings`: each row is a field's metadata, named by it."""
    rows = [f.metadata["option"] for f in dataclasses.fields(Settings) if f.metadata]
    assert [dataclasses.replace(row, name="") for row in OPTIONS] == rows
