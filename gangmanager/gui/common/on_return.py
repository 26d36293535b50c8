"""Return in a line edit runs an action instead of pressing the dialog's default button
(a wizard's Next, a dialog's OK): the filter and name fields of the wizards use it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QLineEdit

_RETURN_KEYS = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


class OnReturn(QObject):
    def __init__(self, target: QLineEdit, action: Callable[[], None]) -> None:
        super().__init__(target)
        self._action = action
        target.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        pressed = event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent)
        if pressed and event.key() in _RETURN_KEYS:  # type: ignore[attr-defined]
            self._action()
            return True
        return super().eventFilter(watched, event)
