"""Record a Lasting Injury by name: from the ruleset's table or typed (an import, a house rule).

The name alone changes no characteristic: that is a modifier. The dialog says
so, and offers to add the table entry's modifier in the same edit.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.common.screen_fit import open_size
from gangmanager.rules import roster_ops
from gangmanager.rules.gang import Fighter
from gangmanager.rules.modifiers import Modifier
from gangmanager.rules.ruleset import InjuryResult, Ruleset

NAME_ONLY_NOTE = (
    "This records the injury's name on the fighter card only. Its profile change is a"
    " modifier: tick the box below, or use Add modifier > Lasting Injury."
)


@dataclass(frozen=True)
class InjuryChoice:
    name: str
    # The table entry's modifier, when the player asked for it too.
    modifier: Modifier | None = None
    skill: str | None = None


def table_injury(ruleset: Ruleset, name: str) -> InjuryResult | None:
    wanted = name.strip().casefold()
    return next((i for i in ruleset.injuries if i.name.casefold() == wanted), None)


def injury_effect(injury: InjuryResult) -> str:
    """`BS: -1, gains Fearsome`, or '' when the entry changes nothing on the card."""
    parts = [f"{code}: {steps:+d}" for code, steps in injury.changes.items()]
    if injury.gains_skill:
        parts.append(f"gains {injury.gains_skill}")
    return ", ".join(parts)


class InjuryDialog(QDialog):
    def __init__(self, fighter: Fighter, ruleset: Ruleset, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Add a Lasting Injury to {fighter.name}")
        self._ruleset = ruleset
        # The injury's changes keep the codes of the fighter's statline only.
        self._table = ruleset.table_for(fighter.profile)
        self.table = QListWidget()
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(True)
        for injury in ruleset.injuries:
            effect = injury_effect(injury)
            item = QListWidgetItem(
                f"{injury.roll}  {injury.name}" + (f" ({effect})" if effect else "")
            )
            item.setToolTip(injury.summary)
            item.setData(Qt.ItemDataRole.UserRole, injury.name)
            self.table.addItem(item)
        self.table.currentItemChanged.connect(self._on_table_current_item_changed)
        self.name = QLineEdit()
        self.name.setPlaceholderText("Or type any injury name")
        self.name.textChanged.connect(self._on_name_text_changed)
        note = QLabel(NAME_ONLY_NOTE)
        note.setObjectName("name_only_note")
        note.setWordWrap(True)
        self.with_modifier = QCheckBox()
        self.with_modifier.setObjectName("with_modifier")
        self.message = QLabel()
        self.message.setStyleSheet("color: #c62828;")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._on_buttons_accepted)
        buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow("&Name", self.name)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("The ruleset's Lasting Injury table:"))
        layout.addWidget(self.table, 1)
        layout.addLayout(form)
        layout.addWidget(note)
        layout.addWidget(self.with_modifier)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        self._on_name_text_changed("")
        open_size(self, 560, 480)

    def _on_table_current_item_changed(self, item: QListWidgetItem | None, _: object) -> None:
        if item is not None:
            self.name.setText(str(item.data(Qt.ItemDataRole.UserRole)))

    def _on_name_text_changed(self, text: str) -> None:
        injury = table_injury(self._ruleset, text)
        effect = injury_effect(injury) if injury else ""
        self.with_modifier.setEnabled(bool(effect))
        if effect:
            self.with_modifier.setText(f"Also add its &modifier ({effect})")
        else:
            self.with_modifier.setChecked(False)
            self.with_modifier.setText(
                "Also add its &modifier (none: not a table entry that changes the card)"
                if text.strip()
                else "Also add its &modifier"
            )

    def choice(self) -> InjuryChoice | None:
        name = " ".join(self.name.text().split())
        if not name:
            return None
        injury = table_injury(self._ruleset, name)
        if injury is None or not self.with_modifier.isChecked():
            return InjuryChoice(name)
        modifier = roster_ops.injury_modifier(injury, self._table)
        return InjuryChoice(injury.name, modifier, injury.gains_skill)

    def _on_buttons_accepted(self) -> None:
        if self.choice() is None:
            self.message.setText("pick an injury or type its name")
            return
        self.accept()

    @classmethod
    def ask(cls, parent: QWidget | None, fighter: Fighter, ruleset: Ruleset) -> InjuryChoice | None:
        dialog = cls(fighter, ruleset, parent)
        return dialog.choice() if dialog.exec() == QDialog.DialogCode.Accepted else None
