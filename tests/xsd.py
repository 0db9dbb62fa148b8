"""The official sitemaps.org schemas, for tests only.

They are stored verbatim in `tests/schemas/` (source and licence in its README), so every
schema test runs on a fresh clone; the package itself never needs them.
"""

from __future__ import annotations

import functools
from pathlib import Path

from lxml import etree

from helpers import parse

XSD_DIR = Path(__file__).resolve().parent / "schemas"
_FILES = {"urlset": "sitemap.xsd", "sitemapindex": "siteindex.xsd"}


@functools.cache
def schema(root: str, lax: bool = False) -> etree.XMLSchema:
    """The official schema for a `urlset` or `sitemapindex` root.

    `lax=True`: both schemas declare `<xsd:any namespace="##other" processContents="strict"/>`,
    which rejects extension elements (xhtml:link, image, video) unless their own schemas
    are loaded too. For files with such elements we validate against an in-memory copy
    with that one attribute relaxed to "lax"; everything else is the schema as published.
    """
    text = (XSD_DIR / _FILES[root]).read_bytes()
    if lax:
        relaxed = text.replace(b'processContents="strict"', b'processContents="lax"')
        assert relaxed != text, 'the schema no longer says processContents="strict"'
        text = relaxed
    return etree.XMLSchema(
        etree.fromstring(text, etree.XMLParser(resolve_entities=False, no_network=True))
    )


def assert_schema_valid(path: Path) -> None:
    """Fail unless the file validates against the official schema for its root.

    Files that use another namespace inside entries (xhtml:link) are checked with the
    relaxed copy (see `schema`), the others with the schema as published.
    """
    tree = parse(path)
    root = tree.getroot()
    local = etree.QName(root).localname
    foreign = any(
        etree.QName(e).namespace != etree.QName(root).namespace
        for e in root.iter()
        if isinstance(e.tag, str)
    )
    xsd = schema(local, lax=foreign)
    if not xsd.validate(tree):
        raise AssertionError(f"{path.name} fails {_FILES[local]}: {xsd.error_log}")
