"""sphinx-multiversion's builds: which folder's URLs this version's sitemap lists.

sphinx-multiversion (0.2) runs `sphinx-build` once per tag or branch, each into
`<OUTPUTDIR>/<smv_outputdir_format>` (`{ref.name}` by default: `v1.0/`, `main/`), with
`-D smv_current_version=<name>`, and every version's metadata (its `outputdir` among
them) in `smv_metadata`. It leaves `html_baseurl` alone: conf.py's value is every
version's, unless each build gets its own with `-D 'html_baseurl=https://example.org/$name/'`
(it fills each `-D` in with the version's metadata: `$name`, `$version`, ...).

So a version's sitemap lists its folder's URLs: `html_baseurl` when it ends with the
version's folder; else `site_url` (the root of the output folder, as sphinx-sitemap has
it) plus the folder (the core's `VersionBuild`; here, sphinx-multiversion's settings). Pages whose canonical URLs (`html_baseurl`) are another version's
folder belong to that version's sitemap: this one lists none of them. Pages whose
canonical URLs are in no version's folder (conf.py's `html_baseurl` is the root) are in
no sitemap's scope: one warning says how to give each version its own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from sitemap_core import Code, Issue, VersionBuild, version_folders

SMV = "sphinx-multiversion"


def _smv(app: Sphinx) -> tuple[str, str, list[str]] | None:
    """This version's name, its folder under sphinx-multiversion's output folder and the
    other versions' folders; None when sphinx-multiversion is not building it."""
    current = getattr(app.config, "smv_current_version", "") or ""
    metadata: Any = getattr(app.config, "smv_metadata", None) or {}
    if not current or not isinstance(metadata, dict) or current not in metadata:
        return None
    outputs = {
        name: str(data["outputdir"])
        for name, data in metadata.items()
        if isinstance(data, dict) and data.get("outputdir")
    }
    return current, *version_folders(current, outputs, str(app.outdir))


def own_url(app: Sphinx, base: str, setting: str) -> tuple[str, str]:
    """The base URL of this build's sitemap, and its setting: unchanged unless
    sphinx-multiversion builds it, then its version's folder."""
    found = _smv(app)
    if found is None or not base:
        return base, setting
    name, folder, _others = found
    if setting == "html_baseurl":  # the version's folder's URL, or the root's
        return VersionBuild.at(SMV, name, base, folder).base_url, setting
    return VersionBuild(SMV, name, base.rstrip("/") + "/", folder).base_url, setting


def skipped(app: Sphinx, base: str) -> list[Issue] | None:
    """None when this build writes its sitemap (at `base`, `own_url`'s); else why not,
    as one issue: its pages name another version's pages (info), or a URL in no
    version's folder (a warning), as canonical."""
    found = _smv(app)
    pages_at = str(app.config.html_baseurl or "").rstrip("/") + "/"
    if found is None or pages_at == "/" or not base or pages_at == base:
        return None
    name, folder, others = found
    other = next((f for f in others if pages_at.endswith(f"/{f}/")), None)
    if other is not None:
        return [
            Issue(
                Code.VERSIONS,
                "",
                "html_baseurl",
                f"sphinx-multiversion builds {name} into {folder}/, but its pages name the "
                f"pages of {other}/ as canonical (html_baseurl = {pages_at}): that version's "
                f"sitemap lists them, and this one none",
                "info",
            )
        ]
    root = VersionBuild.at(SMV, name, base, folder).root
    template = folder.removesuffix(name) + "$name" if folder.endswith(name) else folder
    return [
        Issue(
            Code.VERSIONS,
            "",
            "html_baseurl",
            f"sphinx-multiversion builds {name} into {folder}/, published at {base}, but "
            f"its pages name {pages_at} as their base URL, where no version "
            f"is: no sitemap written. Give each version its own: pass -D "
            f"'html_baseurl={root}{template}/' to sphinx-multiversion (it puts each "
            f"version's name for $name), or set site_url = {root!r} and leave html_baseurl "
            "unset",
        )
    ]


def versioned(app: Sphinx, base_url: str) -> tuple[str, str] | None:
    """Under sphinx-multiversion, the output folder's root URL (the version's base URL
    less its folder), where `sitemap-suite versions` writes the root index the robots
    advice names, not this version's sitemap; None for any other build."""
    found = _smv(app)
    base = base_url.rstrip("/") + "/" if base_url else ""
    if found is None or not base.endswith(f"/{found[1]}/"):
        return None
    return VersionBuild.at(SMV, found[0], base, found[1]).versioned


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
