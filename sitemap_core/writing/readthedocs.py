"""Read the Docs: what it serves at a host's root, taken from a project's default version.

Read the Docs serves `/robots.txt` and, since 2026-03, `/sitemap.xml` from the output
root of the project's default version, as they are, and its own generated files when
that version has none (its docs: reference/robots, reference/sitemaps; readthedocs.org
pull request #12902). A build there says so in its environment: `READTHEDOCS=True`, and
`READTHEDOCS_CANONICAL_URL` the version's base URL (`https://host/en/latest/`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from ..values import urls

CANONICAL_URL = "READTHEDOCS_CANONICAL_URL"  # the version's base URL, in a build there


def canonical_url(environ: Mapping[str, str] = os.environ) -> str:
    """The base URL Read the Docs publishes this build at ("" elsewhere): the base URL
    of a site whose config gives none."""
    return environ.get(CANONICAL_URL, "")


def serves_root_files(base: str, environ: Mapping[str, str] = os.environ) -> bool:
    """Whether this build runs on Read the Docs for a site on the host Read the Docs
    serves it at: then the robots.txt at the build's output root is served at that
    host's root (from the default version; another version's is never read)."""
    canonical = canonical_url(environ)
    return (
        environ.get("READTHEDOCS") == "True"
        and bool(canonical)
        and urls.host_root(canonical) == urls.host_root(base)
    )
