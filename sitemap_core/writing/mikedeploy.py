"""Which aliases a mike deploy gives the version it builds (mike 2.x, read without
importing it): the aliases on `mike deploy`'s command line (the build's parent process,
which runs `mkdocs build` with `MIKE_DOCS_VERSION` set), and those `versions.json` already
gives it on mike's branch (a version keeps its aliases when deployed again). A version
whose pages name an alias's pages as canonical (`canonical_version`) lists them only in
the build that alias serves. The MkDocs adapter reads mike's settings; the rest is here,
beside the reading of mike's deployed tree (`versions`).
"""

from __future__ import annotations

import argparse
import os
import posixpath
import subprocess
from pathlib import Path
from typing import Any

from .versions import mike_versions


def mike_aliases(version: str, branch: str, prefix: str, cwd: Path) -> set[str]:
    """The aliases this deploy gives `version`: its command line's (whose `--branch`
    and `--deploy-prefix` win over `branch` and `prefix`, mike's settings), and those
    `versions.json` on the branch gives it (`cwd`: a folder of the repository)."""
    deploy = deploy_arguments(version) or {}
    branch = deploy.get("branch") or branch
    prefix = deploy.get("deploy_prefix") or prefix
    return set(deploy.get("aliases") or ()) | branch_aliases(version, branch, prefix, cwd)


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
