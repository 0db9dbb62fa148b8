"""Parsing untrusted XML safely: no entities, DTD, network or huge trees; and finding the
part an index names beside it."""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from ..protocol.grammar import part_name

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
    """The part an index entry names, when a file of that name is beside the index."""
    name = part_name(loc)
    sibling = index.parent / name
    return sibling if name and sibling.is_file() else None
