"""The names a Python configuration file sets, read without running it.

A generator whose configuration is a Python module (Sphinx's conf.py, Pelican's
pelicanconf.py) keeps that module's namespace to itself, or drops the names it does not
know; a misspelt setting (`sitemap_gzipp`) is then found in the file itself.
"""

from __future__ import annotations

import ast
from pathlib import Path


def assigned_names(path: Path) -> set[str]:
    """The names `path` sets at its top level (in `if`, `try` and `with` blocks too, not
    in functions, classes, lambdas or comprehensions); none for a file that is missing or
    is no Python the running interpreter reads (the generator read it: not ours to judge)."""
    try:
        tree = ast.parse(path.read_bytes(), str(path))
    except (OSError, SyntaxError, ValueError):
        return set()
    names = _Assigned()
    names.visit(tree)
    return names.found


class _Assigned(ast.NodeVisitor):
    """The names a module sets at its top level."""

    def __init__(self) -> None:
        self.found: set[str] = set()

    def visit_Name(self, node: ast.Name) -> None:
        if isinstance(node.ctx, ast.Store):
            self.found.add(node.id)

    def _own_scope(self, node: ast.AST) -> None:
        """A function's, class's or comprehension's names are its own."""

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = _own_scope
    visit_Lambda = visit_comprehension = _own_scope
