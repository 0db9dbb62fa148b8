"""What a generator says of the site as a whole, beside its options, and how its users
spell the names its messages give."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .codes import Code
from .report import Issue


@dataclass(frozen=True, slots=True)
class Site:
    """The site's name and description (llms.txt's heading and summary; the name is the
    news sitemap's publication when `news_publication` is unset), its language (the news
    articles', when `news_language` is unset), its default language among its
    translations (`x_default`, when unset), and, for one version of a versioned deploy,
    `(root URL, "mike builds this version")`: its robots advice names the root index
    `sitemap-suite versions` writes there, not this version's sitemap."""

    name: str = ""
    description: str = ""
    language: str = ""
    default_language: str = ""
    versioned: tuple[str, str] | None = None

    def fills(self, options: Mapping[str, object]) -> dict[str, str]:
        """The option values the site's own give where `options` leaves them unset (None or
        empty: `x_default: false` is set, and turns x-default off)."""
        own = {
            "x_default": self.default_language.replace("_", "-"),  # hreflang: `pt-BR`
            "news_publication": self.name,
            "news_language": self.language,
        }
        return {
            name: value for name, value in own.items() if value and options.get(name) in (None, "")
        }


@dataclass(frozen=True, slots=True)
class Spelling:
    """How a generator's users write what an issue names: the file its settings are in
    (`mkdocs.yml`), its base URL setting (`site_url`, `html_baseurl`, `SITEURL`), an
    option (`gzip`, `sitemap_gzip`, `SITEMAP['gzip']`: `option_form` formats the name
    the user wrote, `renamed` maps the core's name to it) and a page's `sitemap` field
    (`sitemap.priority`, `:sitemap_priority:`)."""

    site_file: str = ""
    base_url: str = "base_url"
    option_form: str = "{}"
    field_form: str = "sitemap.{}"
    renamed: Mapping[str, str] = field(default_factory=dict)

    @property
    def prefix(self) -> str:
        """What every option's name starts with (`sitemap_`), when `option_form` is a
        prefix only (`SITEMAP['gzip']` is no prefix: "")."""
        form = self.option_form
        return form.removesuffix("{}") if form.endswith("{}") and "{" not in form[:-2] else ""

    def option(self, name: str) -> str:
        """Option `name` (the core's) as the user writes it."""
        return self.option_form.format(self.renamed.get(name, name))

    def name_of(self, issue: Issue) -> str:
        """The field `issue` names (`Issue.field`: the core's name), as the user writes it:
        a page's `sitemap.x` field, else for a site-wide `option` issue the option, else
        as it is (a date key the page gave, an element of a checked file)."""
        name = issue.field
        if not name:
            return ""
        if name == "base_url" and not issue.page:
            return self.base_url
        if issue.code in _OPTION_CODES:
            return self.option(name)
        if issue.page and name.startswith("sitemap."):
            return self.field_form.format(name.removeprefix("sitemap."))
        return name


_OPTION_CODES = frozenset({Code.OPTION, Code.EXCLUDE, Code.ROBOTS, Code.LLMS})
