"""Exact-duplicate URLs, in 8 to 16 bytes a URL: an open-addressing table of 64-bit hashes."""

from __future__ import annotations

from array import array


class SeenURLs:
    """The URLs listed so far, kept as hashes in a flat array (no object per URL)."""

    def __init__(self) -> None:
        self._table = array("Q", bytes(8 * 1024))
        self._used = 0

    def _find(self, h: int) -> int:
        """The slot holding `h`, or the empty slot where it would go."""
        table, mask = self._table, len(self._table) - 1
        i = h & mask
        while (slot := table[i]) != 0 and slot != h:
            i = (i + 1) & mask
        return i

    def add(self, url: str) -> bool:
        """Record `url`; False if it was seen before."""
        h = hash(url) & 0xFFFFFFFFFFFFFFFF or 1
        i = self._find(h)
        if self._table[i]:
            return False
        self._table[i] = h
        self._used += 1
        if self._used * 2 > len(self._table):
            self._grow()
        return True

    def __contains__(self, url: str) -> bool:
        return self._table[self._find(hash(url) & 0xFFFFFFFFFFFFFFFF or 1)] != 0

    def _grow(self) -> None:
        old = self._table
        self._table = array("Q", bytes(16 * len(old)))
        for h in old:
            if h:
                self._table[self._find(h)] = h
