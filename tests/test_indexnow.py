"""IndexNow submission, exactly as sent: every request goes to a server on 127.0.0.1 that
the test starts and reads back. No test ever contacts a search engine."""

from __future__ import annotations

import contextlib
import dataclasses
import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from mkdocs.commands import build as mkdocs_build
from mkdocs.config import load_config

from helpers import QuietHandler, serve
from sitemap_core import Page, Settings, write_sitemaps
from sitemap_core.commands import main
from sitemap_core.notify.indexnow import changes, keys_in, submit
from sitemap_core.options import settings_from_options
from sitemap_core.protocol.indexnow import (
    DEFAULT_ENDPOINT,
    MAX_URLS,
    endpoint_url,
    key_problem,
)

KEY = "0123456789abcdef0123456789abcdef"
SITE = "https://example.org/"
EXAMPLE = Path(__file__).resolve().parents[1] / "example_sites" / "mkdocs"


@dataclasses.dataclass
class Endpoint:
    """What the loopback server was asked: each POST's path, content type and JSON body,
    each other GET's path; `replies` are the statuses (and headers) it answers with."""

    url: str
    posts: list[dict] = dataclasses.field(default_factory=list)
    gets: list[str] = dataclasses.field(default_factory=list)
    replies: list[tuple[int, dict[str, str]]] = dataclasses.field(default_factory=list)

    @property
    def sent(self) -> list[list[str]]:
        return [p["json"]["urlList"] for p in self.posts]


@contextlib.contextmanager
def endpoint(root: Path, *replies: int | tuple[int, dict[str, str]]) -> Iterator[Endpoint]:
    """A server on 127.0.0.1 serving `root` (the live site) and taking IndexNow POSTs."""
    state = Endpoint("", replies=[r if isinstance(r, tuple) else (r, {}) for r in replies])

    class Handler(QuietHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers["Content-Length"]))
            state.posts.append(
                {"path": self.path, "type": self.headers["Content-Type"], "json": json.loads(body)}
            )
            self._reply()

        def do_GET(self) -> None:
            if self.path.startswith("/ping"):
                state.gets.append(self.path)
                self._reply()
            else:
                super().do_GET()

        def _reply(self) -> None:
            status, headers = state.replies.pop(0) if state.replies else (200, {})
            self.send_response(status)
            for name, value in {"Content-Length": "0", **headers}.items():
                self.send_header(name, value)
            self.end_headers()

    root.mkdir(parents=True, exist_ok=True)
    with serve(root, Handler) as url:
        state.url = url
        yield state


def sitemap(path: Path, entries: dict[str, str | None]) -> Path:
    """A sitemap file listing `entries` (URL -> lastmod or None)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    rows = "".join(
        f"<url><loc>{u}</loc>" + (f"<lastmod>{d}</lastmod>" if d else "") + "</url>"
        for u, d in entries.items()
    )
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns='
        f'"http://www.sitemaps.org/schemas/sitemap/0.9">{rows}</urlset>\n',
        encoding="utf-8",
    )
    return path


OLD = {
    SITE: "2024-01-01",
    SITE + "a/": "2024-01-01",
    SITE + "b/": "2024-01-01",
    SITE + "gone/": None,
}
NEW = {
    SITE: "2024-01-01T00:00:00+00:00",
    SITE + "a/": "2024-03-01",
    SITE + "b/": "2024-01-01",
    SITE + "new/": None,
}


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A built site: its new sitemap and its key file."""
    out = tmp_path / "site"
    sitemap(out / "sitemap.xml", NEW)
    (out / f"{KEY}.txt").write_text(KEY + "\n", encoding="utf-8")
    return out


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result.exit_code, result.output


# -- the CLI ----------------------------------------------------------------------------


def test_only_changed_urls_are_sent_with_the_key(tmp_path, site):
    with endpoint(tmp_path / "live") as server:
        sitemap(tmp_path / "live" / "sitemap.xml", OLD)
        code, out = run(
            "submit",
            site,
            "--base-url",
            SITE,
            "--key",
            KEY,
            "--endpoint",
            server.url + "/indexnow",
            "--previous",
            server.url + "/sitemap.xml",
        )
    assert code == 0, out
    # New or moved only: the home page's date is the same moment, b/ is unchanged.
    assert server.posts == [
        {
            "path": "/indexnow",
            "type": "application/json; charset=utf-8",
            "json": {
                "host": "example.org",
                "key": KEY,
                "keyLocation": f"{SITE}{KEY}.txt",
                "urlList": [SITE + "a/", SITE + "new/"],
            },
        }
    ]
    assert out.splitlines()[-1].startswith(f"accepted {server.url}/indexnow: 2 URL(s) accepted")


def test_removed_urls_are_sent_when_asked(tmp_path, site):
    previous = sitemap(tmp_path / "previous.xml", OLD)
    with endpoint(tmp_path / "live") as server:
        code, out = run(
            "submit",
            site,
            "--base-url",
            SITE,
            "--key",
            KEY,
            "--removed",
            "--endpoint",
            server.url,
            "--previous",
            previous,
        )
    assert code == 0, out
    assert server.posts[0]["path"] == "/indexnow"  # added to a bare endpoint
    assert server.sent == [[SITE + "a/", SITE + "new/", SITE + "gone/"]]


def test_batches_of_ten_thousand(tmp_path):
    out = tmp_path / "site"
    sitemap(out / "sitemap.xml", {f"{SITE}p{n}": None for n in range(2 * MAX_URLS + 1)})
    (out / f"{KEY}.txt").write_text(KEY, encoding="utf-8")
    with endpoint(tmp_path / "live") as server:  # no previous sitemap there: all are new
        code, text = run(
            "submit",
            out,
            "--base-url",
            SITE,
            "--endpoint",
            server.url,
            "--previous",
            server.url + "/sitemap.xml",
        )
    assert code == 0, text
    assert [len(urls) for urls in server.sent] == [MAX_URLS, MAX_URLS, 1]
    assert server.sent[2] == [f"{SITE}p{2 * MAX_URLS}"]
    assert {p["json"]["key"] for p in server.posts} == {KEY}  # the key file the site serves
    assert "every URL counts as new" in text


def test_retries_on_429_then_success(tmp_path):
    waits: list[float] = []
    with endpoint(tmp_path / "live", 429, (429, {"Retry-After": "7"}), 503, 200) as server:
        outcomes = submit(
            [SITE + "a/"],
            base_url=SITE,
            key=KEY,
            endpoints=[server.url],
            backoff=0.5,
            sleep=waits.append,
        )
    assert len(server.posts) == 4
    assert waits == [0.5, 7.0, 2.0]  # doubled each time; the server's Retry-After wins
    assert [o.accepted for o in outcomes] == [True]


def test_bounded_retries_fail_with_a_non_zero_exit(tmp_path, site):
    with endpoint(tmp_path / "live", *[503] * 10) as server:
        code, out = run(
            "submit",
            site,
            "--base-url",
            SITE,
            "--key",
            KEY,
            "--endpoint",
            server.url,
            "--previous",
            "",
            "--retries",
            "2",
            "--backoff",
            "0",
        )
    assert code == 1
    assert len(server.posts) == 3
    assert out.splitlines()[-1] == (
        f"FAILED {server.url}/indexnow: HTTP 503 Service "
        "Unavailable (tried 3 times); request 1 of 1 refused"
    )


def test_a_refusal_is_not_retried_and_each_endpoint_reports(tmp_path, site):
    with endpoint(tmp_path / "a", 403) as refusing, endpoint(tmp_path / "b") as taking:
        code, out = run(
            "submit",
            site,
            "--base-url",
            SITE,
            "--key",
            KEY,
            "--previous",
            "",
            "--endpoint",
            refusing.url,
            "--endpoint",
            taking.url,
        )
    assert code == 1
    assert len(refusing.posts) == 1 and len(taking.posts) == 1
    lines = out.splitlines()
    assert lines[-2].startswith(f"FAILED {refusing.url}/indexnow: HTTP 403 key not valid")
    assert lines[-1].startswith(f"accepted {taking.url}/indexnow: 4 URL(s)")


def test_urls_of_other_hosts_and_folders_are_refused(tmp_path):
    out = tmp_path / "site"
    base = SITE + "docs/"
    sitemap(
        out / "sitemap.xml",
        {
            base + "x/": None,
            "https://other.example/docs/y/": None,
            SITE + "elsewhere/": None,
            "http://example.org/docs/z/": None,
        },
    )
    (out / f"{KEY}.txt").write_text(KEY, encoding="utf-8")
    with endpoint(tmp_path / "live") as server:
        code, text = run(
            "submit", out, "--base-url", base, "--endpoint", server.url, "--previous", ""
        )
    assert code == 0, text
    assert server.sent == [[base + "x/", "http://example.org/docs/z/"]]  # http or https
    assert server.posts[0]["json"]["keyLocation"] == f"{base}{KEY}.txt"
    assert "2 URL(s) not submitted: not on https://example.org/docs/" in text


def test_dry_run_sends_nothing(tmp_path, site):
    with endpoint(tmp_path / "live") as server:
        code, out = run(
            "submit",
            site,
            "--base-url",
            SITE,
            "--key",
            KEY,
            "--dry-run",
            "--previous",
            "",
            "--endpoint",
            server.url,
            "--ping",
            server.url + "/ping?sitemap={sitemap}",
        )
    assert code == 0, out
    assert server.posts == [] and server.gets == []
    assert f"would send 4 URLs in 1 request, key {KEY}" in out
    assert f"  {SITE}new/" in out.splitlines()


def test_base_url_from_the_sites_robots_txt_and_a_dry_run_without_the_key_file(tmp_path, site):
    """A built site names its sitemap in robots.txt: that is its base URL (a flag still
    wins); a dry run with a key the site does not serve says so and goes on."""
    (site / "robots.txt").write_text(f"User-agent: *\nSitemap: {SITE}sitemap.xml\n")
    (site / f"{KEY}.txt").unlink()
    with endpoint(tmp_path / "live") as server:
        code, out = run(
            "submit", site, "--key", KEY, "--dry-run", "--previous", "", "--endpoint", server.url
        )
        assert code == 0, out
        assert f"dry run: {site} has no {KEY}.txt holding the key" in out
        assert f"keyLocation {SITE}{KEY}.txt" in out
        assert server.posts == []
        code, out = run("submit", site, "--key", KEY, "--previous", "", "--endpoint", server.url)
        assert code == 2 and f"has no {KEY}.txt holding the key" in out
    (site / "robots.txt").unlink()
    code, out = run("submit", site, "--key", KEY, "--dry-run", "--previous", "")
    assert code == 2 and "--base-url is required" in out


def test_ping_is_sent_only_when_asked(tmp_path, site):
    with endpoint(tmp_path / "live") as server:
        code, out = run(
            "submit",
            site,
            "--base-url",
            SITE,
            "--key",
            KEY,
            "--previous",
            "",
            "--endpoint",
            server.url,
            "--ping",
            server.url + "/ping?sitemap={sitemap}",
        )
    assert code == 0, out
    assert server.gets == ["/ping?sitemap=https%3A%2F%2Fexample.org%2Fsitemap.xml"]


def test_no_key_or_no_key_file_sends_nothing(tmp_path, site):
    (site / f"{KEY}.txt").unlink()
    with endpoint(tmp_path / "live") as server:
        code, out = run("submit", site, "--base-url", SITE, "--endpoint", server.url)
        assert code == 2 and "no IndexNow key" in out
        code, out = run("submit", site, "--base-url", SITE, "--key", KEY, "--endpoint", server.url)
        assert code == 2 and f"has no {KEY}.txt holding the key" in out
        code, out = run(
            "submit", site, "--base-url", SITE, "--key", "short", "--endpoint", server.url
        )
        assert code == 2 and "is not an IndexNow key" in out
    assert server.posts == []


def test_key_and_endpoints_from_the_config_file(tmp_path, site):
    with endpoint(tmp_path / "live") as server:
        config = tmp_path / "sitemap.toml"
        config.write_text(
            f'base_url = "{SITE}"\n[sitemap]\nindexnow_key = "{KEY}"\n'
            f'indexnow_endpoints = ["{server.url}/indexnow"]\n',
            encoding="utf-8",
        )
        code, out = run("submit", site, "--config", config, "--previous", "")
    assert code == 0, out
    assert server.sent == [list(NEW)]


# -- the rules --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "good"),
    [
        (KEY, True),
        ("a-B-3-d-e", True),
        ("x" * 128, True),
        ("short", False),
        ("x" * 129, False),
        ("has_underscore", False),
        ("has space1", False),
    ],
)
def test_key_rule(key, good):
    assert (key_problem(key) is None) is good


def test_key_options():
    made, issues = settings_from_options(
        {"indexnow_key": KEY, "indexnow_endpoints": ["https://search.example"], "submit": True},
        SITE,
    )
    assert issues == []
    assert made.indexnow_endpoints == ("https://search.example/indexnow",)
    _, issues = settings_from_options({"indexnow_key": "no good", "submit": "yes"}, SITE)
    assert [i.field for i in issues] == ["indexnow_key", "submit"]
    assert Settings(SITE).indexnow_endpoints == (DEFAULT_ENDPOINT,)
    with pytest.raises(ValueError, match="not an http"):
        endpoint_url("ftp://search.example/")


def test_keys_in_finds_only_files_holding_their_name(tmp_path):
    (tmp_path / f"{KEY}.txt").write_text(f"{KEY}\n", encoding="utf-8")
    (tmp_path / "abcdefgh1.txt").write_text("something else", encoding="utf-8")
    (tmp_path / "robots.txt").write_text("robots", encoding="utf-8")
    assert keys_in(tmp_path) == [KEY]


def test_unreadable_previous_sitemap_sends_nothing(tmp_path, site):
    broken = tmp_path / "broken.xml"
    broken.write_text("<urlset", encoding="utf-8")
    found, issues = changes(str(site / "sitemap.xml"), str(broken), SITE)
    assert found == [] and [(i.code, i.level) for i in issues] == [("indexnow", "error")]


# -- builds -----------------------------------------------------------------------------

PAGES = [Page(url="", lastmod="2024-01-01"), Page(url="a/", lastmod="2024-03-01"), Page(url="new/")]


def test_build_writes_the_key_file_and_submits_only_when_asked(tmp_path):
    out = tmp_path / "out"
    with endpoint(tmp_path / "live") as server:
        base = server.url + "/"
        sitemap(tmp_path / "live" / "sitemap.xml", {base: "2024-01-01", base + "a/": "2024-01-01"})
        settings = Settings(base, indexnow_key=KEY, indexnow_endpoints=(server.url,))
        result = write_sitemaps(PAGES, out, settings)
        assert result.ok and server.posts == []  # the key file, and nothing sent
        assert (out / f"{KEY}.txt").read_text(encoding="utf-8") == KEY
        shutil.copy(out / f"{KEY}.txt", tmp_path / "live")
        from urllib.request import urlopen

        with urlopen(f"{base}{KEY}.txt", timeout=5) as served:  # as the engines check it
            assert served.read().decode() == KEY

        result = write_sitemaps(PAGES, out, dataclasses.replace(settings, submit=True))
    assert server.sent == [[base + "a/", base + "new/"]]
    assert server.posts[0]["json"]["host"] == server.url.split("//")[1]
    assert [(i.code, i.level) for i in result.issues] == [("indexnow", "info")]


def test_build_without_a_key_never_submits(tmp_path):
    with endpoint(tmp_path / "live") as server:
        result = write_sitemaps(
            PAGES,
            tmp_path / "out",
            Settings(server.url + "/", submit=True, indexnow_endpoints=(server.url,)),
        )
    assert server.posts == []
    assert [(i.code, i.field) for i in result.issues] == [("indexnow", "submit")]
    assert keys_in(tmp_path / "out") == []


def test_mkdocs_serve_never_submits(tmp_path):
    """The same mkdocs.yml submits from `mkdocs build`, never from `mkdocs serve`."""
    root = tmp_path / "website"
    shutil.copytree(EXAMPLE, root, ignore=shutil.ignore_patterns("site", ".sitemap-cache"))
    with endpoint(tmp_path / "live") as server:
        config = yaml.safe_load((root / "mkdocs.yml").read_text(encoding="utf-8"))
        config["plugins"] = [
            "search",
            {
                "sitemap-suite": {
                    "indexnow_key": KEY,
                    "submit": True,
                    "indexnow_endpoints": [server.url],
                }
            },
        ]
        (root / "mkdocs.yml").write_text(yaml.safe_dump(config), encoding="utf-8")
        address = server.url.split("//")[1]
        for site_url, command in (
            (f"{server.url}/docs/", "serve"),
            (f"http://localhost:{address.split(':')[1]}/docs/", "build"),
        ):
            cfg = load_config(
                config_file=str(root / "mkdocs.yml"),
                dev_addr=address,
                site_dir=str(tmp_path / command),
            )
            cfg.site_url = site_url
            cfg.plugins.on_startup(command=command, dirty=False)
            mkdocs_build.build(cfg, serve_url=site_url if command == "serve" else None)
            cfg.plugins.on_shutdown()
            if command == "serve":
                assert server.posts == []
    assert len(server.posts) == 1  # the build's
    assert server.sent[0] and all(u.startswith("http://localhost:") for u in server.sent[0])
