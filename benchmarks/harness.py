"""What the benchmarks share: the size options, a dated repository made fast, hook timers,
the warm-up and the builds without and with the plugin, the URL count of the sitemap
written, the floor, the report.

A plugin's cost is the time spent inside its own hooks, timed in-process (whole builds
vary 10-25% on these machines), reported per 1,000 URLs, as a share of the build, and
against the floor of the same run: reading the same built heads plainly plus the git
pass alone (`GitDates.load`, then `prefetch` of every page's sources). The floor runs git
and waits for it; the plugins start git early (`read_ahead`) and mostly do not wait, so
their cost can come out under the floor (`vs_floor` < 1) in a long history.
"""

from __future__ import annotations

import argparse
import functools
import gc
import os
import resource
import subprocess
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from sitemap_core.checking.validate import sitemap_locs
from sitemap_core.facts.gitdates import GitDates
from sitemap_core.values.page import Page
from sitemap_core.writing.run import _Run

GC = "gc"  # the `time_calls` key of collector pauses inside the hooks
# The `time_calls` key of the CPU seconds of the child processes (git) of the build with
# the plugin (`timed_build`): all of them, reaped by its end.
CHILDREN = "children"
NOT_HOOKS = (GC, CHILDREN)
START = 1_600_000_000  # commit i is dated START + i hours


def _parser(doc: str, name: str, default: int, quick: int, unit: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=doc)
    parser.add_argument(
        f"--{name}", type=int, default=default, help=f"{unit} (default {default:,})"
    )
    parser.add_argument("--quick", action="store_true", help=f"{quick:,} {unit}")
    return parser


def size_option(doc: str, name: str, default: int, quick: int, unit: str) -> int:
    """Parse `--<name> N` and `--quick` (N = `quick`) from the command line; the size to run."""
    args = _parser(doc, name, default, quick, unit).parse_args()
    return quick if args.quick else getattr(args, name)


def adapter_options(
    doc: str, default: int, quick: int, unit: str, name: str = "pages"
) -> tuple[int, int | None]:
    """`size_option` for `--<name>` (`--pages`), and `--history N`: the site inside a
    repository with N more commits touching other folders (None when not given)."""
    args = adapter_args(doc, default, quick, unit, name)
    return args.size, args.history


def adapter_args(
    doc: str, default: int, quick: int, unit: str, name: str = "pages", site: str = ""
) -> argparse.Namespace:
    """`adapter_options`' arguments as `size` and `history`; with `site` (its help), a
    `--site PATH` too (a real site to build instead, `site`: None when not given) and
    `--memory`."""
    parser = _parser(doc, name, default, quick, unit)
    parser.add_argument(
        "--history",
        type=int,
        metavar="N",
        help="N extra commits outside the site's folder, among its own",
    )
    if site:
        parser.add_argument("--site", type=Path, metavar="PATH", help=site)
        parser.add_argument(
            "--memory", action="store_true", help="with --site: the two memory builds too"
        )
    args = parser.parse_args()
    args.size = quick if args.quick else getattr(args, name)
    return args


def make_repo(root: Path, files: dict[str, str], folder: str = "docs/", history: int = 0) -> None:
    """A repository with one commit per file (under `folder`), in one `git fast-import` run,
    and `history` more commits spread evenly among them (the newest last), each changing
    one of 500 files in 50 folders outside `folder`: a project whose docs are a small
    part of its history."""
    subprocess.run(["git", "init", "-q", "-b", "main", str(root)], check=True)
    changes = []
    for n, (path, text) in enumerate(files.items()):
        changes.append((f"add {path}", f"{folder}{path}", text))
        for k in range(n * history // len(files), (n + 1) * history // len(files)):
            changes.append((f"change {k}", f"src/pkg-{k % 50}/mod-{k % 500}.py", f"N = {k}\n"))
    stream = bytearray()
    for i, (message, path, text) in enumerate(changes, 1):
        data = text.encode()
        stream += (
            f"commit refs/heads/main\nmark :{i}\n"
            f"committer Bench <bench@example.com> {START + i * 3600} +0000\n"
            f"data {len(message)}\n{message}\n"
        ).encode()
        if i > 1:
            stream += f"from :{i - 1}\n".encode()
        stream += f"M 100644 inline {path}\ndata {len(data)}\n".encode() + data + b"\n"
    subprocess.run(["git", "fast-import", "--quiet"], cwd=root, input=bytes(stream), check=True)
    subprocess.run(["git", "reset", "--hard", "-q"], cwd=root, check=True)


def time_calls(*targets: tuple[Any, Iterable[str]]) -> Counter[str]:
    """For each `(owner, names)`, replace `owner.<name>` for each name with a timed
    wrapper; seconds spent, per name.

    Garbage-collector pauses that fall inside the wrappers are counted in the hooks' time
    and, again, under `GC` (a full collection scans the generator's whole heap, whoever
    allocated last: worth seeing apart). A wrapper reads the clock twice and nothing else:
    one that also read the CPU of child processes (`getrusage`) added 10 µs to each call
    of a hook run per page in a big build, more than the hook itself. The child processes'
    CPU is taken over the whole build instead (`timed_build`).
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

    for owner, names in targets:
        for name in names:
            setattr(owner, name, timed(name, getattr(owner, name)))
    gc.callbacks.append(pause)
    return spent


def timed_build(spent: Counter[str], build: Callable[[], float]) -> float:
    """`build()`'s seconds; the CPU seconds of the child processes it ran (git's: the
    generators run none), under `spent[CHILDREN]`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    seconds = build()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    spent[CHILDREN] = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return seconds


def time_builds(
    spent: Counter[str],
    build: Callable[[Path, Path, bool], float],
    work: Path,
    sitemap: str = "sitemap.xml",
) -> tuple[float, float, int, float]:
    """Warm up, then time the site without and with the plugin; both times, the URLs and
    the floor.

    `build(site, out, plugin)` builds one site into `out` and returns its seconds. The
    small site `work/warm` is built first with the plugin (imports, templates, caches),
    then `work/site` into `work/without` and `work/with`; the hook times in `spent` count
    from there, and must stay empty through the build without the plugin. The URL count
    is that of `work/with/<sitemap>`; the floor is `floor` of the pages that build gave
    the core.
    """
    given = record_pages()
    build(work / "warm", work / "warm-out", True)
    spent.clear()
    without = build(work / "site", work / "without", False)
    if spent:
        raise SystemExit("the plugin ran in the build without it")
    given.clear()
    with_plugin = timed_build(spent, lambda: build(work / "site", work / "with", True))
    return without, with_plugin, urls_written(work / "with" / sitemap), floor(given)


def urls_written(path: Path) -> int:
    """The URL count of the sitemap at `path`; exits unless it is a `<urlset>` with URLs."""
    kind, locs = sitemap_locs(path)
    if kind != "urlset" or not locs:
        raise SystemExit(f"no sitemap was written ({kind})")
    return len(locs)


def record_pages() -> list[Page]:
    """From now on, keep every page the core is given (by any adapter)."""
    pages: list[Page] = []
    run = _Run.run

    def recording(self: _Run, given: Iterable[Page]) -> Any:
        return run(self, _kept(given, pages))

    _Run.run = recording  # type: ignore[method-assign]
    return pages


def _kept(given: Iterable[Page], pages: list[Page]) -> Iterator[Page]:
    for page in given:
        pages.append(page)
        yield page


def floor(pages: list[Page]) -> float:
    """Seconds to read the built heads of `pages` plainly (bytes up to `</head>`, nothing
    parsed) and to run the git pass alone: `GitDates.load`, `prefetch` of every source
    (of the pages and of the pages they list), each once."""
    start = time.perf_counter()
    for page in pages:
        if page.output is not None:
            read_head(page.output)
    sources = list(
        dict.fromkeys(
            src for page in pages for listed in (page, *page.lists) for src in listed.sources
        )
    )
    if sources:
        git, _ = GitDates.load(Path(sources[0]).parent)
        if git is not None:
            git.prefetch(sources)
    return time.perf_counter() - start


def written_plainly(sitemap: Path, out: Path) -> float:
    """Seconds to write the URLs of `sitemap` (each `<loc>`, with its `<lastmod>` when it
    has one) again plainly with lxml into `out`: a tree of `SubElement`s, then
    `ElementTree.write`. The same URLs, written with no check and no head read: the
    floor of writing them. `sitemap` is parsed before the clock starts."""
    from lxml import etree

    ns = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
    urls = [
        (url.findtext(f"{ns}loc"), url.findtext(f"{ns}lastmod"))
        for url in etree.parse(str(sitemap)).getroot().iterchildren(f"{ns}url")
    ]
    start = time.perf_counter()
    urlset = etree.Element(f"{ns}urlset", nsmap={None: ns[1:-1]})
    for loc, lastmod in urls:
        url = etree.SubElement(urlset, f"{ns}url")
        etree.SubElement(url, f"{ns}loc").text = loc
        if lastmod:
            etree.SubElement(url, f"{ns}lastmod").text = lastmod
    etree.ElementTree(urlset).write(str(out), xml_declaration=True, encoding="UTF-8")
    return time.perf_counter() - start


def read_head(path: str | os.PathLike[str]) -> bytes:
    """A page's bytes up to `</head>`, read plainly (the floor of reading a head)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        data = os.read(fd, 1 << 15)
        while b"</head>" not in data and (more := os.read(fd, 1 << 15)):
            data += more
    finally:
        os.close(fd)
    return data


def report(
    bench: str,
    what: str,
    spent: Counter[str],
    without: float,
    with_plugin: float,
    urls: int,
    floor_s: float,
    note: str = "",
) -> None:
    """Print the build times, the hook times, the floor and, last, the `BENCH` line."""
    hooks = {h: t for h, t in spent.items() if h not in NOT_HOOKS}
    added = sum(hooks.values())
    pct = 100 * added / with_plugin
    per_1000_ms = 1e6 * added / urls
    if without:
        print(
            f"build without {what}: {without:.2f} s; with: {with_plugin:.2f} s "
            f"(wall difference {with_plugin - without:+.2f} s, noisy)"
        )
    else:  # a real site: no build without it (minutes each)
        print(f"build with {what}: {with_plugin:.2f} s")
    print(
        f"{what} hooks: "
        + ", ".join(f"{h.lstrip('_')} {s:.3f} s" for h, s in hooks.items())
        + f" (of which garbage-collector pauses {spent[GC]:.3f} s); the child processes "
        f"of the build (git): {spent[CHILDREN]:.2f} s of CPU"
    )
    print(
        f"{what}: {added:.3f} s = {pct:.2f}% of the build, "
        f"{per_1000_ms:.1f} ms per 1,000 URLs{note}"
    )
    print(f"floor (as the benchmark's doc defines it): {floor_s:.3f} s")
    print(
        f"BENCH {bench} added_pct={pct:.2f} added_s={added:.3f} per_1000_ms={per_1000_ms:.1f} "
        f"vs_floor={added / floor_s:.2f}"
    )


# The option a benchmark runs itself with, in a child process, to build one site for
# `peak_mb_added`: `--rss-build SITE OUT 0|1`.
RSS_BUILD = "--rss-build"


def rss_child(build: Callable[[Path, Path, bool], float]) -> bool:
    """In a child started by `peak_mb_added` (`--rss-build SITE OUT 0|1` on the command
    line): build SITE into OUT, with the plugin when 1, and print `RSS_KB <ru_maxrss>`, the
    peak resident memory of this process. False (nothing done) in any other process."""
    import resource
    import sys

    if len(sys.argv) != 5 or sys.argv[1] != RSS_BUILD:
        return False
    build(Path(sys.argv[2]), Path(sys.argv[3]), sys.argv[4] == "1")
    print(f"RSS_KB {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}")
    return True


def peak_mb_added(script: str | os.PathLike[str], work: Path) -> tuple[float, float]:
    """The peak resident memory (`ru_maxrss`) of two separate builds of `work/site`, each
    in a fresh process running `script` with `--rss-build` (see `rss_child`), without and
    with the plugin: the MB the plugin adds, and the peak without it in MB."""
    import sys

    peaks = []
    for plugin in (False, True):
        out = work / ("rss-with" if plugin else "rss-without")
        done = subprocess.run(
            [
                sys.executable,
                str(script),
                RSS_BUILD,
                str(work / "site"),
                str(out),
                str(int(plugin)),
            ],
            check=True,
            capture_output=True,
            text=True,
        )
        last = done.stdout.strip().splitlines()[-1]
        if not last.startswith("RSS_KB "):
            raise SystemExit(f"the memory build printed no RSS_KB line: {last!r}")
        peaks.append(int(last.split()[1]) / 1024)
    return peaks[1] - peaks[0], peaks[0]


def report_peer(
    bench: str,
    what: str,
    spent: Counter[str],
    without: float,
    with_plugin: float,
    urls: int,
    floor_s: float,
    peer: str,
    peer_spent: Counter[str],
    peer_build: float,
    peer_urls: int,
    peak_added: float,
    peak_without: float,
    extra: str = "",
) -> None:
    """`report`'s lines but its `BENCH` line; the hook times of the peer plugin (`peer`,
    timed as ours, in its own build of the same site in the same run, or in ours:
    `peer_build` is then ours, and each share is of that build of both) and the peak
    memory ours adds; then, last, the one `BENCH` line:
    `share_pct` (our hooks' share of our build), `per_1000_ms`, `vs_peer` (our hooks' time
    over the peer's), `peak_mb_added` (ru_maxrss of separate builds without and with our
    plugin), and the peer's own share and time per 1,000 URLs; then `extra` (`key=value`
    pairs of the benchmark's own)."""
    import contextlib
    import io

    lines = io.StringIO()
    with contextlib.redirect_stdout(lines):
        report(bench, what, spent, without, with_plugin, urls, floor_s)
    print("\n".join(lines.getvalue().splitlines()[:-1]))
    added = sum(t for h, t in spent.items() if h not in NOT_HOOKS)
    peer_added = sum(t for h, t in peer_spent.items() if h not in NOT_HOOKS)
    share = 100 * added / with_plugin
    peer_share = 100 * peer_added / peer_build
    print(
        f"{peer} hooks (build of {peer_build:.2f} s): "
        + ", ".join(
            f"{h.lstrip('_')} {s:.3f} s" for h, s in peer_spent.items() if h not in NOT_HOOKS
        )
        + f" (of which garbage-collector pauses {peer_spent[GC]:.3f} s)"
    )
    print(
        f"{peer}: {peer_added:.3f} s = {peer_share:.2f}% of its build, "
        f"{1e6 * peer_added / peer_urls:.1f} ms per 1,000 of its {peer_urls} URLs; {what}: {added / peer_added:.2f}x that"
    )
    print(
        f"peak memory (ru_maxrss of separate builds): {peak_without:.0f} MB without the "
        f"{what}, {peak_added:+.1f} MB with it"
    )
    print(
        f"BENCH {bench} share_pct={share:.2f} added_s={added:.3f} "
        f"per_1000_ms={1e6 * added / urls:.1f} vs_peer={added / peer_added:.2f} "
        f"peak_mb_added={peak_added:.1f} vs_floor={added / floor_s:.2f} "
        f"peer_share_pct={peer_share:.2f} peer_per_1000_ms={1e6 * peer_added / peer_urls:.1f}"
        + (f" {extra}" if extra else "")
    )
