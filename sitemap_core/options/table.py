"""The option table, which is `Settings`: every option declared once, as a field of the
typed class the core reads, with its name, type, kind (check and conversion, from
`kinds`), default and meaning, as mkdocs-material's config class is its schema. `OPTIONS`,
the table's rows in order, is read from the class; the docs, `settings_from_options` and
each adapter's config (MkDocs' schema, Sphinx's config values, Pelican's `SITEMAP` keys)
are made from it."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from ..protocol.indexnow import DEFAULT_ENDPOINT, endpoint_url
from ..protocol.sitemaps import MAX_BYTES, MAX_ENTRIES, ChangeFreq
from ..values.lastmodmode import LastmodMode
from .kinds import (
    Choice,
    Choices,
    Folder,
    Kind,
    Number,
    Records,
    Strings,
    Switch,
    SwitchOr,
    Text,
    Whole,
)
from .parsers import (
    Rule,
    auto_or_switch,
    changefreq_or_none,
    file_name,
    indexnow_key,
    map_path,
    news_language_code,
    parse_priority,
    parse_rule,
    regex,
    x_default,
    zone,
)

MAX_URLS = MAX_ENTRIES  # the protocol's limits, as the validator checks them
FORMATS = ("xml", "txt")
GZIP_MODES = ("no", "also", "only")
LASTMOD_SOURCES = tuple(mode.value for mode in LastmodMode)
VALIDATE_MODES = ("off", "warn", "strict")
URL_ERROR_MODES = ("warn", "error")
LLMS_TXT_MODES = ("no", "yes", "full")


@dataclass(frozen=True, slots=True)
class Option:
    """One row of the option table: name, kind (what it takes: its type, check and
    conversion), default and meaning."""

    name: str
    kind: Kind
    default: Any
    help: str

    @property
    def type(self) -> str:
        """The Python type as the docs name it (`list[str]`)."""
        return self.kind.type

    @property
    def sphinx(self) -> str:
        """The conf.py spelling."""
        return f"sitemap_{self.name}"

    @property
    def choices(self) -> tuple[str, ...]:
        """The words the option takes (or its list's items), when it takes a few."""
        return self.kind.choices

    @property
    def words(self) -> Mapping[bool, str]:
        """The words YAML's booleans stand for in this option (`gzip: no`)."""
        return self.kind.words

    def parse(self, value: Any, root: Path | None = None) -> Any:
        """What `Settings` holds for `value` (not the default), or TypeError/ValueError;
        a relative path is taken from `root`."""
        return self.kind.parse(value, root)

    def from_text(self, text: str) -> Any:
        """The value command-line `text` stands for (`-D sitemap_gzip_level=9`: 9)."""
        return self.kind.from_text(text)


_ROW = "option"  # the key of a field's metadata that holds its row of the table


def option(kind: Kind, default: Any, help: str, *, unset: Any = ...) -> Any:
    """A field of `Settings` that is an option: its row of the table (named by the field)
    and, for the field's default, what the option's `default` parses to; `unset`: what
    `Settings` holds instead when no option value is given (cache_dir: no cache without a
    config folder, whose `.sitemap-cache` the default names)."""
    if unset is ...:
        unset = None if default is None else kind.parse(default, None)
    return field(default=unset, metadata={_ROW: Option("", kind, default, help)})


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the core needs to write one sitemap set: `base_url`, then a field per
    option, in the table's order, then `build_time`."""

    base_url: str
    filename: str = option(
        Text("a plain file name", file_name),
        "sitemap.xml",
        "Name of the sitemap, or of the index when the set is split.",
    )
    formats: tuple[str, ...] = option(
        Choices(FORMATS), ["xml"], "Which sitemaps to write: `xml`, `txt` or both."
    )
    gzip: str = option(
        Choice(GZIP_MODES, words={False: "no", True: "also"}),
        "no",
        "`no`, `also` (a `.gz` twin of every file) or `only` (just the `.gz` files).",
    )
    gzip_level: int = option(Whole(1, 9), 6, "gzip compression level, 1 to 9.")
    lastmod: str = option(
        Choice(LASTMOD_SOURCES),
        "auto",
        "Where lastmod comes from: `auto`, `git`, `content`, `mtime`, `build` or `none`.",
    )
    timezone: dt.tzinfo = option(
        Text("a zone name", zone),
        "",
        "IANA zone for dates without one (e.g. `Europe/Paris`); empty means UTC.",
    )
    ignore_revs_file: str = option(
        Text("a file path"),
        ".git-blame-ignore-revs",
        "File at the repository's top listing commits (full hashes, git's "
        "`blame.ignoreRevsFile` format) that date no page: a page takes the commit before; "
        "empty: every commit dates pages.",
    )
    exclude: tuple[str, ...] = option(
        Strings(),
        [],
        "Glob patterns on the site-relative URL path, with its trailing `/` "
        "(`guide/install/`, not `guide/install` nor `guide/install.md`), to leave out; "
        "`blog/*` also leaves out `blog/` itself. A pattern that matches no URL is a "
        "warning naming the nearest URL.",
    )
    exclude_regex: tuple[re.Pattern[str], ...] = option(
        Strings(regex),
        [],
        "Regular expressions searched in the absolute URL (`/tag/`) to leave out; one "
        "that matches no URL is a warning, an invalid one is left out alone.",
    )
    rules: tuple[Rule, ...] = option(
        Records(parse_rule),
        [],
        "Ordered `{match, changefreq, priority}` defaults; the first matching glob wins.",
    )
    changefreq: ChangeFreq | None = option(
        Kind(changefreq_or_none), "", "Site-wide default changefreq; empty omits it."
    )
    priority: float | None = option(
        Number(parse_priority), None, "Site-wide default priority, 0.0 to 1.0; unset omits it."
    )
    extra_urls: tuple[str, ...] = option(
        Strings(), [], "More URLs to list, absolute or site-relative."
    )
    x_default: str | bool = option(
        Kind(x_default),
        "",
        "The language whose page is every translated page's `x-default` alternate "
        "(`en`, `pt-BR`); empty: the site's default language (MkDocs i18n's default, "
        "Sphinx's first language, Pelican's `DEFAULT_LANG`); `false`: none.",
    )
    robots_txt: bool | str = option(
        SwitchOr(auto_or_switch),
        "auto",
        "`auto`: at the host root, create robots.txt or add the `Sitemap:` line to it; "
        "under a path, only add to a robots.txt the site ships (on Read the Docs, create "
        "it: Read the Docs serves it at the host root). `true`: also create one under a "
        "path. `false`: leave robots.txt alone.",
    )
    validate: str = option(
        Choice(VALIDATE_MODES, words={False: "off"}),
        "warn",
        "Check the written files: `off`, `warn` or `strict` (problems are errors).",
    )
    invalid_urls: str = option(
        Choice(URL_ERROR_MODES),
        "warn",
        "A URL that cannot be listed is left out with a warning (`warn`) or an error.",
    )
    max_urls: int = option(
        Whole(1, MAX_URLS), MAX_URLS, "URLs per file before a new part starts (at most 50,000)."
    )
    max_bytes: int = option(
        Whole(1024, MAX_BYTES),
        MAX_BYTES,
        "Uncompressed bytes per file before a new part starts (at most 52,428,800).",
    )
    cache_dir: Path | None = option(
        Folder(),
        ".sitemap-cache",
        "Folder for the state kept between builds (content hashes, git history), relative "
        "to the config file.",
        unset=None,
    )
    seed_sitemap: str = option(
        Text("a path or URL"),
        "",
        "A published sitemap (path or URL) that seeds content-state dates on a fresh cache.",
    )
    indent: int = option(Whole(0, 8), 0, "Spaces to indent XML with; 0 writes compact XML.")
    robots_feeds: tuple[str, ...] = option(
        Strings(),
        [],
        "Feed URLs (RSS or Atom, absolute or site-relative) to add to robots.txt as "
        "`Sitemap:` lines.",
    )
    indexnow_key: str = option(
        Text("a key", indexnow_key),
        "",
        "Your IndexNow key (8 to 128 of `a-z A-Z 0-9 -`), made once and kept: "
        "`<key>.txt` is written into the site.",
    )
    indexnow_endpoints: tuple[str, ...] = option(
        Strings(endpoint_url), [DEFAULT_ENDPOINT], "IndexNow endpoints `submit` posts to."
    )
    submit: bool = option(
        Switch(),
        False,
        "After a build without errors, send the URLs that changed since the published "
        "sitemap to IndexNow (needs `indexnow_key`).",
    )
    images: bool = option(
        Switch(),
        False,
        "List each page's content images (`<image:image>`), found in the built page "
        "(not the theme's logos and icons).",
    )
    videos: bool = option(
        Switch(),
        False,
        "List each page's videos (`<video:video>`: `<video>` elements, YouTube and Vimeo "
        "players), found in the built page.",
    )
    news: bool = option(
        Switch(),
        False,
        "Write a news sitemap (`sitemap-news.xml`) of the articles published in the "
        "last `news_days` days (Pelican articles, blog posts).",
    )
    news_publication: str = option(
        Text("a name", str.strip),
        "",
        "The publication's name in the news sitemap; empty: the site's name.",
    )
    news_language: str = option(
        Kind(news_language_code),
        "",
        "The articles' language code (ISO 639: `en`, `zh-cn`); empty: the site's.",
    )
    news_days: int = option(
        Whole(1, 30), 2, "How many days an article stays in the news sitemap (1 to 30)."
    )
    html_map: bool = option(
        Switch(),
        False,
        "Also write a site map page for people, in the site's own theme: titled links "
        "grouped by section.",
    )
    html_map_path: str = option(
        Text("a path", map_path),
        "",
        "Where the site map page goes (ending in `/` or `.html`); empty: `sitemap/` "
        "with directory URLs (MkDocs' default, Sphinx `dirhtml`), else `sitemap.html`.",
    )
    html_map_max_links: int = option(
        Whole(3, MAX_URLS),
        100,
        "Most links on one site map page (3 or more); a larger site gets a page per "
        "section, split further when needed.",
    )
    llms_txt: str = option(
        Choice(LLMS_TXT_MODES, {True: "yes", False: "no"}),
        "no",
        "`no`, `yes` or `full`. `yes`: also write `llms.txt` beside the sitemap (llmstxt.org): "
        "the site's pages as titled links, by section, for language models; `full` adds "
        "`llms-full.txt`, each page's main content as Markdown (the `llms` extra). Search "
        "engines do not read it.",
    )
    build_time: dt.datetime = field(
        default_factory=lambda: dt.datetime.now(dt.UTC).replace(microsecond=0)
    )


OPTIONS: tuple[Option, ...] = tuple(
    replace(f.metadata[_ROW], name=f.name) for f in fields(Settings) if _ROW in f.metadata
)
"""The option table's rows, in order: every field of `Settings` that is an option."""
