"""sitemap_sphinx: sitemaps.org-exact sitemaps for Sphinx's html and dirhtml builders.

`extensions = ["sitemap_sphinx"]` and `html_baseurl`. Every document the project
publishes is listed (not only those written in this run), with every other page the build
writes: the general and domain indices, `html_additional_pages`, extension pages such as
viewcode's; pages that say noindex, redirect or point their canonical URL elsewhere are
left out. One write, in `build-finished`, by `sitemap_core`.

The contract every adapter keeps: a bad option, field or base URL is one warning (type
`sitemap`, subtype its code: `-W` fails, `suppress_warnings` mutes) and the build goes on;
a sitemap that cannot be written at all is an error that fails the build (exit status 1,
no traceback); one info line sums the run up.
"""

from __future__ import annotations

import dataclasses
import functools
import posixpath
from collections.abc import Iterable, Set
from pathlib import Path
from typing import Any

import sphinx
from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.build_phase import BuildPhase

import sitemap_core
from sitemap_core import Issue, Settings, read_ahead, write_sitemaps
from sitemap_core.facts.gitdates import GitDates

from . import htmlmap, versions
from .config import RTD_URL, add_config_values, base_url, read_settings
from .pages import document_sources, pages
from .scheme import Scheme, url_scheme

logger = logging.getLogger(__name__)

BUILDERS = frozenset({"html", "dirhtml"})
# Sphinx 8.2 and later write the indices and the search page even when no document is
# out of date; earlier ones then write no page at all.
SPHINX_WRITES_ALWAYS = sphinx.version_info[:2] >= (8, 2)


class _Build:
    """What one app's build gathers for its sitemap: the git history of its documents,
    read while the pages are written, and the pages rendered without a doctree (indices,
    additional and extension pages). Each build's sitemap takes them."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.history: GitDates | None = None

    def read_ahead(self, app: Sphinx, env: BuildEnvironment) -> list[str]:
        """env-updated: start git reading the documents' history, for an html or dirhtml
        build that will write a sitemap."""
        self.history = None
        if app.builder.name in BUILDERS:
            self.history = read_ahead(document_sources(env), _site(app)[3])
        return []

    def note(
        self,
        app: Sphinx,
        pagename: str,
        templatename: str,
        context: dict[str, Any],
        doctree: nodes.document | None,
    ) -> None:
        """html-page-context: remember a page that is not a document."""
        if doctree is None:
            self.names.add(pagename)

    def take(self) -> tuple[set[str], GitDates | None]:
        """The names noted and the history read since the last call."""
        taken = self.names, self.history
        self.names, self.history = set(), None
        return taken


def _dirhtml_canonical(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """html-page-context, before Sphinx 8.1: a dirhtml page's canonical link names the
    URL the page is served at (`usage/`), as Sphinx 8.1 and later write it, not
    `usage.html`, a URL no file of a dirhtml build serves."""
    if app.builder.name == "dirhtml" and context.get("pageurl"):
        uri = app.builder.get_target_uri(pagename)
        context["pageurl"] = posixpath.join(app.config.html_baseurl, uri)


def _report(app: Sphinx, issues: Iterable[Issue], docnames: Set[str]) -> None:
    """Each issue as a `sitemap.<code>` warning or error, located at its document; an
    error (no sitemap could be written) fails the build."""
    for issue in issues:
        location = issue.page if issue.page in docnames else None
        message = issue.message
        if location is None and issue.page:
            message = f"{issue.page}: {message}"
        if issue.level == "info":
            logger.info("sitemap: %s", message, location=location)
            continue
        log = logger.error if issue.level == "error" else logger.warning
        log("%s", message, type="sitemap", subtype=issue.code, location=location)
        if issue.level == "error":
            app.statuscode = 1


def _placed(
    scheme: Scheme, base: str, setting: str, config: Config, out_dir: Path
) -> tuple[Scheme, str, list[Issue]]:
    """The scheme and base URL of this output. When this build's URLs start with a
    prefix that is no folder of the output (`fr/`, `en/latest/`), the output is that
    language's folder of the site: its sitemap lists its pages relative to its own URL,
    and the other languages' by absolute URLs. Its own URL is `site_url` (the site's
    root) plus the prefix, else `html_baseurl` when it ends with the prefix; `html_baseurl`,
    the pages' canonical URLs, must be that URL or unset."""
    prefix = scheme.missing_from(out_dir)
    if not prefix or not base:
        return scheme, base, []
    base = base.rstrip("/") + "/"
    own = base + prefix if setting == "site_url" else base
    pages_at = str(config.html_baseurl or own).rstrip("/") + "/"
    if own.endswith(prefix) and pages_at == own:
        return scheme.rebased(own.removesuffix(prefix)), own, []
    if setting != "site_url":
        own = base + prefix
    return (
        scheme,
        base,
        [
            Issue(
                "scheme",
                "",
                "url_scheme",
                f"every URL starts with {prefix!r} (language, sitemap_url_scheme), which is not a "
                f"folder of the output {out_dir}, so this output is that folder of the site, "
                f"published at {own}; but its pages say they are at {pages_at} (html_baseurl): "
                f"set html_baseurl to {own} (for this build: -D html_baseurl={own}), or unset "
                "sitemap_url_scheme to list the built files' URLs",
            )
        ],
    )


def _base_url_warning(issue: Issue, base: str, setting: str) -> Issue:
    """The core's `base-url` error as the contract's one warning, naming conf.py's setting."""
    problem = (
        f"{setting} = {base!r}: {issue.message.removeprefix('no sitemap written: ')}"
        if base
        else f"html_baseurl is not set in conf.py (nor site_url, nor {RTD_URL} in the environment)"
    )
    return dataclasses.replace(
        issue, field=setting, level="warning", message=f"{problem}: no sitemap written"
    )


def _write_sitemap(build: _Build, app: Sphinx, exception: Exception | None) -> None:
    """build-finished: write the sitemap set for an html or dirhtml build that succeeded;
    keep the last one when the build wrote no page at all."""
    names, history = build.take()
    if exception is not None or app.builder.name not in BUILDERS:
        return
    if (kept := _kept(app)) is not None:
        _report(app, kept, app.env.found_docs)
        return
    _report(app, _write(app, names, history), app.env.found_docs)


def _kept(app: Sphinx) -> list[Issue] | None:
    """The issues of the settings, when the last sitemap stands: before Sphinx 8.2 a
    build with no document out of date writes no page at all (no index, no search
    page), so the pages it would list are those of the last build, which its sitemap
    lists. None when a sitemap is to be written."""
    if SPHINX_WRITES_ALWAYS or app.phase >= BuildPhase.RESOLVING:
        return None
    *_, settings, issues = _site(app)
    if not (Path(app.outdir) / settings.filename).is_file():
        return None
    logger.info(
        "sitemap: no page was written (no targets are out of date), so the last build's %s stands",
        settings.filename,
    )
    return issues


def _site(app: Sphinx) -> tuple[Scheme, str, str, Settings, list[Issue]]:
    """This output's URL scheme, base URL and the setting it came from, and the settings;
    with the issues of the settings and the URL scheme."""
    base, setting = versions.own_url(app, *base_url(app))  # sphinx-multiversion: its folder
    scheme, issues = url_scheme(app.config, Path(app.srcdir))
    scheme, base, more = _placed(scheme, base, setting, app.config, Path(app.outdir))
    settings, found = read_settings(app, base, scheme)
    return scheme, base, setting, settings, [*issues, *more, *found]


def _write(app: Sphinx, written: Set[str], history: GitDates | None) -> list[Issue]:
    """One core call; the issues of the settings, the URL scheme and the run."""
    scheme, base, setting, settings, issues = _site(app)
    if (not_listed := versions.skipped(app, base)) is not None:  # another version's pages
        return [*issues, *not_listed]
    result = write_sitemaps(
        pages(app, scheme, issues, written),
        Path(app.outdir),
        settings,
        history,
        htmlmap.heads_read(app),
    )
    logger.info(result.summary())
    return [
        *issues,
        *(
            _base_url_warning(i, base, setting) if i.code == "base-url" else i
            for i in result.issues
        ),
    ]


def setup(app: Sphinx) -> dict[str, Any]:
    """Declare the options, note the generated pages, write the sitemap when an html or
    dirhtml build finishes."""
    add_config_values(app)
    build = _Build()
    app.connect("env-updated", build.read_ahead)
    app.connect("html-page-context", build.note)
    if sphinx.version_info[:2] < (8, 1):
        app.connect("html-page-context", _dirhtml_canonical)
    app.connect("build-finished", functools.partial(_write_sitemap, build))
    htmlmap.setup(app, _site)  # the site map pages, with sitemap_html_map = True
    return {
        "version": sitemap_core.__version__,
        "env_version": 1,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
