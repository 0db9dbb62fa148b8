"""A page's `:sitemap_*:` fields where Sphinx does not read them.

Sphinx reads a document's fields (its file-wide metadata) only from a field list that is
the first thing in the document, before the title; one after the title stays in the page
as text, and the sitemap never sees it. Such a field list naming one of ours is one
`sitemap.metadata` warning, at its line, saying to move it.
"""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging

from .config import PREFIX

logger = logging.getLogger(__name__)


def misplaced(app: Sphinx, doctree: nodes.document) -> None:
    """doctree-read: warn about each field list after the title that names a field of
    ours (Sphinx kept it as text: the sitemap does not read it)."""
    for field_list in doctree.findall(nodes.field_list):
        names = [  # its own fields: a list nested in one is another of the lists found
            name.astext().strip()
            for field in field_list.children
            for name in field.children[:1]
            if isinstance(name, nodes.field_name)
        ]
        ours = [name for name in names if name.startswith(PREFIX)]
        if ours:
            shown = ", ".join(f":{name}:" for name in ours)
            logger.warning(
                "%s %s in a field list below the top of the page, where Sphinx reads no page "
                "field (it shows it as text): the sitemap does not see it; move it to the "
                "field list before the title",
                shown,
                "is" if len(ours) == 1 else "are",
                type="sitemap",
                subtype="metadata",
                location=field_list,
            )
