"""`SitemapBuild`: the one object between the core and a generator's build."""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from ..facts.gitdates import GitDates
from ..facts.htmlhead import Heads
from ..facts.lastmod import read_ahead
from ..options import Settings, settings_from_options
from ..values.codes import Code
from ..values.page import Page, StrPath
from ..values.report import Issue, Result
from ..values.urls import base_url_problem, foreign_part, shown, without_fragment
from ..writing import readthedocs
from ..writing.run import remove_sets
from .writeset import write_sitemaps

# The options a generator's own settings fill when the user leaves them unset.
_SITE_DEFAULTS = ("x_default", "news_publication", "news_language")


class SitemapBuild:
    """One build's sitemap set: its settings, the pages' git history, the heads read, the
    issues found so far and, once finished, the `Result`.

    An adapter makes it with `configure` from its generator's options, starts git on
    the pages' sources while the generator builds (`read_history`, `read_more`,
    `prefetch`), `add`s the pages as the generator writes them and calls `finish`; a
    `Reporter` says `take_issues()` through the generator's log. A build that cannot
    write a sitemap (no usable base URL) has no `settings`: every call is then a no-op.
    """

    __slots__ = (
        "settings",
        "heads",
        "result",
        "_clear",
        "_issues",
        "_pages",
        "_history",
        "_kept",
        "_why_not",
    )

    def __init__(
        self,
        settings: Settings | None,
        issues: Iterable[Issue] = (),
        previous: SitemapBuild | None = None,
    ) -> None:
        self.settings = settings
        self.heads: Heads | None = None  # the heads a site map page's listing read
        self.result: Result | None = None
        self._issues = list(issues)
        self._pages: list[Iterable[Page]] = []
        self._history: GitDates | None = None
        self._why_not = ""  # why no sitemap is written, when `settings` is None
        self._clear: Settings | None = None  # the set a build that writes none removes
        # A dev server's last build: its history, if it still holds, is taken over.
        self._kept = previous._history if previous is not None else None
        if previous is not None and (
            settings is None
            or previous.settings is None
            or previous.settings.lastmod != settings.lastmod
        ):
            self._kept = None

    @classmethod
    def configure(
        cls,
        options: Mapping[str, Any],
        base_url: str,
        *,
        setting: str,
        root: Path | None = None,
        prefix: str = "",
        also_valid: tuple[str, ...] = (),
        site: Mapping[str, str | bool] | None = None,
        preview: bool = False,
        previous: SitemapBuild | None = None,
    ) -> SitemapBuild:
        """A build from a generator's option values (any spelling the core knows, named
        with `prefix` in messages) and its base URL, read from the generator's `setting`
        (`site_url`, `html_baseurl`, `SITEURL`).

        `site`: the generator's own values for options the user left unset (`x_default`:
        the default language; `news_publication`, `news_language`). `preview`: a dev
        server's build, whose URLs never enter the content state nor IndexNow.
        `previous`: the last build of the same dev server, whose git history this one
        takes over while it holds. No base URL: Read the Docs' canonical URL of this
        build, when it runs there. A base URL no sitemap can use is one `base-url`
        warning naming `setting`, and a build with no settings.
        """
        if not base_url and (published := readthedocs.canonical_url()):
            base_url, setting = published, readthedocs.CANONICAL_URL  # on Read the Docs
        base_url, problem, checked = _checked_base_url(setting, base_url)
        unset = {
            name: value
            for name, value in (site or {}).items()
            if name in _SITE_DEFAULTS and value and options.get(name) in (None, "")
        }
        settings, issues = settings_from_options(
            {**options, **unset}, base_url, root, prefix, also_valid
        )
        if preview:
            settings = dataclasses.replace(settings, cache_dir=None, submit=False)
        if not problem:
            return cls(settings, [*checked, *issues], previous)
        unusable = cls(None, [*checked, *issues])
        unusable._why_not, unusable._clear = problem, settings
        return unusable

    def note(self, issues: Iterable[Issue]) -> None:
        """Issues the adapter found (a page's fields), for the next `take_issues`."""
        self._issues.extend(issues)

    def take_issues(self) -> list[Issue]:
        """The issues found since the last call, in the order found."""
        taken, self._issues = self._issues, []
        return taken

    def read_history(self, sources: Iterable[StrPath]) -> None:
        """Start git reading the history of the pages' `sources` while the generator
        builds, when the settings date pages by git; or take over the last build's
        history (a dev server, `previous`) when it still holds: HEAD on the same commit,
        the files changed since dated by their mtime. git then reads only what is new."""
        if self.settings is None:
            return
        paths = list(sources)
        kept, self._kept = self._kept, None
        if kept is not None and paths and kept.contains(paths[0]) and kept.refresh():
            kept.read_ahead(paths)
            self._history = kept
        else:
            self._history = read_ahead(paths, self.settings)

    def read_more(self, sources: Iterable[StrPath]) -> None:
        """Start git reading the history of more files (those pages include, found while
        the generator reads them)."""
        if self._history is not None:
            self._history.read_ahead(sources)

    def prefetch(self, sources: Iterable[StrPath]) -> None:
        """Take git's reads of `sources` over now (git finished them while the generator
        worked), so that dating the pages later waits for nothing."""
        if self._history is not None:
            self._history.prefetch(sources)

    def add(self, page: Page) -> None:
        """One page to list, as the generator built it."""
        self._pages.append((page,))

    def extend(self, pages: Iterable[Page]) -> None:
        """Pages to list, taken (lazily, once) when the build finishes."""
        self._pages.append(pages)

    def finish(self, out_dir: Path) -> Result | None:
        """Write the sitemap set of every page added into `out_dir`; None when this
        build writes none. Its issues join `take_issues`; the pages are let go."""
        if self.settings is None:
            if self._clear is not None:  # an earlier build's set would be deployed
                remove_sets(Path(out_dir), self._clear)
            return None
        pages, self._pages = itertools.chain.from_iterable(self._pages), []
        self.result = write_sitemaps(pages, out_dir, self.settings, self._history, self.heads)
        self._issues.extend(self.result.issues)
        return self.result

    def summary(self) -> str:
        """One line: what the finished build wrote, or why it wrote nothing."""
        if self.result is not None:
            return self.result.summary()
        return f"sitemap: not written: {self._why_not or 'the build did not finish'}"


def _checked_base_url(setting: str, base_url: str) -> tuple[str, str | None, list[Issue]]:
    """The base URL a sitemap can use, read from the generator's `setting`: `base_url`
    without its `#fragment`; why none can (None when it can); and the issues to say. The
    one rule of every generator and `generate`: a fragment is dropped with a warning, a
    query or credentials are an error naming them, any other problem a warning."""
    usable, fragment = without_fragment(base_url)
    issues = []
    if fragment:
        issues.append(
            Issue(
                Code.BASE_URL,
                "",
                setting,
                f"{setting} = {shown(base_url)!r}: the fragment #{fragment} names a place "
                f"in a page, not the site's address: dropped (the sitemap lists pages "
                f"under {shown(usable)})",
            )
        )
    problem = base_url_problem(usable)
    if problem:
        issues.append(_base_url_issue(setting, usable, problem))
    return usable, problem, issues


def _base_url_issue(setting: str, base_url: str, problem: str) -> Issue:
    """The one `base-url` issue every generator gives for a base URL no sitemap can use,
    naming the setting as the user wrote it: an error for a query or credentials in it
    (a part the user put there, that no site's address holds), else a warning."""
    given = f"{setting} = {shown(base_url)!r}: {problem}" if base_url else f"{setting} is not set"
    return Issue(
        Code.BASE_URL,
        "",
        setting,
        f"{given}; set it to the absolute http(s) address the site is published at: "
        "no sitemap written",
        level="error" if foreign_part(base_url) else "warning",
    )
