"""`<sitemapindex>` files: one entry per part, each with the part's newest lastmod."""

from __future__ import annotations

from collections.abc import Iterable

from ..protocol.sitemaps import MAX_ENTRIES, SITEMAP_NS, XML_DECLARATION

MAX_SITEMAPS = MAX_ENTRIES  # an index lists at most 50,000 sitemaps, as the checker counts


def render(entries: Iterable[tuple[str, str | None]], indent: int = 0) -> str:
    """The index XML for `(escaped loc, lastmod or None)` pairs."""
    i = "\n" + " " * indent if indent else ""
    nl = "\n" if indent else ""
    lines = [f'{XML_DECLARATION}<sitemapindex xmlns="{SITEMAP_NS}">\n']
    for loc, lastmod in entries:
        block = f"<sitemap>{i}<loc>{loc}</loc>"
        if lastmod is not None:
            block += f"{i}<lastmod>{lastmod}</lastmod>"
        lines.append(block + f"{nl}</sitemap>\n")
    lines.append("</sitemapindex>\n")
    return "".join(lines)
