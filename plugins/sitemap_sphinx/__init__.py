"""sitemap_sphinx: sitemaps.org-exact sitemaps for Sphinx's html and dirhtml builders.

`extensions = ["sitemap_sphinx"]` and `html_baseurl`. Every document the project
publishes is listed (not only those written in this run), with every other page the build
writes: the general and domain indices, `html_additional_pages`, extension pages such as
viewcode's; pages that say noindex, redirect or point their canonical URL elsewhere are
left out. One write, in `build-finished`, by `sitemap_core`.

The contract every adapter keeps: a bad option, field or base URL is one warning (type
`sitemap`, subtype its code: `-W` fails, `suppress_warnings` mutes) and the build goes on;
a sitemap that cannot be written at all is an error in the log, the pages built all the
same (Sphinx's exit status for a logged error: 0, and `-W` fails it; no traceback); one
info line sums the run up.
"""

from __future__ import annotations

import functools
import posixpath
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
from sitemap_core import Code, Issue, Said, Site, SitemapBuild, Spelling, UrlScheme

from . import fields, htmlmap, versions
from .config import ALSO_VALID, PREFIX, add_config_values, base_url, no_effect, option_values
from .pages import document_sources, pages
from .scheme import url_scheme

logger = logging.getLogger(__name__)

BUILDERS = frozenset({"html", "dirhtml"})
# Sphinx 8.2 and later write the indices and the search page even when no document is
# out of date; earlier ones then write no page at all.
SPHINX_WRITES_ALWAYS = sphinx.version_info[:2] >= (8, 2)


class _Build:
    """What one app's build gathers for its sitemap: the `SitemapBuild`, made from
    conf.py once the environment is read (git then reads the documents' history while
    the pages are written), this output's URL scheme, and the pages rendered without a
    doctree (indices, additional and extension pages)."""

    def __init__(self) -> None:
        self.sitemap = SitemapBuild(None)
        self.scheme: UrlScheme | None = None
        self.not_listed: list[Issue] | None = None  # another version's pages: no sitemap
        self.names: set[str] = set()

    def start(self, app: Sphinx, env: BuildEnvironment) -> list[str]:
        """env-updated: this build's sitemap, for an html or dirhtml build; git starts
        reading the documents' history."""
        self.names, self.scheme, self.not_listed = set(), None, None
        self.sitemap = SitemapBuild()
        if app.builder.name not in BUILDERS:
            return []
        history = versions.give_history(app)  # before the sitemap reads git
        base, setting = versions.own_url(app, *base_url(app))  # sphinx-multiversion: its folder
        scheme, issues = url_scheme(app.config, Path(app.srcdir))
        self.scheme, base, more = _placed(scheme, base, setting, app.config, Path(app.outdir))
        self.not_listed = versions.skipped(app, base)
        values, root = option_values(app, self.scheme)
        self.sitemap = SitemapBuild.configure(
            values,
            base,
            voice=_Voice(app),
            spelling=Spelling("conf.py", setting, PREFIX + "{}", f":{PREFIX}{{}}:"),
            site=Site(
                str(app.config.project or ""),
                default_language=self.scheme.languages[0][0] if self.scheme.languages else "",
                versioned=versions.versioned(app, base),
            ),
            root=root,
            also_valid=ALSO_VALID,
        )
        self.sitemap.note([*issues, *more, *no_effect(app), *history])
        if self.not_listed is None:
            self.sitemap.history.read(document_sources(env))
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

    def current(self) -> tuple[UrlScheme | None, SitemapBuild]:
        """This build's URL scheme and sitemap (the site map pages list with them)."""
        return self.scheme, self.sitemap


def _dirhtml_canonical(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """html-page-context, before Sphinx 8.1: a dirhtml page's canonical link names the
    URL the page is served at (`usage/`), as Sphinx 8.1 and later write it, not
    `usage.html`, a URL no file of a dirhtml build serves."""
    if app.builder.name == "dirhtml" and context.get("pageurl"):
        uri = app.builder.get_target_uri(pagename)
        context["pageurl"] = posixpath.join(app.config.html_baseurl, uri)


class _Voice:
    """Sphinx's logger: each issue a `sitemap.<code>` warning or error located at its
    document (`suppress_warnings` mutes it, `-W` fails on it); info lines and the
    summary at info level."""

    def __init__(self, app: Sphinx) -> None:
        self.app = app

    def issue(self, said: Said) -> None:
        issue = said.issue
        location = issue.page if issue.page in self.app.env.found_docs else None
        message = said.detail if location or not issue.page else said.plain
        if issue.level == "info":
            logger.info("sitemap: %s", message, location=location)
            return
        log = logger.error if issue.level == "error" else logger.warning
        log("%s", message, type="sitemap", subtype=issue.code, location=location)

    def summary(self, text: str) -> None:
        logger.info(text)


def _placed(
    scheme: UrlScheme, base: str, setting: str, config: Config, out_dir: Path
) -> tuple[UrlScheme, str, list[Issue]]:
    """The scheme and base URL of this output (`UrlScheme.placed`): with URLs under a
    prefix that is no folder of the output (`fr/`, `en/latest/`), that folder of the site,
    at `site_url` (the site's root) plus the prefix, else at `html_baseurl` when it ends
    with the prefix; `html_baseurl`, the pages' canonical URLs, must be that URL or unset."""
    placed = scheme.placed(base, setting == "site_url", config.html_baseurl, out_dir)
    if not placed.pages_at:
        return placed.scheme, placed.base_url, []
    own = placed.folder_url
    return (
        scheme,
        placed.base_url,
        [
            Issue(
                Code.SCHEME,
                "",
                "url_scheme",
                f"every URL starts with {scheme.prefix!r} (language, sitemap_url_scheme), which "
                f"is not a folder of the output {out_dir}, so this output is that folder of the "
                f"site, published at {own}; but its pages say they are at {placed.pages_at} "
                f"(html_baseurl): set html_baseurl to {own} (for this build: -D "
                f"html_baseurl={own}), or unset sitemap_url_scheme to list the built files' URLs",
            )
        ],
    )


def _write_sitemap(build: _Build, app: Sphinx, exception: Exception | None) -> None:
    """build-finished: write the sitemap set for an html or dirhtml build that succeeded;
    keep the last one when the build wrote no page at all."""
    sitemap, build.sitemap = build.sitemap, SitemapBuild()
    if exception is not None or app.builder.name not in BUILDERS:
        return
    if build.not_listed is not None:  # another version's pages
        sitemap.note(build.not_listed)
        sitemap.report()
    elif sitemap.settings is not None and _kept(app, sitemap.settings.filename):
        sitemap.report()
    else:
        fields: list[Issue] = []  # the documents' fields
        if build.scheme is not None:
            sitemap.extend(list(pages(app, build.scheme, fields, build.names)))
        sitemap.note(fields)
        sitemap.report()
        sitemap.finish(Path(app.outdir))
        sitemap.report(summary=True)


def _kept(app: Sphinx, filename: str) -> bool:
    """True when the last sitemap stands: before Sphinx 8.2 a build with no document
    out of date writes no page at all (no index, no search page), so the pages it would
    list are those of the last build, which its sitemap lists."""
    if SPHINX_WRITES_ALWAYS or app.phase >= BuildPhase.RESOLVING:
        return False
    if not (Path(app.outdir) / filename).is_file():
        return False
    logger.info(
        "sitemap: no page was written (no targets are out of date), so the last build's %s stands",
        filename,
    )
    return True


def setup(app: Sphinx) -> dict[str, Any]:
    """Declare the options, note the generated pages, write the sitemap when an html or
    dirhtml build finishes."""
    add_config_values(app)
    build = _Build()
    app.connect("env-updated", build.start)
    app.connect("html-page-context", build.note)
    app.connect("doctree-read", fields.misplaced)  # a :sitemap_*: field after the title
    if sphinx.version_info[:2] < (8, 1):
        app.connect("html-page-context", _dirhtml_canonical)
    app.connect("build-finished", functools.partial(_write_sitemap, build))
    htmlmap.setup(app, build.current)  # the site map pages, with sitemap_html_map = True
    return {
        "version": sitemap_core.__version__,
        "env_version": 1,
        "parallel_read_safe": True,
        "parallel_write_safe": True,
    }
