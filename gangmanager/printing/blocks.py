"""Building blocks shared by cards and roster sheets: paragraphs, headings, tables, tick boxes.

Each returns `Piece`s laid out for a given width, with every text box as wide
as its measured text needs and no wider than its column.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gangmanager.printing.elements import Align, Drawing, FontSpec, Frame, Measure, Rule, TextBox
from gangmanager.printing.flow import Piece, Slice, single, stacked
from gangmanager.printing.geometry import Rect
from gangmanager.printing.text import wrap

# Gap between a bold label and the text that follows it on the same line.
LABEL_GAP = 1.0


def text_box(
    text: str, x: float, y: float, width: float, font: FontSpec, align: Align = Align.LEFT
) -> TextBox:
    return TextBox(Rect(x, y, width, font.line_height), text, font, align)


def paragraph(
    text: str,
    width: float,
    font: FontSpec,
    measure: Measure,
    *,
    label: str = "",
    label_font: FontSpec | None = None,
    gap_before: float = 0.0,
) -> Piece:
    """Wrapped text, one slice per line; an optional bold label starts the first line."""
    line_height = max(font.line_height, label_font.line_height if label_font else 0.0)
    slices: list[Slice] = []
    first_x = 0.0
    first = Drawing()
    if label:
        label_font = label_font or font
        label_width = measure(label, label_font)
        first.texts.append(text_box(label, 0.0, 0.0, label_width, label_font))
        first_x = label_width + LABEL_GAP
    lines = wrap(text, width, font, measure, first_width=width - first_x)
    for index, line in enumerate(lines):
        drawing = first if index == 0 else Drawing()
        x = first_x if index == 0 else 0.0
        if line:
            drawing.texts.append(text_box(line, x, 0.0, measure(line, font), font))
        slices.append(Slice(line_height, drawing))
    if not slices:
        slices.append(Slice(line_height, first))
    return Piece(slices, gap_before=gap_before, splittable=True)


def heading(
    text: str, width: float, font: FontSpec, measure: Measure, gap_before: float = 0.0
) -> Piece:
    """A section title with a rule under it; it stays with what follows."""
    lines = wrap(text, width, font, measure)
    drawing = Drawing()
    y = 0.0
    for line in lines:
        drawing.texts.append(text_box(line, 0.0, y, measure(line, font), font))
        y += font.line_height
    drawing.rules.append(Rule(0.0, y + 0.2, width, y + 0.2, width=0.25))
    return single(y + 0.5, drawing, gap_before=gap_before, keep_with_next=True)


@dataclass(frozen=True)
class Column:
    title: str
    width: float
    align: Align = Align.LEFT


@dataclass(frozen=True)
class Cell:
    text: str
    font: FontSpec | None = None
    fill: float | None = None


@dataclass(frozen=True)
class Row:
    cells: Sequence[Cell | str]
    # One cell across the whole table (a weapon's name above its profiles).
    span: bool = False
    keep_with_next: bool = False
    # A darker rule above the row (a new weapon starts).
    group_start: bool = False
    indent: float = 0.0


CELL_PAD_X = 0.6
CELL_PAD_Y = 0.35


def column_width(texts: Sequence[str], font: FontSpec, measure: Measure) -> float:
    """The width a column needs for its widest text, padding included."""
    return max((measure(t, font) for t in texts), default=0.0) + 2 * CELL_PAD_X


def _cell_drawing(
    text: str, x: float, width: float, font: FontSpec, align: Align, measure: Measure
) -> tuple[Drawing, int]:
    inner = width - 2 * CELL_PAD_X
    drawing = Drawing()
    lines = wrap(text, inner, font, measure)
    for index, line in enumerate(lines):
        text_width = measure(line, font)
        if align is Align.LEFT:
            box_x = x + CELL_PAD_X
        elif align is Align.RIGHT:
            box_x = x + width - CELL_PAD_X - text_width
        else:
            box_x = x + (width - text_width) / 2
        y = CELL_PAD_Y + index * font.line_height
        drawing.texts.append(text_box(line, box_x, y, text_width, font, align))
    return drawing, len(lines)


def table(
    columns: Sequence[Column],
    rows: Sequence[Row],
    header_font: FontSpec,
    body_font: FontSpec,
    measure: Measure,
    gap_before: float = 0.0,
) -> list[Piece]:
    """A header piece (repeated on a new face) and one piece per row."""
    width = sum(c.width for c in columns)
    header_cells = [Cell(c.title, header_font) for c in columns]
    header = _row_drawing(header_cells, columns, width, body_font, measure, span=False, indent=0.0)
    header_drawing, header_height = header
    header_drawing.frames.insert(
        0, Frame(Rect(0.0, 0.0, width, header_height), stroke=0.0, fill=0.86)
    )
    header_piece = single(header_height, header_drawing, gap_before=gap_before, keep_with_next=True)
    pieces = [header_piece]
    for row in rows:
        cells = [Cell(c) if isinstance(c, str) else c for c in row.cells]
        drawing, height = _row_drawing(
            cells, columns, width, body_font, measure, span=row.span, indent=row.indent
        )
        if row.group_start:
            drawing.rules.append(Rule(0.0, 0.0, width, 0.0, width=0.2, gray=0.35))
        drawing.rules.append(Rule(0.0, height, width, height, width=0.1, gray=0.65))
        piece = single(height, drawing, keep_with_next=row.keep_with_next)
        piece.header = header_piece
        pieces.append(piece)
    return pieces


def _row_drawing(
    cells: Sequence[Cell],
    columns: Sequence[Column],
    width: float,
    body_font: FontSpec,
    measure: Measure,
    span: bool,
    indent: float,
) -> tuple[Drawing, float]:
    """Cells wrapped in their columns; the row is as tall as its tallest cell."""
    slots = [(columns[0].align, width)] if span else [(c.align, c.width) for c in columns]
    texts = Drawing()
    fills: list[tuple[float, float, float]] = []
    height = 0.0
    x = 0.0
    for (align, cell_width), cell in zip(slots, cells, strict=False):
        font = cell.font or body_font
        shift = indent if x == 0.0 else 0.0
        drawing, count = _cell_drawing(
            cell.text, x + shift, cell_width - shift, font, align, measure
        )
        texts.extend(drawing)
        height = max(height, max(count, 1) * font.line_height + 2 * CELL_PAD_Y)
        if cell.fill is not None:
            fills.append((x, cell_width, cell.fill))
        x += cell_width
    out = Drawing(
        frames=[Frame(Rect(left, 0.0, w, height), stroke=0.0, fill=gray) for left, w, gray in fills]
    )
    out.extend(texts)
    return out, height


def tick_boxes(
    label: str,
    count: int,
    width: float,
    label_width: float,
    font: FontSpec,
    measure: Measure,
    box: float,
) -> Piece:
    """`Wounds [] [] []`: a label, then empty boxes, wrapping onto more lines if needed."""
    line_height = max(font.line_height, box + 0.6)
    pitch = box * 1.6
    per_line = max(1, int((width - label_width + pitch - box) // pitch))
    label_y = (line_height - font.line_height) / 2
    first = Drawing(texts=[text_box(label, 0.0, label_y, measure(label, font), font)])
    slices: list[Slice] = []
    for start in range(0, max(count, 1), per_line):
        drawing = first if not slices else Drawing()
        for column in range(min(per_line, count - start)):
            drawing.frames.append(
                Frame(Rect(label_width + column * pitch, (line_height - box) / 2, box, box))
            )
        slices.append(Slice(line_height, drawing))
    return Piece(slices, splittable=True, min_lines=1)


def side_by_side(columns: Sequence[tuple[float, Piece]], gap_before: float = 0.0) -> Piece:
    """Pieces placed at the given x offsets, as one unbreakable piece."""
    drawing = Drawing()
    for x, piece in columns:
        drawing.extend(stacked(piece).moved(x, 0.0))
    return single(max(p.height for _, p in columns), drawing, gap_before=gap_before)


def rows_piece(pieces: Sequence[Piece], gap: float = 0.0) -> Piece:
    """Pieces stacked into one unbreakable piece (a small block that must stay whole)."""
    drawing = Drawing()
    y = 0.0
    for index, piece in enumerate(pieces):
        if index:
            y += gap
        drawing.extend(stacked(piece).moved(0.0, y))
        y += piece.height
    return single(y, drawing)
