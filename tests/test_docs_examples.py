"""The getting-started pages do what they say, pasted as they are: each page's shell
blocks, config files and option snippets are run in order in an empty folder, with the
real generator, and every build is strict (`mkdocs build --strict`, `properdocs build
--strict`, `pelican --fatal warnings`, `sphinx-build -W`, `sitemap-suite generate
--strict`). An option snippet (`plugins:` ...) replaces the plugins of the page's config
file, front matter and field lists go on a page, and the build is run again. A build
line's comment that gives the summary (`# sitemap: 2 URLs ...; lastmod from git 2`) is
checked against the build's output.

ProperDocs and Zensical are not in the dev environment: each is installed once into a
venv cached across runs, from the package registry (marked `registry`). ProperDocs' page
falls back to MkDocs reading properdocs.yml when that install fails; Zensical's skips.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
PAGES = ROOT / "docs" / "getting-started"
BIN = Path(sys.executable).parent
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "sitemap-suite"
PIP_TIMEOUT = 600

FENCE = re.compile(r"^```(\w*)\n(.*?)^```\n", re.M | re.S)
FILE_HEADER = re.compile(r"# ([\w./-]+\.(?:yml|yaml|py|toml))\n")
BUILDS = ("mkdocs", "properdocs", "pelican", "sphinx-build", "zensical", "sitemap-suite")
SETUP = ("mkdir", "printf", "git", "cd")
SKIPPED = ("python3", "python", ".", "pip")  # the venv and the install: this environment's
CLAIMS = re.compile(r"sitemap: \d+ URLs|lastmod from git \d+")


def blocks(page: str) -> list[tuple[str, str]]:
    """The fenced code blocks of docs/getting-started/PAGE, as (language, text)."""
    text = (PAGES / page).read_text(encoding="utf-8")
    return [(m.group(1), m.group(2)) for m in FENCE.finditer(text)]


def _venv_with(name: str, *requirements: str) -> Path | None:
    """The bin folder of a venv cached across runs holding `requirements`, made when
    absent; None when the registry cannot give them."""
    venv = CACHE / name
    made = venv / "bin" / "ok"  # what it was made with: an editable clone's folder may move
    if made.is_file() and made.read_text(encoding="utf-8") == repr(requirements):
        return venv / "bin"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    subprocess.run([sys.executable, "-m", "venv", "--clear", venv], check=True, env=env)
    try:
        done = subprocess.run(
            [venv / "bin" / "python", "-m", "pip", "install", "--quiet", *requirements],
            env=env,
            capture_output=True,
            timeout=PIP_TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return None
    if done.returncode:
        return None
    made.write_text(repr(requirements), encoding="utf-8")
    return venv / "bin"


@dataclass
class Run:
    """A page followed in a temporary folder: where it is, its config file, its last
    builds, and every build's output."""

    cwd: Path
    extra_path: list[Path] = field(default_factory=list)
    replace: dict[str, str] = field(default_factory=dict)  # command words, when substituted
    config: Path | None = None
    builds: list[str] = field(default_factory=list)
    outputs: list[str] = field(default_factory=list)

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"}
        path = [str(BIN), *map(str, self.extra_path), env.get("PATH", "")]
        return env | {
            "PATH": os.pathsep.join(path),
            "NO_MKDOCS_2_WARNING": "1",
            "COLUMNS": "400",  # Pelican's log lines unwrapped
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_CONFIG_GLOBAL": os.devnull,
            "GIT_AUTHOR_NAME": "Ada",
            "GIT_AUTHOR_EMAIL": "ada@example.org",
            "GIT_COMMITTER_NAME": "Ada",
            "GIT_COMMITTER_EMAIL": "ada@example.org",
        }

    def shell(self, command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            ["bash", "-c", command],
            cwd=self.cwd,
            env=self.env(),
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )

    def strict(self, command: str) -> str:
        """`command` as the page gives it, strict where it is not already."""
        word = shlex.split(command, comments=True)[0]
        if word == "pelican" and "--fatal" not in command:
            command = command.replace("pelican ", "pelican --fatal warnings ", 1)
        if word == "sitemap-suite" and " generate " in command and "--strict" not in command:
            command = command.replace(" generate ", " generate --strict ", 1)
        if word == "sphinx-build" and " -E" not in command:
            # A fresh environment each build: with the clock moved ahead (make test's second
            # run, faketime), Sphinx would take a page edited since its last build for read.
            command = command.replace("sphinx-build ", "sphinx-build -E ", 1)
        for old, new in self.replace.items():
            command = re.sub(rf"(?<![\w./-]){re.escape(old)}(?![\w-])", new, command)
        return command

    def build(self, command: str, claims: bool = True) -> str:
        """Run a build line; it must pass, and its comment's summary must be in its output
        (`claims`: not when it is run again after a later change)."""
        done = self.shell(self.strict(command))
        out = done.stdout + done.stderr
        assert done.returncode == 0, f"{command}\n{out}"
        comment = command.partition(" #")[2]
        for claim in CLAIMS.findall(comment) if claims else ():
            assert claim in out, f"{command}: no {claim!r} in\n{out}"
        self.outputs.append(out)
        return out

    def sh(self, text: str) -> None:
        builds = []
        for line in text.splitlines():
            for segment in line.split(" && "):
                words = shlex.split(segment, comments=True)
                if not words or words[0] in SKIPPED:
                    continue
                if words[0] == "cd":
                    self.cwd = self.cwd / words[1]
                elif words[0] in SETUP:
                    done = self.shell(segment)
                    assert done.returncode == 0, f"{segment}\n{done.stdout}{done.stderr}"
                elif words[0] in BUILDS:
                    builds.append(segment)
                else:
                    raise AssertionError(f"a command this test does not know: {segment}")
        if any(shlex.split(b)[0] != "sitemap-suite" or " generate " in b for b in builds):
            self.builds = builds  # the lines that build, run again after a config change
        if self.config is not None:
            for command in builds:
                self.build(command)

    def rebuild(self) -> None:
        for command in self.builds:
            self.build(command, claims=False)

    def write(self, name: str, text: str) -> None:
        (self.cwd / name).write_text(text, encoding="utf-8")
        if name.endswith((".yml", ".toml")) or Path(name).name in ("pelicanconf.py", "conf.py"):
            self.config = self.cwd / name
        self.rebuild()

    def plugins(self, snippet: str) -> None:
        """An option snippet: the config file's plugins replaced by the snippet's."""
        plugins = yaml.safe_load(snippet)["plugins"]
        assert self.config is not None and self.config.suffix == ".yml", snippet
        config = yaml.safe_load(self.config.read_text(encoding="utf-8"))
        config["plugins"] = plugins
        self.config.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
        self.rebuild()

    def block(self, lang: str, text: str) -> None:
        header = FILE_HEADER.match(text)
        if lang == "sh":
            self.sh(text)
        elif header and header.group(0) == text.splitlines(keepends=True)[0]:
            self.write(header.group(1), text)
        elif lang == "yaml" and text.startswith("- run:"):
            pass  # a CI step: its commands are the page's own, run above
        elif lang == "yaml" and re.match(r"(#.*\n)*plugins:", text):
            self.plugins(text)
        elif lang == "yaml" and text.startswith("---\n"):
            page = self.cwd / "docs" / "about.md"  # front matter, on a page of the site
            page.write_text(text + page.read_text(encoding="utf-8"), encoding="utf-8")
            self.rebuild()
        elif lang == "rst" and text.startswith(":sitemap_"):
            (self.cwd / "docs" / "usage.rst").write_text(text, encoding="utf-8")
            self.rebuild()
        else:
            raise AssertionError(f"a {lang} block this test does not know how to build:\n{text}")


def follow(page: str, tmp_path: Path, **kwargs: object) -> Run:
    """Every block of `page`, in order, in tmp_path."""
    run = Run(tmp_path, **kwargs)  # type: ignore[arg-type]
    for lang, text in blocks(page):
        run.block(lang, text)
    assert run.outputs, f"{page}: no build ran"
    return run


@pytest.mark.slow
def test_mkdocs_page(tmp_path: Path) -> None:
    run = follow("mkdocs.md", tmp_path)
    assert "sitemap: 2 URLs" in run.outputs[0]
    site = run.cwd / "site"
    assert (site / "drafts" / "plan" / "index.html").is_file()  # built, and left out:
    assert "drafts/plan/" not in (site / "sitemap.xml").read_text(encoding="utf-8")
    # The docs' warning: a pattern that matches nothing fails --strict.
    text = run.config.read_text(encoding="utf-8")  # type: ignore[union-attr]
    run.config.write_text(text.replace("drafts/*", "draft/*"), encoding="utf-8")  # type: ignore[union-attr]
    done = run.shell("mkdocs build --strict")
    assert done.returncode == 1 and "pattern 'draft/*' matched no URL" in done.stderr


@pytest.mark.slow
@pytest.mark.registry
def test_properdocs_page(tmp_path: Path) -> None:
    """With ProperDocs and its theme, without MkDocs, as the page installs them (the
    clone editable, so the venv follows it); else MkDocs reading properdocs.yml."""
    bin_dir = _venv_with(
        "docs-properdocs-venv", "-e", f"{ROOT}[properdocs]", "properdocs-theme-mkdocs"
    )
    if bin_dir is not None and (bin_dir / "properdocs").is_file():
        assert not (bin_dir / "mkdocs").exists()
        run = follow("properdocs.md", tmp_path, extra_path=[bin_dir])
    else:
        run = follow(
            "properdocs.md",
            tmp_path,
            replace={"properdocs build": "mkdocs build -f properdocs.yml"},
        )
    config = yaml.safe_load(run.config.read_text(encoding="utf-8"))  # type: ignore[union-attr]
    assert config["plugins"] == {"search": {}, "sitemap-suite": {}}  # the mapping form, built


@pytest.mark.slow
def test_pelican_page(tmp_path: Path) -> None:
    run = follow("pelican.md", tmp_path)
    out = run.cwd / "output"
    sitemap = (out / "sitemap.xml").read_text(encoding="utf-8")
    assert "/first-post.html" in sitemap and "/author/" not in sitemap
    assert (out / "author" / "ada.html").is_file()
    # pelican-quickstart's pelicanconf.py: SITEURL = "": an info line, no sitemap, green.
    conf = run.cwd / "pelicanconf.py"
    text = conf.read_text(encoding="utf-8")
    text = re.sub(r'^SITEURL = ".*', 'SITEURL = ""', text, flags=re.M)
    feeds = (
        "FEED_ALL_ATOM",
        "CATEGORY_FEED_ATOM",
        "TRANSLATION_FEED_ATOM",
        "AUTHOR_FEED_ATOM",
        "AUTHOR_FEED_RSS",
    )  # pelican-quickstart's: feeds off while developing
    conf.write_text(text + "".join(f"{name} = None\n" for name in feeds), encoding="utf-8")
    done = run.shell("rm -r output && pelican content -s pelicanconf.py --fatal warnings -v")
    assert done.returncode == 0, done.stdout + done.stderr
    quoted = "pelicanconf.py (SITEURL): empty, as in a development build: no sitemap written"
    assert quoted in done.stdout + done.stderr
    assert "sitemap: not written: no base URL is set" in done.stdout + done.stderr
    assert quoted in " ".join((PAGES / "pelican.md").read_text(encoding="utf-8").split())
    assert not (out / "sitemap.xml").exists() and not (out / "robots.txt").exists()
    run.build("pelican content -s publishconf.py --fatal warnings")  # publishing: written
    assert "https://example.org/first-post.html" in (out / "sitemap.xml").read_text(
        encoding="utf-8"
    )
    assert (out / "robots.txt").is_file()


@pytest.mark.slow
def test_sphinx_page(tmp_path: Path) -> None:
    run = follow("sphinx.md", tmp_path)
    sitemap = (run.cwd / "docs" / "_build" / "html" / "sitemap.xml").read_text(encoding="utf-8")
    assert "https://example.org/project/" in sitemap
    assert "usage.html" not in sitemap  # the field list's `:sitemap_exclude: true`, last


@pytest.mark.slow
@pytest.mark.registry
def test_zensical_page(tmp_path: Path) -> None:
    """With the Zensical the registry gives (0.0.73 here: later ones need zensical-ui)."""
    bin_dir = CACHE / "zensical-venv" / "bin"  # tests/test_zensical.py's, when it made it
    if not (bin_dir / "zensical").is_file():
        bin_dir = _venv_with("zensical-venv", "zensical")
    if bin_dir is None or not (bin_dir / "zensical").is_file():
        pytest.skip("pip install zensical failed (package registry unreachable?)")
    run = Run(tmp_path, extra_path=[bin_dir])
    for lang, text in blocks("zensical.md"):
        if lang == "yaml" and text.startswith("# mkdocs.yml"):
            # The same options as Zensical reads them from mkdocs.yml.
            project = tomllib.loads((run.cwd / "zensical.toml").read_text(encoding="utf-8"))
            config = {k: project["project"][k] for k in ("site_name", "site_url")}
            config["plugins"] = yaml.safe_load(text)["plugins"]
            (run.cwd / "mkdocs.yml").write_text(yaml.safe_dump(config), encoding="utf-8")
            run.replace = {
                "zensical build": "zensical build -f mkdocs.yml",
                "zensical.toml": "mkdocs.yml",
            }
            run.rebuild()
            run.replace = {}
        else:
            run.block(lang, text)
    sitemap = (run.cwd / "site" / "sitemap.xml").read_text(encoding="utf-8")
    assert "https://example.org/about/" in sitemap and "drafts" not in sitemap
    # Its messages name the config file, as the page quotes them.
    toml = run.cwd / "zensical.toml"
    toml.write_text(
        toml.read_text(encoding="utf-8").replace("changefreq", "changefreqq"), encoding="utf-8"
    )
    done = run.shell("sitemap-suite generate site --config zensical.toml --strict")
    quoted = "warning option zensical.toml (changefreqq): unknown sitemap option (did you mean"
    assert done.returncode == 1 and quoted in done.stdout + done.stderr
    assert quoted in " ".join((PAGES / "zensical.md").read_text(encoding="utf-8").split())


INSTALL_DOCS = [ROOT / "README.md", ROOT / "docs" / "install.md", ROOT / "docs" / "index.md"]


@pytest.mark.parametrize("path", [*INSTALL_DOCS, *sorted(PAGES.glob("*.md"))], ids=lambda p: p.name)
def test_install_lines_name_what_installs(path: Path) -> None:
    """sitemap-suite is not on the package index: a `pip install` line naming it by name
    (not a clone's folder or a wheel) says it works once published."""
    for line in path.read_text(encoding="utf-8").splitlines():
        if "pip install" not in line:
            continue
        by_name = re.search(r"""pip install [^`#]*?(?<![/.\w-])["']?sitemap-suite\b""", line)
        if by_name:
            assert "published" in line, f"{path.name}: {line}"
