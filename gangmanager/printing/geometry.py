"""Rectangles and paper sizes, all in millimetres from the top-left corner."""

from __future__ import annotations

from dataclasses import dataclass

MM_PER_PT = 25.4 / 72
# Rounding slack for containment checks: far below anything a printer shows.
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

    def contains(self, other: Rect) -> bool:
        return (
            other.x >= self.x - EPSILON
            and other.y >= self.y - EPSILON
            and other.right <= self.right + EPSILON
            and other.bottom <= self.bottom + EPSILON
        )

    def overlaps(self, other: Rect) -> bool:
        """True when the interiors meet; rectangles that only touch do not overlap."""
        return (
            self.x < other.right - EPSILON
            and other.x < self.right - EPSILON
            and self.y < other.bottom - EPSILON
            and other.y < self.bottom - EPSILON
        )


@dataclass(frozen=True)
class Paper:
    name: str
    width: float
    height: float


A4 = Paper("A4", 210.0, 297.0)
LETTER = Paper("Letter", 215.9, 279.4)
# The `--paper` choices of the command line.
PAPERS: dict[str, Paper] = {"a4": A4, "letter": LETTER}
