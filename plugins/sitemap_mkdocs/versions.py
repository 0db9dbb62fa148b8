"""Versioned MkDocs sites: which folder's URLs this version's sitemap lists.

A build mike runs (`mike deploy 2.0 latest` sets `MIKE_DOCS_VERSION=2.0` for it) lists
its own folder's URLs, or its canonical alias's, or none (`mike` tells which); any other
build lists `site_url`'s, and loads none of mike's reading.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable

from mkdocs.config.defaults import MkDocsConfig

from sitemap_core import Code, Issue

VERSION_VAR = "MIKE_DOCS_VERSION"  # mike's mkdocs_utils.docs_version_var

Report = Callable[[Iterable[Issue], str], None]


def site_url(config: MkDocsConfig, report: Report) -> str | None:
    """The base URL of this build's sitemap: `site_url`, or under mike the folder whose
    URLs the version's sitemap lists (whichever order mike's plugin and this one run
    in). None, after one info line, when mike builds a version with another version's
    URLs (`canonical_version`): its sitemap would list only pages it does not own."""
    version = os.environ.get(VERSION_VAR)
    if not version:  # not a build mike runs
        return config.site_url or ""
    from .mike import mike_build  # loaded only for a build mike runs

    build = mike_build(config, version)
    if build is None:
        return config.site_url or ""
    if build.owns_canonical:
        return build.site_url
    canonical_url = f"{build.root}{build.canonical}/"
    report(
        [
            Issue(
                Code.MIKE,
                "",
                "canonical_version",
                f"mike builds version {build.version} with site_url {canonical_url} "
                f"(canonical_version: {build.canonical}), so its pages name the "
                f"{build.canonical}/ pages as canonical, which the version deployed as "
                f"{build.canonical} lists: no sitemap for {build.version}",
                "info",
            )
        ],
        f"sitemap: not written: version {build.version} is not mike's canonical version "
        f"({build.canonical})",
    )
    return None


def root_advice(config: MkDocsConfig, issues: Iterable[Issue], filename: str) -> list[Issue]:
    """The build's issues; under mike, the robots advice names the root index that
    `sitemap-suite versions` writes at the deployed tree's root, not this version's
    sitemap (a line stale at the next release)."""
    version = os.environ.get(VERSION_VAR)
    if not version or config.plugins.get("mike") is None or not config.site_url:
        return list(issues)
    from sitemap_core import versioned_advice  # loaded only for a build mike runs

    from .mike import site_root

    return versioned_advice(
        issues, site_root(config.site_url) + filename, "mike builds this version"
    )
