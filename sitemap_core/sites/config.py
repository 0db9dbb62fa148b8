"""The TOML file `--config` names: the shared options, at top level or under `[sitemap]`."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any


class ConfigError(ValueError):
    """A config file that cannot be read; the message names the file."""


def read_config(path: Path) -> tuple[dict[str, Any], str | None]:
    """The option values of `path` and its `base_url`, if it gives one."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: {exc}") from None
    top_base = data.get("base_url")
    if isinstance(data.get("sitemap"), dict):
        data = data["sitemap"]
    values = dict(data)
    base = values.pop("base_url", None) or top_base
    if base is not None and not isinstance(base, str):
        raise ConfigError(f"{path}: base_url must be a string")
    return values, base
