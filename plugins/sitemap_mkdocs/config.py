"""The plugin's options in mkdocs.yml: the suite's shared names, typed the MkDocs way.

The types say what each option takes (and turn YAML's `no`/`off` into words); a value
they refuse is no MkDocs config error: it goes to the core as written, which checks
every value (`settings_from_options`), warns once naming the key, and uses the default.
The core also names unknown keys, with the nearest valid one, so MkDocs' own
"Unrecognised configuration name" warning is dropped. The one MkDocs-specific default
is `gzip: also`, because MkDocs itself always wrote `sitemap.xml.gz` beside `sitemap.xml`.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from mkdocs.config import base
from mkdocs.config import config_options as c

from sitemap_core import (
    FORMATS,
    GZIP_MODES,
    LASTMOD_SOURCES,
    OPTIONS,
    URL_ERROR_MODES,
    VALIDATE_MODES,
)

MKDOCS_DEFAULTS = {"gzip": "also"}
"""Options whose MkDocs default differs from the suite's."""

_DEFAULT = {option.name: option.default for option in OPTIONS} | MKDOCS_DEFAULTS
"""Each option's default, as the core's option table gives it (bar `MKDOCS_DEFAULTS`)."""


class _Word(c.Choice[str]):
    """A choice of words that also takes the YAML booleans some words load as.

    YAML 1.1 reads `no` and `off` as False and `yes` and `on` as True, so
    `gzip: no` or `validate: off` would otherwise be refused.
    """

    def __init__(
        self,
        choices: Collection[str],
        default: str,
        *,
        false: str | None = None,
        true: str | None = None,
    ) -> None:
        super().__init__(choices, default=default)
        self._booleans = {False: false, True: true}

    def run_validation(self, value: object) -> str:
        if isinstance(value, bool) and self._booleans[value] is not None:
            value = self._booleans[value]
        return super().run_validation(value)


class _AsWritten(base.BaseConfigOption[Any]):
    """An option's MkDocs type check, whose refusal hands the value on as written."""

    def __init__(self, option: base.BaseConfigOption[Any]) -> None:
        super().__init__()
        self.option = option
        self.default = option.default

    def pre_validation(self, config: base.Config, key_name: str) -> None:
        self.option.pre_validation(config, key_name)

    def run_validation(self, value: object) -> Any:
        try:
            return self.option.validate(value)
        except base.ValidationError:
            return value  # the core's check names the key and uses the default
        finally:
            self.warnings += self.option.warnings
            self.option.reset_warnings()

    def post_validation(self, config: base.Config, key_name: str) -> None:
        self.option.post_validation(config, key_name)


class _CheckedByTheCore(base.Config):
    """A config whose every option is `_AsWritten` and whose unknown keys pass quietly."""

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()  # type: ignore[no-untyped-call]  # MkDocs' own has no types
        cls._schema = tuple((name, _AsWritten(option)) for name, option in cls._schema)

    def validate(self) -> tuple[base.ConfigErrors, base.ConfigWarnings]:
        errors, warnings = super().validate()
        return errors, [(key, text) for key, text in warnings if key in self._schema_keys]


class SitemapConfig(_CheckedByTheCore):
    """`plugins: [sitemap-suite: {...}]`: every name in `sitemap_core.options.OPTIONS`."""

    filename = c.Type(str, default=_DEFAULT["filename"])
    formats = c.ListOfItems(c.Choice(FORMATS), default=_DEFAULT["formats"])
    gzip = _Word(GZIP_MODES, default=_DEFAULT["gzip"], false="no", true="also")
    gzip_level = c.Type(int, default=_DEFAULT["gzip_level"])
    lastmod = c.Choice(LASTMOD_SOURCES, default=_DEFAULT["lastmod"])
    timezone = c.Type(str, default=_DEFAULT["timezone"])
    exclude = c.ListOfItems(c.Type(str), default=_DEFAULT["exclude"])
    exclude_regex = c.ListOfItems(c.Type(str), default=_DEFAULT["exclude_regex"])
    rules = c.ListOfItems(c.Type(dict), default=_DEFAULT["rules"])
    changefreq = c.Type(str, default=_DEFAULT["changefreq"])
    priority = c.Optional(c.Type((int, float)))  # default None: unset
    extra_urls = c.ListOfItems(c.Type(str), default=_DEFAULT["extra_urls"])
    x_default = c.Type((str, bool), default=_DEFAULT["x_default"])
    robots_txt = c.Type((bool, str), default=_DEFAULT["robots_txt"])
    # `validate` would hide `Config.validate()`; MkDocs drops the trailing underscore.
    validate_ = _Word(VALIDATE_MODES, default=_DEFAULT["validate"], false="off")
    invalid_urls = c.Choice(URL_ERROR_MODES, default=_DEFAULT["invalid_urls"])
    max_urls = c.Type(int, default=_DEFAULT["max_urls"])
    max_bytes = c.Type(int, default=_DEFAULT["max_bytes"])
    cache_dir = c.Type(str, default=_DEFAULT["cache_dir"])
    seed_sitemap = c.Type(str, default=_DEFAULT["seed_sitemap"])
    indent = c.Type(int, default=_DEFAULT["indent"])
    robots_feeds = c.ListOfItems(c.Type(str), default=_DEFAULT["robots_feeds"])
    indexnow_key = c.Type(str, default=_DEFAULT["indexnow_key"])
    indexnow_endpoints = c.ListOfItems(c.Type(str), default=_DEFAULT["indexnow_endpoints"])
    submit = c.Type(bool, default=_DEFAULT["submit"])
    images = c.Type(bool, default=_DEFAULT["images"])
    videos = c.Type(bool, default=_DEFAULT["videos"])
    news = c.Type(bool, default=_DEFAULT["news"])
    news_publication = c.Type(str, default=_DEFAULT["news_publication"])
    news_language = c.Type(str, default=_DEFAULT["news_language"])
    news_days = c.Type(int, default=_DEFAULT["news_days"])
    html_map = c.Type(bool, default=_DEFAULT["html_map"])
    html_map_path = c.Type(str, default=_DEFAULT["html_map_path"])
    html_map_max_links = c.Type(int, default=_DEFAULT["html_map_max_links"])
