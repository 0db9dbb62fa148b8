"""`validate` on a site folder's llms.txt (llmstxt.org): an H1 first, and each link of its
lists an absolute URL of the site (under its base URL) that the sitemap lists; a warning
for each that is not, as for a sitemap's URLs."""

from __future__ import annotations

import re
from collections.abc import Container
from pathlib import Path

from ..values.codes import Code
from ..values.report import Issue

NAME = "llms.txt"
_MAX_BYTES = 10 << 20  # more than any llms.txt holds; the rest is not read
# A list item's link: `- [title](url)` or `- [title](<url>)`, titles with escaped brackets.
_ITEM_LINK = re.compile(r"^\s*[-*+]\s+\[(?:\\.|[^\]\\])*\]\(\s*(<[^>\n]*>|[^\s)]*)")
_ABSOLUTE = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://")


def check_llms_txt(path: Path, base: str, listed: Container[str]) -> list[Issue]:
    """The issues of the llms.txt at `path`, of the site at `base` whose sitemaps list
    the URLs `listed`: one per line at fault."""
    try:
        with path.open("rb") as file:
            text = file.read(_MAX_BYTES).decode("utf-8")
    except OSError as exc:
        return [_issue(NAME, f"cannot be read ({exc.strerror or exc})")]
    except UnicodeDecodeError as exc:
        return [_issue(NAME, f"is not UTF-8 ({exc.reason} at byte {exc.start})")]
    lines = text.lstrip("\ufeff").splitlines()
    first = next((n for n, line in enumerate(lines, 1) if line.strip()), 0)
    issues = []
    if not first or not lines[first - 1].startswith("# "):
        issues.append(_issue(f"{NAME}:{first or 1}", "does not start with an H1 (`# name`)"))
    for number, line in enumerate(lines, 1):
        found = _ITEM_LINK.match(line)
        if found is None:
            continue
        url = found.group(1).strip("<>").strip()
        problem = _link_problem(url, base, listed)
        if problem:
            issues.append(_issue(f"{NAME}:{number}", problem))
    return issues


def _link_problem(url: str, base: str, listed: Container[str]) -> str:
    """Why a link of llms.txt's lists is wrong for this site; "" when it is right."""
    if not _ABSOLUTE.match(url):
        return f"links {url!r}, not an absolute URL: write {base}..."
    if not url.startswith(base):
        return f"links {url}, outside the site ({base})"
    if url not in listed:
        return f"links {url}, a URL the sitemap does not list"
    return ""


def _issue(where: str, message: str) -> Issue:
    return Issue(Code.LLMS, where, "", message)
