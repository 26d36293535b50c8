"""One shared glossary page: a Leader with five weapons is one classic card, not three."""

from __future__ import annotations

from pathlib import Path

import pypdf

from gangmanager.printing.card import glossary_entries
from gangmanager.printing.card_pages import CardLayout, card_faces, card_pages, layout_style
from gangmanager.printing.document import build_document, card_fighters
from gangmanager.printing.elements import Document
from gangmanager.printing.geometry import A4, LETTER
from gangmanager.printing.glossary_page import glossary_pages, shared_entries
from gangmanager.printing.painter import QtMeasure, write_pdf
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import Weapon

from .stress import carried
from .test_layout_fits import assert_fits

FIVE = ("Plasma pistol", "Grenade launcher", "Combat shotgun")


def five_weapon_leader(gang: Gang, ruleset: Ruleset) -> Fighter:
    leader = gang.fighters[0]
    extra = [w for w in ruleset.weapons if w.name in FIVE]
    weapons = [
        *leader.weapons,
        *(Weapon(name=w.name, cost=w.cost, profiles=carried(w.profiles)) for w in extra),
    ]
    assert len(weapons) == 5
    return leader.model_copy(
        update={"weapons": weapons, "skills": ["Nerves of Steel", "Iron Will", "Gunfighter"]}
    )


def _faces(fighter: Fighter, ruleset: Ruleset, measure: QtMeasure, glossary: bool) -> int:
    style, padding = layout_style(CardLayout.CLASSIC)
    width, height = 190.0 - 2 * padding, 85.0 - 2 * padding
    return len(
        card_faces(fighter, ruleset, measure, style, width, height, "Card 1", True, glossary)
    )


def test_five_weapons_fit_one_card_with_the_shared_glossary(
    demo: Gang, ruleset: Ruleset, measure: QtMeasure
) -> None:
    leader = five_weapon_leader(demo, ruleset)
    assert _faces(leader, ruleset, measure, glossary=True) >= 3
    assert _faces(leader, ruleset, measure, glossary=False) == 1


def test_the_glossary_page_lists_every_entry_of_the_cards_once(
    demo: Gang, ruleset: Ruleset, measure: QtMeasure
) -> None:
    fighters = [five_weapon_leader(demo, ruleset), *demo.fighters[1:]]
    entries = shared_entries(fighters, ruleset)
    names = [name.casefold() for name, _ in entries]
    assert len(names) == len(set(names)) and names == sorted(names)
    each = {name for f in fighters for name, _ in glossary_entries(f, ruleset)}
    assert {name for name, _ in entries} == each
    for paper in (A4, LETTER):
        pages = glossary_pages(demo.name, fighters, ruleset, measure, paper)
        assert pages
        for page in pages:
            assert_fits(page, measure)


def test_the_document_has_cards_without_glossaries_then_the_page(
    tmp_path: Path, demo: Gang, ruleset: Ruleset, measure: QtMeasure
) -> None:
    gang = demo.model_copy(
        update={"fighters": [five_weapon_leader(demo, ruleset), *demo.fighters[1:]]}
    )
    fighters = card_fighters(gang)
    shared = build_document(gang, ruleset, measure, fighters=fighters, shared_glossary=True)
    per_card = build_document(gang, ruleset, measure, fighters=fighters)
    card_count = len(card_pages(fighters, ruleset, measure, A4, glossary=False))

    def faces(document: Document) -> int:
        pages = document.pages
        return sum(r.name.startswith("Card ") for page in pages for r in page.regions)

    assert faces(shared) == len(fighters) < faces(per_card)
    path = write_pdf(shared, tmp_path / "shared.pdf")
    reader = pypdf.PdfReader(path)
    texts = [" ".join(page.extract_text().split()) for page in reader.pages]
    assert all("Rules glossary" not in text for text in texts[:card_count])
    assert f"Rules glossary: {gang.name}" in texts[card_count]
    assert "Card 1 · 1/" not in " ".join(texts)  # the leader is one card
    everything = " ".join(texts)
    assert everything.count("Rapid Fire:") == 1
