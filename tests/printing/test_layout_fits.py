"""Nothing runs past an edge and nothing overlaps, measured with the real fonts."""

from __future__ import annotations

import itertools

import pytest

from gangmanager.printing.card import glossary_entries
from gangmanager.printing.card_pages import CardLayout, card_faces, layout_style
from gangmanager.printing.document import PrintError, build_document, card_fighters
from gangmanager.printing.elements import Document, Page
from gangmanager.printing.flow import LayoutError
from gangmanager.printing.geometry import A4, EPSILON, LETTER, Paper, Rect
from gangmanager.printing.painter import QtMeasure
from gangmanager.rules.gang import Fighter, FighterStatus, Gang
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import Weapon, WeaponProfile

from .stress import IMPORTED_RAPID_FIRE, STRESS_NAME


def contains(outer: Rect, inner: Rect) -> bool:
    """True when `inner` lies inside `outer` (edges may meet)."""
    return (
        inner.x >= outer.x - EPSILON
        and inner.y >= outer.y - EPSILON
        and inner.right <= outer.right + EPSILON
        and inner.bottom <= outer.bottom + EPSILON
    )


def overlaps(one: Rect, other: Rect) -> bool:
    """True when the interiors meet; rectangles that only touch do not overlap."""
    return (
        one.x < other.right - EPSILON
        and other.x < one.right - EPSILON
        and one.y < other.bottom - EPSILON
        and other.y < one.bottom - EPSILON
    )


def assert_fits(page: Page, measure: QtMeasure) -> None:
    regions = {region.name: region.rect for region in page.regions}
    paper = Rect(0.0, 0.0, page.paper.width, page.paper.height)
    assert regions, "a page without regions"
    for rect in regions.values():
        assert contains(paper, rect)
    for first, second in itertools.combinations(regions.values(), 2):
        assert not overlaps(first, second)
    texts = page.drawing.texts
    for box in texts:
        assert box.text.strip(), "an empty text box"
        assert box.region in regions, f"{box.text!r} has no region"
        assert contains(regions[box.region], box.rect), f"{box.text!r} leaves {box.region}"
        # The box is as wide as the text measured with the real font, and as
        # tall as the font's own ascent + descent at least.
        assert measure(box.text, box.font) <= box.rect.w + EPSILON, box.text
        assert measure.line_height(box.font) <= box.rect.h, box.text
    for one, other in itertools.combinations(texts, 2):
        assert not overlaps(one.rect, other.rect), f"{one.text!r} overlaps {other.text!r}"


def assert_document_fits(document: Document, measure: QtMeasure) -> None:
    for page in document.pages:
        assert page.paper == document.paper
        assert_fits(page, measure)


@pytest.mark.parametrize("layout", list(CardLayout))
@pytest.mark.parametrize("paper", [A4, LETTER])
def test_cards_fit_for_demo_gang_and_stress_fighter(
    gang: Gang, ruleset: Ruleset, measure: QtMeasure, layout: CardLayout, paper: Paper
) -> None:
    document = build_document(
        gang, ruleset, measure, fighters=card_fighters(gang), layout=layout, paper=paper
    )
    assert_document_fits(document, measure)


@pytest.mark.parametrize("paper", [A4, LETTER])
def test_roster_sheet_fits(gang: Gang, ruleset: Ruleset, measure: QtMeasure, paper: Paper) -> None:
    document = build_document(gang, ruleset, measure, roster=True, paper=paper)
    assert len(document.pages) == 1
    assert_document_fits(document, measure)


def test_a_long_roster_continues_on_a_second_page(
    gang: Gang, ruleset: Ruleset, measure: QtMeasure
) -> None:
    fighters = [
        fighter.model_copy(update={"name": f"{fighter.name} {n}"})
        for n in range(6)
        for fighter in gang.fighters
    ]
    big = gang.model_copy(update={"fighters": fighters})
    document = build_document(big, ruleset, measure, roster=True)
    assert len(document.pages) >= 2
    assert_document_fits(document, measure)
    labels = [t.text for page in document.pages for t in page.drawing.texts]
    assert f"Roster sheet · page 2 of {len(document.pages)}" in labels


@pytest.mark.parametrize("layout", list(CardLayout))
def test_stress_fighter_continues_on_more_faces(
    gang: Gang, ruleset: Ruleset, measure: QtMeasure, layout: CardLayout
) -> None:
    stress = gang.fighter(STRESS_NAME)
    assert stress is not None
    style, _ = layout_style(layout)
    faces = card_faces(stress, ruleset, measure, style, 180.0, 79.0, "Card 7")
    assert len(faces) >= 2
    texts = [[t.text for t in face.texts] for face in faces]
    assert texts[0][0] == f"Card 7 · 1/{len(faces)}"
    assert texts[1][0] == f"Card 7 · 2/{len(faces)} · continued"
    # The name is printed once, on the front.
    assert sum(STRESS_NAME.split()[0] in t for face in texts for t in face) == 1
    # The weapons table header is repeated where the table continues.
    assert sum(face.count("Rng S") for face in texts) >= 2


def test_glossary_lists_each_trait_and_skill_once_with_imported_text(
    gang: Gang, ruleset: Ruleset
) -> None:
    stress = gang.fighter(STRESS_NAME)
    assert stress is not None
    entries = dict(glossary_entries(stress, ruleset))
    names = [name for name, _ in glossary_entries(stress, ruleset)]
    assert len(names) == len({n.casefold() for n in names})
    # Parry and Backstab are both skills and weapon traits on this card.
    assert names.count("Parry") == 1 and names.count("Backstab") == 1
    assert entries["Rapid Fire"] == IMPORTED_RAPID_FIRE
    assert entries["Blast"] == ruleset.rules_text_for('Blast (3")')
    assert entries["Dodge"] == skill_summary(ruleset, "Dodge")
    # A name that is a weapon trait and a skill here explains both: they differ.
    trait = ruleset.trait_def("Parry")
    assert trait is not None
    assert entries["Parry"] == (
        f"Weapon trait: {trait.summary} Skill: {skill_summary(ruleset, 'Parry')}"
    )
    for skill in stress.skills:
        assert skill in entries
    traits = {t.name for w in stress.weapons for p in w.profiles for t in p.traits}
    assert traits <= set(entries)


def skill_summary(ruleset: Ruleset, name: str) -> str:
    return next(k.summary for s in ruleset.skill_sets for k in s.skills if k.name == name)


def test_a_skill_named_like_a_trait_gets_the_skills_text(ruleset: Ruleset) -> None:
    fencer = Fighter(name="Fencer", profile={"M": 5}, skills=["Parry", "Disarm"])
    assert glossary_entries(fencer, ruleset) == [
        ("Disarm", skill_summary(ruleset, "Disarm")),
        ("Parry", skill_summary(ruleset, "Parry")),
    ]
    # The player's imported text for the name wins.
    imported = ruleset.model_copy(update={"rules_text": {"parry": "Our table's wording."}})
    assert dict(glossary_entries(fencer, imported))["Parry"] == "Our table's wording."


def test_a_trait_without_text_says_so(ruleset: Ruleset, measure: QtMeasure) -> None:
    odd = Fighter(
        name="Odd",
        profile={"M": 5},
        weapons=[Weapon(name="Thing", profiles=[WeaponProfile(traits=["Wobbly"])])],
    )
    assert glossary_entries(odd, ruleset) == [("Wobbly", "(no rules text in this ruleset)")]


def test_fighter_selection_and_refusals(gang: Gang, ruleset: Ruleset, measure: QtMeasure) -> None:
    dead = gang.fighters[2].model_copy(update={"status": FighterStatus.DEAD})
    fighters = [*gang.fighters[:2], dead, *gang.fighters[3:]]
    gang = gang.model_copy(update={"fighters": fighters})
    assert dead.name not in [f.name for f in card_fighters(gang)]
    assert [f.name for f in card_fighters(gang, [dead.name.upper(), "pip", "Pip"])] == [
        dead.name,
        "Pip",
    ]
    with pytest.raises(PrintError, match="has no fighter 'Nobody'; fighters: Mags Varga"):
        card_fighters(gang, ["Nobody"])
    with pytest.raises(PrintError, match="nothing to print"):
        build_document(gang, ruleset, measure)


def test_paper_too_small_for_a_card_is_refused(
    gang: Gang, ruleset: Ruleset, measure: QtMeasure
) -> None:
    with pytest.raises(LayoutError, match="too narrow"):
        build_document(
            gang, ruleset, measure, fighters=gang.fighters[:1], paper=Paper("tiny", 50.0, 70.0)
        )


@pytest.mark.parametrize("layout", list(CardLayout))
def test_names_at_their_length_limits_fit_cards_and_roster(
    demo: Gang, ruleset: Ruleset, measure: QtMeasure, layout: CardLayout
) -> None:
    """The longest names the app stores (rules.limits), in the widest letters."""
    from gangmanager.rules.limits import MAX_FIGHTER_NAME_CHARS, MAX_GANG_NAME_CHARS

    fighters = [
        f.model_copy(update={"name": f"{i}" + "W" * (MAX_FIGHTER_NAME_CHARS - 1)})
        for i, f in enumerate(demo.fighters)
    ]
    gang = demo.model_copy(update={"name": "W" * MAX_GANG_NAME_CHARS, "fighters": fighters})
    document = build_document(
        gang, ruleset, measure, fighters=card_fighters(gang), roster=True, layout=layout
    )
    assert_document_fits(document, measure)


@pytest.mark.parametrize("layout", list(CardLayout))
def test_modifier_footnotes_print_at_7_pt_at_least(
    gang: Gang, ruleset: Ruleset, measure: QtMeasure, layout: CardLayout
) -> None:
    fighter = next(f for f in gang.fighters if f.modifiers)
    style, padding = layout_style(layout)
    width = 180.0 if layout is CardLayout.PAGE else 90.0
    faces = card_faces(fighter, ruleset, measure, style, width - 2 * padding, 400.0, "Card")
    texts = [box for face in faces for box in face.texts]
    start = next(i for i, box in enumerate(texts) if box.text == "Modified characteristics")
    footnotes = texts[start:]
    glossary = next(
        (i for i, box in enumerate(footnotes) if box.text.startswith("Rules glossary")),
        len(footnotes),
    )
    assert footnotes[:glossary], "no footnote printed"
    assert min(box.font.size_pt for box in footnotes[:glossary]) >= 7.0
