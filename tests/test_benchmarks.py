"""The benchmarks time the handlers each adapter connects, by name: every name they list
must still be there (a renamed handler would stop `make bench`, which no other test runs)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


@pytest.mark.parametrize("module", ["bench_sphinx", "bench_pelican"])
def test_the_handlers_a_benchmark_times_exist(module: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    bench = importlib.import_module(module)
    for owner, *names in (*bench.HANDLERS, *bench.PEER_HANDLERS):
        for name in names[0] if isinstance(names[0], tuple) else names[:1]:
            assert hasattr(owner, name), f"{module}: {owner.__name__}.{name}"
