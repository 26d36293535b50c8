"""Cards onto pages: classic (several per page, cut lines) or one card face per page.

A card whose content does not fit one face continues on further faces, labelled
"Card 3 · 1/2", "Card 3 · 2/2 · continued" so cut cards can be paired again
(the name is printed once, on the front). Faces of one card are kept on one
page when the page has room for all of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from gangmanager.printing.blocks import text_box
from gangmanager.printing.card import CardStyle, card_pieces
from gangmanager.printing.elements import Align, Drawing, Frame, Measure, Page, Region, Rule
from gangmanager.printing.flow import flow
from gangmanager.printing.geometry import EPSILON, Paper, Rect
from gangmanager.rules.gang import Fighter
from gangmanager.rules.ruleset import Ruleset


class CardLayout(StrEnum):
    CLASSIC = "classic"
    PAGE = "page"


# Classic cards: landscape, three to an A4 or Letter page.
CLASSIC_WIDTH = 190.0
CLASSIC_HEIGHT = 85.0
CLASSIC_MARGIN = 8.0
CLASSIC_PADDING = 3.0
# One card per page: the page inside its margins, with larger type.
PAGE_MARGIN = 12.0
PAGE_PADDING = 5.0
PAGE_SCALE = 1.5


def classic_slots(paper: Paper) -> list[Rect]:
    """Card positions on a page, centred, touching so one cut separates two cards."""
    width = min(CLASSIC_WIDTH, paper.width - 2 * CLASSIC_MARGIN)
    height = min(CLASSIC_HEIGHT, paper.height - 2 * CLASSIC_MARGIN)
    columns = max(1, int((paper.width - 2 * CLASSIC_MARGIN + EPSILON) // width))
    rows = max(1, int((paper.height - 2 * CLASSIC_MARGIN + EPSILON) // height))
    x0 = (paper.width - columns * width) / 2
    y0 = (paper.height - rows * height) / 2
    return [
        Rect(x0 + c * width, y0 + r * height, width, height)
        for r in range(rows)
        for c in range(columns)
    ]


def page_slot(paper: Paper) -> Rect:
    return Rect(
        PAGE_MARGIN, PAGE_MARGIN, paper.width - 2 * PAGE_MARGIN, paper.height - 2 * PAGE_MARGIN
    )


def layout_style(layout: CardLayout) -> tuple[CardStyle, float]:
    """The card style and inner padding of a layout."""
    if layout is CardLayout.PAGE:
        return CardStyle().scaled(PAGE_SCALE), PAGE_PADDING
    return CardStyle(), CLASSIC_PADDING


def card_faces(
    fighter: Fighter,
    ruleset: Ruleset,
    measure: Measure,
    style: CardStyle,
    width: float,
    height: float,
    card_label: str,
    footnotes: bool = True,
    glossary: bool = True,
) -> list[Drawing]:
    """The faces of one card, each relative to the top-left of its inner area."""
    label_font = style.small
    reserve = measure(f"{card_label} · 99/99", label_font) + 2.0

    def faces_of(compact: bool) -> list[Drawing]:
        pieces = card_pieces(
            fighter,
            ruleset,
            width,
            measure,
            style,
            footnotes=footnotes,
            label_reserve=reserve,
            glossary=glossary,
            compact=compact,
        )
        return flow(pieces, height, continued_top=label_font.line_height + style.gap)

    faces = faces_of(compact=False)
    if not glossary and len(faces) > 1:
        # With the glossary elsewhere the card is meant to fit one face: try it compact.
        faces = min(faces, faces_of(compact=True), key=len)
    if len(faces) > 1:
        for index, face in enumerate(faces):
            text = f"{card_label} · {index + 1}/{len(faces)}" + (" · continued" if index else "")
            text_width = measure(text, label_font)
            face.texts.insert(
                0,
                text_box(text, width - text_width, 0.0, text_width, label_font, Align.RIGHT),
            )
    return faces


def card_pages(
    fighters: Sequence[Fighter],
    ruleset: Ruleset,
    measure: Measure,
    paper: Paper,
    layout: CardLayout = CardLayout.CLASSIC,
    footnotes: bool = True,
    glossary: bool = True,
) -> list[Page]:
    slots = classic_slots(paper) if layout is CardLayout.CLASSIC else [page_slot(paper)]
    style, padding = layout_style(layout)
    inner_width = slots[0].w - 2 * padding
    inner_height = slots[0].h - 2 * padding
    pages: list[Page] = []
    used_slots: list[list[Rect]] = []
    for number, fighter in enumerate(fighters, start=1):
        label = f"Card {number}"
        faces = card_faces(
            fighter, ruleset, measure, style, inner_width, inner_height, label, footnotes, glossary
        )
        free = len(slots) - len(used_slots[-1]) if used_slots else 0
        if len(faces) <= len(slots) and len(faces) > free:
            free = 0
        for index, face in enumerate(faces):
            if free == 0:
                pages.append(Page(paper))
                used_slots.append([])
                free = len(slots)
            slot = slots[len(used_slots[-1])]
            used_slots[-1].append(slot)
            free -= 1
            page = pages[-1]
            if layout is CardLayout.CLASSIC:
                # A border inside the cut line: a card cut a little off still looks square.
                border = slot.inset(1.0)
            else:
                # On a page of its own the card is as tall as its content.
                border = Rect(slot.x, slot.y, slot.w, min(slot.h, face.bottom + 2 * padding))
            page.drawing.frames.append(Frame(border, stroke=0.3))
            page.place(face, Region(f"{label} face {index + 1}", slot.inset(padding)))
    if layout is CardLayout.CLASSIC:
        for page, used in zip(pages, used_slots, strict=True):
            page.drawing.rules[:0] = cut_lines(used)
    return pages


def cut_lines(slots: Sequence[Rect]) -> list[Rule]:
    """Dashed lines along every card edge, each shared edge drawn once."""
    edges: dict[tuple[float, float, float, float], Rule] = {}
    for slot in slots:
        for x1, y1, x2, y2 in (
            (slot.x, slot.y, slot.right, slot.y),
            (slot.x, slot.bottom, slot.right, slot.bottom),
            (slot.x, slot.y, slot.x, slot.bottom),
            (slot.right, slot.y, slot.right, slot.bottom),
        ):
            key = (round(x1, 3), round(y1, 3), round(x2, 3), round(y2, 3))
            edges.setdefault(key, Rule(x1, y1, x2, y2, width=0.2, gray=0.45, dashed=True))
    return list(edges.values())
