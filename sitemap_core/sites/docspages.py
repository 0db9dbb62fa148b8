"""The Markdown source of each page a Zensical (or MkDocs) build writes, mapped as the
generator maps it: `docs_dir/a/b.md` is `a/b/index.html` with directory URLs, else
`a/b.html`; `index.md`, or `README.md` where there is none, is its folder's `index.html`.
With the files the page includes (`includes`: snippets, markdown-include, mdx_include, the
modules it documents with mkdocstrings), for git dates."""

from __future__ import annotations

import os
from pathlib import Path

from .includes import MarkdownIncludes, autodoc_names, module_files
from .project import Project

# The Markdown suffixes MkDocs reads as pages (`mkdocs.utils.markdown_extensions`).
_MARKDOWN = frozenset((".md", ".markdown", ".mdown", ".mkdn", ".mkd"))


class DocsPages:
    """The sources of the pages built from `project.docs_dir`, by their site-relative
    output path (`find`): the Markdown file, then the files it includes."""

    def __init__(self, project: Project) -> None:
        self.docs_dir = project.docs_dir
        self.by_output: dict[str, Path] = {}
        readme: dict[str, Path] = {}
        for folder, dirs, names in os.walk(project.docs_dir):
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            here = Path(folder)
            rel_dir = here.relative_to(project.docs_dir).as_posix()
            prefix = "" if rel_dir == "." else rel_dir + "/"
            for name in sorted(names):
                stem, suffix = os.path.splitext(name)
                if suffix.lower() not in _MARKDOWN or name.startswith("."):
                    continue
                if stem == "README":
                    readme[prefix + "index.html"] = here / name
                elif stem == "index":
                    self.by_output[prefix + "index.html"] = here / name
                elif project.directory_urls:
                    self.by_output[f"{prefix}{stem}/index.html"] = here / name
                else:
                    self.by_output[f"{prefix}{stem}.html"] = here / name
        for output, path in readme.items():
            self.by_output.setdefault(output, path)
        root = project.file.resolve().parent  # where the generator runs
        self.includes = MarkdownIncludes(project.extensions, root) or None  # None: none on
        self.autodoc_paths = project.autodoc_paths

    def copied(self, rel: str) -> bool:
        """Whether the file written at `rel` is a copy of `docs_dir`'s own (a theme
        override, a hand-written HTML file): not a page the generator built, and not in
        its own sitemap."""
        return rel not in self.by_output and (self.docs_dir / rel).is_file()

    def find(self, rel: str) -> tuple[Path, ...]:
        """The sources of the page written at `rel`; none for a page no Markdown file
        builds (404.html, a theme's or a plugin's page)."""
        source = self.by_output.get(rel)
        if source is None:
            return ()
        if self.includes is None and self.autodoc_paths is None:
            return (source,)
        try:
            text = source.read_text(encoding="utf-8")
        except (OSError, UnicodeError):
            text = ""
        found = self.includes.of(text) if self.includes is not None else []
        if self.autodoc_paths is not None:
            found += module_files(autodoc_names(text), self.autodoc_paths)
        return tuple(dict.fromkeys((source, *(Path(os.path.abspath(f)) for f in found))))
