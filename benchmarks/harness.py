"""What the benchmarks share: the size option, a dated repository made fast, hook timers,
the warm-up and the builds without and with the plugin, the URL count of the sitemap
written, the report.

A plugin's cost is the time spent inside its own hooks, timed in-process (whole builds
vary 10-25% on these machines), reported per 1,000 URLs and as a share of the build.
"""

from __future__ import annotations

import argparse
import functools
import gc
import subprocess
import time
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from sitemap_core.validate import sitemap_locs

GC = "gc"  # the `time_calls` key of collector pauses inside the hooks
START = 1_600_000_000  # commit i is dated START + i hours


def size_option(doc: str, name: str, default: int, quick: int, unit: str) -> int:
    """Parse `--<name> N` and `--quick` (N = `quick`) from the command line; the size to run."""
    parser = argparse.ArgumentParser(description=doc)
    parser.add_argument(f"--{name}", type=int, default=default, help=f"{unit} (default {default:,})")
    parser.add_argument("--quick", action="store_true", help=f"{quick:,} {unit}")
    args = parser.parse_args()
    return quick if args.quick else getattr(args, name)


def make_repo(root: Path, files: dict[str, str], folder: str = "docs/") -> None:
    """A repository with one commit per file (under `folder`), in one `git fast-import` run."""
    subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    stream = bytearray()
    for i, (path, text) in enumerate(files.items(), 1):
        message = f"add {path}".encode()
        data = text.encode()
        stream += (f"commit refs/heads/main\nmark :{i}\n"
                   f"committer Bench <bench@example.com> {START + i * 3600} +0000\n"
                   f"data {len(message)}\n").encode() + message + b"\n"
        if i > 1:
            stream += f"from :{i - 1}\n".encode()
        stream += f"M 100644 inline {folder}{path}\ndata {len(data)}\n".encode() + data + b"\n"
    subprocess.run(["git", "fast-import", "--quiet"], cwd=root, input=bytes(stream), check=True)
    subprocess.run(["git", "reset", "--hard", "-q"], cwd=root, check=True)


def time_calls(owner: Any, names: Iterable[str]) -> Counter[str]:
    """Replace `owner.<name>` for each name with a timed wrapper; seconds spent, per name.

    Garbage-collector pauses that fall inside the wrappers are counted in the hooks' time
    and, again, under `GC` (a full collection scans the generator's whole heap, whoever
    allocated last: worth seeing apart).
    """
    spent: Counter[str] = Counter()
    inside = [0, 0.0]  # wrappers running; when the current pause began

    def timed(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(function)  # keeps attributes such as `mkdocs_priority`
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            inside[0] += 1
            try:
                return function(*args, **kwargs)
            finally:
                inside[0] -= 1
                spent[name] += time.perf_counter() - start
        return wrapper

    def pause(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            inside[1] = time.perf_counter()
        elif inside[0]:
            spent[GC] += time.perf_counter() - inside[1]

    for name in names:
        setattr(owner, name, timed(name, getattr(owner, name)))
    gc.callbacks.append(pause)
    return spent


def time_builds(spent: Counter[str], build: Callable[[Path, Path, bool], float],
                work: Path, sitemap: str = "sitemap.xml") -> tuple[float, float, int]:
    """Warm up, then time the site without and with the plugin; both times and the URLs.

    `build(site, out, plugin)` builds one site into `out` and returns its seconds. The
    small site `work/warm` is built first with the plugin (imports, templates, caches),
    then `work/site` into `work/without` and `work/with`; the hook times in `spent` count
    from there, and must stay empty through the build without the plugin. The URL count
    is that of `work/with/<sitemap>`.
    """
    build(work / "warm", work / "warm-out", True)
    spent.clear()
    without = build(work / "site", work / "without", False)
    if spent:
        raise SystemExit("the plugin ran in the build without it")
    with_plugin = build(work / "site", work / "with", True)
    return without, with_plugin, urls_written(work / "with" / sitemap)


def urls_written(path: Path) -> int:
    """The URL count of the sitemap at `path`; exits unless it is a `<urlset>` with URLs."""
    kind, locs = sitemap_locs(path)
    if kind != "urlset" or not locs:
        raise SystemExit(f"no sitemap was written ({kind})")
    return len(locs)


def report(bench: str, what: str, spent: Counter[str], without: float, with_plugin: float,
           urls: int, note: str = "") -> None:
    """Print the build times, the hook times and, last, the `BENCH` line."""
    hooks = {h: t for h, t in spent.items() if h != GC}
    added = sum(hooks.values())
    pct = 100 * added / with_plugin
    print(f"build without {what}: {without:.2f} s; with: {with_plugin:.2f} s "
          f"(wall difference {with_plugin - without:+.2f} s, noisy)")
    print(f"{what} hooks: " + ", ".join(f"{h.lstrip('_')} {s:.3f} s" for h, s in hooks.items())
          + f" (of which garbage-collector pauses {spent[GC]:.3f} s)")
    print(f"{what}: {added:.3f} s = {pct:.2f}% of the build, "
          f"{1000 * added / urls:.3f} s per 1,000 URLs{note}")
    print(f"BENCH {bench} added_pct={pct:.2f} added_s={added:.3f}")
