"""Versioned MkDocs sites: which folder's URLs this version's sitemap lists.

mike (2.x) builds one version at a time: `mike deploy 2.0 latest` runs `mkdocs build`
with `MIKE_DOCS_VERSION=2.0` in the environment, and its plugin's `on_config` sets
`site_url = urljoin(site_url, "2.0")`, or `urljoin(site_url, canonical_version)` when
mkdocs.yml sets `canonical_version` (then every version's pages name the canonical
folder's pages as canonical). So a version's sitemap lists its own folder's URLs without
`canonical_version`; with it, the canonical folder's when this build is the one that
alias serves (the core reads which aliases the deploy gives it: `mike_aliases`), and
none otherwise. Any other build lists `site_url`'s, and loads none of mike's reading.
Here, mike's settings; the URLs are the core's (`VersionBuild`).
"""

from __future__ import annotations

import os
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig

from sitemap_core import Code, Issue, VersionBuild

VERSION_VAR = "MIKE_DOCS_VERSION"  # mike's mkdocs_utils.docs_version_var
MIKE = "mike"


def site_url(config: MkDocsConfig) -> str | tuple[Issue, str]:
    """The base URL of this build's sitemap: `site_url`, or under mike the folder whose
    URLs the version's sitemap lists (whichever order mike's plugin and this one run
    in). When mike builds a version with another version's URLs (`canonical_version`),
    whose sitemap would list only pages it does not own: an info line, and why no
    sitemap is written."""
    build = _mike_build(config)
    if build is None:  # not a build mike runs
        return config.site_url or ""
    if build.folder == build.version or _serves_canonical(config, build):
        return build.base_url
    return (
        Issue(
            Code.MIKE,
            "",
            "canonical_version",
            f"mike builds version {build.version} with site_url {build.base_url} "
            f"(canonical_version: {build.folder}), so its pages name the "
            f"{build.folder}/ pages as canonical, which the version deployed as "
            f"{build.folder} lists: no sitemap for {build.version}",
            "info",
        ),
        f"version {build.version} is not mike's canonical version ({build.folder})",
    )


def versioned(config: MkDocsConfig) -> tuple[str, str] | None:
    """Under mike, the deployed tree's root URL, where `sitemap-suite versions` writes
    the root index the robots advice names (not this version's sitemap, a line stale at
    the next release); None for any other build."""
    build = _mike_build(config)
    return build.versioned if build is not None else None


def _mike_build(config: MkDocsConfig) -> VersionBuild | None:
    """This build as mike runs it (the version mike names in the environment, its URLs
    those of the canonical version's folder), or None when mike is not building it."""
    version = os.environ.get(VERSION_VAR)
    plugin = config.plugins.get(MIKE)
    url = config.site_url or ""
    if not version or plugin is None or not url:
        return None
    canonical = str(_options(config).get("canonical_version") or version)
    # site_url as mike's plugin leaves it, whether it has run yet or not
    joined = url + canonical if url.endswith("/") else url
    return VersionBuild.at(MIKE, version, joined, canonical)


def _serves_canonical(config: MkDocsConfig, build: VersionBuild) -> bool:
    """Whether this deploy gives the version the canonical version's alias."""
    from sitemap_core import mike_aliases  # loaded only for a build mike runs

    branch = config.remote_branch or "gh-pages"
    prefix = str(_options(config).get("deploy_prefix") or "")
    cwd = Path(config.config_file_path).parent if config.config_file_path else Path.cwd()
    return build.folder in mike_aliases(build.version, branch, prefix, cwd)


def _options(config: MkDocsConfig) -> dict[str, object]:
    return dict(getattr(config.plugins.get(MIKE), "config", {}) or {})
