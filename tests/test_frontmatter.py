"""YAML front matter a generator could not read (`unread_front_matter`): where YAML
stopped, on the file's lines, and a warning only when the block holds a field we read."""

from __future__ import annotations

import pytest

from sitemap_core import unread_front_matter

pytest.importorskip("yaml")

DATES = ("updated", "date")


def test_a_value_that_cannot_be_made_names_its_field_and_line() -> None:
    issue = unread_front_matter(
        "---\ntitle: A\nupdated: 2024-13-45\n---\n# A\n", "a.md", "MkDocs", DATES
    )
    assert issue is not None
    assert (issue.code, issue.page, issue.field, issue.level) == (
        "metadata",
        "a.md",
        "updated",
        "warning",
    )
    assert issue.message.startswith(
        "front matter could not be read: `updated: 2024-13-45` (line 3): "
    )
    assert "MkDocs ignores all of this page's front matter" in issue.message
    assert issue.message.endswith("(the sitemap misses its `updated`)")


def test_a_syntax_error_is_the_block_s_at_its_line_and_an_info_line_without_our_fields() -> None:
    issue = unread_front_matter("---\ntitle: a: b\n---\n", "b.md", "ProperDocs", DATES)
    assert issue is not None
    assert (issue.field, issue.level) == ("front matter", "info")
    assert "(line 2)" in issue.message and "ProperDocs ignores" in issue.message


def test_a_block_that_reads_or_none_is_no_issue() -> None:
    assert unread_front_matter("---\nupdated: 2024-01-02\n---\n", "c.md", "MkDocs", DATES) is None
    assert unread_front_matter("# No front matter\n", "d.md", "MkDocs", DATES) is None


def test_the_block_is_mkdocs_own() -> None:
    meta = pytest.importorskip("mkdocs.utils.meta")
    from sitemap_core.facts.frontmatter import FRONT_MATTER

    assert (FRONT_MATTER.pattern, FRONT_MATTER.flags) == (meta.YAML_RE.pattern, meta.YAML_RE.flags)
