"""Which folder's URLs a version's sitemap lists when mike builds it.

mike (2.x) builds one version at a time: `mike deploy 2.0 latest` runs `mkdocs build`
with `MIKE_DOCS_VERSION=2.0` in the environment, and its plugin's `on_config` sets
`site_url = urljoin(site_url, "2.0")`, or `urljoin(site_url, canonical_version)` when
mkdocs.yml sets `canonical_version` (then every version's pages name the canonical
folder's pages as canonical). So a version's sitemap lists its own folder's URLs without
`canonical_version`; with it, the canonical folder's when this build is the one that
alias serves (`mike_aliases`: which aliases the deploy gives it), and none otherwise.
The adapter reads mike's settings (`mike_build`) and asks `mike_listed`; mike's deploy
is read only then.
"""

from __future__ import annotations

from pathlib import Path

from ..values.codes import Code
from ..values.report import Issue
from .versionbuild import VersionBuild

MIKE = "mike"
BRANCH = "gh-pages"  # mike's default `remote_branch`


def mike_build(version: str, site_url: str, canonical: str | None = None) -> VersionBuild:
    """The build of `version` mike runs, from mkdocs.yml's `site_url` (as mike's plugin
    leaves it, whether it has run yet or not) and its `canonical_version`."""
    folder = canonical or version
    joined = site_url + folder if site_url.endswith("/") else site_url
    return VersionBuild.at(MIKE, version, joined, folder)


def mike_listed(
    build: VersionBuild, branch: str | None, prefix: str, cwd: Path
) -> str | tuple[Issue, str]:
    """The base URL of the version's sitemap: its folder's, or the canonical folder's
    when this deploy (on `branch`, under `prefix`, run in `cwd`) gives the version that
    alias. Else, as its pages name another version's pages as canonical and its sitemap
    would list only pages it does not own: an info line, and why no sitemap is written."""
    if build.folder == build.version:
        return build.base_url
    from .mikedeploy import mike_aliases  # mike's command line and branch: only now

    if build.folder in mike_aliases(build.version, branch or BRANCH, prefix, cwd):
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
