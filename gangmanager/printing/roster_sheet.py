"""The gang's roster sheet: the gang's figures, every fighter on one row, stash, territories.

The territories come from the gang's running campaign, read by the caller and
passed in as plain data (`Holdings`): the layout reads no database.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from gangmanager.printing.blocks import (
    Cell,
    Column,
    Row,
    column_width,
    heading,
    paragraph,
    table,
    text_box,
)
from gangmanager.printing.card import MODIFIED_FILL, statline_of
from gangmanager.printing.elements import (
    Align,
    Drawing,
    FontSpec,
    Frame,
    ImageBox,
    Measure,
    Page,
    Region,
    Rule,
)
from gangmanager.printing.flow import LayoutError, Piece, flow, single
from gangmanager.printing.geometry import Paper, Rect
from gangmanager.printing.text import wrap
from gangmanager.rules import ratings
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.statline_layout import gang_statlines

ROSTER_MARGIN = 12.0
TITLE = FontSpec(16.0, bold=True)
SUBTITLE = FontSpec(8.0)
LABEL = FontSpec(6.5, condensed=True)
BODY = FontSpec(7.5, condensed=True)
BODY_BOLD = FontSpec(7.5, bold=True, condensed=True)
FIGURE = FontSpec(10.0, bold=True)
HEADING = FontSpec(8.5, bold=True)
GAP = 3.0
# Narrowest profile, XP and FR column, so the numbers do not run together.
STAT_COLUMN = 6.0
WRITING_LINES = 4
WRITING_LINE_SPACING = 7.0
# The sheet says so instead of leaving a blank that looks like a bug.
NO_TERRITORIES = (
    "None recorded: the gang takes part in no running campaign in Gang Manager. "
    "Write the territories your gang holds here."
)


class Territory(Protocol):
    """A territory the gang holds: its name and its boons in our words."""

    @property
    def name(self) -> str: ...
    @property
    def hideout(self) -> bool: ...
    @property
    def boons(self) -> Sequence[str]: ...


class Holdings(Protocol):
    """What the gang holds in its running campaign (`services.campaign.held_territories`)."""

    @property
    def campaign(self) -> str: ...
    @property
    def territories(self) -> Sequence[Territory]: ...


def roster_pages(
    gang: Gang,
    ruleset: Ruleset,
    measure: Measure,
    paper: Paper,
    holdings: Holdings | None = None,
) -> list[Page]:
    """The sheet's pages; without `holdings` (no campaign) the territories are left to write."""
    area = Rect(
        ROSTER_MARGIN,
        ROSTER_MARGIN,
        paper.width - 2 * ROSTER_MARGIN,
        paper.height - 2 * ROSTER_MARGIN,
    )
    pieces = [
        _title(gang, ruleset, area.w, measure),
        *_figures(gang, area.w, measure),
        *_fighters(gang, ruleset, area.w, measure),
        heading("Stash", area.w, HEADING, measure, GAP),
        paragraph(_stash_text(gang), area.w, BODY, measure),
        *_territories(holdings, area.w, measure),
        _writing_lines(area.w),
    ]
    if gang.notes.strip():
        pieces += [
            heading("Notes", area.w, HEADING, measure, GAP),
            paragraph(gang.notes.strip(), area.w, BODY, measure),
        ]
    faces = flow(pieces, area.h, continued_top=LABEL.line_height + 1.5)
    pages = []
    for index, face in enumerate(faces):
        if len(faces) > 1:
            text = f"Roster sheet · page {index + 1} of {len(faces)}"
            width = measure(text, LABEL)
            face.texts.insert(0, text_box(text, area.w - width, 0.0, width, LABEL, Align.RIGHT))
        page = Page(paper)
        page.place(face, Region(f"roster page {index + 1}", area))
        pages.append(page)
    return pages


# The gang's portrait at the left of its name: 3:4, this wide.
PORTRAIT_WIDTH = 18.0


def _title(gang: Gang, ruleset: Ruleset, width: float, measure: Measure) -> Piece:
    drawing = Drawing()
    left = 0.0
    if gang.portrait is not None:
        box = Rect(0.0, 0.0, PORTRAIT_WIDTH, PORTRAIT_WIDTH * 4 / 3)
        drawing.images.append(ImageBox(box, gang.portrait))
        drawing.frames.append(Frame(box, 0.2))
        left = PORTRAIT_WIDTH + GAP
    y = 0.0
    # Room at the top right for the "page 1 of 2" label.
    reserve = measure("Roster sheet · page 99 of 99", LABEL) + 2.0
    for line in wrap(gang.name, width - left - reserve, TITLE, measure):
        drawing.texts.append(text_box(line, left, y, measure(line, TITLE), TITLE))
        y += TITLE.line_height
    house = gang.house or "no house"
    for line in wrap(f"{house} · {ruleset.name} ({ruleset.id})", width - left, SUBTITLE, measure):
        drawing.texts.append(text_box(line, left, y, measure(line, SUBTITLE), SUBTITLE))
        y += SUBTITLE.line_height
    y = max(y, PORTRAIT_WIDTH * 4 / 3 if gang.portrait is not None else 0.0)
    drawing.rules.append(Rule(0.0, y + 0.5, width, y + 0.5, width=0.5))
    return single(y + 1.0, drawing)


def _figures(gang: Gang, width: float, measure: Measure) -> list[Piece]:
    """Gang Rating, wealth, credits, reputation and stash value in a row of boxes."""
    committed = ratings.committed_gang_rating(gang)
    pending = ratings.pending_gang_rating(gang)
    figures = [
        ("Gang Rating", str(committed)),
        ("Wealth", str(ratings.wealth(gang))),
        ("Credits", str(gang.credits)),
        ("Reputation", str(gang.reputation)),
        ("Stash value", str(ratings.stash_value(gang))),
        ("Fighters", str(len(gang.fighters))),
    ]
    column = width / len(figures)
    pieces = table(
        [Column(label, column, Align.CENTER) for label, _ in figures],
        [Row([Cell(value, FIGURE) for _, value in figures])],
        LABEL,
        BODY,
        measure,
        gap_before=GAP,
    )
    if pending != committed:
        pieces.append(
            paragraph(
                f"{pending}: Fighter Ratings and the Gang Rating change only at Update Roster.",
                width,
                BODY,
                measure,
                label="Pending Gang Rating:",
                label_font=BODY_BOLD,
                gap_before=1.0,
            )
        )
    return pieces


def _fighter_cells(fighter: Fighter, ruleset: Ruleset, codes: list[str]) -> list[Cell]:
    """The fighter's row under the characteristic columns `codes` (their statline's)."""
    effective = fighter.effective(statline_of(fighter, ruleset))
    printed = effective.printed()
    committed = ratings.committed_fighter_rating(fighter)
    rating = str(committed)
    if ratings.pending_fighter_rating(fighter) != committed:
        rating += "*"
    kind = " · ".join(part for part in (fighter.type, fighter.category.label) if part)
    equipment = [w.name for w in fighter.weapons] + [i.name for i in fighter.wargear]
    return [
        Cell(fighter.name, BODY_BOLD),
        Cell(kind),
        Cell(fighter.status.label),
        *(
            Cell(printed[code], fill=MODIFIED_FILL if effective.modified(code) else None)
            for code in codes
        ),
        Cell(str(fighter.xp)),
        Cell(rating),
        Cell(", ".join(equipment) or "-"),
    ]


def _fighters(gang: Gang, ruleset: Ruleset, width: float, measure: Measure) -> list[Piece]:
    """The fighters in a table per statline (n23 fighters and vehicles apart: a page
    has no room for both statlines' columns), in the pack's order of the statlines."""
    pieces = [heading("Fighters", width, HEADING, measure, GAP)]
    if not gang.fighters:
        return [*pieces, paragraph("No fighters.", width, BODY, measure)]
    rows: list[list[Cell]] = []
    for number, statline in enumerate(gang_statlines(gang.fighters, ruleset)):
        fighters = [f for f in gang.fighters if statline_of(f, ruleset) == statline]
        cells = [_fighter_cells(f, ruleset, list(statline.codes)) for f in fighters]
        gap = GAP if number else 0.0
        pieces += _fighter_table(list(statline.codes), cells, width, measure, gap)
        rows += cells
    notes = ["Shaded values include modifiers (see each fighter's card)."]
    if any(r[-2].text.endswith("*") for r in rows):
        notes.append("FR*: the pending Fighter Rating differs; it is committed at Update Roster.")
    pieces += [paragraph(note, width, LABEL, measure, gap_before=0.8) for note in notes]
    return pieces


def _fighter_table(
    codes: list[str], rows: list[list[Cell]], width: float, measure: Measure, gap: float
) -> list[Piece]:
    titles = ["Fighter", "Type", "Status", *codes, "XP", "FR", "Equipment"]

    def natural(index: int) -> float:
        font_widths = [column_width([r[index].text], r[index].font or BODY, measure) for r in rows]
        return max([column_width([titles[index]], LABEL, measure), *font_widths])

    widths = [natural(i) for i in range(len(titles))]
    for index in range(3, 3 + len(codes) + 2):
        widths[index] = max(widths[index], STAT_COLUMN)
    # Text columns get at most a share of the width; wrapping takes the rest.
    for index, share in ((0, 0.15), (1, 0.15), (2, 0.08)):
        widths[index] = min(widths[index], width * share)
    fixed = sum(widths[:-1])
    widths[-1] = width - fixed
    if widths[-1] < width * 0.12:
        raise LayoutError(f"a page {width:.0f} mm wide is too narrow for the roster")
    aligns = [Align.LEFT] * 3 + [Align.CENTER] * (len(codes) + 2) + [Align.LEFT]
    columns = [Column(t, w, a) for t, w, a in zip(titles, widths, aligns, strict=True)]
    return table(columns, [Row(r) for r in rows], LABEL, BODY, measure, gap_before=gap)


def _territories(holdings: Holdings | None, width: float, measure: Measure) -> list[Piece]:
    if holdings is None:
        return [
            heading("Territories", width, HEADING, measure, GAP),
            paragraph(NO_TERRITORIES, width, BODY, measure),
        ]
    pieces = [heading(f"Territories in {holdings.campaign}", width, HEADING, measure, GAP)]
    if not holdings.territories:
        return [*pieces, paragraph("None held.", width, BODY, measure)]
    names = [f"{t.name} (hideout)" if t.hideout else t.name for t in holdings.territories]
    first = min(
        max(column_width(names, BODY_BOLD, measure), column_width(["Territory"], LABEL, measure)),
        width * 0.3,
    )
    columns = [Column("Territory", first), Column("Boons", width - first)]
    rows = [
        Row([Cell(name, BODY_BOLD), Cell(" ".join(t.boons) or "-")])
        for name, t in zip(names, holdings.territories, strict=True)
    ]
    return [*pieces, *table(columns, rows, LABEL, BODY, measure)]


def _stash_text(gang: Gang) -> str:
    if not gang.stash:
        return "Empty."
    return ", ".join(f"{item.name} ({item.total_cost} credits)" for item in gang.stash)


def _writing_lines(width: float) -> Piece:
    drawing = Drawing()
    for index in range(1, WRITING_LINES + 1):
        y = index * WRITING_LINE_SPACING
        drawing.rules.append(Rule(0.0, y, width, y, width=0.15, gray=0.6))
    return single(WRITING_LINES * WRITING_LINE_SPACING + 1.0, drawing)
