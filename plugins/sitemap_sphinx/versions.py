"""sphinx-multiversion's builds: which folder's URLs this version's sitemap lists (the
core's `smv_build`, from sphinx-multiversion's settings), and the history of the copy it
builds a version from.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from sitemap_core import Issue, SmvBuild, smv_build


def _smv(app: Sphinx) -> SmvBuild | None:
    """sphinx-multiversion's build of this version; None when it is not building it."""
    current = getattr(app.config, "smv_current_version", "") or ""
    return smv_build(current, getattr(app.config, "smv_metadata", None), str(app.outdir))


def own_url(app: Sphinx, base: str, setting: str) -> tuple[str, str]:
    """The base URL of this build's sitemap, and its setting: unchanged unless
    sphinx-multiversion builds it, then its version's folder."""
    found = _smv(app)
    if found is None or not base:
        return base, setting
    return found.base_url(base, at_root=setting != "html_baseurl"), setting


def skipped(app: Sphinx, base: str) -> list[Issue] | None:
    """None when this build writes its sitemap (at `base`, `own_url`'s); else why not,
    as one issue (`SmvBuild.skipped`)."""
    found = _smv(app)
    return None if found is None else found.skipped(base, app.config.html_baseurl)


def versioned(app: Sphinx, base_url: str) -> tuple[str, str] | None:
    """Under sphinx-multiversion, the output folder's root URL, where `sitemap-suite
    versions` writes the root index the robots advice names; None for any other build."""
    found = _smv(app)
    return None if found is None else found.versioned(base_url)


def give_history(app: Sphinx) -> list[Issue]:
    """Before the sitemap reads git: sphinx-multiversion builds this version
    from a `git archive` copy of its ref, which has no history; give the copy the history
    of that commit in the repository it came from (conf.py's, which sphinx-multiversion
    passes with -c), so its pages are dated as in a checkout of the ref."""
    current = getattr(app.config, "smv_current_version", "") or ""
    metadata: Any = getattr(app.config, "smv_metadata", None) or {}
    data = metadata.get(current) if isinstance(metadata, dict) else None
    if not isinstance(data, dict) or not data.get("basedir"):
        return []
    copy = Path(str(data["basedir"]))
    if not Path(app.srcdir).resolve().is_relative_to(copy.resolve()):
        return []  # not built from the copy
    ref = f"refs/{data.get('source', 'heads')}/{data.get('name', current)}"
    from sitemap_core import attach_history  # loaded only for a sphinx-multiversion build

    issue = attach_history(copy, Path(app.confdir), ref)
    return [issue] if issue is not None else []
