"""The one option vocabulary every adapter shares, and the `Settings` it becomes.

Each generator spells an option its own way: the same name in mkdocs.yml and in
Pelican's `SITEMAP` dict, and with a `sitemap_` prefix in Sphinx's conf.py.
"""

from __future__ import annotations

import datetime as dt
import difflib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from .protocol.extensions import language_problem, news_language
from .protocol.grammar import valid_hreflang
from .protocol.indexnow import DEFAULT_ENDPOINT, endpoint_url, key_problem
from .protocol.sitemaps import MAX_BYTES, MAX_ENTRIES, ChangeFreq
from .values.page import hreflang
from .values.report import Issue

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


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the core needs to write one sitemap set."""

    base_url: str
    filename: str = "sitemap.xml"
    formats: tuple[str, ...] = ("xml",)
    gzip: str = "no"
    gzip_level: int = 6
    lastmod: str = "auto"
    timezone: dt.tzinfo = dt.UTC
    exclude: tuple[str, ...] = ()
    exclude_regex: tuple[re.Pattern[str], ...] = ()
    rules: tuple[Rule, ...] = ()
    changefreq: ChangeFreq | None = None
    priority: float | None = None
    extra_urls: tuple[str, ...] = ()
    x_default: str | bool = ""
    robots_txt: bool | str = "auto"
    validate: str = "warn"
    invalid_urls: str = "warn"
    max_urls: int = MAX_URLS
    max_bytes: int = MAX_BYTES
    cache_dir: Path | None = None
    seed_sitemap: str = ""
    indent: int = 0
    robots_feeds: tuple[str, ...] = ()
    indexnow_key: str = ""
    indexnow_endpoints: tuple[str, ...] = (DEFAULT_ENDPOINT,)
    submit: bool = False
    images: bool = False
    videos: bool = False
    news: bool = False
    news_publication: str = ""
    news_language: str = ""
    news_days: int = 2
    html_map: bool = False
    html_map_path: str = ""
    html_map_max_links: int = 100
    option_prefix: str = ""  # how the generator spells option names (Sphinx: sitemap_)
    build_time: dt.datetime = field(
        default_factory=lambda: dt.datetime.now(dt.UTC).replace(microsecond=0)
    )


def settings_from_options(
    values: Mapping[str, Any],
    base_url: str,
    root: Path | None = None,
    prefix: str = "",
    also_valid: tuple[str, ...] = (),
) -> tuple[Settings, list[Issue]]:
    """Check raw option values (any generator's) and build `Settings`.

    Unknown names and bad values become one `option` issue each, naming the option as
    the user wrote it (`prefix` + name: Sphinx's `sitemap_gzip`) and, for a typo, the
    nearest valid name (`also_valid`: a generator's own extra names); the default is used
    instead. `root` is the folder relative paths (cache_dir) are taken from.
    """
    issues: list[Issue] = []
    known = {o.name: o for o in OPTIONS}
    kwargs: dict[str, Any] = {}

    def bad(name: str, message: str) -> None:
        issues.append(Issue("option", "", prefix + name, message))

    for name, value in values.items():
        if name not in known:
            hint = _did_you_mean(name, prefix, also_valid)
            bad(name, f"unknown sitemap option {prefix + name!r}{hint}, ignored")
            continue
        if value is None or value == known[name].default:
            continue
        try:
            kwargs[name] = _convert(name, value, root)
        except (TypeError, ValueError) as exc:
            bad(name, f"option {prefix + name!r}: {exc}; using the default")
    if "cache_dir" not in kwargs and root is not None:
        kwargs["cache_dir"] = root / known["cache_dir"].default
    return Settings(base_url=base_url, option_prefix=prefix, **kwargs), issues


def _did_you_mean(name: str, prefix: str = "", also_valid: tuple[str, ...] = ()) -> str:
    """` (did you mean 'gzip'?)` for a name close to a valid option, else nothing."""
    close = difflib.get_close_matches(
        name, [*(o.name for o in OPTIONS), *also_valid], n=1, cutoff=0.75
    )
    return f" (did you mean {prefix + close[0]!r}?)" if close else ""


def _choice(value: Any, allowed: tuple[str, ...]) -> str:
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(f"{value!r} is not one of {', '.join(allowed)}")
    return value


def _int(value: Any, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{value!r} is not a whole number from {low} to {high}")
    return value


def _strings(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
        raise TypeError(f"{value!r} is not a list of strings")
    return tuple(value)


def parse_changefreq(value: Any) -> ChangeFreq:
    """A `ChangeFreq` from its name (any case), or ValueError."""
    try:
        return ChangeFreq(str(value).strip().lower())
    except ValueError:
        raise ValueError(
            f"{value!r} is not a changefreq ({', '.join(c.value for c in ChangeFreq)})"
        ) from None


def parse_priority(value: Any) -> float:
    """A priority from 0.0 to 1.0, from a number or numeric string, or ValueError."""
    try:
        number = float(value) if not isinstance(value, bool) else None
    except (TypeError, ValueError):
        number = None
    if number is None or not 0.0 <= number <= 1.0:
        raise ValueError(f"{value!r} is not a priority from 0.0 to 1.0")
    return number


def parse_rule(value: Any) -> Rule:
    """A `Rule` from a `{match, changefreq, priority}` mapping, or ValueError."""
    if not isinstance(value, Mapping) or not isinstance(value.get("match"), str):
        raise ValueError(f"rule {value!r} needs a 'match' glob")
    extra = set(value) - {"match", "changefreq", "priority"}
    if extra:
        raise ValueError(f"rule {value!r} has unknown keys {sorted(extra)}")
    freq = value.get("changefreq")
    prio = value.get("priority")
    return Rule(
        match=value["match"],
        changefreq=parse_changefreq(freq) if freq is not None else None,
        priority=parse_priority(prio) if prio is not None else None,
    )


def _convert(name: str, value: Any, root: Path | None) -> Any:
    match name:
        case "filename":
            if not isinstance(value, str) or not value or "/" in value or "\\" in value:
                raise ValueError(f"{value!r} is not a plain file name")
            return value
        case "formats":
            formats = tuple(dict.fromkeys(_strings(value)))
            for f in formats:
                _choice(f, FORMATS)
            if not formats:
                raise ValueError("at least one format is needed")
            return formats
        case "gzip":
            if isinstance(value, bool):
                return "also" if value else "no"
            return _choice(value, GZIP_MODES)
        case "gzip_level":
            return _int(value, 1, 9)
        case "lastmod":
            return _choice(value, LASTMOD_SOURCES)
        case "timezone":
            if not isinstance(value, str):
                raise TypeError(f"{value!r} is not a zone name")
            try:
                return ZoneInfo(value) if value else dt.UTC
            except (ZoneInfoNotFoundError, ValueError):
                raise ValueError(f"{value!r} is not a known time zone") from None
        case "exclude" | "extra_urls" | "robots_feeds":
            return _strings(value)
        case "exclude_regex":
            try:
                return tuple(re.compile(p) for p in _strings(value))
            except re.error as exc:
                raise ValueError(f"bad regular expression: {exc}") from None
        case "rules":
            if not isinstance(value, (list, tuple)):
                raise TypeError(f"{value!r} is not a list of rules")
            return tuple(parse_rule(v) for v in value)
        case "changefreq":
            return parse_changefreq(value) if value != "" else None
        case "priority":
            return parse_priority(value)
        case "x_default":
            if value == "":
                return ""
            if value is False or (isinstance(value, str) and value.strip().lower() == "false"):
                return False
            if not isinstance(value, str) or not valid_hreflang(hreflang(value.strip())):
                raise ValueError(f"{value!r} is not a language code (like en or pt-BR) nor false")
            return hreflang(value.strip())
        case "robots_txt":
            if isinstance(value, str) and value.strip().lower() in ("true", "false"):
                value = value.strip().lower() == "true"
            if not isinstance(value, bool) and value != "auto":
                raise ValueError(f"{value!r} is not auto, true or false")
            return value
        case "validate":
            return _choice(value, VALIDATE_MODES)
        case "invalid_urls":
            return _choice(value, URL_ERROR_MODES)
        case "max_urls":
            return _int(value, 1, MAX_URLS)
        case "max_bytes":
            return _int(value, 1024, MAX_BYTES)
        case "cache_dir":
            if not isinstance(value, str):
                raise TypeError(f"{value!r} is not a folder path")
            path = Path(value).expanduser()
            return path if path.is_absolute() or root is None else root / path
        case "seed_sitemap":
            if not isinstance(value, str):
                raise TypeError(f"{value!r} is not a path or URL")
            return value
        case "indent":
            return _int(value, 0, 8)
        case "indexnow_key":
            if not isinstance(value, str):
                raise TypeError(f"{value!r} is not a key")
            problem = key_problem(value) if value else None
            if problem:
                raise ValueError(problem)
            return value
        case "indexnow_endpoints":
            return tuple(endpoint_url(e) for e in _strings(value))
        case "news_publication":
            if not isinstance(value, str):
                raise TypeError(f"{value!r} is not a name")
            return value.strip()
        case "news_language":
            code = news_language(value.strip()) if isinstance(value, str) and value else ""
            if not isinstance(value, str) or (code and language_problem(code)):
                raise ValueError(f"{value!r} is not an ISO 639 language code (en, fr, zh-cn)")
            return code
        case "news_days":
            return _int(value, 1, 30)
        case "submit" | "html_map" | "images" | "videos" | "news":
            if not isinstance(value, bool):
                raise TypeError(f"{value!r} is not true or false")
            return value
        case "html_map_path":
            return _map_path(value)
        case "html_map_max_links":
            return _int(value, 3, MAX_URLS)
    raise AssertionError(name)  # every option is handled above


def _map_path(value: Any) -> str:
    """A site-relative page path for the site map: a folder (`sitemap/`) or a `.html` file."""
    if not isinstance(value, str):
        raise TypeError(f"{value!r} is not a path")
    path = value.lstrip("/")
    if value and (
        not path.endswith(("/", ".html", ".htm"))
        or "\\" in path
        or any(part in ("", ".", "..") for part in path.rstrip("/").split("/"))
    ):
        ours = " (the XML sitemap's name)" if path.endswith((".xml", ".txt")) else ""
        raise ValueError(
            f"{value!r} is not a page path inside the site ending in '/' or '.html'{ours}"
        )
    return path
