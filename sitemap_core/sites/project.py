"""A generator's own config file given as `--config`: `zensical.toml` (its `[project]`
table), or `mkdocs.yml` / `properdocs.yml` (which Zensical reads too). What a sitemap needs
from it: `site_url`, `docs_dir`, `use_directory_urls`, the Markdown extensions' settings
(those that include files), mkdocstrings' python paths, and our options, under the
`sitemap-suite` entry of its `plugins` (Zensical skips a plugin it does not know,
silently; MkDocs and ProperDocs run ours from the same entry)."""

from __future__ import annotations

import glob
import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .config import ConfigError, read_config

PLUGIN = "sitemap-suite"
SNIPPETS = "pymdownx.snippets"
AUTODOC = "mkdocstrings"
# Extensions named by a dotted name, which zensical.toml may write as nested tables
# (`[project.markdown_extensions.pymdownx.snippets]`).
_NAMESPACES = ("pymdownx", "markdown_include")
_YAML_SUFFIXES = (".yml", ".yaml")


@dataclass(frozen=True, slots=True)
class Project:
    """A generator's config file, as far as a sitemap needs it; paths absolute, taken from
    the file's folder as the generator takes them."""

    file: Path
    site_url: str | None
    docs_dir: Path
    directory_urls: bool = True
    extensions: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)  # by name
    options: dict[str, Any] = field(default_factory=dict)
    # mkdocstrings' python handler's search paths, when the plugin is on
    autodoc_paths: tuple[Path, ...] | None = None

    @property
    def snippets(self) -> Mapping[str, Any] | None:
        """pymdownx.snippets' settings, when it is on."""
        return self.extensions.get(SNIPPETS)


def read_any_config(path: Path) -> tuple[dict[str, Any], str | None]:
    """The option values and base URL of any file `--config` takes: a generator's config
    file (its `site_url`) or our own TOML file."""
    project = read_project(path)
    if project is None:
        return read_config(path)
    return dict(project.options), project.site_url


def read_project(path: Path) -> Project | None:
    """The generator's config file `path` is; None when it is our own TOML file (no
    `[project]` table with a `site_name`)."""
    if path.suffix.lower() in _YAML_SUFFIXES:
        data = _read_yaml(path)
    else:
        try:
            table = tomllib.loads(path.read_text(encoding="utf-8")).get("project")
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise ConfigError(f"{path}: {exc}") from None
        if not isinstance(table, dict) or "site_name" not in table:
            return None
        data = table
    root = path.resolve().parent
    site_url = _typed(path, data, "site_url", str, None)
    return Project(
        file=path,
        site_url=site_url or None,
        docs_dir=root / _typed(path, data, "docs_dir", str, "docs"),
        directory_urls=_typed(path, data, "use_directory_urls", bool, True),
        extensions=_extensions(path, data.get("markdown_extensions")),
        options=_options(path, data.get("plugins")),
        autodoc_paths=_autodoc_paths(root, data.get("plugins")),
    )


def _typed(path: Path, data: Mapping[str, Any], key: str, kind: type, default: Any) -> Any:
    value = data.get(key)
    if value is None:
        return default
    if not isinstance(value, kind):
        raise ConfigError(f"{path}: {key} must be a {'boolean' if kind is bool else 'string'}")
    return value


def _entries(value: Any) -> dict[str, Any]:
    """A list of names and one-key mappings (MkDocs' form), or a mapping (TOML's), as a
    mapping of names to settings."""
    if isinstance(value, Mapping):
        return dict(value)
    entries: dict[str, Any] = {}
    for item in value if isinstance(value, list) else ():
        if isinstance(item, str):
            entries[item] = {}
        elif isinstance(item, Mapping) and len(item) == 1:
            entries.update(item)
    return entries


def _extensions(path: Path, extensions: Any) -> dict[str, Mapping[str, Any]]:
    """The Markdown extensions' settings, by name (an extension without settings: an empty
    mapping); in zensical.toml a dotted name may be nested tables."""
    entries = _entries(extensions)
    for prefix in _NAMESPACES:
        nested = entries.get(prefix)
        if isinstance(nested, Mapping):
            del entries[prefix]
            entries.update({f"{prefix}.{name}": value for name, value in nested.items()})
    if not isinstance(entries.get(SNIPPETS) or {}, Mapping):
        raise ConfigError(f"{path}: markdown_extensions: {SNIPPETS} must be a mapping")
    return {
        name: settings or {}
        for name, settings in entries.items()
        if settings is None or isinstance(settings, Mapping)
    }


def _autodoc_paths(root: Path, plugins: Any) -> tuple[Path, ...] | None:
    """Where mkdocstrings' python handler looks for the modules a page documents, as it
    looks: its `paths`, globbed from the config file's folder (those matching nothing
    dropped), else that folder; None when mkdocstrings is not on."""
    entries = _entries(plugins)
    if AUTODOC not in entries:
        return None
    settings = entries[AUTODOC] if isinstance(entries[AUTODOC], Mapping) else {}
    handler = _entries(settings.get("handlers")).get("python")
    paths = handler.get("paths") if isinstance(handler, Mapping) else None
    found = [
        Path(os.path.abspath(root / match))
        for pattern in (paths if isinstance(paths, list) else ())
        if isinstance(pattern, str)
        for match in glob.glob(pattern, root_dir=root)
    ]
    return tuple(found or [root])


def _options(path: Path, plugins: Any) -> dict[str, Any]:
    """Our options: the settings of the `sitemap-suite` plugin entry."""
    options = _entries(plugins).get(PLUGIN) or {}
    if not isinstance(options, Mapping):
        raise ConfigError(f"{path}: plugins: {PLUGIN} must be a mapping of options")
    return dict(options)


def _read_yaml(path: Path) -> dict[str, Any]:
    """mkdocs.yml as Zensical reads it: its tags (`!ENV` read from the environment,
    `!!python/name:` and others as None: nothing a sitemap needs), and the file it
    `INHERIT`s, relative to its folder."""
    try:
        import yaml
    except ImportError:
        raise ConfigError(
            f"{path}: reading it needs PyYAML, which MkDocs, ProperDocs and Zensical install"
        ) from None

    class Loader(yaml.SafeLoader):  # type: ignore[misc]
        """A safe loader that knows MkDocs' tags."""

    def env(loader: Any, node: Any) -> Any:
        names = (
            [loader.construct_scalar(n) for n in node.value]
            if isinstance(node, yaml.SequenceNode)
            else [loader.construct_scalar(node)]
        )
        default = names.pop() if len(names) > 1 else None
        return next((os.environ[n] for n in names if n in os.environ), default)

    Loader.add_constructor("!ENV", env)
    Loader.add_multi_constructor("", lambda loader, suffix, node: None)
    try:
        with open(path, encoding="utf-8") as file:
            data = yaml.load(file, Loader=Loader)
    except (yaml.YAMLError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: {exc}") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: not a mapping of settings")
    parent = data.pop("INHERIT", None)
    if isinstance(parent, str):
        if not (path.parent / parent).is_file():
            raise ConfigError(f"{path}: INHERIT: no file {parent!r} beside it")
        return _merged(_read_yaml(path.parent / parent), data)
    return data


def _merged(parent: dict[str, Any], child: dict[str, Any]) -> dict[str, Any]:
    """`child` over `parent`, as Zensical merges an `INHERIT`ed file (deepmerge's
    `always_merger`): mappings merged key by key, lists joined, other values replaced."""
    merged = dict(parent)
    for key, value in child.items():
        old = merged.get(key)
        if isinstance(old, dict) and isinstance(value, dict):
            merged[key] = _merged(old, value)
        elif isinstance(old, list) and isinstance(value, list):
            merged[key] = old + value
        else:
            merged[key] = value
    return merged
