"""One rules glossary for a set of cards, on pages of its own at the end of a print.

With it the cards leave their glossaries out, so a fighter's card fits one
classic card whenever its kit allows (a Leader with five weapons is one card,
not three). Each trait and skill is listed once for all the cards, with the
text each card would have shown (`card.glossary_entries`).
"""

from __future__ import annotations

from collections.abc import Sequence

from gangmanager.printing.blocks import heading, paragraph
from gangmanager.printing.card import glossary_entries
from gangmanager.printing.elements import FontSpec, Measure, Page, Region
from gangmanager.printing.flow import Piece, flow
from gangmanager.printing.geometry import Paper, Rect
from gangmanager.rules.gang import Fighter
from gangmanager.rules.ruleset import Ruleset

MARGIN = 12.0
TITLE = FontSpec(13.0, bold=True)
HEADING = FontSpec(8.5, bold=True)
BODY = FontSpec(8.0, condensed=True)
BODY_BOLD = FontSpec(8.0, bold=True, condensed=True)


def shared_entries(fighters: Sequence[Fighter], ruleset: Ruleset) -> list[tuple[str, str]]:
    """Every trait and skill on the cards once (the first card's text), sorted by name."""
    entries: dict[str, tuple[str, str]] = {}
    for fighter in fighters:
        for name, text in glossary_entries(fighter, ruleset):
            entries.setdefault(name.casefold(), (name, text))
    return sorted(entries.values(), key=lambda entry: entry[0].casefold())


def glossary_pages(
    title: str, fighters: Sequence[Fighter], ruleset: Ruleset, measure: Measure, paper: Paper
) -> list[Page]:
    """The glossary's pages (none when the cards name no trait or skill)."""
    entries = shared_entries(fighters, ruleset)
    if not entries:
        return []
    area = Rect(MARGIN, MARGIN, paper.width - 2 * MARGIN, paper.height - 2 * MARGIN)
    width = area.w
    pieces: list[Piece] = [
        heading(f"Rules glossary: {title}", width, TITLE, measure),
    ]
    continued = heading(f"Rules glossary: {title} (continued)", width, HEADING, measure)
    for index, (name, text) in enumerate(entries):
        entry = paragraph(
            text,
            width,
            BODY,
            measure,
            label=f"{name}:",
            label_font=BODY_BOLD,
            gap_before=1.2 if index else 2.0,
        )
        entry.header = continued
        pieces.append(entry)
    pages = []
    for number, face in enumerate(flow(pieces, area.h), start=1):
        page = Page(paper)
        page.place(face, Region(f"Glossary page {number}", area))
        pages.append(page)
    return pages
