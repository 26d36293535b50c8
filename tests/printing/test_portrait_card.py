"""A fighter's portrait on the printed card: beside the name and profile, in the PDF."""

from __future__ import annotations

from pathlib import Path

import pypdf
import pytest

from gangmanager.exchange.portrait_image import prepare_portrait
from gangmanager.printing.card_pages import CardLayout, card_pages
from gangmanager.printing.document import build_document
from gangmanager.printing.geometry import A4
from gangmanager.printing.painter import QtMeasure, write_pdf
from gangmanager.rules.gang import Gang
from gangmanager.rules.ruleset import Ruleset
from tests.portrait_images import image_bytes


def _with_portrait(gang: Gang, index: int = 0) -> Gang:
    fighters = list(gang.fighters)
    portrait = prepare_portrait(image_bytes((600, 800)))
    fighters[index] = fighters[index].model_copy(update={"portrait": portrait})
    return gang.model_copy(update={"fighters": fighters})


@pytest.mark.parametrize("layout", list(CardLayout))
def test_the_portrait_sits_inside_the_first_face_left_of_the_text(
    demo: Gang, ruleset: Ruleset, measure: QtMeasure, layout: CardLayout
) -> None:
    gang = _with_portrait(demo)
    fighter = gang.fighters[0]
    pages = card_pages([fighter], ruleset, measure, A4, layout)
    images = [i for page in pages for i in page.drawing.images]
    assert len(images) == 1 and images[0].data == fighter.portrait
    face = pages[0].region("Card 1 face 1").rect
    box = images[0].rect
    assert face.x - 1e-6 <= box.x and box.right <= face.right + 1e-6
    assert face.y - 1e-6 <= box.y and box.bottom <= face.bottom + 1e-6
    assert abs(box.h / box.w - 4 / 3) < 1e-6
    # Every text on the card's top lines stays right of the picture.
    beside = [t for t in pages[0].drawing.texts if t.rect.y < box.bottom and t.region]
    assert beside and all(t.rect.x >= box.right for t in beside if "Card 1 ·" not in t.text)


def test_no_portrait_no_image(demo: Gang, ruleset: Ruleset, measure: QtMeasure) -> None:
    pages = card_pages(demo.fighters, ruleset, measure, A4)
    assert not any(page.drawing.images for page in pages)


def test_the_pdf_embeds_the_portrait(
    tmp_path: Path, demo: Gang, ruleset: Ruleset, measure: QtMeasure
) -> None:
    gang = _with_portrait(demo)
    document = build_document(gang, ruleset, measure, fighters=gang.fighters[:1])
    path = write_pdf(document, tmp_path / "card.pdf")
    images = pypdf.PdfReader(path).pages[0].images
    assert len(images) == 1
    assert images[0].image is not None and images[0].image.size[0] >= 200


def test_the_roster_sheet_shows_the_gang_portrait(
    demo: Gang, ruleset: Ruleset, measure: QtMeasure
) -> None:
    from gangmanager.printing.roster_sheet import roster_pages

    from .test_layout_fits import assert_fits

    assert not any(p.drawing.images for p in roster_pages(demo, ruleset, measure, A4))
    gang = demo.model_copy(update={"portrait": prepare_portrait(image_bytes((400, 400), "PNG"))})
    pages = roster_pages(gang, ruleset, measure, A4)
    images = pages[0].drawing.images
    assert len(images) == 1 and images[0].data == gang.portrait
    title = next(t for t in pages[0].drawing.texts if t.text == gang.name)
    assert title.rect.x >= images[0].rect.right
    for page in pages:
        assert_fits(page, measure)
