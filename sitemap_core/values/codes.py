"""The issue codes: short, stable names shared by every generator, the README's warnings
table (docs/warnings.md) and users' `suppress_warnings`. Their text never changes."""

from __future__ import annotations

from enum import StrEnum


class Code(StrEnum):
    """An issue's code: its text is the name users see and mute."""

    # Options, pages and their values.
    BASE_URL = "base-url"
    OPTION = "option"
    EXCLUDE = "exclude"
    URL = "url"
    SCOPE = "scope"
    LASTMOD = "lastmod"
    CHANGEFREQ = "changefreq"
    PRIORITY = "priority"
    HREFLANG = "hreflang"
    METADATA = "metadata"
    SAME_URL = "same-url"
    LANG = "lang"
    SCHEME = "scheme"
    CANONICAL = "canonical"
    # robots.txt, feeds, IndexNow.
    ROBOTS = "robots"
    ROBOTS_RELATIVE = "robots-relative"
    INDEXNOW = "indexnow"
    FEED = "feed"
    # Dates from git and the content state.
    GIT = "git"
    GIT_SHALLOW = "git-shallow"
    CONTENT = "content"
    # Writing the set.
    EMPTY = "empty"
    SIZE = "size"
    SPLIT = "split"
    WRITE = "write"
    # Checking written or published sitemaps.
    XML = "xml"
    NAMESPACE = "namespace"
    STRUCTURE = "structure"
    LOC = "loc"
    TEXT = "text"
    INDEX = "index"
    DUPLICATE = "duplicate"
    GZIP = "gzip"
    MISSING_FILE = "missing-file"
    REDIRECT = "redirect"
    NOINDEX = "noindex"
    NOT_FOUND = "not-found"
    UNLISTED = "unlisted"
    IMAGE = "image"
    VIDEO = "video"
    NEWS = "news"
    NO_SITEMAP = "no-sitemap"
    LLMS = "llms"
    FETCH = "fetch"
    # Versioned sites.
    NOT_VERSIONED = "not-versioned"
    DEFAULT = "default"
    ALIAS = "alias"
    STALE = "stale"
    MIKE = "mike"
    VERSIONS = "versions"


NOT_WRITTEN = (Code.EMPTY, Code.BASE_URL)  # the codes that say why no sitemap was written
