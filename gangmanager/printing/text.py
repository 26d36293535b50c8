"""Word wrapping with measured widths: every line returned fits the width it was given."""

from __future__ import annotations

from gangmanager.printing.elements import FontSpec, Measure
from gangmanager.printing.geometry import EPSILON


def _break_word(word: str, width: float, font: FontSpec, measure: Measure) -> list[str]:
    """A word wider than a line is cut between characters (names, long numbers)."""
    pieces: list[str] = []
    rest = word
    while rest and measure(rest, font) > width + EPSILON:
        cut = 1
        while cut < len(rest) and measure(rest[: cut + 1], font) <= width + EPSILON:
            cut += 1
        pieces.append(rest[:cut])
        rest = rest[cut:]
    if rest:
        pieces.append(rest)
    return pieces


def wrap(
    text: str,
    width: float,
    font: FontSpec,
    measure: Measure,
    first_width: float | None = None,
) -> list[str]:
    """Greedy wrap at spaces; `first_width` is the room left on the first line.

    Newlines start a new line. An empty text gives no lines. The first line
    may come back empty when not even one word fits beside what precedes it.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split()
        line = ""
        for word in words:
            room = first_width if first_width is not None and not lines else width
            candidate = f"{line} {word}" if line else word
            if measure(candidate, font) <= room + EPSILON:
                line = candidate
                continue
            if line or room < width:
                lines.append(line)
                line = ""
            if measure(word, font) <= width + EPSILON:
                line = word
            else:
                *whole, line = _break_word(word, width, font, measure)
                lines += whole
        if line or not words:
            lines.append(line)
    while lines and not lines[-1]:
        lines.pop()
    return lines
