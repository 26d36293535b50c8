"""Blank cards: the pack's statline over empty cells, three to a page or one a page."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest

from gangmanager.content import load_ruleset
from gangmanager.printing.blank_card import MAX_BLANK_CARDS, blank_document
from gangmanager.printing.card import WEAPON_COLUMNS
from gangmanager.printing.card_pages import CardLayout
from gangmanager.printing.geometry import A4, LETTER, Paper
from gangmanager.printing.painter import QtMeasure, write_pdf

from .test_layout_fits import assert_document_fits


@pytest.mark.parametrize("paper", [A4, LETTER], ids=lambda p: p.name)
@pytest.mark.parametrize("layout", list(CardLayout))
def test_blank_cards_fit_and_carry_the_pack_statline(
    tmp_path: Path, measure: QtMeasure, paper: Paper, layout: CardLayout
) -> None:
    n23 = load_ruleset("n23")
    document = blank_document(4, n23, measure, paper, layout)
    assert_document_fits(document, measure)
    cards = [r for page in document.pages for r in page.regions]
    assert len(cards) == 4
    assert len(document.pages) == (2 if layout is CardLayout.CLASSIC else 4)
    reader = pypdf.PdfReader(write_pdf(document, tmp_path / "blank.pdf"))
    text = " ".join(" ".join(page.extract_text() for page in reader.pages).split())
    codes = " ".join(row.code for row in n23.table)
    assert text.count(codes) == 4
    assert text.count("Name") == 4 and text.count("Fighter Rating") == 4
    assert text.count(" ".join(WEAPON_COLUMNS)) == 4


@pytest.mark.parametrize("count", [0, -1, MAX_BLANK_CARDS + 1])
def test_a_count_out_of_range_is_refused(measure: QtMeasure, count: int) -> None:
    with pytest.raises(ValueError, match="blank cards: give 1 to"):
        blank_document(count, load_ruleset("n23"), measure, A4)


@pytest.mark.parametrize("layout", list(CardLayout))
def test_an_n26_blank_card_has_the_pack_weapon_columns(
    tmp_path: Path, measure: QtMeasure, layout: CardLayout
) -> None:
    n26 = load_ruleset("n26")
    document = blank_document(3, n26, measure, A4, layout)
    assert_document_fits(document, measure)
    texts = [box.text for page in document.pages for box in page.drawing.texts]
    headings = [column.code for column in n26.weapon_statline]
    for heading in headings:
        assert texts.count(heading) >= 3, heading
    assert "Acc S" not in texts and "Am" not in texts
    codes = [row.code for row in n26.table]
    assert len(codes) == 13 and all(texts.count(code) >= 3 for code in codes)
