"""The `lastmod` option's values: where the pages' lastmods come from."""

from __future__ import annotations

from enum import StrEnum


class LastmodMode(StrEnum):
    """Where lastmod comes from: `auto` (git, then the content state), `git`, `content`
    (the content state), `mtime` (file times), `build` (the build's time) or `none`."""

    AUTO = "auto"
    GIT = "git"
    CONTENT = "content"
    MTIME = "mtime"
    BUILD = "build"
    NONE = "none"


GIT_MODES = frozenset({LastmodMode.AUTO, LastmodMode.GIT})  # the modes that read git history
