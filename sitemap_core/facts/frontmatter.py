"""YAML front matter a generator could not read: where, and what YAML says of it.

MkDocs (and ProperDocs, Zensical: the same Markdown pages) reads a page's metadata from a
`---` block it opens with (`FRONT_MATTER`, MkDocs' own `YAML_RE`), loaded with YAML's
safe loader. When YAML cannot read the block, MkDocs ignores all of it and says nothing:
`unread_front_matter` is the one `metadata` issue for that page, naming the field YAML
stopped at (a date that is no date: `lastmod: 2024-13-45`) or the block's line, as the
file counts lines (`---` is line 1). A warning when the block holds a field the sitemap
reads, else an info line (`unread_metadata`).

PyYAML is the generator's, not the core's: it is imported when a page's block is read,
which only an adapter of a generator that installs it asks for.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any

from ..values.page import unread_metadata
from ..values.report import Issue

FRONT_MATTER = re.compile(r"^-{3}[ \t]*\n(.*?\n)(?:\.{3}|-{3})[ \t]*\n", re.UNICODE | re.DOTALL)
"""A Markdown page's front matter block, its YAML text as group 1 (MkDocs' `YAML_RE`)."""


def unread_front_matter(
    markdown: str, name: str, generator: str, dates: Iterable[str]
) -> Issue | None:
    """The issue of page `name` whose Markdown opens with a front matter block YAML
    cannot read, which `generator` then ignores; None when the block reads (or there is
    none). `dates`: the date fields the adapter reads from front matter (a block
    holding one, or `sitemap`, is a warning)."""
    match = FRONT_MATTER.match(markdown)
    if match is None:
        return None
    problem = yaml_problem(match[1])
    if problem is None:
        return None
    field, text = problem
    return unread_metadata(
        name,
        field,
        f"front matter could not be read: {text}; {generator} ignores all of this page's "
        "front matter: correct it, or quote the value",
        match[1],
        dates,
    )


def yaml_problem(text: str) -> tuple[str, str] | None:
    """Where YAML's safe loader fails to read `text` (the field, `front matter` when
    unknown) and what it says, with the line in the file; None when it reads."""
    import yaml

    try:
        yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # MkDocs' choice
        return None
    except Exception as error:
        if isinstance(error, yaml.MarkedYAMLError) and error.problem_mark is not None:
            problem = error.problem or error.context or "not YAML"
            return "front matter", f"{problem} (line {error.problem_mark.line + 2})"
        return _bad_value(yaml, text) or ("front matter", str(error))


def _bad_value(yaml: Any, text: str) -> tuple[str, str] | None:
    """`text` reads as YAML, but a value cannot be made (a date like 2024-13-45): which
    one, and why; None when none is found."""
    loader = yaml.SafeLoader(text)
    try:
        for key, node in _scalars(yaml, loader.get_single_node(), ""):
            try:
                loader.construct_object(node, deep=True)
            except Exception as bad:
                line = node.start_mark.line + 2
                return key or "front matter", f"`{key}: {node.value}` (line {line}): {bad}"
    except Exception:
        pass
    finally:
        loader.dispose()
    return None


def _scalars(yaml: Any, node: Any, key: str) -> Iterator[tuple[str, Any]]:
    """Each scalar node of a YAML node tree, with its dotted key."""
    if isinstance(node, yaml.MappingNode):
        for name, value in node.value:
            yield from _scalars(yaml, value, f"{key}.{name.value}" if key else str(name.value))
    elif isinstance(node, yaml.SequenceNode):
        for value in node.value:
            yield from _scalars(yaml, value, key)
    elif node is not None:
        yield key, node
