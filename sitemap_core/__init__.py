"""sitemap_core: sitemaps.org-exact sitemaps from a stream of pages.

This module is the core's public face, and the only one adapters import (import-linter
keeps `plugins/` off the inner modules). An adapter makes one `SitemapBuild` per build
with `configure`, from its generator's options and base URL, how its users spell a field
(`Spelling`), its logger (a `Voice`) and what it knows of the site (`Site`); `add`s the
`Page`s the generator writes, each with its place in the site; calls `finish()`, which
writes every rendering of those pages (the sitemap set, llms.txt), and `report()`. The
site map page for people is planned from the same pages (`section_tree`, `plan`,
`render`). The option vocabulary is `OPTIONS`; the rest are the concepts adapters share.

Each name loads its module on first use, so a generator that imports an adapter pays
only for what its build uses.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .checking.validate import validate_files
    from .facts.frontmatter import unread_front_matter
    from .facts.gitarchive import attach_history
    from .facts.htmlhead import Heads
    from .facts.mtime import own_date
    from .facts.pyconfig import assigned_names
    from .files.lookup import first_file, folder_with
    from .files.nested import folder_in, subsite_folder
    from .files.served import serves
    from .inventory import Reporter, Said, SitemapBuild, Voice, write_sitemaps
    from .inventory.logvoice import LogVoice
    from .options import (
        OPTIONS,
        Option,
        Rule,
        Settings,
        parse_changefreq,
        parse_priority,
        settings_from_options,
    )
    from .options.perkind import per_kind
    from .options.renamed import renamed_options
    from .protocol.sitemaps import ChangeFreq
    from .sites.includes import MarkdownIncludes, autodoc_names, documented_files, loaded_files
    from .values.closematch import close_match, did_you_mean
    from .values.codes import Code
    from .values.htmltext import plain_text
    from .values.identity import ByIdentity
    from .values.lastwritten import SourceURL, last_written, same_url_notes
    from .values.media import Image, Video
    from .values.metadates import MetaDates
    from .values.metakeys import MetaKeys
    from .values.news import News
    from .values.page import (
        Alternate,
        Page,
        Section,
        StrPath,
        hreflang,
        meta_overrides,
        near_miss,
        parse_flag,
        unread_metadata,
    )
    from .values.places import Branch, Place, place_pages, tree_places
    from .values.report import Issue, Result
    from .values.site import Site, Spelling
    from .values.translations import Translation, alternates_by_page, language_versions
    from .values.urls import base_url_problem, folder_url, page_folder, site_path
    from .values.written import WrittenFiles
    from .writing.htmlmap import MapEntry, MapPage, map_path, plan, prune, render
    from .writing.listing import Listing
    from .writing.mikebuild import mike_build, mike_listed
    from .writing.mikedeploy import mike_aliases
    from .writing.multiversion import SmvBuild, smv_build
    from .writing.readthedocs import canonical_url
    from .writing.robots import is_robots_advice
    from .writing.sections import section_tree
    from .writing.subsites import subsite_map
    from .writing.urlscheme import Placement, UrlScheme, site_languages, url_template
    from .writing.versionbuild import VersionBuild, version_folders

__version__ = "0.1.0"

_HOMES = {
    "Reporter": ".inventory",
    "Said": ".inventory",
    "SitemapBuild": ".inventory",
    "Voice": ".inventory",
    "write_sitemaps": ".inventory",
    "LogVoice": ".inventory.logvoice",
    "validate_files": ".checking.validate",
    "attach_history": ".facts.gitarchive",
    "Heads": ".facts.htmlhead",
    "own_date": ".facts.mtime",
    "per_kind": ".options.perkind",
    "renamed_options": ".options.renamed",
    "ByIdentity": ".values.identity",
    "first_file": ".files.lookup",
    "folder_with": ".files.lookup",
    "serves": ".files.served",
    "MetaKeys": ".values.metakeys",
    "language_versions": ".values.translations",
    "subsite_folder": ".files.nested",
    "folder_in": ".files.nested",
    "plain_text": ".values.htmltext",
    "subsite_map": ".writing.subsites",
    "unread_front_matter": ".facts.frontmatter",
    "OPTIONS": ".options",
    "Option": ".options",
    "Rule": ".options",
    "Settings": ".options",
    "parse_changefreq": ".options",
    "parse_priority": ".options",
    "settings_from_options": ".options",
    "ChangeFreq": ".protocol.sitemaps",
    "MarkdownIncludes": ".sites.includes",
    "autodoc_names": ".sites.includes",
    "documented_files": ".sites.includes",
    "loaded_files": ".sites.includes",
    "close_match": ".values.closematch",
    "did_you_mean": ".values.closematch",
    "Code": ".values.codes",
    "Image": ".values.media",
    "News": ".values.news",  # without the image and video values
    "Video": ".values.media",
    "Alternate": ".values.page",
    "Page": ".values.page",
    "Section": ".values.page",
    "StrPath": ".values.page",
    "hreflang": ".values.page",
    "meta_overrides": ".values.page",
    "near_miss": ".values.page",
    "unread_metadata": ".values.page",
    "parse_flag": ".values.page",
    "Issue": ".values.report",
    "SourceURL": ".values.lastwritten",
    "last_written": ".values.lastwritten",
    "same_url_notes": ".values.lastwritten",
    "MetaDates": ".values.metadates",
    "WrittenFiles": ".values.written",
    "Branch": ".values.places",
    "Place": ".values.places",
    "place_pages": ".values.places",
    "Translation": ".values.translations",
    "alternates_by_page": ".values.translations",
    "Site": ".values.site",
    "Spelling": ".values.site",
    "Result": ".values.report",
    "base_url_problem": ".values.urls",
    "folder_url": ".values.urls",
    "site_path": ".values.urls",
    "page_folder": ".values.urls",
    "MapEntry": ".writing.htmlmap",
    "MapPage": ".writing.htmlmap",
    "map_path": ".writing.htmlmap",
    "plan": ".writing.htmlmap",
    "prune": ".writing.htmlmap",
    "render": ".writing.htmlmap",
    "Listing": ".writing.listing",
    "Placement": ".writing.urlscheme",
    "UrlScheme": ".writing.urlscheme",
    "site_languages": ".writing.urlscheme",
    "url_template": ".writing.urlscheme",
    "SmvBuild": ".writing.multiversion",
    "smv_build": ".writing.multiversion",
    "tree_places": ".values.places",
    "assigned_names": ".facts.pyconfig",
    "section_tree": ".writing.sections",
    "is_robots_advice": ".writing.robots",
    "canonical_url": ".writing.readthedocs",
    "VersionBuild": ".writing.versionbuild",
    "version_folders": ".writing.versionbuild",
    "mike_aliases": ".writing.mikedeploy",
    "mike_build": ".writing.mikebuild",
    "mike_listed": ".writing.mikebuild",
}
__all__ = [
    "page_folder",
    "SmvBuild",
    "smv_build",
    "assigned_names",
    "tree_places",
    "url_template",
    "site_languages",
    "UrlScheme",
    "Placement",
    "canonical_url",
    "OPTIONS",
    "Alternate",
    "first_file",
    "folder_with",
    "serves",
    "ByIdentity",
    "Branch",
    "ChangeFreq",
    "Heads",
    "Image",
    "Issue",
    "Listing",
    "LogVoice",
    "MapEntry",
    "MapPage",
    "MarkdownIncludes",
    "MetaKeys",
    "MetaDates",
    "News",
    "Option",
    "Page",
    "Place",
    "Reporter",
    "Result",
    "Said",
    "Rule",
    "Section",
    "Settings",
    "Site",
    "SourceURL",
    "SitemapBuild",
    "Spelling",
    "StrPath",
    "Translation",
    "VersionBuild",
    "Video",
    "Voice",
    "WrittenFiles",
    "alternates_by_page",
    "attach_history",
    "autodoc_names",
    "documented_files",
    "loaded_files",
    "base_url_problem",
    "close_match",
    "Code",
    "did_you_mean",
    "folder_url",
    "hreflang",
    "is_robots_advice",
    "language_versions",
    "last_written",
    "map_path",
    "meta_overrides",
    "mike_aliases",
    "mike_build",
    "mike_listed",
    "near_miss",
    "own_date",
    "parse_changefreq",
    "parse_flag",
    "parse_priority",
    "per_kind",
    "place_pages",
    "plan",
    "prune",
    "render",
    "renamed_options",
    "same_url_notes",
    "section_tree",
    "settings_from_options",
    "site_path",
    "subsite_folder",
    "folder_in",
    "plain_text",
    "subsite_map",
    "unread_front_matter",
    "unread_metadata",
    "validate_files",
    "version_folders",
    "write_sitemaps",
]


def __getattr__(name: str) -> Any:
    """The public name `name`, from its module (imported now, once)."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return [*globals(), *__all__]
