"""The fighter's card as it will print, for the fighter editor to embed."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QPainter, QPaintEvent, QWheelEvent
from PySide6.QtWidgets import QSizePolicy, QWidget

from gangmanager.printing.card_pages import (
    CLASSIC_HEIGHT,
    CLASSIC_PADDING,
    CLASSIC_WIDTH,
    CardLayout,
    card_faces,
    layout_style,
)
from gangmanager.printing.elements import Page, Region
from gangmanager.printing.flow import LayoutError
from gangmanager.printing.geometry import Paper, Rect
from gangmanager.printing.painter import QtMeasure, paint_page
from gangmanager.rules.gang import Fighter
from gangmanager.rules.ruleset import Ruleset

# Space between two faces of a card on screen, in millimetres.
FACE_GAP = 4.0
# Zoom: screen pixels per millimetre of card, from small to very large; each step 1.25x.
ZOOM_MIN, ZOOM_MAX, ZOOM_STEP = 1.5, 16.0, 1.25


class CardPreview(QWidget):
    """Paints the classic card faces of one fighter, one under the other, scaled to the width.

    It draws the very layout the PDF gets (same measure, same painter), so what
    the editor shows is what prints. It fits the width until zoomed: Ctrl+wheel,
    + and - (or Ctrl++ and Ctrl+-) zoom, 0 (Ctrl+0) fits the width again.
    """

    # The zoom in pixels per millimetre (None: fit the width), after each change.
    sig_zoom_changed = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._measure = QtMeasure()
        self._faces: list[Page] = []
        self._message = "No fighter selected."
        self._zoom: float | None = None
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setMinimumWidth(320)

    @property
    def faces(self) -> list[Page]:
        """The laid-out faces shown (one page per card face)."""
        return list(self._faces)

    @property
    def message(self) -> str:
        return self._message

    def set_fighter(self, fighter: Fighter | None, ruleset: Ruleset | None) -> None:
        self._faces = []
        self._message = ""
        if fighter is None or ruleset is None:
            self._message = "No fighter selected."
        else:
            style, padding = layout_style(CardLayout.CLASSIC)
            inner_w, inner_h = CLASSIC_WIDTH - 2 * padding, CLASSIC_HEIGHT - 2 * padding
            try:
                drawings = card_faces(
                    fighter, ruleset, self._measure, style, inner_w, inner_h, "Card"
                )
            except LayoutError as exc:
                self._message = f"This card cannot be laid out: {exc}"
                drawings = []
            paper = Paper("card face", CLASSIC_WIDTH, CLASSIC_HEIGHT)
            for index, drawing in enumerate(drawings):
                page = Page(paper)
                inner = Rect(CLASSIC_PADDING, CLASSIC_PADDING, inner_w, inner_h)
                page.place(drawing, Region(f"face {index + 1}", inner))
                self._faces.append(page)
        self.updateGeometry()
        self.update()

    # -- zoom ------------------------------------------------------------------------

    @property
    def zoom(self) -> float | None:
        return self._zoom

    def scale(self) -> float:
        """Pixels per millimetre as painted now."""
        return self._scale(self.width())

    def set_zoom(self, zoom: float | None) -> None:
        self._zoom = None if zoom is None else min(ZOOM_MAX, max(ZOOM_MIN, zoom))
        if self._zoom is None:
            self.setMinimumWidth(320)
        else:
            self.setMinimumWidth(round(CLASSIC_WIDTH * self._zoom) + 2)
        self.updateGeometry()
        self.update()
        self.sig_zoom_changed.emit(self._zoom)

    def zoom_in(self) -> None:
        self.set_zoom(self.scale() * ZOOM_STEP)

    def zoom_out(self) -> None:
        self.set_zoom(self.scale() / ZOOM_STEP)

    def fit_width(self) -> None:
        self.set_zoom(None)

    def wheelEvent(self, event: QWheelEvent) -> None:
        if event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            steps = event.angleDelta().y()
            if steps > 0:
                self.zoom_in()
            elif steps < 0:
                self.zoom_out()
            event.accept()
            return
        super().wheelEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Equal):
            self.zoom_in()
        elif key in (Qt.Key.Key_Minus, Qt.Key.Key_Underscore):
            self.zoom_out()
        elif key == Qt.Key.Key_0:
            self.fit_width()
        else:
            super().keyPressEvent(event)

    def _scale(self, width: int) -> float:
        if self._zoom is not None:
            return self._zoom
        return max(width - 2, 1) / CLASSIC_WIDTH

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        count = max(len(self._faces), 1)
        return round((count * CLASSIC_HEIGHT + (count - 1) * FACE_GAP) * self._scale(width)) + 2

    def sizeHint(self) -> QSize:
        return QSize(640, self.heightForWidth(640))

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        try:
            painter.fillRect(self.rect(), self.palette().window())
            if not self._faces:
                painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self._message)
                return
            scale = self._scale(self.width())
            y = 1.0
            for page in self._faces:
                face = Rect(0.0, 0.0, CLASSIC_WIDTH, CLASSIC_HEIGHT)
                painter.fillRect(
                    1, round(y), round(face.w * scale), round(face.h * scale), QColor("white")
                )
                painter.setPen(QColor(120, 120, 120))
                painter.drawRect(1, round(y), round(face.w * scale), round(face.h * scale))
                paint_page(painter, page, scale, QPointF(1.0, y))
                y += (CLASSIC_HEIGHT + FACE_GAP) * scale
        finally:
            painter.end()
