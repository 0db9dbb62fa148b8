"""The pages a build writes that are not documents, each dated by what Sphinx knows.

Which pages: every page the builder rendered without a doctree in this run (the general
and domain indices, `html_additional_pages`, the search page, anything an extension adds
through `html-collect-pages`), and viewcode's module pages, which viewcode skips writing
while their module is unchanged: they come from its environment data, so incremental and
`-j` builds list them too. What dates them, never the build time:
- `genindex` (and `genindex-all`): the documents that have index entries (`lists`); each
  letter page of a split index (`genindex-A`), the documents its entries link to;
- a domain index (`py-modindex`): the documents defining its entries;
- an additional page: its template file, found through the builder's template path;
- a viewcode page: its module's source file; viewcode's overview: the module pages.
The search page is never listed: since Sphinx 7.3 its head says noindex, which leaves it
out; before, it says nothing, and it is excluded here. The indices, the search page and
viewcode's pages are generated listings (`Page.listing`: llms.txt leaves them out); none
is on the site map page (no title).
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Callable, Iterator, Mapping, Set
from typing import Any, cast

import sphinx
from jinja2 import TemplateNotFound
from sphinx.application import Sphinx
from sphinx.domains.index import IndexDomain
from sphinx.environment.adapters.indexentries import IndexEntries

from sitemap_core import Page

MakePage = Callable[..., Page]
CODE_FOLDER = "_modules"  # viewcode's OUTPUT_DIRNAME
CODE_INDEX = f"{CODE_FOLDER}/index"
SEARCH = "search"  # the builder's search page
SEARCH_SAYS_NOINDEX = sphinx.version_info[:2] >= (7, 3)  # basic/search.html's robots meta


def generated_pages(
    app: Sphinx, written: Set[str], documents: Mapping[str, Page], make: MakePage
) -> Iterator[Page]:
    """Each generated page (sorted by name), made by `make(name, **dating)`, whose file
    is there: a page rendered to another file (`html_use_opensearch` renders the page
    `opensearch` to `_static/opensearch.xml`) is no page of the site."""
    code = {
        name: make(name, sources=sources, listing=True)
        for name, sources in _code_pages(app).items()
    }
    letters = _index_letters(app) if app.config.html_split_index else {}
    for name in sorted(set(written) | set(code)):
        if name in code:
            page = code[name]
        elif name in letters:
            page = make(name, lists=_documents(documents, letters[name]), listing=True)
        elif name == SEARCH:
            page = make(name, exclude=not SEARCH_SAYS_NOINDEX, listing=True)
        else:
            page = make(name, **_dating(app, name, documents, code))
        if page.output is None or os.path.isfile(page.output):
            yield page


def _dating(
    app: Sphinx, name: str, documents: Mapping[str, Page], code: Mapping[str, Page]
) -> dict[str, Any]:
    """`lists` or `sources` for one generated page, and `listing` for an index; nothing
    for a page nothing dates."""
    builder: Any = app.builder  # html or dirhtml: a StandaloneHTMLBuilder
    if name in ("genindex", "genindex-all") and builder.use_index:
        indexed = _index_domain(app).entries
        listed = _documents(documents, {d for d, entries in indexed.items() if entries})
        return {"lists": listed, "listing": True}
    for index_name, _cls, content, _collapse in builder.domain_indices:
        if name == index_name:
            docnames = {entry[2] for _letter, entries in content for entry in entries}
            return {"lists": _documents(documents, docnames), "listing": True}
    if name in builder.config.html_additional_pages:
        template = _template_file(app, builder.config.html_additional_pages[name])
        return {"sources": (template,) if template else ()}
    if name == CODE_INDEX:
        return {"lists": tuple(code.values()), "listing": True}
    return {}


def _documents(documents: Mapping[str, Page], docnames: Set[str]) -> tuple[Page, ...]:
    """The pages of these documents (sorted by name); names of no document are skipped."""
    return tuple(documents[d] for d in sorted(docnames) if d in documents)


def _index_letters(app: Sphinx) -> dict[str, set[str]]:
    """Each letter page of a split general index: the documents its entries link to."""
    builder = app.builder
    by_uri = {
        builder.get_relative_uri("genindex", docname): docname
        for docname in _index_domain(app).entries
    }
    letters: dict[str, set[str]] = {}
    for key, entries in IndexEntries(app.env).create_index(builder):
        targets = [
            target
            for _name, (links, subitems, _category) in entries
            for target in (*links, *(t for _sub, sublinks in subitems for t in sublinks))
        ]
        found = {by_uri.get(uri.partition("#")[0]) for _main, uri in targets if uri}
        letters[f"genindex-{key}"] = {docname for docname in found if docname is not None}
    return letters


def _index_domain(app: Sphinx) -> IndexDomain:
    """Sphinx's index domain, whose `entries` are each document's index entries."""
    return cast(IndexDomain, app.env.get_domain("index"))


def _template_file(app: Sphinx, template: str) -> str | None:
    """The file the builder's template loader reads for `template`, if it has one."""
    try:
        builder: Any = app.builder
        return cast("str | None", builder.templates.environment.get_template(template).filename)
    except (TemplateNotFound, AttributeError):
        return None


def _code_pages(app: Sphinx) -> dict[str, tuple[str, ...]]:
    """viewcode's page of every module it found, and that module's source file."""
    modules = getattr(app.env, "_viewcode_modules", None)
    if not modules:
        return {}
    from sphinx.ext.viewcode import get_module_filename  # loaded: it made `modules`

    found: dict[str, tuple[str, ...]] = {}
    for modname, entry in modules.items():
        if entry:  # False: viewcode could not read the module and writes no page
            filename = get_module_filename(app, modname)
            found[posixpath.join(CODE_FOLDER, *modname.split("."))] = (
                (str(filename),) if filename else ()
            )
    return found
