"""The option table: every option's name, Python type, default and meaning, as the docs
and each adapter's config show them, with the choices some options take and `Rule`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..protocol.indexnow import DEFAULT_ENDPOINT
from ..protocol.sitemaps import MAX_BYTES, MAX_ENTRIES, ChangeFreq

MAX_URLS = MAX_ENTRIES  # the protocol's limits, as the validator checks them
FORMATS = ("xml", "txt")
GZIP_MODES = ("no", "also", "only")
LASTMOD_SOURCES = ("auto", "git", "content", "mtime", "build", "none")
VALIDATE_MODES = ("off", "warn", "strict")
URL_ERROR_MODES = ("warn", "error")


@dataclass(frozen=True, slots=True)
class Rule:
    """Defaults for pages whose site-relative path matches `match` (a glob)."""

    match: str
    changefreq: ChangeFreq | None = None
    priority: float | None = None


@dataclass(frozen=True, slots=True)
class Option:
    """One row of the option table: name, Python type, default and meaning."""

    name: str
    type: str
    default: Any
    help: str

    @property
    def sphinx(self) -> str:
        """The conf.py spelling."""
        return f"sitemap_{self.name}"


OPTIONS: tuple[Option, ...] = (
    Option(
        "filename",
        "str",
        "sitemap.xml",
        "Name of the sitemap, or of the index when the set is split.",
    ),
    Option("formats", "list[str]", ["xml"], "Which sitemaps to write: `xml`, `txt` or both."),
    Option(
        "gzip",
        "str",
        "no",
        "`no`, `also` (a `.gz` twin of every file) or `only` (just the `.gz` files).",
    ),
    Option("gzip_level", "int", 6, "gzip compression level, 1 to 9."),
    Option(
        "lastmod",
        "str",
        "auto",
        "Where lastmod comes from: `auto`, `git`, `content`, `mtime`, `build` or `none`.",
    ),
    Option(
        "timezone",
        "str",
        "",
        "IANA zone for dates without one (e.g. `Europe/Paris`); empty means UTC.",
    ),
    Option("exclude", "list[str]", [], "Glob patterns on the site-relative URL path to leave out."),
    Option(
        "exclude_regex",
        "list[str]",
        [],
        "Regular expressions searched in the absolute URL to leave out.",
    ),
    Option(
        "rules",
        "list[dict]",
        [],
        "Ordered `{match, changefreq, priority}` defaults; the first matching glob wins.",
    ),
    Option("changefreq", "str", "", "Site-wide default changefreq; empty omits it."),
    Option("priority", "float", None, "Site-wide default priority, 0.0 to 1.0; unset omits it."),
    Option("extra_urls", "list[str]", [], "More URLs to list, absolute or site-relative."),
    Option(
        "x_default",
        "str",
        "",
        "The language whose page is every translated page's `x-default` alternate "
        "(`en`, `pt-BR`); empty: the site's default language (MkDocs i18n's default, "
        "Sphinx's first language, Pelican's `DEFAULT_LANG`); `false`: none.",
    ),
    Option(
        "robots_txt",
        "str",
        "auto",
        "`auto`: at the host root, create robots.txt or add the `Sitemap:` line to it; "
        "under a path, only add to a robots.txt the site ships. `true`: also create one "
        "under a path. `false`: leave robots.txt alone.",
    ),
    Option(
        "validate",
        "str",
        "warn",
        "Check the written files: `off`, `warn` or `strict` (problems are errors).",
    ),
    Option(
        "invalid_urls",
        "str",
        "warn",
        "A URL that cannot be listed is left out with a warning (`warn`) or an error.",
    ),
    Option("max_urls", "int", MAX_URLS, "URLs per file before a new part starts (at most 50,000)."),
    Option(
        "max_bytes",
        "int",
        MAX_BYTES,
        "Uncompressed bytes per file before a new part starts (at most 52,428,800).",
    ),
    Option(
        "cache_dir",
        "str",
        ".sitemap-cache",
        "Folder for the content-hash state, relative to the config file.",
    ),
    Option(
        "seed_sitemap",
        "str",
        "",
        "A published sitemap (path or URL) that seeds content-state dates on a fresh cache.",
    ),
    Option("indent", "int", 0, "Spaces to indent XML with; 0 writes compact XML."),
    Option(
        "robots_feeds",
        "list[str]",
        [],
        "Feed URLs (RSS or Atom, absolute or site-relative) to add to robots.txt as "
        "`Sitemap:` lines.",
    ),
    Option(
        "indexnow_key",
        "str",
        "",
        "Your IndexNow key (8 to 128 of `a-z A-Z 0-9 -`), made once and kept: "
        "`<key>.txt` is written into the site.",
    ),
    Option(
        "indexnow_endpoints",
        "list[str]",
        [DEFAULT_ENDPOINT],
        "IndexNow endpoints `submit` posts to.",
    ),
    Option(
        "submit",
        "bool",
        False,
        "After a build without errors, send the URLs that changed since the published "
        "sitemap to IndexNow (needs `indexnow_key`).",
    ),
    Option(
        "images",
        "bool",
        False,
        "List each page's content images (`<image:image>`), found in the built page "
        "(not the theme's logos and icons).",
    ),
    Option(
        "videos",
        "bool",
        False,
        "List each page's videos (`<video:video>`: `<video>` elements, YouTube and Vimeo "
        "players), found in the built page.",
    ),
    Option(
        "news",
        "bool",
        False,
        "Write a news sitemap (`sitemap-news.xml`) of the articles published in the "
        "last `news_days` days (Pelican articles, blog posts).",
    ),
    Option(
        "news_publication",
        "str",
        "",
        "The publication's name in the news sitemap; empty: the site's name.",
    ),
    Option(
        "news_language",
        "str",
        "",
        "The articles' language code (ISO 639: `en`, `zh-cn`); empty: the site's.",
    ),
    Option("news_days", "int", 2, "How many days an article stays in the news sitemap (1 to 30)."),
    Option(
        "html_map",
        "bool",
        False,
        "Also write a site map page for people, in the site's own theme: titled links "
        "grouped by section.",
    ),
    Option(
        "html_map_path",
        "str",
        "",
        "Where the site map page goes (ending in `/` or `.html`); empty: `sitemap/` "
        "with directory URLs (MkDocs' default, Sphinx `dirhtml`), else `sitemap.html`.",
    ),
    Option(
        "html_map_max_links",
        "int",
        100,
        "Most links on one site map page (3 or more); a larger site gets a page per "
        "section, split further when needed.",
    ),
)
