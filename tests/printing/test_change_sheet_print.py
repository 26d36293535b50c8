"""The printed "what changed" sheet: inside its page, every change written once."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest

from gangmanager.printing.change_sheet import change_sheet_document
from gangmanager.printing.geometry import A4, LETTER, Paper
from gangmanager.printing.painter import QtMeasure, write_pdf
from gangmanager.rules.change_sheet import ChangeSheet, FighterChanges

from .test_layout_fits import assert_document_fits


def sheet(fighters: int = 6) -> ChangeSheet:
    rows = [
        FighterChanges(
            name="Rook",
            type="Gunner",
            status_before="Active",
            status_after="In recovery",
            xp_before=1,
            xp_after=3,
            rating_before=70,
            rating_after=70,
            injuries=["Eye Injury"],
        ),
        FighterChanges(
            name="Mags Varga",
            status_before="Active",
            status_after="Active",
            xp_before=3,
            xp_after=2,
            rating_before=115,
            rating_after=155,
            advancements=["Advancement: Ballistic Skill +1", "Advancement: Nerves of Steel"],
            skills=["Nerves of Steel"],
        ),
        FighterChanges(
            name="Dex Hollow",
            status_before="Active",
            status_after="Active",
            xp_before=0,
            xp_after=0,
            rating_before=145,
            rating_after=125,
            limited_deleted=["Shotgun: executioner ammo"],
        ),
        FighterChanges(
            name="Pip",
            status_before="Active",
            status_after=None,
            xp_before=0,
            xp_after=None,
            rating_before=45,
            rating_after=None,
        ),
    ]
    rows += [
        FighterChanges(
            name=f"Ganger {n}",
            status_before="Active",
            status_after="Active",
            xp_before=0,
            xp_after=0,
            rating_before=60,
            rating_after=60,
        )
        for n in range(fighters)
    ]
    return ChangeSheet(
        gang="The Rust Riders",
        result="win",
        scenario="Border Dispute",
        gang_rating_before=580,
        gang_rating_after=600,
        credits_before=100,
        credits_after=160,
        reputation_before=2,
        reputation_after=3,
        fighters=rows,
    )


@pytest.mark.parametrize("paper", [A4, LETTER], ids=lambda p: p.name)
def test_the_sheet_fits_and_says_each_change_once(
    tmp_path: Path, measure: QtMeasure, paper: Paper
) -> None:
    document = change_sheet_document(sheet(), measure, paper)
    assert_document_fits(document, measure)
    assert len(document.pages) == 1
    reader = pypdf.PdfReader(write_pdf(document, tmp_path / "changes.pdf"))
    text = " ".join(" ".join(p.extract_text() for p in reader.pages).split())
    for wanted in (
        "What changed: The Rust Riders",
        "Border Dispute, win",
        "Gang Rating 580 -> 600",
        "Credits 100 -> 160",
        "Reputation 2 -> 3",
        "Rook (Gunner): Active -> In recovery",
        "New injuries: Eye Injury",
        "XP 1 -> 3",
        "Fighter Rating 115 -> 155",
        "Advancements: Advancement: Ballistic Skill +1, Advancement: Nerves of Steel",
        "New skills: Nerves of Steel",
        "Limited profiles struck off: Shotgun: executioner ammo",
        "Pip: left the roster",
        "No change: Ganger 0, Ganger 1",
    ):
        assert text.count(wanted) == 1, wanted


def test_a_long_roster_continues_on_a_second_page(measure: QtMeasure) -> None:
    many = sheet(0).model_copy(
        update={
            "fighters": [
                f.model_copy(update={"name": f"{f.name} {n}"})
                for n in range(12)
                for f in sheet(0).fighters
            ]
        }
    )
    document = change_sheet_document(many, measure, A4)
    assert len(document.pages) >= 2
    assert_document_fits(document, measure)
