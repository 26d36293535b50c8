"""A long report (an import's) in a dialog that scrolls, instead of a message box
taller than the screen."""

from __future__ import annotations

from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.common.screen_fit import open_size

# Up to this many lines a message box shows the text whole.
SHORT_LINES = 12


class ReportDialog(QDialog):
    """The first lines as a heading (what happened in short), the rest to scroll."""

    def __init__(self, title: str, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        lines = text.splitlines()
        # The summary: the lines before the first section ("Gang:", "Name:").
        head = 1
        while head < len(lines) and not lines[head].endswith(":"):
            head += 1
        self.summary = QLabel("\n".join(lines[:head]))
        self.summary.setObjectName("report_summary")
        self.summary.setWordWrap(True)
        self.body = QPlainTextEdit("\n".join(lines[head:]))
        self.body.setObjectName("report_body")
        self.body.setReadOnly(True)
        self.body.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.body.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        buttons.accepted.connect(self.accept)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.body, 1)
        layout.addWidget(buttons)
        open_size(self, 720, 480)
