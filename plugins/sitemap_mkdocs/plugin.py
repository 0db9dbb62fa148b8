"""MkDocs plugin `sitemap-suite`: the suite's sitemaps in place of MkDocs' built-in one.

`plugins: [search, sitemap-suite]` and a `site_url` in mkdocs.yml are all it takes. Every
page MkDocs builds is offered to the core (drafts and `exclude_docs` pages are not built,
so not offered), with its front matter: `sitemap: false`, or `sitemap:` with `exclude`,
`priority`, `changefreq`, `lastmod`; else the page's own date from `updated`,
`last_modified` or `date`.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page as MkDocsPage
from mkdocs.utils.meta import get_data
from mkdocs.utils.templates import TemplateContext

from sitemap_core import (
    Issue,
    Page,
    Settings,
    meta_overrides,
    settings_from_options,
    write_sitemaps,
)

from .config import SitemapConfig

log = get_plugin_logger(__name__)

DATE_KEYS = ("updated", "last_modified", "date")
"""Front matter keys read, in this order, as the page's own lastmod (after `sitemap.lastmod`)."""


class SitemapPlugin(BasePlugin[SitemapConfig]):
    """Write the sitemap set for every built page once the build is done."""

    def __init__(self) -> None:
        self._settings: Settings | None = None
        self._preview = False
        self._files: Files | None = None
        self._meta: dict[str, Mapping[str, Any]] = {}

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """Turn MkDocs' own sitemap off, reset per-build state and check the options."""
        config.theme.static_templates.discard("sitemap.xml")
        self._settings, self._preview, self._files, self._meta = None, False, None, {}
        if not config.site_url:
            self._report([Issue("base-url", "", "site_url", (
                "no sitemap written: set `site_url` to the address the site is published at "
                "(sitemaps need absolute URLs)"))])
            return config
        self._preview = _on_dev_server(config)
        root = Path(config.config_file_path).resolve().parent if config.config_file_path else None
        settings, issues = settings_from_options(dict(self.config), config.site_url, root)
        if self._preview:
            # Dev-server URLs must not enter the content-state dates of the real site,
            # nor ever be sent to IndexNow.
            settings = dataclasses.replace(settings, cache_dir=None, submit=False)
        self._report(issues)
        self._settings = settings
        return config

    @event_priority(-100)  # late: after plugins that add or drop pages
    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        """Keep the inventory (every page, in the nav or not); drop the theme's template.

        Once `sitemap.xml` is no static template, MkDocs would copy the theme's raw
        Jinja file into site_dir as a static file.
        """
        template = files.get_file_from_path("sitemap.xml")
        if template is not None and template.src_dir in config.theme.dirs:
            files.remove(template)
        self._files = files
        return files

    def on_page_context(self, context: TemplateContext, *, page: MkDocsPage,
                        config: MkDocsConfig, nav: Navigation) -> TemplateContext:
        """Keep the page's final front matter (other plugins may have added to it)."""
        self._meta[page.file.src_uri] = page.meta
        return context

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Write the sitemap set into site_dir, after MkDocs copied robots.txt there."""
        if self._settings is None or self._files is None:
            return
        site_dir = Path(config.site_dir)
        result = write_sitemaps(self._pages(self._files, site_dir), site_dir, self._settings)
        self._report(result.issues)
        (log.debug if self._preview else log.info)(result.summary())

    def _pages(self, files: Files, site_dir: Path) -> Iterator[Page]:
        for file in files.documentation_pages():
            meta = self._meta.get(file.src_uri)
            if meta is None:  # a --dirty build did not read this unchanged page
                meta = get_data(file.content_string)[1]
            overrides, issues = meta_overrides(meta.get("sitemap"), file.src_uri)
            self._report(issues)
            yield _page(file, meta, overrides, site_dir)

    def _report(self, issues: Iterable[Issue]) -> None:
        """Issues to the MkDocs log (so --strict counts them); errors stop the build."""
        errors = []
        for issue in issues:
            if self._preview:
                log.debug(_describe(issue))
            elif issue.level == "info":
                log.info(_describe(issue))
            elif issue.level == "error":
                errors.append(_describe(issue))
            else:
                log.warning(_describe(issue))
        if errors:
            raise PluginError("\n".join(errors))


def _on_dev_server(config: MkDocsConfig) -> bool:
    """True when `mkdocs serve` rewrote site_url to the dev server's address."""
    host, port = config.dev_addr
    return config.site_url.startswith(f"http://{host}:{port}/")


def _page(file: File, meta: Mapping[str, Any], overrides: dict[str, Any],
          site_dir: Path) -> Page:
    """The core's view of one built page: its URL as MkDocs links it, and its front matter."""
    lastmod = overrides.pop("lastmod", None) or _own_date(meta)
    return Page(
        url=file.page.url,  # type: ignore[union-attr]  # MkDocs made a Page for every built file
        lastmod=lastmod,
        sources=(file.abs_src_path,) if file.abs_src_path else (),
        output=os.path.join(site_dir, file.dest_path),
        name=file.src_uri,
        **overrides,
    )


def _own_date(meta: Mapping[str, Any]) -> Any:
    """The first date key present; a mkdocs-material blog `date:` map gives `updated`/`created`."""
    for key in DATE_KEYS:
        value = meta.get(key)
        if isinstance(value, Mapping):
            value = value.get("updated") or value.get("created")
        if value is not None:
            return value
    return None


def _describe(issue: Issue) -> str:
    """`[code] page (field): message`; option issues are named after mkdocs.yml."""
    where = issue.page or "mkdocs.yml"
    field = f" ({issue.field})" if issue.field else ""
    return f"[{issue.code}] {where}{field}: {issue.message}"
