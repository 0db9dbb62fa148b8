"""`<loc>` URLs: joining onto the base URL, RFC 3986 percent-encoding, scope, escaping."""

from __future__ import annotations

import re
import string
from urllib.parse import quote, unquote, urlsplit, urlunsplit

from ..protocol.grammar import DEFAULT_PORTS, LONE_PERCENT, loc_problem
from ..protocol.sitemaps import MAX_LOC
from .codes import Code

# Characters RFC 3986 allows unencoded in each part ("%" is kept only before two hex digits).
_PATH_SAFE = "/:@!$&'()*+,;=-._~"
_QUERY_SAFE = _PATH_SAFE + "?"
# A URL made only of these (no brackets: they are legal only around an IPv6 host) is
# already RFC 3986-clean, and skips the slower split-and-quote path.
_URL_CHARS = r"[A-Za-z0-9\-._~:/?#@!$&'()*+,;=]*"
_CLEAN = re.compile(f"{_URL_CHARS}(?:%[0-9A-Fa-f]{{2}}{_URL_CHARS})*")
# What a site-relative URL can hold and still be listed as it is, besides `/`, `.` and
# `:` (each safe only in some places: no dot segment, no scheme).
_PLAIN_CHARS = string.ascii_letters + string.digits + "-_~?@!$&'()*+,;="
# The common case, checked in one step once scheme and dot segments are ruled out.
_PLAIN_RELATIVE = re.compile(f"[{re.escape(_PLAIN_CHARS)}./:]*")
_CONTROL = re.compile(r"[\x00-\x20\x7f]")
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")
_PERCENT = re.compile(r"%[0-9A-Fa-f]{2}")
_UNRESERVED = frozenset(string.ascii_letters + string.digits + "-._~")
_XML_ESCAPES = (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("'", "&apos;"), ('"', "&quot;"))


class URLError(ValueError):
    """A URL that cannot be listed; `code` is the issue code (`url` or `scope`)."""

    def __init__(self, code: Code, message: str) -> None:
        super().__init__(message)
        self.code = code


def encode(url: str) -> str:
    """Percent-encode a URL per RFC 3986: non-ASCII as UTF-8, nothing encoded twice."""
    if _CLEAN.fullmatch(url) and "#" not in url.partition("#")[2] and "/." not in url:
        return url
    # Encoded first: urlsplit silently drops tabs, newlines and edge spaces.
    parts = urlsplit(_CONTROL.sub(lambda m: f"%{ord(m[0]):02X}", url))
    host = parts.hostname or ""
    try:
        host.encode("ascii")
    except UnicodeEncodeError:
        netloc = parts.netloc.replace(host, host.encode("idna").decode("ascii"))
    else:
        netloc = parts.netloc
    return urlunsplit(
        (
            parts.scheme,
            netloc,
            _quote(_remove_dot_segments(parts.path), _PATH_SAFE),
            _quote(parts.query, _QUERY_SAFE),
            _quote(parts.fragment, _QUERY_SAFE),
        )
    )


def _remove_dot_segments(path: str) -> str:
    """RFC 3986 section 5.2.4: `/a/./b/../c` is `/a/c`."""
    if "." not in path:
        return path
    out: list[str] = []
    segments = path.split("/")
    for i, segment in enumerate(segments):
        last = i == len(segments) - 1
        if segment == "..":
            if len(out) > 1:
                out.pop()
            if last:
                out.append("")
        elif segment == ".":
            if last:
                out.append("")
        else:
            out.append(segment)
    return "/".join(out)


def quote_path(path: str) -> str:
    """A file path as a URL path: every character a path may not hold encoded, `%` too
    (a file name's `%` is a character, not an escape)."""
    return path.translate(_PATH_ENCODER)


def _quote(text: str, safe: str) -> str:
    return quote(LONE_PERCENT.sub("%25", text), safe=safe + "%")


def _quote_normal(text: str, encoder: _Encoder) -> str:
    """`_quote`, with escapes in their normal form (only escapes given in `text` can need it:
    `quote` writes upper-case escapes and never escapes an unreserved character)."""
    if "%" in text:
        return _escapes(_quote(text, encoder.safe))
    return text.translate(encoder)


class _Encoder(dict[int, str]):
    """A `str.translate` table that percent-encodes each character as `quote` does,
    learning each character on first sight (translate runs at C speed after that)."""

    def __init__(self, safe: str) -> None:
        super().__init__()
        self.safe = safe

    def __missing__(self, code: int) -> str:
        self[code] = quote(chr(code), safe=self.safe)  # strict: a lone surrogate raises
        return self[code]


_PATH_ENCODER, _QUERY_ENCODER = _Encoder(_PATH_SAFE), _Encoder(_QUERY_SAFE)


def normalize(url: str) -> str:
    """One spelling for one URL (RFC 3986 section 6.2.2), so equal URLs compare equal.

    Percent-encoded, without fragment, scheme and host in lower case (an IDN host as
    punycode), no default port, escapes in upper case and unreserved ones decoded.
    Raises ValueError for a URL that cannot be split (a bad port or IPv6 host).
    """
    parts = urlsplit(encode(url.partition("#")[0]))
    scheme, netloc = parts.scheme.lower(), parts.netloc
    if parts.hostname is not None:
        host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
        if parts.port is not None and parts.port != DEFAULT_PORTS.get(scheme):
            host += f":{parts.port}"
        userinfo, at, _ = netloc.rpartition("@")
        netloc = userinfo + at + host
    return urlunsplit((scheme, netloc, _escapes(parts.path), _escapes(parts.query), ""))


def normal_base(base_url: str) -> str:
    """The base URL in its normal form, ending with a slash (as given, if it is broken:
    `base_url_problem` says why)."""
    base_url = without_fragment(base_url)[0].rstrip("/")
    try:
        return normalize(base_url) + "/"
    except ValueError:
        return base_url + "/"


def same_page(a: str, b: str) -> bool:
    """True when two URLs name the same page: equal once normalized and their paths
    decoded, so `Caf%C3%A9%20%26%20Cr%C3%A8me/` is `Café & Crème/` (a static host maps
    both to one file). Raises ValueError as `normalize` does."""
    if a == b:
        return True
    first, second = urlsplit(normalize(a)), urlsplit(normalize(b))
    return first._replace(path="") == second._replace(path="") and unquote(first.path) == unquote(
        second.path
    )


def _escapes(text: str) -> str:
    """Percent-escapes normalised: `%7e` is `~`, `%c3` is `%C3`."""
    return _PERCENT.sub(_escape_form, text) if "%" in text else text


def _escape_form(match: re.Match[str]) -> str:
    char = chr(int(match[0][1:], 16))
    return char if char in _UNRESERVED else match[0].upper()


def join(base_url: str, url: str) -> str:
    """An absolute URL: `url` as is when absolute, else appended to the site's base URL.

    Site-relative URLs are relative to the base URL's folder, with or without a leading
    slash (`guide/`, `/guide/`), as the generators link their pages.
    """
    if _SCHEME.match(url):
        return url
    if url.startswith("//"):
        return base_url.split(":", 1)[0] + ":" + url
    if not base_url.endswith("/"):
        base_url += "/"
    return base_url + url.lstrip("/")


def folder_url(url: str) -> str:
    """A folder's index page as servers serve it: `blog/index.html` is `blog/`."""
    for index in ("index.html", "index.htm"):
        if url == index or url.endswith("/" + index):
            return url[: -len(index)]
    return url


def page_folder(name: str) -> str:
    """The folder a site of folder URLs serves the page `name` (its path without a
    suffix) from, and writes its `index.html` into: `a/b/` for `a/b` and `a/b/index`,
    `` for `index`."""
    head, _, last = name.rpartition("/")
    if last != "index":
        return f"{name}/"
    return f"{head}/" if head else ""


def site_path(url: str, base_url: str = "") -> str:
    """The site-relative path `exclude` globs and `rules` match: percent-decoded, without
    `base_url` (a URL not under it is returned as it is)."""
    if not base_url:
        return unquote(url)
    return unquote(url[len(base_url) :]) if url.startswith(base_url) else url


def scope_of(location: str) -> str:
    """The prefix every URL in the sitemap at `location` must start with: its folder."""
    return location.rsplit("/", 1)[0] + "/"


def host_root(url: str) -> str:
    """`scheme://host[:port]/`: the root of the host `url` is on."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}/"


def check(url: str, scope: str) -> None:
    """Raise `URLError` if the (encoded) URL cannot stand in a sitemap under `scope`."""
    problem = loc_problem(url)
    if problem:
        raise URLError(Code.URL, f"{url[:100]!r} {problem}")
    if not url.startswith(scope) and not _normal_prefix(url, scope):
        raise URLError(Code.SCOPE, f"{url} is outside the sitemap's scope {scope}")


def base_url_problem(base_url: str) -> str | None:
    """Why `base_url` cannot be a site's base URL (the prefix of every `<loc>`), in words
    that name it; None when it is an absolute http(s) URL the protocol accepts, with no
    query nor credentials (`foreign_part`)."""
    if not base_url:
        return "no base URL is set"
    if part := foreign_part(base_url):
        return f"{part} cannot be part of a site's address"
    try:
        check(encode(base_url), base_url)
    except URLError as exc:
        return str(exc)
    except (ValueError, UnicodeError) as exc:
        return f"{base_url!r} is not a valid URL ({exc})"
    return None


def foreign_part(base_url: str) -> str | None:
    """The part of `base_url` a site's address never holds, named as given: a query
    (`the query ?x=1`: every URL would end in it) or credentials (`the credentials
    user:***@`, the password hidden: they would be published); None when it has neither.
    A fragment is no such part: `without_fragment` drops it."""
    try:
        parts = urlsplit(base_url.partition("#")[0])
    except ValueError:
        return None  # `base_url_problem` says why it cannot be split
    if "@" in parts.netloc:
        user, colon, _ = parts.netloc.rpartition("@")[0].partition(":")
        return f"the credentials {user}{colon}{'***' if colon else ''}@"
    if parts.query or base_url.partition("#")[0].endswith("?"):
        return f"the query ?{parts.query}"
    return None


def shown(base_url: str) -> str:
    """`base_url` as messages may show it: a password in it hidden."""
    try:
        netloc = urlsplit(base_url).netloc
    except ValueError:
        return base_url
    userinfo, at, host = netloc.rpartition("@")
    if not at or ":" not in userinfo:
        return base_url
    return base_url.replace(netloc, f"{userinfo.partition(':')[0]}:***@{host}", 1)


def without_fragment(base_url: str) -> tuple[str, str]:
    """`base_url` without its `#fragment`, and the fragment (`""` when none): a fragment
    names a place in a page, never a folder of pages."""
    url, _, fragment = base_url.partition("#")
    return url, fragment


def _normal_prefix(url: str, scope: str) -> bool:
    """`url` is under `scope` once both are normalised (host case, a default port...)."""
    try:
        return normalize(url).startswith(normalize(scope))
    except ValueError:
        return False


def escape(text: str) -> str:
    """XML-escape `& < > ' "` for element text and attribute values."""
    for char, entity in _XML_ESCAPES:  # `&` first; five C-speed passes beat one translate
        if char in text:
            text = text.replace(char, entity)
    return text


def loc(base_url: str, url: str, scope: str) -> str:
    """The checked, normalised absolute URL for `url` (not yet XML-escaped).

    `base_url` is normalised and ends with a slash. A `#fragment` names a place in a page, not a page:
    crawlers drop it, so it is dropped. Dot segments are resolved before the scope check.
    """
    try:
        if not _SCHEME.match(url) and not url.startswith("//") and "/." not in "/" + url:
            # Site-relative, no dot segments: it stays in scope, only its length can fail.
            if _PLAIN_RELATIVE.fullmatch(url):
                absolute = base_url + url.lstrip("/")
            else:
                path, question, query = url.partition("#")[0].partition("?")
                absolute = base_url + _quote_normal(path.lstrip("/"), _PATH_ENCODER)
                if question:
                    absolute += "?" + _quote_normal(query, _QUERY_ENCODER)
            if len(absolute) <= MAX_LOC:
                return absolute
        absolute = normalize(join(base_url, url))
    except (ValueError, UnicodeError) as exc:  # a bad port or IPv6 host, a lone surrogate
        raise URLError(Code.URL, f"{url!r} is not a valid URL ({exc})") from None
    check(absolute, scope)
    return absolute
