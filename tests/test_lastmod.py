"""lastmod parsing and W3C Datetime output."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from sitemap_core.values import dates as lastmod

PARIS = ZoneInfo("Europe/Paris")


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("2024-01-02", "2024-01-02"),
        (dt.date(2024, 1, 2), "2024-01-02"),
        ("2024-01-02T03:04:05", "2024-01-02T03:04:05Z"),
        ("2024-01-02 03:04:05+02:00", "2024-01-02T03:04:05+02:00"),
        ("2024-01-02T03:04:05.123456Z", "2024-01-02T03:04:05Z"),
        ("2024-01-02T03:04", "2024-01-02T03:04:00Z"),
        ("2024-05", "2024-05-01"),
        ("2024", "2024-01-01"),
        (
            dt.datetime(2024, 1, 2, 3, 4, 5, tzinfo=dt.timezone(dt.timedelta(hours=-5))),
            "2024-01-02T03:04:05-05:00",
        ),
    ],
)
def test_w3c(value, expected):
    assert lastmod.to_w3c(lastmod.parse(value)) == expected


def test_naive_datetime_takes_the_configured_zone():
    value = lastmod.parse(dt.datetime(2024, 7, 1, 12, 0), PARIS)
    assert lastmod.to_w3c(value) == "2024-07-01T12:00:00+02:00"
    assert lastmod.to_w3c(lastmod.parse("2024-01-01T12:00", PARIS)) == "2024-01-01T12:00:00+01:00"


@pytest.mark.parametrize("bad", ["yesterday", "2024-13", "2024-02-30", "", "01/02/2024", 42, None])
def test_invalid_values_raise_value_error_naming_them(bad):
    with pytest.raises(ValueError, match=repr(bad)[:6]):
        lastmod.parse(bad)


def test_newest_orders_dates_and_datetimes_together():
    a = dt.date(2024, 1, 2)
    b = dt.datetime(2024, 1, 1, 23, 0, tzinfo=dt.UTC)
    assert lastmod.newest([a, b]) == a
    assert lastmod.newest([]) is None
