"""`sitemap-suite validate TARGET...`: check sitemaps against the sitemaps.org protocol.

It checks sitemap files, a built site folder (`folder`), or a live site over http(s)
(`remote`) with `validate.validate_files`/`validate_robots`, and for a folder also
checks the HTML page of each listed URL (and, with `--coverage`, which pages no sitemap
lists).

Report lines are `level code where: message`, then a summary line. Exit status: 0 when
there is no error, 1 when there is one (with `--strict`, a warning is one), 2 for a usage
problem. `info` lines (the coverage report) never change the exit status, `--strict`
or not. Codes are those of `validate` (see its table) and of the core, plus:

| code           | level   | meaning                                                       |
|----------------|---------|---------------------------------------------------------------|
| `missing-file` | error   | a listed URL (or a robots.txt `Sitemap:` URL) that no file in |
|                |         | the site folder serves                                        |
| `redirect`     | error   | a listed URL whose page is a meta-refresh redirect stub       |
| `noindex`      | error   | a listed URL whose page says noindex (robots meta)            |
| `canonical`    | error   | a listed URL whose page names another canonical URL           |
| `not-found`    | error   | a listed URL whose page is a 404 page                         |
| `unlisted`     | info    | (`--coverage` only) an HTML page of the folder that no        |
|                |         | sitemap lists; 404 pages, noindex pages, redirect stubs,      |
|                |         | pages whose canonical URL is another and pages the folder's   |
|                |         | robots.txt disallows are not counted                          |
| `no-sitemap`   | error   | a folder or site with no sitemap to check                     |
| `llms`         | warning | a site folder's llms.txt: no H1 first, or a link that is not  |
|                |         | an absolute URL of the site that its sitemap lists            |
| `fetch`        | error   | a URL that could not be downloaded (status, timeout, limits)  |
"""

from __future__ import annotations

import dataclasses
import json
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import click

from ..checking.checked import Checked, check_file, split_url
from ..checking.folder import check_folder
from ..checking.remote import check_url
from ._report import counts, issue_line, plural

__all__ = ["validate"]


@click.command(short_help="Check sitemaps against the sitemaps.org protocol.")
@click.argument("targets", nargs=-1, required=True, metavar="TARGET...")
@click.option("--strict", is_flag=True, help="Count warnings as errors (exit 1 on any issue).")
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print one JSON object (issues, counts, files) instead of report lines.",
)
@click.option(
    "--coverage",
    is_flag=True,
    help="For a site folder, also list (as info, which --strict leaves alone) the "
    "HTML pages no sitemap lists, except those robots.txt disallows.",
)
def validate(targets: tuple[str, ...], strict: bool, as_json: bool, coverage: bool) -> None:
    """Check sitemaps against the sitemaps.org protocol.

    \b
    TARGET is one of:
      a sitemap file     .xml, .xml.gz, .txt or .txt.gz; an index brings the files
                         it lists from the same folder
      a site folder      the built site: the sitemaps named in its robots.txt (else
                         its sitemap*.xml/.xml.gz/.txt files), plus listed URLs that
                         no file serves or whose page is a redirect stub, noindex, a
                         404 page or names another canonical URL; its llms.txt
      an http(s) URL     a sitemap, or a site (its robots.txt Sitemap: lines, else
                         /sitemap.xml); index files are followed on the same host

    Exit status: 0 without errors, 1 with errors, 2 for a usage problem.
    """
    checked = Checked(coverage=coverage)
    for target in targets:
        if re.match(r"[A-Za-z][A-Za-z0-9+.-]*://", target):
            if split_url(target).scheme.lower() not in ("http", "https"):
                raise click.BadParameter(
                    f"{target!r}: only http and https URLs are fetched", param_hint="TARGET"
                )
            check_url(target, checked)
            continue
        path = Path(target)
        if path.is_dir():
            check_folder(path, checked)
        elif path.is_file():
            check_file(path, checked)
        else:
            raise click.BadParameter(
                f"{target!r} is no file, folder or http(s) URL", param_hint="TARGET"
            )
    issues = checked.issues
    if strict:
        issues = [
            dataclasses.replace(i, level="error") if i.level == "warning" else i for i in issues
        ]
    errors, warnings = counts(issues)
    if as_json:
        report: dict[str, Any] = {
            "ok": errors == 0,
            "errors": errors,
            "warnings": warnings,
            "files": checked.files,
            "issues": [
                {
                    "level": i.level,
                    "code": i.code,
                    "where": i.page,
                    "field": i.field,
                    "message": i.message,
                }
                for i in issues
            ],
        }
        if coverage:
            report["coverage"] = dict(checked.pages)
        click.echo(json.dumps(report, indent=2))
    else:
        for issue in issues:
            click.echo(issue_line(issue))
        if coverage:
            click.echo(_coverage_line(checked.pages))
        verdict = "OK" if errors == 0 else "FAILED"
        click.echo(
            f"{verdict}: {plural(len(checked.files), 'file')} checked, "
            f"{plural(errors, 'error')}, {plural(warnings, 'warning')}"
        )
    sys.exit(1 if errors else 0)


def _coverage_line(pages: Counter[str]) -> str:
    """The coverage report's one line: how many indexable HTML pages the sitemaps list."""
    listed, unlisted = pages["listed"], pages["unlisted"]
    line = f"coverage: {listed} of {plural(listed + unlisted, 'indexable HTML page')} listed"
    if pages["disallowed"]:
        line += f"; {pages['disallowed']} more that robots.txt disallows not counted"
    return line
