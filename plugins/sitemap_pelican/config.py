"""Pelican's settings in, core `Settings` out: `SITEURL`, `TIMEZONE` and the `SITEMAP` dict.

`SITEMAP` takes the suite's shared option names plus pelican-sitemap's keys, which keep
their meaning: `format` ("xml"/"txt"), `exclude` (regular expressions on the URL),
`priorities` and `changefreqs` (values per content type). The suite's glob exclusion is
spelt `exclude_globs` here, since `exclude` already means regular expressions.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sitemap_core import (
    Code,
    Issue,
    Settings,
    Site,
    SitemapBuild,
    Spelling,
    Voice,
    folder_with,
    parse_changefreq,
    parse_priority,
    per_kind,
    renamed_options,
)

TYPES = ("articles", "indexes", "pages")

# pelican-sitemap's spelling -> the core option it means.
RENAMED = {"format": "formats", "exclude": "exclude_regex", "exclude_globs": "exclude"}

# pelican-sitemap's per-type dicts -> the `Page` field each value fills, and its checker.
PER_TYPE: dict[str, tuple[str, Callable[[Any], Any]]] = {
    "priorities": ("priority", parse_priority),
    "changefreqs": ("changefreq", parse_changefreq),
}


@dataclass(frozen=True, slots=True)
class SiteConfig:
    """The core settings, plus the per-type defaults only Pelican has."""

    settings: Settings
    by_type: Mapping[str, Mapping[str, Any]]  # every one of TYPES, maybe empty


def load(
    pelican_settings: Mapping[str, Any], voice: Voice
) -> tuple[SitemapBuild, SiteConfig | None]:
    """This run's sitemap from `SITEURL` and `SITEMAP`, said through `voice`, with the
    site's per-type defaults; no `SiteConfig` when no sitemap can be written (the build
    says why)."""
    raw = pelican_settings.get("SITEMAP") or {}
    issues: list[Issue] = []
    if not isinstance(raw, Mapping):
        issues.append(
            Issue(Code.OPTION, "", "", f"SITEMAP must be a dict, not {raw!r}; using the defaults")
        )
        raw = {}
    values, spelled, found = renamed_options(raw, RENAMED, "SITEMAP[{!r}]", skip=PER_TYPE)
    issues += found + _anchored(raw.get("exclude"))
    values.setdefault("timezone", pelican_settings.get("TIMEZONE") or "")
    spelling = Spelling(_settings_file(), "SITEURL", "SITEMAP[{!r}]", "sitemap_{}", renamed=spelled)
    build = SitemapBuild.configure(
        values,
        pelican_settings.get("SITEURL") or "",
        voice=voice,
        spelling=spelling,
        site=Site(  # the main site's
            str(pelican_settings.get("SITENAME") or ""),
            default_language=str(pelican_settings.get("DEFAULT_LANG") or ""),
        ),
        root=_config_folder(pelican_settings),
        also_valid=(*RENAMED, *PER_TYPE),
        development=True,  # pelican-quickstart's pelicanconf.py: `SITEURL = ""`
    )
    if build.settings is None:
        build.note(issues)
        return build, None
    by_type, found = per_kind(raw, PER_TYPE, TYPES)
    build.note(issues + found)
    site = SiteConfig(build.settings, by_type)
    return build, site


def _anchored(patterns: Any) -> list[Issue]:
    """pelican-sitemap searched relative URLs; a `^name/` pattern never matches here."""
    if isinstance(patterns, str):
        patterns = [patterns]
    if not isinstance(patterns, (list, tuple)):
        return []
    return [
        Issue(
            Code.OPTION,
            "",
            "exclude_regex",
            f"pattern {p!r} is anchored with '^', but patterns are "
            "searched in the absolute URL (https://...); write '/' instead of '^' "
            "to match the start of a path",
        )
        for p in patterns
        if isinstance(p, str) and p.startswith("^") and not p.startswith(("^http", "^(http"))
    ]


def _settings_file() -> str:
    """The settings file this build was given (`pelican -s publishconf.py`), as messages
    name it; Pelican keeps no record of it: read from the command line, else
    `pelicanconf.py`, Pelican's default."""
    args = sys.argv[1:]
    for i, arg in enumerate(args):
        if arg in ("-s", "--settings") and i + 1 < len(args):
            return os.path.basename(args[i + 1])
        if arg.startswith("--settings="):
            return os.path.basename(arg.partition("=")[2])
    return "pelicanconf.py"


def _config_folder(pelican_settings: Mapping[str, Any]) -> Path:
    """The folder of pelicanconf.py: looked for from `PATH` upwards, else the working folder.

    Pelican keeps no record of its config file; read_settings makes `PATH` absolute
    relative to it, and the content folder is usually in, or is, the config's folder.
    """
    return (
        folder_with("pelicanconf.py", Path(pelican_settings.get("PATH") or os.curdir)) or Path.cwd()
    )
