"""Page values by kind of page: a table of defaults an option gives per kind.

pelican-sitemap's `priorities` and `changefreqs` (`{"articles": 0.8, "pages": 0.5}`) give
a `Page` field a value per kind of content, under every page's own. `per_kind` reads such
tables, checks each value as the field's option would, and says what it cannot use.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..values.codes import Code
from ..values.report import Issue

Field = tuple[str, Callable[[Any], Any]]
"""The `Page` field a table fills, and the check that parses its values (raising
`ValueError` with the reason)."""


def per_kind(
    options: Mapping[str, Any], fields: Mapping[str, Field], kinds: Sequence[str]
) -> tuple[dict[str, dict[str, Any]], list[Issue]]:
    """`{"articles": {"priority": 0.8}, ...}`, every one of `kinds` (maybe empty), from
    the tables among the raw `options` (`{"priorities": {"articles": 0.8}}`; `fields`
    names each table's field and check: other options are not read), and an `option`
    issue per table, kind or value ignored."""
    out: dict[str, dict[str, Any]] = {kind: {} for kind in kinds}
    issues: list[Issue] = []
    names = ", ".join(kinds)
    for key, table in options.items():
        if key not in fields:
            continue
        field, parse = fields[key]
        if not isinstance(table, Mapping):
            message = f"must be a dict with keys {names}, not {table!r}; ignored"
            issues.append(Issue(Code.OPTION, "", key, message))
            continue
        for kind, value in table.items():
            where = f"[{kind!r}]"
            if kind not in out:
                message = f"{where}: unknown content type (use {names}); ignored"
                issues.append(Issue(Code.OPTION, "", key, message))
                continue
            try:
                out[kind][field] = parse(value)
            except ValueError as exc:
                issues.append(Issue(Code.OPTION, "", key, f"{where}: {exc}; ignored"))
    return out, issues
