"""Flowing blocks of content down a face (card face or page), onto further faces as needed.

A block is a `Piece`: one or more horizontal slices stacked top to bottom.
Slices never break; a splittable piece (a paragraph taller than a third of a
face) may break between slices. A table row carries its table's header piece, which is repeated at
the top of the next face when the table continues there.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field, replace

from gangmanager.printing.elements import Drawing
from gangmanager.printing.geometry import EPSILON

# Blocks taller than this share of a face may break across faces; shorter ones never do.
LONG_BLOCK = 1 / 3


class LayoutError(ValueError):
    """Content that cannot be laid out at all (a slice taller than an empty face)."""


@dataclass
class Slice:
    height: float
    drawing: Drawing


@dataclass
class Piece:
    slices: list[Slice]
    gap_before: float = 0.0
    # Headings stay with what follows them.
    keep_with_next: bool = False
    splittable: bool = False
    # Placed again above this piece when it starts a new face (table header).
    header: Piece | None = None
    # Widow/orphan control: lines kept together at either side of a break.
    min_lines: int = 2

    @property
    def height(self) -> float:
        return sum(s.height for s in self.slices)

    def split(self, room: float, min_lines: int | None = None) -> tuple[Piece, Piece] | None:
        """The most slices that fit in `room`, and the rest; None if no good break exists."""
        keep = self.min_lines if min_lines is None else min_lines
        used, count = 0.0, 0
        for piece_slice in self.slices:
            if used + piece_slice.height > room + EPSILON:
                break
            used += piece_slice.height
            count += 1
        count = min(count, len(self.slices) - keep)
        if count < keep or count <= 0:
            return None
        head = replace(self, slices=self.slices[:count], keep_with_next=False)
        tail = replace(self, slices=self.slices[count:], gap_before=0.0)
        return head, tail


def single(
    height: float, drawing: Drawing, gap_before: float = 0.0, keep_with_next: bool = False
) -> Piece:
    return Piece([Slice(height, drawing)], gap_before=gap_before, keep_with_next=keep_with_next)


def stacked(piece: Piece) -> Drawing:
    """The slices of a piece drawn one under the other, from y = 0."""
    out = Drawing()
    y = 0.0
    for piece_slice in piece.slices:
        out.extend(piece_slice.drawing.moved(0.0, y))
        y += piece_slice.height
    return out


def _breaks(piece: Piece, face_height: float) -> bool:
    """A short block moves whole to the next face; a long one may break between lines."""
    return piece.splittable and piece.height > face_height * LONG_BLOCK


def _least_start(piece: Piece, face_height: float) -> float:
    """The least of a piece that can start on a face: its first lines, or all of it."""
    if _breaks(piece, face_height):
        return sum(s.height for s in piece.slices[: piece.min_lines])
    return piece.height


@dataclass
class _Face:
    top: float
    drawing: Drawing = field(default_factory=Drawing)
    y: float = 0.0
    # False while the face holds nothing but a repeated table header.
    content: bool = False


def flow(pieces: list[Piece], face_height: float, continued_top: float = 0.0) -> list[Drawing]:
    """Place pieces down faces of `face_height`; faces after the first start at `continued_top`.

    Returns one drawing per face, relative to the face's top-left corner.
    """
    faces: list[Drawing] = []
    face = _Face(top=0.0)
    queue = deque(pieces)

    while queue:
        piece = queue.popleft()
        at_top = not face.content
        gap = 0.0 if at_top else piece.gap_before
        room = face_height - face.y - gap
        need_next = 0.0
        if piece.keep_with_next and queue:
            need_next = queue[0].gap_before + _least_start(queue[0], face_height)
        fits = piece.height <= room + EPSILON
        if fits and (at_top or piece.height + need_next <= room + EPSILON):
            face.drawing.extend(stacked(piece).moved(0.0, face.y + gap))
            face.y += gap + piece.height
            face.content = face.content or not (queue and queue[0].header is piece)
            continue
        if piece.splittable and not fits and (at_top or _breaks(piece, face_height)):
            parts = piece.split(room, min_lines=1 if at_top else None)
            if parts is not None:
                face.drawing.extend(stacked(parts[0]).moved(0.0, face.y + gap))
                piece, at_top = parts[1], False
        if at_top:
            raise LayoutError(
                f"a block {piece.height:.1f} mm tall does not fit a face {face_height:.1f} mm tall"
            )
        faces.append(face.drawing)
        face = _Face(top=continued_top, y=continued_top)
        queue.appendleft(piece)
        if piece.header is not None:
            queue.appendleft(piece.header)
    faces.append(face.drawing)
    return faces
