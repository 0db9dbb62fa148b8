"""Parsing untrusted XML safely: no entities, DTD, network or huge trees; and finding the
part an index names beside it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ..protocol.grammar import part_paths

if TYPE_CHECKING:  # the parsers' callers load lxml; these facts need none of it
    from lxml import etree

# How every sitemap is parsed: no entities, DTD, network or huge trees.
SAFE_XML = {
    "resolve_entities": False,
    "no_network": True,
    "load_dtd": False,
    "huge_tree": False,
    "remove_comments": True,
    "remove_pis": True,
}


def has_doctype(elem: etree._Element) -> bool:
    """True when the document of `elem` has a DOCTYPE, which sitemaps must not have."""
    info = elem.getroottree().docinfo
    return info.internalDTD is not None or bool(info.doctype)


def local_part(index: Path, loc: str) -> Path | None:
    """The part an index entry names, when that file is in the index's folder: by the
    longest tail of its URL's path that names one (`2.0/sitemap.xml`), else None."""
    for rel in part_paths(loc):
        candidate = index.parent / rel
        if candidate.is_file():
            return candidate
    return None
