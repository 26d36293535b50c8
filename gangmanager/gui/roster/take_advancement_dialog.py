"""Take an advancement a ranks pack (n26) owes a fighter, outside the post-battle: which
one of the pack's list, and the skill for a skill advancement. XP is not spent."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.common.screen_fit import open_size
from gangmanager.gui.roster.owed_choice import fill_advancements, fill_skills
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.rank_advancements import owed
from gangmanager.rules.ruleset import Ruleset


@dataclass(frozen=True)
class TakenChoice:
    advancement: str
    skill: str | None


class TakeAdvancementDialog(QDialog):
    def __init__(
        self, fighter: Fighter, ruleset: Ruleset, gang: Gang, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Take an advancement for {fighter.name}")
        self._fighter, self._ruleset, self._gang = fighter, ruleset, gang
        rank = ruleset.progression.rank_for(fighter.xp)
        count = owed(ruleset, gang.house, fighter)
        self.owed = QLabel(
            f"{fighter.name}: {rank.name if rank else 'no rank'}, {fighter.xp} XP,"
            f" {count} advancement{'s' if count != 1 else ''} owed. Taking one spends no XP;"
            " roll 2D6 at the table and take any result at or below the roll."
        )
        self.owed.setWordWrap(True)
        self.advancement = QComboBox()
        self.advancement.setAccessibleName("Advancement")
        fill_advancements(self.advancement, ruleset, fighter)
        self.skill = QComboBox()
        self.skill.setAccessibleName("Skill")
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        form = QFormLayout()
        form.addRow("Advancement:", self.advancement)
        form.addRow("Skill:", self.skill)
        layout = QVBoxLayout(self)
        layout.addWidget(self.owed)
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        self.advancement.currentIndexChanged.connect(self._on_advancement_current_index_changed)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._on_advancement_current_index_changed(0)
        open_size(self, 420)

    def _on_advancement_current_index_changed(self, _index: int) -> None:
        chosen = self._ruleset.advancement(str(self.advancement.currentData() or ""))
        problem = ""
        if chosen is not None:
            problem = fill_skills(self.skill, self._ruleset, self._gang, self._fighter, chosen)
        else:
            self.skill.clear()
            self.skill.setEnabled(False)
        self.problem.setText(problem)
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(chosen is not None and not problem)

    def choice(self) -> TakenChoice:
        skill = self.skill.currentData() if self.skill.isEnabled() else None
        return TakenChoice(str(self.advancement.currentData()), skill)

    @classmethod
    def ask(
        cls, parent: QWidget | None, fighter: Fighter, ruleset: Ruleset, gang: Gang
    ) -> TakenChoice | None:
        dialog = cls(fighter, ruleset, gang, parent)
        return dialog.choice() if dialog.exec() == QDialog.DialogCode.Accepted else None
