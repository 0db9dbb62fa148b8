"""What Pelican wrote, as `Page`s: URL, own dates, per-type values, alternates, opt-outs.

Each HTML file Pelican writes arrives with the context it was rendered with: an
`article` or `page` for content; `articles_page`/`dates` (and `blog`) for the index,
archives, period archives, category, tag, author and pagination pages that list
articles; nothing of the kind for `TEMPLATE_PAGES` and a theme's other direct templates.

A `Collector` serves one run and keeps what Pelican would compute again: each content's
URL (its translations list it too), each article's dates as one `Page` (every listing
page that shows the article lists that same `Page`, so the core dates it once), and the
`Page`s of each whole article list (archives, tags, categories and authors pages list
the same one).

Each page has its place on the site's map (`site_places`, one table per site: the main
one, or a language of i18n_subsites): Home, each category with its articles newest
first, the pages, the tags index with each tag, then the Archives, Categories and
Authors indexes; pagination, author, period archive and other pages have none. Every
page Pelican writes for a list of articles is a generated listing (`Page.listing`).
"""

from __future__ import annotations

import itertools
import operator
import os
from collections.abc import Mapping, Sequence
from typing import Any, cast

from pelican import contents
from pelican.generators import ArticlesGenerator, PagesGenerator

from sitemap_core import (
    Alternate,
    ByIdentity,
    Issue,
    MetaKeys,
    News,
    Page,
    Section,
    WrittenFiles,
    first_file,
    folder_url,
    language_versions,
    own_date,
    parse_flag,
    plain_text,
    subsite_folder,
)

from . import i18n
from .config import SiteConfig
from .serving import ServingURLs

_HTML = (".html", ".htm", ".xhtml")
# The lists of content a generator read (published, translations, drafts, hidden).
_CONTENTS = (
    "articles",
    "drafts",
    "drafts_translations",
    "pages",
    "translations",
    "hidden_pages",
    "hidden_translations",
    "draft_pages",
    "draft_translations",
)
_LISTS = ("tag", "category", "author")
# How Pelican metadata names the sitemap's fields (`Priority:`; it hands keys lower-cased).
KEYS = MetaKeys(
    "Sitemap",
    {
        "exclude": "Sitemap_exclude",
        "priority": "Priority",
        "changefreq": "Changefreq",
        "images": "Sitemap_images",
        "videos": "Sitemap_videos",
    },
    {"published": "Date", "lastmod": "Modified"},
    folded=True,
)
PAGES = (Section("Pages"),)  # the section of a site's pages on its map
# Direct templates that are index pages, and their titles on the map (after the tags).
INDEXES = (("archives", "Archives"), ("categories", "Categories"), ("authors", "Authors"))
Place = tuple[str | None, tuple[Section, ...], int]  # a page's title, sections and rank
_NOWHERE: Place = (None, (), 0)  # not on the map
_NOT_DIRECT = ("tag", "category", "author", "period")  # context keys of other listings
# What a written file's `Page` is made of, of its context: the whole context is the
# site's settings and contents, copied for each file; `categories` tells its site.
_KEPT = (
    "output_file",
    "article",
    "page",
    "template_name",
    "blog",
    "articles_page",
    "dates",
    "articles",
    *_NOT_DIRECT,
    "categories",
    "lang_siteurls",
)


def read_contents(generators: Sequence[Any]) -> list[Any]:
    """Every content Pelican's article and page generators read: published,
    translations, drafts, hidden."""
    return [
        content
        for generator in generators
        if isinstance(generator, (ArticlesGenerator, PagesGenerator))
        for name in _CONTENTS
        for content in getattr(generator, name, ())
    ]


class Collector:
    """The `Page`s of one run's written files, and the issues found on the way."""

    def __init__(self, site: SiteConfig, settings: Mapping[str, Any], output: str) -> None:
        """`output`: the main site's output folder, absolute (nested sites write inside)."""
        self.site = site
        self._output = os.path.join(output, "")
        self.issues: list[Issue] = []
        self._urls = ServingURLs(settings)
        self._dated: ByIdentity[Page] = ByIdentity()  # an article's dates
        self._lists: ByIdentity[tuple[Page, ...]] = ByIdentity()  # a list's Pages
        # TEMPLATE_PAGES: the file written -> the template it is rendered from ("": none
        # of the site's).
        self._templates = {
            str(dest): _template_file(source, settings) or ""
            for source, dest in (settings.get("TEMPLATE_PAGES") or {}).items()
        }
        self._fs_dates = settings.get("DEFAULT_DATE") == "fs"
        self._lang = settings["DEFAULT_LANG"]  # the main site's
        self._site_langs = i18n.site_langs(settings)
        # Metadata keys seen that are none of ours nor close to one (`title`, `date`...).
        self._plain: set[str] = set()
        self.files = WrittenFiles(_KEPT, "categories")  # what each file is made of
        self.places = SitePlaces(self.files.sites)

    def pages(self) -> dict[str, Page]:
        """The `Page` of each file written so far, by file (`WrittenFiles.made`)."""
        return self.files.made(self.page, self.overrides)

    def page(self, path: str, context: Mapping[str, Any]) -> Page | None:
        """The `Page` for the file written at `path`, or None when crawlers should not
        see it."""
        name = str(context.get("output_file") or "")
        for key, kind in (("article", "articles"), ("page", "pages")):
            if context.get(key) is not None:
                return self._content_page(path, name, context[key], kind, context)
        if not name.endswith(_HTML):
            return None
        template = self._templates.get(name) if context.get("template_name") is None else None
        url = folder_url(_listing_url(context, name))
        roots = i18n.root_alternates(context) if url == "" else ()
        prefix, blog = subsite_folder(self._output, path, name), bool(context.get("blog"))
        place = self.places.listing(context, name, prefix, path) if blog else _NOWHERE
        page = Page(
            prefix + url,
            alternates=language_versions(roots) if roots else (),
            sources=(template,) if template else (),
            output=path,
            name=name,
            lists=self._listed(context) if blog else (),
            title=place[0],  # Place: (title, sections, rank)
            section=place[1],
            rank=place[2],
            listing=blog,
        )
        values = self.site.by_type["indexes"]
        return page._replace(**values) if values else page

    def overrides(self, context: Mapping[str, Any]) -> bool:
        """True when Pelican writes this file over any other write to it
        (`override_output`): for a content whose `Save_as:` is its own, or a
        `TEMPLATE_PAGES` file."""
        content = context.get("article") or context.get("page")
        if content is not None:
            return hasattr(content, "override_save_as")
        name = str(context.get("output_file") or "")
        return context.get("template_name") is None and name in self._templates

    def _content_page(
        self, path: str, written: str, content: Any, kind: str, context: Mapping[str, Any]
    ) -> Page | None:
        if not _published(content) or i18n.is_copy(content, self._site_langs, self._lang):
            return None
        dated = self._dates(content)
        name = dated.name  # Pelican works `relative_source_path` out anew on every read
        overrides, issues = KEYS.read(content.metadata, name or "", self._plain)
        self.issues += issues
        prefix = subsite_folder(self._output, path, written)
        url = self._urls.url(content, written)
        settings = self.site.settings
        place = self.places.of(context, prefix).get(id(content), _NOWHERE)
        if place[0] is not None:
            self.places.site_of[path] = prefix
        # Made anew, as `dated._replace(...)` costs three times as much: its dates and
        # source, this file's URL and values; then the type's, its own and its overrides.
        page = Page(
            folder_url(prefix + url) if prefix else folder_url(url),
            lastmod=dated.lastmod,
            alternates=_versions(self._urls, content, url, prefix)
            if getattr(content, "translations", ())
            else (),
            sources=dated.sources,
            output=path,
            name=name,
            published=dated.published,
            keys=dated.keys,
            news=_article(content, settings.news, settings.news_language)
            if settings.news
            else None,
            description=_description(content, settings.videos),
            title=place[0],  # Place: (title, sections, rank)
            section=place[1],
            rank=place[2],
        )
        values = self.site.by_type[kind]
        if values or overrides:
            page = page._replace(**{**values, **overrides})
        return page

    def _dates(self, content: Any) -> Page:
        """The content's own dates and source as a `Page`, made once per run: the one
        every listing page showing it lists."""
        page = self._dated.get(id(content))
        if page is None:
            date, modified = getattr(content, "date", None), getattr(content, "modified", None)
            if self._fs_dates:  # DEFAULT_DATE = "fs": the file's time is no date of the page
                date, modified = (own_date(d, content.source_path) for d in (date, modified))
            page = self._dated.put(
                content,
                Page(
                    url="",
                    lastmod=modified,
                    published=date,
                    sources=(content.source_path,),
                    keys=KEYS.keys,
                    name=content.relative_source_path or content.source_path,
                ),
            )
        return page

    def _listed(self, context: Mapping[str, Any]) -> tuple[Page, ...]:
        """The `Page`s of the articles a listing page shows: its pagination page's, else
        its whole list (`dates`), made once however many pages list it."""
        if context.get("articles_page") is not None:
            shown = context["articles_page"].object_list
            dated = tuple(map(self._dated.get, map(id, shown)))  # each already written, mostly
            return (
                tuple(map(self._dates, shown)) if None in dated else cast("tuple[Page, ...]", dated)
            )
        listed = context.get("dates") or context.get("articles") or ()
        pages = self._lists.get(id(listed))
        if pages is None:
            pages = self._lists.put(listed, tuple(map(self._dates, listed)))
        return pages


def _template_file(name: str, settings: Mapping[str, Any]) -> str | None:
    """The file a `TEMPLATE_PAGES` template `name` is rendered from, found where
    Pelican's `TemplatePagesGenerator` looks: under `PATH`, then in each of
    `THEME_TEMPLATES_OVERRIDES`, then in the theme's `templates/` (`!theme/` names it
    there alone); None when none has it (Pelican's built-in theme is no site's file)."""
    theme = os.path.expanduser(os.path.join(settings.get("THEME") or "", "templates"))
    if name.startswith("!theme/"):
        return first_file(name.removeprefix("!theme/"), [theme])
    return first_file(
        name, [settings["PATH"], *(settings.get("THEME_TEMPLATES_OVERRIDES") or ()), theme]
    )


def _versions(urls: ServingURLs, content: Any, url: str, prefix: str) -> tuple[Alternate, ...]:
    """Every published language version, this one (at `url`) included; none for a
    lone page.

    Pelican's translations are all the contents of one slug (`ARTICLE_TRANSLATION_ID`),
    in any category: two `Keynote` talks in two categories are translations of each
    other, in one language. Alternates name one URL per language, so a language
    with several versions has none, and a page in such a language lists no
    alternates: which of them another language's version translates is unknown."""
    found = [(content.lang, url)]
    for version in getattr(content, "translations", ()):
        other = urls.version_url(version) if _published(version) else None
        if other is not None:
            found.append((version.lang, other))
    return language_versions((lang, folder_url(prefix + u)) for lang, u in found)


class SitePlaces:
    """Where the pages of each site of a run stand on its map (`site_places`), and which
    site each placed page's file is of."""

    def __init__(self, sites: Mapping[int, Mapping[str, Any]]) -> None:
        self._places: ByIdentity[dict[object, Place]] = ByIdentity()  # by a site's categories
        self.sites = sites  # each site's context, by the id of its categories
        self.site_of: dict[str, str] = {}  # a page on a map's file -> its site's folder

    def of(self, context: Mapping[str, Any], prefix: str) -> dict[object, Place]:
        """The places of the site `context` is of (made on its first page)."""
        categories = context.get("categories")
        places = self._places.get(id(categories))
        if places is None:
            places = self._places.put(categories, site_places(self.sites[id(categories)], prefix))
        return places

    def listing(self, context: Mapping[str, Any], name: str, prefix: str, path: str) -> Place:
        """The place of a page listing articles: a category's or a tag's first page, or a
        direct template's (Home is the index's first page); else none."""
        for key in ("category", "tag"):
            obj = context.get(key)
            if obj is not None:
                own = getattr(obj, "save_as", None) == name
                place = self.of(context, prefix).get(id(obj)) if own else None
                break
        else:
            direct = not any(context.get(key) is not None for key in _NOT_DIRECT)
            place = self.of(context, prefix).get(name) if direct else None
        if place is None:
            return _NOWHERE
        self.site_of[path] = prefix
        return place


def site_places(context: Mapping[str, Any], prefix: str) -> dict[object, Place]:
    """Where each page of one site stands on its map, by the id of its content, category
    or tag, or a direct template's file: Home (the index), each category by name with
    its articles newest first, the pages, the tags index (when there are tags) with
    each tag by name, then the Archives, Categories and Authors indexes. `context`: the
    site's Pelican context (its settings too); `prefix`: its folder in the main output."""
    ranks = itertools.count()
    direct = _direct_templates(context)
    found: dict[object, Place] = {}
    if "index" in direct:
        found[direct["index"]] = ("Home", (), next(ranks))
    for category, articles in sorted(context.get("categories") or (), key=_by_name):
        found[id(category)] = (category.name, (), next(ranks))
        section = (Section(category.name, folder_url(prefix + category.url)),)
        for article in sorted(articles, key=_DATE, reverse=True):
            found[id(article)] = (article.title, section, next(ranks))
    for page in context.get("pages") or ():
        found[id(page)] = (page.title, PAGES, next(ranks))
    tags = sorted(context.get("tags") or (), key=_by_name)
    if tags:
        index = direct.get("tags")
        if index is not None:
            found[index] = ("Tags", (), next(ranks))
        section = (Section("Tags", None if index is None else folder_url(prefix + index)),)
        for tag, _articles in tags:
            found[id(tag)] = (tag.name, section, next(ranks))
    for template, title in INDEXES:
        if template in direct:
            found[direct[template]] = (title, (), next(ranks))
    return found


_DATE = operator.attrgetter("date")


def _by_name(pair: tuple[Any, Any]) -> str:
    """A (category or tag, articles) pair's sort key: the name (Pelican sorts by slug)."""
    return str(pair[0].name)


def _direct_templates(context: Mapping[str, Any]) -> dict[str, str]:
    """The file each direct template is written to (`archives.html`), by template; a
    template whose `*_SAVE_AS` is empty is not written."""
    found = {}
    for template in context.get("DIRECT_TEMPLATES") or ():
        save_as = context.get(f"{template.upper()}_SAVE_AS", f"{template}.html")
        if save_as:
            found[str(template)] = str(save_as)
    return found


def _description(content: Any, summary: bool) -> str | None:
    """The content's `Description:` metadata, else its `Summary:`, else (`summary`) the
    summary Pelican makes of its text, as plain text."""
    metadata = content.metadata
    text = metadata.get("description") or metadata.get("summary")
    if not text and summary:
        text = content.summary
    return plain_text(text) or None if text else None


def _published(content: Any) -> bool:
    """Not a draft, not hidden, not `private: true` (pelican-sitemap's opt-out)."""
    if getattr(content, "status", "published") != "published":
        return False
    private = content.metadata.get("private")
    return private is None or parse_flag(private) is not True


def _listing_url(context: Mapping[str, Any], name: str) -> str:
    """The URL Pelican links a listing page by: its pagination page's, its tag's..., or its file."""
    page = context.get("articles_page")
    if page is not None:
        return str(page.url)
    for key in _LISTS:
        obj = context.get(key)
        if obj is not None and getattr(obj, "save_as", None) == name:
            return str(obj.url)
    return name.replace(os.sep, "/")


def _article(content: Any, news: bool, news_language: str) -> News | None:
    """An article (not a page) as a news article, with `news` on: its title and `Date:`,
    in its language unless `news_language` says otherwise."""
    if not news or not isinstance(content, contents.Article):
        return None
    return News(
        plain_text(content.title), content.date, language="" if news_language else content.lang
    )
