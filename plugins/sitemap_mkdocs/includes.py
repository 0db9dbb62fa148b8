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
pages are read, so theirs are noted page by page (`on_page_markdown`, after theirs): by a
hook MkDocs runs only when one of them is in the build (`per_page`).
"""

from __future__ import annotations

import os
from typing import Any

from jinja2 import Environment, Template
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.plugins import BasePlugin, event_priority
from mkdocs.structure.pages import Page as MkDocsPage

from sitemap_core import MarkdownIncludes, autodoc_names, loaded_files

INCLUDE_MARKDOWN = "include-markdown"
MACROS = "macros"
MKDOCSTRINGS = "mkdocstrings"


class PageIncludes(BasePlugin):  # type: ignore[type-arg,no-untyped-call]  # mkdocs' untyped base
    """The included files of each page: those its Markdown names (`of`), and those the
    plugins read for it (`noted`, by `src_uri`), when `per_page` and added to MkDocs'
    plugins: its hook costs every page a call."""

    def __init__(self, config: MkDocsConfig) -> None:
        self._markdown = MarkdownIncludes(  # from the folder MkDocs runs in
            {
                name: config.mdx_configs.get(name, {})
                for name in config.markdown_extensions
                if isinstance(name, str)
            }
        )
        # Files every page includes, known before any page is read (snippets' `auto_append`).
        self.everywhere: list[str] = self._markdown.everywhere
        # include-markdown's list of included files: it grows page by page (`mkdocs serve`
        # replaces it after each page); the part not read yet is the current page's.
        self._watcher = getattr(config.plugins.get(INCLUDE_MARKDOWN), "_files_watcher", None)
        self._read: tuple[list[str] | None, int] = (None, 0)
        self._env: Environment | None = None  # mkdocs-macros' environment, once seen
        self._loaded: list[str] = []  # the templates it loaded since the last page
        self._autodoc = config.plugins.get(MKDOCSTRINGS)
        # Whether a plugin reads files for a page: this hook must then run for every page.
        self.per_page = self._watcher is not None or MACROS in config.plugins
        self.noted: dict[str, list[str]] = {}

    def attach(self, config: MkDocsConfig) -> None:
        """Note the templates mkdocs-macros loads from now on. Call at each build's files:
        the macros plugin makes its Jinja environment in `on_config`, which runs again for
        each language mkdocs-static-i18n builds."""
        env = getattr(config.plugins.get(MACROS), "env", None)  # its property raises until then
        if isinstance(env, Environment) and env is not self._env:
            self._env = env
            _note_loads(env, self._loaded)

    @event_priority(-100)  # late: after plugins that include files
    def on_page_markdown(self, markdown: str, *, page: MkDocsPage, **_: Any) -> str:
        """Note the files the plugins read for the page."""
        self.noted[page.file.src_uri] = self._watched()
        return markdown

    def _watched(self) -> list[str]:
        """The files the plugins read for the page MkDocs has just read."""
        found: list[str] = []
        if self._watcher is not None:
            listed = self._watcher.included_files
            start = self._read[1] if listed is self._read[0] else 0
            found += listed[start:]
            self._read = (listed, len(listed))
        found += self._loaded
        self._loaded.clear()
        return found

    def of(self, page: MkDocsPage) -> list[str]:
        """The files a converted page includes: those the plugins read for it, those its
        final Markdown names, the source files of the objects mkdocstrings documented in
        it (an object the python handler did not load, or cannot resolve, adds none)."""
        markdown = page.markdown or ""
        found = [*self.noted.get(page.file.src_uri, ()), *self._markdown.of(markdown)]
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
