"""A page's date that is only its file's modification time, which is no date of the page.

A generator may date a page that gives no date of its own by its source file's
modification time (Pelican's `DEFAULT_DATE = "fs"`): a checkout's time, not an edit's.
`own_date` tells such a date from the page's own, so the sitemap dates the page by its
history instead.
"""

from __future__ import annotations

import datetime as dt
import os
from typing import TypeVar

from ..values.page import StrPath

D = TypeVar("D", dt.date, dt.datetime)


def own_date(date: D | None, source: StrPath) -> D | None:
    """`date`, unless it is the modification time of the file `source` (to the
    microsecond, in local time, as generators read it); None then, or when None."""
    if not isinstance(date, dt.datetime):
        return date
    try:
        mtime = dt.datetime.fromtimestamp(os.stat(source).st_mtime)
    except OSError:
        return date
    return None if date.replace(tzinfo=None) == mtime else date
