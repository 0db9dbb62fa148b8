"""conf.py values: the shared options with a `sitemap_` prefix, and sphinx-sitemap's names.

sphinx-sitemap's settings keep their meaning, so a project can swap the extension name and
nothing else: `site_url` (before `html_baseurl`), `sitemap_filename` and `sitemap_indent`
(the shared `filename` and `indent`), `sitemap_excludes` (globs on the page link, merged
into `exclude`), `sitemap_show_lastmod = False` (no lastmod), and `sitemap_url_scheme`
with `sitemap_locales`, and our `sitemap_x_default`, read by `scheme.py`. Those that
mean nothing here (`sitemap_suffix_included`, `sitemap_validator_urls`) are one info line.

Every option of the core's table (`sitemap_core.OPTIONS`) is declared from it. Sphinx
does not type-check them (`types=Any`): the core checks every value and warns once, naming
it as written, where Sphinx's own check would add a second warning that `suppress_warnings`
cannot mute. A `-D` value, always a string, is read by the option's kind as Sphinx reads
its own (a switch from 0/1 or yes/no, a number, a list from commas) on `config-inited`,
before Sphinx converts it: Sphinx 8.2 and later turn `types=Any` into `frozenset({Any})`,
which their `-D` conversion takes for a type list, so a switch given `yes` would stop the
build (ConfigError) and a number given a word would be Sphinx's warning, not ours. A name
conf.py sets that starts with `sitemap_` and that nobody registered is a typo the core
names too, with the nearest name of ours or of sphinx-sitemap (`ALSO_VALID`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config

from sitemap_core import OPTIONS, Code, Issue, UrlScheme, assigned_names, canonical_url, parse_flag

from .scheme import listed

PREFIX = "sitemap_"
_SPHINX_SITEMAP: dict[str, Any] = {
    "site_url": None,
    "sitemap_url_scheme": None,
    "sitemap_excludes": [],
    "sitemap_locales": [],
    "sitemap_show_lastmod": None,
}
# sphinx-sitemap's settings (of its releases, docs and forks) that mean nothing here: one
# info line each when set, never a warning (a drop-in swap must pass `-W`).
_NO_EFFECT = {
    "sitemap_suffix_included": "the sitemap lists each page at the URL Sphinx writes it "
    "to (html_file_suffix, the dirhtml builder's folders)",
    "sitemap_validator_urls": "`sitemap-suite validate` checks the sitemap written",
}
# sphinx-sitemap's `sitemap_*` names, as the core's typo hint takes them (`sitemap_show_lastmodd`).
ALSO_VALID = tuple(
    name.removeprefix(PREFIX) for name in (*_SPHINX_SITEMAP, *_NO_EFFECT) if name.startswith(PREFIX)
)


def _switch(text: str) -> Any:
    """`-D sitemap_show_lastmod=0`: a switch from 0/1 or yes/no, else the text itself."""
    flag = parse_flag(text)
    return text if flag is None else flag


_FROM_TEXT: dict[str, Callable[[str], Any]] = {o.sphinx: o.from_text for o in OPTIONS}
_FROM_TEXT["sitemap_show_lastmod"] = _switch


def add_config_values(app: Sphinx) -> None:
    """Declare every option, checked by the core only; none makes Sphinx re-read sources."""
    for option in OPTIONS:
        app.add_config_value(option.sphinx, option.default, "", types=Any)
    for name, default in _SPHINX_SITEMAP.items():
        app.add_config_value(name, default, "", types=Any)
    for name in _NO_EFFECT:
        app.add_config_value(name, None, "", types=Any)
    app.connect("config-inited", _read_command_line, priority=100)  # before Sphinx's, at 800


def _read_command_line(app: Sphinx, config: Config) -> None:
    """Each `-D` value of ours (a string) read as its option reads text, and set, so that
    Sphinx never converts it (`-D sitemap_images=yes`, `-D sitemap_max_urls=5`)."""
    for name, value in config.overrides.items():
        if name in _FROM_TEXT and isinstance(value, str):
            setattr(config, name, _FROM_TEXT[name](value))


def base_url(app: Sphinx) -> tuple[str, str]:
    """The base URL and the setting it came from: `site_url`, else `html_baseurl`, else
    Read the Docs' canonical URL; `('', 'html_baseurl')` when none is set."""
    config = app.config
    for setting, value in (
        ("site_url", config.site_url),
        ("html_baseurl", config.html_baseurl),
        ("READTHEDOCS_CANONICAL_URL", canonical_url()),
    ):
        if value:
            return str(value), setting
    return "", "html_baseurl"


def no_effect(app: Sphinx) -> list[Issue]:
    """One info line for each sphinx-sitemap setting conf.py (or `-D`) sets that has no
    effect here."""
    return [
        Issue(Code.OPTION, "", name.removeprefix(PREFIX), f"has no effect here: {why}", "info")
        for name, why in _NO_EFFECT.items()
        if getattr(app.config, name) is not None
    ]


def option_values(app: Sphinx, scheme: UrlScheme) -> tuple[dict[str, Any], Path]:
    """The option values of conf.py (and `-D`), sphinx-sitemap's spellings folded in,
    unknown `sitemap_*` names passed on so that the core names them; and the folder
    relative paths are taken from."""
    config = app.config
    values = {option.name: getattr(config, option.sphinx) for option in OPTIONS}
    values.update((name.removeprefix(PREFIX), None) for name in _unknown(app))
    if excludes := listed(config.sitemap_excludes):
        values["exclude"] = listed(values["exclude"]) + [
            scheme.pattern(p) if isinstance(p, str) else p for p in excludes
        ]
    if config.sitemap_show_lastmod is False and values["lastmod"] == "auto":
        values["lastmod"] = "none"
    return values, Path(app.confdir) if app.confdir else Path(app.srcdir)


def _unknown(app: Sphinx) -> list[str]:
    """conf.py's `sitemap_*` names that no extension registered (`sitemap_gzipp`), found
    in the file itself: Sphinx keeps conf.py's namespace to itself."""
    names = assigned_names(Path(app.confdir, "conf.py")) if app.confdir else set()
    return sorted(name for name in names if name.startswith(PREFIX) and name not in app.config)
