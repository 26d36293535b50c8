"""Windows open no larger than the screen they open on (a 1024x640 laptop included).

Every window and dialog that chooses its own opening size asks `open_size`
for it: the size wanted, cut to the screen's available area less room for
the window frame. What does not fit then scrolls inside the window.
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QWidget

# Room for the title bar and borders the window manager adds around a window.
FRAME = QSize(8, 32)
# Used when no screen is known (a headless start before the first window shows).
FALLBACK = QRect(0, 0, 1280, 800)


def screen_of(widget: QWidget) -> QScreen | None:
    """The screen under `widget`'s window, or under the first shown window it belongs to.

    Not `widget.screen()`: PySide files the QScreen it returns as a child of the widget,
    and when the garbage collector clears that QScreen's wrapper before the widget's (a
    window whose pages hold it is collected in one cycle), the wrapper takes the QScreen
    back as its own and deletes it: the next window made crashed on the missing screen.
    """
    window = widget.window()
    while not window.isVisible():
        parent = window.parentWidget()
        if parent is None:
            break
        window = parent.window()
    return QGuiApplication.screenAt(window.geometry().center())


def available_area(widget: QWidget | None = None) -> QRect:
    """The available area of the screen `widget` is on (else the primary screen)."""
    screen = screen_of(widget) if widget is not None else None
    if screen is None:
        screen = QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else FALLBACK


def largest(widget: QWidget | None = None) -> QSize:
    """The largest client size a window may open at on that screen."""
    area = available_area(widget)
    return QSize(max(area.width() - FRAME.width(), 1), max(area.height() - FRAME.height(), 1))


def open_size(widget: QWidget, width: int | None = None, height: int | None = None) -> None:
    """Resize `widget` to the size it opens at (its size hint where not given), within the screen."""
    hint = widget.sizeHint()
    room = largest(widget)
    widget.resize(
        min(width if width is not None else hint.width(), room.width()),
        min(height if height is not None else hint.height(), room.height()),
    )
