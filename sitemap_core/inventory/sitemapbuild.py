"""`SitemapBuild`: the one object between the core and a generator's build."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..options import Settings, settings_from_options
from ..values.codes import Code
from ..values.page import Page
from ..values.report import Issue, Result
from ..values.site import Site, Spelling
from ..values.urls import base_url_problem, foreign_part, shown, without_fragment
from ..writing import readthedocs
from .history import History
from .reporter import Reporter, Silent, Voice

if TYPE_CHECKING:
    from ..facts.htmlhead import Heads


class SitemapBuild:
    """One build's inventory of pages, and every output rendered from it.

    An adapter makes it with `configure` from its generator's options, spelling, voice
    and site; starts git on the pages' sources while the generator builds (`history`);
    `add`s the pages as the generator writes them; calls `finish`; and `report`s. A
    build that cannot write a sitemap (no usable base URL) has no `settings`: every
    call is then a no-op, and `finish` removes an earlier build's set.
    """

    __slots__ = (
        "_settings",
        "_site",
        "_reporter",
        "_heads",
        "_result",
        "_clear",
        "_pages",
        "_history",
        "_why_not",
    )

    def __init__(
        self,
        settings: Settings | None = None,
        issues: Iterable[Issue] = (),
        *,
        reporter: Reporter | None = None,
        site: Site | None = None,
        previous: SitemapBuild | None = None,
        why_not: str = "",
        clear: Settings | None = None,
    ) -> None:
        """`why_not`: why no sitemap is written, when `settings` is None; `clear`: the
        settings of the set a build that writes none removes."""
        self._settings = settings
        self._site = site or Site()
        self._reporter = reporter or Reporter(Silent())
        self._reporter.note(issues)
        self._heads: Heads | None = None  # the heads a site map page's listing read
        self._result: Result | None = None
        self._pages: list[Iterable[Page]] = []
        self._history: History = History(settings, previous.history if previous else None)
        self._why_not = why_not
        self._clear = clear

    @classmethod
    def configure(
        cls,
        options: Mapping[str, Any],
        base_url: str,
        *,
        voice: Voice,
        spelling: Spelling,
        site: Site | None = None,
        root: Path | None = None,
        also_valid: tuple[str, ...] = (),
        preview: bool = False,
        previous: SitemapBuild | None = None,
        development: bool = False,
    ) -> SitemapBuild:
        """A build from a generator's option values (any spelling the core knows) and
        its base URL, said through `voice` as `spelling` names things.

        `site`: what the generator says of the site (`Site`). `preview`: a dev server's
        build, whose URLs never enter the content state nor IndexNow. `previous`: the
        same dev server's last build, whose git history this one takes over. No base
        URL: Read the Docs' canonical URL, when it runs there. A base URL no sitemap can
        use is one `base-url` issue, and a build with no settings (an info line only for
        none at all where development builds leave it empty: `development`, Pelican).
        """
        site = site or Site()
        if not base_url and (published := readthedocs.canonical_url()):
            base_url = published  # on Read the Docs
            spelling = dataclasses.replace(spelling, base_url=readthedocs.CANONICAL_URL)
        reporter = Reporter(voice, spelling)
        base_url, problem, checked = _checked_base_url(base_url, development)
        settings, issues = settings_from_options(
            {**options, **site.fills(options)}, base_url, root, spelling.prefix, also_valid
        )
        if preview:
            settings = dataclasses.replace(settings, cache_dir=None, submit=False)
        if not problem:
            return cls(
                settings, [*checked, *issues], reporter=reporter, site=site, previous=previous
            )
        return cls(None, [*checked, *issues], reporter=reporter, why_not=problem, clear=settings)

    @classmethod
    def not_listed(
        cls, issues: Iterable[Issue], why: str, *, voice: Voice, spelling: Spelling
    ) -> SitemapBuild:
        """A build whose pages another build lists (a version built with another
        version's URLs): no sitemap, `why` in its summary, `issues` to say."""
        return cls(None, issues, reporter=Reporter(voice, spelling), why_not=why)

    @property
    def settings(self) -> Settings | None:
        """The settings fixed at `configure`; None when no sitemap can be written."""
        return self._settings

    def note(self, issues: Iterable[Issue]) -> None:
        """Issues the adapter found (a page's fields), said at the next `report`."""
        self._reporter.note(issues)

    def report(self, *, summary: bool = False) -> None:
        """Say the issues found since the last report through the generator's voice;
        with `summary`, then the summary line."""
        self._reporter.say(self.summary() if summary else "")

    def failed(self, *, strict: bool = False) -> bool:
        """After `finish`: True when the issues said include an error or, `strict`, a
        warning, or when no sitemap was written."""
        errors, warnings = self._reporter.counts
        written = self._result is not None and bool(self._result.files)
        return bool(errors or (strict and warnings) or not written)

    def heads(self) -> Heads:
        """The built pages' heads read in this build, kept: a site map page's listing
        reads them first, the sitemap then reads none again."""
        if self._heads is None:
            self._heads = _new_heads()
        return self._heads

    @property
    def history(self) -> History:
        """The pages' git history: `read` it while the generator builds."""
        return self._history

    def add(self, page: Page) -> None:
        """One page of the inventory, as the generator built it."""
        self._pages.append((page,))

    def extend(self, pages: Iterable[Page]) -> None:
        """Pages of the inventory, taken (lazily, once) when the build finishes."""
        self._pages.append(pages)

    def finish(self, out_dir: Path) -> Result | None:
        """Write every rendering of the inventory into `out_dir` (the sitemap set, and
        what the settings ask beside it); None when this build writes none. Its issues
        are said at the next `report`; the pages are let go."""
        from . import writeset  # the write path: loaded when the build writes

        if self._settings is None:
            if self._clear is not None:  # an earlier build's set would be deployed
                writeset.remove_sets(Path(out_dir), self._clear)
            return None
        pages, self._pages = itertools.chain.from_iterable(self._pages), []
        self._result = writeset.write_sitemaps(
            pages, out_dir, self._settings, self._history.dates, self._heads, self._site
        )
        self._reporter.note(self._result.issues)
        return self._result

    def summary(self) -> str:
        """One line: what the finished build wrote, or why it wrote nothing."""
        if self._result is not None:
            return self._result.summary()
        return f"sitemap: not written: {self._why_not or 'the build did not finish'}"


def _new_heads() -> Heads:
    """An empty store of built heads; the head reader loads only for a build that lists
    pages before it writes (a site map page's listing)."""
    from ..facts.htmlhead import Heads

    return Heads()


def _checked_base_url(base_url: str, development: bool) -> tuple[str, str | None, list[Issue]]:
    """The base URL a sitemap can use: `base_url` without its `#fragment`; why none can
    (None when it can); and the issues to say. The one rule of every generator and
    `generate`: a fragment is dropped with a warning, a query or credentials are an
    error naming them, any other problem a warning."""
    usable, fragment = without_fragment(base_url)
    issues = []
    if fragment:
        issues.append(
            Issue(
                Code.BASE_URL,
                "",
                "base_url",
                f"{shown(base_url)!r}: the fragment #{fragment} names a place in a page, not "
                f"the site's address: dropped (the sitemap lists pages under {shown(usable)})",
            )
        )
    problem = base_url_problem(usable)
    if problem:
        issues.append(_base_url_issue(usable, problem, development))
    return usable, problem, issues


def _base_url_issue(base_url: str, problem: str, development: bool) -> Issue:
    """The one `base-url` issue every generator gives for a base URL no sitemap can use:
    an error for a query or credentials in it (a part the user put there, that no site's
    address holds), else a warning; none at all in a `development` build, an info line.
    The pages are built all the same."""
    if not base_url and development:
        return Issue(
            Code.BASE_URL,
            "",
            "base_url",
            "empty, as in a development build: no sitemap written (the settings the site "
            "is published with set it)",
            level="info",
        )
    if not base_url:
        given = "not set"
    elif repr(base_url) in problem:  # the problem names the value already
        given = problem
    else:
        given = f"{shown(base_url)!r}: {problem}"
    return Issue(
        Code.BASE_URL,
        "",
        "base_url",
        f"{given}; set it to the absolute http(s) address the site is published at: "
        "no sitemap written",
        level="error" if foreign_part(base_url) else "warning",
    )
