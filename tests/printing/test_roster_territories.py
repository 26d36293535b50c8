"""The roster sheet lists the territories the gang holds in its running campaign."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pypdf
import pytest

from PySide6.QtWidgets import QWidget

from gangmanager.gui.printing.print_actions import PrintActions
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.printing.document import PrintRequest, build_document
from gangmanager.printing.geometry import A4, LETTER, Paper
from gangmanager.printing.painter import QtMeasure, write_pdf
from gangmanager.printing.roster_sheet import NO_TERRITORIES
from gangmanager.rules.gang import Gang
from gangmanager.rules.ruleset import Ruleset
from gangmanager.services import campaign, gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from .test_layout_fits import assert_document_fits


@dataclass(frozen=True)
class Held:
    name: str
    hideout: bool = False
    boons: tuple[str, ...] = ()


@dataclass(frozen=True)
class Holdings:
    campaign: str
    territories: tuple[Held, ...]


ASH_WARS = Holdings(
    "Ash Wars",
    (
        Held("Settlement", True, ("D6x10 credits at each income.", "+1 Reputation while held.")),
        Held("Slag Furnace", False, ("D6x5 credits at each income.",)),
    ),
)


def pdf_text(path: Path) -> str:
    reader = pypdf.PdfReader(path)
    return " ".join(" ".join(page.extract_text() for page in reader.pages).split())


def test_the_held_territories_and_their_boons_are_printed(
    tmp_path: Path, demo: Gang, ruleset: Ruleset, measure: QtMeasure
) -> None:
    document = build_document(demo, ruleset, measure, roster=True, holdings=ASH_WARS)
    text = pdf_text(write_pdf(document, tmp_path / "roster.pdf"))
    assert "Territories in Ash Wars" in text
    assert text.count("Settlement (hideout)") == 1 and text.count("Slag Furnace") == 1
    assert "D6x10 credits at each income. +1 Reputation while held." in text
    assert "D6x5 credits at each income." in text
    assert "None recorded" not in text
    # No campaign: the sheet says so and leaves lines to write on.
    plain = pdf_text(write_pdf(build_document(demo, ruleset, measure, roster=True), tmp_path / "p"))
    assert " ".join(NO_TERRITORIES.split()) in plain and "Ash Wars" not in plain
    nothing = Holdings("Ash Wars", ())
    empty = build_document(demo, ruleset, measure, roster=True, holdings=nothing)
    assert "Territories in Ash Wars None held." in pdf_text(write_pdf(empty, tmp_path / "e.pdf"))


@pytest.mark.parametrize("paper", [A4, LETTER])
def test_many_territories_with_long_boons_fit(
    demo: Gang, ruleset: Ruleset, measure: QtMeasure, paper: Paper
) -> None:
    long = ("A very long boon that goes on and on about recruits and equipment. " * 4,) * 3
    many = Holdings("A campaign with a rather long name", tuple(
        Held(f"Territory number {n} with a long name", n == 0, long) for n in range(14)
    ))  # fmt: skip
    document = build_document(demo, ruleset, measure, roster=True, holdings=many, paper=paper)
    assert len(document.pages) >= 2
    assert_document_fits(document, measure)
    texts = [t.text for page in document.pages for t in page.drawing.texts]
    assert sum(t.startswith("Territory number") for t in texts) >= 14


class Window(QWidget):
    """What the main window offers: the open database and the rulesets."""

    def __init__(self, database: Database, rulesets: Rulesets) -> None:
        super().__init__()
        self.database = database
        self.rulesets = rulesets


def test_the_window_prints_the_territories_from_its_database(
    qtbot, tmp_path: Path, ruleset: Ruleset, rulesets: Rulesets
) -> None:
    rulesets = Rulesets(tmp_path / "data")
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    try:
        gang = gangs.add_gang(database, rulesets, demo_gang(rulesets.get("n23"))).gang
        window = Window(database, rulesets)
        qtbot.addWidget(window)
        actions = PrintActions(window)
        actions.set_gang(gang, ruleset)
        request = PrintRequest(roster=True)
        before = actions.export(request, tmp_path / "before.pdf")
        assert before is not None and "None recorded" in pdf_text(before)
        campaign.create_campaign(database, rulesets, "Ash Wars")
        campaign.add_gang(database, rulesets, "Ash Wars", gang.name)
        campaign.assign_territory(database, rulesets, "Ash Wars", "Old Ruins", gang.name)
        after = actions.export(request, tmp_path / "after.pdf")
        assert after is not None
        text = pdf_text(after)
        assert "Territories in Ash Wars" in text and "Settlement (hideout)" in text
        assert "Old Ruins D3x10 credits at each income" in text
    finally:
        database.close()
