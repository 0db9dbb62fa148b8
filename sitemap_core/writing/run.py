"""The whole write: an iterable of pages in, the sitemap set (and the news set) written,
robots.txt updated, a `Result` out."""

from __future__ import annotations

import dataclasses
import errno
import itertools
import os
from collections.abc import Iterable, Iterator
from operator import itemgetter
from pathlib import Path

from ..facts.gitdates import GitDates
from ..facts.htmlhead import read_page
from ..facts.lastmod import LastmodSources
from ..facts.pagemedia import find_media
from ..files.atomic import gzip_copy, install, temp_file
from ..options import Settings, parse_changefreq, parse_priority
from ..protocol.extensions import MAX_NEWS_URLS
from ..protocol.grammar import valid_hreflang
from ..values import urls
from ..values.media import Fragment, News, media_fragment
from ..values.page import Page
from ..values.report import Issue, Result
from . import index, robots, rules
from .dedupe import SeenURLs
from .writer import Entry, Part, PartWriter

_CHUNK = 1024  # pages taken from the stream at a time
_LOC = itemgetter(0)
NEWS_STEM = "sitemap-news"  # the news sitemap: sitemap-news.xml


@dataclasses.dataclass(frozen=True, slots=True)
class Written:
    """What `write_set` did: the result so far; the sets to check (the sitemap set, then
    the news set), each with the URL its first file is published at; and whether the
    write went through (False: nothing was written, the result says why)."""

    result: Result
    sets: tuple[tuple[tuple[Path, ...], str], ...] = ()
    complete: bool = True


def write_set(
    pages: Iterable[Page], out_dir: Path, settings: Settings, history: GitDates | None = None
) -> Written:
    """Write the sitemap set for `pages` (and `settings.extra_urls`) into `out_dir`;
    `history`: what `read_ahead` started reading of the pages' git history, if called.

    Pages stream through once, a batch of `_CHUNK` at a time: checked, dated, deduplicated
    and written as they arrive. Files land by rename only when the whole set is ready, so
    a failed run leaves the old set whole. Problems come back as `Result.issues`; nothing
    here logs or raises for bad input.
    """
    return _Run(Path(out_dir), settings, history).run(pages)


def cache_beside(out_dir: Path, settings: Settings) -> Settings:
    """`settings` with a cache folder inside the site moved beside it: never deployed."""
    if settings.cache_dir is not None and settings.cache_dir.resolve().is_relative_to(
        out_dir.resolve()
    ):
        return dataclasses.replace(
            settings, cache_dir=out_dir.resolve().parent / settings.cache_dir.name
        )
    return settings


class _Run:
    """One run of `write_sitemaps`: its settings, the issues found, the files made."""

    def __init__(self, out_dir: Path, settings: Settings, history: GitDates | None = None) -> None:
        self.out_dir = out_dir
        self.s = settings
        self.base = urls.normal_base(settings.base_url)
        self.location = self.base + settings.filename
        self.scope = urls.scope_of(self.location)
        self.stem = settings.filename.rsplit(".", 1)[0]  # `sitemap` of `sitemap.xml`
        self.issues: list[Issue] = []
        self.dates = LastmodSources(settings, self.issues, self.scope, history)
        # Pages left out for another canonical URL: that URL, and the page's entry.
        self.canonicals: dict[str, Entry] = {}
        self.x_default_seen = self.x_default_found = False  # translated pages; one matched
        self._indent = "\n" + " " * settings.indent if settings.indent else ""
        self.articles: list[tuple[str, News]] = []  # (loc, checked article) for the news
        self.news_files: list[Path] = []
        self._changefreq = settings.changefreq.value if settings.changefreq else None
        self._priority = _priority_text(settings.priority)

    # -- the stream -------------------------------------------------------------------

    def run(self, pages: Iterable[Page]) -> Written:
        problem = urls.base_url_problem(self.base)
        if problem:
            self.issues.append(Issue("base-url", "", "base_url", f"no sitemap written: {problem}"))
            return Written(Result(issues=tuple(self.issues)), complete=False)
        try:
            files, count = self._write(pages)
        except OSError as exc:
            _remove_temporaries(self.out_dir)
            where = (
                exc.filename
                if isinstance(exc.filename, str)
                and not os.path.basename(exc.filename).startswith(".sitemap-")
                else self.out_dir
            )
            self.issues.append(
                Issue(
                    "write",
                    str(self.out_dir),
                    "",
                    (
                        f"no sitemap written: cannot write {where} ({exc.strerror or exc}); the "
                        "previous sitemap is left as it was"
                    ),
                    "error",
                )
            )
            return Written(
                Result(issues=tuple(self.issues), lastmod_sources=dict(self.dates.used)),
                complete=False,
            )
        except BaseException:
            _remove_temporaries(self.out_dir)
            raise
        sitemap_url = self._sitemap_url(files)
        main = tuple(f for f in files if f not in self.news_files)
        sets = tuple(
            (checked, self.base + checked[0].name)
            for checked in (main, tuple(self.news_files))
            if checked
        )
        return Written(
            Result(
                files=tuple(files),
                urls=count,
                issues=tuple(self.issues),
                lastmod_sources=dict(self.dates.used),
                sitemap_url=sitemap_url if files else "",
            ),
            sets,
        )

    def _write(self, pages: Iterable[Page]) -> tuple[list[Path], int]:
        """Stream the pages into parts, put the files in place, update robots.txt."""
        self.out_dir.mkdir(parents=True, exist_ok=True)
        # XML first: its entries are the larger, so what it takes the text format takes too.
        formats = sorted(self.s.formats, key=lambda fmt: fmt != "xml")
        writers = [
            PartWriter(self.out_dir, fmt, self.s.max_urls, self.s.max_bytes, self.s.indent)
            for fmt in formats
        ]
        seen = SeenURLs()
        count = 0
        stream = iter(itertools.chain(pages, self._extra_pages()))
        while chunk := list(itertools.islice(stream, _CHUNK)):
            self.dates.prefetch(chunk)
            count += self._add(list(self._entries(chunk)), seen, writers)
        count += self._add(self._canonical_entries(seen), seen, writers)
        if self.x_default_seen and not self.x_default_found:
            name = self.s.option_prefix + "x_default"
            self.issues.append(
                Issue(
                    "option",
                    "",
                    name,
                    (
                        f"{name} {self.s.x_default!r} is the language of no translated page, so "
                        "no page has an x-default alternate"
                    ),
                )
            )
        parts = {w.fmt: w.close() for w in writers}
        files = self._install(parts, count, self.stem) if count else self._empty()
        news = self._install_news() if files and self.s.news else []
        self.dates.save()
        if files and self.s.robots_txt:  # "auto" or True
            self._robots(self._sitemap_url(files), self.stem, "sitemap")
            if news:
                self._robots(self.base + news[0].name, NEWS_STEM)
            elif self.s.news:
                robots.drop(self.out_dir, self.base, _robots_names(NEWS_STEM))
        self.news_files = news
        return files + news, count

    def _install_news(self) -> list[Path]:
        """The news sitemap: the listed articles published within `news_days`, written
        apart (1,000 URLs a file); none when no article is recent (files and line go)."""
        writer = PartWriter(self.out_dir, "xml", MAX_NEWS_URLS, self.s.max_bytes, self.s.indent)
        for loc, article in self.articles:
            writer.add(loc, media=Fragment(article.xml(self._indent), frozenset({"news"})))
        parts = writer.close()
        if not parts:
            self._remove_stale(set(), NEWS_STEM)
            return []
        return self._install({"xml": parts}, len(self.articles), NEWS_STEM)

    def _add(self, entries: list[Entry], seen: SeenURLs, writers: list[PartWriter]) -> int:
        """Write the entries not seen before into every format; how many were written."""
        again = seen.add_all(list(map(_LOC, entries)))
        if again:
            again_set = set(again)
            entries = [e for i, e in enumerate(entries) if i not in again_set]
        for entry in writers[0].add_all(entries):
            entries.remove(entry)
            self.issues.append(
                Issue(
                    "size",
                    entry[0],
                    "max_bytes",
                    (
                        f"left out: its entry alone is larger than max_bytes "
                        f"({self.s.max_bytes}) allows a sitemap file"
                    ),
                )
            )
        for other in writers[1:]:
            other.add_all(entries)
        return len(entries)

    def _canonical_entries(self, seen: SeenURLs) -> list[Entry]:
        """A page that names another URL of this site as canonical, and no built page
        serves that URL (a host serving `tags.html` as `/tags`), is listed by that URL:
        it is how the site names the page. Other hosts' canonicals are their business."""
        found = []
        for target, entry in self.canonicals.items():
            if target in seen:
                continue
            try:
                loc = urls.loc(self.base, target, self.scope)
            except urls.URLError:
                continue
            if loc not in seen:
                found.append((loc, *entry[1:]))
        return found

    def _extra_pages(self) -> Iterator[Page]:
        for url in self.s.extra_urls:
            yield Page(url=url, name=f"extra_urls: {url}")

    def _issue(
        self, code: str, page: Page, field: str, message: str, level: str = "warning"
    ) -> None:
        self.issues.append(Issue(code, page.label, field, message, level))  # type: ignore[arg-type]

    def _entries(self, pages: Iterable[Page]) -> Iterator[Entry]:
        """Each listed page as an `Entry` (loc, lastmod, sort key, changefreq, priority,
        alternates, media); written for speed, as it runs once per URL."""
        s = self.s
        base, scope = self.base, self.scope
        filtering = bool(s.exclude or s.exclude_regex)
        ruling = bool(s.rules)
        default_freq, default_prio = self._changefreq, self._priority
        url_level = "error" if s.invalid_urls == "error" else "warning"
        make_loc, stamp_of = urls.loc, self.dates.stamp
        media_on = s.images or s.videos
        for page in pages:
            if page.exclude:
                continue
            try:
                loc = make_loc(base, page.url, scope)
            except urls.URLError as exc:
                self._issue(exc.code, page, "url", f"left out: {exc}", url_level)
                continue
            if filtering or ruling:
                path = urls.site_path(loc, base)
                if filtering and rules.excluded(path, loc, s):
                    continue
            facts = None
            if page.output is not None:
                facts = read_page(page.output, loc)
                if not facts.listed and not (facts.indexable and facts.canonical):
                    continue
            stamp = stamp_of(page, loc, facts is not None and facts.listed)
            freq_text, prio_text = default_freq, default_prio
            if ruling:
                freq, prio = rules.defaults(path, s)
                freq_text = freq.value if freq else default_freq
                prio_text = _priority_text(prio) if prio is not None else default_prio
            if page.changefreq is not None:
                try:
                    freq_text = parse_changefreq(page.changefreq).value
                except ValueError as exc:
                    self._issue(
                        "changefreq",
                        page,
                        page.key("changefreq"),
                        f"{page.key('changefreq')} left out: {exc}",
                    )
            if page.priority is not None:
                try:
                    prio_text = _priority_text(parse_priority(page.priority))
                except ValueError as exc:
                    self._issue(
                        "priority",
                        page,
                        page.key("priority"),
                        f"{page.key('priority')} left out: {exc}",
                    )
            media = self._media(page, loc) if media_on else None
            entry = (
                loc,
                *stamp,
                freq_text,
                prio_text,
                self._alternates(page) if page.alternates else (),
                media,
            )
            if facts is not None and facts.canonical:  # listed by its canonical URL, if here
                self.canonicals.setdefault(_normal(facts.canonical), entry)
                continue
            if page.news is not None and s.news:
                self._article(page, loc)
            yield entry

    def _media(self, page: Page, loc: str) -> Fragment | None:
        """The page's images and videos (its own, else found in its built page), checked
        and rendered; None when it has none or the options are off."""
        s = self.s
        images = page.images if s.images else ()
        videos = page.videos if s.videos else ()
        if (images is None or videos is None) and page.output is not None:
            try:
                with open(page.output, "rb") as built:
                    html = built.read()
            except OSError:
                html = b""
            found = find_media(
                html,
                loc,
                images=images is None,
                videos=videos is None,
                description=page.description,
                page=page.label,
            )
            self.issues += found.issues
            images = found.images if images is None else images
            videos = found.videos if videos is None else videos
        if not images and not videos:
            return None
        fragment, issues = media_fragment(
            images or (),
            videos or (),
            base_url=self.base,
            loc=loc,
            page=page.label,
            indent=self._indent,
        )
        self.issues += issues
        return fragment if fragment.xml else None

    def _article(self, page: Page, loc: str) -> None:
        """Keep a listed page's article for the news sitemap when it is recent."""
        s = self.s
        article, issues = page.news.checked(page.label, s.news_publication, s.news_language)
        self.issues += issues
        if article is not None and article.recent(s.build_time, s.news_days):
            self.articles.append((loc, article))

    def _alternates(self, page: Page) -> tuple[tuple[str, str], ...]:
        out = []
        for alt in page.alternates:
            if not valid_hreflang(alt.hreflang):
                self._issue(
                    "hreflang",
                    page,
                    "alternates",
                    f"alternate {alt.url} left out: {alt.hreflang!r} is not a "
                    "language code (like en, pt-BR or x-default)",
                )
                continue
            try:
                # Any http(s) URL: the same page in another language may live in another
                # folder, even on another host; the folder rule is for <loc> only.
                href = urls.loc(self.base, alt.url, "")
            except urls.URLError as exc:
                self._issue("hreflang", page, "alternates", f"alternate left out: {exc}")
                continue
            out.append((alt.hreflang, href))
        return self._with_x_default(out)

    def _with_x_default(self, out: list[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
        """Add `x-default`, the `x_default` language's version, to a translated page's
        alternates (unless they have one)."""
        wanted = self.s.x_default
        if wanted and len(out) > 1 and all(lang != "x-default" for lang, _ in out):
            self.x_default_seen = True
            match = next((href for lang, href in out if lang.lower() == wanted.lower()), None)
            if match is not None:
                self.x_default_found = True
                out.append(("x-default", match))
        return tuple(out)

    # -- files ------------------------------------------------------------------------

    def _names(self, fmt: str, parts: int, stem: str) -> list[str]:
        if parts == 1:
            return [f"{stem}.{fmt}"]
        return [f"{stem}-{n}.{fmt}" for n in range(1, parts + 1)]

    def _install(self, parts: dict[str, list[Part]], count: int, stem: str) -> list[Path]:
        """Name, gzip and move every part of the set `stem` into place, then its index;
        drop its stale files."""
        most = max(len(fmt_parts) for fmt_parts in parts.values())
        if most > index.MAX_SITEMAPS:  # checked before anything is placed
            _remove_temporaries(self.out_dir)
            self.issues.append(
                Issue(
                    "split",
                    "",
                    "max_urls",
                    f"no sitemap written: {count} URLs need {most} sitemaps; an index lists at "
                    f"most {index.MAX_SITEMAPS} (raise max_urls or max_bytes)",
                    "error",
                )
            )
            return []
        gz = self.s.gzip
        staged: list[tuple[Path, Path]] = []  # (temporary file, its final path)
        index_entries: list[tuple[str, str | None]] = []
        indexed = "xml" if "xml" in parts else "txt"
        for fmt, fmt_parts in parts.items():
            for part, name in zip(fmt_parts, self._names(fmt, len(fmt_parts), stem)):
                staged += self._stage(part.tmp, name, gz)
                if fmt == indexed and len(fmt_parts) > 1:
                    listed = name + ".gz" if gz == "only" else name
                    index_entries.append((urls.escape(self.base + listed), part.newest))
        if index_entries:
            with temp_file(self.out_dir, "sitemap-index") as tmp:
                tmp.write(index.render(index_entries, self.s.indent).encode())
            staged = self._stage(Path(tmp.name), f"{stem}.xml", gz) + staged
        for _, final in staged:  # a folder in the way fails the run before any file moves
            if final.is_dir():
                raise IsADirectoryError(errno.EISDIR, "a folder is in the way", str(final))
        for tmp, final in staged:
            install(tmp, final)
        written = [final for _, final in staged]
        self._remove_stale({p.name for p in written}, stem)
        return written

    def _stage(self, tmp: Path, name: str, gz: str) -> list[tuple[Path, Path]]:
        """The temporary files of one sitemap file (and its gzip twin) and where they go."""
        final = self.out_dir / name
        if final.resolve().parent != self.out_dir.resolve():
            raise ValueError(f"{name!r} would be written outside {self.out_dir}")
        staged = []
        if gz != "only":
            staged.append((tmp, final))
        if gz in ("also", "only"):
            staged.append(
                (gzip_copy(tmp, self.out_dir, self.s.gzip_level), final.with_name(name + ".gz"))
            )
        if gz == "only":
            tmp.unlink()
        return staged

    def _own_names(self, stem: str) -> set[str]:
        """Every file name the set `stem` could have: its parts, each format, gzipped."""
        names = set()
        for entry in os.scandir(self.out_dir):
            base = entry.name.removesuffix(".gz")
            found, _, ext = base.rpartition(".")
            if ext in ("xml", "txt") and (
                found == stem or (found.startswith(stem + "-") and found[len(stem) + 1 :].isdigit())
            ):
                names.add(entry.name)
        return names

    def _remove_stale(self, keep: set[str], stem: str) -> None:
        for name in self._own_names(stem) - keep:
            (self.out_dir / name).unlink(missing_ok=True)

    def _empty(self) -> list[Path]:
        self.issues.append(Issue("empty", "", "", "no page to list: no sitemap written"))
        self._remove_stale(set(), self.stem)
        return []

    def _sitemap_url(self, files: list[Path]) -> str:
        return self.base + files[0].name if files else self.location

    def _robots(self, sitemap_url: str, *stems: str) -> None:
        """Create robots.txt or add our line to it (replacing our earlier one, named for
        one of `stems`); under a path (crawlers read robots.txt only at the host root)
        only add to one the site ships, unless asked to create it."""
        if (
            self.s.robots_txt == "auto"
            and self.base.count("/") > 3
            and not (self.out_dir / "robots.txt").is_file()
        ):
            self.issues.append(
                Issue(
                    "robots",
                    "robots.txt",
                    "robots_txt",
                    f"the site lives under a path, so no robots.txt was written (crawlers read it "
                    f"only at the host root): add `Sitemap: {sitemap_url}` to the robots.txt "
                    "at the root of the host",
                    "info",
                )
            )
            return
        self.issues += robots.update(self.out_dir, sitemap_url, _robots_names(*stems))


def _robots_names(*stems: str) -> tuple[str, ...]:
    """The file names of our own earlier `Sitemap:` lines: these stems' (the default's too,
    for a renamed sitemap)."""
    return tuple(
        f"{stem}.{ext}"
        for stem in dict.fromkeys(stems)
        for ext in ("xml", "xml.gz", "txt", "txt.gz")
    )


def _normal(url: str) -> str:
    try:
        return urls.normalize(url)
    except ValueError:  # a broken canonical matches nothing
        return url


def _remove_temporaries(out_dir: Path) -> None:
    """Remove the temporary files a failed run left (`writer.temp_file` names them)."""
    for path in out_dir.glob(".sitemap-*.tmp"):
        path.unlink(missing_ok=True)


def _priority_text(value: float | None) -> str | None:
    """`0.5`, `1.0`, `0.25`: one decimal place at least, never float noise."""
    if value is None:
        return None
    text = f"{value:.3f}".rstrip("0")
    return text + "0" if text.endswith(".") else text
