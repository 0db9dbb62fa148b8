"""`settings_from_options`, which checks raw option values and builds `Settings` (the
option table, `table`)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..values.closematch import did_you_mean
from ..values.codes import Code
from ..values.report import Issue
from .table import OPTIONS, Settings


def settings_from_options(
    values: Mapping[str, Any],
    base_url: str,
    root: Path | None = None,
    prefix: str = "",
    also_valid: tuple[str, ...] = (),
) -> tuple[Settings, list[Issue]]:
    """Check raw option values (any generator's) and build `Settings`.

    Unknown names and bad values become one `option` issue each, naming the option
    (the reporter spells it as the user wrote it) and, for a typo, the
    nearest valid name (`also_valid`: a generator's own extra names); the default is used
    instead. A list's bad item (one invalid pattern of `exclude_regex`) is one issue and
    is left out alone: the list keeps its other items. `root` is the folder relative paths (cache_dir) are taken from.
    """
    issues: list[Issue] = []
    known = {o.name: o for o in OPTIONS}
    kwargs: dict[str, Any] = {}

    def bad(name: str, message: str) -> None:
        issues.append(Issue(Code.OPTION, "", name, message))

    for name, value in values.items():
        if name not in known:
            hint = did_you_mean(name, [*(o.name for o in OPTIONS), *also_valid], prefix)
            bad(name, f"unknown sitemap option{hint}, ignored")
            continue
        if value is None or value == known[name].default:
            continue
        try:
            kwargs[name], dropped = known[name].kind.parse_kept(value, root)
        except (TypeError, ValueError) as exc:
            bad(name, f"{exc}; using the default")
            continue
        for problem in dropped:  # a list's bad item: that item alone is left out
            bad(name, f"{problem}; left out")
    if "cache_dir" not in kwargs and root is not None:
        kwargs["cache_dir"] = root / known["cache_dir"].default
    return Settings(base_url=base_url, **kwargs), issues
