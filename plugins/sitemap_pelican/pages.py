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

import datetime as dt
import itertools
import operator
import os
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, cast

from markupsafe import Markup
from pelican import contents
from pelican.generators import ArticlesGenerator, PagesGenerator

from sitemap_core import (
    Alternate,
    Code,
    Issue,
    News,
    Page,
    Section,
    close_match,
    folder_url,
    hreflang,
    meta_overrides,
    near_miss,
    parse_flag,
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
# Pelican's content classes and the prefix of their URL settings (ARTICLE_URL, ...).
# A content's own sitemap values, as Pelican metadata names them (`Priority:`).
_OWN = ("priority", "changefreq")
# How Pelican metadata names the dates the core knows (messages use the user's key).
_KEYS = (("published", "date"), ("lastmod", "modified"))
# The `sitemap*` metadata keys this adapter reads, as Pelican gives them (lower case).
_FIELDS = ("sitemap", "sitemap_exclude", "sitemap_images", "sitemap_videos")
# Every metadata key this adapter reads of its own: a key close to one is a typo of it.
_OURS = (*_OWN, *_FIELDS)
# A sitemap field by its name elsewhere (Sphinx's `:sitemap_priority:`) -> Pelican's key.
_MEANT = {
    "exclude": "Sitemap_exclude",
    "priority": "Priority",
    "changefreq": "Changefreq",
    "lastmod": "Modified",
    "modified": "Modified",
    "images": "Sitemap_images",
    "videos": "Sitemap_videos",
}
PAGES = (Section("Pages"),)  # the section of a site's pages on its map
# Direct templates that are index pages, and their titles on the map (after the tags).
INDEXES = (("archives", "Archives"), ("categories", "Categories"), ("authors", "Authors"))
Place = tuple[str | None, tuple[Section, ...], int]  # a page's title, sections and rank
_NOWHERE: Place = (None, (), 0)  # not on the map
_NOT_DIRECT = ("tag", "category", "author", "period")  # context keys of other listings
_HOW = (
    "use `Sitemap: false` (or `Sitemap_exclude: true`) to leave a page out, "
    "`Priority:`, `Changefreq:`, `Modified:` for its sitemap fields, and "
    "`Sitemap_images: false`, `Sitemap_videos: false` to list none of its media"
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
        # By id(): the object is in `_kept`, so the id stays its own through the run.
        self._urls = ServingURLs(settings)
        self._dated: dict[int, Page] = {}  # id(article) -> its dates
        self._lists: dict[int, tuple[Page, ...]] = {}  # id(list) -> its Pages
        self._kept: list[Any] = []
        # TEMPLATE_PAGES: the file written -> the template it is rendered from ("": none
        # of the site's).
        self._templates = {
            str(dest): _template_file(source, settings) or ""
            for source, dest in (settings.get("TEMPLATE_PAGES") or {}).items()
        }
        self._fs_dates = settings.get("DEFAULT_DATE") == "fs"
        self._lang = settings["DEFAULT_LANG"]  # the main site's
        self._site_langs = i18n.site_langs(settings)
        self._settings = settings  # the main site's; a subsite's are these and its own
        # Metadata keys seen that are none of ours nor close to one (`title`, `date`...).
        self._plain: set[str] = set()
        self._places: dict[int, dict[object, Place]] = {}  # by id(a site's categories)
        self.site_of: dict[str, str] = {}  # a page on a map's file -> its site's folder

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
        prefix, blog = _prefix(self._output, path, name), bool(context.get("blog"))
        place = self._listing_place(context, name, prefix, path) if blog else _NOWHERE
        page = Page(
            prefix + url,
            None,
            None,
            None,
            _alternates(roots) if roots else (),
            False,
            (template,) if template else (),
            path,
            name,
            None,
            self._listed(context) if blog else (),
            (),
            None,
            None,
            None,
            None,
            *place,
            blog,
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

    def _site_places(self, context: Mapping[str, Any], prefix: str) -> dict[object, Place]:
        """The places of the site `context` is of (made on its first page)."""
        categories = context.get("categories")
        places = self._places.get(id(categories))
        if places is None:
            places = self._places[self._keep(categories)] = site_places(context, prefix)
        return places

    def _listing_place(
        self, context: Mapping[str, Any], name: str, prefix: str, path: str
    ) -> Place:
        """The place of a page listing articles: a category's or a tag's first page, or a
        direct template's (Home is the index's first page); else none."""
        for key in ("category", "tag"):
            obj = context.get(key)
            if obj is not None:
                own = getattr(obj, "save_as", None) == name
                place = self._site_places(context, prefix).get(id(obj)) if own else None
                break
        else:
            direct = not any(context.get(key) is not None for key in _NOT_DIRECT)
            place = self._site_places(context, prefix).get(name) if direct else None
        if place is None:
            return _NOWHERE
        self.site_of[path] = prefix
        return place

    def _content_page(
        self, path: str, written: str, content: Any, kind: str, context: Mapping[str, Any]
    ) -> Page | None:
        if not _published(content) or i18n.is_copy(content, self._site_langs, self._lang):
            return None
        dated = self._dates(content)
        name = dated.name  # Pelican works `relative_source_path` out anew on every read
        metadata = content.metadata
        own = {k: v for k in _OWN if (v := metadata.get(k)) is not None}
        overrides = (
            {}
            if self._plain.issuperset(metadata)
            else _overrides(metadata, name or "", self.issues, self._plain)
        )
        prefix = _prefix(self._output, path, written)
        url = self._urls.url(content, written)
        settings = self.site.settings
        place = self._site_places(context, prefix).get(id(content), _NOWHERE)
        if place[0] is not None:
            self.site_of[path] = prefix
        # Positional, as `dated._replace(...)` at a third of the cost: its dates and
        # source, this file's URL and values; then the type's, its own and its overrides.
        page = Page(
            folder_url(prefix + url) if prefix else folder_url(url),
            dated.lastmod,
            None,
            None,
            _versions(self._urls, content, url, prefix)
            if getattr(content, "translations", ())
            else (),
            False,
            dated.sources,
            path,
            name,
            dated.published,
            (),
            dated.keys,
            None,
            None,
            _article(content, settings.news, settings.news_language) if settings.news else None,
            _description(content, settings.videos),
            *place,
        )
        values = self.site.by_type[kind]
        if values or own or overrides:
            page = page._replace(**{**values, **own, **overrides})
        return page

    def _dates(self, content: Any) -> Page:
        """The content's own dates and source as a `Page`, made once per run: the one
        every listing page showing it lists."""
        page = self._dated.get(id(content))
        if page is None:
            date, modified = getattr(content, "date", None), getattr(content, "modified", None)
            if self._fs_dates:  # DEFAULT_DATE = "fs": the file's time is no date of the page
                date, modified = (
                    None if d is not None and _is_mtime(d, content.source_path) else d
                    for d in (date, modified)
                )
            page = self._dated[self._keep(content)] = Page(
                url="",
                lastmod=modified,
                published=date,
                sources=(content.source_path,),
                keys=_KEYS,
                name=content.relative_source_path or content.source_path,
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
            pages = self._lists[self._keep(listed)] = tuple(map(self._dates, listed))
        return pages

    def _keep(self, value: Any) -> int:
        """`id(value)`, kept `value`'s own for the run (`value` is kept alive)."""
        self._kept.append(value)
        return id(value)


def _template_file(name: str, settings: Mapping[str, Any]) -> str | None:
    """The file a `TEMPLATE_PAGES` template `name` is rendered from, found where
    Pelican's `TemplatePagesGenerator` looks: under `PATH`, then in each of
    `THEME_TEMPLATES_OVERRIDES`, then in the theme's `templates/` (`!theme/` names it
    there alone); None when none has it (Pelican's built-in theme is no site's file)."""
    theme = os.path.expanduser(os.path.join(settings.get("THEME") or "", "templates"))
    if name.startswith("!theme/"):
        folders, name = [theme], name.removeprefix("!theme/")
    else:
        folders = [settings["PATH"], *(settings.get("THEME_TEMPLATES_OVERRIDES") or ()), theme]
    for folder in folders:
        path = os.path.join(folder, name)
        if os.path.isfile(path):
            return path
    return None


def _versions(urls: ServingURLs, content: Any, url: str, prefix: str) -> tuple[Alternate, ...]:
    """Every published language version, this one (at `url`) included; none for a
    lone page.

    Pelican's translations are all the contents of one slug (`ARTICLE_TRANSLATION_ID`),
    in any category: two `Keynote` talks in two categories are translations of each
    other, in one language. Alternates name one URL per language, so a language
    with several versions has none, and a page in such a language lists no
    alternates: which of them another language's version translates is unknown."""
    versions = [t for t in getattr(content, "translations", ()) if _published(t)]
    if not versions:
        return ()
    found = [(hreflang(content.lang), url)]
    for version in versions:
        other = urls.version_url(version)
        if other is not None:
            found.append((hreflang(version.lang), other))
    langs = Counter(lang.lower() for lang, _url in found)
    if len(langs) < len(found):
        if langs[found[0][0].lower()] > 1:
            return ()
        found = [(lang, u) for lang, u in found if langs[lang.lower()] == 1]
    if len(found) < 2:
        return ()
    return tuple(Alternate(lang, folder_url(prefix + u)) for lang, u in found)


def _prefix(output: str, path: str, name: str) -> str:
    """The folder inside the main output (`output`, ending in a separator) of the writer
    that wrote `name` at `path`: `fr/` for a nested site, else ``."""
    if len(path) == len(output) + len(name) and path.startswith(output):
        return ""  # the main site's own file (`name` is all the rest of `path`)
    if not path.startswith(output):
        return ""
    written, name = path[len(output) :].replace(os.sep, "/"), name.replace(os.sep, "/")
    return written[: -len(name)] if name and written.endswith(name) else ""


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
    return _plain(text) or None if text else None


def _plain(html: str) -> str:
    """Text of an HTML fragment (a title, a summary): tags stripped, entities decoded."""
    return Markup(html).striptags()


def _alternates(versions: tuple[tuple[str, str], ...]) -> tuple[Alternate, ...]:
    """`(lang, URL)` pairs as alternates (the core adds `x-default`, `DEFAULT_LANG`'s)."""
    return tuple(Alternate(hreflang(lang), url) for lang, url in versions)


def _is_mtime(date: dt.datetime, path: str) -> bool:
    """True when `date` is the file's modification time, as Pelican reads it for
    `DEFAULT_DATE = "fs"`."""
    try:
        mtime = dt.datetime.fromtimestamp(os.stat(path).st_mtime)
    except OSError:
        return False
    return date.replace(tzinfo=None) == mtime


def _published(content: Any) -> bool:
    """Not a draft, not hidden, not `private: true` (pelican-sitemap's opt-out)."""
    if getattr(content, "status", "published") != "published":
        return False
    private = content.metadata.get("private")
    return private is None or parse_flag(private) is not True


def _overrides(
    metadata: Mapping[str, Any], name: str, issues: list[Issue], plain: set[str]
) -> dict[str, Any]:
    """`Sitemap: false`, `Sitemap_exclude: true`, `Sitemap_images: false` and
    `Sitemap_videos: false` as `Page` arguments; a mapping (from a
    YAML metadata plugin) as the core reads it. One issue per value or key it cannot use,
    in Pelican's metadata terms, and per key that looks like a typo of one of ours
    (`Chagefreq:`). `plain` gathers the keys that are neither ours nor like one: the
    caller skips a page whose keys all are."""
    out: dict[str, Any] = {}
    value = metadata.get("sitemap")
    if isinstance(value, Mapping):
        out, found = meta_overrides(value, name)
        issues += found
        if "lastmod" in out:
            out["keys"] = (_KEYS[0], ("lastmod", "sitemap.lastmod"))
    elif value is not None:
        out.update(_flag(value, "sitemap", False, name, issues))
    if metadata.get("sitemap_exclude") is not None:
        out.update(_flag(metadata["sitemap_exclude"], "sitemap_exclude", True, name, issues))
    for media in ("images", "videos"):  # `Sitemap_images: false`: none of the page's listed
        key = f"sitemap_{media}"
        if metadata.get(key) is not None:
            out.update(_flag(metadata[key], key, False, name, issues, {media: ()}))
    for key in sorted(metadata.keys() - plain - set(_FIELDS)):
        if key.startswith("sitemap"):
            close = close_match(key.removeprefix("sitemap_"), _MEANT)
            hint = f" (did you mean `{_MEANT[close]}:`?)" if close else ""
        elif (near := near_miss(key, _OURS)) is not None:
            hint = f" (did you mean `{near.capitalize()}:`?)"
        else:
            plain.add(key)
            continue
        issues.append(
            Issue(
                Code.METADATA,
                name,
                key,
                f"{key}: not a sitemap metadata field{hint}; ignored: {_HOW}",
            )
        )
    return out


def _flag(
    value: Any,
    key: str,
    excludes: bool,
    name: str,
    issues: list[Issue],
    then: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """`then` (`{"exclude": True}`) when the yes/no `value` of `key` says so (`excludes`:
    a yes does, as in `Sitemap_exclude: true`; else a no, as in `Sitemap: false`)."""
    flag = parse_flag(value)
    if flag is None:
        issues.append(
            Issue(
                Code.METADATA, name, key, f"{key}: {value!r} is not true or false; ignored: {_HOW}"
            )
        )
        return {}
    return (then or {"exclude": True}) if flag is excludes else {}


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
    return News(_plain(content.title), content.date, language="" if news_language else content.lang)
