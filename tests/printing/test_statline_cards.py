"""Printed cards, web cards and roster sheets laid out from the fighter's statline
(issue 25): nine invented characteristics, n23's twelve, thirteen as the 2026
edition has them, and a statline printed in two lines by `group`; each fits the card
on every layout and paper, and shows its own codes and none of another statline's."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest

from gangmanager.content import load_ruleset
from gangmanager.printing.card_pages import CardLayout
from gangmanager.printing.document import build_document
from gangmanager.printing.elements import Document
from gangmanager.printing.geometry import A4, LETTER, Paper
from gangmanager.printing.painter import QtMeasure, write_pdf
from gangmanager.printing.web_page import fighter_card, gang_page
from gangmanager.rules import roster_ops
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.statline_layout import printed_lines

from ..invented_pack import CODES9, THIRTEEN, WALKER, write_shapes_pack
from .test_layout_fits import assert_document_fits

N23_CODES = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld", "Cl", "Wil", "Int")
TYPES = {"nine": "Sump Boss", "thirteen": "Sump Elder", "walker": "Sump Strider"}


@pytest.fixture(scope="module")
def shapes(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    packs = tmp_path_factory.mktemp("packs")
    write_shapes_pack(packs)
    return load_ruleset("shapes", [packs])


def recruit(ruleset: Ruleset, type_name: str, name: str) -> Fighter:
    kind = ruleset.fighter_type("sump", type_name)
    assert kind is not None
    return roster_ops.recruit(kind, name, ruleset, house="sump")


@pytest.fixture(scope="module")
def sump(shapes: Ruleset) -> Gang:
    fighters = [recruit(shapes, t, f"{key.capitalize()} one") for key, t in TYPES.items()]
    # A Hired Gun of the pack's fighter statline beside them (n23's twelve).
    hired = next(t for t in shapes.gang_additions if t.statline == "fighter")
    fighters.append(roster_ops.recruit(hired, "Hired one", shapes, house="sump"))
    return Gang(name="Sump Rats", house="sump", ruleset="shapes", fighters=fighters)


def texts(document: Document) -> list[str]:
    return [box.text for page in document.pages for box in page.drawing.texts]


def test_the_walker_statline_reads_its_groups(shapes: Ruleset) -> None:
    lines = printed_lines(shapes.statline("walker"))
    assert [(line.group, [r.code for r in line.rows]) for line in lines] == [
        ("walker", [row[0] for row in WALKER[:7]]),
        ("crew", [row[0] for row in WALKER[7:]]),
    ]
    assert [line.group for line in printed_lines(shapes.table)] == [None]


@pytest.mark.parametrize("layout", list(CardLayout))
@pytest.mark.parametrize("paper", [A4, LETTER])
def test_every_statline_fits_the_card(
    shapes: Ruleset, sump: Gang, measure: QtMeasure, layout: CardLayout, paper: Paper
) -> None:
    document = build_document(
        sump, shapes, measure, fighters=sump.fighters, layout=layout, paper=paper
    )
    assert_document_fits(document, measure)


def _card_texts(fighter: Fighter, ruleset: Ruleset, measure: QtMeasure) -> list[str]:
    gang = Gang(name="One", house="sump", ruleset="shapes", fighters=[fighter])
    return texts(build_document(gang, ruleset, measure, fighters=[fighter]))


def test_a_card_shows_its_own_codes_and_values_only(
    shapes: Ruleset, sump: Gang, measure: QtMeasure
) -> None:
    nine, thirteen, walker, hired = sump.fighters
    shown = _card_texts(nine, shapes, measure)
    assert all(code in shown for code in CODES9)
    assert [v for v in shown if v in nine.profile.printed().values()]  # values printed
    assert not set(N23_CODES) & set(shown)
    # The nine have neither Wounds nor Toughness: only the New XP boxes.
    assert "New XP" in shown and "Wounds" not in shown and "Flesh wounds" not in shown

    shown = _card_texts(thirteen, shapes, measure)
    assert all(row[0] in shown for row in THIRTEEN)
    assert not set(CODES9) - {"Aim"} & set(shown)
    assert "Wounds" in shown and "Flesh wounds" in shown

    shown = _card_texts(walker, shapes, measure)
    assert all(row[0] in shown for row in WALKER)
    assert "Walker" in shown and "Crew" in shown  # each line named at its left
    assert not set(N23_CODES) & set(shown)

    shown = _card_texts(hired, shapes, measure)
    assert all(code in shown for code in N23_CODES)
    assert "Walker" not in shown and "Crew" not in shown  # one line, unnamed


def test_the_two_lines_are_stacked_with_the_codes_in_order(
    shapes: Ruleset, sump: Gang, measure: QtMeasure
) -> None:
    walker = sump.fighters[2]
    gang = Gang(name="One", house="sump", ruleset="shapes", fighters=[walker])
    page = build_document(gang, shapes, measure, fighters=[walker]).pages[0]
    boxes = {box.text: box.rect for box in page.drawing.texts}
    first, crew = [row[0] for row in WALKER[:7]], [row[0] for row in WALKER[7:]]
    assert [boxes[c].x for c in first] == sorted(boxes[c].x for c in first)
    assert len({round(boxes[c].y, 3) for c in first}) == 1
    assert all(boxes[c].y > boxes[first[0]].y for c in crew)
    assert boxes["Crew"].y > boxes["Walker"].y


def test_the_pdf_of_an_invented_card_holds_its_profile(
    shapes: Ruleset, sump: Gang, measure: QtMeasure, tmp_path: Path
) -> None:
    nine = sump.fighters[0]
    gang = Gang(name="One", house="sump", ruleset="shapes", fighters=[nine])
    path = write_pdf(build_document(gang, shapes, measure, fighters=[nine]), tmp_path / "c.pdf")
    text = " ".join(" ".join(page.extract_text().split()) for page in pypdf.PdfReader(path).pages)
    assert " ".join(CODES9) in text
    assert nine.effective(shapes.table_for(nine.profile)).line() in text
    assert " ".join(N23_CODES) not in text


def test_the_roster_sheet_has_a_table_per_statline(
    shapes: Ruleset, sump: Gang, measure: QtMeasure
) -> None:
    document = build_document(sump, shapes, measure, roster=True)
    assert_document_fits(document, measure)
    shown = texts(document)
    # The fighter statline's table first, then each other statline's, in the pack's order.
    tables = [N23_CODES, CODES9, tuple(r[0] for r in THIRTEEN), tuple(r[0] for r in WALKER)]
    starts = [
        next(i for i in range(len(shown)) if tuple(shown[i : i + len(codes)]) == codes)
        for codes in tables
    ]
    assert starts == sorted(starts)
    assert shown.count("Fighter") == len(tables)  # each table its own header


def test_the_web_card_has_the_lines_of_the_statline(shapes: Ruleset, sump: Gang) -> None:
    nine, _, walker, hired = sump.fighters
    card = fighter_card(nine, shapes)
    assert [s["code"] for s in card["profile"]] == list(CODES9)
    assert [line["group"] for line in card["profile_lines"]] == [""]
    assert [label for label, _ in card["boxes"]] == ["New XP"]
    card = fighter_card(walker, shapes)
    assert [line["group"] for line in card["profile_lines"]] == ["Walker", "Crew"]
    assert [[s["code"] for s in line["stats"]] for line in card["profile_lines"]] == [
        [row[0] for row in WALKER[:7]],
        [row[0] for row in WALKER[7:]],
    ]
    assert [label for label, _ in fighter_card(hired, shapes)["boxes"]] == [
        "Wounds",
        "Flesh wounds",
        "New XP",
    ]
    from datetime import datetime

    page = gang_page(sump, shapes, datetime(2026, 12, 2))
    assert page.count('<div class="profile-lines">') == 1
    assert "<caption>Crew</caption>" in page
    assert 'data-stat="Mel"' in page
