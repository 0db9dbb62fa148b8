"""The `sitemap-suite` command, through click's CliRunner: validate on files, folders and a
loopback HTTP server; generate on folders shaped like Hugo's and Jekyll's output."""

from __future__ import annotations

import gzip
import json
import runpy
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from helpers import parse, serve, urls_in
from sitemap_core.checking import remote
from sitemap_core.commands import main
from sitemap_core.facts.sources import SourceIndex
from xsd import assert_schema_valid

SM = "http://www.sitemaps.org/schemas/sitemap/0.9"
NS = {"sm": SM}
DECL = '<?xml version="1.0" encoding="UTF-8"?>\n'


def urlset(*locs: str, lastmod: str | None = None) -> str:
    extra = f"<lastmod>{lastmod}</lastmod>" if lastmod else ""
    body = "\n".join(f"<url><loc>{loc}</loc>{extra}</url>" for loc in locs)
    return f'{DECL}<urlset xmlns="{SM}">\n{body}\n</urlset>\n'


def index(*locs: str) -> str:
    body = "\n".join(f"<sitemap><loc>{loc}</loc></sitemap>" for loc in locs)
    return f'{DECL}<sitemapindex xmlns="{SM}">\n{body}\n</sitemapindex>\n'


def page(title: str = "Page", head: str = "") -> str:
    return f"<!doctype html><html><head><title>{title}</title>{head}</head><body>{title}</body></html>\n"


def write(folder: Path, rel: str, text: str) -> Path:
    path = folder / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode()
    path.write_bytes(gzip.compress(data, mtime=0) if rel.endswith(".gz") else data)
    return path


def run(*args: str):
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    return result


def report_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.split(" ", 1)[0] in ("error", "warning")]


def locs(path: Path) -> set[str]:
    return set(urls_in(path))


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run every command from tmp_path (generate keeps its cache in the working folder)."""
    monkeypatch.chdir(tmp_path)


# -- general --------------------------------------------------------------------------


def test_version_and_help() -> None:
    result = run("--version")
    assert result.exit_code == 0 and result.output.strip() == "sitemap-suite, version 0.1.0"
    for command in ("validate", "generate"):
        result = run(command, "--help")
        assert result.exit_code == 0
        assert "Usage:" in result.output


@pytest.mark.parametrize("width", [80, 60])
def test_help_lists_each_command_in_a_whole_phrase(width: int) -> None:
    """click cuts a docstring's first sentence to fit the listing ("... new or..."); each
    command's short help is a phrase of its own, shown whole (wrapped if need be)."""
    result = CliRunner().invoke(main, ["--help"], terminal_width=width)
    assert result.exit_code == 0
    listing = result.output.split("\nCommands:\n", 1)[1]
    shown: dict[str, str] = {}
    name = ""
    for line in listing.splitlines():
        if line.startswith("  ") and not line.startswith("   "):
            name, _, text = line.strip().partition(" ")
            shown[name] = text.strip()
        elif line.strip():
            shown[name] += " " + line.strip()
    assert sorted(shown) == ["generate", "submit", "validate", "versions"]
    for name, text in shown.items():
        assert not text.endswith("..."), f"{name}: {text!r}"
        assert text.endswith("."), f"{name}: {text!r}"
        assert text == main.commands[name].short_help


def test_usage_problems_exit_2(tmp_path: Path) -> None:
    assert run("validate").exit_code == 2
    assert run("validate", tmp_path / "nothing-here").exit_code == 2
    assert run("validate", "ftp://example.com/sitemap.xml").exit_code == 2
    assert run("validate", "--bogus", tmp_path).exit_code == 2
    assert run("generate", tmp_path).exit_code == 2  # no --base-url
    bad = write(tmp_path, "bad.toml", "formats = [\n")
    assert run("generate", tmp_path, "--base-url", "https://e.com/", "--config", bad).exit_code == 2


# -- validate: files ------------------------------------------------------------------


def test_validate_good_file(tmp_path: Path) -> None:
    path = write(tmp_path, "sitemap.xml", urlset("https://example.com/", "https://example.com/a"))
    result = run("validate", path)
    assert result.exit_code == 0, result.output
    assert result.output.strip() == "OK: 1 file checked, 0 errors, 0 warnings"


def test_validate_bad_file_lines(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "sitemap.xml",
        urlset("https://example.com/", "https://example.com/a b", lastmod="2024-5-1"),
    )
    result = run("validate", path)
    assert result.exit_code == 1
    lines = report_lines(result.output)
    assert [line.split(":", 1)[0] for line in lines] == [
        "error lastmod sitemap.xml",
        "error lastmod sitemap.xml",
        "error loc sitemap.xml",
    ]
    assert lines[2].startswith("error loc sitemap.xml:4: 'https://example.com/a b' has ' '")
    assert result.output.splitlines()[-1] == "FAILED: 1 file checked, 3 errors, 0 warnings"


def test_validate_index_brings_its_parts(tmp_path: Path) -> None:
    idx = write(
        tmp_path,
        "sitemap.xml",
        index("https://example.com/sitemap-1.xml", "https://example.com/sitemap-2.xml"),
    )
    write(tmp_path, "sitemap-1.xml", urlset("https://example.com/a"))
    result = run("validate", "--json", idx)
    data = json.loads(result.output)
    assert result.exit_code == 1
    assert data["files"] == [str(idx), str(tmp_path / "sitemap-1.xml")]
    assert [(i["code"], i["where"]) for i in data["issues"]] == [("index", "sitemap.xml:4")]
    write(tmp_path, "sitemap-2.xml", urlset("https://example.com/b"))
    assert run("validate", idx).exit_code == 0


def test_json_and_strict(tmp_path: Path) -> None:
    path = write(tmp_path, "sitemap.xml", urlset("https://example.com/", "https://example.com/"))
    result = run("validate", "--json", path)
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["ok"] is True and (data["errors"], data["warnings"]) == (0, 1)
    assert data["issues"] == [
        {
            "level": "warning",
            "code": "duplicate",
            "where": "sitemap.xml:4",
            "field": "loc",
            "message": data["issues"][0]["message"],
        }
    ]
    strict = run("validate", "--json", "--strict", path)
    assert strict.exit_code == 1
    data = json.loads(strict.output)
    assert data["ok"] is False and (data["errors"], data["warnings"]) == (1, 0)
    assert [i["level"] for i in data["issues"]] == ["error"]
    plain = run("validate", "--strict", path)
    assert plain.exit_code == 1
    assert report_lines(plain.output)[0].startswith("error duplicate sitemap.xml:4: ")


def test_validate_robots_file(tmp_path: Path) -> None:
    robots = write(tmp_path, "robots.txt", "User-agent: *\nSitemap: http://\n")
    result = run("validate", robots)
    assert result.exit_code == 1
    assert [line.split(":")[0] for line in report_lines(result.output)] == [
        "error robots robots.txt"
    ]


# -- validate: folders ----------------------------------------------------------------


def _site(folder: Path) -> Path:
    """A built site under https://example.com/docs/ with robots.txt at the folder root."""
    write(folder, "index.html", page("Home"))
    write(folder, "guide/index.html", page("Guide"))
    write(folder, "about.html", page("About"))
    write(folder, "404.html", page("Not found"))
    write(folder, "hidden/index.html", page("Hidden", '<meta name="robots" content="noindex">'))
    write(
        folder,
        "old/index.html",
        page("Moved", '<meta http-equiv="refresh" content="0; url=/docs/guide/">'),
    )
    write(
        folder,
        "copy.html",
        page("Copy", '<link rel="canonical" href="https://example.com/docs/about.html">'),
    )
    write(folder, "robots.txt", "User-agent: *\nSitemap: https://example.com/docs/sitemap.xml\n")
    write(
        folder,
        "sitemap.xml",
        urlset(
            "https://example.com/docs/",
            "https://example.com/docs/guide/",
            "https://example.com/docs/about.html",
        ),
    )
    return folder


def test_validate_folder_clean(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    result = run("validate", site)
    assert result.exit_code == 0, result.output
    assert report_lines(result.output) == []
    assert result.output.strip().endswith("2 files checked, 0 errors, 0 warnings")


def test_validate_folder_missing_file(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    write(
        site,
        "sitemap.xml",
        urlset(
            "https://example.com/docs/",
            "https://example.com/docs/gone/",
            "https://example.com/docs/about.html",
            "https://example.com/elsewhere/",
        ),
    )
    write(site, "new/page.html", page("New"))
    result = run("validate", "--json", site)
    assert result.exit_code == 1
    issues = json.loads(result.output)["issues"]
    assert {(i["code"], i["level"], i["where"]) for i in issues} == {
        ("scope", "error", "sitemap.xml:6"),
        ("missing-file", "error", "https://example.com/docs/gone/"),
    }
    assert "listed at sitemap.xml:4" in issues[-1]["message"]


def test_coverage_is_an_opt_in_report_strict_leaves_alone(tmp_path: Path) -> None:
    """Unlisted pages are info, only with --coverage; robots.txt-disallowed ones not even that."""
    site = _site(tmp_path / "site")
    write(
        site,
        "robots.txt",
        "User-agent: *\nDisallow: /docs/drafts/\nSitemap: https://example.com/docs/sitemap.xml\n",
    )
    write(
        site,
        "sitemap.xml",
        urlset("https://example.com/docs/", "https://example.com/docs/about.html"),
    )
    write(site, "drafts/wip.html", page("Draft"))
    assert report_lines(run("validate", "--strict", site).output) == []
    result = run("validate", "--strict", "--coverage", site)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines == [
        "info unlisted guide/index.html: https://example.com/docs/guide/ is an HTML page of "
        "the site that no sitemap lists",
        "coverage: 2 of 3 indexable HTML pages listed; 1 more that robots.txt disallows "
        "not counted",
        "OK: 2 files checked, 0 errors, 0 warnings",
    ]
    data = json.loads(run("validate", "--json", "--strict", "--coverage", site).output)
    assert data["ok"] and (data["errors"], data["warnings"]) == (0, 0)
    assert data["coverage"] == {"listed": 2, "unlisted": 1, "disallowed": 1}
    assert [(i["code"], i["level"]) for i in data["issues"]] == [("unlisted", "info")]


LISTED_FAULTS = {
    # code: (the page's head, what the report says of it)
    "redirect": (
        '<meta http-equiv="refresh" content="0; url=/docs/guide/">',
        "is a redirect stub (meta refresh) to https://example.com/docs/guide/: list "
        "the target instead",
    ),
    "noindex": (
        '<meta name="robots" content="NOINDEX, follow">',
        "says noindex, so crawlers drop it: leave it out of the sitemap, or remove the noindex",
    ),
    "canonical": (
        '<link rel="canonical" href="/docs/about.html">',
        "names https://example.com/docs/about.html as its canonical URL: list that URL instead",
    ),
}


@pytest.mark.parametrize("code", sorted(LISTED_FAULTS))
def test_listed_page_that_is_no_page_to_index(tmp_path: Path, code: str) -> None:
    """What crawlers reject in a sitemap: each caught at the sitemap's file and line."""
    head, message = LISTED_FAULTS[code]
    site = _site(tmp_path / "site")
    write(site, "bad/index.html", page("Bad", head))
    write(
        site,
        "sitemap.xml",
        urlset(
            "https://example.com/docs/",
            "https://example.com/docs/guide/",
            "https://example.com/docs/about.html",
            "https://example.com/docs/bad/",
        ),
    )
    result = run("validate", site)
    assert result.exit_code == 1
    assert report_lines(result.output) == [
        f"error {code} sitemap.xml:6: https://example.com/docs/bad/ (bad/index.html) {message}"
    ]


def test_listed_404_page(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    write(
        site,
        "sitemap.xml",
        urlset("https://example.com/docs/", "https://example.com/docs/404.html"),
    )
    lines = report_lines(run("validate", site).output)
    assert [line.split(": ", 1)[0] for line in lines] == ["error not-found sitemap.xml:4"]


def test_stale_gz_twin_in_a_folder(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    write(
        site,
        "sitemap.xml.gz",
        urlset("https://example.com/docs/", "https://example.com/docs/guide/"),
    )
    result = run("validate", "--json", site)
    data = json.loads(result.output)
    assert result.exit_code == 1
    assert [Path(f).name for f in data["files"]] == ["robots.txt", "sitemap.xml", "sitemap.xml.gz"]
    assert [(i["code"], i["where"]) for i in data["issues"]] == [("gzip", "sitemap.xml.gz:5")]
    assert "not hold the same content as sitemap.xml" in data["issues"][0]["message"]


def test_relative_robots_line_in_a_folder(tmp_path: Path) -> None:
    """Reported once, with the absolute line to write; the sitemap is still found."""
    site = _site(tmp_path / "site")
    write(site, "robots.txt", "User-agent: *\nSitemap: /docs/sitemap.xml\n")
    result = run("validate", site)
    assert result.exit_code == 0, result.output
    assert report_lines(result.output) == [
        "warning robots-relative robots.txt:2: `Sitemap: /docs/sitemap.xml` is a relative "
        "URL, which crawlers ignore: a Sitemap: line needs an absolute URL; write "
        "`Sitemap: https://example.com/docs/sitemap.xml` instead"
    ]
    assert run("validate", "--strict", site).exit_code == 1


def test_preview_build_out_of_scope_is_one_summary(tmp_path: Path) -> None:
    """A sitemap built for a preview host, checked where the robots.txt says it lives."""
    site = _site(tmp_path / "site")
    write(
        site, "sitemap.xml", urlset(*[f"https://preview.example.net/docs/p{n}/" for n in range(40)])
    )
    result = run("validate", site)
    assert result.exit_code == 1
    (line,) = report_lines(result.output)
    assert line.startswith(
        "error scope sitemap.xml:3: all 40 URLs of this set are outside https://example.com/docs/"
    )
    assert "https://preview.example.net/docs/p0/" in line


EXAMPLES = Path(__file__).resolve().parents[1] / "example_sites"


@pytest.mark.parametrize("name", ["mkdocs", "pelican", "sphinx"])
def test_example_site_passes_validate_strict(tmp_path: Path, name: str) -> None:
    """Each example site, built by its real generator, passes what the README gives CI."""
    build_all = runpy.run_path(str(EXAMPLES / "build_all.py"))
    folder = tmp_path / name
    out_name = build_all["SITES"][name][1]
    shutil.copytree(
        EXAMPLES / name,
        folder,
        ignore=shutil.ignore_patterns(out_name.split("/")[0], ".sitemap-cache"),
    )
    done = subprocess.run(build_all["command"](name), cwd=folder, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    out = folder / out_name
    parse(out / "sitemap.xml")
    result = run("validate", "--strict", out)
    assert result.exit_code == 0, result.output
    assert report_lines(result.output) == []


def test_validate_folder_without_robots_finds_sitemaps(tmp_path: Path) -> None:
    site = tmp_path / "site"
    write(site, "index.html", page())
    write(site, "a/index.html", page())
    body = urlset("https://example.com/", "https://example.com/a/")
    write(site, "sitemap.xml", index("https://example.com/sitemap-1.xml"))
    write(site, "sitemap-1.xml", body)
    write(site, "sitemap-1.xml.gz", body)
    write(site, "sitemap.txt", "https://example.com/\nhttps://example.com/a/\n")
    result = run("validate", "--json", site)
    data = json.loads(result.output)
    assert result.exit_code == 0, data
    assert data["issues"] == []
    assert sorted(Path(f).name for f in data["files"]) == [
        "sitemap-1.xml",
        "sitemap-1.xml.gz",
        "sitemap.txt",
        "sitemap.xml",
    ]


def test_validate_folder_without_sitemap(tmp_path: Path) -> None:
    write(tmp_path / "site", "index.html", page())
    result = run("validate", "--json", tmp_path / "site")
    assert result.exit_code == 1
    assert [i["code"] for i in json.loads(result.output)["issues"]] == ["no-sitemap"]


def test_robots_sitemap_without_file(tmp_path: Path) -> None:
    site = _site(tmp_path / "site")
    write(
        site,
        "robots.txt",
        "Sitemap: https://example.com/docs/sitemap.xml\n"
        "Sitemap: https://example.com/docs/news.xml\n",
    )
    result = run("validate", "--json", site)
    assert result.exit_code == 1
    assert [(i["code"], i["where"]) for i in json.loads(result.output)["issues"]] == [
        ("missing-file", "robots.txt")
    ]


def test_robots_read_as_the_checker_reads_it(tmp_path: Path) -> None:
    """A byte-order mark and CRLF do not hide the first `Sitemap:` line."""
    site = _site(tmp_path / "site")
    (site / "sitemap.xml").rename(site / "news.xml")
    (site / "robots.txt").write_bytes(b"\xef\xbb\xbfSitemap: https://example.com/docs/news.xml\r\n")
    result = run("validate", "--json", site)
    data = json.loads(result.output)
    assert result.exit_code == 0, data
    assert [Path(f).name for f in data["files"]] == ["robots.txt", "news.xml"]


# -- validate: over http --------------------------------------------------------------


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A loopback HTTP server on 127.0.0.1 serving tmp_path/www; stopped after the test."""
    root = tmp_path / "www"
    root.mkdir()
    with serve(root) as base:
        yield base, root


def test_validate_url_site_follows_robots_and_index(served: tuple[str, Path]) -> None:
    base, root = served
    write(root, "robots.txt", f"User-agent: *\nSitemap: {base}/sitemap.xml\n")
    write(root, "sitemap.xml", index(f"{base}/sitemap-1.xml", f"{base}/sitemap-2.xml.gz"))
    write(root, "sitemap-1.xml", urlset(f"{base}/", f"{base}/a"))
    write(root, "sitemap-2.xml.gz", urlset(f"{base}/b", f"{base}/a b"))
    result = run("validate", "--json", base + "/")
    data = json.loads(result.output)
    assert result.exit_code == 1
    assert data["files"] == [
        f"{base}/robots.txt",
        f"{base}/sitemap.xml",
        f"{base}/sitemap-1.xml",
        f"{base}/sitemap-2.xml.gz",
    ]
    assert [(i["code"], i["where"]) for i in data["issues"]] == [
        ("loc", f"{base}/sitemap-2.xml.gz:4")
    ]


def test_validate_url_sitemap_directly(served: tuple[str, Path]) -> None:
    base, root = served
    write(root, "sitemap.xml", urlset(f"{base}/", f"{base}/a"))
    result = run("validate", f"{base}/sitemap.xml")
    assert result.exit_code == 0, result.output
    assert result.output.strip() == "OK: 1 file checked, 0 errors, 0 warnings"


def test_validate_url_without_robots_tries_sitemap_xml(served: tuple[str, Path]) -> None:
    base, root = served
    write(root, "sitemap.xml", urlset(f"{base}/other-host-is-fine-here"))
    result = run("validate", "--json", base)
    assert result.exit_code == 0, result.output
    # The exit status alone would pass with nothing checked.
    assert json.loads(result.output)["files"] == [f"{base}/sitemap.xml"]


def test_validate_url_not_found_and_off_host_parts(served: tuple[str, Path]) -> None:
    base, root = served
    missing = run("validate", "--json", f"{base}/nope.xml")
    assert missing.exit_code == 1
    issues = json.loads(missing.output)["issues"]
    assert [(i["code"], i["where"]) for i in issues] == [("fetch", f"{base}/nope.xml")]
    assert "404" in issues[0]["message"]
    # An index part on another host is not fetched; the checker reports it.
    write(root, "sitemap.xml", index("https://elsewhere.example/sitemap-1.xml"))
    result = run("validate", "--json", f"{base}/sitemap.xml")
    assert result.exit_code == 1
    assert {i["code"] for i in json.loads(result.output)["issues"]} == {"index", "scope"}


def test_validate_url_file_cap(served: tuple[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    base, root = served
    write(root, "sitemap.xml", urlset(*[f"{base}/p{n}" for n in range(200)]))
    monkeypatch.setattr(remote, "MAX_FILE_BYTES", 1000)
    result = run("validate", "--json", f"{base}/sitemap.xml")
    assert result.exit_code == 1
    assert "size" in {i["code"] for i in json.loads(result.output)["issues"]}
    monkeypatch.setattr(remote, "MAX_TOTAL_BYTES", 500)
    result = run("validate", "--json", f"{base}/sitemap.xml")
    assert [i["code"] for i in json.loads(result.output)["issues"]] == ["fetch"]


# -- generate -------------------------------------------------------------------------


def _hugo(folder: Path) -> Path:
    write(folder, "index.html", page("Home"))
    write(folder, "posts/x/index.html", page("X"))
    write(folder, "posts/index.html", page("Posts"))
    write(folder, "404.html", page("404 Page not found"))
    write(folder, "tags/index.xml", "<rss/>")
    return folder


def _jekyll(folder: Path) -> Path:
    write(folder, "index.html", page("Home"))
    write(folder, "about.html", page("About"))
    write(folder, "2024/01/02/post.html", page("Post"))
    write(folder, "feed.xml", "<feed/>")
    return folder


def test_generate_hugo_shape(tmp_path: Path) -> None:
    site = _hugo(tmp_path / "public")
    result = run("generate", site, "--base-url", "https://example.com/blog/")
    assert result.exit_code == 0, result.output
    assert locs(site / "sitemap.xml") == {
        "https://example.com/blog/",
        "https://example.com/blog/posts/",
        "https://example.com/blog/posts/x/",
    }
    assert not (site / "robots.txt").exists()  # under a path: the line to add is named
    assert "Sitemap: https://example.com/blog/sitemap.xml" in result.output
    assert result.output.splitlines()[-1].startswith("sitemap: 3 URLs in 1 file(s)")
    assert_schema_valid(site / "sitemap.xml")
    check = run("validate", "--json", site)
    data = json.loads(check.output)
    assert check.exit_code == 0, data
    assert data["issues"] == []


def test_generate_keeps_its_state_beside_the_site_not_in_the_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without --config, `cache_dir` is taken from SITE_DIR's folder, as a generator's is
    from its config file's: the working folder gets nothing."""
    site = _jekyll(tmp_path / "project" / "_site")
    work = tmp_path / "elsewhere"
    work.mkdir()
    monkeypatch.chdir(work)
    result = run("generate", site, "--base-url", "https://example.com/", "--quiet")
    assert result.exit_code == 0, result.output
    assert list(work.iterdir()) == []
    assert (tmp_path / "project" / ".sitemap-cache" / "content-state.json").is_file()


def test_generate_jekyll_shape(tmp_path: Path) -> None:
    site = _jekyll(tmp_path / "_site")
    result = run("generate", site, "--base-url", "https://example.com", "--quiet")
    assert result.exit_code == 0, result.output
    assert result.output == ""
    assert locs(site / "sitemap.xml") == {
        "https://example.com/",
        "https://example.com/about.html",
        "https://example.com/2024/01/02/post.html",
    }
    assert run("validate", site).exit_code == 0


def test_generate_keep_html(tmp_path: Path) -> None:
    site = _hugo(tmp_path / "public")
    assert (
        run("generate", site, "--base-url", "https://example.com/", "-q", "--keep-html").exit_code
        == 0
    )
    assert locs(site / "sitemap.xml") == {
        "https://example.com/index.html",
        "https://example.com/posts/index.html",
        "https://example.com/posts/x/index.html",
    }


def test_generate_exclude_and_lastmod_flags(tmp_path: Path) -> None:
    site = _hugo(tmp_path / "public")
    result = run(
        "generate",
        site,
        "--base-url",
        "https://example.com/",
        "--lastmod",
        "none",
        "--exclude",
        "posts/x/*",
        "--exclude",
        "posts/x/",
    )
    assert result.exit_code == 0, result.output
    assert locs(site / "sitemap.xml") == {"https://example.com/", "https://example.com/posts/"}
    assert parse(site / "sitemap.xml").getroot().find(".//sm:lastmod", NS) is None


def test_generate_config_values_and_override(tmp_path: Path) -> None:
    site = _jekyll(tmp_path / "_site")
    config = write(
        tmp_path,
        "sitemap.toml",
        "[sitemap]\n"
        'base_url = "https://example.com/"\n'
        'formats = ["xml", "txt"]\n'
        'lastmod = "build"\n'
        'exclude = ["about.html"]\n',
    )
    result = run("generate", site, "--config", config, "--lastmod", "none", "--exclude", "2024/*")
    assert result.exit_code == 0, result.output
    assert locs(site / "sitemap.xml") == {"https://example.com/"}
    assert (site / "sitemap.txt").read_text() == "https://example.com/\n"
    assert parse(site / "sitemap.xml").getroot().find(".//sm:lastmod", NS) is None


def test_generate_config_base_url_beside_the_table(tmp_path: Path) -> None:
    site = _jekyll(tmp_path / "_site")
    config = write(
        tmp_path, "sitemap.toml", 'base_url = "https://example.org/"\n[sitemap]\nlastmod = "none"\n'
    )
    result = run("generate", site, "--config", config)
    assert result.exit_code == 0, result.output
    assert "https://example.org/about.html" in locs(site / "sitemap.xml")


def test_generate_reports_option_problems(tmp_path: Path) -> None:
    site = _jekyll(tmp_path / "_site")
    config = write(tmp_path, "sitemap.toml", 'formats = ["pdf"]\nbogus = 1\n')
    result = run("generate", site, "--config", config, "--base-url", "https://example.com/")
    assert result.exit_code == 0
    assert [line.split(":")[0] for line in report_lines(result.output)] == [
        "warning option sitemap.toml (formats)",
        "warning option sitemap.toml (bogus)",
    ]


def test_generate_strict_fails_on_a_warning(tmp_path: Path) -> None:
    """`--strict` makes a warning fail the step (exit 1), as `validate --strict` does; the
    sitemap is written all the same."""
    site = _jekyll(tmp_path / "_site")
    config = write(tmp_path, "sitemap.toml", 'formats = ["pdf"]\n')
    plain = run("generate", site, "--config", config, "--base-url", "https://example.com/")
    assert plain.exit_code == 0, plain.output
    strict = run(
        "generate", site, "--config", config, "--base-url", "https://example.com/", "--strict"
    )
    assert strict.exit_code == 1, strict.output
    assert "https://example.com/about.html" in locs(site / "sitemap.xml")
    clean = run("generate", site, "--base-url", "https://example.com/", "--strict")
    assert clean.exit_code == 0, clean.output


def test_generate_says_an_exclude_pattern_that_matches_nothing(tmp_path: Path) -> None:
    """`posts/x` (URLs end in `/`) leaves nothing out: one warning, the nearest URL path;
    `--strict` makes it fail the step."""
    site = _hugo(tmp_path / "public")
    args = ("generate", site, "--base-url", "https://example.com/", "--exclude", "posts/x")
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert "https://example.com/posts/x/" in locs(site / "sitemap.xml")
    lines = [line for line in report_lines(result.output) if line.startswith("warning")]
    assert lines == [
        "warning exclude --exclude: pattern 'posts/x' matched no URL (nearest URL path: "
        "'posts/x/'); globs match the site-relative URL path, with its trailing '/'"
    ]
    assert run(*args, "--strict").exit_code == 1


def test_generate_exclude_flag_beside_a_bad_config_exclude(tmp_path: Path) -> None:
    site = _jekyll(tmp_path / "_site")
    config = write(tmp_path, "sitemap.toml", "exclude = 5\n")
    result = run(
        "generate",
        site,
        "--config",
        config,
        "--base-url",
        "https://example.com/",
        "--exclude",
        "about.html",
    )
    assert result.exit_code == 0, result.output
    assert [line.split(":")[0] for line in report_lines(result.output)] == [
        "warning option sitemap.toml (exclude)"
    ]
    assert "https://example.com/about.html" not in locs(site / "sitemap.xml")


def test_generate_bad_base_url_fails(tmp_path: Path) -> None:
    site = _jekyll(tmp_path / "_site")
    result = run("generate", site, "--base-url", "example.com")
    assert result.exit_code == 1
    assert not (site / "sitemap.xml").exists()


def test_generate_git_dates_from_source(tmp_path: Path, git_repo) -> None:
    repo = git_repo("project")
    repo.write("content/posts/x.md", "# X\n")
    repo.write("content/_index.md", "# Home\n")
    repo.commit("first", "2023-04-05T06:07:08+00:00")
    repo.write("content/posts/x.md", "# X, again\n")
    repo.commit("second", "2024-02-03T04:05:06+00:00")
    site = _hugo(repo.root / "public")
    result = run(
        "generate",
        site,
        "--base-url",
        "https://example.com/",
        "--source",
        repo.root,
        "--lastmod",
        "git",
    )
    assert result.exit_code == 0, result.output
    dates = urls_in(site / "sitemap.xml")
    assert dates["https://example.com/posts/x/"] == "2024-02-03T04:05:06Z"
    assert dates["https://example.com/"] == "2023-04-05T06:07:08Z"


def test_source_index_matches_by_path(tmp_path: Path) -> None:
    src = tmp_path / "src"
    for rel in (
        "content/_index.md",
        "content/posts/x.md",
        "content/posts/y/index.md",
        "_posts/2024-01-02-post.md",
        "about.md",
        "drafts/x.md",
        "public/posts/x/index.html",
    ):
        write(src, rel, "text")
    index_ = SourceIndex(src, src / "public")
    assert index_.find("index.html") == (src / "content/_index.md",)
    assert index_.find("posts/x/index.html") == (src / "content/posts/x.md",)
    assert index_.find("posts/y/index.html") == (src / "content/posts/y/index.md",)
    assert index_.find("2024/01/02/post.html") == (src / "_posts/2024-01-02-post.md",)
    assert index_.find("about.html") == (src / "about.md",)
    assert index_.find("x/index.html") == ()  # content/posts/x.md and drafts/x.md tie
    assert index_.find("nothing/index.html") == ()


@pytest.mark.slow
def test_generate_splits_fifty_thousand_and_one_pages(tmp_path: Path) -> None:
    site = tmp_path / "site"
    body = page("P").encode()
    for n in range(50_001):
        folder = site / f"s{n // 1000}" / f"p{n}"
        folder.mkdir(parents=True)
        (folder / "index.html").write_bytes(body)
    result = run("generate", site, "--base-url", "https://example.com/", "--lastmod", "none")
    assert result.exit_code == 0, result.output
    assert {p.name for p in site.glob("sitemap*")} == {
        "sitemap.xml",
        "sitemap-1.xml",
        "sitemap-2.xml",
    }
    root = parse(site / "sitemap.xml").getroot()
    assert [e.text for e in root.iterfind("sm:sitemap/sm:loc", NS)] == [
        "https://example.com/sitemap-1.xml",
        "https://example.com/sitemap-2.xml",
    ]
    assert len(locs(site / "sitemap-1.xml")) == 50_000
    assert locs(site / "sitemap-2.xml") | locs(site / "sitemap-1.xml") == {
        f"https://example.com/s{n // 1000}/p{n}/" for n in range(50_001)
    }
    check = run("validate", "--json", site)
    assert check.exit_code == 0, check.output[:2000]
    assert json.loads(check.output)["issues"] == []


def test_malformed_urls_are_reported_not_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "sitemap.xml").write_text(
        f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="{SM}">'
        "<sitemap><loc>http://[x/a.xml</loc></sitemap></sitemapindex>\n",
        encoding="utf-8",
    )
    (tmp_path / "robots.txt").write_text("Sitemap: http://[x/sitemap.xml\n", encoding="utf-8")
    for target in (tmp_path, tmp_path / "sitemap.xml"):
        result = run("validate", target)
        assert result.exit_code == 1
        assert "error loc sitemap.xml:2: 'http://[x/a.xml' is not a valid URL" in result.output


@pytest.mark.parametrize(
    ("base", "part"),
    [
        ("https://example.org/site/?x=1", "the query ?x=1"),
        ("https://user:pw@example.org/", "the credentials user:***@"),
    ],
)
def test_generate_query_or_credentials_in_base_url_fail(tmp_path: Path, base: str, part: str):
    """Issue 33: `?x=1/about.html` was written, and the credentials published."""
    site = _jekyll(tmp_path / "_site")
    result = run("generate", site, "--base-url", base)
    assert result.exit_code == 1 and ":pw@" not in result.output
    (line,) = report_lines(result.output)
    assert line.startswith(f"error base-url --base-url: {base.replace(':pw', ':***')!r}: ")
    assert part in line
    assert not (site / "sitemap.xml").exists()


def test_generate_drops_a_fragment_of_the_base_url(tmp_path: Path) -> None:
    site = _jekyll(tmp_path / "_site")
    result = run("generate", site, "--base-url", "https://example.org/site/#top", "-q")
    assert result.exit_code == 0, result.output
    assert [line.split(":")[0] for line in report_lines(result.output)] == [
        "warning base-url --base-url"
    ]
    assert "#top" in result.output
    assert locs(site / "sitemap.xml") and all(
        loc.startswith("https://example.org/site/") and "//" not in loc[8:]
        for loc in locs(site / "sitemap.xml")
    )


def test_a_dead_exclude_hint_speaks_of_the_sites_own_urls(tmp_path: Path) -> None:
    """Issue 40 §5: a site whose URLs end in `.html` is not told about a trailing '/'."""
    site = _jekyll(tmp_path / "_site")
    result = run("generate", site, "--base-url", "https://example.com/", "--exclude", "abut.html")
    (line,) = [line for line in report_lines(result.output) if line.startswith("warning")]
    assert line == (
        "warning exclude --exclude: pattern 'abut.html' matched no URL (nearest URL path: "
        "'about.html'); globs match the site-relative URL path"
    )
