"""A row of small boxes, some filled: wounds lost, Flesh Wounds taken."""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

_BOX = 14
_GAP = 4


class BoxRow(QWidget):
    def __init__(self, colour: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._colour = QColor(colour)
        self._total = 0
        self._filled = 0
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def set_boxes(self, total: int, filled: int) -> None:
        total = max(0, total)
        filled = max(0, min(filled, total))
        if (total, filled) == (self._total, self._filled) and self.toolTip():
            return  # Unchanged: no new layout, no repaint.
        self._total, self._filled = total, filled
        self.setToolTip(f"{self._filled} of {self._total}")
        self.updateGeometry()
        self.update()

    @property
    def total(self) -> int:
        return self._total

    @property
    def filled(self) -> int:
        return self._filled

    def sizeHint(self) -> QSize:
        width = self._total * _BOX + max(0, self._total - 1) * _GAP
        return QSize(max(width, _BOX), _BOX + 2)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(self.palette().windowText().color(), 1))
        for index in range(self._total):
            x = index * (_BOX + _GAP)
            painter.setBrush(self._colour if index < self._filled else Qt.BrushStyle.NoBrush)
            # Whole pixels: the float call this replaces went to drawRect(int, ...), which
            # dropped the halves; kept so the boxes look as they did.
            painter.drawRect(QRect(x, 1, _BOX - 1, _BOX - 1))
        painter.end()
