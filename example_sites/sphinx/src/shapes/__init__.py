"""Shapes: a tiny package the example documents with autodoc, its code shown by viewcode."""

from .circle import Circle, area

__all__ = ["Circle", "area"]
