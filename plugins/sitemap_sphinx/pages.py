"""The pages a build publishes: every document of the project, then the generated pages.

Documents come from the environment, not from this run's writes, so an incremental or
parallel build offers the same pages as a clean serial one. Their own values come from
file-wide metadata (`:sitemap_priority:` fields, MyST front matter); their sources are
the document and everything it depends on (includes, literal includes, images).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from sphinx.builders.html import StandaloneHTMLBuilder
from sphinx.environment import BuildEnvironment

from sitemap_core import Page, meta_overrides

from .scheme import Scheme

FIELDS = ("exclude", "priority", "changefreq", "lastmod")


def pages(builder: StandaloneHTMLBuilder, scheme: Scheme) -> Iterator[Page]:
    """Every document (sorted by name), then the indices and additional pages."""
    env = builder.env
    for docname in sorted(env.found_docs):
        yield _page(builder, scheme, docname, sources=_sources(env, docname),
                    **overrides(env.metadata.get(docname, {})))
    for name in _generated(builder):
        yield _page(builder, scheme, name)


def overrides(meta: Mapping[str, Any]) -> dict[str, Any]:
    """`Page` keywords from `sitemap_*` metadata; a bare `:sitemap_exclude:` excludes."""
    given = {key: meta[f"sitemap_{key}"] for key in FIELDS if f"sitemap_{key}" in meta}
    if given.get("exclude") == "":
        given["exclude"] = True
    return meta_overrides(given)


def _page(builder: StandaloneHTMLBuilder, scheme: Scheme, name: str, **kwargs: Any) -> Page:
    link = builder.get_target_uri(name)
    return Page(url=scheme.url(link), alternates=scheme.alternates(link),
                output=Path(builder.get_outfilename(name)), name=name, **kwargs)


def _sources(env: BuildEnvironment, docname: str) -> tuple[Path, ...]:
    """The document first (its repository dates the rest), then its dependencies."""
    srcdir = Path(env.srcdir)
    found = [srcdir / env.doc2path(docname, False)]
    for dep in sorted(map(str, env.dependencies.get(docname, ()))):
        found.append(srcdir / dep)  # relative before Sphinx 8, absolute since
        if dep.endswith(".mo"):  # a compiled catalog: its history is the .po's
            found.append(found[-1].with_suffix(".po"))
    return tuple(found)


def _generated(builder: StandaloneHTMLBuilder) -> Iterator[str]:
    """The general index, non-empty domain indices, additional pages, the search page."""
    if builder.use_index:
        yield "genindex"
    for index_name, *_ in builder.domain_indices:
        yield index_name
    yield from builder.config.html_additional_pages
    if builder.search:
        yield "search"  # offered like the rest: its template says noindex, so it is left out
