"""One build of a versioned deploy, as the tool that deploys versions side by side runs it
(mike for MkDocs, sphinx-multiversion for Sphinx): the deployed tree's root URL, the
folder whose URLs this build's sitemap lists, and the robots advice that names the root
index (`versionroot`), not this version's sitemap. The adapters read their tool's state
(its environment, its settings); the URLs are told here, once for both."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path


def version_root(url: str, folder: str) -> str:
    """The URL of the deployed tree's root, from `url`: the version folder's own URL
    (`…/2.0/`, or `…/2.0` as mike's `urljoin` leaves it), less the folder; or the root's
    already (any other URL), ending with a slash."""
    url = url.rstrip("/") + "/"
    return url.removesuffix(f"{folder}/") if url.endswith(f"/{folder}/") else url


def version_folders(
    current: str, outputs: Mapping[str, str], own_dir: str
) -> tuple[str, list[str]]:
    """The folder of version `current` in the tree its tool builds every version into,
    and the other versions' folders: each version's output folder (`outputs`, by name)
    relative to the folder they share (with one version only: its output folder's
    parent). `own_dir`: where this build writes, when `outputs` does not name it."""
    paths = {name: os.path.abspath(path) for name, path in outputs.items()}
    mine = paths.get(current) or os.path.abspath(own_dir)
    root = os.path.commonpath(list(paths.values())) if len(paths) > 1 else os.path.dirname(mine)
    folders = {name: Path(os.path.relpath(path, root)).as_posix() for name, path in paths.items()}
    others = [folder for name, folder in folders.items() if name != current]
    return folders.get(current, Path(mine).name), others


@dataclass(frozen=True, slots=True)
class VersionBuild:
    """A build of one version: the tool that runs it, the version's name, the deployed
    tree's root URL, and the folder whose URLs its sitemap lists (the version's own, or
    the alias that serves it as the canonical version)."""

    tool: str
    version: str
    root: str
    folder: str

    @classmethod
    def at(cls, tool: str, version: str, url: str, folder: str) -> VersionBuild:
        """The build of `version` whose pages are at `url` (the folder's URL or the root's):
        its sitemap lists the URLs of `folder` under the root."""
        return cls(tool, version, version_root(url, folder), folder)

    @property
    def base_url(self) -> str:
        """The base URL of this build's sitemap: its folder's under the root."""
        return f"{self.root}{self.folder}/"

    @property
    def versioned(self) -> tuple[str, str]:
        """What `SitemapBuild.finish` takes for a versioned build: the root URL, where
        `sitemap-suite versions` writes the index the robots advice names, and who builds
        this version."""
        return self.root, f"{self.tool} builds this version"
