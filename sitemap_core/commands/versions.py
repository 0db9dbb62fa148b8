"""`sitemap-suite versions DIR`: the sitemaps of a tree of documentation versions (a
checkout of mike's gh-pages branch, sphinx-multiversion's output folder) made true to
their folders: each version's own sitemap that a later deploy made stale rewritten or
removed (`writing.versionfolders`), then a sitemap index at the root naming the default
version's sitemap (`--all-versions`: every version's), and robots.txt's `Sitemap:` line
for it (`writing.versions`, `writing.versionroot`). Nothing else in the tree changes.

Report lines are `level code where: message`, then one summary line. Exit status 0 when
the index was written, 1 when it could not be (not a versioned tree, a default version
without a usable sitemap, a root that cannot be written: the root is not changed then,
the stale sitemaps already fixed stay fixed), 2 for a usage problem (an unknown
`--default`, a base URL that cannot be told or is not one).
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..values.codes import Code
from ..values.report import Issue, failing
from ..writing.versionfolders import tidy
from ..writing.versionroot import plan_root, tree_base, write_root
from ..writing.versions import TreeError, default_version, read_tree
from ._report import issue_line, plural

__all__ = ["versions"]


@click.command(
    short_help="Make a tree of documentation versions' sitemaps true, and write its root index."
)
@click.argument(
    "tree_dir", metavar="DIR", type=click.Path(exists=True, file_okay=False, path_type=Path)
)
@click.option(
    "--base-url",
    metavar="URL",
    help="Where DIR is published, e.g. https://example.org/ (default: what the default "
    "version's sitemap says: its URLs' common prefix, up to the version's folder).",
)
@click.option(
    "--default",
    "default",
    metavar="VERSION",
    help="The version (or alias) whose sitemap the index names (default: the one the root "
    "index.html redirects to; else mike's alias latest or stable; else, for "
    "sphinx-multiversion, the newest release).",
)
@click.option(
    "--all-versions",
    is_flag=True,
    help="Name every version's sitemap, each once, not only the default version's.",
)
@click.option(
    "--filename",
    default="sitemap.xml",
    show_default=True,
    metavar="NAME",
    help="The versions' sitemap file name, and the root index's.",
)
@click.option("--quiet", "-q", is_flag=True, help="Print issues only: no summary.")
def versions(
    tree_dir: Path,
    base_url: str | None,
    default: str | None,
    all_versions: bool,
    filename: str,
    quiet: bool,
) -> None:
    """Make each version's sitemap in DIR true to its folder, and write the root
    sitemap index (and robots.txt).

    \b
    DIR is one of:
      a checkout of mike's gh-pages branch   versions.json, one folder per version,
                                             aliases as symlinks or copies
      sphinx-multiversion's output folder    one Sphinx build per tag or branch

    A version's sitemap that lists another folder's URLs (written while mike's latest/
    served it, with canonical_version) is rewritten to its own folder's pages that are
    their own canonical URL, or removed when none is; one info line says which. The
    index at DIR's root names the default version's sitemap in the folder whose
    URLs it lists; robots.txt gets its Sitemap: line when DIR is the host's root
    (one already there keeps every byte). Exit status: 0 when written, 1 when not (the
    root is not changed then), 2 for a usage problem.
    """
    if "/" in filename or not filename:
        raise click.BadParameter("a file name, without a folder", param_hint="--filename")
    try:
        tree = read_tree(tree_dir)
        chosen = default_version(tree, default)
        base = tree_base(tree, chosen, base_url, filename)
        tidied = tidy(tree, base, filename)
        for issue in tidied:
            click.echo(issue_line(issue))
        plan = plan_root(tree, chosen, base, all_versions, filename)
        issues = [*plan.issues, *write_root(tree, plan)]
    except TreeError as exc:
        if exc.usage:
            raise click.UsageError(exc.message) from None
        _fail(Issue(exc.code, str(tree_dir), "", exc.message, "error"))
    except OSError as exc:
        _fail(
            Issue(
                Code.WRITE,
                str(tree_dir),
                "",
                f"cannot write {exc.filename or tree_dir} ({exc.strerror or exc}): the root "
                "index was not changed",
                "error",
            )
        )
    for issue in issues:
        click.echo(issue_line(issue))
    if not quiet:
        robots = "robots.txt names it" if (tree_dir / "robots.txt").is_file() else "no robots.txt"
        chosen = plan.default
        fixed = f"; {plural(len(tidied), 'stale sitemap')} fixed" if tidied else ""
        click.echo(
            f"versions: {filename} ({tree.kind}) names {plural(len(plan.entries), 'sitemap')}: "
            f"{', '.join(plan.named)}; default {chosen.version.label(chosen.named)} "
            f"({chosen.how}); {robots}{fixed}"
        )
    sys.exit(1 if failing(issues) else 0)


def _fail(issue: Issue) -> None:
    click.echo(issue_line(issue))
    sys.exit(1)
