"""Values by the identity of objects a generator hands over, which may not hash.

A generator's objects (Pelican's contents, categories and lists of articles; MkDocs'
files) can be unhashable, or equal to one another, or costly to hash; an adapter that
works a value out once per object keeps it by `id()`. An id is an object's own only
while the object lives: `ByIdentity` keeps each object it holds a value for alive, so
no later object can take its id.
"""

from __future__ import annotations

from typing import Any, TypeVar

V = TypeVar("V")


class ByIdentity(dict[int, V]):
    """Values by `id()` of their objects, each object kept alive while the map is.

    A plain `dict` to read (`get(id(obj))`, as fast as one); `put` to write."""

    __slots__ = ("_kept",)

    def __init__(self) -> None:
        super().__init__()
        self._kept: list[Any] = []

    def put(self, obj: object, value: V) -> V:
        """Hold `value` for `obj` (kept alive from now on); `value` back."""
        key = id(obj)
        if key not in self:
            self._kept.append(obj)
        self[key] = value
        return value
