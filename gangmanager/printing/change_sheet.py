"""The "what changed" sheet of a post-battle sequence, to keep with last week's cards.

One page (more when the roster is long): the gang's Gang Rating, credits and
Reputation before and after, then every fighter the sequence changed with what
to write on their card (new injuries, advancements, skills, Limited profiles
struck off, XP and Fighter Rating before -> after). Fighters it left alone are
named on one line at the end.
"""

from __future__ import annotations

from gangmanager.printing.blocks import heading, paragraph, rows_piece, text_box
from gangmanager.printing.elements import Align, Document, Drawing, FontSpec, Measure, Page, Region
from gangmanager.printing.flow import Piece, flow, single
from gangmanager.printing.geometry import Paper, Rect
from gangmanager.printing.text import wrap
from gangmanager.rules.change_sheet import ChangeSheet, FighterChanges

MARGIN = 12.0
TITLE = FontSpec(15.0, bold=True)
SUBTITLE = FontSpec(8.5)
HEADING = FontSpec(9.5, bold=True)
BODY = FontSpec(8.5, condensed=True)
BODY_BOLD = FontSpec(8.5, bold=True, condensed=True)
LABEL = FontSpec(6.5, condensed=True)
GAP = 2.5


def _arrow(before: object, after: object | None, gone: str = "removed") -> str:
    shown = gone if after is None else str(after)
    return f"{before} -> {shown}" if shown != str(before) else f"{before} (no change)"


def change_sheet_pages(sheet: ChangeSheet, measure: Measure, paper: Paper) -> list[Page]:
    area = Rect(MARGIN, MARGIN, paper.width - 2 * MARGIN, paper.height - 2 * MARGIN)
    width = area.w
    pieces: list[Piece] = [_title(sheet, width, measure)]
    pieces.append(
        paragraph(
            f"Gang Rating {_arrow(sheet.gang_rating_before, sheet.gang_rating_after)}"
            f"   ·   Credits {_arrow(sheet.credits_before, sheet.credits_after)}"
            f"   ·   Reputation {_arrow(sheet.reputation_before, sheet.reputation_after)}",
            width,
            BODY_BOLD,
            measure,
            gap_before=GAP,
        )
    )
    changed = [f for f in sheet.fighters if f.changed]
    unchanged = [f.name for f in sheet.fighters if not f.changed]
    pieces.append(heading("Fighters", width, HEADING, measure, GAP * 1.5))
    if not changed:
        pieces.append(paragraph("No fighter changed.", width, BODY, measure, gap_before=1.0))
    for fighter in changed:
        pieces.append(_fighter(fighter, width, measure))
    if unchanged:
        pieces.append(
            paragraph(
                ", ".join(unchanged),
                width,
                BODY,
                measure,
                label="No change:",
                label_font=BODY_BOLD,
                gap_before=GAP,
            )
        )
    faces = flow(pieces, area.h, continued_top=LABEL.line_height + 1.5)
    pages = []
    for index, face in enumerate(faces):
        if len(faces) > 1:
            text = f"What changed · page {index + 1} of {len(faces)}"
            label_width = measure(text, LABEL)
            face.texts.insert(
                0, text_box(text, area.w - label_width, 0.0, label_width, LABEL, Align.RIGHT)
            )
        page = Page(paper)
        page.place(face, Region(f"change sheet page {index + 1}", area))
        pages.append(page)
    return pages


def change_sheet_document(sheet: ChangeSheet, measure: Measure, paper: Paper) -> Document:
    return Document(
        title=f"{sheet.gang}: what changed after the battle",
        paper=paper,
        pages=change_sheet_pages(sheet, measure, paper),
    )


def _title(sheet: ChangeSheet, width: float, measure: Measure) -> Piece:
    drawing = Drawing()
    y = 0.0
    reserve = measure("What changed · page 99 of 99", LABEL) + 2.0
    for line in wrap(f"What changed: {sheet.gang}", width - reserve, TITLE, measure):
        drawing.texts.append(text_box(line, 0.0, y, measure(line, TITLE), TITLE))
        y += TITLE.line_height
    battle = f"{sheet.scenario}, " if sheet.scenario else ""
    subtitle = (
        f"After the battle ({battle}{sheet.result}): keep with last week's cards, or copy onto them"
    )
    for line in wrap(subtitle, width, SUBTITLE, measure):
        drawing.texts.append(text_box(line, 0.0, y, measure(line, SUBTITLE), SUBTITLE))
        y += SUBTITLE.line_height
    return single(y, drawing)


def _fighter(fighter: FighterChanges, width: float, measure: Measure) -> Piece:
    """A fighter's block, kept whole: name and figures, then one line per kind of change."""
    if fighter.recruited:
        status = f"recruited ({fighter.status_after})"
    elif fighter.status_after is None:
        status = "left the roster"
    elif fighter.status_after != fighter.status_before:
        status = f"{fighter.status_before} -> {fighter.status_after}"
    else:
        status = fighter.status_after
    name = f"{fighter.name}" + (f" ({fighter.type})" if fighter.type else "")
    parts = [
        paragraph(f"{name}: {status}", width, BODY_BOLD, measure, gap_before=1.6),
        paragraph(
            f"XP {_arrow(fighter.xp_before, fighter.xp_after)}"
            f"   ·   Fighter Rating {_arrow(fighter.rating_before, fighter.rating_after)}",
            width,
            BODY,
            measure,
        ),
    ]
    for label, items in (
        ("New injuries:", fighter.injuries),
        ("Advancements:", fighter.advancements),
        ("New skills:", fighter.skills),
        ("Limited profiles struck off:", fighter.limited_deleted),
    ):
        if items:
            parts.append(
                paragraph(", ".join(items), width, BODY, measure, label=label, label_font=BODY_BOLD)
            )
    block = rows_piece(parts)
    block.gap_before = 1.6
    return block
