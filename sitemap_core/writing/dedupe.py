"""Exact-duplicate URLs, with no object per URL: an open-addressing table of 64-bit hashes."""

from __future__ import annotations

from array import array


class SeenURLs:
    """The URLs listed so far, kept as hashes in a flat array (no object per URL).

    A slot holds a URL's `hash()` (0 marks an empty slot, so a hash of 0 is kept as 1);
    the table doubles before it is half full, so it takes 16 to 32 bytes a URL.
    """

    def __init__(self) -> None:
        self._table = array("q", bytes(8 * 1024))
        self._used = 0

    def add_all(self, urls: list[str]) -> list[int]:
        """Record `urls`; the positions of those seen before (earlier in `urls` too)."""
        hashes = list(map(hash, urls))
        if 0 in hashes:
            hashes = [h or 1 for h in hashes]
        while (self._used + len(hashes)) * 2 > len(self._table):
            self._grow()
        table, mask = self._table, len(self._table) - 1
        seen: list[int] = []
        for pos, h in enumerate(hashes):  # the hot loop: one probe for most URLs
            i = h & mask
            slot = table[i]
            while slot:
                if slot == h:
                    seen.append(pos)
                    break
                i = (i + 1) & mask
                slot = table[i]
            else:
                table[i] = h
        self._used += len(hashes) - len(seen)
        return seen

    def __contains__(self, url: str) -> bool:
        h = hash(url) or 1
        table, mask = self._table, len(self._table) - 1
        i = h & mask
        while slot := table[i]:
            if slot == h:
                return True
            i = (i + 1) & mask
        return False

    def _grow(self) -> None:
        old = self._table
        self._table = array("q", bytes(16 * len(old)))
        table, mask = self._table, len(self._table) - 1
        for h in old:
            if h:
                i = h & mask
                while table[i]:
                    i = (i + 1) & mask
                table[i] = h
