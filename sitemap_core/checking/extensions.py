"""The validator's rules for the image, video and news extensions, one `<url>` at a time.

`ExtensionCheck.entry(url, add)` checks the extension children of one `<url>` element
while `xmlfile`'s streaming checker holds it (children in place, before it is cleared),
reporting through the same `add(line, code, field, message, level)`; `check_urlset`
runs it over a parsed `<urlset>` and yields `Issue`s (`page` is `file:line`). The value
rules are `extensions`' own, so whatever the writer makes passes.

| code    | level   | meaning                                                          |
|---------|---------|------------------------------------------------------------------|
| `image` | error   | `<image:image>` without exactly one `<image:loc>`, a loc that is |
|         |         | not an absolute http(s) URL, an unknown or misplaced element,    |
|         |         | more than 1,000 images in one `<url>`                            |
|         | warning | caption, title, geo_location, license: deprecated, ignored       |
| `video` | error   | no thumbnail_loc, title or description, neither content_loc nor  |
|         |         | player_loc (or one that is the page's own URL), children out of  |
|         |         | the schema's order or repeated, a value out of range (description|
|         |         | over 2,048 characters, duration 1-28,800, rating 0.0-5.0, more   |
|         |         | than 32 tags, yes/no flags, W3C dates, country codes, platforms, |
|         |         | relationship allow/deny)                                         |
|         | warning | deprecated children (category, gallery_loc, price...)            |
| `news`  | error   | missing publication name or language, publication_date or title, |
|         |         | order, an ISO 639 language other than 2-3 letters or zh-cn/zh-tw,|
|         |         | more than one `<news:news>` in a `<url>`, more than 1,000 news   |
|         |         | URLs in one file                                                 |
|         | warning | an article older than the news window (2 days) or dated in the   |
|         |         | future; deprecated children (access, genres, keywords...)        |
| `namespace` | warning | an extension Google retired (mobile, code search), or a      |
|         |         | misspelt Google namespace                                        |
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Iterator

from lxml import etree

from ..protocol.extensions import (
    GOOGLE_NS_PREFIX,
    IMAGE_CHECKS,
    IMAGE_DEPRECATED,
    MAX_IMAGES,
    MAX_NEWS_URLS,
    MAX_TAGS,
    NAMESPACES,
    NEWS_CHECKS,
    NEWS_CHILDREN,
    NEWS_DAYS,
    NEWS_DEPRECATED,
    PUBLICATION_CHILDREN,
    RETIRED_NS,
    VIDEO_CHECKS,
    VIDEO_CHILDREN,
    VIDEO_DEPRECATED,
    VIDEO_REQUIRED,
    Check,
    relationship_problem,
)
from ..protocol.sitemaps import SITEMAP_NS
from ..values import dates, urls
from ..values.closematch import close_match
from ..values.codes import Code
from ..values.media import in_news_window
from ..values.report import Issue
from .reading import Add

_PREFIX = {ns: prefix for prefix, ns in NAMESPACES.items()}


class ExtensionCheck:
    """The extension checks of one sitemap file; counts its news URLs.

    `now` and `news_days` place the news window (default: the current time, 2 days).
    """

    def __init__(self, now: dt.datetime | None = None, news_days: float = NEWS_DAYS) -> None:
        now = now or dt.datetime.now(dt.UTC)
        self.now = now if now.tzinfo else now.replace(tzinfo=dt.UTC)
        self.news_days = news_days
        self.news_urls = 0
        self._loc_tag = f"{{{SITEMAP_NS}}}loc"
        self._namespaces: set[str] = set()  # foreign namespaces already looked at

    def entry(self, url: etree._Element, add: Add) -> None:
        """Check the extension children of one `<url>` (its sitemaps.org ones are
        `entries.EntryCheck`'s)."""
        images = news = 0
        loc = None
        for child in url:
            tag = child.tag
            if not isinstance(tag, str) or tag[0] != "{":
                continue
            ns, _, name = tag[1:].partition("}")
            prefix = _PREFIX.get(ns)
            if prefix is None:
                if tag == self._loc_tag and loc is None:
                    loc = (child.text or "").strip()
                elif ns not in self._namespaces:
                    self._namespace(ns, child.sourceline, add)
                continue
            if name != prefix:  # <image:loc> straight in <url>
                add(
                    child.sourceline,
                    prefix,
                    name,
                    f"<{prefix}:{name}> belongs inside <{prefix}:{prefix}>, not straight in <url>",
                )
            elif prefix == "image":
                images += 1
                if images == MAX_IMAGES + 1:
                    add(
                        child.sourceline,
                        Code.IMAGE,
                        "image",
                        f"more than {MAX_IMAGES:,} <image:image> in one <url> (Google's limit)",
                    )
                self._image(child, add)
            elif prefix == "video":
                _video(child, add, loc)
            else:
                news += 1
                if news == 2:
                    add(
                        child.sourceline,
                        Code.NEWS,
                        "news",
                        "a second <news:news> in one <url>; a URL is one article",
                    )
                self._news(child, add)
        if news:
            self.news_urls += 1
            if self.news_urls == MAX_NEWS_URLS + 1:
                add(
                    url.sourceline,
                    Code.NEWS,
                    "news",
                    f"more than {MAX_NEWS_URLS:,} URLs with "
                    "<news:news> in one file (Google's limit): split the news sitemap",
                )

    # -- each extension ----------------------------------------------------------------

    def _image(self, elem: etree._Element, add: Add) -> None:
        found = _children(elem, "image", ("loc",), IMAGE_DEPRECATED, (), add)
        _required(elem, "image", found, ("loc",), add)
        _values(found, "image", IMAGE_CHECKS, add)

    def _news(self, elem: etree._Element, add: Add) -> None:
        found = _children(elem, "news", NEWS_CHILDREN, NEWS_DEPRECATED, (), add)
        _required(elem, "news", found, NEWS_CHILDREN, add)
        for publication in found.get("publication", ()):
            inner = _children(publication, "news", PUBLICATION_CHILDREN, (), (), add)
            _required(publication, "news", inner, PUBLICATION_CHILDREN, add)
            _values(inner, "news", NEWS_CHECKS, add)
        _values({k: v for k, v in found.items() if k != "publication"}, "news", NEWS_CHECKS, add)
        for child in found.get("publication_date", ()):
            text = (child.text or "").strip()
            if NEWS_CHECKS["publication_date"](text) is None and not in_news_window(
                text, self.now, self.news_days
            ):
                ahead = dates.sort_key(dates.parse(text)) > self.now.timestamp()
                add(
                    child.sourceline,
                    Code.NEWS,
                    "publication_date",
                    (
                        f"{text} is in the future"
                        if ahead
                        else f"{text} is more than {self.news_days:g} days old"
                    )
                    + f"; Google News reads articles of the last {self.news_days:g} days: "
                    "drop it from the news sitemap",
                    "warning",
                )

    def _namespace(self, ns: str, line: int | None, add: Add) -> None:
        """A namespace that is none of ours, looked at once per file: retired or misspelt."""
        self._namespaces.add(ns)
        retired = RETIRED_NS.get(ns)
        if retired:
            add(
                line,
                Code.NAMESPACE,
                "",
                f"the {retired} sitemap extension ({ns}) is retired; Google ignores it",
                "warning",
            )
            return
        near = close_match(ns, NAMESPACES.values())
        if near or ns.startswith(GOOGLE_NS_PREFIX):
            hint = f"; did you mean {near}?" if near else ""
            add(
                line,
                Code.NAMESPACE,
                "",
                f"{ns} is not a sitemap extension Google reads{hint}",
                "warning",
            )


def check_urlset(
    root: etree._Element,
    name: str = "",
    now: dt.datetime | None = None,
    news_days: float = NEWS_DAYS,
) -> Iterator[Issue]:
    """The extension issues of a parsed `<urlset>` (file `name`), in document order."""
    found: list[Issue] = []

    def add(line: int | None, code: str, field: str, message: str, level: str = "error") -> None:
        found.append(Issue(code, f"{name}:{line}" if line else name, field, message, level))  # type: ignore[arg-type]

    check = ExtensionCheck(now, news_days)
    for url in root.iterfind(f"{{{SITEMAP_NS}}}url"):
        check.entry(url, add)
        yield from found
        found.clear()


# -- a video, and the shared steps ----------------------------------------------------


def _video(elem: etree._Element, add: Add, loc: str | None) -> None:
    """Check one `<video:video>` of the `<url>` whose loc is `loc`."""
    found = _children(elem, "video", VIDEO_CHILDREN, VIDEO_DEPRECATED, ("tag",), add)
    _required(elem, "video", found, VIDEO_REQUIRED, add)
    if not ({"content_loc", "player_loc"} & found.keys()):
        add(
            elem.sourceline,
            Code.VIDEO,
            "content_loc",
            "<video:video> has neither <video:content_loc> nor <video:player_loc>; it needs one",
        )
    tags = found.get("tag", [])
    if len(tags) > MAX_TAGS:
        add(
            tags[MAX_TAGS].sourceline,
            Code.VIDEO,
            "tag",
            f"{len(tags)} <video:tag>; at most {MAX_TAGS}",
        )
    _values(found, "video", VIDEO_CHECKS, add)
    for name in ("content_loc", "player_loc"):
        for child in found.get(name, ()):
            if loc and _same(child.text or "", loc):
                add(
                    child.sourceline,
                    Code.VIDEO,
                    name,
                    f"<video:{name}> is the page's own "
                    "URL (<loc>); it must be the video file or player",
                )
    for name in ("restriction", "platform"):
        for child in found.get(name, ()):
            problem = relationship_problem(child.get("relationship"))
            if problem:
                add(child.sourceline, Code.VIDEO, name, f"<video:{name}> {problem[0]}", problem[1])
    for child in found.get("uploader", ()):
        info = child.get("info")
        problem = VIDEO_CHECKS["uploader_info"](info.strip()) if info is not None else None
        if problem:
            add(
                child.sourceline,
                Code.VIDEO,
                "uploader",
                f"<video:uploader> info {problem[0]}",
                problem[1],
            )


def _children(
    elem: etree._Element,
    prefix: str,
    order: tuple[str, ...],
    deprecated: Collection[str],
    repeatable: Collection[str],
    add: Add,
) -> dict[str, list[etree._Element]]:
    """The children of an extension element by name, after the structure checks: only
    the namespace's own children, in schema `order`, each once unless `repeatable`;
    deprecated ones are a warning and set aside."""
    ns = NAMESPACES[prefix]
    position = {name: i for i, name in enumerate(order)}
    parent = f"{prefix}:{etree.QName(elem).localname}"
    if elem.text and not elem.text.isspace():
        add(elem.sourceline, prefix, "", f"<{parent}> holds text; it holds elements only")
    found: dict[str, list[etree._Element]] = {}
    last = -1
    for child in elem:
        if not isinstance(child.tag, str):
            continue
        qname = etree.QName(child)
        name, line = qname.localname, child.sourceline
        if qname.namespace == ns and name in deprecated:
            add(
                line, prefix, name, f"<{prefix}:{name}> is deprecated; Google ignores it", "warning"
            )
            continue
        if qname.namespace != ns or name not in position:
            shown = f"{prefix}:{name}" if qname.namespace == ns else name
            add(
                line,
                prefix,
                name,
                f"<{shown}> is not allowed in <{parent}> (allowed, in order: {', '.join(order)})",
            )
            continue
        if name in found and name not in repeatable:
            add(line, prefix, name, f"<{prefix}:{name}> is repeated in <{parent}>")
            continue
        if position[name] < last:
            add(
                line,
                prefix,
                name,
                f"<{prefix}:{name}> is out of order in <{parent}> (order: {', '.join(order)})",
            )
        last = max(last, position[name])
        found.setdefault(name, []).append(child)
    return found


def _required(
    elem: etree._Element,
    prefix: str,
    found: dict[str, list[etree._Element]],
    names: tuple[str, ...],
    add: Add,
) -> None:
    parent = f"{prefix}:{etree.QName(elem).localname}"
    for name in names:
        if name not in found:
            add(elem.sourceline, prefix, name, f"<{parent}> has no <{prefix}:{name}>")


def _values(
    found: dict[str, list[etree._Element]], prefix: str, checks: dict[str, Check], add: Add
) -> None:
    """Each child's text through its rule (`extensions`); text only, no elements."""
    for name, children in found.items():
        check = checks.get(name)
        for child in children:
            if len(child):
                add(child.sourceline, prefix, name, f"<{prefix}:{name}> must hold text only")
            elif check is not None:
                problem = check((child.text or "").strip())
                if problem:
                    add(
                        child.sourceline,
                        prefix,
                        name,
                        f"<{prefix}:{name}> {problem[0]}",
                        problem[1],
                    )


def _same(a: str, b: str) -> bool:
    try:
        return urls.same_page(a.strip(), b)
    except ValueError:
        return False
