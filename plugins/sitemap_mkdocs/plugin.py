"""MkDocs plugin `sitemap-suite`: the suite's sitemaps in place of MkDocs' built-in one.

`plugins: [search, sitemap-suite]` and a `site_url` in mkdocs.yml are all it takes. Every
page MkDocs builds is offered to the core (drafts and `exclude_docs` pages are not built,
so not offered) as a `Page` (`pages`), with its front matter: `sitemap: false`, or
`sitemap:` with `exclude`, `priority`, `changefreq`, `lastmod`; a modification date
(`updated`, `last_modified`, `modified`, a material blog's `date.updated`) that wins over
history; a publication date (`date`, `date.created`) that is a floor. Its sources are
its file and the files it includes (`includes`); a material blog view lists the posts
it shows (`blog`). With mkdocs-static-i18n, one sitemap lists every language,
translations as alternates (`i18n`). Under `mkdocs serve`, git's history is read once
and kept from rebuild to rebuild while HEAD stays on its commit (`_Rebuilds`).
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page as MkDocsPage
from mkdocs.utils.templates import TemplateContext

from sitemap_core import (
    Issue,
    Settings,
    read_ahead,
    settings_from_options,
    write_sitemaps,
)
from sitemap_core.facts.gitdates import GitDates
from sitemap_core.values.page import hreflang
from sitemap_core.values.urls import base_url_problem

from . import blog, i18n, versions
from .config import SitemapConfig
from .includes import PageIncludes
from .pages import site_pages, unread_front_matter

if TYPE_CHECKING:
    from .htmlmap import HtmlMap

log = get_plugin_logger(__name__)


class SitemapPlugin(BasePlugin[SitemapConfig]):  # type: ignore[no-untyped-call]  # mkdocs' untyped __init_subclass__
    """Write the sitemap set for every built page once the build is done."""

    def __init__(self) -> None:
        self._settings: Settings | None = None
        self._preview, self._config_name = False, "mkdocs.yml"  # the file issues name
        self._files: list[Files] = []  # each build's: one per language with i18n
        self._meta: dict[str, Mapping[str, Any]] = {}
        self._includes: PageIncludes | None = None
        self._included: dict[str, list[str]] = {}
        self._shown: dict[str, list[MkDocsPage]] = {}
        self._map: HtmlMap | None = None  # the site map pages, with `html_map: true`
        self._history: GitDates | None = None  # the pages' git history, read as MkDocs builds
        self._unread: set[str] = set()  # pages whose front matter YAML could not read
        self._rebuilds = _Rebuilds()  # what `mkdocs serve` keeps from one build to the next

    def on_startup(self, *, command: str, dirty: bool) -> None:
        """Under `mkdocs serve`, keep the pages' git dates between rebuilds (`_Rebuilds`)."""
        self._rebuilds = _Rebuilds(serving=command == "serve")

    def on_shutdown(self) -> None:
        """Drop what `mkdocs serve` kept."""
        self._rebuilds = _Rebuilds()

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """Turn MkDocs' own sitemap off, reset per-build state and check the options."""
        config.theme.static_templates.discard("sitemap.xml")
        self._config_name = os.path.basename(config.config_file_path or "mkdocs.yml")
        if i18n.nested(config):  # another language of the same site: keep collecting
            return config
        self._settings, self._preview, self._files = None, False, []
        self._meta, self._included, self._shown, self._unread = {}, {}, {}, set()
        self._map = self._includes = self._history = None
        site_url = versions.site_url(config, self._report)  # under mike: its folder
        if site_url is None:  # mike builds it with another version's URLs
            return config
        problem = base_url_problem(site_url)
        if problem:
            advice = "set `site_url` to the absolute http(s) address the site is published at"
            issue = Issue("base-url", "", "site_url", f"no sitemap written: {problem}; {advice}")
            self._report([issue], f"sitemap: not written: {problem}")
            return config
        self._preview = _on_dev_server(config)
        settings, issues = _settings(config, dict(self.config), site_url, self._preview)
        self._report(issues)
        self._settings = settings
        self._includes = PageIncludes(config)
        if settings.html_map:  # the site map pages: their modules load only then
            from .htmlmap import HtmlMap

            self._map = HtmlMap(settings, config)
        return config

    @event_priority(-110)  # late: after plugins that add or drop pages, and i18n's (-100)
    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        """Keep the inventory (every page, in the nav or not); drop the theme's template.

        Once `sitemap.xml` is no static template, MkDocs would copy the theme's raw
        Jinja file into site_dir as a static file.
        """
        template = files.get_file_from_path("sitemap.xml")
        if template is not None and template.src_dir in config.theme.dirs:
            files.remove(template)
        self._files.append(files)
        if self._includes is not None:
            self._includes.attach(config)
        if self._settings is not None and self._history is None:  # git reads while MkDocs builds
            everywhere = self._includes.everywhere if self._includes is not None else []
            self._history = self._rebuilds.history(files, self._settings, everywhere)
        return files

    @event_priority(-100)  # late: the nav other plugins made
    def on_nav(self, nav: Navigation, *, config: MkDocsConfig, files: Files) -> Navigation:
        """Add the site map pages (`html_map`)."""
        if self._map is not None:
            self._report(self._map.add_pages(nav, files, config))
        return nav

    def on_env(self, env: Environment, *, config: MkDocsConfig, files: Files) -> Environment:
        """Build the site map pages after every other page; read git on (`_read_on`)."""
        if self._map is not None:
            self._map.move_last(files)
        if self._history is not None:
            _read_on(self._history, files, self._included)
        return env

    @event_priority(-100)  # late: after plugins that include files or rewrite Markdown
    def on_page_markdown(
        self, markdown: str, *, page: MkDocsPage, config: MkDocsConfig, files: Files
    ) -> str:
        """Note the files the page includes; warn once of front matter MkDocs could not
        read (it then keeps the `---` block as the page's text, with no meta)."""
        if self._includes is not None:
            self._included[page.file.src_uri] = self._includes.of(markdown)
        source = page.markdown or ""
        if not page.meta and source.startswith("---") and page.file.src_uri not in self._unread:
            self._unread.add(page.file.src_uri)
            unread = unread_front_matter(source, page.file.src_uri)
            if unread is not None:
                self._report([unread])
        return markdown

    def on_page_content(self, html: str, *, page: MkDocsPage, **_: Any) -> str:
        """Note the source files of what mkdocstrings rendered into the page."""
        if self._includes is not None and (documented := self._includes.rendered()):
            self._included.setdefault(page.file.src_uri, []).extend(documented)
        return html

    @event_priority(-110)  # after the blog plugin (-100) put a view's posts in the context
    def on_page_context(
        self, context: TemplateContext, *, page: MkDocsPage, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        """Keep the page's final front matter, and the posts a blog view shows."""
        self._meta[page.file.src_uri] = page.meta
        if blog.is_view(page):
            self._shown[page.file.src_uri] = blog.shown_posts(context)
        if self._map is not None:
            self._map.fill(page)
        return context

    @event_priority(-110)  # after i18n's (-100), which builds the other languages
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Write the sitemap set into site_dir, after MkDocs copied robots.txt there and
        every language was built."""
        if self._settings is None or not self._files or i18n.nested(config):
            return
        site_dir = Path(config.site_dir)
        files = i18n.in_language_order(
            [file for build in self._files for file in build.documentation_pages()], config
        )
        pages = site_pages(
            files,
            site_dir,
            news=self._settings.news,
            meta=self._meta,
            included=self._included,
            shown=self._shown,
            report=self._report,
        )
        heads = self._map.heads() if self._map is not None else None
        result = write_sitemaps(pages, site_dir, self._settings, self._history, heads)
        self._report(result.issues, result.summary())

    def _report(self, issues: Iterable[Issue], summary: str = "") -> None:
        """Issues to the MkDocs log (so --strict counts them), then the summary line if
        given; errors then stop the build, as one PluginError (no traceback)."""
        errors = []
        for issue in issues:
            text = _describe(issue, self._config_name)
            if self._preview:
                log.debug(text)
            elif issue.level == "error":
                errors.append(text)
            else:
                (log.info if issue.level == "info" else log.warning)(text)
        if summary:
            (log.debug if self._preview else log.info)(summary)
        if errors:  # MkDocs logs it under its own name: the prefix our lines have
            raise PluginError("\n".join(f"{log.prefix}: {error}" for error in errors))


class _Rebuilds:
    """The pages' git history, kept from one `mkdocs serve` build to the next while it
    holds (`GitDates.refresh`); `mkdocs build` keeps nothing."""

    __slots__ = ("serving", "_kept")

    def __init__(self, serving: bool = False) -> None:
        self.serving = serving
        self._kept: tuple[str, GitDates] | None = None  # the last build's, and its `lastmod`

    def history(self, files: Files, settings: Settings, included: list[str]) -> GitDates | None:
        """Start git reading the history of the pages and of the files every page includes
        (in one `git log`: `included` are known before any page is read); or take the last
        build's, read with the same `lastmod` setting, when it still holds: HEAD on the
        same commit, the files changed since dated by their mtime. git then reads only
        the folders new since."""
        paths = [file.abs_src_path for file in files.documentation_pages() if file.abs_src_path]
        paths += included
        kept, self._kept = self._kept, None
        history = None
        if kept is not None and paths:
            lastmod, last = kept
            if lastmod == settings.lastmod and last.contains(paths[0]) and last.refresh():
                history = last
                history.read_ahead(paths)
        if history is None:
            history = read_ahead(paths, settings)
        if self.serving and history is not None:
            self._kept = settings.lastmod, history
        return history


def _read_on(history: GitDates, files: Files, included: Mapping[str, list[str]]) -> None:
    """Once every page's Markdown is read (MkDocs' `on_env`): take the pages' git log
    (git finished it long ago) and start git reading the files they include outside
    their folders, both while MkDocs renders the pages, not once it is done."""
    history.prefetch(file.abs_src_path for file in files.documentation_pages() if file.abs_src_path)
    paths = {path for found in included.values() for path in found}
    if paths:
        history.read_ahead(sorted(paths))


def _settings(
    config: MkDocsConfig, options: dict[str, Any], site_url: str, preview: bool
) -> tuple[Settings, list[Issue]]:
    """The core's settings: the plugin's options, with the site's defaults (x_default,
    the news sitemap's name and language); `preview`: for the dev server."""
    root = Path(config.config_file_path).resolve().parent if config.config_file_path else None
    settings, issues = settings_from_options(options, site_url, root)
    if settings.x_default == "" and (default := i18n.default_language(config)):
        settings = dataclasses.replace(settings, x_default=hreflang(default))
    settings = dataclasses.replace(  # the news sitemap's defaults: the site's
        settings,
        news_publication=settings.news_publication or config.site_name,
        news_language=settings.news_language or _theme_language(config),
    )
    if preview:
        # Dev-server URLs must not enter the content-state dates of the real site,
        # nor ever be sent to IndexNow.
        settings = dataclasses.replace(settings, cache_dir=None, submit=False)
    return settings, issues


def _on_dev_server(config: MkDocsConfig) -> bool:
    """True when `mkdocs serve` rewrote site_url to the dev server's address."""
    host, port = config.dev_addr
    return (config.site_url or "").startswith(f"http://{host}:{port}/")


def _theme_language(config: MkDocsConfig) -> str:
    """The site's language: the theme's `language` (mkdocs-material) or `locale`."""
    return str(config.theme.get("language") or config.theme.get("locale") or "")


def _describe(issue: Issue, config_name: str) -> str:
    """`[code] page (field): message`; option issues are named after the config file
    (`mkdocs.yml`, or the file `--config-file` names)."""
    where = issue.page or config_name
    field = f" ({issue.field})" if issue.field else ""
    return f"[{issue.code}] {where}{field}: {issue.message}"
