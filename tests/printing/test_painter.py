"""The painter draws text where the layout measured it, at any scale: the page is
printed to a PDF as `print` writes it, and that file's page looked at."""

from __future__ import annotations

from pathlib import Path

import pytest

from PySide6.QtCore import QMarginsF, QRect, QSize
from PySide6.QtGui import QColor, QImage, QPageLayout, QPageSize, QPainter
from PySide6.QtPdf import QPdfDocument, QPdfDocumentRenderOptions

from gangmanager.printing.elements import Document, Drawing, FontSpec, Page, Region, TextBox
from gangmanager.printing.fonts import font_files
from gangmanager.printing.geometry import A4, LETTER, Paper, Rect
from gangmanager.printing.painter import (
    MM_PER_INCH,
    QtMeasure,
    load_fonts,
    page_layout,
    paper_from_layout,
    write_pdf,
)

TEXT = "Knockback, Rapid Fire (1), Limited: struck off the fighter card at once"


def ink_columns(image: QImage) -> tuple[int, int]:
    """Leftmost and rightmost column holding a dark pixel."""
    columns = [
        x
        for x in range(image.width())
        if any(image.pixelColor(x, y).lightness() < 128 for y in range(image.height()))
    ]
    assert columns, "nothing was drawn"
    return columns[0], columns[-1]


@pytest.fixture
def page_image(tmp_path: Path) -> PageImage:
    return PageImage(tmp_path / "page.pdf")


class PageImage:
    """A page printed to a PDF file (`write_pdf`, as `print` writes one), then the
    band of that file's page its regions cover, drawn on white at `dpi`."""

    def __init__(self, path: Path) -> None:
        self._path = path

    def __call__(self, page: Page, dpi: float) -> QImage:
        write_pdf(Document("page", page.paper, [page]), self._path)
        pdf = QPdfDocument()
        assert pdf.load(str(self._path)) == QPdfDocument.Error.None_
        points = pdf.pagePointSize(0)  # whole points: a little more than the paper
        full = QSize(round(points.width() * dpi / 72), round(points.height() * dpi / 72))
        scale = dpi / MM_PER_INCH
        bottom = max(region.rect.bottom for region in page.regions)
        band = QRect(0, 0, full.width(), round(bottom * scale))
        options = QPdfDocumentRenderOptions()
        options.setScaledSize(full)
        options.setScaledClipRect(band)
        drawn = pdf.render(0, band.size(), options)
        image = QImage(band.size(), QImage.Format.Format_RGB32)
        image.fill(QColor("white"))
        painter = QPainter(image)
        painter.drawImage(0, 0, drawn)
        painter.end()
        return image


def page_with(text: str, font: FontSpec, measure: QtMeasure) -> Page:
    width = measure(text, font)
    # A strip wider than tall: the page must come out wide, not turned and clipped.
    page = Page(Paper("strip", width + 10.0, 16.0))
    box = TextBox(Rect(5.0, 3.0, width, font.line_height), text, font)
    page.place(Drawing(texts=[box]), Region("strip", Rect(0.0, 0.0, width + 10.0, 10.0)))
    return page


@pytest.mark.parametrize("font", [FontSpec(6.5, condensed=True), FontSpec(9.5, bold=True)])
def test_drawn_text_stays_inside_its_measured_box(
    measure: QtMeasure, font: FontSpec, page_image: PageImage
) -> None:
    page = page_with(TEXT, font, measure)
    dpi = 300.0
    left, right = ink_columns(page_image(page, dpi))
    px_per_mm = dpi / 25.4
    width = measure(TEXT, font)
    # Ink starts at the box and ends before its right edge (glyphs carry side bearings),
    # within half a millimetre of where the measured advance ends.
    assert 5.0 * px_per_mm - 2 <= left <= 5.4 * px_per_mm
    assert (5.0 + width - 0.5) * px_per_mm <= right <= (5.0 + width) * px_per_mm + 2


def test_type_scales_with_the_page(measure: QtMeasure, page_image: PageImage) -> None:
    page = page_with(TEXT, FontSpec(7.0), measure)
    small = ink_columns(page_image(page, 100.0))
    large = ink_columns(page_image(page, 200.0))
    ratio = (large[1] - large[0]) / (small[1] - small[0])
    assert ratio == pytest.approx(2.0, rel=0.03)


def test_shipped_fonts_are_loaded(qapp) -> None:
    assert len(font_files()) == 4
    assert {"DejaVu Sans", "DejaVu Sans Condensed"} <= set(load_fonts())


def test_paper_round_trips_through_a_page_layout(qapp) -> None:
    assert paper_from_layout(page_layout(A4)) == A4
    assert paper_from_layout(page_layout(LETTER)) == LETTER
    landscape = QPageLayout(
        QPageSize(QPageSize.PageSizeId.A4), QPageLayout.Orientation.Landscape, QMarginsF()
    )
    paper = paper_from_layout(landscape)
    assert (round(paper.width), round(paper.height)) == (297, 210)


@pytest.mark.parametrize("size", [(200.0, 100.0), (100.0, 200.0), (150.0, 150.0)])
def test_custom_paper_keeps_its_shape(qapp, size: tuple[float, float]) -> None:
    width, height = size
    layout = page_layout(Paper("custom", width, height))
    full = layout.fullRect(QPageLayout.Unit.Millimeter)
    assert (round(full.width()), round(full.height())) == (width, height)
    assert paper_from_layout(layout) == Paper("custom", width, height)
