"""own_date: a date that is only the file's modification time is no date of the page."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

from sitemap_core import own_date


def test_the_files_mtime_is_no_date_of_the_page(tmp_path: Path) -> None:
    source = tmp_path / "a.md"
    source.write_text("x", "utf-8")
    os.utime(source, (1_700_000_000.25, 1_700_000_000.25))
    mtime = dt.datetime.fromtimestamp(source.stat().st_mtime)
    assert own_date(mtime, source) is None
    assert own_date(mtime.replace(tzinfo=dt.UTC), str(source)) is None  # as read
    other = mtime - dt.timedelta(days=1)
    assert own_date(other, source) == other
    assert own_date(None, source) is None
    assert own_date(dt.date(2024, 1, 2), source) == dt.date(2024, 1, 2)  # a day: the page's
    assert own_date(mtime, tmp_path / "gone.md") == mtime  # no file: the date stands
