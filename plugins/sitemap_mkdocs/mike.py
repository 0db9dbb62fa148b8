"""A build mike runs: which folder's URLs its sitemap lists (`versions.site_url` asks).

mike (2.x) builds one version at a time: `mike deploy 2.0 latest` runs `mkdocs build`
with `MIKE_DOCS_VERSION=2.0` in the environment, and its plugin's `on_config` sets
`site_url = urljoin(site_url, "2.0")`, or `urljoin(site_url, canonical_version)` when
mkdocs.yml sets `canonical_version` (then every version's pages name the canonical
folder's pages as canonical). The build is committed to `<deploy_prefix>/2.0/` and to
each alias's folder (a symlink by default, a copy, or redirect pages); `versions.json`
lists each version's aliases.

So a version's sitemap may list its own folder's URLs, or its aliases': without
`canonical_version`, its own (`2.0/...`, what its pages name as canonical); with
`canonical_version: latest`, the `latest/...` URLs when this build is the one `latest`
serves, and nothing otherwise: every page of an older version names a `latest/` page
as canonical, which the version `latest` serves owns. Which aliases this deploy gives
the version is read from mike's own command line (the build's parent process) and from
the `versions.json` already on the branch (a version keeps its aliases when deployed
again).
"""

from __future__ import annotations

import argparse
import os
import posixpath
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig

from sitemap_core import mike_versions


@dataclass(frozen=True, slots=True)
class MikeBuild:
    """One version's build under mike: its name, the canonical version's, the site URL
    before mike added the version, and whether this build is served as the canonical."""

    version: str
    canonical: str
    root: str
    owns_canonical: bool

    @property
    def site_url(self) -> str:
        """The folder whose URLs this build's sitemap lists."""
        return f"{self.root}{self.canonical if self.owns_canonical else self.version}/"


def mike_build(config: MkDocsConfig, version: str) -> MikeBuild | None:
    """This build as mike runs it (`version`: the one mike names in the environment), or
    None when mike is not building it."""
    plugin = config.plugins.get("mike")
    url = config.site_url or ""
    if not version or plugin is None or not url:
        return None
    options: dict[str, Any] = dict(getattr(plugin, "config", {}) or {})
    canonical = str(options.get("canonical_version") or version)
    root = site_root(url)
    owns = canonical == version
    if not owns:
        deploy = deploy_arguments(version)
        branch = (deploy or {}).get("branch") or config.remote_branch or "gh-pages"
        prefix = (deploy or {}).get("deploy_prefix") or str(options.get("deploy_prefix") or "")
        cwd = Path(config.config_file_path).parent if config.config_file_path else Path.cwd()
        aliases = set((deploy or {}).get("aliases") or ()) | branch_aliases(
            version, branch, prefix, cwd
        )
        owns = canonical in aliases
    return MikeBuild(version, canonical, root, owns)


def site_root(site_url: str) -> str:
    """The URL of the deployed tree's root: `site_url` before mike appended the version,
    or after (MkDocs ends site_url with a slash; mike's urljoin then appends a name
    without one)."""
    return site_url if site_url.endswith("/") else site_url[: site_url.rfind("/") + 1]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # argparse would exit the build
        raise ValueError(message)


def _deploy_parser() -> _Parser:
    """The arguments of `mike deploy` (mike 2.x), enough to find its version and aliases."""
    parser = _Parser(add_help=False, allow_abbrev=False)
    for flags in (
        ("-u", "--update-aliases"),
        ("-p", "--push"),
        ("--allow-empty",),
        ("--ignore-remote-status",),
        ("--prop-delete-all",),
        ("-h", "--help"),
    ):
        parser.add_argument(*flags, action="store_true")
    for flags in (
        ("-t", "--title"),
        ("--alias-type",),
        ("-T", "--template"),
        ("-F", "--config-file"),
        ("-r", "--remote"),
        ("-b", "--branch"),
        ("-m", "--message"),
        ("--deploy-prefix",),
        ("--prop-set",),
        ("--prop-set-string",),
        ("--prop-set-all",),
        ("--prop-delete",),
    ):
        parser.add_argument(*flags, action="append" if flags[0].startswith("--prop") else "store")
    parser.add_argument("version")
    parser.add_argument("aliases", nargs="*")
    return parser


def deploy_arguments(version: str, argv: list[str] | None = None) -> dict[str, Any] | None:
    """The aliases, branch and deploy prefix of the `mike deploy` that runs this build
    (`argv`: its command line, else the parent process's); None when the parent is not
    a `mike deploy` of `version`."""
    argv = parent_argv() if argv is None else argv
    if not argv:
        return None
    start = next(
        (
            i + 1
            for i, arg in enumerate(argv)
            if os.path.basename(arg).split(".")[0] in ("mike", "mike-script")
            or (arg == "mike" and i > 0 and argv[i - 1] == "-m")
        ),
        None,
    )
    if start is None:
        return None
    rest = argv[start:]
    while rest and rest[0].startswith("-"):  # mike's own -q, --debug
        rest = rest[1:]
    if not rest or rest[0] != "deploy":
        return None
    try:
        parsed = _deploy_parser().parse_args(rest[1:])
    except ValueError:
        return None
    if parsed.version != version:
        return None
    return {
        "aliases": tuple(parsed.aliases),
        "branch": parsed.branch,
        "deploy_prefix": parsed.deploy_prefix,
    }


def parent_argv() -> list[str] | None:
    """The parent process's command line (mike runs `mkdocs build` itself): Linux's
    /proc, else `ps`; None where neither tells."""
    ppid = os.getppid()
    try:
        raw = Path(f"/proc/{ppid}/cmdline").read_bytes()
    except OSError:
        pass
    else:
        return [arg.decode("utf-8", "replace") for arg in raw.split(b"\0") if arg]
    try:
        shown = subprocess.run(
            ["ps", "-o", "args=", "-p", str(ppid)],
            capture_output=True,
            text=True,
            timeout=10,
            check=True,
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    return shown.split() or None


def branch_aliases(version: str, branch: str, prefix: str, cwd: Path) -> set[str]:
    """The aliases `versions.json` on mike's branch gives `version` (empty when the
    branch, the file or the version is not there)."""
    path = posixpath.join(prefix, "versions.json") if prefix else "versions.json"
    try:
        shown = subprocess.run(
            ["git", "show", f"{branch}:{path}"],
            cwd=cwd,
            capture_output=True,
            timeout=30,
            check=True,
        ).stdout
        versions = mike_versions(shown)
    except (OSError, subprocess.SubprocessError, ValueError):
        return set()
    found = next((v for v in versions or () if v.name == version), None)
    return set(found.aliases) if found is not None else set()
