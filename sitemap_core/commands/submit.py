"""`sitemap-suite submit SITE_DIR`: tell IndexNow (and, on request, old-style sitemap
pings) which URLs of a built site are new or changed since the sitemap published before."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..notify import indexnow
from ..protocol.indexnow import MAX_URLS
from ..values import urls
from ..values.report import failing
from ._report import issue_line, plural
from ._site import site_options, site_settings

__all__ = ["submit"]


@click.command(short_help="Tell IndexNow which URLs changed.")
@site_options(published=True)
@click.option(
    "--key",
    metavar="KEY",
    help="The IndexNow key (else indexnow_key from the config file, else the "
    "<key>.txt file SITE_DIR serves).",
)
@click.option(
    "--endpoint",
    "endpoints",
    multiple=True,
    metavar="URL",
    help="An IndexNow endpoint (repeatable; else indexnow_endpoints, by default "
    f"{indexnow.DEFAULT_ENDPOINT}).",
)
@click.option(
    "--previous",
    metavar="FILE|URL",
    help="The sitemap published before this build (default: the live one, "
    "BASE_URL + filename). Save it before you deploy, then name it here.",
)
@click.option("--removed", is_flag=True, help="Also send the URLs gone since then.")
@click.option("--dry-run", is_flag=True, help="Print what would be sent; send nothing.")
@click.option(
    "--ping",
    "pings",
    multiple=True,
    metavar="URL_TEMPLATE",
    help="Also GET an old-style sitemap ping, {sitemap} standing for the sitemap's "
    "URL (repeatable; none by default: Google's and Bing's are retired).",
)
@click.option(
    "--timeout",
    type=click.FloatRange(0.1, 300),
    default=indexnow.TIMEOUT,
    show_default=True,
    help="Seconds to wait for each answer.",
)
@click.option(
    "--retries",
    type=click.IntRange(0, 10),
    default=indexnow.RETRIES,
    show_default=True,
    help="Tries again after a 429, a 5xx or no answer.",
)
@click.option(
    "--backoff",
    type=click.FloatRange(0, 60),
    default=indexnow.BACKOFF,
    show_default=True,
    help="Seconds before the first retry, doubled each time.",
)
def submit(
    site_dir: Path,
    base_url: str | None,
    config_file: Path | None,
    key: str | None,
    endpoints: tuple[str, ...],
    previous: str | None,
    removed: bool,
    dry_run: bool,
    pings: tuple[str, ...],
    timeout: float,
    retries: int,
    backoff: float,
) -> None:
    """Send IndexNow the URLs of SITE_DIR's sitemap that are new or whose lastmod moved.

    The previous sitemap (the live one by default) is what they are compared with; only
    URLs on BASE_URL's host and under its folder are sent, at most 10,000 a request. The
    key must be served by the site as <key>.txt (builds write it when indexnow_key is
    set). One line per endpoint; exit status 0 only when every endpoint accepted.
    """
    settings, base_url = site_settings(site_dir, base_url, config_file, published=True)
    base = base_url.rstrip("/") + "/"
    if problem := urls.base_url_problem(base):
        raise click.BadParameter(problem, param_hint="--base-url")
    key = _submission_key(site_dir, key or settings.indexnow_key, dry_run)
    try:
        targets = [indexnow.endpoint_url(e) for e in endpoints] or settings.indexnow_endpoints
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="--endpoint") from None
    if bad := [t for t in pings if "{sitemap}" not in t]:
        raise click.BadParameter(f"{bad[0]!r} has no {{sitemap}}", param_hint="--ping")
    sitemap = site_dir / settings.filename
    if not sitemap.is_file() and (site_dir / (settings.filename + ".gz")).is_file():
        sitemap = site_dir / (settings.filename + ".gz")
    sitemap_url = base + sitemap.name
    found, issues = indexnow.changes(
        str(sitemap), sitemap_url if previous is None else previous, base, removed
    )
    for issue in issues:
        click.echo(issue_line(issue))
    ok = not failing(issues)
    if ok and dry_run:
        requests = -(-len(found) // MAX_URLS)
        for target in targets:
            click.echo(
                f"dry run {target}: would send {plural(len(found), 'URL')} in "
                f"{plural(requests, 'request')}, key {key}, keyLocation "
                f"{indexnow.key_location(base, key)}"
            )
        for url in found:
            click.echo(f"  {url}")
        for template in pings:
            click.echo(f"dry run: would GET {template} for {sitemap_url}")
    elif ok:
        outcomes = indexnow.submit(
            found,
            base_url=base,
            key=key,
            endpoints=targets,
            timeout=timeout,
            retries=retries,
            backoff=backoff,
        )
        outcomes += [
            indexnow.ping(t, sitemap_url, timeout=timeout, retries=retries, backoff=backoff)
            for t in pings
        ]
        for outcome in outcomes:
            click.echo(str(outcome))
        ok = all(o.accepted for o in outcomes)
    sys.exit(0 if ok else 1)


def _submission_key(site_dir: Path, key: str, dry_run: bool) -> str:
    """The key given, else the one key file the site serves; a usage error when there is
    no good key, or the site does not serve it (the engines would refuse it: 403), which
    a dry run only says."""
    served = indexnow.keys_in(site_dir)
    if not key:
        if len(served) > 1:
            raise click.UsageError(
                f"{site_dir} serves several key files ({', '.join(served)}): give --key"
            )
        if not served:
            raise click.UsageError(
                "no IndexNow key: give --key, set indexnow_key in the config file, or commit "
                "a <key>.txt file holding the key with the site's files (make one once and "
                f"keep it, e.g. {indexnow.new_key()})"
            )
        key = served[0]
    if problem := indexnow.key_problem(key):
        raise click.BadParameter(problem, param_hint="--key")
    if key not in served:
        missing = (
            f"{site_dir} has no {key}.txt holding the key: search engines "
            "check it there (set indexnow_key so builds write it)"
        )
        if not dry_run:
            raise click.UsageError(missing)
        click.echo(f"dry run: {missing}")
    return key
