"""llms.txt (issue 39) in the core: rendered from the section tree, the sitemap's URLs less
listings, llms-full.txt's Markdown, the missing extra, `generate` on a static folder, and
`validate` reading an llms.txt."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from helpers import urls_in
from sitemap_core import Page, Section, Site, write_sitemaps
from sitemap_core.commands import main
from sitemap_core.options import settings_from_options
from sitemap_core.values.codes import Code
from sitemap_core.writing import markdown

BASE = "https://example.org/docs/"


def settings(**options):
    made, issues = settings_from_options({"validate": "warn", "robots_txt": False, **options}, BASE)
    assert issues == []
    return made


def built(folder: Path, rel: str, text: str) -> Path:
    path = folder / "src" / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


GUIDE = Section("Guide", "guide/")


def site_pages(folder: Path) -> list[Page]:
    noindex = built(
        folder, "hidden.html", '<html><head><meta name="robots" content="noindex"></head></html>'
    )
    return [
        Page("", title="Home", description="Where it starts"),
        Page("guide/", title="Guide", rank=1),
        Page("guide/install/", title="Install", section=(GUIDE,), rank=2, description="Set\n up"),
        Page("guide/deep/x/", title="X [beta]", section=(GUIDE, Section("Deep")), rank=4),
        Page("guide/use/", title="Use", section=(GUIDE,), rank=3),
        Page("genindex/", title="Index", listing=True, rank=5),
        Page("gone/", title="Gone", exclude=True, rank=6),
        Page("hidden/", title="Hidden", output=noindex, rank=7),
        Page("untitled/", rank=8),
        Page("https://other.example/x/", title="Elsewhere", rank=9),
        Page("about/", title="About", rank=10),
    ]


EXPECTED = """\
# My docs

> Docs for everyone

## Pages

- [Home](https://example.org/docs/): Where it starts
- [About](https://example.org/docs/about/)

## Guide

- [Guide](https://example.org/docs/guide/)
- [Install](https://example.org/docs/guide/install/): Set up
- [Use](https://example.org/docs/guide/use/)

## Guide / Deep

- [X \\[beta\\]](https://example.org/docs/guide/deep/x/)
"""


def test_llms_txt_from_the_section_tree(tmp_path):
    out = tmp_path / "site"
    result = write_sitemaps(
        site_pages(tmp_path),
        out,
        settings(llms_txt="yes"),
        site=Site("My docs", "Docs for everyone"),
    )
    text = (out / "llms.txt").read_text(encoding="utf-8")
    assert text == EXPECTED
    assert not (out / "llms-full.txt").exists()
    # Every link is a URL the sitemap lists; the sitemap lists the listing too.
    listed = set(urls_in(out / "sitemap.xml"))
    links = {
        line.split("](")[1].split(")")[0] for line in text.splitlines() if line.startswith("- [")
    }
    assert links <= listed
    assert listed - links == {BASE + "genindex/", BASE + "untitled/"}
    assert [i for i in result.issues if i.code == Code.LLMS] == []


def test_off_by_default_and_sitemap_bytes_unchanged(tmp_path):
    write_sitemaps(site_pages(tmp_path), tmp_path / "a", settings())
    write_sitemaps(site_pages(tmp_path), tmp_path / "b", settings(llms_txt="full"))
    assert not (tmp_path / "a" / "llms.txt").exists()
    assert (tmp_path / "a" / "sitemap.xml").read_bytes() == (
        tmp_path / "b" / "sitemap.xml"
    ).read_bytes()


def test_same_input_same_bytes_no_temporaries(tmp_path):
    out = tmp_path / "site"
    for _ in range(2):
        write_sitemaps(site_pages(tmp_path), out, settings(llms_txt="full"), site=Site("S"))
        first = (out / "llms.txt").read_bytes(), (out / "llms-full.txt").read_bytes()
    write_sitemaps(
        site_pages(tmp_path), tmp_path / "again", settings(llms_txt="full"), site=Site("S")
    )
    again = tmp_path / "again"
    assert first == ((again / "llms.txt").read_bytes(), (again / "llms-full.txt").read_bytes())
    assert not [p for p in out.iterdir() if p.name.startswith(".")]


def test_duplicate_and_canonical_pages(tmp_path):
    other = built(
        tmp_path,
        "copy.html",
        '<html><head><link rel="canonical" href="https://example.org/docs/a/"></head></html>',
    )
    pages = [
        Page("a/", title="A"),
        Page("a/", title="A again"),
        Page("copy/", title="Copy", output=other),
    ]
    out = tmp_path / "site"
    write_sitemaps(pages, out, settings(llms_txt="yes"))
    text = (out / "llms.txt").read_text()
    assert "- [A](https://example.org/docs/a/)" in text
    assert "A again" not in text and "Copy" not in text


def test_name_falls_back_to_the_home_page(tmp_path):
    out = tmp_path / "site"
    write_sitemaps([Page("", title="Welcome", description="Hello")], out, settings(llms_txt="yes"))
    assert (out / "llms.txt").read_text().startswith("# Welcome\n\n> Hello\n\n## Pages\n")


PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>Install - Docs</title></head>
<body><header class="md-header"><nav>Site nav</nav><form role="search"><input></form></header>
<nav class="md-nav">Left nav</nav>
<main class="md-main"><article class="md-content__inner md-typeset">
<a class="md-content__button" href="edit">Edit</a>
<h1 id="install">Install ünïcode<a class="headerlink" href="#install">¶</a></h1>
<p>Run <code>pip_install</code>, see <a href="../use/">use</a> and <a href="#x">below</a>.</p>
<div class="language-python highlight"><pre><span></span><code>import x
print(x)</code></pre></div>
<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>
<ul><li>one</li><li>two</li></ul>
<img src="pic.png" alt="A picture">
<nav class="md-tags">tags</nav>
</article><aside class="md-sidebar">TOC</aside></main>
<footer>Made with care</footer><script>var x = 1;</script></body></html>
"""


def test_main_content_as_markdown():
    text = markdown.page_markdown(PAGE.encode(), "https://example.org/docs/guide/install/")
    assert text.startswith("# Install ünïcode\n")
    assert "Run `pip_install`, see [use](https://example.org/docs/guide/use/)" in text
    assert "[below](https://example.org/docs/guide/install/#x)" in text
    assert "```python\nimport x\nprint(x)\n```" in text
    assert "| a | b |" in text and "| 1 | 2 |" in text
    assert "- one\n- two" in text
    for furniture in (
        "Site nav",
        "Left nav",
        "TOC",
        "Made with care",
        "var x",
        "Edit",
        "¶",
        "pic.png",
        "tags",
    ):
        assert furniture not in text, furniture


SPHINX_PAGE = """<html><head><title>Usage</title></head><body>
<div class="related" role="navigation">nav</div>
<div class="document"><div class="documentwrapper"><div class="body" role="main">
<section id="usage"><h1>Usage<a class="headerlink" href="#usage">¶</a></h1>
<div class="highlight-python notranslate"><div class="highlight"><pre><span></span><span class="n">a</span> <span class="o">=</span> <span class="mi">1</span>
</pre></div></div>
<dl><dt>term</dt><dd><p>its definition</p></dd></dl>
</section></div></div>
<div class="sphinxsidebar" role="navigation">Search box</div></div>
<div class="footer">footer text</div></body></html>"""


def test_sphinx_main_content():
    text = markdown.page_markdown(SPHINX_PAGE.encode(), "https://example.org/docs/usage.html")
    assert text.startswith("# Usage\n")
    assert "```python\na = 1\n```" in text
    assert "its definition" in text
    assert "Search box" not in text and "footer text" not in text and "nav" not in text


def test_llms_full(tmp_path):
    page = built(tmp_path, "guide/install/index.html", PAGE)
    pages = [
        Page("", title="Home"),
        Page("guide/install/", title="Install", output=page, section=(GUIDE,)),
    ]
    out = tmp_path / "site"
    write_sitemaps(pages, out, settings(llms_txt="full"), site=Site("Docs", "About docs"))
    full = (out / "llms-full.txt").read_text(encoding="utf-8")
    assert full.startswith(
        "# Docs\n\n> About docs\n\n# Home\n\nSource: https://example.org/docs/\n\n"
        "# Install ünïcode\n\nSource: https://example.org/docs/guide/install/\n\nRun `pip_install`"
    )
    assert full.endswith("- two\n")


def test_full_without_the_extra_is_one_warning(tmp_path, monkeypatch):
    import sitemap_core.writing

    monkeypatch.setitem(sys.modules, "markdownify", None)  # as if not installed
    monkeypatch.delitem(sys.modules, "sitemap_core.writing.markdown")
    monkeypatch.delattr(sitemap_core.writing, "markdown")
    out = tmp_path / "site"
    result = write_sitemaps(site_pages(tmp_path), out, settings(llms_txt="full"))
    found = [i for i in result.issues if i.code == Code.LLMS]
    assert len(found) == 1 and found[0].level == "warning"
    assert 'pip install "./[llms]"' in found[0].message and found[0].field == "llms_txt"
    assert (out / "llms.txt").exists() and not (out / "llms-full.txt").exists()


# -- generate and validate -----------------------------------------------------------


def write(folder: Path, rel: str, text: str) -> None:
    path = folder / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def html(title: str, h1: str, head: str = "", body: str = "") -> str:
    return (
        f"<!doctype html><html><head><title>{title}</title>{head}</head><body>"
        f"<header><h1>Acme</h1></header><main><h1>{h1}</h1><p>{body or h1} text.</p></main>"
        "<footer>foot</footer></body></html>"
    )


def static_site(folder: Path) -> None:
    write(
        folder,
        "index.html",
        html("Acme", "Welcome", '<meta name="description" content="Acme makes things.">'),
    )
    write(folder, "about.html", html("About - Acme", "About us"))
    write(folder, "guide/index.html", html("Guide", "The guide"))
    write(
        folder,
        "guide/install.html",
        html("Install", "Install", '<meta name="description" content="How to\n install.">'),
    )
    write(folder, "guide/more/deep.html", html("Deep", "Deep dive"))
    write(folder, "drafts/wip.html", html("WIP", "WIP", '<meta name="robots" content="noindex">'))


def run(*args: str):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def test_generate_on_a_static_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    site = tmp_path / "public"
    static_site(site)
    config = tmp_path / "sitemap.toml"
    config.write_text('llms_txt = "full"\n')
    result = run("generate", site, "--base-url", "https://acme.example/", "--config", config, "-q")
    assert result.exit_code == 0, result.output
    assert (site / "llms.txt").read_text() == (
        "# Welcome\n\n> Acme makes things.\n\n## Pages\n\n"
        "- [Welcome](https://acme.example/): Acme makes things.\n"
        "- [About us](https://acme.example/about.html)\n\n"
        "## The guide\n\n- [The guide](https://acme.example/guide/)\n"
        "- [Install](https://acme.example/guide/install.html): How to install.\n\n"
        "## The guide / more\n\n- [Deep dive](https://acme.example/guide/more/deep.html)\n"
    )
    assert "WIP" not in (site / "llms-full.txt").read_text()
    assert "foot" not in (site / "llms-full.txt").read_text()
    assert "https://acme.example/drafts/wip.html" not in urls_in(site / "sitemap.xml")
    checked = run("validate", site, "--strict")
    assert checked.exit_code == 0, checked.output
    assert "3 files checked" in checked.output  # sitemap.xml, robots.txt, llms.txt


def test_generate_without_the_option_reads_no_title(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    site = tmp_path / "public"
    static_site(site)
    assert run("generate", site, "--base-url", "https://acme.example/", "-q").exit_code == 0
    assert not (site / "llms.txt").exists()


def test_validate_warns_for_each_bad_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    site = tmp_path / "public"
    static_site(site)
    assert run("generate", site, "--base-url", "https://acme.example/", "-q").exit_code == 0
    (site / "llms.txt").write_text(
        "Acme\n\n## Docs\n\n"
        "- [Home](https://acme.example/)\n"
        "- [Rel](guide/)\n"
        "- [Out](https://other.example/x)\n"
        "- [Draft](https://acme.example/drafts/wip.html): not listed\n"
        "- [Angle](<https://acme.example/about.html>)\n"
    )
    checked = run("validate", site)
    lines = [line for line in checked.output.splitlines() if " llms " in line]
    assert len(lines) == 4, checked.output
    assert "llms.txt:1" in lines[0] and "H1" in lines[0]
    assert "llms.txt:6" in lines[1] and "absolute" in lines[1]
    assert "llms.txt:7" in lines[2] and "outside" in lines[2]
    assert "llms.txt:8" in lines[3] and "does not list" in lines[3]
    assert checked.exit_code == 0  # warnings
    assert run("validate", site, "--strict").exit_code == 1


@pytest.mark.parametrize("mode", ["yes", "full"])
def test_sitemap_under_a_path_writes_beside_it(tmp_path, mode):
    made, _ = settings_from_options({"robots_txt": False, "llms_txt": mode}, "https://example.org/")
    out = tmp_path / "site"
    write_sitemaps([Page("", title="Home"), Page("a/", title="A")], out, made, site=Site("S"))
    assert (out / "llms.txt").read_text().splitlines()[4:6] == [
        "- [Home](https://example.org/)",
        "- [A](https://example.org/a/)",
    ]


def test_generate_leaves_out_the_sites_description_a_theme_gives_every_page(tmp_path, monkeypatch):
    """mkdocs-material and Zensical write the site's description into every page with
    none of its own: it is the home page's, no other page's (found on connysbrain.eu)."""
    monkeypatch.chdir(tmp_path)
    site = tmp_path / "public"
    said = '<meta name="description" content="A journal.">'
    write(site, "index.html", html("Brain", "Brain", said))
    write(site, "guides/markdown.html", html("Markdown", "Markdown in 5min", said))
    config = tmp_path / "sitemap.toml"
    config.write_text('llms_txt = "yes"\n')
    result = run("generate", site, "--base-url", "https://b.example/", "--config", config)
    assert result.exit_code == 0, result.output
    assert (
        "- [Markdown in 5min](https://b.example/guides/markdown.html)\n"
        in (site / "llms.txt").read_text()
    )
    assert result.output.splitlines()[-1].endswith("; also llms.txt")  # the summary says it
