"""The PDFs themselves, read back with pypdf: text, page count and size, embedded fonts."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pypdf
import pytest
from pypdf.generic import ArrayObject, DictionaryObject

from gangmanager.printing.card import glossary_entries
from gangmanager.printing.card_pages import CardLayout
from gangmanager.printing.document import PrintError, build_document, card_fighters
from gangmanager.printing.geometry import A4, LETTER, Paper
from gangmanager.printing.painter import QtMeasure, write_pdf
from gangmanager.rules import ratings, roster_ops
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.ruleset import Ruleset

from ..narrowing import present
from .stress import IMPORTED_RAPID_FIRE, STRESS_NAME, STRESS_SUMMARY

# Page sizes in PDF points as the PDF states them.
POINTS = {"A4": (595, 842), "Letter": (612, 792)}


def normalised(text: str) -> str:
    return " ".join(text.split())


def pdf_text(path: Path) -> tuple[pypdf.PdfReader, str]:
    reader = pypdf.PdfReader(path)
    return reader, normalised(" ".join(page.extract_text() for page in reader.pages))


def count(text: str, wanted: str) -> int:
    """Occurrences of `wanted` as whole words (so "Pip" is not found in "Pipe")."""
    return len(re.findall(rf"(?<![\w]){re.escape(normalised(wanted))}(?![\w])", text))


def profile_rows(fighter: Fighter) -> Iterator[str]:
    """Each weapon profile as its row reads: label, the eight stats, the traits."""
    for weapon in fighter.weapons:
        for profile in weapon.profiles:
            if len(weapon.profiles) == 1:
                label = f"{weapon.name} ({profile.name})" if profile.name else weapon.name
            else:
                label = profile.name or "standard"
            stats = [profile.rng_s, profile.rng_l, profile.acc_s, profile.acc_l]
            stats += [profile.strength, profile.ap, profile.d, profile.am]
            traits = ", ".join(str(t) for t in profile.traits) or "-"
            yield " ".join([label, *stats, traits])


def write(
    tmp_path: Path, name: str, gang: Gang, ruleset: Ruleset, measure: QtMeasure, **kw
) -> Path:
    document = build_document(gang, ruleset, measure, **kw)
    path = write_pdf(document, tmp_path / name)
    assert len(pypdf.PdfReader(path).pages) == len(document.pages)
    return path


@pytest.mark.parametrize("layout", list(CardLayout))
def test_each_card_holds_everything_exactly_once(
    tmp_path: Path, gang: Gang, ruleset: Ruleset, measure: QtMeasure, layout: CardLayout
) -> None:
    for index, fighter in enumerate(gang.fighters):
        path = write(
            tmp_path, f"card-{index}.pdf", gang, ruleset, measure, fighters=[fighter], layout=layout
        )
        _, text = pdf_text(path)
        effective = fighter.effective(ruleset.table)
        assert count(text, fighter.name) == 1, fighter.name
        assert count(text, effective.line()) == 1, (fighter.name, effective.line())
        if effective.summary():
            assert count(text, effective.summary()) == 1
            assert "Modifiers already applied to the profile (shaded):" in text
        for row in profile_rows(fighter):
            assert count(text, row) == 1, row
        for name, entry in glossary_entries(fighter, ruleset):
            assert count(text, f"{name}: {entry}") == 1, name
        rating = ratings.committed_fighter_rating(fighter)
        assert f"Fighter Rating {rating} XP {fighter.xp}" in text
        assert f"Status: {fighter.status.label}" in text


def test_stress_card_shows_the_issue_summary_line_and_imported_text(
    tmp_path: Path, gang: Gang, ruleset: Ruleset, measure: QtMeasure
) -> None:
    stress = gang.fighter(STRESS_NAME)
    assert stress is not None
    path = write(tmp_path, "stress.pdf", gang, ruleset, measure, fighters=[stress])
    _, text = pdf_text(path)
    assert count(text, STRESS_SUMMARY) == 1
    assert count(text, f"Rapid Fire: {IMPORTED_RAPID_FIRE}") == 1
    # Footnotes: base value and source of each modified characteristic.
    assert 'Movement: 6" (base 5"): Advancement: Movement (+1)' in text
    assert "Cool: 5+ (base 6+): Impressive Scars (+1)" in text
    assert "Card 1 · 2/" in text and "continued" in text
    # No ligatures: "fi" stays two letters, so the PDF can be searched.
    assert "ﬁ" not in text


def test_footnotes_can_be_left_out(
    tmp_path: Path, gang: Gang, ruleset: Ruleset, measure: QtMeasure
) -> None:
    path = write(
        tmp_path, "plain.pdf", gang, ruleset, measure, fighters=gang.fighters[:1], footnotes=False
    )
    _, text = pdf_text(path)
    assert "Modified characteristics" not in text
    assert count(text, "Cl: +1") == 1


def test_a_deleted_limited_profile_is_not_printed(
    tmp_path: Path, demo: Gang, ruleset: Ruleset, measure: QtMeasure
) -> None:
    index = next(i for i, f in enumerate(demo.fighters) if f.name == "Dex Hollow")
    assert "executioner ammo" in [p.name for p in demo.fighters[index].weapons[0].profiles]
    gang = roster_ops.remove_profile(demo, index, 0, "executioner ammo")
    path = write(tmp_path, "dex.pdf", gang, ruleset, measure, fighters=[gang.fighters[index]])
    _, text = pdf_text(path)
    assert "executioner" not in text
    # Limited was only on that profile, so its glossary entry goes too.
    assert "Limited:" not in text
    assert count(text, 'solid ammo 8" 16" +1 - 4 - 2 4+ Knockback') == 1


@pytest.mark.parametrize(("layout", "paper"), [(CardLayout.CLASSIC, A4), (CardLayout.PAGE, LETTER)])
def test_whole_gang_pdf_page_count_and_size(
    tmp_path: Path,
    demo: Gang,
    ruleset: Ruleset,
    measure: QtMeasure,
    layout: CardLayout,
    paper: Paper,
) -> None:
    fighters = card_fighters(demo)
    path = write(
        tmp_path, "gang.pdf", demo, ruleset, measure, fighters=fighters, layout=layout, paper=paper
    )
    reader, text = pdf_text(path)
    # Every demo card fits one face: three classic cards a page, or one card a page.
    expected = 2 if layout is CardLayout.CLASSIC else len(fighters)
    assert len(reader.pages) == expected
    for page in reader.pages:
        assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (
            POINTS[paper.name]
        )
    for fighter in fighters:
        assert count(text, fighter.name) == 1
    # Three Gunners share a profile: one line for each of them.
    gunner = demo.fighter("Rook")
    assert gunner is not None
    same = [f for f in fighters if f.effective().line() == gunner.effective().line()]
    assert count(text, gunner.effective().line()) == len(same) == 3
    assert reader.metadata is not None
    assert reader.metadata.title == "The Rust Riders: fighter cards"


def test_roster_sheet_pdf(tmp_path: Path, gang: Gang, ruleset: Ruleset, measure: QtMeasure) -> None:
    path = write(tmp_path, "roster.pdf", gang, ruleset, measure, roster=True, paper=LETTER)
    reader, text = pdf_text(path)
    assert len(reader.pages) == 1
    assert tuple(round(float(v)) for v in reader.pages[0].mediabox[2:]) == POINTS["Letter"]
    assert count(text, gang.name) == 1
    assert gang.house in text
    for label, value in (
        ("Gang Rating", ratings.committed_gang_rating(gang)),
        ("Wealth", ratings.wealth(gang)),
        ("Credits", gang.credits),
        ("Reputation", gang.reputation),
    ):
        assert label in text and str(value) in text
    for fighter in gang.fighters:
        assert count(text, fighter.name) == 1
    assert "Stash" in text and "Empty." in text
    assert "Territories None recorded" in text


def test_roster_and_cards_together(
    tmp_path: Path, demo: Gang, ruleset: Ruleset, measure: QtMeasure
) -> None:
    pip = demo.fighter("Pip")
    path = write(tmp_path, "both.pdf", demo, ruleset, measure, roster=True, fighters=[pip])
    reader, _ = pdf_text(path)
    assert len(reader.pages) == 2
    assert "Fighters" in reader.pages[0].extract_text()
    assert count(reader.pages[1].extract_text(), "Pip") == 1
    assert present(reader.metadata).title == "The Rust Riders: roster sheet and fighter cards"


def pdf_dict(value: object) -> DictionaryObject:
    """A PDF object read as the dictionary the test expects (pypdf types them loosely)."""
    assert isinstance(value, DictionaryObject), type(value).__name__
    return value


def test_fonts_are_embedded(
    tmp_path: Path, demo: Gang, ruleset: Ruleset, measure: QtMeasure
) -> None:
    path = write(tmp_path, "fonts.pdf", demo, ruleset, measure, roster=True, fighters=demo.fighters)
    reader = pypdf.PdfReader(path)
    names: set[str] = set()
    for page in reader.pages:
        for entry in pdf_dict(pdf_dict(page["/Resources"])["/Font"]).values():
            font = pdf_dict(entry.get_object())
            names.add(str(font["/BaseFont"]))
            descendants = font["/DescendantFonts"]
            assert isinstance(descendants, ArrayObject)
            descendant = pdf_dict(descendants[0].get_object())
            assert "/FontFile2" in pdf_dict(descendant["/FontDescriptor"].get_object())
    assert {n.lstrip("/").split("+")[-1] for n in names} >= {
        "DejaVuSans",
        "DejaVuSans-Bold",
        "DejaVuSansCondensed",
        "DejaVuSansCondensed-Bold",
    }


def test_unwritable_target_is_refused_and_nothing_is_left(
    tmp_path: Path, demo: Gang, ruleset: Ruleset, measure: QtMeasure
) -> None:
    document = build_document(demo, ruleset, measure, fighters=demo.fighters[:1])
    with pytest.raises(PrintError, match="no such folder"):
        write_pdf(document, tmp_path / "missing" / "cards.pdf")
    target = tmp_path / "cards.pdf"
    target.mkdir()
    with pytest.raises(PrintError, match="cannot write"):
        write_pdf(document, target)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards.pdf"]
