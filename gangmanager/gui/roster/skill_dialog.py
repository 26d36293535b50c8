"""Add a skill: from the ruleset's skill sets (the fighter type's sets first) or by name."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.common.screen_fit import open_size
from gangmanager.rules.gang import Fighter
from gangmanager.rules.ruleset import FighterType, Ruleset


def fighter_type(ruleset: Ruleset, house: str, type_name: str) -> FighterType | None:
    return ruleset.fighter_type(house or None, type_name)


class SkillDialog(QDialog):
    def __init__(
        self, fighter: Fighter, ruleset: Ruleset, house: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Add a skill to {fighter.name}")
        kind = fighter_type(ruleset, house, fighter.type)
        primary = set(kind.skill_sets_primary) if kind else set()
        secondary = set(kind.skill_sets_secondary) if kind else set()
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Skill", "Summary"])
        self.tree.setColumnWidth(0, 200)
        order = sorted(
            ruleset.skill_sets,
            key=lambda s: (s.name not in primary, s.name not in secondary, s.name),
        )
        for skill_set in order:
            access = (
                " (primary)"
                if skill_set.name in primary
                else " (secondary)"
                if skill_set.name in secondary
                else " (no access)"
                if kind is not None
                else ""
            )
            top = QTreeWidgetItem([skill_set.name + access])
            top.setFlags(top.flags() & ~Qt.ItemFlag.ItemIsSelectable)
            for skill in skill_set.skills:
                child = QTreeWidgetItem([skill.name, skill.summary])
                child.setToolTip(1, ruleset.rules_text_for(skill.name) or skill.summary)
                child.setData(0, Qt.ItemDataRole.UserRole, skill.name)
                if skill.name in fighter.skills:
                    child.setDisabled(True)
                top.addChild(child)
            self.tree.addTopLevelItem(top)
            top.setExpanded(skill_set.name in primary or skill_set.name in secondary)
        self.tree.currentItemChanged.connect(self._on_tree_current_item_changed)
        self.custom = QLineEdit()
        self.custom.setPlaceholderText("Or type any skill name")
        self.message = QLabel()
        self.message.setStyleSheet("color: #c62828;")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self._on_buttons_accepted)
        buttons.rejected.connect(self.reject)
        form = QFormLayout()
        form.addRow("&Name", self.custom)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tree)
        layout.addLayout(form)
        layout.addWidget(self.message)
        layout.addWidget(buttons)
        open_size(self, 620, 480)

    def _on_tree_current_item_changed(self, item: QTreeWidgetItem | None, _: object) -> None:
        name = item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None
        if name:
            self.custom.setText(str(name))

    def skill(self) -> str:
        return " ".join(self.custom.text().split())

    def _on_buttons_accepted(self) -> None:
        if not self.skill():
            self.message.setText("pick a skill or type its name")
            return
        self.accept()

    @classmethod
    def ask(
        cls, parent: QWidget | None, fighter: Fighter, ruleset: Ruleset, house: str
    ) -> str | None:
        dialog = cls(fighter, ruleset, house, parent)
        return dialog.skill() if dialog.exec() == QDialog.DialogCode.Accepted else None
