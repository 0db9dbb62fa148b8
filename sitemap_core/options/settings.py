"""`Settings`, everything the core needs to write one sitemap set, and
`settings_from_options`, which checks raw option values and builds them."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..protocol.indexnow import DEFAULT_ENDPOINT
from ..protocol.sitemaps import MAX_BYTES, ChangeFreq
from ..values.closematch import did_you_mean
from ..values.codes import Code
from ..values.report import Issue
from .parsers import Rule
from .table import MAX_URLS, OPTIONS


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the core needs to write one sitemap set: a field per option of the
    table (`OPTIONS`), in its order, with what the option's default parses to (a test
    keeps the two equal)."""

    base_url: str
    filename: str = "sitemap.xml"
    formats: tuple[str, ...] = ("xml",)
    gzip: str = "no"
    gzip_level: int = 6
    lastmod: str = "auto"
    timezone: dt.tzinfo = dt.UTC
    ignore_revs_file: str = ".git-blame-ignore-revs"
    exclude: tuple[str, ...] = ()
    exclude_regex: tuple[re.Pattern[str], ...] = ()
    rules: tuple[Rule, ...] = ()
    changefreq: ChangeFreq | None = None
    priority: float | None = None
    extra_urls: tuple[str, ...] = ()
    x_default: str | bool = ""
    robots_txt: bool | str = "auto"
    validate: str = "warn"
    invalid_urls: str = "warn"
    max_urls: int = MAX_URLS
    max_bytes: int = MAX_BYTES
    cache_dir: Path | None = None
    seed_sitemap: str = ""
    indent: int = 0
    robots_feeds: tuple[str, ...] = ()
    indexnow_key: str = ""
    indexnow_endpoints: tuple[str, ...] = (DEFAULT_ENDPOINT,)
    submit: bool = False
    images: bool = False
    videos: bool = False
    news: bool = False
    news_publication: str = ""
    news_language: str = ""
    news_days: int = 2
    html_map: bool = False
    html_map_path: str = ""
    html_map_max_links: int = 100
    llms_txt: str = "no"
    build_time: dt.datetime = field(
        default_factory=lambda: dt.datetime.now(dt.UTC).replace(microsecond=0)
    )


def settings_from_options(
    values: Mapping[str, Any],
    base_url: str,
    root: Path | None = None,
    prefix: str = "",
    also_valid: tuple[str, ...] = (),
) -> tuple[Settings, list[Issue]]:
    """Check raw option values (any generator's) and build `Settings`.

    Unknown names and bad values become one `option` issue each, naming the option
    (the reporter spells it as the user wrote it) and, for a typo, the
    nearest valid name (`also_valid`: a generator's own extra names); the default is used
    instead. A list's bad item (one invalid pattern of `exclude_regex`) is one issue and
    is left out alone: the list keeps its other items. `root` is the folder relative paths (cache_dir) are taken from.
    """
    issues: list[Issue] = []
    known = {o.name: o for o in OPTIONS}
    kwargs: dict[str, Any] = {}

    def bad(name: str, message: str) -> None:
        issues.append(Issue(Code.OPTION, "", name, message))

    for name, value in values.items():
        if name not in known:
            hint = did_you_mean(name, [*(o.name for o in OPTIONS), *also_valid], prefix)
            bad(name, f"unknown sitemap option{hint}, ignored")
            continue
        if value is None or value == known[name].default:
            continue
        try:
            kwargs[name], dropped = known[name].kind.parse_kept(value, root)
        except (TypeError, ValueError) as exc:
            bad(name, f"{exc}; using the default")
            continue
        for problem in dropped:  # a list's bad item: that item alone is left out
            bad(name, f"{problem}; left out")
    if "cache_dir" not in kwargs and root is not None:
        kwargs["cache_dir"] = root / known["cache_dir"].default
    return Settings(base_url=base_url, **kwargs), issues
