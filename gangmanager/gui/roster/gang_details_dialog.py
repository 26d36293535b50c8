"""Edit a gang's name, credits, reputation, house-rules setting and notes (never its committed Gang Rating)."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QWidget,
)

from gangmanager.gui.common.messages import Messages
from gangmanager.gui.common.portrait_box import PortraitBox, pick_picture
from gangmanager.gui.common.screen_fit import open_size
from gangmanager.rules.gang import Gang
from gangmanager.rules.limits import MAX_AMOUNT, MAX_GANG_NAME_CHARS


class GangDetailsDialog(QDialog):
    def __init__(
        self, gang: Gang, parent: QWidget | None = None, messages: Messages | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Gang details: {gang.name}")
        self._gang = gang
        self.messages = messages or Messages(self)
        # The picture picked here ("portrait" in the changed fields: raw file bytes, or
        # None to clear); the window sets it with its own action (roster.SetPortrait).
        self._portrait: bytes | None = gang.portrait
        self.portrait = PortraitBox(96)
        self.portrait.set_portrait(gang.portrait)
        self.portrait.sig_pick.connect(self._on_portrait_sig_pick)
        self.portrait.sig_clear.connect(self._on_portrait_sig_clear)
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
        notes = QHBoxLayout()
        notes.addWidget(self.notes, 1)
        notes.addWidget(self.portrait)
        form.addRow("N&otes", notes)
        form.addRow(self.message)
        form.addRow(buttons)
        # What the boxes showed: only a field the player changed is written.
        self._shown = self._values()
        open_size(self)

    def _on_portrait_sig_pick(self) -> None:
        data = pick_picture(self.messages)
        if data is not None:
            self._portrait = data
            self.portrait.set_portrait(data)

    def _on_portrait_sig_clear(self) -> None:
        self._portrait = None
        self.portrait.set_portrait(None)

    def _values(self) -> dict[str, Any]:
        return {
            "portrait": self._portrait,
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
    def ask(
        cls, parent: QWidget | None, gang: Gang, messages: Messages | None = None
    ) -> dict[str, Any] | None:
        dialog = cls(gang, parent, messages)
        return dialog.changed_fields() if dialog.exec() == QDialog.DialogCode.Accepted else None
