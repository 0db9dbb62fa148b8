"""Versioned MkDocs sites: which folder's URLs this version's sitemap lists.

A build mike runs (`mike deploy 2.0 latest` sets `MIKE_DOCS_VERSION=2.0` for it) lists
its own folder's URLs, or its canonical alias's, or none (`mike` tells which); any other
build lists `site_url`'s, and loads none of mike's reading.
"""

from __future__ import annotations

import os

from mkdocs.config.defaults import MkDocsConfig

from sitemap_core import Code, Issue

VERSION_VAR = "MIKE_DOCS_VERSION"  # mike's mkdocs_utils.docs_version_var


def site_url(config: MkDocsConfig) -> str | tuple[Issue, str]:
    """The base URL of this build's sitemap: `site_url`, or under mike the folder whose
    URLs the version's sitemap lists (whichever order mike's plugin and this one run
    in). When mike builds a version with another version's URLs (`canonical_version`),
    whose sitemap would list only pages it does not own: an info line, and why no
    sitemap is written."""
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
    return (
        Issue(
            Code.MIKE,
            "",
            "canonical_version",
            f"mike builds version {build.version} with site_url {canonical_url} "
            f"(canonical_version: {build.canonical}), so its pages name the "
            f"{build.canonical}/ pages as canonical, which the version deployed as "
            f"{build.canonical} lists: no sitemap for {build.version}",
            "info",
        ),
        f"version {build.version} is not mike's canonical version ({build.canonical})",
    )


def versioned(config: MkDocsConfig) -> tuple[str, str] | None:
    """Under mike, the deployed tree's root URL, where `sitemap-suite versions` writes
    the root index the robots advice names (not this version's sitemap, a line stale at
    the next release); None for any other build."""
    version = os.environ.get(VERSION_VAR)
    if not version or config.plugins.get("mike") is None or not config.site_url:
        return None
    from .mike import site_root

    return site_root(config.site_url), "mike builds this version"
