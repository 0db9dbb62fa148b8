"""Files a page pulls in, so that their history dates the page too.

Two ways to include are known, each asked through its own code: pymdown-extensions
snippets (`--8<-- "file"` and the block form), whose own preprocessor is run again on
the page's Markdown with the site's settings (`base_path`, `restrict_base_path`, line
and section specifiers, nesting, `auto_append`), noting each file it reads and
downloading nothing; and mkdocs-include-markdown-plugin (`{% include-markdown %}`,
`{% include %}`), which lists every local file it includes for `mkdocs serve` to watch.
"""

from __future__ import annotations

from collections.abc import Callable

from markdown import Markdown
from mkdocs.config.defaults import MkDocsConfig

SNIPPETS = "pymdownx.snippets"
INCLUDE_MARKDOWN = "include-markdown"


class PageIncludes:
    """The included files of each page, asked for once per page as MkDocs renders it."""

    def __init__(self, config: MkDocsConfig) -> None:
        snippets = SNIPPETS in config.markdown_extensions
        self._snippets = _snippet_reader(config) if snippets else None
        plugin = config.plugins.get(INCLUDE_MARKDOWN)
        # The plugin's list of included files: it grows page by page (`mkdocs serve`
        # replaces it after each page); the part not read yet is the current page's.
        self._watcher = getattr(plugin, "_files_watcher", None)
        self._read: tuple[list[str] | None, int] = (None, 0)

    def of(self, markdown: str) -> list[str]:
        """The files the page whose final Markdown this is includes (call once per page)."""
        found = self._snippets(markdown) if self._snippets is not None else []
        if self._watcher is not None:
            listed = self._watcher.included_files
            start = self._read[1] if listed is self._read[0] else 0
            found += listed[start:]
            self._read = (listed, len(listed))
        return found


def _snippet_reader(config: MkDocsConfig) -> Callable[[str], list[str]]:
    """A function from a page's Markdown to the snippet files the extension reads for it."""
    from pymdownx.snippets import SnippetExtension, SnippetPreprocessor

    class Reader(SnippetPreprocessor):  # type: ignore[misc]
        """The extension's own preprocessor, noting each file it reads."""

        found: list[str] = []

        def read_lines(self, path: str) -> list[str]:
            self.found.append(path)
            lines: list[str] = super().read_lines(path)
            return lines

    options = SnippetExtension(**config.mdx_configs.get(SNIPPETS, {})).getConfigs()
    # A missing file already failed the build when check_paths asks it to.
    reader = Reader({**options, "url_download": False, "check_paths": False}, Markdown())

    def files(markdown: str) -> list[str]:
        if "8<" not in markdown and not reader.auto_append:
            return []
        reader.found = []
        reader.run(markdown.split("\n"))
        return reader.found

    return files
