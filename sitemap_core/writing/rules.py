"""Which pages are left out, and the changefreq and priority rules give the rest."""

from __future__ import annotations

import re
from fnmatch import fnmatchcase, translate

from ..options import Rule, Settings
from ..protocol.sitemaps import ChangeFreq
from ..values.closematch import NEAR, close_match, close_matches
from ..values.codes import Code
from ..values.report import Issue


def _matches(pattern: str, path: str) -> bool:
    return fnmatchcase(path, pattern.lstrip("/"))


class Exclusion:
    """The `exclude` globs (on the site-relative path, trailing `/` included) and
    `exclude_regex` patterns (searched in the absolute URL) of one run: which pages they
    leave out, and which patterns left none out (`unmatched`).

    Written for speed, as it runs once per URL: one pass over the patterns, as before;
    only a URL left out is checked again, against the patterns that have matched none
    yet, and the paths are kept (for the nearest URL) only while a pattern has matched
    none.
    """

    def __init__(self, settings: Settings, base: str, tracked: bool = True) -> None:
        """`tracked`: note the patterns that leave out no URL (the sitemap's run does)."""
        self.base = base
        self._glob_tests = [re.compile(translate(p.lstrip("/"))).match for p in settings.exclude]
        self._regex_tests = [r.search for r in settings.exclude_regex]
        self._tests = (*self._glob_tests, *self._regex_tests)
        self._globs = len(self._glob_tests)
        self._names = (*settings.exclude, *(r.pattern for r in settings.exclude_regex))
        # The patterns that matched none yet (none kept when not `tracked`).
        self._idle = dict.fromkeys(range(len(self._tests)) if tracked else ())
        self._paths: list[str] = []

    def __call__(self, path: str, url: str) -> bool:
        """True if `path` (site-relative) matches a glob or `url` a regular expression."""
        left_out = any(test(path) for test in self._glob_tests) or any(
            test(url) for test in self._regex_tests
        )
        if self._idle:
            if left_out:
                self._note(path, url)
            self._paths.append(path)
        return left_out

    def _note(self, path: str, url: str) -> None:
        for index in list(self._idle):
            if self._tests[index](path if index < self._globs else url):
                del self._idle[index]

    def unmatched(self) -> list[Issue]:
        """One `exclude` warning per pattern that left out no URL of the run, naming it and
        the nearest URL (once the whole set is written)."""
        return [self._unmatched(index) for index in self._idle]

    def _unmatched(self, index: int) -> Issue:
        pattern = self._names[index]
        glob = index < self._globs
        name = "exclude" if glob else "exclude_regex"
        if glob:
            close = _nearest(pattern.lstrip("/"), {p: p for p in self._paths})
            how = (
                "globs match the site-relative URL path"
                + (
                    ", with its trailing '/'"  # folder URLs: `posts/x/`, never `posts/x`
                    if any(path.endswith("/") for path in self._paths[:_LOOKED_AT])
                    else ""
                )
            )
            nearest = f" (nearest URL path: {close!r})" if close else ""
        else:  # a part of a URL, as a regular expression names one: its nearest part
            parts: dict[str, str] = {}
            for path in self._paths:
                parts.setdefault(path, path)
                for part in path.split("/"):
                    parts.setdefault(part, path)
            text = re.sub(r"[\\^$*+?()\[\]{}|]", "", pattern).strip("/")
            close = _nearest(text, parts)
            how = "patterns are searched in the absolute URL"
            nearest = f" (nearest URL: {self.base + close!r})" if close else ""
        return Issue(
            Code.EXCLUDE,
            "",
            name,
            f"pattern {pattern!r} matched no URL{nearest}; {how}",
        )


_LOOKED_AT = 2000
"""Most candidates the nearest URL is looked for among (~0.1 ms each)."""


def _nearest(text: str, candidates: dict[str, str]) -> str | None:
    """The value of the candidate nearest `text` (`closematch.NEAR`), looked for among
    those in the nearest first folders, at most `_LOOKED_AT` of them; None when none is
    near."""
    heads: dict[str, list[str]] = {}
    for candidate in candidates:
        heads.setdefault(candidate.split("/", 1)[0], []).append(candidate)
    head = close_matches(text.split("/", 1)[0], heads, 3, NEAR)
    near = [c for h in head for c in heads[h]] or list(candidates)
    close = close_match(text, near[:_LOOKED_AT], NEAR)
    return candidates[close] if close is not None else None


def defaults(path: str, settings: Settings) -> tuple[ChangeFreq | None, float | None]:
    """changefreq and priority from the first matching rule, else the site defaults."""
    rule: Rule | None = next((r for r in settings.rules if _matches(r.match, path)), None)
    if rule is None:
        return settings.changefreq, settings.priority
    return (
        rule.changefreq if rule.changefreq is not None else settings.changefreq,
        rule.priority if rule.priority is not None else settings.priority,
    )
