"""Questions and refusals shown to the player; tests replace `tell` and `ask` on the instance."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

from gangmanager.gui.common.report_dialog import SHORT_LINES, ReportDialog

TITLE = "Gang Manager"


class Messages:
    """One per main window, shared by its panels and editors.

    `tell` shows a refusal; `ask` offers a few choices and returns the one
    picked (None when the box is closed); `open_path`/`save_path` ask for a
    file. Everything the player is refused or asked goes through here, so a
    test can record and answer it.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        self.parent = parent

    def tell(self, text: str, title: str = TITLE) -> None:
        QMessageBox.warning(self.parent, title, text)

    def ask(self, text: str, choices: Sequence[str], title: str = TITLE) -> str | None:
        """`choices[0]` is the default; the last one is what Escape picks (Cancel)."""
        box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=self.parent)
        buttons = [
            box.addButton(
                choice,
                QMessageBox.ButtonRole.RejectRole
                if i == len(choices) - 1 and len(choices) > 1
                else QMessageBox.ButtonRole.AcceptRole,
            )
            for i, choice in enumerate(choices)
        ]
        box.setDefaultButton(buttons[0])
        box.setEscapeButton(buttons[-1])
        box.exec()
        clicked = box.clickedButton()
        return next((c for c, b in zip(choices, buttons, strict=True) if b is clicked), None)

    def confirm(self, text: str, yes: str, title: str = TITLE) -> bool:
        return self.ask(text, [yes, "Cancel"], title) == yes

    def inform(self, text: str, title: str = TITLE) -> None:
        """News that is not a refusal (an import report); a long one scrolls."""
        if len(text.splitlines()) > SHORT_LINES:
            ReportDialog(title, text, self.parent).exec()
            return
        QMessageBox.information(self.parent, title, text)

    def open_path(self, title: str, filters: str, folder: str = "") -> Path | None:
        path, _ = QFileDialog.getOpenFileName(self.parent, title, folder, filters)
        return Path(path) if path else None

    def save_path(self, title: str, filters: str, suggested: str = "") -> Path | None:
        path, _ = QFileDialog.getSaveFileName(self.parent, title, suggested, filters)
        return Path(path) if path else None
