"""Close matches: the one "did you mean" of the core and the adapters.

A word is close to a candidate when few edits turn one into the other: a letter added,
dropped or changed, or two neighbours swapped (optimal string alignment distance, the
Damerau-Levenshtein distance without re-editing a swapped pair). How few is a share of
the candidate's letters, at least one edit:

- `TYPO` (one edit per three letters), for a misspelt name or word: an option's name
  (`gzipp`: `gzip`), one of an option's words (`gti`: `git`, `xtt`: `txt`), a page's
  field (`chagefreq`, `Priorty:`), a namespace (one letter off an extension's). Keys
  pages carry anyway stay far from ours (`sitename` is three edits from `sitemap`,
  `tags` three from `images`), which no single cutoff of difflib's ratio could tell
  apart from `xtt` (both 0.67).
- `NEAR` (one edit per two letters), for the URL path nearest a pattern that matched
  nothing: a glob or a piece of a regular expression is no typo of a path, and a looser
  hint (`pages/about`: `pages/about.html`) still helps.

Of two as close, the longer wins (it keeps a larger share of its letters: `posts/x` is
nearer `posts/x/` than `posts/`), then the one given first. Pure Python, no import: most
runs never call it.
"""

from __future__ import annotations

from collections.abc import Iterable

TYPO = 1 / 3
"""Edits per letter of the word meant that a typo of it may have."""

NEAR = 1 / 2
"""Edits per letter of a URL path that a pattern near it may have."""


def edits(a: str, b: str, most: int) -> int:
    """The edits (add, drop, change a letter, swap two neighbours) that turn `a` into
    `b`; `most + 1` as soon as it is known to be more than `most`."""
    if a == b:
        return 0
    if abs(len(a) - len(b)) > most:
        return most + 1
    earlier: list[int] = []
    before: list[int] = []
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        earlier, before, row = before, row, [i] + [0] * len(b)
        for j, y in enumerate(b, 1):
            cost = before[j - 1] + (x != y)
            if before[j] + 1 < cost:
                cost = before[j] + 1
            if row[j - 1] + 1 < cost:
                cost = row[j - 1] + 1
            if i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y and earlier[j - 2] + 1 < cost:
                cost = earlier[j - 2] + 1
            row[j] = cost
        if min(row) > most:
            return most + 1
    return row[-1]


def allowed(candidate: str, share: float = TYPO) -> int:
    """How many edits a word close to `candidate` may have: `share` of its letters, at
    least one."""
    return max(1, int(len(candidate) * share))


def close_matches(
    word: str, candidates: Iterable[str], n: int = 1, share: float = TYPO
) -> list[str]:
    """The `n` candidates closest to `word` (fewest edits first, then the longest, then
    in the given order) of those close to it (`share`: `TYPO` or `NEAR`); `word` itself is
    one (no edit)."""
    found: list[tuple[int, int, int, str]] = []
    for order, candidate in enumerate(candidates):
        most = allowed(candidate, share)
        count = edits(word, candidate, most)
        if count <= most:
            found.append((count, -len(candidate), order, candidate))
    return [candidate for *_, candidate in sorted(found)[:n]]


def close_match(word: str, candidates: Iterable[str], share: float = TYPO) -> str | None:
    """The candidate closest to `word` (`share`: `TYPO` or `NEAR`), else None."""
    found = close_matches(word, candidates, 1, share)
    return found[0] if found else None


def did_you_mean(word: str, candidates: Iterable[str], prefix: str = "") -> str:
    """` (did you mean 'git'?)` for a misspelt `word` (any case) close to one of
    `candidates` (`prefix` before it), else nothing."""
    close = close_match(word.lower(), candidates)
    return f" (did you mean {prefix + close!r}?)" if close else ""
