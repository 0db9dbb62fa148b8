"""The shape of the code, kept: no import cycle in the core (import-linter's contracts in
pyproject.toml keep the layers, `make lint` runs them), and modules and classes of a size
a reader takes in at once."""

from __future__ import annotations

import ast
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]
SOURCES = sorted([*(ROOT / "sitemap_core").rglob("*.py"), *(ROOT / "plugins").rglob("*.py")])
MAX_MODULE_LINES = 500
MAX_CLASS_LINES = 160  # "about 150"
# The option table is a class, one typed field per option (issue 38: each option declared
# once, as mkdocs-material's config class is its schema): it grows by a line per option.
TABLES = {"sitemap_core/options/table.py": "Settings"}


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in graph.find_modules_directly_imported_by(module):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_the_core_has_no_import_cycle() -> None:
    assert _cycles(grimp.build_graph("sitemap_core")) == []


def test_modules_and_classes_stay_readable() -> None:
    too_long = []
    for path in SOURCES:
        source = path.read_text(encoding="utf-8")
        name = str(path.relative_to(ROOT))
        if source.count("\n") > MAX_MODULE_LINES:
            too_long.append(f"{name}: {source.count(chr(10))} lines")
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
                size = node.end_lineno - node.lineno + 1
                if size > MAX_CLASS_LINES and TABLES.get(name) != node.name:
                    too_long.append(f"{name}: class {node.name} {size} lines")
    assert too_long == []
