"""What the command line prints never holds raw control characters.

A name, a house or a note may hold an escape sequence (an old database, a file
from elsewhere); printed as is, it could clear or recolour the terminal or hide
text. Text output goes through `escaped_output()`: line breaks and tabs stay,
every other control character is shown as `\\x1b`, `\\x00`... JSON output escapes
them itself.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

# C0 controls but tab and newline, DEL, and the C1 controls (0x80-0x9f: CSI is 0x9b).
_CONTROLS = [*range(0x00, 0x09), *range(0x0B, 0x20), 0x7F, *range(0x80, 0xA0)]
_ESCAPES = {code: f"\\x{code:02x}" for code in _CONTROLS}


def escape_controls(text: str) -> str:
    return text.translate(_ESCAPES)


class _Escaping:
    """A text stream that escapes control characters on their way out."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        return self._stream.write(escape_controls(text))

    def __getattr__(self, name: str) -> Any:  # flush, fileno, encoding...
        return getattr(self._stream, name)


@contextmanager
def escaped_output() -> Iterator[None]:
    """stdout and stderr escape control characters for the duration."""
    saved = sys.stdout, sys.stderr
    sys.stdout = _Escaping(saved[0])
    sys.stderr = _Escaping(saved[1])
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved
