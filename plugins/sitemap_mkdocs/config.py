"""The plugin's options in mkdocs.yml: MkDocs' schema, made from the core's option table.

Each option of `sitemap_core.OPTIONS` becomes one `_AsWritten` entry: its default, and
any value handed on as written, since a value MkDocs refused would be no config error of
ours: the core checks every value (`settings_from_options`), warns once naming the key,
and uses the default. The one thing read here is YAML's booleans for words (`gzip: no`
and `validate: off` load as False), read back as the words the option declares. The core
also names unknown keys, with the nearest valid one, so MkDocs' own "Unrecognised
configuration name" warning is dropped. The one MkDocs-specific default is `gzip: also`,
because MkDocs itself always wrote `sitemap.xml.gz` beside `sitemap.xml`.
"""

from __future__ import annotations

from typing import Any

from mkdocs.config import base

from sitemap_core import OPTIONS, Option

MKDOCS_DEFAULTS = {"gzip": "also"}
"""Options whose MkDocs default differs from the suite's."""


class _AsWritten(base.BaseConfigOption[Any]):
    """One shared option: its default, and a value as written (YAML's booleans as the
    option's words), for the core to check."""

    def __init__(self, option: Option) -> None:
        super().__init__()
        self.default = MKDOCS_DEFAULTS.get(option.name, option.default)
        self._words = option.words

    def run_validation(self, value: object) -> Any:
        if value is None:  # `key:` with no value, as MkDocs' own types read it
            return self.default
        if isinstance(value, bool) and value in self._words:
            return self._words[value]
        return value


class _FromTheTable(base.Config):
    """A config with an `_AsWritten` entry per option of the table, whose unknown keys
    pass quietly (the core names them)."""

    def __init_subclass__(cls) -> None:
        for option in OPTIONS:
            # A name the config itself has (`validate`) takes MkDocs' trailing underscore,
            # which MkDocs drops from the key.
            attribute = option.name + "_" if hasattr(base.Config, option.name) else option.name
            entry = _AsWritten(option)
            entry.__set_name__(cls, attribute)  # type: ignore[no-untyped-call]  # MkDocs'
            setattr(cls, attribute, entry)
        super().__init_subclass__()  # type: ignore[no-untyped-call]  # MkDocs' own has no types

    def validate(self) -> tuple[base.ConfigErrors, base.ConfigWarnings]:
        errors, warnings = super().validate()
        return errors, [(key, text) for key, text in warnings if key in self._schema_keys]


class SitemapConfig(_FromTheTable):
    """`plugins: [sitemap-suite: {...}]`: every name in `sitemap_core.OPTIONS`."""
