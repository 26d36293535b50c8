"""The one error every importer raises: `<file>: <json path>: <what is wrong>`.

The message is always a single line, whatever the file holds: a dialog or
the command line shows it as it is, and a user can find the spot in the file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["ImportFileError", "describe_value", "json_path"]

# Everything str.splitlines() breaks on, plus the other C0 controls and DEL.
_LINE_BREAKS = re.compile(r"[\x00-\x1f\x7f\x85\u2028\u2029]+")
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
MAX_MESSAGE_CHARS = 300
MAX_KEY_CHARS = 40


def _one_line(text: str, limit: int) -> str:
    flat = _LINE_BREAKS.sub(" ", text).strip()
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


class ImportFileError(ValueError):
    """A file that cannot be imported, with where and why.

    `source` is the file name as shown to the user, `path` the JSON path
    (`fighters[2].profile.BS`) or a text position (`line 3, column 5`),
    empty when the problem is the whole file.
    """

    def __init__(self, source: str, path: str, message: str) -> None:
        self.source = _one_line(source, 120)
        self.path = _one_line(path, 160)
        self.message = _one_line(message, MAX_MESSAGE_CHARS)
        super().__init__(str(self))

    def __str__(self) -> str:
        return ": ".join(part for part in (self.source, self.path, self.message) if part)


def _key(key: str) -> str:
    shown = key if len(key) <= MAX_KEY_CHARS else key[: MAX_KEY_CHARS - 1] + "…"
    return f".{shown}" if _IDENTIFIER.match(key) else f"[{shown!r}]"


def json_path(parts: Iterable[str | int]) -> str:
    """`("fighters", 2, "profile", "BS")` -> `fighters[2].profile.BS`."""
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else _key(part)
    return out.removeprefix(".")


def describe_value(value: object) -> str:
    """A short, JSON-flavoured description of a value for an error message."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        text = repr(value)
        return text if len(text) <= 20 else f"a number of {len(text)} digits"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:39] + "…"
        return repr(shown)
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
