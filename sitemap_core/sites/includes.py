"""The files a Markdown page includes, so that their history dates the page too: what the
MkDocs adapter and `generate --config` (a Zensical build) both read, from a site's
Markdown extensions and their settings, downloading nothing and importing nothing of the
site's own code.

Each way to include is asked through its own code when it is installed:

- pymdown-extensions snippets (`--8<-- "file"` and the block form): its own preprocessor
  runs again on the page's Markdown (`base_path`, `restrict_base_path`, line and section
  specifiers, nesting, `auto_append`), noting each file it reads; where pymdown-extensions
  is not installed (the core depends on neither it nor Markdown), `snippets.SnippetFinder`,
  which reads its syntax;
- mdx_include (`{! file !}`): likewise, its own preprocessor, noting each local file;
- markdown-include (`markdown_include.include`, `{!file!}`): its own pattern, each file
  found as it finds it (`base_path`, `~`, nesting; it reads files inline, with no method
  to note them by);
- mkdocstrings (`::: package.module`, python handler): the objects a page documents
  (`autodoc_names`), and the module files they resolve to along the handler's search
  paths (`module_files`), found by name, without importing them.

What only a generator's plugins know (mkdocs-include-markdown-plugin's list of included
files, the templates mkdocs-macros loads, the modules mkdocstrings loaded) stays with
the MkDocs adapter.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

SNIPPETS = "pymdownx.snippets"
MARKDOWN_INCLUDE = ("markdown_include.include",)
MDX_INCLUDE = ("mdx_include", "mdx_include.mdx_include")
# The first line of an mkdocstrings block, as its own processor matches it; a dotted name.
# Compiled by `re` when a page first has a block (`:::`).
AUTODOC = r"(?m)^(?:#{1,6} *|)::: ?(?P<name>.+?) *$"
_IDENTIFIER = r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*"

Reader = Callable[[str], list[str]]
"""From a page's Markdown to the files one extension includes in it."""


class MarkdownIncludes:
    """The files the Markdown extensions of a site include in each page (`of`), and those
    every page includes (`everywhere`, snippets' `auto_append`), known before any page is
    read. `extensions`: each extension's name (`module` or `module:Class`, as MkDocs
    names them) and settings; `root`: the folder their relative paths are taken from,
    else the working folder (where MkDocs runs the extensions)."""

    def __init__(
        self, extensions: Mapping[str, Mapping[str, Any] | None], root: Path | None = None
    ) -> None:
        self._readers: list[Reader] = []
        self.everywhere: list[str] = []
        settings = {name.split(":", 1)[0]: dict(value or {}) for name, value in extensions.items()}
        if SNIPPETS in settings:
            reader, self.everywhere = _snippet_reader(_rooted_snippets(settings[SNIPPETS], root))
            self._readers.append(reader)
        for module, options in settings.items():
            found: Reader | None = None
            if module in MARKDOWN_INCLUDE:
                found = _markdown_include_reader(_rooted(options, root))
            elif module in MDX_INCLUDE:
                found = _mdx_include_reader(_rooted(options, root))
            if found is not None:
                self._readers.append(found)

    def __bool__(self) -> bool:
        """Whether any extension of the site includes files."""
        return bool(self._readers)

    def of(self, markdown: str) -> list[str]:
        """The files the page whose Markdown this is includes."""
        return [path for reader in self._readers for path in reader(markdown)]


def autodoc_names(markdown: str) -> list[str]:
    """The objects a page asks mkdocstrings for (`::: pkg.mod`), in order."""
    return [m["name"] for m in re.finditer(AUTODOC, markdown)] if ":::" in markdown else []


def module_files(names: Iterable[str], paths: Sequence[Path]) -> list[str]:
    """The source file of the module each of `names` (`pkg.mod`, `pkg.mod.Class`) is or is
    defined in, as the python handler finds it along its search `paths`: the longest
    dotted prefix that is `<path>/pkg/mod.py` or `<path>/pkg/mod/__init__.py`, in the
    first path that has the package; a package's, every module of it (`documented_files`).
    Nothing is imported; a name found nowhere adds nothing."""
    found: list[str] = []
    for name in names:
        name = name.replace(":", ".")  # griffe's `pkg.mod:Class` too
        if not re.fullmatch(_IDENTIFIER, name):
            continue
        parts = name.split(".")
        for path in paths:
            if not (path / parts[0]).is_dir() and not (path / f"{parts[0]}.py").is_file():
                continue
            for end in range(len(parts), 0, -1):
                module = path.joinpath(*parts[:end])
                file = next(
                    (f for f in (module.with_suffix(".py"), module / "__init__.py") if f.is_file()),
                    None,
                )
                if file is not None:
                    found += documented_files(os.path.abspath(file))
                    break
            break
    return list(dict.fromkeys(found))


def loaded_files(collection: Any, names: Iterable[str]) -> list[str]:
    """The files the objects `names` are documented from, as a collection of loaded
    modules has them (the mkdocstrings python handler's, by dotted name): each one's
    `documented_files`. A name it does not hold, or cannot resolve, adds nothing."""
    found: list[str] = []
    for name in names:
        try:  # any failure to resolve leaves the page dated by its other files
            path = collection[name].filepath
        except Exception:
            continue
        if isinstance(path, os.PathLike):  # a namespace package gives its folders
            found += documented_files(os.fspath(path))
    return found


def documented_files(file: str) -> list[str]:
    """The files an object found in `file` is documented from: the module's own; for a
    package (`__init__.py`), every module under it too, as the names it exports (`from
    .arrays import arrays`) are rendered from where they are defined."""
    if os.path.basename(file) != "__init__.py":
        return [file]
    folder = os.path.dirname(file)
    return [file, *sorted(str(p) for p in Path(folder).rglob("*.py") if str(p) != file)]


def _rooted(options: dict[str, Any], root: Path | None) -> dict[str, Any]:
    """markdown-include's or mdx_include's settings, their `base_path` taken from `root`."""
    if root is None:
        return options
    return {**options, "base_path": str(root / str(options.get("base_path") or "."))}


def _rooted_snippets(options: dict[str, Any], root: Path | None) -> dict[str, Any]:
    """Snippets' settings, each base path taken from `root` (`.` by default)."""
    if root is None:
        return options
    bases = options.get("base_path", ["."])
    bases = [bases] if isinstance(bases, str) else list(bases)
    return {**options, "base_path": [os.path.abspath(root / str(base)) for base in bases]}


def _snippet_reader(options: dict[str, Any]) -> tuple[Reader, list[str]]:
    """A function from a page's Markdown to the snippet files the extension reads for it,
    and the files `auto_append` reads for every page."""
    try:
        from markdown import Markdown
        from pymdownx.snippets import SnippetExtension, SnippetPreprocessor
    except ImportError:
        return _snippet_finder(options)

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

    settings = SnippetExtension(**options).getConfigs()
    # A missing file already failed the build when check_paths asks it to.
    reader = Reader({**settings, "url_download": False, "check_paths": False}, Markdown())

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


def _snippet_finder(options: Mapping[str, Any]) -> tuple[Reader, list[str]]:
    """`_snippet_reader` without pymdown-extensions: its syntax, read by `SnippetFinder`."""
    from .snippets import SnippetFinder  # loaded only where pymdown-extensions is not

    bases = options.get("base_path", ["."])
    appended = options.get("auto_append") or []
    finder = SnippetFinder(
        [Path(str(base)) for base in ([bases] if isinstance(bases, str) else bases)],
        restrict=bool(options.get("restrict_base_path", True)),
        auto_append=[str(name) for name in appended],
        encoding=str(options.get("encoding") or "utf-8"),
    )

    def files(markdown: str) -> list[str]:
        return [str(path) for path in finder.in_text(markdown)]

    return files, [str(path) for path in finder.everywhere]


def _markdown_include_reader(options: Mapping[str, Any]) -> Reader | None:
    """The files markdown-include puts in a page: each `{!path!}` (with `lines=` or
    not) joined to `base_path` as the extension joins it (relative to the working
    folder, as MkDocs runs it), and the files those include. A file it cannot read is
    left out, as the extension leaves it out (it prints a warning)."""
    try:
        from markdown_include.include import (  # type: ignore[import-untyped]
            INC_SYNTAX,
            MarkdownInclude,
        )
    except ImportError:  # not installed where the core runs: nothing found
        return None

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


def _mdx_include_reader(options: Mapping[str, Any]) -> Reader | None:
    """A function from a page's Markdown to the local files mdx_include reads for it."""
    try:
        from markdown import Markdown
        from mdx_include.mdx_include import (  # type: ignore[import-untyped]
            IncludeExtension,
            IncludePreprocessor,
        )
    except ImportError:  # not installed where the core runs: nothing found
        return None

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
