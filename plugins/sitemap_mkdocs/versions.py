"""Versioned MkDocs sites: mike's settings, for the core's rule of which folder's URLs
this version's sitemap lists (`mike_build`, `mike_listed`: a version's own folder, or
the canonical version's folder in the build that alias serves, or none). A build mike
does not run lists `site_url`'s, and loads none of mike's reading.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from mkdocs.config.defaults import MkDocsConfig

if TYPE_CHECKING:
    from sitemap_core import Issue, VersionBuild

VERSION_VAR = "MIKE_DOCS_VERSION"  # mike's mkdocs_utils.docs_version_var
MIKE = "mike"


def site_url(config: MkDocsConfig) -> str | tuple[Issue, str]:
    """The base URL of this build's sitemap: `site_url`, or under mike the folder whose
    URLs the version's sitemap lists (whichever order mike's plugin and this one run
    in); an info line, and why no sitemap is written, for a version mike builds with
    another version's URLs (`canonical_version`)."""
    build = _mike_build(config)
    if build is None:  # not a build mike runs
        return config.site_url or ""
    from sitemap_core import mike_listed  # loaded only for a build mike runs

    cwd = Path(config.config_file_path).parent if config.config_file_path else Path.cwd()
    prefix = str(_options(config).get("deploy_prefix") or "")
    return mike_listed(build, config.remote_branch, prefix, cwd)


def versioned(config: MkDocsConfig) -> tuple[str, str] | None:
    """Under mike, the deployed tree's root URL, where `sitemap-suite versions` writes
    the root index the robots advice names (not this version's sitemap, a line stale at
    the next release); None for any other build."""
    return None if (build := _mike_build(config)) is None else build.versioned


def _mike_build(config: MkDocsConfig) -> VersionBuild | None:
    """This build as mike runs it (the version mike names in the environment), or None
    when mike is not building it."""
    version = os.environ.get(VERSION_VAR)
    if not version or config.plugins.get(MIKE) is None or not config.site_url:
        return None
    from sitemap_core import mike_build  # loaded only for a build mike runs

    return mike_build(
        version, config.site_url, str(_options(config).get("canonical_version") or "")
    )


def _options(config: MkDocsConfig) -> dict[str, object]:
    return dict(getattr(config.plugins.get(MIKE), "config", {}) or {})
