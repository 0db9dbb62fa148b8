"""The pages a build publishes: every document of the project, then the generated pages.

Documents come from the environment, not from this run's writes, so an incremental or
parallel build offers the same pages as a clean serial one. Their own values come from
file-wide metadata (`:sitemap_priority:` fields, MyST front matter); their sources are
the document and everything it depends on (includes, literal includes, images). Each has
its title and its place (the core's `tree_places`): the root document, the toctree from
it, then the documents in no toctree, under "Other pages".
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping, Set
from typing import Any, cast

from sphinx.application import Sphinx
from sphinx.builders.dirhtml import DirectoryHTMLBuilder
from sphinx.builders.html import StandaloneHTMLBuilder
from sphinx.environment import BuildEnvironment
from sphinx.project import Project

from sitemap_core import (
    Issue,
    Page,
    StrPath,
    UrlScheme,
    meta_overrides,
    page_folder,
    tree_places,
)

from .config import PREFIX
from .generated import MakePage, generated_pages


def pages(app: Sphinx, scheme: UrlScheme, issues: list[Issue], written: Set[str]) -> Iterator[Page]:
    """Every document (sorted by name), then the generated pages (`generated.py`);
    `written` names the pages this run rendered without a doctree.

    Problems with a document's `sitemap_*` fields are added to `issues`.
    """
    found = documents(app, scheme, issues)
    yield from found.values()
    yield from generated_pages(app, written, found, _maker(app, scheme))


def documents(app: Sphinx, scheme: UrlScheme, issues: list[Issue]) -> dict[str, Page]:
    """The page of every document, by name (sorted); problems with a document's
    `sitemap_*` fields are added to `issues`."""
    env, make, sources = app.env, _maker(app, scheme), _sources_of(app.env)
    titles, target = env.titles, app.builder.get_target_uri

    def title(docname: str) -> str:
        node = titles.get(docname)
        text = node.astext() if node is not None else ""
        return docname if text in ("", "<no title>") else text  # Sphinx's placeholder

    placed = tree_places(
        app.config.root_doc,
        env.toctree_includes,
        env.found_docs,
        title,
        lambda name: scheme.url(target(name)),
    )
    found = {}
    for docname in sorted(env.found_docs):
        meta = env.metadata.get(docname, {})
        section, rank = placed[docname]
        found[docname] = make(
            docname,
            sources=sources(docname),
            description=_description(meta),
            title=title(docname),
            section=section,
            rank=rank,
            **overrides(meta, docname, issues),
        )
    return found


def document_sources(env: BuildEnvironment) -> Iterator[str]:
    """The sources of every document, as `documents` gives them."""
    sources = _sources_of(env)
    for docname in env.found_docs:
        yield from sources(docname)


def _maker(app: Sphinx, scheme: UrlScheme) -> MakePage:
    """`make(name, **kwargs)`: the `Page` of the page `name` this builder writes."""
    builder = app.builder
    target, output = builder.get_target_uri, _output_file(cast(StandaloneHTMLBuilder, builder))

    def make(name: str, **kwargs: Any) -> Page:
        link = target(name)
        return Page(
            url=scheme.url(link),
            alternates=scheme.alternates(link),
            output=output(name),
            name=name,
            **kwargs,
        )

    return make


def _output_file(builder: StandaloneHTMLBuilder) -> Callable[[str], StrPath]:
    """`builder.get_outfilename`, as a string for Sphinx's own html and dirhtml rules
    (Sphinx 8+ makes two `Path`s a page of them), unless a subclass changes them."""
    kind = type(builder)
    stock = getattr(StandaloneHTMLBuilder, "get_output_path", None)  # Sphinx 8+
    if stock is None or kind.get_outfilename is not StandaloneHTMLBuilder.get_outfilename:
        return builder.get_outfilename
    rule = getattr(kind, "get_output_path", None)
    outdir, suffix = os.path.join(builder.outdir, ""), builder.out_suffix
    if rule is stock:
        return lambda name: f"{outdir}{name}{suffix}"
    if rule is DirectoryHTMLBuilder.get_output_path:
        return lambda name: f"{outdir}{page_folder(name)}index{suffix}"
    return builder.get_outfilename


def overrides(meta: Mapping[str, Any], docname: str, issues: list[Issue]) -> dict[str, Any]:
    """`Page` keywords from a document's `sitemap_*` fields (field list, MyST front matter).

    A bare `:sitemap_exclude:` excludes. The core checks the fields, unknown ones too
    (the reporter names them in field-list syntax, `:sitemap_colour:`).
    """
    given = {
        key.removeprefix(PREFIX): value for key, value in meta.items() if key.startswith(PREFIX)
    }
    if not given:
        return {}
    if given.get("exclude") == "":
        given["exclude"] = True
    found, problems = meta_overrides(given, docname)
    issues += problems
    found["keys"] = tuple((key, PREFIX + key) for key in found)
    return found


def _description(meta: Mapping[str, Any]) -> str | None:
    """A document's `:description:` field (a video's fallback description), if any."""
    value = meta.get("description")
    return value.strip() or None if isinstance(value, str) else None


def _sources_of(env: BuildEnvironment) -> Callable[[str], tuple[str, ...]]:
    """`sources(docname)`: the document's file first (its repository dates the rest),
    then its dependencies (`Path`s since Sphinx 8, strings relative to srcdir before)."""
    source, srcdir = _source_file(env), os.fspath(env.srcdir)

    def sources(docname: str) -> tuple[str, ...]:
        deps = env.dependencies.get(docname)
        if not deps:
            return (source(docname),)
        found = [source(docname)]
        for dep in sorted(map(os.fspath, deps)):
            found.append(os.path.join(srcdir, dep))
            stem, suffix = os.path.splitext(found[-1])
            if suffix == ".mo":  # a compiled catalog: its history is the .po's
                found.append(stem + ".po")
        return tuple(found)

    return sources


def _source_file(env: BuildEnvironment) -> Callable[[str], str]:
    """`env.doc2path` as a string: Sphinx's own `Project` (7.2+) keeps each document's
    file in `_docname_to_path`, and its `doc2path` makes two `Path`s of it a call."""
    project = env.project
    files = getattr(project, "_docname_to_path", None)
    if type(project).doc2path is not Project.doc2path or not isinstance(files, dict):
        return lambda docname: os.fspath(env.doc2path(docname))
    srcdir = os.fspath(project.srcdir)

    def source(docname: str) -> str:
        file = files.get(docname)
        return os.fspath(env.doc2path(docname)) if file is None else os.path.join(srcdir, file)

    return source
