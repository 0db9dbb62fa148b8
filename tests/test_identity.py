"""ByIdentity: values by id() of objects that may not hash, each object kept alive."""

from __future__ import annotations

import gc

from sitemap_core import ByIdentity


def test_values_by_identity_and_the_objects_kept_alive() -> None:
    found: ByIdentity[int] = ByIdentity()
    a, b = [1], [1]  # equal, unhashable
    assert found.put(a, 1) == 1 and found.put(b, 2) == 2
    assert found.get(id(a)) == 1 and found.get(id(b)) == 2
    key = id([3])
    found.put([3], 3)  # the only reference: kept by the map
    gc.collect()
    assert found[key] == 3 and len(found._kept) == 3
    found.put(a, 4)  # a new value: the object is not kept twice
    assert found[id(a)] == 4 and len(found._kept) == 3
