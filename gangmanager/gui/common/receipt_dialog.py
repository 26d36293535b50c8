"""A breakdown (receipt) of a rating or of the gang's wealth, in a fixed-width font."""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QPlainTextEdit, QVBoxLayout, QWidget

from gangmanager.gui.common.screen_fit import open_size


class ReceiptDialog(QDialog):
    def __init__(self, title: str, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.text_view = QPlainTextEdit(text)
        self.text_view.setReadOnly(True)
        self.text_view.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text_view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text_view)
        layout.addWidget(buttons)
        open_size(self, 620, 480)

    @classmethod
    def ask(cls, parent: QWidget | None, title: str, text: str) -> None:
        """Show it; tests replace this to read the text instead."""
        cls(title, text, parent).exec()
