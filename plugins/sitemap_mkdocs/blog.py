"""mkdocs-material's blog plugin: the posts each of its views shows; a post as news.

Each post is a `Post` page, dated by `date.created` (a news article, with `news` on).
The blog index, archive, category and author views, and each of their pagination
pages, are `View` pages (`material/plugins/blog/structure`); the blog plugin puts the
posts a page shows (its pagination slice) in its template context as `posts`, excerpts
whose `post` is the post itself.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from mkdocs.structure.pages import Page as MkDocsPage

if TYPE_CHECKING:
    from sitemap_core import News

# The blog plugin's page classes, looked up where the plugin loaded them: a page can be a
# `Post` or a `View` only once a build has imported the blog plugin, so a site without it
# never loads mkdocs-material's blog modules on our account.
_STRUCTURE = "material.plugins.blog.structure"


def loaded() -> bool:
    """True once a build imported the blog plugin: pages may be its views."""
    return _STRUCTURE in sys.modules


def is_view(page: MkDocsPage) -> bool:
    """True for a page of the blog plugin that lists posts."""
    return loaded() and isinstance(page, sys.modules[_STRUCTURE].View)


def shown_posts(context: Mapping[str, Any]) -> list[MkDocsPage]:
    """The posts a view's rendered page shows (the blog plugin's `posts`, excerpts)."""
    return [excerpt.post for excerpt in context.get("posts") or ()]


def article(page: MkDocsPage) -> News | None:
    """A blog post as a news article (its title and `date.created`); None for other pages.
    Name and language are left to the settings (`news_publication`, `news_language`)."""
    structure = sys.modules.get(_STRUCTURE)
    if structure is None or not isinstance(page, structure.Post):
        return None
    from sitemap_core import News  # loaded by a build with news on

    return News(page.title or str(page.meta.get("title") or ""), page.config.date.created)
