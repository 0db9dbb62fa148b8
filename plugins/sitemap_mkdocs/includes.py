"""Files a page pulls in, so that their history dates the page too.

What the Markdown extensions include (pymdown-extensions snippets, markdown-include,
mdx_include) the core finds (`MarkdownIncludes`, shared with `generate --config`), from
mkdocs.yml's `markdown_extensions` and `mdx_configs`. Here, what only MkDocs' plugins
know:

- mkdocs-include-markdown-plugin (`{% include-markdown %}`, `{% include %}`), which lists
  every local file it includes for `mkdocs serve` to watch;
- mkdocs-macros (`{% include %}`, `{% import %}`, `{% extends %}` in a page): each
  template its Jinja environment loads while it renders the page;
- mkdocstrings (`::: package.module`, python handler): the source file of each object
  the page documents, as the handler found it when it rendered the page.

The readers run on the page's Markdown in `on_page_markdown`, before MkDocs converts it
(when the extensions themselves run); the plugins' includes are done by then.
mkdocstrings renders while MkDocs converts the page: its files are asked for after
(`rendered`).
"""

from __future__ import annotations

import os
from typing import Any

from jinja2 import Environment, Template
from mkdocs.config.defaults import MkDocsConfig

from sitemap_core import MarkdownIncludes, autodoc_names, documented_files

INCLUDE_MARKDOWN = "include-markdown"
MACROS = "macros"
MKDOCSTRINGS = "mkdocstrings"


class PageIncludes:
    """The included files of each page, asked for once per page as MkDocs renders it."""

    def __init__(self, config: MkDocsConfig) -> None:
        extensions = {
            name: config.mdx_configs.get(name, {})
            for name in config.markdown_extensions
            if isinstance(name, str)
        }
        self._markdown = MarkdownIncludes(extensions)  # from the folder MkDocs runs in
        # Files every page includes, known before any page is read (snippets' `auto_append`).
        self.everywhere: list[str] = self._markdown.everywhere
        plugin = config.plugins.get(INCLUDE_MARKDOWN)
        # The plugin's list of included files: it grows page by page (`mkdocs serve`
        # replaces it after each page); the part not read yet is the current page's.
        self._watcher = getattr(plugin, "_files_watcher", None)
        self._read: tuple[list[str] | None, int] = (None, 0)
        self._env: Environment | None = None  # mkdocs-macros' environment, once seen
        self._loaded: list[str] = []  # the templates it loaded since the last page
        self._autodoc = config.plugins.get(MKDOCSTRINGS)
        self._documented: list[str] = []  # the objects the last page asks mkdocstrings for

    def attach(self, config: MkDocsConfig) -> None:
        """Note the templates mkdocs-macros loads from now on. Call at each build's files:
        the macros plugin makes its Jinja environment in `on_config`, which runs again for
        each language mkdocs-static-i18n builds."""
        env = getattr(config.plugins.get(MACROS), "env", None)  # its property raises until then
        if isinstance(env, Environment) and env is not self._env:
            self._env = env
            _note_loads(env, self._loaded)

    def of(self, markdown: str) -> list[str]:
        """The files the page whose final Markdown this is includes (call once per page)."""
        found = self._markdown.of(markdown)
        if self._watcher is not None:
            listed = self._watcher.included_files
            start = self._read[1] if listed is self._read[0] else 0
            found += listed[start:]
            self._read = (listed, len(listed))
        if self._loaded:
            found += self._loaded
            self._loaded.clear()
        self._documented = autodoc_names(markdown) if self._autodoc is not None else []
        return found

    def rendered(self) -> list[str]:
        """The source files of the objects mkdocstrings documented in the page `of` was
        last called for (call once MkDocs converted it). An object the python handler
        did not load, or cannot resolve, adds nothing."""
        if not self._documented:
            return []
        names, self._documented = self._documented, []
        try:
            handler = self._autodoc.handlers.get_handler("python")  # type: ignore[union-attr]
        except Exception:  # no python handler, or mkdocstrings not set up: nothing rendered
            return []
        collection = getattr(handler, "_modules_collection", None)
        found = []
        for name in names:
            try:  # any failure to resolve leaves the page dated by its other files
                path = collection[name].filepath  # type: ignore[index]
            except Exception:
                continue
            if isinstance(path, os.PathLike):  # a namespace package gives its folders
                found += documented_files(os.fspath(path))
        return found


def _note_loads(env: Environment, loaded: list[str]) -> None:
    """Add to `loaded` the file of each template `env` loads from now on (from its cache
    or not): what a page's `{% include %}`, `{% import %}` and `{% extends %}` ask for."""
    get_template, select_template = env.get_template, env.select_template

    def noted(template: Template) -> Template:
        if template.filename:
            loaded.append(os.path.abspath(template.filename))
        return template

    def get(*args: Any, **kwargs: Any) -> Template:
        return noted(get_template(*args, **kwargs))

    def select(*args: Any, **kwargs: Any) -> Template:
        return noted(select_template(*args, **kwargs))

    env.get_template = get  # type: ignore[method-assign]
    env.select_template = select  # type: ignore[method-assign]
