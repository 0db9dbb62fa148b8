"""IndexNow's facts: the shared endpoint, the batch limit, and the key's grammar."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

DEFAULT_ENDPOINT = "https://api.indexnow.org/indexnow"  # shares with every IndexNow engine
MAX_URLS = 10_000  # per request, the protocol's limit

_KEY = re.compile(r"[A-Za-z0-9-]{8,128}")
_HTTP = re.compile(r"https?:", re.IGNORECASE)  # the scheme, as `files.fetch.is_url` reads it


def key_problem(key: str) -> str | None:
    """Why `key` cannot be an IndexNow key, or None when it can."""
    if _KEY.fullmatch(key):
        return None
    return (
        f"{key!r} is not an IndexNow key: 8 to 128 characters of a-z, A-Z, 0-9 and '-' "
        f"(make one once and keep it, e.g. {new_key()})"
    )


def new_key() -> str:
    """A fresh random key (32 hex digits), for the user to keep."""
    import secrets  # loaded when a key is made: a run with a good key never does

    return secrets.token_hex(16)


def endpoint_url(endpoint: str) -> str:
    """An endpoint as given, `/indexnow` added to a bare host; ValueError if not http(s)."""
    if not _HTTP.match(endpoint):
        raise ValueError(f"{endpoint!r} is not an http(s) URL")
    return endpoint.rstrip("/") + "/indexnow" if urlsplit(endpoint).path in ("", "/") else endpoint
