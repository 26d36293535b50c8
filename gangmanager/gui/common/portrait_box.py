"""A portrait as the window shows it: the picture (or "No picture") and, where it can be
changed, a Picture... and a Clear button.

The box never writes: its buttons emit `sig_pick` and `sig_clear`, and the screen
holding it asks for a file (`pick_picture`) and emits its roster command.
"""

from __future__ import annotations

from PySide6.QtCore import QByteArray, Qt, Signal
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from gangmanager.gui.common.messages import Messages
from gangmanager.services.errors import ServiceError
from gangmanager.services.portraits import PICTURE_FILTER, read_picture


def portrait_pixmap(data: bytes | None, width: int) -> QPixmap | None:
    """The portrait scaled to `width` pixels wide (3:4), or None."""
    if data is None:
        return None
    pixmap = QPixmap()
    if not pixmap.loadFromData(QByteArray(data)):
        return None
    return pixmap.scaled(
        width,
        width * 4 // 3,
        Qt.AspectRatioMode.KeepAspectRatio,
        Qt.TransformationMode.SmoothTransformation,
    )


class PortraitLabel(QLabel):
    """The picture alone, `width` pixels wide; "No picture" in a frame when there is none."""

    def __init__(self, width: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._width = width
        self.setObjectName("portrait")
        self.setFixedSize(width, width * 4 // 3)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.has_portrait = False
        self.set_portrait(None)

    def set_portrait(self, data: bytes | None) -> None:
        pixmap = portrait_pixmap(data, self._width)
        self.has_portrait = pixmap is not None
        if pixmap is None:
            self.clear()
            self.setText("No\npicture")
            self.setStyleSheet("border: 1px dashed #9e9e9e; color: #757575;")
        else:
            self.setStyleSheet("border: 1px solid #9e9e9e;")
            self.setPixmap(pixmap)


class PortraitBox(QWidget):
    sig_pick = Signal()
    sig_clear = Signal()

    def __init__(
        self, width: int = 72, parent: QWidget | None = None, *, lay_out: bool = True
    ) -> None:
        """`lay_out` False: the holder places `picture`, `pick` and `clear` in its own rows."""
        super().__init__(parent)
        self.picture = PortraitLabel(width)
        self.pick = QPushButton("Pict&ure...")
        self.pick.setObjectName("portrait_pick")
        self.pick.setToolTip("Choose a PNG, JPEG or WebP picture: cropped to 3:4 and scaled")
        self.pick.clicked.connect(self.sig_pick)
        self.clear = QPushButton("Clear")
        self.clear.setObjectName("portrait_clear")
        self.clear.setToolTip("Remove the picture (undo brings it back)")
        self.clear.clicked.connect(self.sig_clear)
        if not lay_out:
            self.hide()
            return
        buttons = QHBoxLayout()
        buttons.setSpacing(2)
        buttons.addWidget(self.pick)
        buttons.addWidget(self.clear)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.picture, 0, Qt.AlignmentFlag.AlignHCenter)
        layout.addLayout(buttons)
        layout.addStretch(1)

    def set_portrait(self, data: bytes | None) -> None:
        self.picture.set_portrait(data)
        self.clear.setEnabled(self.pick.isEnabled() and data is not None)


def pick_picture(messages: Messages) -> bytes | None:
    """The bytes of a picture the player picks; None when cancelled or unreadable (said)."""
    path = messages.open_path("Choose a picture", PICTURE_FILTER)
    if path is None:
        return None
    try:
        return read_picture(path)
    except ServiceError as exc:
        messages.tell(str(exc))
        return None
