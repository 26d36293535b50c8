"""Edit a gang's name, credits, reputation, house-rules setting and notes (never its committed Gang Rating)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
)

from gangmanager.gui.common.screen_fit import open_size
from gangmanager.rules.gang import Gang
from gangmanager.rules.limits import MAX_AMOUNT, MAX_GANG_NAME_CHARS


class GangDetailsDialog(QDialog):
    def __init__(self, gang: Gang, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Gang details: {gang.name}")
        self._gang = gang
        self.name = QLineEdit(gang.name)
        self.name.setMaxLength(MAX_GANG_NAME_CHARS)
        self.credits = QSpinBox()
        self.credits.setRange(0, MAX_AMOUNT)
        self.credits.setValue(gang.credits)
        self.credits.setSuffix(" credits")
        self.reputation = QSpinBox()
        self.reputation.setRange(1, MAX_AMOUNT)
        self.reputation.setValue(gang.reputation)
        self.house_rules = QCheckBox("House rules: ignore list and access restrictions")
        self.house_rules.setObjectName("house_rules_ignore_restrictions")
        self.house_rules.setToolTip(
            "For groups that house-rule: any fighter may buy any item at any time, with any"
            " number of weapons, and take any skill. Refusals are shown as notes instead."
        )
        self.house_rules.setChecked(gang.house_rules_ignore_restrictions)
        self.notes = QPlainTextEdit(gang.notes)
        self.message = QLabel()
        self.message.setStyleSheet("color: #c62828;")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._on_buttons_accepted)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow("&Name", self.name)
        form.addRow("&Credits", self.credits)
        form.addRow("&Reputation", self.reputation)
        form.addRow("", self.house_rules)
        form.addRow("N&otes", self.notes)
        form.addRow(self.message)
        form.addRow(buttons)
        # What the boxes showed: only a field the player changed is written.
        self._shown = self._values()
        open_size(self)

    def _values(self) -> dict[str, Any]:
        return {
            "name": " ".join(self.name.text().split()),
            "credits": self.credits.value(),
            "reputation": self.reputation.value(),
            "notes": self.notes.toPlainText(),
            "house_rules_ignore_restrictions": self.house_rules.isChecked(),
        }

    def changed_fields(self) -> dict[str, Any]:
        return {k: v for k, v in self._values().items() if v != self._shown[k]}

    def _on_buttons_accepted(self) -> None:
        if not self.name.text().strip():
            self.message.setText("a gang needs a name")
            return
        self.accept()

    @classmethod
    def ask(cls, parent: QWidget | None, gang: Gang) -> dict[str, Any] | None:
        dialog = cls(gang, parent)
        return dialog.changed_fields() if dialog.exec() == QDialog.DialogCode.Accepted else None
