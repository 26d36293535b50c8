"""Silence the one warning Qt's offscreen platform prints at every window resize.

"This plugin does not support propagateSizeHints()" comes dozens of times per
run in the `default` logging category, so `QT_LOGGING_RULES` could only hide it
with every other uncategorised warning; a handler drops this message alone.
Installed by the bench's children and the bench's own process, never by the app.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import QMessageLogContext, QtMsgType, qInstallMessageHandler

NOISE = "This plugin does not support propagateSizeHints()"


def _handler(kind: QtMsgType, context: QMessageLogContext, message: str) -> None:
    if message == NOISE:
        return
    # Everything else as Qt would print it (to stderr, one line each).
    print(message, file=sys.stderr)


def install() -> None:
    qInstallMessageHandler(_handler)
