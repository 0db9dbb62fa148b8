"""Which pages the sitemap lists, and under which URL: the one rule, for the sitemap and
the site map page for people alike."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from ..options import Settings
from ..values import urls
from ..values.page import Page
from . import rules

if TYPE_CHECKING:
    from ..facts.htmlhead import BuiltPage, Heads, PageFacts


class Placed(NamedTuple):
    """Where a page goes: its `<loc>`, its site path (`""` when no rule or filter needs
    it), its built page's head, and the built page, read once for its head, media and
    content digest (both None without one). A head naming another canonical URL means
    the page is listed by that URL, if at all."""

    loc: str
    path: str
    facts: PageFacts | None
    built: BuiltPage | None


class Placement:
    """Decides, once per page, whether the sitemap lists it: not excluded (the page's own
    flag, `exclude`, `exclude_regex`), a URL in the sitemap's scope, and a built page that
    is indexable and its own canonical URL or names another. With `media`, a page whose
    images or videos are looked for in its built page is read whole, once. With `tracked`
    (the sitemap's run), the exclude patterns that left out no URL are noted."""

    def __init__(
        self,
        settings: Settings,
        heads: Heads | None = None,
        media: bool = False,
        tracked: bool = False,
    ) -> None:
        # The head reader: loaded when a build places its pages (a Sphinx adapter imports
        # `Listing` for its site map pages, which most builds never make).
        from ..facts.htmlhead import BuiltPage

        self.built_page = BuiltPage
        self.settings = settings
        self.base = urls.normal_base(settings.base_url)
        self.scope = urls.scope_of(self.base + settings.filename)
        # A build that makes no site map page reads each head once anyway: no memo.
        self.read = BuiltPage.facts if heads is None else heads.read
        self.images = media and settings.images
        self.videos = media and settings.videos
        self.filtering = bool(settings.exclude or settings.exclude_regex)
        self.pathed = self.filtering or bool(settings.rules)
        self.excluded = rules.Exclusion(settings, self.base, tracked)

    def place(self, page: Page) -> Placed | None:
        """Where `page` is listed; None when it is left out. Raises `urls.URLError` for a
        URL that cannot be listed (the caller says so, or not)."""
        if page.exclude:
            return None
        loc = urls.loc(self.base, page.url, self.scope)
        path = ""
        if self.pathed:
            path = urls.site_path(loc, self.base)
            if self.filtering and self.excluded(path, loc):
                return None
        facts = built = None
        if page.output is not None:
            whole = (self.images and page.images is None) or (self.videos and page.videos is None)
            built = self.built_page(page.output, whole)
            facts = self.read(built, loc)
            if not facts.listed and not (facts.indexable and facts.canonical):
                return None
        return Placed(loc, path, facts, built)


class Listing:
    """The URLs the sitemap lists for these pages under their own URL (`Placement`'s
    rule, a page listed by another canonical URL left out): what a site map may link to.
    `heads` keeps the heads read, for the sitemap's run of the same build."""

    def __init__(self, pages: Iterable[Page], settings: Settings, heads: Heads | None = None):
        from ..facts.htmlhead import Heads  # the head reader: loaded by a build's listing

        self.heads = Heads() if heads is None else heads
        placement = Placement(settings, self.heads)
        self.base, self.scope = placement.base, placement.scope
        self.locs = frozenset(_own_locs(pages, placement))

    def __contains__(self, url: object) -> bool:
        """True when the page at `url` (as the generator links it) is listed."""
        try:
            return urls.loc(self.base, str(url), self.scope) in self.locs
        except urls.URLError:
            return False


def _own_locs(pages: Iterable[Page], placement: Placement) -> Iterable[str]:
    for page in pages:
        try:
            placed = placement.place(page)
        except urls.URLError:
            continue
        if placed is not None and (placed.facts is None or placed.facts.listed):
            yield placed.loc
