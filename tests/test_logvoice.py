"""A standard logger as a build's voice (`LogVoice`): each issue at its level, the
summary at info, everything at debug under a development server."""

from __future__ import annotations

import logging

import pytest

from sitemap_core import Code, Issue, LogVoice, Reporter


@pytest.mark.parametrize("preview", [False, True])
def test_levels(caplog: pytest.LogCaptureFixture, preview: bool) -> None:
    logger = logging.getLogger("test_logvoice")
    voice = LogVoice(logger)
    voice.preview = preview
    reporter = Reporter(voice)
    caplog.set_level(logging.DEBUG, logger="test_logvoice")
    reporter.note(
        [
            Issue(Code.SCOPE, "a.md", "", "outside", level="info"),
            Issue(Code.LASTMOD, "b.md", "lastmod", "not a date"),
            Issue(Code.OPTION, "", "gzip", "cannot write", level="error"),
        ]
    )
    reporter.say()
    voice.summary("sitemap: 2 URLs")
    levels = [record.levelno for record in caplog.records]
    expected = [logging.INFO, logging.WARNING, logging.ERROR, logging.INFO]
    assert levels == ([logging.DEBUG] * 4 if preview else expected)
    assert caplog.records[-1].getMessage() == "sitemap: 2 URLs"
