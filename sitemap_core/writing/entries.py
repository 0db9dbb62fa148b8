"""Each listed page as an `Entry`: its loc, lastmod, changefreq, priority, alternates,
images and videos; and the recent articles for the news sitemap."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from ..facts.htmlhead import BuiltPage, Heads
from ..facts.lastmod import LastmodSources
from ..files.served import serving_file
from ..options import Settings, parse_changefreq, parse_priority
from ..protocol.grammar import valid_hreflang
from ..values import urls
from ..values.codes import Code
from ..values.media import Fragment, News, media_fragment
from ..values.page import Page
from ..values.report import Issues
from . import rules
from .dedupe import SeenURLs
from .listing import Placement
from .llmstxt import LlmsPages
from .writer import Entry


class Entries:
    """Turns pages into entries for one run, collecting its issues, the pages listed by
    another canonical URL, and the articles of the news sitemap."""

    def __init__(
        self, settings: Settings, issues: Issues, dates: LastmodSources, heads: Heads | None
    ) -> None:
        self.s = settings
        self.issues = issues
        self.dates = dates
        self.placement = Placement(settings, heads, media=True, tracked=True)
        self.base, self.scope = self.placement.base, self.placement.scope
        self.canonicals = Canonicals(self.base, self.scope, issues)
        self.x_default_seen = self.x_default_found = False  # translated pages; one matched
        self.indent = "\n" + " " * settings.indent if settings.indent else ""
        self.articles: list[tuple[str, News]] = []  # (loc, checked article) for the news
        self._changefreq = settings.changefreq.value if settings.changefreq else None
        self._priority = priority_text(settings.priority)
        self.llms = LlmsPages() if settings.llms_txt != "no" else None  # llms.txt's pages

    def _issue(
        self, code: str, page: Page, field: str, message: str, level: str = "warning"
    ) -> None:
        self.issues.add(code, page.label, field, message, level)  # type: ignore[arg-type]

    def made(self, pages: Iterable[Page]) -> Iterator[Entry]:
        """Each listed page as an `Entry`; written for speed, as it runs once per URL."""
        s = self.s
        ruling = bool(s.rules)
        default_freq, default_prio = self._changefreq, self._priority
        url_level = "error" if s.invalid_urls == "error" else "warning"
        place, stamp_of = self.placement.place, self.dates.stamp
        media_on = s.images or s.videos
        llms = self.llms
        for page in pages:
            try:
                placed = place(page)
            except urls.URLError as exc:
                self._issue(exc.code, page, "url", f"left out: {exc}", url_level)
                continue
            if placed is None:
                continue
            loc, path, facts, built = placed
            found = stamp_of(page, loc, built if facts is not None and facts.listed else None)
            lastmod, key = found.stamp or (None, None)
            freq_text, prio_text = default_freq, default_prio
            if ruling:
                freq, prio = rules.defaults(path, s)
                freq_text = freq.value if freq else default_freq
                prio_text = priority_text(prio) if prio is not None else default_prio
            if page.changefreq is not None or page.priority is not None:
                freq_text, prio_text = overrides(page, freq_text, prio_text, self.issues)
            media = self._media(page, loc, built) if media_on else None
            alternates = self._alternates(page) if page.alternates else ()
            entry = Entry(loc, lastmod, key, freq_text, prio_text, alternates, media, found.source)
            if facts is not None and facts.canonical:  # listed by its canonical URL, if here
                self.canonicals.defer(facts.canonical, entry)
                if llms is not None:
                    llms.add(page, loc, facts.canonical)
                continue
            if page.news is not None and s.news:
                self._article(page, loc)
            if llms is not None:
                llms.add(page, loc)
            yield entry

    def _media(self, page: Page, loc: str, built: BuiltPage | None) -> Fragment | None:
        """The page's images and videos, rendered; None without any."""
        return page_media(page, loc, built, self.s, self.base, self.indent, self.issues)

    def _article(self, page: Page, loc: str) -> None:
        """Keep a listed page's article for the news sitemap when it is recent."""
        s = self.s
        article, issues = page.news.checked(page.label, s.news_publication, s.news_language)  # type: ignore[union-attr]
        self.issues.extend(issues)
        if article is not None and article.recent(s.build_time, s.news_days):
            self.articles.append((loc, article))

    def _alternates(self, page: Page) -> tuple[tuple[str, str], ...]:
        out = []
        for alt in page.alternates:
            if not valid_hreflang(alt.hreflang):
                self._issue(
                    Code.HREFLANG,
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
                self._issue(Code.HREFLANG, page, "alternates", f"alternate left out: {exc}")
                continue
            out.append((alt.hreflang, href))
        return self._with_x_default(out)

    def _with_x_default(self, out: list[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
        """Add `x-default`, the `x_default` language's version, to a translated page's
        alternates (unless they have one)."""
        wanted = self.s.x_default  # a language, "" or False: none
        if (
            isinstance(wanted, str)
            and wanted
            and len(out) > 1
            and all(lang != "x-default" for lang, _ in out)
        ):
            self.x_default_seen = True
            match = next((href for lang, href in out if lang.lower() == wanted.lower()), None)
            if match is not None:
                self.x_default_found = True
                out.append(("x-default", match))
        return tuple(out)

    def check_x_default(self) -> None:
        """One issue when `x_default` names the language of no translated page."""
        if not self.x_default_seen or self.x_default_found:
            return
        self.issues.add(
            Code.OPTION,
            "",
            "x_default",
            f"{self.s.x_default!r} is the language of no translated page, so "
            "no page has an x-default alternate",
        )


class Canonicals:
    """The pages left out for another canonical URL of the site, by that URL, with their
    entries; and where they are listed."""

    def __init__(self, base: str, scope: str, issues: Issues) -> None:
        self.base, self.scope, self.issues = base, scope, issues
        self._pages: dict[str, list[Entry]] = {}

    def defer(self, canonical: str, entry: Entry) -> None:
        """Keep a page whose head names `canonical` (absolute) its canonical URL."""
        self._pages.setdefault(_normal(canonical), []).append(entry)

    def listed(self, seen: SeenURLs, out_dir: Path) -> list[Entry]:
        """A page that names another URL of this site as canonical, a URL no listed page
        has, is listed by that URL when a file in `out_dir` serves it (a host serving
        `tags.html` as `/tags`): it is how the site names the page. When no file serves
        it (Sphinx before 8.1 names `usage.html` for dirhtml's `usage/`), the page is
        listed by its own URL, and one info issue counts such pages. Other hosts'
        canonicals are their business."""
        found: list[Entry] = []
        unserved: list[tuple[str, str]] = []  # a page's own URL, and the canonical it names
        for target, entries in self._pages.items():
            if target in seen:
                continue
            try:
                loc = urls.loc(self.base, target, self.scope)
            except urls.URLError:
                continue
            if loc in seen:
                continue
            if loc.startswith(self.base) and serving_file(out_dir, loc[len(self.base) :]):
                found.append(entries[0]._replace(loc=loc))
            else:
                found += entries
                unserved += ((entry.loc, loc) for entry in entries)
        if unserved:
            own, named = unserved[0]
            self.issues.add(
                Code.CANONICAL,
                "",
                "",
                f"{len(unserved)} page(s) name a canonical URL that no built file serves "
                f"({own} names {named}), so each is listed by its own URL",
                "info",
            )
        return found


def _normal(url: str) -> str:
    try:
        return urls.normalize(url)
    except ValueError:  # a broken canonical matches nothing
        return url


def priority_text(value: float | None) -> str | None:
    """`0.5`, `1.0`, `0.25`: one decimal place at least, never float noise."""
    if value is None:
        return None
    text = f"{value:.3f}".rstrip("0")
    return text + "0" if text.endswith(".") else text


def page_media(
    page: Page,
    loc: str,
    built: BuiltPage | None,
    settings: Settings,
    base: str,
    indent: str,
    issues: Issues,
) -> Fragment | None:
    """The page's images and videos (its own, else found in its `built` page), checked
    and rendered; None when it has none or the options are off."""
    images = page.images if settings.images else ()
    videos = page.videos if settings.videos else ()
    if (images is None or videos is None) and built is not None:
        from ..facts.pagemedia import find_media  # loaded when a build looks for media

        found = find_media(
            built.html() or b"",
            loc,
            images=images is None,
            videos=videos is None,
            description=page.description,
            page=page.label,
        )
        issues.extend(found.issues)
        images = found.images if images is None else images
        videos = found.videos if videos is None else videos
    if not images and not videos:
        return None
    fragment, more = media_fragment(
        images or (), videos or (), base_url=base, loc=loc, page=page.label, indent=indent
    )
    issues.extend(more)
    return fragment if fragment.xml else None


def overrides(
    page: Page, freq_text: str | None, prio_text: str | None, issues: Issues
) -> tuple[str | None, str | None]:
    """The page's own changefreq and priority where they are valid, with an issue naming
    each one left out."""
    if page.changefreq is not None:
        try:
            freq_text = parse_changefreq(page.changefreq).value
        except ValueError as exc:
            key = page.key("changefreq")
            issues.add(Code.CHANGEFREQ, page.label, key, f"left out: {exc}")
    if page.priority is not None:
        try:
            prio_text = priority_text(parse_priority(page.priority))
        except ValueError as exc:
            key = page.key("priority")
            issues.add(Code.PRIORITY, page.label, key, f"left out: {exc}")
    return freq_text, prio_text
