"""sitemap_sphinx: sitemaps.org-exact sitemaps for Sphinx's html and dirhtml builders.

`extensions = ["sitemap_sphinx"]` and `html_baseurl`. Every document the project
publishes is listed (not only those written in this run), with the general and domain
indices and `html_additional_pages`; pages that say noindex, redirect or point their
canonical URL elsewhere are left out. One write, in `build-finished`, by `sitemap_core`.
"""

from __future__ import annotations

from collections.abc import Iterable, Set
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

from sitemap_core import Issue, write_sitemaps

from .config import add_config_values, base_url, read_settings
from .pages import pages
from .scheme import url_scheme

try:
    __version__ = version("sitemap-suite")
except PackageNotFoundError:  # run from a source checkout
    __version__ = "0+unknown"

logger = logging.getLogger(__name__)

BUILDERS = frozenset({"html", "dirhtml"})


def _report(issues: Iterable[Issue], docnames: Set[str]) -> None:
    """Each issue as a `sitemap.<code>` warning (or error), located at its document."""
    for issue in issues:
        location = issue.page if issue.page in docnames else None
        message = issue.message
        if issue.code == "option" and issue.field:
            message = f"sitemap_{issue.field}: {message}"
        elif location is None and issue.page:
            message = f"{issue.page}: {message}"
        if issue.level == "info":
            logger.info("sitemap: %s", message, location=location)
            continue
        log = logger.error if issue.level == "error" else logger.warning
        log("%s", message, type="sitemap", subtype=issue.code, location=location)


def _scheme_outside(prefix: str, base: str, out_dir: Path) -> Issue:
    return Issue(
        "scheme", "", "url_scheme",
        f"every URL starts with {prefix!r} (sitemap_url_scheme, language), which is not a "
        f"folder of the output {out_dir}: the URLs are right only if this output is "
        f"published at {base.rstrip('/')}/{prefix} (set html_baseurl to that, site_url to "
        f"{base}, publish the sitemap there and add 'sitemap.scheme' to suppress_warnings); "
        "otherwise unset sitemap_url_scheme to list the built files' URLs")


def _write_sitemap(app: Sphinx, exception: Exception | None) -> None:
    """build-finished: write the sitemap set for an html or dirhtml build that succeeded."""
    if exception is not None or app.builder.name not in BUILDERS:
        return
    base = base_url(app)
    issues = _write(app, base) if base else [Issue(
        "base-url", "", "html_baseurl", "html_baseurl is not set in conf.py (nor site_url, "
        "nor READTHEDOCS_CANONICAL_URL in the environment): no sitemap written")]
    _report(issues, app.env.found_docs)


def _write(app: Sphinx, base: str) -> list[Issue]:
    """One core call; the issues of the settings, the URL scheme and the run."""
    out_dir = Path(app.outdir)
    scheme, issues = url_scheme(app.config, Path(app.srcdir))
    settings, more = read_settings(app, base, scheme)
    issues += more
    if prefix := scheme.missing_from(out_dir):
        issues.append(_scheme_outside(prefix, base, out_dir))
    result = write_sitemaps(pages(app.builder, scheme, issues), out_dir, settings)
    logger.info(result.summary())
    return [*issues, *result.issues]


def setup(app: Sphinx) -> dict[str, Any]:
    """Declare the options and write the sitemap when an html or dirhtml build finishes."""
    add_config_values(app)
    app.connect("build-finished", _write_sitemap)
    return {
        "version": __version__,
        "env_version": 1,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
