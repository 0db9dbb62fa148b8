"""Which folder's URLs a version's sitemap lists when mike builds it (`mike_build`,
`mike_listed`); the deploy's aliases as `mike_aliases` reads them."""

from __future__ import annotations

from pathlib import Path

import pytest

from sitemap_core import mike_build, mike_listed


def test_a_version_lists_its_own_folder() -> None:
    build = mike_build("2.0", "https://example.org/docs/")
    assert (build.base_url, build.folder, build.root) == (
        "https://example.org/docs/2.0/",
        "2.0",
        "https://example.org/docs/",
    )
    assert mike_listed(build, None, "", Path.cwd()) == "https://example.org/docs/2.0/"


def test_with_canonical_version_the_build_that_alias_serves_lists_its_folder(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import sitemap_core.writing.mikedeploy as deploy

    build = mike_build("2.0", "https://example.org/", "latest")
    assert build.base_url == "https://example.org/latest/"
    asked = []

    def aliases(version: str, branch: str, prefix: str, cwd: Path) -> set[str]:
        asked.append((version, branch, prefix))
        return given

    monkeypatch.setattr(deploy, "mike_aliases", aliases)
    given = {"latest"}
    assert mike_listed(build, None, "v", Path.cwd()) == "https://example.org/latest/"
    given = set()
    found = mike_listed(build, "pages", "", Path.cwd())
    assert isinstance(found, tuple)
    issue, why = found
    assert (issue.code, issue.field, issue.level) == ("mike", "canonical_version", "info")
    assert why == "version 2.0 is not mike's canonical version (latest)"
    assert asked == [("2.0", "gh-pages", "v"), ("2.0", "pages", "")]
