"""What `generate` and `submit` share: SITE_DIR, --base-url and --config, and the
settings they make (a TOML config file read, then `settings_from_options`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from ..checking.robots import robots_sitemaps
from ..options import Settings, settings_from_options
from ..protocol.grammar import loc_problem, part_name
from ..sites.config import ConfigError
from ..sites.project import Project, read_any_config, read_project
from ._report import issue_line

__all__ = ["published_base", "site_options", "site_project", "site_settings", "site_values"]


def site_options(published: bool = False) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """SITE_DIR, --base-url and --config: what `generate` and `submit` both take;
    `published`: the base URL may come from SITE_DIR's robots.txt (`submit`)."""
    fallback = "; else the Sitemap: line of SITE_DIR's robots.txt" if published else ""

    def decorate(command: Callable[..., None]) -> Callable[..., None]:
        for option in _options(fallback):
            command = option(command)
        return command

    return decorate


def _options(fallback: str) -> list[Callable[[Callable[..., None]], Callable[..., None]]]:
    return list(
        reversed(
            (
                click.argument(
                    "site_dir", type=click.Path(exists=True, file_okay=False, path_type=Path)
                ),
                click.option(
                    "--base-url",
                    metavar="URL",
                    help="Where SITE_DIR is published, e.g. https://example.com/docs/ "
                    f"(required unless the config file sets base_url or site_url{fallback}).",
                ),
                click.option(
                    "--config",
                    "config_file",
                    metavar="FILE",
                    type=click.Path(exists=True, dir_okay=False, path_type=Path),
                    help="A TOML file with the shared sitemap options, at top level or "
                    "under [sitemap]; or the generator's own config file (zensical.toml, "
                    "mkdocs.yml, properdocs.yml): its site_url, and our options under its "
                    "sitemap-suite plugin entry. Relative paths in it (cache_dir) are "
                    "taken from its folder.",
                ),
            )
        )
    )


def site_values(
    site_dir: Path,
    base_url: str | None,
    config_file: Path | None,
    published: bool = False,
    project: Project | None = None,
    **overrides: Any,
) -> tuple[dict[str, Any], str, Path]:
    """The option values of --config (with `overrides`), the base URL and the folder
    relative paths are taken from. The base URL: given, else the config file's, else
    (`published`: a built site that names its sitemap) the folder of the sitemap its
    robots.txt names. Relative paths are taken from the config file's folder, else from
    SITE_DIR's: the state stays beside the site, never in the working folder. `project`:
    the generator's config file --config names, read already (`site_project`)."""
    values, config_base = (
        (dict(project.options), project.site_url) if project else _read_config(config_file)
    )
    name = str(values.get("filename") or "sitemap.xml")
    base_url = base_url or config_base or (published_base(site_dir, name) if published else None)
    if not base_url:
        raise click.UsageError(
            "--base-url is required (or base_url in the config file, site_url in a "
            "generator's config file"
            + (", or a robots.txt in SITE_DIR naming its sitemap)" if published else ")")
        )
    values.update({k: v for k, v in overrides.items() if v})
    return values, base_url, (config_file or site_dir.resolve()).resolve().parent


def site_settings(
    site_dir: Path, base_url: str | None, config_file: Path | None, published: bool = False
) -> tuple[Settings, str]:
    """The settings of `site_values`, their problems echoed; and the base URL."""
    values, base_url, root = site_values(site_dir, base_url, config_file, published)
    settings, problems = settings_from_options(values, base_url, root)
    for issue in problems:
        click.echo(issue_line(issue))
    return settings, base_url


def _read_config(path: Path | None) -> tuple[dict[str, Any], str | None]:
    if path is None:
        return {}, None
    try:
        return read_any_config(path)
    except ConfigError as exc:
        raise click.BadParameter(str(exc), param_hint="--config") from None


def site_project(path: Path | None) -> Project | None:
    """The generator's config file --config names (zensical.toml, mkdocs.yml...); None
    for our own TOML file, or none."""
    try:
        return read_project(path) if path is not None else None
    except ConfigError as exc:
        raise click.BadParameter(str(exc), param_hint="--config") from None


def published_base(site_dir: Path, filename: str) -> str | None:
    """Where a built site is published, as its robots.txt says: the folder of the first
    `Sitemap:` URL naming `filename` (or its `.gz`); None when none does."""
    robots = site_dir / "robots.txt"
    if not robots.is_file():
        return None
    for url in robots_sitemaps(robots)[0]:
        if part_name(url) in (filename, filename + ".gz") and not loc_problem(url):
            return url.rsplit("/", 1)[0] + "/"
    return None
