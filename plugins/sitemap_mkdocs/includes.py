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

The Markdown extensions' includes and mkdocstrings' files are read from every page at
once (`of`), once MkDocs converted them all (`on_env`): each page's final Markdown is
kept, and mkdocstrings has loaded every module by then. The two plugins' lists grow as
pages are read, so theirs are noted page by page (`watched`), after the plugins ran.
"""

from __future__ import annotations

import os
from typing import Any

from jinja2 import Environment, Template
from mkdocs.config.defaults import MkDocsConfig

from sitemap_core import MarkdownIncludes, autodoc_names, loaded_files

INCLUDE_MARKDOWN = "include-markdown"
MACROS = "macros"
MKDOCSTRINGS = "mkdocstrings"


class PageIncludes:
    """The included files of each page: those its Markdown names (`of`), and those the
    plugins note as MkDocs reads it (`watched`, when `per_page`)."""

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
        # Whether `watched` must be asked page by page: a plugin notes files as it reads.
        self.per_page = self._watcher is not None or MACROS in config.plugins

    def attach(self, config: MkDocsConfig) -> None:
        """Note the templates mkdocs-macros loads from now on. Call at each build's files:
        the macros plugin makes its Jinja environment in `on_config`, which runs again for
        each language mkdocs-static-i18n builds."""
        env = getattr(config.plugins.get(MACROS), "env", None)  # its property raises until then
        if isinstance(env, Environment) and env is not self._env:
            self._env = env
            _note_loads(env, self._loaded)

    def watched(self) -> list[str]:
        """The files the plugins read for the page MkDocs has just read (call once per
        page, after them)."""
        found: list[str] = []
        if self._watcher is not None:
            listed = self._watcher.included_files
            start = self._read[1] if listed is self._read[0] else 0
            found += listed[start:]
            self._read = (listed, len(listed))
        found += self._loaded
        self._loaded.clear()
        return found

    def of(self, markdown: str) -> list[str]:
        """The files a converted page's final Markdown includes, and the source files of
        the objects mkdocstrings documented in it. An object the python handler did not
        load, or cannot resolve, adds nothing."""
        found = self._markdown.of(markdown)
        names = autodoc_names(markdown) if self._autodoc is not None else []
        if not names:
            return found
        try:
            handler = self._autodoc.handlers.get_handler("python")  # type: ignore[union-attr]
        except Exception:  # no python handler, or mkdocstrings not set up: nothing rendered
            return found
        return found + loaded_files(getattr(handler, "_modules_collection", None), names)


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
