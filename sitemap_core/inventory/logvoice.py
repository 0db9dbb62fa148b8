"""A standard `logging.Logger` as a build's voice.

A generator that logs through Python's `logging` (MkDocs: its plugin logger, whose
warnings `--strict` counts) hears each issue at the issue's own level and the summary
line at info level. A build a development server makes (`mkdocs serve` on its own
address) is a preview: every line of it at debug level, so a page saved while writing
does not fill the console or fail a strict serve.
"""

from __future__ import annotations

import logging

from .reporter import Said

LEVELS = {"info": logging.INFO, "warning": logging.WARNING, "error": logging.ERROR}
"""An issue's level as a `logging` level."""


class LogVoice:
    """Says a build's lines through `logger`; everything at debug level while `preview`."""

    __slots__ = ("logger", "preview")

    def __init__(self, logger: logging.Logger | logging.LoggerAdapter[logging.Logger]) -> None:
        self.logger = logger
        self.preview = False

    def issue(self, said: Said) -> None:
        """Say one issue, at its level."""
        level = logging.DEBUG if self.preview else LEVELS[said.issue.level]
        self.logger.log(level, said.text)

    def summary(self, text: str) -> None:
        """Say the build's summary line, at info level."""
        self.logger.log(logging.DEBUG if self.preview else logging.INFO, text)
