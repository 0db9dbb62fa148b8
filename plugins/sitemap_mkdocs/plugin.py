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
and kept from rebuild to rebuild while HEAD stays on its commit (`SitemapBuild`).
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from jinja2 import Environment
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, event_priority, get_plugin_logger
from mkdocs.structure.files import File, Files
from mkdocs.structure.nav import Navigation
from mkdocs.structure.pages import Page as MkDocsPage
from mkdocs.utils.templates import TemplateContext

from sitemap_core import Issue, LogVoice, Place, Site, SitemapBuild, Spelling

from . import blog, i18n, versions
from .config import SitemapConfig
from .includes import PageIncludes
from .pages import places, site_pages, unread_markdown

if TYPE_CHECKING:
    from .htmlmap import HtmlMap

log = get_plugin_logger(__name__)
# The keys in MkDocs' plugins of the hooks run for every page, added when a build needs them.
PAGE_HOOKS, INCLUDE_HOOKS = "sitemap-suite/pages", "sitemap-suite/includes"


class SitemapPlugin(BasePlugin[SitemapConfig]):  # type: ignore[no-untyped-call]  # mkdocs' untyped __init_subclass__
    """Write the sitemap set for every built page once the build is done."""

    def __init__(self) -> None:
        self._build = SitemapBuild()  # this build's sitemap, made in on_config
        self._serving = False  # under `mkdocs serve`, a build hands its git history on
        self._voice = LogVoice(log)  # `--strict` counts its warnings; all debug under serve
        self._spelling = Spelling("mkdocs.yml", "site_url")
        self._seen = Seen()  # what this build's pages showed, every language's

    def on_startup(self, *, command: str, dirty: bool) -> None:
        """Under `mkdocs serve`, each build takes the last one's git history over."""
        self._serving = command == "serve"

    def on_shutdown(self) -> None:
        """Drop what `mkdocs serve` kept."""
        self._build = SitemapBuild()

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        """Turn MkDocs' own sitemap off, start this build's sitemap from the options."""
        config.theme.static_templates.discard("sitemap.xml")
        self._spelling = Spelling(
            os.path.basename(config.config_file_path or "mkdocs.yml"), "site_url"
        )
        if i18n.nested(config):  # another language of the same site: keep collecting
            return config
        self._seen, previous = Seen(), self._build if self._serving else None
        self._voice.preview = _on_dev_server(config)
        site_url = versions.site_url(config)  # under mike: its folder
        if not isinstance(site_url, str):  # mike builds it with another version's URLs
            issue, why = site_url
            self._build = SitemapBuild.not_listed(
                [issue], why, voice=self._voice, spelling=self._spelling
            )
            self._build.report(summary=True)
            return config
        self._build = SitemapBuild.configure(
            dict(self.config),
            site_url,
            voice=self._voice,
            spelling=self._spelling,
            site=_site(config),
            root=Path(config.config_file_path).resolve().parent
            if config.config_file_path
            else None,
            preview=self._voice.preview,
            previous=previous,
        )
        settings = self._build.settings
        self._build.report(summary=settings is None)
        if settings is None:
            return config
        self._seen.includes = PageIncludes(config)
        if settings.html_map:  # the site map pages: their modules load only then
            from .htmlmap import HtmlMap

            self._seen.map = HtmlMap(settings, config, self._build.heads())
        if self._seen.includes.per_page:
            config.plugins[INCLUDE_HOOKS] = self._seen.includes
        if self._seen.map is not None or blog.loaded():
            config.plugins[PAGE_HOOKS] = self._seen
        return config

    @event_priority(-110)  # late: after plugins that add or drop pages, and i18n's (-100)
    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files:
        """Keep the inventory (every page, in the nav or not); drop the theme's template;
        start git reading the pages' history (and that of the files every page includes)
        while MkDocs builds.

        Once `sitemap.xml` is no static template, MkDocs would copy the theme's raw
        Jinja file into site_dir as a static file.
        """
        template = files.get_file_from_path("sitemap.xml")
        if template is not None and template.src_dir in config.theme.dirs:
            files.remove(template)
        first = not self._seen.files
        self._seen.files.append(files)
        if self._seen.includes is not None:
            self._seen.includes.attach(config)
            if first:
                self._build.history.read(
                    [*_sources(files.documentation_pages()), *self._seen.includes.everywhere]
                )
        return files

    @event_priority(-100)  # late: the nav other plugins made
    def on_nav(self, nav: Navigation, *, config: MkDocsConfig, files: Files) -> Navigation:
        """Place this build's pages by the nav; add the site map pages (`html_map`)."""
        self._seen.places.update(placed := places(nav, files))
        if self._seen.map is not None:
            self._report(self._seen.map.add_pages(nav, files, config, placed))
        return nav

    def on_env(self, env: Environment, *, config: MkDocsConfig, files: Files) -> Environment:
        """Build the site map pages after every other page. Every page's Markdown is
        read and converted now: note the files each includes, warn once of front matter
        MkDocs could not read (it then keeps the `---` block as the page's text, with no
        meta); take the pages' git log (git finished it long ago) and start git reading
        the files they include outside their folders, while MkDocs renders."""
        if self._seen.map is not None:
            self._seen.map.move_last(files)
        pages = files.documentation_pages()  # once: MkDocs filters every file for it
        for page in _read_pages(pages):
            if self._seen.includes is not None:
                self._seen.included[page.file.src_uri] = self._seen.includes.of(page)
            if (unread := self._seen.unread_once(page)) is not None:
                self._report([unread])
        self._build.history.prefetch(_sources(pages))
        self._build.history.read_more(
            sorted({p for found in self._seen.included.values() for p in found})
        )
        return env

    @event_priority(-110)  # after i18n's (-100), which builds the other languages
    def on_post_build(self, *, config: MkDocsConfig) -> None:
        """Write the sitemap set into site_dir, after MkDocs copied robots.txt there and
        every language was built."""
        settings = self._build.settings
        if settings is None or not self._seen.files or i18n.nested(config):
            return
        site_dir = Path(config.site_dir)
        self._build.extend(
            site_pages(
                i18n.in_language_order(
                    [f for build in self._seen.files for f in build.documentation_pages()], config
                ),
                site_dir,
                news=settings.news,
                included=self._seen.included,
                shown=self._seen.shown,
                report=self._report,
                placed=self._seen.places,
            )
        )
        self._build.finish(site_dir)
        self._build.report(summary=True)

    def _report(self, issues: Iterable[Issue]) -> None:
        """Issues to the MkDocs log: `--strict` counts them; none stops the build."""
        self._build.note(issues)
        self._build.report()


@dataclasses.dataclass(slots=True, eq=False)
class Seen(BasePlugin):  # type: ignore[type-arg,no-untyped-call]  # as SitemapPlugin
    """What one build's pages show the sitemap, gathered event by event (with i18n, over
    every language's build). Its hook runs for every page: it is added to MkDocs' plugins
    (as `PAGE_HOOKS`) only for a build that has a material blog's views or site map pages,
    as it costs every page a call."""

    files: list[Files] = dataclasses.field(default_factory=list)  # one per language
    includes: PageIncludes | None = None  # how the pages' includes are found
    included: dict[str, list[str]] = dataclasses.field(default_factory=dict)
    shown: dict[str, list[MkDocsPage]] = dataclasses.field(default_factory=dict)  # blog views
    map: HtmlMap | None = None  # the site map pages, with `html_map: true`
    unread: set[str] = dataclasses.field(default_factory=set)  # front matter YAML could not read
    places: dict[int, Place] = dataclasses.field(default_factory=dict)  # by id(file): `places`

    def unread_once(self, page: MkDocsPage) -> Issue | None:
        """The issue of the page's front matter MkDocs could not read (it then keeps the
        `---` block as the page's text, with no meta), the first time the page is seen."""
        source, name = page.markdown or "", page.file.src_uri
        if page.meta or not source.startswith("---") or name in self.unread:
            return None
        self.unread.add(name)
        return unread_markdown(source, name)

    @event_priority(-110)  # after the blog plugin (-100) put a view's posts in the context
    def on_page_context(
        self, context: TemplateContext, *, page: MkDocsPage, config: MkDocsConfig, nav: Navigation
    ) -> TemplateContext:
        """Keep the posts a blog view shows; fill a site map page. (MkDocs' arguments
        named, none packed into a dict: it runs for every page.)"""
        if "posts" in context and blog.is_view(page):  # the blog plugin's, first: cheaper
            self.shown[page.file.src_uri] = blog.shown_posts(context)
        if self.map is not None:
            self.map.fill(page)
        return context


def _read_pages(files: Iterable[File]) -> list[MkDocsPage]:
    """The pages of `files` (documentation pages) this build read (a --dirty build reads
    only those changed)."""
    return [page for file in files if (page := file.page) is not None and page.markdown is not None]


def _sources(files: Iterable[File]) -> Iterator[str]:
    """The Markdown files of `files` (documentation pages)."""
    return (file.abs_src_path for file in files if file.abs_src_path)


def _site(config: MkDocsConfig) -> Site:
    """The site's name, description, language (the theme's) and default language (i18n)."""
    return Site(
        config.site_name,
        config.site_description or "",
        _theme_language(config),
        i18n.default_language(config) or "",
        versions.versioned(config),
    )


def _on_dev_server(config: MkDocsConfig) -> bool:
    """True when `mkdocs serve` rewrote site_url to the dev server's address."""
    host, port = config.dev_addr
    return (config.site_url or "").startswith(f"http://{host}:{port}/")


def _theme_language(config: MkDocsConfig) -> str:
    """The site's language: the theme's `language` (mkdocs-material) or `locale`."""
    return str(config.theme.get("language") or config.theme.get("locale") or "")
