"""The site map pages (`html_map`) of the three example sites, built by their real
generators' commands (`example_sites/build_all.py`), read with lxml: sections, titles,
link counts under the limit, every link a built page the sitemap lists (nothing
excluded, noindex or draft), and the map pages themselves listed once, titled, canonical.
"""

from __future__ import annotations

import runpy
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote, urljoin

import pytest
import yaml
from lxml import html

from helpers import urls_in
from sitemap_core.values.urls import normalize

EXAMPLES = Path(__file__).resolve().parents[1] / "example_sites"
BUILD_ALL = runpy.run_path(str(EXAMPLES / "build_all.py"))
MAP = "//div[@class='sitemap-suite-map']"


@dataclass(frozen=True)
class Site:
    """An example site: where its map is, what it must show, what it must not."""

    base: str
    top: str  # the top map page, relative to the output folder
    sections: list[str]  # the top page's section headings
    hidden: set[str]  # site-relative URLs the map must not link (excluded, noindex, draft)


SITES = {
    "mkdocs": Site(
        "https://example.org/docs/",
        "sitemap/index.html",
        ["Guide", "Other pages"],
        {"private/notes/", "hidden/", "legacy/", "drafts/wip/", "scratch/todo/"},
    ),
    "sphinx": Site(
        "https://example.org/project/",
        "sitemap.html",
        ["Guide", "Reference", "Other pages"],
        {"private.html", "search.html"},
    ),
    "pelican": Site(
        "https://example.org/",
        "sitemap.html",
        ["Cooking", "Python", "Travel", "Pages", "Tags"],
        {"packaging.html", "pages/imprint.html", "authors.html", "drafts/"},
    ),
}


def build_example(name: str, folder: Path, extra: tuple[str, ...] = (), **options: object) -> Path:
    """Copy the example site `name` into `folder`, set sitemap options, build it with its
    generator's own command (plus `extra` arguments); returns the output folder."""
    out_name = BUILD_ALL["SITES"][name][1]
    shutil.copytree(
        EXAMPLES / name,
        folder,
        ignore=shutil.ignore_patterns(
            out_name.split("/")[0], ".sitemap-cache", "__pycache__", "*.mo"
        ),
    )
    if options:
        _set_options(name, folder, options)
    done = subprocess.run(
        [*BUILD_ALL["command"](name), *extra], cwd=folder, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return folder / out_name


def _set_options(name: str, folder: Path, options: dict[str, object]) -> None:
    if name == "mkdocs":
        path = folder / "mkdocs.yml"
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        next(p for p in data["plugins"] if isinstance(p, dict))["sitemap-suite"].update(options)
        path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    elif name == "sphinx":
        with (folder / "conf.py").open("a", encoding="utf-8") as f:
            f.writelines(f"sitemap_{key} = {value!r}\n" for key, value in options.items())
    else:
        path = folder / "pelicanconf.py"
        text = path.read_text(encoding="utf-8")
        added = "".join(f"    {key!r}: {value!r},\n" for key, value in options.items())
        path.write_text(
            text.replace('    "html_map": True,', '    "html_map": True,\n' + added),
            encoding="utf-8",
        )


@dataclass
class MapPage:
    """One site map page as built: its URL, file, parsed tree and links."""

    url: str
    file: Path
    tree: html.HtmlElement
    links: list[tuple[str, str]]  # (anchor text, absolute URL) inside the map's content


def file_of(out: Path, base: str, url: str) -> Path | None:
    """The built file serving `url` (a folder URL: its index.html), if it is in the site."""
    if not url.startswith(base):
        return None
    path = out / unquote(url[len(base) :].partition("#")[0])
    return path / "index.html" if url.endswith("/") or path.is_dir() else path


def map_pages(out: Path, base: str, top: str) -> dict[str, MapPage]:
    """Every site map page reachable from the top one, by URL."""
    found: dict[str, MapPage] = {}
    todo = [base + top.removesuffix("index.html")]
    while todo:
        url = todo.pop()
        if url in found:
            continue
        path = file_of(out, base, url)
        tree = html.parse(str(path)).getroot()
        (content,) = tree.xpath(MAP)
        links = [(a.text_content().strip(), urljoin(url, a.get("href"))) for a in content.iter("a")]
        found[url] = MapPage(url, path, tree, links)
        for _, target in links:
            target_file = file_of(out, base, target)
            if (
                target_file is not None
                and target_file.is_file()
                and (b"sitemap-suite-map" in target_file.read_bytes())
            ):
                todo.append(target)
    return found


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Path]:
    """`built(name, **options)`: the example site built with html_map on, once per set."""
    cache: dict[tuple, Path] = {}

    def build(name: str, **options: object) -> Path:
        key = (name, *sorted(options.items()))
        if key not in cache:
            cache[key] = build_example(name, tmp_path_factory.mktemp(name) / "site", **options)
        return cache[key]

    return build


@pytest.mark.parametrize("name", sorted(SITES))
@pytest.mark.parametrize("limit", [None, 4])
def test_map_pages_link_every_listed_page_and_nothing_else(
    built, name: str, limit: int | None
) -> None:
    site = SITES[name]
    out = built(name, **({"html_map_max_links": limit} if limit else {}))
    listed = {normalize(loc) for loc in urls_in(out / "sitemap.xml")}
    pages = map_pages(out, site.base, site.top)
    linked = set()
    for page in pages.values():
        assert len(page.links) <= (limit or 100), page.url
        assert normalize(page.url) in listed, page.url  # the map pages are real pages
        (title,) = page.tree.xpath("//title/text()")
        assert title.strip().startswith("Site map"), title
        assert page.tree.xpath("//link[@rel='canonical']/@href") == [page.url]
        for text, url in page.links:
            assert text and not text.startswith(("http:", "https:", "/")), (page.url, text)
            target = file_of(out, site.base, url)
            assert target is not None and target.is_file(), (page.url, url)
            assert normalize(url) in listed, (page.url, url)  # not excluded, noindex, draft
            linked.add(normalize(url))
    assert not {normalize(site.base + hidden) for hidden in site.hidden} & linked
    # Each map page is listed once: by its URL, not also by its file's name.
    map_urls = {normalize(url) for url in pages}
    assert not {loc for loc in listed if loc.endswith("sitemap/index.html")} - map_urls
    if limit:  # split: a top page, a page per section (and parts), each linking back
        top = pages[site.base + site.top.removesuffix("index.html")]
        assert len(pages) > 1
        for page in pages.values():
            if page is not top:
                back = page.tree.xpath(f"{MAP}/p[@class='sitemap-suite-up']/a/@href")
                assert len(back) == 1 and urljoin(page.url, back[0]) in pages, page.url


@pytest.mark.parametrize("name", sorted(SITES))
def test_one_page_with_the_sites_sections(built, name: str) -> None:
    site = SITES[name]
    out = built(name)
    (page,) = map_pages(out, site.base, site.top).values()
    assert [h.text_content() for h in page.tree.xpath(f"{MAP}/section/h2")] == site.sections
    split = map_pages(built(name, html_map_max_links=4), site.base, site.top)
    assert {url for _, url in page.links} <= {url for p in split.values() for _, url in p.links}


def test_mkdocs_links_every_page_of_its_sitemap(built) -> None:
    site = SITES["mkdocs"]
    out = built("mkdocs")
    pages = map_pages(out, site.base, site.top)
    linked = {normalize(url) for page in pages.values() for _, url in page.links}
    assert {normalize(loc) for loc in urls_in(out / "sitemap.xml")} - linked == {
        normalize(site.base + "sitemap/")
    }


def test_pelican_categories_list_their_articles_newest_first(built) -> None:
    site = SITES["pelican"]
    (page,) = map_pages(built("pelican"), site.base, site.top).values()
    for section in page.tree.xpath(f"{MAP}/section")[:3]:
        dates = section.xpath(".//time/@datetime")
        assert dates and dates == sorted(dates, reverse=True)


def test_sphinx_builds_one_map_per_language(built) -> None:
    site = SITES["sphinx"]
    out = built("sphinx")
    (english,) = map_pages(out, site.base, site.top).values()
    (portuguese,) = map_pages(out / "pt_BR", site.base + "pt_BR/", site.top).values()
    assert len(english.links) == len(portuguese.links)
    assert all(url.startswith(site.base + "pt_BR/") for _, url in portuguese.links)


def test_mkdocs_map_page_has_a_table_of_contents(built) -> None:
    """The `mkdocs` theme's contents box lists the map page's title, not nothing (40 §6)."""
    site = SITES["mkdocs"]
    (page,) = map_pages(built("mkdocs"), site.base, site.top).values()
    assert page.tree.xpath("//div[@id='toc-collapse']//a/@href") == ["#sitemap-suite-title"]
    assert page.tree.xpath(f"{MAP}/h1/@id") == ["sitemap-suite-title"]
