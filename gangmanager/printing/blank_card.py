"""Blank fighter cards to fill in by hand, in the pack's statline.

Each card has the printed card's shape: lines for the name, type and category,
boxes for the Fighter Rating and XP, the profile with the pack's characteristic
codes over empty cells, wound, flesh wound and XP boxes, an empty weapons table
and ruled lines for wargear, skills and injuries. Classic cards go three to a
page with cut lines; the page layout gives one card a page.
"""

from __future__ import annotations

from collections.abc import Sequence

from gangmanager.printing.blocks import CELL_PAD_Y, text_box
from gangmanager.printing.card import (
    HEADER_FILL,
    NEW_XP_BOXES,
    WEAPON_COLUMNS,
    CardStyle,
    weapon_headers,
)
from gangmanager.printing.card_pages import (
    CardLayout,
    classic_slots,
    cut_lines,
    layout_style,
    page_slot,
)
from gangmanager.printing.elements import Document, Drawing, Frame, Measure, Page, Region, Rule
from gangmanager.printing.flow import LayoutError
from gangmanager.printing.geometry import Paper, Rect
from gangmanager.rules.characteristics import CharacteristicTable
from gangmanager.rules.ruleset import Ruleset

# Most cards a print holds: a box of cards for a whole campaign, not a typo's thousand pages.
MAX_BLANK_CARDS = 300
# Boxes to tick on a blank card: wounds and flesh wounds vary, so enough for most fighters.
WOUND_BOXES = 4
FLESH_WOUND_BOXES = 5


def blank_card_pages(
    count: int,
    table: CharacteristicTable,
    measure: Measure,
    paper: Paper,
    layout: CardLayout = CardLayout.CLASSIC,
    weapon_columns: Sequence[str] = WEAPON_COLUMNS,
) -> list[Page]:
    if not 1 <= count <= MAX_BLANK_CARDS:
        raise ValueError(f"blank cards: give 1 to {MAX_BLANK_CARDS}, not {count}")
    slots = classic_slots(paper) if layout is CardLayout.CLASSIC else [page_slot(paper)]
    style, padding = layout_style(layout)
    inner = slots[0].inset(padding)
    # On a page of its own a blank card is as tall as a classic one, scaled.
    height = inner.h if layout is CardLayout.CLASSIC else min(inner.h, 85.0 * 1.5 - 2 * padding)
    face = blank_face(table, inner.w, height, measure, style, weapon_columns)
    pages: list[Page] = []
    used: list[list[Rect]] = []
    for number in range(1, count + 1):
        if not used or len(used[-1]) == len(slots):
            pages.append(Page(paper))
            used.append([])
        slot = slots[len(used[-1])]
        used[-1].append(slot)
        border = (
            slot.inset(1.0)
            if layout is CardLayout.CLASSIC
            else Rect(slot.x, slot.y, slot.w, height + 2 * padding)
        )
        pages[-1].drawing.frames.append(Frame(border, stroke=0.3))
        pages[-1].place(face, Region(f"Blank card {number}", slot.inset(padding)))
    if layout is CardLayout.CLASSIC:
        for page, slots_used in zip(pages, used, strict=True):
            page.drawing.rules[:0] = cut_lines(slots_used)
    return pages


def blank_face(
    table: CharacteristicTable,
    width: float,
    height: float,
    measure: Measure,
    style: CardStyle,
    weapon_columns: Sequence[str] = WEAPON_COLUMNS,
) -> Drawing:
    """One blank card, relative to the top-left of its inner area; `weapon_columns`: the
    headings of the pack's weapon columns (n23's by default)."""
    drawing = Drawing()
    y = _identity(drawing, width, measure, style)
    y = _profile(drawing, table, width, y + style.gap, measure, style)
    y = _weapons(drawing, weapon_columns, width, y + style.gap, height, measure, style)
    for label in ("Wargear", "Skills", "Injuries"):
        y = _writing_line(drawing, label, width, y + style.gap / 2, measure, style)
    if y > height + 1e-6:
        raise LayoutError(f"a card {height:.0f} mm tall is too short for a blank card")
    return drawing


def _labelled_line(
    drawing: Drawing,
    label: str,
    x: float,
    y: float,
    width: float,
    font_line: float,
    measure: Measure,
    style: CardStyle,
) -> None:
    """`Label ________` from x to x + width, the line at the text's baseline."""
    font = style.body_bold
    label_width = measure(label, font)
    drawing.texts.append(text_box(label, x, y, label_width, font))
    bottom = y + font_line - 0.6
    drawing.rules.append(Rule(x + label_width + 1.0, bottom, x + width, bottom, width=0.15))


def _identity(drawing: Drawing, width: float, measure: Measure, style: CardStyle) -> float:
    line = max(style.name.line_height, style.body_bold.line_height)
    _labelled_line(drawing, "Name", 0.0, 0.0, width * 0.62, line, measure, style)
    for label, x, w in (
        ("Fighter Rating", width * 0.65, width * 0.2),
        ("XP", width * 0.88, width * 0.12),
    ):
        _labelled_line(drawing, label, x, 0.0, w, line, measure, style)
    y = line + style.gap / 2
    sub = style.body_bold.line_height + 1.0
    _labelled_line(drawing, "Type", 0.0, y, width * 0.45, sub, measure, style)
    _labelled_line(drawing, "Category", width * 0.48, y, width * 0.3, sub, measure, style)
    _labelled_line(drawing, "Status", width * 0.81, y, width * 0.19, sub, measure, style)
    y += sub + 0.4
    drawing.rules.append(Rule(0.0, y, width, y, width=0.4))
    return y + 0.4


def _profile(
    drawing: Drawing,
    table: CharacteristicTable,
    width: float,
    top: float,
    measure: Measure,
    style: CardStyle,
) -> float:
    rows = list(table)
    need = max(measure(row.code, style.label) for row in rows) + 1.0
    if need * len(rows) > width:
        raise LayoutError(f"a card {width:.0f} mm wide is too narrow for the profile")
    labels = ("Wounds", "Flesh wounds", "New XP")
    label_width = max(measure(label, style.body_bold) for label in labels) + 2 * style.gap
    side = label_width + NEW_XP_BOXES * style.box * 1.6
    cell = max(need, min(style.profile_cell, (width - side - 2 * style.gap) / len(rows)))
    profile_width = cell * len(rows)
    label_height = style.label.line_height + 2 * CELL_PAD_Y
    value_height = (style.value.line_height + 2 * CELL_PAD_Y) * 1.2
    drawing.frames.append(Frame(Rect(0.0, top, profile_width, label_height), 0.0, HEADER_FILL))
    drawing.frames.append(Frame(Rect(0.0, top, profile_width, label_height + value_height), 0.25))
    for index, row in enumerate(rows):
        if index:
            x = index * cell
            drawing.rules.append(
                Rule(x, top, x, top + label_height + value_height, width=0.1, gray=0.55)
            )
        text_width = measure(row.code, style.label)
        drawing.texts.append(
            text_box(
                row.code,
                index * cell + (cell - text_width) / 2,
                top + CELL_PAD_Y,
                text_width,
                style.label,
            )
        )
    bottom = top + label_height + value_height
    x = profile_width + 2 * style.gap
    if x + side <= width:
        y = top
    else:  # narrow: the boxes under the profile
        x, y = 0.0, bottom + style.gap / 2
    y = _tick_boxes(drawing, labels, label_width, x, y, measure, style)
    return max(bottom, y)


def _tick_boxes(
    drawing: Drawing,
    labels: tuple[str, ...],
    label_width: float,
    x: float,
    y: float,
    measure: Measure,
    style: CardStyle,
) -> float:
    """The rows of boxes to tick (Wounds, Flesh wounds, New XP) from (x, y); the y under them."""
    pitch = style.box * 1.6
    line = max(style.body_bold.line_height, style.box + 0.6)
    for label, count in zip(labels, (WOUND_BOXES, FLESH_WOUND_BOXES, NEW_XP_BOXES), strict=True):
        drawing.texts.append(
            text_box(
                label,
                x,
                y + (line - style.body_bold.line_height) / 2,
                measure(label, style.body_bold),
                style.body_bold,
            )
        )
        for column in range(count):
            drawing.frames.append(
                Frame(
                    Rect(
                        x + label_width + column * pitch,
                        y + (line - style.box) / 2,
                        style.box,
                        style.box,
                    )
                )
            )
        y += line + 0.3
    return y


def _weapons(
    drawing: Drawing,
    headings: Sequence[str],
    width: float,
    top: float,
    height: float,
    measure: Measure,
    style: CardStyle,
) -> float:
    """The weapons table's header and as many empty rows as leave room for the lists."""
    stat = max(style.stat_column, max(measure(t, style.label) for t in headings) + 1.6)
    name_width = width * 0.26
    traits_width = width - name_width - stat * len(headings)
    titles = ["Weapon", *headings, "Traits"]
    widths = [name_width, *([stat] * len(headings)), traits_width]
    header = style.label.line_height + 2 * CELL_PAD_Y
    drawing.frames.append(Frame(Rect(0.0, top, width, header), 0.0, HEADER_FILL))
    x = 0.0
    for title, column in zip(titles, widths, strict=True):
        text_width = measure(title, style.label)
        left = x + 1.0 if title in ("Weapon", "Traits") else x + (column - text_width) / 2
        drawing.texts.append(text_box(title, left, top + CELL_PAD_Y, text_width, style.label))
        x += column
    row = style.body.line_height * 1.6
    lists = 3 * (style.body_bold.line_height + 1.0 + style.gap / 2)
    rows = max(3, int((height - (top + header) - lists - style.gap) // row))
    bottom = top + header + rows * row
    for index in range(1, rows + 1):
        y = top + header + index * row
        drawing.rules.append(Rule(0.0, y, width, y, width=0.12, gray=0.35))
    x = 0.0
    for column in widths[:-1]:
        x += column
        drawing.rules.append(Rule(x, top, x, bottom, width=0.1, gray=0.55))
    drawing.frames.append(Frame(Rect(0.0, top, width, bottom - top), 0.2))
    return bottom


def _writing_line(
    drawing: Drawing, label: str, width: float, y: float, measure: Measure, style: CardStyle
) -> float:
    line = style.body_bold.line_height + 1.0
    _labelled_line(drawing, f"{label}:", 0.0, y, width, line, measure, style)
    return y + line


def blank_document(
    count: int,
    ruleset: Ruleset,
    measure: Measure,
    paper: Paper,
    layout: CardLayout = CardLayout.CLASSIC,
) -> Document:
    pages = blank_card_pages(count, ruleset.table, measure, paper, layout, weapon_headers(ruleset))
    return Document(title=f"Blank fighter cards ({ruleset.name})", paper=paper, pages=pages)
