"""What to print, as one document: the roster sheet first, then the fighter cards."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gangmanager.printing.card_pages import CardLayout, card_pages
from gangmanager.printing.elements import Document, Measure
from gangmanager.printing.geometry import A4, Paper
from gangmanager.printing.glossary_page import glossary_pages
from gangmanager.printing.roster_sheet import Holdings, roster_pages
from gangmanager.rules.gang import Fighter, FighterStatus, Gang
from gangmanager.rules.limits import quoted
from gangmanager.rules.ruleset import Ruleset

# Fighters who are no longer on the gang's roster get no card unless asked for by name.
_OFF_ROSTER = frozenset({FighterStatus.DEAD, FighterStatus.RETIRED, FighterStatus.SOLD})


class PrintError(ValueError):
    """A print request that cannot be met (unknown fighter, nothing to print)."""


def card_fighters(gang: Gang, names: Sequence[str] = ()) -> list[Fighter]:
    """The fighters named (in the order given), or everyone still on the roster."""
    if not names:
        return [f for f in gang.fighters if f.status not in _OFF_ROSTER]
    chosen: list[Fighter] = []
    for name in names:
        fighter = gang.fighter(name)
        if fighter is None:
            known = ", ".join(f.name for f in gang.fighters) or "none"
            raise PrintError(f"{gang.name} has no fighter {quoted(name)}; fighters: {known}")
        if fighter not in chosen:
            chosen.append(fighter)
    return chosen


def build_document(
    gang: Gang,
    ruleset: Ruleset,
    measure: Measure,
    *,
    fighters: Sequence[Fighter] = (),
    roster: bool = False,
    layout: CardLayout = CardLayout.CLASSIC,
    paper: Paper = A4,
    footnotes: bool = True,
    holdings: Holdings | None = None,
    shared_glossary: bool = False,
) -> Document:
    """The roster sheet (if asked for) then the cards; `holdings` are the territories the
    roster sheet lists (None: the gang is in no running campaign). `shared_glossary`:
    the cards leave their glossaries out and one glossary page follows them."""
    pages = roster_pages(gang, ruleset, measure, paper, holdings) if roster else []
    pages += card_pages(
        fighters, ruleset, measure, paper, layout, footnotes, glossary=not shared_glossary
    )
    if shared_glossary:
        pages += glossary_pages(gang.name, fighters, ruleset, measure, paper)
    if not pages:
        raise PrintError(f"nothing to print for {gang.name}: no fighters and no roster sheet")
    what = "roster sheet" if roster and not fighters else "fighter cards"
    if roster and fighters:
        what = "roster sheet and fighter cards"
    return Document(title=f"{gang.name}: {what}", paper=paper, pages=pages)


@dataclass(frozen=True)
class PrintRequest:
    """What to print: cards for these fighters (by name), the roster sheet, how."""

    fighters: tuple[str, ...] = ()
    roster: bool = False
    layout: CardLayout = CardLayout.CLASSIC
    paper: Paper = A4
    footnotes: bool = True
    # One glossary page after the cards instead of one on each card.
    shared_glossary: bool = False

    def document(
        self,
        gang: Gang,
        ruleset: Ruleset,
        measure: Measure,
        paper: Paper | None = None,
        holdings: Holdings | None = None,
    ) -> Document:
        """The document, on `paper` when given (a printer's), else the requested paper."""
        return build_document(
            gang,
            ruleset,
            measure,
            fighters=card_fighters(gang, self.fighters) if self.fighters else [],
            roster=self.roster,
            layout=self.layout,
            paper=paper or self.paper,
            footnotes=self.footnotes,
            holdings=holdings,
            shared_glossary=self.shared_glossary,
        )
