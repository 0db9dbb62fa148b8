"""sphinx-multiversion's build of one version (`smv_build`, `SmvBuild`): its folder, the
base URL of its sitemap, when it writes none, and the root URL of the versioned tree."""

from __future__ import annotations

from sitemap_core import SmvBuild, smv_build

META = {
    "v1.0": {"outputdir": "/out/v1.0", "name": "v1.0"},
    "main": {"outputdir": "/out/main", "name": "main"},
}


def test_a_build_is_known_only_when_sphinx_multiversion_names_it():
    assert smv_build("", META, "/out/v1.0") is None
    assert smv_build("v2", META, "/out/v2") is None
    assert smv_build("v1.0", None, "/out/v1.0") is None
    assert smv_build("v1.0", META, "/out/v1.0") == SmvBuild("v1.0", "v1.0", ("main",))


def test_the_sitemap_lists_the_version_folder():
    build = SmvBuild("v1.0", "v1.0", ("main",))
    assert build.base_url("https://x.org/docs", at_root=True) == "https://x.org/docs/v1.0/"
    assert build.base_url("https://x.org/docs/v1.0/", at_root=False) == "https://x.org/docs/v1.0/"
    assert build.base_url("https://x.org/docs/", at_root=False) == "https://x.org/docs/v1.0/"


def test_pages_naming_another_version_or_the_root_as_canonical_get_no_sitemap():
    build = SmvBuild("v1.0", "v1.0", ("main",))
    base = "https://x.org/v1.0/"
    assert build.skipped(base, None) is None
    assert build.skipped(base, "https://x.org/v1.0") is None
    (info,) = build.skipped(base, "https://x.org/main/") or []
    assert info.level == "info" and "main/" in info.message
    (warning,) = build.skipped(base, "https://x.org/") or []
    assert warning.level == "warning" and "html_baseurl=https://x.org/$name/" in warning.message


def test_the_root_url_is_the_version_folder_less_its_folder():
    build = SmvBuild("v1.0", "v1.0", ())
    assert build.versioned("https://x.org/v1.0/") == (
        "https://x.org/",
        "sphinx-multiversion builds this version",
    )
    assert build.versioned("https://x.org/") is None
