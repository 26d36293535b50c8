"""The one QPainter routine: draws a laid-out page on a PDF, a printer, an image or a widget.

QtGui only (no widgets), so the command line can print with a QGuiApplication.
Text is measured here too (`QtMeasure`), with the metrics of the very fonts
and resolution the PDF is drawn with, so what the layout measured is what
gets printed. The shipped DejaVu fonts are loaded into the application's
font database, and QPdfWriter embeds them in every PDF.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

from PySide6.QtCore import (
    QBuffer,
    QCoreApplication,
    QIODevice,
    QMarginsF,
    QPointF,
    QRectF,
    QSizeF,
    Qt,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontDatabase,
    QFontMetricsF,
    QGuiApplication,
    QImage,
    QPagedPaintDevice,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
)

from gangmanager import __version__
from gangmanager.printing.document import PrintError
from gangmanager.printing.elements import Align, Document, Drawing, FontSpec, Page
from gangmanager.printing.fonts import SANS, SANS_CONDENSED, font_files
from gangmanager.printing.geometry import A4, LETTER, Paper

# Device units per inch for PDFs and for measuring text.
RESOLUTION = 1200
# Text is measured and drawn at this many times its size, then scaled down:
# font engines round pixel sizes to whole pixels (6.5 pt at 96 dpi is 8.67 px,
# drawn at 9), and at 16x the rounding is lost in the noise on every device.
OVERSAMPLE = 16
MM_PER_INCH = 25.4
DASH_MM = (1.6, 1.2)

_ALIGN = {
    Align.LEFT: Qt.AlignmentFlag.AlignLeft,
    Align.CENTER: Qt.AlignmentFlag.AlignHCenter,
    Align.RIGHT: Qt.AlignmentFlag.AlignRight,
}
# Font files already added to the application's font database, by path.
_loaded_fonts: dict[str, int] = {}


def gui_application() -> QCoreApplication:
    """The running Qt application, or a new QGuiApplication (offscreen without a display).

    Fonts and the PDF writer need one; widgets are never needed to print.
    """
    headless = not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    if headless and sys.platform.startswith("linux"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    return QGuiApplication.instance() or QGuiApplication(["gangmanager"])


def load_fonts() -> list[str]:
    """Add the shipped fonts to the font database (once); returns their family names.

    Needs a QGuiApplication. A missing or unreadable file is skipped: Qt then
    falls back to another sans font, measured and drawn alike.
    """
    families: list[str] = []
    for path in font_files():
        key = str(path)
        if key not in _loaded_fonts:
            _loaded_fonts[key] = QFontDatabase.addApplicationFont(key)
        if _loaded_fonts[key] >= 0:
            families += QFontDatabase.applicationFontFamilies(_loaded_fonts[key])
    return sorted(set(families))


def qfont(spec: FontSpec, point_size: float | None = None) -> QFont:
    font = QFont(SANS_CONDENSED if spec.condensed else SANS)
    font.setPointSizeF(spec.size_pt if point_size is None else point_size)
    font.setBold(spec.bold)
    # Unhinted outlines scale linearly, so widths measured at one resolution hold at any.
    font.setHintingPreference(QFont.HintingPreference.PreferNoHinting)
    # No "fi" ligatures: text copied or searched in the PDF reads as typed (Qt 6.7+).
    if hasattr(font, "setFeature"):
        font.setFeature(QFont.Tag("liga"), 0)
    return font


class QtMeasure:
    """`measure(text, font) -> mm` with the metrics of the PDF device the cards are drawn on."""

    def __init__(self) -> None:
        load_fonts()
        self._buffer = QBuffer()
        self._buffer.open(QIODevice.OpenModeFlag.WriteOnly)
        self._device = QPdfWriter(self._buffer)
        self._device.setResolution(RESOLUTION)
        self._metrics: dict[FontSpec, QFontMetricsF] = {}
        self._widths: dict[tuple[str, FontSpec], float] = {}

    def metrics(self, font: FontSpec) -> QFontMetricsF:
        """Metrics of the font at OVERSAMPLE times its size, as the painter draws it."""
        if font not in self._metrics:
            large = qfont(font, font.size_pt * OVERSAMPLE)
            self._metrics[font] = QFontMetricsF(large, self._device)
        return self._metrics[font]

    def _mm(self, device_units: float) -> float:
        return device_units * MM_PER_INCH / RESOLUTION / OVERSAMPLE

    def __call__(self, text: str, font: FontSpec) -> float:
        key = (text, font)
        if key not in self._widths:
            self._widths[key] = self._mm(self.metrics(font).horizontalAdvance(text))
        return self._widths[key]

    def line_height(self, font: FontSpec) -> float:
        """The font's own ascent + descent in mm (the layout's line height must cover it)."""
        return self._mm(self.metrics(font).height())


def paint_page(painter: QPainter, page: Page, scale: float, origin: QPointF | None = None) -> None:
    """Draw one page at `scale` device units per millimetre, its corner at `origin`."""
    ox, oy = (origin.x(), origin.y()) if origin is not None else (0.0, 0.0)
    # Font sizes are in points of the device; a scale other than the device's own
    # (a zoomed preview) scales the type with everything else.
    device_per_mm = painter.device().logicalDpiY() / MM_PER_INCH
    type_scale = scale / device_per_mm
    painter.save()
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    _paint_shapes(painter, page.drawing, ox, oy, scale)
    _paint_texts(painter, page.drawing, ox, oy, scale, type_scale)
    painter.restore()


def _paint_shapes(painter: QPainter, drawing: Drawing, ox: float, oy: float, scale: float) -> None:
    """The frames (filled, stroked), the images and the rules, in that order."""

    def rect(x: float, y: float, w: float, h: float) -> QRectF:
        return QRectF(ox + x * scale, oy + y * scale, w * scale, h * scale)

    def pen(width_mm: float, gray: float = 0.0) -> QPen:
        line = QPen(QColor.fromRgbF(gray, gray, gray))
        line.setWidthF(max(width_mm * scale, 0.5))
        return line

    for frame in drawing.frames:
        box = rect(frame.rect.x, frame.rect.y, frame.rect.w, frame.rect.h)
        if frame.fill is not None:
            painter.fillRect(box, QColor.fromRgbF(frame.fill, frame.fill, frame.fill))
        if frame.stroke > 0:
            painter.setPen(pen(frame.stroke))
            painter.drawRect(box)
    for image in drawing.images:
        picture = QImage.fromData(image.data)
        if not picture.isNull():  # stored portraits always decode; a bad one is left out
            painter.drawImage(rect(image.rect.x, image.rect.y, image.rect.w, image.rect.h), picture)
    for rule in drawing.rules:
        line = pen(rule.width, rule.gray)
        if rule.dashed:
            width = max(rule.width, 0.01)
            line.setDashPattern([DASH_MM[0] / width, DASH_MM[1] / width])
        painter.setPen(line)
        painter.drawLine(
            QPointF(ox + rule.x1 * scale, oy + rule.y1 * scale),
            QPointF(ox + rule.x2 * scale, oy + rule.y2 * scale),
        )


def _paint_texts(
    painter: QPainter, drawing: Drawing, ox: float, oy: float, scale: float, type_scale: float
) -> None:
    """The texts, each drawn oversampled in its box (one QFont a font spec)."""
    painter.setPen(QColor(Qt.GlobalColor.black))
    fonts: dict[FontSpec, QFont] = {}
    for text in drawing.texts:
        if text.font not in fonts:
            fonts[text.font] = qfont(text.font, text.font.size_pt * type_scale * OVERSAMPLE)
        painter.setFont(fonts[text.font])
        flags = (
            _ALIGN[text.align]
            | Qt.AlignmentFlag.AlignVCenter
            | Qt.TextFlag.TextSingleLine
            | Qt.TextFlag.TextDontClip
        )
        area = text.rect
        painter.save()
        painter.translate(ox + area.x * scale, oy + area.y * scale)
        painter.scale(1 / OVERSAMPLE, 1 / OVERSAMPLE)
        size = scale * OVERSAMPLE
        painter.drawText(QRectF(0.0, 0.0, area.w * size, area.h * size), flags, text.text)
        painter.restore()


def render(document: Document, device: QPagedPaintDevice) -> None:
    """Draw every page on a PDF writer or printer already set up for the document's paper."""
    load_fonts()
    painter = QPainter()
    if not painter.begin(device):
        raise PrintError("cannot start drawing on the printer or file")
    try:
        scale = device.logicalDpiX() / MM_PER_INCH
        for index, page in enumerate(document.pages):
            if index:
                device.newPage()
            paint_page(painter, page, scale)
    finally:
        painter.end()


def page_layout(paper: Paper) -> QPageLayout:
    if paper == A4:
        size = QPageSize(QPageSize.PageSizeId.A4)
    elif paper == LETTER:
        size = QPageSize(QPageSize.PageSizeId.Letter)
    else:
        # QPageSize keeps the size as given and Landscape then turns it: give it the
        # portrait size, so a wide paper comes out wide and nothing is clipped.
        size = QPageSize(
            QSizeF(min(paper.width, paper.height), max(paper.width, paper.height)),
            QPageSize.Unit.Millimeter,
            paper.name,
            QPageSize.SizeMatchPolicy.ExactMatch,
        )
    orientation = (
        QPageLayout.Orientation.Landscape
        if paper.width > paper.height
        else QPageLayout.Orientation.Portrait
    )
    return QPageLayout(size, orientation, QMarginsF(0, 0, 0, 0))


def paper_from_layout(layout: QPageLayout) -> Paper:
    """The paper a printer is set to, as the layout code sees it."""
    full = layout.fullRect(QPageLayout.Unit.Millimeter)
    portrait = layout.orientation() == QPageLayout.Orientation.Portrait
    size_id = layout.pageSize().id()
    if portrait and size_id == QPageSize.PageSizeId.A4:
        return A4
    if portrait and size_id == QPageSize.PageSizeId.Letter:
        return LETTER
    return Paper(layout.pageSize().name() or "custom", full.width(), full.height())


def write_pdf(document: Document, path: Path) -> Path:
    """Write the document to a PDF file; the file appears whole or not at all."""
    path = Path(path)
    if not path.parent.is_dir():
        raise PrintError(f"{path.parent}: no such folder")
    temporary = path.with_name(f".{path.name}.part")
    try:
        writer = QPdfWriter(str(temporary))
        writer.setResolution(RESOLUTION)
        writer.setTitle(document.title)
        writer.setCreator(f"Gang Manager {__version__}")
        writer.setPageLayout(page_layout(document.paper))
        render(document, writer)
        del writer  # closes the file
        if not temporary.is_file():
            raise PrintError(f"{path}: cannot write")
        temporary.replace(path)
    except OSError as exc:
        raise PrintError(f"{path}: cannot write ({exc.strerror or exc})") from None
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
    return path
