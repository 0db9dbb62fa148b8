"""The Markdown source of each page a Zensical (or MkDocs) build writes, mapped as the
generator maps it: `docs_dir/a/b.md` is `a/b/index.html` with directory URLs, else
`a/b.html`; `index.md`, or `README.md` where there is none, is its folder's `index.html`.
With the files the page includes (snippets), for git dates."""

from __future__ import annotations

import os
from pathlib import Path

from .project import Project
from .snippets import SnippetFinder

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
        self.snippets = _finder(project)

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
        return (source, *self.snippets.of(source)) if self.snippets else (source,)


def _finder(project: Project) -> SnippetFinder | None:
    """The snippets of `project`'s pages, as its settings find them: base paths from the
    config file's folder (where the generator runs), `.` by default."""
    settings = project.snippets
    if settings is None:
        return None
    root = project.file.resolve().parent
    bases = settings.get("base_path", ["."])
    bases = [bases] if isinstance(bases, str) else list(bases)
    appended = settings.get("auto_append") or []
    return SnippetFinder(
        [root / str(base) for base in bases],
        restrict=bool(settings.get("restrict_base_path", True)),
        auto_append=[str(name) for name in appended],
        encoding=str(settings.get("encoding") or "utf-8"),
    )
