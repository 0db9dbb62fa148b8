"""Which pages are left out, and the changefreq and priority rules give the rest."""

from __future__ import annotations

from fnmatch import fnmatchcase

from ..options import Rule, Settings
from ..protocol.sitemaps import ChangeFreq


def _matches(pattern: str, path: str) -> bool:
    return fnmatchcase(path, pattern.lstrip("/"))


def excluded(path: str, url: str, settings: Settings) -> bool:
    """True if the site-relative `path` matches an `exclude` glob or `url` an `exclude_regex`."""
    return any(_matches(p, path) for p in settings.exclude) or any(
        r.search(url) for r in settings.exclude_regex
    )


def defaults(path: str, settings: Settings) -> tuple[ChangeFreq | None, float | None]:
    """changefreq and priority from the first matching rule, else the site defaults."""
    rule: Rule | None = next((r for r in settings.rules if _matches(r.match, path)), None)
    if rule is None:
        return settings.changefreq, settings.priority
    return (
        rule.changefreq if rule.changefreq is not None else settings.changefreq,
        rule.priority if rule.priority is not None else settings.priority,
    )
