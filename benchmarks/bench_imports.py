"""What importing each adapter costs beyond what its generator's own build loads: CPU
time, in fresh interpreters, bytecode cached.

The baseline of each generator is what a real tiny build of it has loaded at the moment
it imports our adapter: the build runs in a child process with our adapter on, and a
finder at the head of `sys.meta_path` lists `sys.modules` (in load order) on the first
import of the adapter's package. That is the generator's command-line entry and what it
loaded before its plugins (MkDocs: `mkdocs.__main__`, `mkdocs.commands.build`,
`mkdocs.config.defaults`, jinja2, markdown, the `search` plugin of its default
configuration; Sphinx: `sphinx.cmd.build`, `sphinx.application`, its builtin extensions
and builders; Pelican: `pelican`, its generators, readers and writers). What the build
loads later (templates, Markdown extensions) is left out, so what our adapter loads
early counts against it. The same build writes every module's bytecode.

Then, per adapter, alternating, `--repeats` pairs of fresh interpreters (their bytecode
written whatever PYTHONDONTWRITEBYTECODE says, and warmed by one run first): one imports
the baseline (in its load order), the other the baseline then the adapter; each measures
the CPU of its imports (`time.process_time`). The adapter's cost is the CPU of its own
import after the baseline, in the same process: best of the repeats (median and worst
beside it). The difference of the two kinds' bests is shown too, as a check; it carries
the baseline's own spread (tens of milliseconds on a busy machine). The last line is
`BENCH imports mkdocs_ms=.. sphinx_ms=.. pelican_ms=..`.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from harness import size_option

# The child that builds a tiny site and lists what is loaded when `PACKAGE` first is.
_SNAPSHOT = """
import sys
PACKAGE, OUT, ARGS = sys.argv[1], sys.argv[2], sys.argv[3:]
class Watch:
    taken = None
    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if cls.taken is None and name == PACKAGE:
            cls.taken = [n for n in sys.modules if n != "__main__" and not n.startswith("sitemap_")]
        return None
sys.meta_path.insert(0, Watch)
{run}
import json
with open(OUT, "w") as out:
    json.dump(Watch.taken, out)
"""
_RUNS = {
    "mkdocs": (
        "from mkdocs.__main__ import cli\ncli(['build', '-q', *ARGS], standalone_mode=False)"
    ),
    "sphinx": "from sphinx.cmd.build import main\nmain(['-q', *ARGS])",
    "pelican": "from pelican import main\nmain(['-q', *ARGS])",
}
# The child that imports the baseline, then (when given) the adapter; prints its CPU.
_IMPORT = """
import sys, time
from importlib import import_module
NAMES, ADAPTER = sys.argv[1], sys.argv[2]
with open(NAMES) as listed:
    names = listed.read().split()
start = time.process_time()
for name in names:
    try:
        import_module(name)
    except Exception:
        pass
base = time.process_time()
if ADAPTER:
    import_module(ADAPTER)
end = time.process_time()
ours = sum(n.startswith("sitemap_") for n in sys.modules)
print(end - start, end - base, ours)
"""
# The children write bytecode whatever the environment says: cached bytecode is measured.
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
ADAPTERS = {
    "mkdocs": "sitemap_mkdocs.plugin",
    "sphinx": "sitemap_sphinx",
    "pelican": "sitemap_pelican",
}


def tiny_site(generator: str, root: Path) -> list[str]:
    """A two-page site of `generator` under `root` with our adapter on; the build's
    command-line arguments."""
    root.mkdir(parents=True)
    out = str(root / "out")
    if generator == "mkdocs":
        (root / "docs").mkdir()
        (root / "docs/index.md").write_text("# Home\n\n[About](about.md)\n")
        (root / "docs/about.md").write_text("# About\n\nText.\n")
        (root / "mkdocs.yml").write_text(
            "site_name: Tiny\nsite_url: https://example.org/\n"
            "plugins: [search, sitemap-suite]\n"  # MkDocs' default plugin, then ours
        )
        return ["-f", str(root / "mkdocs.yml"), "-d", out]
    if generator == "sphinx":
        (root / "index.rst").write_text("Home\n====\n\n.. toctree::\n\n   about\n")
        (root / "about.rst").write_text("About\n=====\n\nText.\n")
        (root / "conf.py").write_text(
            "project = 'Tiny'\nhtml_baseurl = 'https://example.org/'\n"
            "extensions = ['sitemap_sphinx']\n"
        )
        return ["-b", "html", str(root), out]
    (root / "content").mkdir()
    for n in (1, 2):
        (root / f"content/post-{n}.md").write_text(
            f"Title: Post {n}\nDate: 2024-01-0{n}\n\nText.\n"
        )
    (root / "pelicanconf.py").write_text(
        "SITENAME = 'Tiny'\nSITEURL = 'https://example.org'\nPATH = 'content'\n"
        "TIMEZONE = 'UTC'\nPLUGINS = ['sitemap_pelican']\nFEED_ALL_ATOM = None\n"
    )
    return [str(root / "content"), "-s", str(root / "pelicanconf.py"), "-o", out]


def baseline(generator: str, work: Path) -> Path:
    """The file listing what a tiny build of `generator` loaded before our adapter."""
    args = tiny_site(generator, work / generator)
    listed = work / f"{generator}.json"
    code = _SNAPSHOT.replace("{run}", _RUNS[generator])
    subprocess.run(
        [sys.executable, "-c", code, ADAPTERS[generator].split(".")[0], str(listed), *args],
        check=True,
        cwd=work / generator,
        capture_output=True,
        env=_ENV,
    )
    names = json.loads(listed.read_text())
    if not names:
        raise SystemExit(f"{generator}: the build never loaded our adapter")
    names_file = work / f"{generator}.txt"
    names_file.write_text("\n".join(names))
    return names_file


def cpu(names: Path, adapter: str) -> tuple[float, float, int]:
    """One fresh interpreter's CPU seconds: the imports in all, the adapter's alone, and
    how many of our modules it loaded."""
    done = subprocess.run(
        [sys.executable, "-c", _IMPORT, str(names), adapter],
        check=True,
        capture_output=True,
        text=True,
        env=_ENV,
    )
    total, alone, ours = done.stdout.split()
    return float(total), float(alone), int(ours)


def measure(generator: str, names: Path, repeats: int) -> float:
    """Print one generator's figures; the adapter's CPU ms beyond the baseline."""
    adapter = ADAPTERS[generator]
    cpu(names, adapter)  # bytecode of everything written, caches warm
    base: list[float] = []
    with_: list[float] = []
    alone: list[float] = []
    ours = 0
    for n in range(repeats):
        for plugin in (n % 2 == 0, n % 2 != 0):  # alternate which goes first
            total, inside, loaded = cpu(names, adapter if plugin else "")
            if plugin:
                with_.append(total)
                alone.append(inside)
                ours = loaded
            else:
                base.append(total)
    beyond = 1000 * min(alone)
    print(
        f"{generator}: {len(names.read_text().split())} modules before {adapter}; "
        f"baseline best {1000 * min(base):.1f} ms (median {1000 * statistics.median(base):.1f}), "
        f"with the adapter best {1000 * min(with_):.1f} ms "
        f"(median {1000 * statistics.median(with_):.1f}; the difference of the bests "
        f"{1000 * (min(with_) - min(base)):.1f} ms); the adapter's own imports: best "
        f"{beyond:.1f} ms (median {1000 * statistics.median(alone):.1f}, "
        f"max {1000 * max(alone):.1f}); "
        f"{ours} modules of ours"
    )
    return beyond


def main() -> None:
    repeats = size_option(__doc__, "repeats", 7, 3, "fresh interpreters per measurement")
    with tempfile.TemporaryDirectory(prefix="bench-imports-") as tmp:
        work = Path(tmp)
        figures = {g: measure(g, baseline(g, work), repeats) for g in ADAPTERS}
    print("BENCH imports " + " ".join(f"{g}_ms={ms:.1f}" for g, ms in figures.items()))


if __name__ == "__main__":
    main()
