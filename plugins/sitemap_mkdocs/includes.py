"""Files a page pulls in, so that their history dates the page too.

Each way to include is asked through its own code, with the site's settings, downloading
nothing:

- pymdown-extensions snippets (`--8<-- "file"` and the block form): its own preprocessor
  runs again on the page's Markdown (`base_path`, `restrict_base_path`, line and section
  specifiers, nesting, `auto_append`), noting each file it reads;
- mdx_include (`{! file !}`): likewise, its own preprocessor, noting each local file;
- markdown-include (`markdown_include.include`, `{!file!}`): its own pattern, each file
  found as it finds it (`base_path`, `~`, nesting; it reads files inline, with no method
  to note them by);
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
import re
from collections.abc import Callable, Mapping
from typing import Any

from jinja2 import Environment, Template
from markdown import Markdown
from mkdocs.config.defaults import MkDocsConfig

SNIPPETS = "pymdownx.snippets"
MARKDOWN_INCLUDE = ("markdown_include.include",)
MDX_INCLUDE = ("mdx_include", "mdx_include.mdx_include")
INCLUDE_MARKDOWN = "include-markdown"
MACROS = "macros"
MKDOCSTRINGS = "mkdocstrings"
# The first line of an mkdocstrings block, as its own processor matches it.
AUTODOC = re.compile(r"^(?:#{1,6} *|)::: ?(?P<name>.+?) *$", re.MULTILINE)

Reader = Callable[[str], list[str]]
"""From a page's Markdown to the files one extension includes in it."""


class PageIncludes:
    """The included files of each page, asked for once per page as MkDocs renders it."""

    def __init__(self, config: MkDocsConfig) -> None:
        self._readers: list[Reader] = []
        # Files every page includes, known before any page is read (snippets' `auto_append`).
        self.everywhere: list[str] = []
        if SNIPPETS in config.markdown_extensions:
            reader, self.everywhere = _snippet_reader(config)
            self._readers.append(reader)
        for name in config.markdown_extensions:
            module = name.split(":", 1)[0] if isinstance(name, str) else ""
            if module in MARKDOWN_INCLUDE:
                self._readers.append(_markdown_include_reader(config.mdx_configs.get(name, {})))
            elif module in MDX_INCLUDE:
                self._readers.append(_mdx_include_reader(config.mdx_configs.get(name, {})))
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
        found = [path for reader in self._readers for path in reader(markdown)]
        if self._watcher is not None:
            listed = self._watcher.included_files
            start = self._read[1] if listed is self._read[0] else 0
            found += listed[start:]
            self._read = (listed, len(listed))
        if self._loaded:
            found += self._loaded
            self._loaded.clear()
        documents = self._autodoc is not None and ":::" in markdown
        self._documented = [m["name"] for m in AUTODOC.finditer(markdown)] if documents else []
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
                found.append(os.fspath(path))
        return found


def _snippet_reader(config: MkDocsConfig) -> tuple[Reader, list[str]]:
    """A function from a page's Markdown to the snippet files the extension reads for it,
    and the files `auto_append` reads for every page."""
    from pymdownx.snippets import SnippetExtension, SnippetPreprocessor

    class Reader(SnippetPreprocessor):  # type: ignore[misc]
        """The extension's own preprocessor, noting each file it finds to read (every
        release since 10.0 finds a snippet's file by this method; 13.1 added another to
        read it by)."""

        found: list[str] = []

        def get_snippet_path(self, path: str) -> str | None:
            snippet: str | None = super().get_snippet_path(path)
            if snippet is not None:
                self.found.append(snippet)
            return snippet

    options = SnippetExtension(**config.mdx_configs.get(SNIPPETS, {})).getConfigs()
    # A missing file already failed the build when check_paths asks it to.
    reader = Reader({**options, "url_download": False, "check_paths": False}, Markdown())

    reader.found = []
    if reader.auto_append:
        reader.run([""])
    appended = reader.found  # what `auto_append` alone reads: the same for every page

    def files(markdown: str) -> list[str]:
        if "8<" not in markdown:  # no snippet of its own: at most the appended ones
            return list(appended)
        reader.found = []
        reader.run(markdown.split("\n"))
        return reader.found

    return files, appended


def _markdown_include_reader(options: Mapping[str, Any]) -> Reader:
    """The files markdown-include puts in a page: each `{!path!}` (with `lines=` or
    not) joined to `base_path` as the extension joins it (relative to the working
    folder, as MkDocs runs it), and the files those include. A file it cannot read is
    left out, as the extension leaves it out (it prints a warning)."""
    from markdown_include.include import (  # type: ignore[import-untyped]
        INC_SYNTAX,
        MarkdownInclude,
    )

    settings = MarkdownInclude(dict(options)).getConfigs()
    base, encoding = str(settings["base_path"]), str(settings["encoding"])

    def files(markdown: str) -> list[str]:
        if "{!" not in markdown:
            return []
        found: list[str] = []
        texts = [markdown]
        while texts:
            for match in INC_SYNTAX.finditer(texts.pop()):
                path = os.path.abspath(os.path.join(base, os.path.expanduser(match[1])))
                if path in found:
                    continue
                try:
                    with open(path, encoding=encoding) as file:
                        texts.append(file.read())
                except (OSError, UnicodeError, LookupError):
                    continue
                found.append(path)
        return found

    return files


def _mdx_include_reader(options: Mapping[str, Any]) -> Reader:
    """A function from a page's Markdown to the local files mdx_include reads for it."""
    from mdx_include.mdx_include import (  # type: ignore[import-untyped]
        IncludeExtension,
        IncludePreprocessor,
    )

    class Reader(IncludePreprocessor):  # type: ignore[misc]
        """The extension's own preprocessor, noting each local file it reads; a missing
        file is left to the extension to report when MkDocs runs it."""

        found: list[str] = []

        def get_local_content_list(self, filename: str, encoding: str) -> tuple[list[str], bool]:
            if not os.path.isfile(filename):
                return [], False
            self.found.append(os.path.abspath(filename))
            read: tuple[list[str], bool] = super().get_local_content_list(filename, encoding)
            return read

    extension = IncludeExtension(dict(options))
    config = {**extension.config, "allow_remote": [False, ""]}
    reader = Reader(Markdown(), config, extension.compiled_re)

    def files(markdown: str) -> list[str]:
        if extension.compiled_re.search(markdown) is None:
            return []
        reader.found = []
        try:
            reader.run(markdown.split("\n"))
        except Exception:  # a circular inclusion: the extension fails the build itself
            pass
        return reader.found

    return files


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
