"""Typed reads of a YakTribe file's untrusted values: each refusal names the JSON path."""

from __future__ import annotations

import html
import math
import re
from typing import NoReturn

from gangmanager.exchange.errors import ImportFileError, describe_value, json_path
from gangmanager.rules.limits import (
    clean_name,
    past_bound,
)

# No price, count or rating in the game reaches a million; sums of such
# values then stay far below the gang file's own limit.
MAX_NUMBER = 1_000_000
Where = tuple[str | int, ...]

_NUMBER_TEXT = re.compile(r"^[+-]?\d{1,12}(?:\.0*)?$")


class _Reader:
    """Typed access to untrusted values; every refusal names the JSON path."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, where: Where, message: str) -> NoReturn:
        raise ImportFileError(self.source, json_path(where), message)

    def obj(self, value: object, where: Where, what: str = "an object") -> dict[str, object]:
        if not isinstance(value, dict):
            self.fail(where, f"expected {what}, got {describe_value(value)}")
        return value

    def items(self, value: object, where: Where) -> list[object]:
        if value is None:
            return []
        if not isinstance(value, list):
            self.fail(where, f"expected a list, got {describe_value(value)}")
        return value

    def text(self, value: object, where: Where) -> str:
        if value is None:
            return ""
        if isinstance(value, str):
            # YakTribe writes some text HTML-escaped (&rsquo;, &ldquo;, &quot;, &amp;),
            # and notes typed on Windows keep their \r\n: one \n, as everywhere else.
            text = html.unescape(value).replace("\r\n", "\n").replace("\r", "\n")
            return text.strip()
        if isinstance(value, int | float) and not isinstance(value, bool):
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            text = str(value)  # a name or note written as a number
            if len(text) > 40:
                self.fail(where, f"expected text, got {describe_value(value)}")
            return text
        self.fail(where, f"expected text, got {describe_value(value)}")

    def name(self, value: object, where: Where, *, gang: bool = False) -> str:
        """A gang's or fighter's name, normalised; "" when absent or blank."""
        text = self.text(value, where)
        if not text.strip():
            return ""
        try:
            return clean_name(text, gang=gang)
        except ValueError as exc:
            self.fail(where, str(exc))

    def number(self, value: object, where: Where) -> int | None:
        """A whole number, given as a number or as text ("45"); None when absent."""
        if value is None or (isinstance(value, str) and value.strip() in ("", "-")):
            return None
        if isinstance(value, bool):
            self.fail(where, f"expected a number, got {describe_value(value)}")
        if isinstance(value, str):
            stripped = value.strip()
            if not _NUMBER_TEXT.match(stripped):
                self.fail(where, f"expected a number, got {describe_value(value)}")
            value = int(stripped.split(".")[0])
        if isinstance(value, float):
            if not math.isfinite(value) or value != int(value):
                self.fail(where, f"expected a whole number, got {describe_value(value)}")
            value = int(value)
        if not isinstance(value, int):
            self.fail(where, f"expected a number, got {describe_value(value)}")
        if abs(value) > MAX_NUMBER:
            self.fail(where, past_bound(value, MAX_NUMBER, describe_value(value)))
        return value

    def count(self, value: object, where: Where) -> int | None:
        """A number that may not be negative (cost, xp)."""
        number = self.number(value, where)
        if number is not None and number < 0:
            self.fail(where, f"{number} is negative")
        return number

    def names(self, value: object, where: Where) -> tuple[list[str], int]:
        """Skills or injuries: a list of names or of objects with a name, or a
        comma-separated text. Returns the names and how many had none."""
        if isinstance(value, str):
            return [part.strip() for part in value.split(",") if part.strip()], 0
        out: list[str] = []
        nameless = 0
        for index, item in enumerate(self.items(value, where)):
            at = (*where, index)
            if isinstance(item, dict):
                name = self.text(item.get("name"), (*at, "name"))
            elif isinstance(item, str | int | float) and not isinstance(item, bool):
                name = self.text(item, at)
            else:
                self.fail(at, f"expected a name, got {describe_value(item)}")
            if name:
                out.append(name)
            else:
                nameless += 1
        return out, nameless
