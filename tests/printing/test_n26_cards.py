"""n26 printing: a starting gang of every house the pack lists types for, each fighter
carrying the pack's longest-traited weapons, printed as cards and a roster sheet on
every layout and paper without overflow; the weapon table has the pack's columns (SR
LR Str AP L, none of n23's), and the card says the rank and owed advancements."""

from __future__ import annotations

from datetime import datetime

import pytest

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.printing.card_pages import CardLayout
from gangmanager.printing.document import build_document
from gangmanager.printing.elements import Document
from gangmanager.printing.geometry import A4, LETTER, Paper
from gangmanager.printing.painter import QtMeasure
from gangmanager.printing.web_page import gang_page
from gangmanager.rules import ranks, roster_ops
from gangmanager.rules.gang import Gang
from gangmanager.rules.shapes import N23_WEAPON_STATLINE

from ..founding import starting_types
from ..narrowing import present
from .test_layout_fits import assert_document_fits

N26 = load_ruleset("n26", [builtin_rulesets_dir()])
HOUSES = [h.id for h in N26.houses if h.fighter_types]
# The four weapons with the most trait text: the widest tables a card must hold.
HEAVIEST = sorted(
    N26.weapons, key=lambda w: -sum(len(str(t)) for p in w.profiles for t in p.traits)
)[:4]


def _gang(house_id: str) -> Gang:
    fighters = []
    for number, kind in enumerate(starting_types(N26, house_id)):
        fighter = roster_ops.recruit(kind, f"{kind.name} {number}", N26, house=house_id)
        weapons = [roster_ops.armoury_weapon(w) for w in HEAVIEST]
        # Past a rank or two, so the card has an owed advancement to say.
        fighter = fighter.model_copy(update={"weapons": weapons, "xp": fighter.xp + 30})
        fighters.append(fighter)
    house = present(N26.house(house_id))
    return Gang(name=f"{house.name} printed", house=house.name, ruleset="n26", fighters=fighters)


def _texts(document: Document) -> list[str]:
    return [box.text for page in document.pages for box in page.drawing.texts]


@pytest.mark.parametrize("house_id", HOUSES)
@pytest.mark.parametrize("layout", list(CardLayout))
@pytest.mark.parametrize("paper", [A4, LETTER])
def test_n26_cards_and_roster_fit(
    measure: QtMeasure, house_id: str, layout: CardLayout, paper: Paper
) -> None:
    gang = _gang(house_id)
    document = build_document(
        gang, N26, measure, fighters=gang.fighters, roster=True, layout=layout, paper=paper
    )
    assert_document_fits(document, measure)


@pytest.mark.parametrize("house_id", HOUSES)
def test_the_n26_card_has_the_pack_columns_and_the_rank(measure: QtMeasure, house_id: str) -> None:
    gang = _gang(house_id)
    texts = _texts(build_document(gang, N26, measure, fighters=gang.fighters))
    cards = len(gang.fighters)
    for column in N26.weapon_statline:
        # One heading per card (a card of one face: each fighter's table once).
        assert texts.count(column.code) >= cards, column.code
    for n23_only in {c.header for c in N23_WEAPON_STATLINE} - {c.code for c in N26.weapon_statline}:
        assert n23_only not in texts
    for fighter in gang.fighters:
        standing = present(ranks.standing(N26, house_id, fighter))
        assert standing.owed >= 1
        assert any(standing.text in text for text in texts), standing.text
        subtypes = ranks.subtypes(N26, house_id, fighter)
        assert " · ".join([fighter.type, *subtypes]) in texts


def test_the_n26_web_page_has_the_pack_columns_and_the_rank() -> None:
    gang = _gang(HOUSES[0])
    page = gang_page(gang, N26, datetime(2026, 12, 2, 9, 0))
    headings = "".join(f'<th class="num">{c.code}</th>' for c in N26.weapon_statline)
    assert headings in page
    assert "Acc S" not in page
    standing = present(ranks.standing(N26, HOUSES[0], gang.fighters[0]))
    assert f'<span data-field="rank">{standing.text}</span>' in page
