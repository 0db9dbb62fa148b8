"""Options under other names: a generator's earlier sitemap plugin's spelling of them.

pelican-sitemap's `format` and `exclude` are the suite's `formats` and `exclude_regex`;
a site moving over keeps its settings. `renamed_options` reads a generator's raw option
values under either name into the core's names, remembers the name the user wrote (for
messages, `Spelling.renamed`), and says when two names set one option.
"""

from __future__ import annotations

from collections.abc import Container, Mapping
from typing import Any

from ..values.codes import Code
from ..values.report import Issue


def renamed_options(
    raw: Mapping[str, Any], renamed: Mapping[str, str], form: str, skip: Container[str] = ()
) -> tuple[dict[str, Any], dict[str, str], list[Issue]]:
    """The values of `raw` by the core's option names (`renamed`: a user's name -> the
    core's), the name the user wrote for each, and an `option` issue per option set
    twice (the later value kept). `form` spells a name as the user writes it
    (`SITEMAP[{!r}]`); keys in `skip` are left out (the generator reads them itself)."""
    values: dict[str, Any] = {}
    spelled: dict[str, str] = {}
    issues: list[Issue] = []
    for key, value in raw.items():
        if key in skip:
            continue
        name = renamed.get(key, key)
        if name in values:
            message = (
                f"{form.format(spelled.get(name, name))} sets the same option; "
                f"give only one (using {form.format(key)})"
            )
            issues.append(Issue(Code.OPTION, "", name, message))
        values[name] = value
        spelled[name] = key
    return values, spelled, issues
