"""The pages a build publishes: every document of the project, then the generated pages.

Documents come from the environment, not from this run's writes, so an incremental or
parallel build offers the same pages as a clean serial one. Their own values come from
file-wide metadata (`:sitemap_priority:` fields, MyST front matter); their sources are
the document and everything it depends on (includes, literal includes, images).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from sphinx.builders.html import StandaloneHTMLBuilder
from sphinx.environment import BuildEnvironment

from sitemap_core import Issue, Page, meta_overrides
from sitemap_core.page import META_KEYS

from .scheme import Scheme



def pages(builder: StandaloneHTMLBuilder, scheme: Scheme, issues: list[Issue]) -> Iterator[Page]:
    """Every document (sorted by name), then the indices and additional pages.

    Problems with a document's `sitemap_*` fields are added to `issues`.
    """
    env = builder.env
    srcdir, outdir = Path(env.srcdir), Path(builder.outdir)
    for docname in sorted(env.found_docs):
        yield _page(builder, scheme, docname, outdir, sources=_sources(env, srcdir, docname),
                    **overrides(env.metadata.get(docname, {}), docname, issues))
    for name in _generated(builder):
        yield _page(builder, scheme, name, outdir)


def overrides(meta: Mapping[str, Any], docname: str, issues: list[Issue]) -> dict[str, Any]:
    """`Page` keywords from `sitemap_*` metadata; a bare `:sitemap_exclude:` excludes."""
    given = {key: meta[f"sitemap_{key}"] for key in META_KEYS if f"sitemap_{key}" in meta}
    if given.get("exclude") == "":
        given["exclude"] = True
    found, problems = meta_overrides(given, docname)
    issues += [dataclasses.replace(i, field=i.field.replace("sitemap.", "sitemap_"))
               for i in problems]
    return found


def _page(builder: StandaloneHTMLBuilder, scheme: Scheme, name: str, outdir: Path,
          **kwargs: Any) -> Page:
    link = builder.get_target_uri(name)
    return Page(url=scheme.url(link), alternates=scheme.alternates(link),
                output=_path(builder.get_outfilename(name), outdir), name=name, **kwargs)


def _sources(env: BuildEnvironment, srcdir: Path, docname: str) -> tuple[Path, ...]:
    """The document first (its repository dates the rest), then its dependencies."""
    found = [_path(env.doc2path(docname), srcdir)]
    for dep in sorted(env.dependencies.get(docname, ()), key=str):
        found.append(_path(dep, srcdir))
        if found[-1].suffix == ".mo":  # a compiled catalog: its history is the .po's
            found.append(found[-1].with_suffix(".po"))
    return tuple(found)


def _path(value: str | Path, folder: Path) -> Path:
    """A path Sphinx gives: a `Path` since Sphinx 8, a string (maybe relative) before."""
    return value if isinstance(value, Path) else folder / value


def _generated(builder: StandaloneHTMLBuilder) -> Iterator[str]:
    """The general index, non-empty domain indices, additional pages, the search page."""
    if builder.use_index:
        yield "genindex"
    for index_name, *_ in builder.domain_indices:
        yield index_name
    yield from builder.config.html_additional_pages
    if builder.search:
        yield "search"  # offered like the rest: its template says noindex, so it is left out
