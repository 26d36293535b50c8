"""Rectangles and paper sizes, all in millimetres from the top-left corner."""

from __future__ import annotations

from dataclasses import dataclass

MM_PER_PT = 25.4 / 72
# Rounding slack for fitting checks: far below anything a printer shows.
EPSILON = 1e-6


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def moved(self, dx: float, dy: float) -> Rect:
        return Rect(self.x + dx, self.y + dy, self.w, self.h)

    def inset(self, by: float) -> Rect:
        return Rect(self.x + by, self.y + by, self.w - 2 * by, self.h - 2 * by)


@dataclass(frozen=True)
class Paper:
    name: str
    width: float
    height: float


A4 = Paper("A4", 210.0, 297.0)
LETTER = Paper("Letter", 215.9, 279.4)
# The `--paper` choices of the command line.
PAPERS: dict[str, Paper] = {"a4": A4, "letter": LETTER}
