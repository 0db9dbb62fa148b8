"""Content-hash lastmod: a page's date moves only when its meaningful content does.

A clean build rewrites every HTML file, so file times say nothing. Instead each page's
main content is hashed (`digest.content_digest`) and kept, with the date it was first seen,
in `content-state.json` in the cache folder; an unchanged hash keeps its date.

A fresh cache (first build, CI without a cache) can be seeded from the published
sitemap: a page whose URL it lists keeps the `<lastmod>` published there.

A digest costs a search of the whole page, so none is made that nothing will be compared
with. A build that finds no state (every CI build without a kept cache) only starts one:
no page's date can come from it in that build, so it digests nothing, and the next build
records the digests that later builds compare. And `content-digests.json` keeps, for each
page digested, a SHA-256 of its built file and the digest made from it: a page built to
the same bytes as in the previous build takes that digest without finding its main
content again (hashing the file costs a tenth of it).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
from collections.abc import Mapping
from pathlib import Path

from ..files.atomic import write_file
from ..values import dates
from ..values.codes import Code
from ..values.report import Issue
from .digest import content_digest
from .htmlhead import BuiltPage

STATE_FILE = "content-state.json"
DIGESTS_FILE = "content-digests.json"
_HEX = re.compile(r"[0-9a-f]{32}")
_FILE_HEX = re.compile(r"[0-9a-f]{64}")


# --- the state -----------------------------------------------------------------------------


class ContentState:
    """Per-URL content digests and their dates, kept between builds in `cache_dir`."""

    __slots__ = (
        "_path",
        "_known",
        "_seed",
        "_seen",
        "_others",
        "_new",
        "_changed",
        "_made",
        "_making",
    )

    def __init__(
        self,
        path: Path,
        known: dict[str, tuple[str, str]],
        seed: dict[str, str],
        scope: str = "",
        made: dict[str, str] | None = None,
        new: bool = False,
    ) -> None:
        self._path = path
        self._known = known
        self._seed = seed
        self._seen: dict[str, tuple[str, str]] = {}
        # Entries of other sitemaps sharing the cache (each language's build): kept as read.
        self._others = {url: v for url, v in known.items() if not url.startswith(scope)}
        self._new = new  # no state was kept: this run starts one, and digests nothing
        self._changed = False  # save even if no URL was seen: an entry dropped, a state started
        # SHA-256 of a built file -> its content digest: the previous build's, this one's.
        self._made = made or {}
        self._making: dict[str, str] = {}

    @classmethod
    def load(
        cls, cache_dir: Path, seed: str = "", scope: str = ""
    ) -> tuple[ContentState, list[Issue]]:
        """Read `cache_dir/content-state.json`; on a fresh cache, seed from `seed`.

        `seed` is a sitemap (or sitemap index) path, `.xml` or `.xml.gz`, or an http(s)
        URL. A missing state is a fresh cache; an unreadable one is a `content` issue
        and starts empty; so does a seed that cannot be read. Never raises.
        `scope` is this run's URL folder: entries outside it belong to other builds that
        share the cache, are kept by `save` and do not make the cache count as used.
        """
        path = Path(cache_dir) / STATE_FILE
        issues: list[Issue] = []
        kept = _read_state(path, issues)
        known = kept or {}
        seeded: dict[str, str] = {}
        if seed and not any(url.startswith(scope) for url in known):
            seeded = _read_seed(seed, issues)
        made = _read_digests(path.with_name(DIGESTS_FILE))
        return cls(path, known, seeded, scope, made, new=kept is None), issues

    def digest(self, page: BuiltPage) -> bytes | None:
        """The content digest of the built `page` (None: unreadable), taken from the
        previous build when the file's bytes are the same; `b""` when this run starts the
        state (no URL is known, so no digest is compared, nor recorded)."""
        if self._new:
            self._changed = True
            return b""
        html = page.html()
        if html is None:
            return None
        fingerprint = hashlib.sha256(html).hexdigest()
        made = self._made.get(fingerprint)
        if made is None:
            made = content_digest(html).hex()
        self._making[fingerprint] = made
        return bytes.fromhex(made)

    def lastmod(self, url: str, digest: bytes, now: dt.datetime) -> dt.date | None:
        """The date `url`'s content last changed, as far as the state knows.

        An unchanged digest keeps its date (None if it never had one); a changed one
        changed now; a URL the state does not know takes the seed sitemap's date, else
        None: the first sight of a page says nothing about when it was written.
        What is returned is recorded for `save()`.
        """
        hexdigest = digest.hex()
        known = self._known.get(url)
        if known is None:
            stamp: str | None = self._seed.get(url)
        else:
            stamp = known[1] if known[0] == hexdigest else dates.to_w3c(now)
        value = dates.stored(stamp) if stamp else None
        self.record(url, digest, value)
        return value

    def recall(self, url: str, digest: bytes) -> dt.date | None:
        """The date kept for `url` if its content is still `digest` (or the seed's date
        for a URL the state does not know); None otherwise. Records nothing."""
        known = self._known.get(url)
        if known is None:
            stamp = self._seed.get(url)
        else:
            stamp = known[1] if known[0] == digest.hex() else None
        return dates.stored(stamp) if stamp else None

    def record(self, url: str, digest: bytes, value: dt.datetime | dt.date | None) -> None:
        """Keep `url`'s content `digest` and the date it was given (None: unknown); nothing
        for no digest (`b""`)."""
        if digest:
            self._seen[url] = (digest.hex(), dates.to_w3c(value) if value is not None else "")

    def forget(self, url: str) -> None:
        """Drop `url`'s entry: its date no longer comes from the state."""
        if self._known.pop(url, None) is not None:
            self._changed = True

    def save(self) -> list[Issue]:
        """Write the URLs seen in this run (and other builds' entries), atomically; nothing
        when the bytes are the same.

        A run that saw no URL at all (and forgot none, and started no state) leaves the
        file as it is.
        """
        if not self._seen and not self._changed:
            return []
        data = _json({url: list(v) for url, v in (self._others | self._seen).items()})
        try:
            _make_cache_dir(self._path.parent)
            write_file(self._path, data, STATE_FILE)
            if self._making or self._made:
                write_file(self._path.with_name(DIGESTS_FILE), _json(self._making), DIGESTS_FILE)
        except OSError as exc:
            return [
                Issue(
                    Code.CONTENT,
                    str(self._path),
                    "cache_dir",
                    f"content state not saved ({exc}); the next build will "
                    "date changed pages from scratch",
                )
            ]
        return []


def _json(data: Mapping[str, object]) -> bytes:
    """`data` as compact JSON, keys sorted: the same data, the same bytes."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _make_cache_dir(folder: Path) -> None:
    """Create the cache folder with a `.gitignore` of `*` inside, as `.pytest_cache`
    does: `git status` never shows it, whatever the project's own ignore rules."""
    if not folder.is_dir():
        folder.mkdir(parents=True, exist_ok=True)
        write_file(folder / ".gitignore", b"# Created by sitemap-suite.\n*\n", STATE_FILE)


def _read_state(path: Path, issues: list[Issue]) -> dict[str, tuple[str, str]] | None:
    """The URLs kept and their digests and dates; None when no state was kept."""
    try:
        raw = path.read_bytes()
    except (FileNotFoundError, NotADirectoryError):  # a fresh cache (save() says if it cannot be)
        return None
    except OSError as exc:
        issues.append(_state_issue(path, f"cannot be read ({exc})"))
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        issues.append(_state_issue(path, f"is not JSON ({exc})"))
        return {}
    if not isinstance(data, dict):
        issues.append(_state_issue(path, "is not a JSON object"))
        return {}
    known: dict[str, tuple[str, str]] = {}
    for url, entry in data.items():
        if (
            isinstance(entry, list)
            and len(entry) == 2
            and all(isinstance(e, str) for e in entry)
            and _HEX.fullmatch(entry[0])
            and (not entry[1] or dates.stored(entry[1]) is not None)
        ):
            known[url] = (entry[0], entry[1])
    if len(known) < len(data):
        issues.append(_state_issue(path, f"has {len(data) - len(known)} bad entries"))
        return {}
    return known


def _read_digests(path: Path) -> dict[str, str]:
    """The previous build's file hashes and digests; none when the file is missing or not
    what `save` writes (it only saves work: nothing to report)."""
    try:
        data = json.loads(path.read_bytes())
    except (OSError, ValueError, UnicodeDecodeError):
        return {}
    if not isinstance(data, dict) or not all(
        isinstance(made, str) and _FILE_HEX.fullmatch(raw) and _HEX.fullmatch(made)
        for raw, made in data.items()
    ):
        return {}
    return data


def _state_issue(path: Path, problem: str) -> Issue:
    return Issue(
        Code.CONTENT,
        str(path),
        "cache_dir",
        f"content state {problem}; starting empty, so pages get new dates "
        "unless the seed sitemap has them",
    )


# --- the seed sitemap ----------------------------------------------------------------------


def _read_seed(seed: str, issues: list[Issue]) -> dict[str, str]:
    """`loc` → `lastmod` from a sitemap or sitemap index; a `content` issue on failure."""
    from .published import read_published  # an HTTP client and lxml: loaded for a seed

    try:
        stamps = {loc: stamp for loc, stamp in read_published(seed).items() if stamp}
    except ValueError as exc:  # a seed that cannot be read, or a URL urllib.parse refuses
        issues.append(
            Issue(
                Code.CONTENT,
                seed,
                "seed_sitemap",
                f"seed sitemap not used: {exc}; pages new to the content state get the build time",
            )
        )
        return {}
    return stamps
