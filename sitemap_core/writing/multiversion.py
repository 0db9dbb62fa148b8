"""Which folder's URLs a version's sitemap lists when sphinx-multiversion builds it.

sphinx-multiversion (0.2) runs `sphinx-build` once per tag or branch, each into
`<OUTPUTDIR>/<smv_outputdir_format>` (`{ref.name}` by default: `v1.0/`, `main/`), with
`-D smv_current_version=<name>`, and every version's metadata (its `outputdir` among
them) in `smv_metadata`. It leaves `html_baseurl` alone: conf.py's value is every
version's, unless each build gets its own with `-D 'html_baseurl=https://example.org/$name/'`
(it fills each `-D` in with the version's metadata: `$name`, `$version`, ...).

So a version's sitemap lists its folder's URLs: `html_baseurl` when it ends with the
version's folder; else `site_url` (the root of the output folder, as sphinx-sitemap has
it) plus the folder (`VersionBuild`). Pages whose canonical URLs (`html_baseurl`) are
another version's folder belong to that version's sitemap: this one lists none of them.
Pages whose canonical URLs are in no version's folder (conf.py's `html_baseurl` is the
root) are in no sitemap's scope: one warning says how to give each version its own.
The adapter reads sphinx-multiversion's settings (`smv_build`) and asks the build.
"""

from __future__ import annotations

from typing import NamedTuple

from ..values.codes import Code
from ..values.report import Issue
from .versionbuild import VersionBuild, version_folders

SMV = "sphinx-multiversion"


def smv_build(current: str, metadata: object, out_dir: str) -> SmvBuild | None:
    """The build of version `current` (`smv_current_version`) from sphinx-multiversion's
    `smv_metadata` (each version's data by name, its `outputdir` among them), writing to
    `out_dir`; None when sphinx-multiversion is not building it."""
    if not current or not isinstance(metadata, dict) or current not in metadata:
        return None
    outputs = {
        name: str(data["outputdir"])
        for name, data in metadata.items()
        if isinstance(data, dict) and data.get("outputdir")
    }
    folder, others = version_folders(current, outputs, out_dir)
    return SmvBuild(current, folder, tuple(others))


class SmvBuild(NamedTuple):
    """sphinx-multiversion's build of one version: its name, its folder under the output
    folder every version is built into, and the other versions' folders."""

    version: str
    folder: str
    others: tuple[str, ...]

    def base_url(self, base: str, at_root: bool) -> str:
        """The base URL of this version's sitemap, from the base URL conf.py gives: the
        output folder's root (`at_root`: `site_url`), else the version folder's URL or
        the root's (`html_baseurl`)."""
        if at_root:
            return VersionBuild(SMV, self.version, base.rstrip("/") + "/", self.folder).base_url
        return VersionBuild.at(SMV, self.version, base, self.folder).base_url

    def skipped(self, base: str, pages_at: str | None) -> list[Issue] | None:
        """None when this build writes its sitemap (at `base`, `base_url`'s); else why
        not, as one issue: its pages (whose base URL is `pages_at`, `html_baseurl`) name
        another version's pages (info), or a URL in no version's folder (a warning), as
        canonical."""
        said = str(pages_at or "").rstrip("/") + "/"
        if said == "/" or not base or said == base:
            return None
        name, folder = self.version, self.folder
        other = next((f for f in self.others if said.endswith(f"/{f}/")), None)
        if other is not None:
            return [
                Issue(
                    Code.VERSIONS,
                    "",
                    "html_baseurl",
                    f"sphinx-multiversion builds {name} into {folder}/, but its pages name the "
                    f"pages of {other}/ as canonical (html_baseurl = {said}): that version's "
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
                f"its pages name {said} as their base URL, where no version "
                f"is: no sitemap written. Give each version its own: pass -D "
                f"'html_baseurl={root}{template}/' to sphinx-multiversion (it puts each "
                f"version's name for $name), or set site_url = {root!r} and leave html_baseurl "
                "unset",
            )
        ]

    def versioned(self, base_url: str) -> tuple[str, str] | None:
        """The output folder's root URL (the version's base URL less its folder), where
        `sitemap-suite versions` writes the root index the robots advice names, not this
        version's sitemap, and who builds it; None when `base_url` is not the folder's."""
        base = base_url.rstrip("/") + "/" if base_url else ""
        if not base.endswith(f"/{self.folder}/"):
            return None
        return VersionBuild.at(SMV, self.version, base, self.folder).versioned
