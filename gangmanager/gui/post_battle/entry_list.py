"""A list of draft entries (purchases, sales, moves...) with a Remove button."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QListWidget, QPushButton, QVBoxLayout, QWidget


class EntryList(QWidget):
    """Shows one line per entry; `sig_remove_requested(row)` asks the page to drop one."""

    sig_remove_requested = Signal(int)

    def __init__(self, label: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.list = QListWidget()
        self.list.setAccessibleName(label)
        self.remove = QPushButton("&Remove")
        self.remove.setToolTip("Remove the selected line (Delete)")
        self.remove.setEnabled(False)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.remove)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)
        shortcut = QShortcut(QKeySequence.StandardKey.Delete, self.list)
        shortcut.activated.connect(self._on_remove_clicked)
        self.remove.clicked.connect(self._on_remove_clicked)
        self.list.currentRowChanged.connect(self._on_list_current_row_changed)

    def set_lines(self, lines: list[str]) -> None:
        self.list.clear()
        self.list.addItems(lines)
        self.remove.setEnabled(False)

    def _on_list_current_row_changed(self, row: int) -> None:
        self.remove.setEnabled(row >= 0)

    def _on_remove_clicked(self) -> None:
        row = self.list.currentRow()
        if row >= 0:
            self.sig_remove_requested.emit(row)
