"""Pelican's settings in, core `Settings` out: `SITEURL`, `TIMEZONE` and the `SITEMAP` dict.

`SITEMAP` takes the suite's shared option names plus pelican-sitemap's keys, which keep
their meaning: `format` ("xml"/"txt"), `exclude` (regular expressions on the URL),
`priorities` and `changefreqs` (values per content type). The suite's glob exclusion is
spelt `exclude_globs` here, since `exclude` already means regular expressions.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sitemap_core import (
    Code,
    Issue,
    Settings,
    SitemapBuild,
    parse_changefreq,
    parse_priority,
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
    spelled: Mapping[str, str]  # the core option -> the `SITEMAP` key the user wrote

    def respelled(self, issue: Issue) -> Issue:
        """`issue` naming the option by the key the user wrote (`exclude`: the core's
        `exclude_regex`)."""
        return _respelled(issue, self.spelled)


def load(pelican_settings: Mapping[str, Any]) -> tuple[SitemapBuild, SiteConfig | None]:
    """This run's sitemap from `SITEURL` and `SITEMAP`, with the site's per-type defaults;
    no `SiteConfig` when no sitemap can be written (the build says why)."""
    raw = pelican_settings.get("SITEMAP") or {}
    issues: list[Issue] = []
    if not isinstance(raw, Mapping):
        issues.append(
            Issue(
                Code.OPTION,
                "",
                "SITEMAP",
                f"SITEMAP must be a dict, not {raw!r}; using the defaults",
            )
        )
        raw = {}
    values, spelled, per_type = _split(raw, issues)
    values.setdefault("timezone", pelican_settings.get("TIMEZONE") or "")
    build = SitemapBuild.configure(
        values,
        pelican_settings.get("SITEURL") or "",
        setting="SITEURL",
        root=_config_folder(pelican_settings),
        also_valid=(*RENAMED, *PER_TYPE),
        site={  # unset: the main site's language and name
            "x_default": pelican_settings.get("DEFAULT_LANG") or "",
            "news_publication": pelican_settings.get("SITENAME") or "",
        },
    )
    if build.settings is None:
        return build, None
    issues += [_respelled(i, spelled) for i in build.take_issues()]
    site = SiteConfig(build.settings, _by_type(per_type, issues), spelled)
    build.note(issues)
    return build, site


def _split(
    raw: Mapping[str, Any], issues: list[Issue]
) -> tuple[dict[str, Any], dict[str, str], dict[str, Any]]:
    """Core option values (renamed), the names the user wrote, and the per-type dicts."""
    values: dict[str, Any] = {}
    spelled: dict[str, str] = {}
    per_type: dict[str, Any] = {}
    for key, value in raw.items():
        if key in PER_TYPE:
            per_type[key] = value
            continue
        name = RENAMED.get(key, key)
        if name in values:
            issues.append(
                Issue(
                    Code.OPTION,
                    "",
                    key,
                    f"SITEMAP[{key!r}] and "
                    f"SITEMAP[{spelled.get(name, name)!r}] set the same option; "
                    f"give only one (using SITEMAP[{key!r}])",
                )
            )
        values[name] = value
        spelled[name] = key
        if key == "exclude":
            issues += _anchored(value)
    return values, spelled, per_type


def _respelled(issue: Issue, spelled: Mapping[str, str]) -> Issue:
    """Name an option issue by the key the user wrote (`format`, not `formats`)."""
    key = spelled.get(issue.field, issue.field)
    if key == issue.field:
        return issue
    message = issue.message.removeprefix(f"option {issue.field!r}: ")  # not the core's name
    return Issue(issue.code, issue.page, key, f"SITEMAP[{key!r}]: {message}", issue.level)


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
            "exclude",
            f"SITEMAP['exclude'] pattern {p!r} is anchored with '^', but patterns are "
            "searched in the absolute URL (https://...); write '/' instead of '^' "
            "to match the start of a path",
        )
        for p in patterns
        if isinstance(p, str) and p.startswith("^") and not p.startswith(("^http", "^(http"))
    ]


def _by_type(per_type: Mapping[str, Any], issues: list[Issue]) -> dict[str, dict[str, Any]]:
    """`{"articles": {"priority": 0.8}, ...}` from `priorities`/`changefreqs`, checked."""
    out: dict[str, dict[str, Any]] = {t: {} for t in TYPES}
    for key, value in per_type.items():
        target, parse = PER_TYPE[key]
        if not isinstance(value, Mapping):
            issues.append(
                Issue(
                    Code.OPTION,
                    "",
                    key,
                    f"SITEMAP[{key!r}] must be a dict with "
                    f"keys {', '.join(TYPES)}, not {value!r}; ignored",
                )
            )
            continue
        for kind, item in value.items():
            where = f"SITEMAP[{key!r}][{kind!r}]"
            if kind not in out:
                issues.append(
                    Issue(
                        Code.OPTION,
                        "",
                        key,
                        f"{where}: unknown content type (use {', '.join(TYPES)}); ignored",
                    )
                )
                continue
            try:
                out[kind][target] = parse(item)
            except ValueError as exc:
                issues.append(Issue(Code.OPTION, "", key, f"{where}: {exc}; ignored"))
    return out


def _config_folder(pelican_settings: Mapping[str, Any]) -> Path:
    """The folder of pelicanconf.py: looked for from `PATH` upwards, else the working folder.

    Pelican keeps no record of its config file; read_settings makes `PATH` absolute
    relative to it, and the content folder is usually in, or is, the config's folder.
    """
    start = Path(pelican_settings.get("PATH") or os.curdir).resolve()
    for folder in (start, *start.parents):
        if (folder / "pelicanconf.py").is_file():
            return folder
    return Path.cwd()
