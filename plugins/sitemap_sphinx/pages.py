"""The pages a build publishes: every document of the project, then the generated pages.

Documents come from the environment, not from this run's writes, so an incremental or
parallel build offers the same pages as a clean serial one. Their own values come from
file-wide metadata (`:sitemap_priority:` fields, MyST front matter); their sources are
the document and everything it depends on (includes, literal includes, images).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator, Mapping, Set
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment

from sitemap_core import Issue, Page, meta_overrides

from .config import PREFIX
from .generated import MakePage, generated_pages
from .scheme import Scheme

_CORE_FIELD = re.compile(r"\bsitemap\.(\w+)")  # how the core names a page's field


def pages(app: Sphinx, scheme: Scheme, issues: list[Issue],
          written: Set[str]) -> Iterator[Page]:
    """Every document (sorted by name), then the generated pages (`generated.py`);
    `written` names the pages this run rendered without a doctree.

    Problems with a document's `sitemap_*` fields are added to `issues`.
    """
    found = documents(app, scheme, issues)
    yield from found.values()
    yield from generated_pages(app, written, found, _maker(app, scheme))


def documents(app: Sphinx, scheme: Scheme, issues: list[Issue]) -> dict[str, Page]:
    """The page of every document, by name (sorted); problems with a document's
    `sitemap_*` fields are added to `issues`."""
    env, make = app.env, _maker(app, scheme)
    srcdir = Path(env.srcdir)
    found = {}
    for docname in sorted(env.found_docs):
        meta = env.metadata.get(docname, {})
        found[docname] = make(docname, sources=_sources(env, srcdir, docname),
                              description=_description(meta),
                              **overrides(meta, docname, issues))
    return found


def _maker(app: Sphinx, scheme: Scheme) -> MakePage:
    """`make(name, **kwargs)`: the `Page` of the page `name` this builder writes."""
    builder = app.builder
    outdir = Path(builder.outdir)

    def make(name: str, **kwargs: Any) -> Page:
        link = builder.get_target_uri(name)
        return Page(url=scheme.url(link), alternates=scheme.alternates(link),
                    output=_path(builder.get_outfilename(name), outdir), name=name, **kwargs)

    return make


def overrides(meta: Mapping[str, Any], docname: str, issues: list[Issue]) -> dict[str, Any]:
    """`Page` keywords from a document's `sitemap_*` fields (field list, MyST front matter).

    A bare `:sitemap_exclude:` excludes. The core checks the fields, unknown ones too;
    its words (`sitemap.colour`) are put in field-list syntax (`:sitemap_colour:`).
    """
    given = {key.removeprefix(PREFIX): value for key, value in meta.items()
             if key.startswith(PREFIX)}
    if not given:
        return {}
    if given.get("exclude") == "":
        given["exclude"] = True
    found, problems = meta_overrides(given, docname)
    issues += [dataclasses.replace(i, field=_CORE_FIELD.sub(rf"{PREFIX}\1", i.field),
                                   message=_CORE_FIELD.sub(rf":{PREFIX}\1:", i.message))
               for i in problems]
    found["keys"] = tuple((key, PREFIX + key) for key in found)
    return found


def _description(meta: Mapping[str, Any]) -> str | None:
    """A document's `:description:` field (a video's fallback description), if any."""
    value = meta.get("description")
    return value.strip() or None if isinstance(value, str) else None


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
