"""The site map pages as a person sees them, in a real browser.

Each example site is built with `html_map` on by its generator's own command, served
from 127.0.0.1 and every site map page is opened in headless Chromium: Debian's
`chromium` package, driven by playwright (no browser download). Each page must load with
the theme's stylesheet applied (a style only the theme sets), show its links, and log no
console error the site's own home page does not log too (the theme's, not the map's;
requests off 127.0.0.1 are cut, as tests have no network). One screenshot per generator
is saved; with SITEMAP_SUITE_SCREENSHOTS=1 into docs/screenshots/, for the README.
The documentation's option page is read at 1280 px, as a person on a laptop reads it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from helpers import serve
from sitemap_core.options import OPTIONS
from test_docs import docs_site  # noqa: F401 (a fixture: the documentation, built)
from test_htmlmap_sites import SITES, build_example, map_pages

playwright = pytest.importorskip("playwright.sync_api")

CHROMIUM = Path("/usr/bin/chromium")
INSTALL = "apt-get update && apt-get install -y chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"
# A computed style only the site's theme gives: (selector, property, value).
THEME_STYLE = {
    "mkdocs": (".navbar", "background-color", "rgb(47, 164, 231)"),  # the mkdocs theme
    "sphinx": ("div.document", "width", "940px"),  # alabaster
    "pelican": ("body", "background-color", "rgb(245, 244, 239)"),  # notmyidea
}
# Pelican links its theme's CSS by SITEURL, the published host: build it with relative URLs.
EXTRA = {"pelican": ("-e", "RELATIVE_URLS=true")}
_SEEN = """([selector, property]) => {
    const element = document.querySelector(selector);
    const map = document.querySelector("div.sitemap-suite-map");
    return {
        style: element ? getComputedStyle(element).getPropertyValue(property) : null,
        sheets: document.styleSheets.length,
        links: map ? map.querySelectorAll("a").length : -1,
        height: map ? map.getBoundingClientRect().height : 0,
        title: document.title,
    };
}"""


def _chromium() -> Path:
    """Debian's chromium: found, or installed when running as root (CI); else a skip."""
    if not CHROMIUM.exists() and os.geteuid() == 0 and shutil.which("apt-get"):
        # Said past pytest's capture: a root user should see what is installed.
        print(
            f"\ntests/test_browser.py: installing Debian's chromium: {INSTALL}", file=sys.__stderr__
        )
        subprocess.run(
            ["sh", "-c", INSTALL],
            check=False,
            capture_output=True,
            env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"},
        )
    if not CHROMIUM.exists():
        pytest.skip(f"needs Debian's chromium at {CHROMIUM}: {INSTALL} (as root)")
    return CHROMIUM


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    executable = _chromium()
    with playwright.sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=str(executable), args=ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@dataclass
class Visit:
    """What a page showed: console errors, the theme's style, stylesheets, the map."""

    errors: set[str]
    style: str | None
    sheets: int
    links: int
    height: float
    title: str


def visit(browser: object, url: str, local: str, name: str, shot: Path | None = None) -> Visit:
    """Open `url` in a fresh context whose requests off `local` are cut."""
    context = browser.new_context(viewport={"width": 1000, "height": 720})
    context.route(
        "**/*",
        lambda route: route.continue_() if route.request.url.startswith(local) else route.abort(),
    )
    page = context.new_page()
    errors: set[str] = set()
    page.on("console", lambda message: message.type == "error" and errors.add(message.text))
    page.on("pageerror", lambda error: errors.add(str(error)))
    try:
        response = page.goto(url, wait_until="load")
        assert response is not None and response.ok, url
        seen = page.evaluate(_SEEN, list(THEME_STYLE[name][:2]))
        if shot is not None:
            page.screenshot(path=str(shot))
    finally:
        context.close()
    return Visit(errors, **seen)


@pytest.mark.parametrize("name", sorted(SITES))
def test_every_map_page_loads_in_the_theme(browser, tmp_path: Path, name: str) -> None:
    site = SITES[name]
    out = build_example(name, tmp_path / "site", extra=EXTRA.get(name, ()))
    pages = map_pages(out, site.base, site.top)
    if name == "sphinx":  # one site map per language
        pages |= map_pages(out / "pt_BR", site.base + "pt_BR/", site.top)
    _, _, theme_value = THEME_STYLE[name]
    with serve(out) as local:
        home = visit(browser, local + "/", local, name)
        assert home.style == theme_value, home  # the check itself holds on a theme page
        for url, built in pages.items():
            top = url == site.base + site.top.removesuffix("index.html")
            shot = tmp_path / f"{name}.png" if top else None
            seen = visit(browser, local + "/" + url[len(site.base) :], local, name, shot)
            assert seen.errors <= home.errors, (url, seen.errors - home.errors)
            assert seen.sheets > 0 and seen.style == theme_value, (url, seen)
            assert seen.links == len(built.links) and seen.height > 0, (url, seen)
            assert seen.title.startswith("Site map"), seen.title
    assert (tmp_path / f"{name}.png").read_bytes().startswith(b"\x89PNG")
    if os.environ.get("SITEMAP_SUITE_SCREENSHOTS") == "1":
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(tmp_path / f"{name}.png", SCREENSHOTS / f"{name}.png")


_OPTION_TABLE = """() => {
    const table = [...document.querySelectorAll("article table")]
        .find(t => t.querySelectorAll("thead th").length === 7);
    if (!table) return null;
    const box = table.closest("article").getBoundingClientRect();  // the text's column
    const cells = [...table.querySelectorAll("tbody td")];
    return {
        rows: table.querySelectorAll("tbody tr").length,
        overflow: table.scrollWidth - table.clientWidth,
        outside: cells.filter(td => {
            const r = td.getBoundingClientRect();
            return r.width === 0 || r.left < box.left - 1 || r.right > box.right + 1;
        }).map(td => td.textContent),
        broken: [...table.querySelectorAll("code")]
            .filter(code => code.getClientRects().length > 1).map(code => code.textContent),
    };
}"""


def test_options_page_reads_at_1280_px(browser, request: pytest.FixtureRequest) -> None:
    """docs/options.md's seven-column table at a common laptop width: every option's cells
    inside the table (no meaning clipped, nothing scrolled out of view), and no name
    broken across lines."""
    with serve(request.getfixturevalue("docs_site")) as local:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        context.route(
            "**/*",
            lambda route: (
                route.continue_() if route.request.url.startswith(local) else route.abort()
            ),
        )
        page = context.new_page()
        try:
            assert page.goto(local + "/options/", wait_until="load").ok
            seen = page.evaluate(_OPTION_TABLE)
        finally:
            context.close()
    assert seen is not None
    assert seen["rows"] == len(OPTIONS)
    assert seen["overflow"] <= 0 and seen["outside"] == [], seen
    assert seen["broken"] == [], seen
