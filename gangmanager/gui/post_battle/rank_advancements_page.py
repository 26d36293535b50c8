"""A ranks pack's (n26) Update Roster: the advancements owed at the ranks reached, taken
here (XP is never spent). The player rolls 2D6 at the table, takes any result at or below
it, and the page notes the roll; each taken advancement lowers what is owed by one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
)

from gangmanager.gui.post_battle.entry_list import EntryList
from gangmanager.gui.post_battle.roll_input import RollInput
from gangmanager.gui.post_battle.step_page import StepPage
from gangmanager.gui.roster.owed_choice import fill_advancements, fill_skills
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.post_battle_draft import AdvancementEntry
from gangmanager.rules.rank_advancements import owed

if TYPE_CHECKING:
    from gangmanager.gui.post_battle.wizard import PostBattleWizard


class RankAdvancementsPage(StepPage):
    def __init__(self, host: PostBattleWizard, step_id: str, title: str, summary: str) -> None:
        super().__init__(host, step_id, title, summary)
        self.owed_list = QLabel()
        self.owed_list.setWordWrap(True)
        self.owed_list.setAccessibleName("Advancements owed")
        owed_box = QGroupBox("Owed (each rank begun owes one; XP is kept)")
        QVBoxLayout(owed_box).addWidget(self.owed_list)
        box = QGroupBox("Take an advancement")
        self.fighter = QComboBox()
        self.fighter.setAccessibleName("Fighter")
        self.roll = RollInput("2D6", host.roll)
        self.roll.setToolTip("Roll 2D6: any result at or below the roll may be taken")
        self.roll.setAccessibleName("Advancement roll")
        self.advancement = QComboBox()
        self.advancement.setAccessibleName("Advancement")
        self.skill = QComboBox()
        self.skill.setAccessibleName("Skill")
        self.skill.setToolTip("The skill gained (for a random one, roll at the table and pick it)")
        self.take = QPushButton("&Take advancement")
        self.explain = QLabel()
        self.explain.setWordWrap(True)
        form = QFormLayout(box)
        form.addRow("Fighter:", self.fighter)
        form.addRow("Advancement roll:", self.roll)
        form.addRow("Advancement:", self.advancement)
        form.addRow("Skill:", self.skill)
        form.addRow("", self.take)
        form.addRow(self.explain)
        self.taken = EntryList("Advancements taken")
        taken_box = QGroupBox("Taken this time")
        QVBoxLayout(taken_box).addWidget(self.taken)
        left = QVBoxLayout()
        left.addWidget(owed_box)
        left.addWidget(box, 1)
        row = QHBoxLayout()
        row.addLayout(left, 1)
        row.addWidget(taken_box, 1)
        self.layout_.addLayout(row, 1)
        self.layout_.addWidget(self.status)
        self.fighter.currentIndexChanged.connect(self._on_fighter_current_index_changed)
        self.advancement.currentIndexChanged.connect(self._on_advancement_current_index_changed)
        self.take.clicked.connect(self._on_take_clicked)
        self.taken.sig_remove_requested.connect(self._on_taken_remove_requested)

    def _after(self) -> Gang:
        """The gang with the advancements already taken in the draft."""
        return self.host.preview(self.step_id)[0]

    def load(self) -> None:
        gang = self._after()
        current = self.fighter.currentData()
        self.fighter.blockSignals(True)
        self.fighter.clear()
        for fighter in gang.fighters:
            count = owed(self.host.ruleset, gang.house, fighter)
            if count:
                self.fighter.addItem(
                    f"{fighter.name} ({count} owed, {fighter.xp} XP)", fighter.name
                )
        self.fighter.setCurrentIndex(max(0, self.fighter.findData(current)))
        self.fighter.blockSignals(False)
        self._on_fighter_current_index_changed(0)

    def refresh(self) -> None:
        self.taken.set_lines([self._line(e) for e in self.host.draft.advancements])
        gang = self._after()
        progression = self.host.ruleset.progression
        lines = []
        for fighter in gang.fighters:
            rank = progression.rank_for(fighter.xp)
            title = rank.name if rank is not None else "no rank"
            count = owed(self.host.ruleset, gang.house, fighter)
            lines.append(f"{fighter.name}: {title}, {fighter.xp} XP, {count} owed")
        self.owed_list.setText("\n".join(lines) or "No fighters.")
        self.show_problems(self.host.step_problems([self.step_id]), "")

    def _line(self, entry: AdvancementEntry) -> str:
        found = self.host.ruleset.advancement(entry.advancement)
        name = found.name if found is not None else entry.advancement
        roll = f" (rolled {entry.roll})" if entry.roll else ""
        skill = f": {entry.skill}" if entry.skill else ""
        return f"{entry.fighter}: {name}{skill}{roll}"

    def _current(self) -> Fighter | None:
        name = self.fighter.currentData()
        return self._after().fighter(str(name)) if name is not None else None

    def _on_fighter_current_index_changed(self, _index: int) -> None:
        fighter = self._current()
        self.advancement.blockSignals(True)
        self.advancement.clear()
        if fighter is not None:
            fill_advancements(self.advancement, self.host.ruleset, fighter)
            self.explain.setText(
                f"{fighter.name} keeps all {fighter.xp} XP; taking one costs none."
            )
        else:
            self.explain.setText("No advancement is owed now (those taken are listed beside).")
        self.advancement.blockSignals(False)
        self.roll.setEnabled(fighter is not None)
        self._on_advancement_current_index_changed(0)

    def _on_advancement_current_index_changed(self, _index: int) -> None:
        fighter = self._current()
        chosen = self.host.ruleset.advancement(str(self.advancement.currentData() or ""))
        problem = ""
        if fighter is not None and chosen is not None:
            problem = fill_skills(self.skill, self.host.ruleset, self.host.gang, fighter, chosen)
        else:
            self.skill.clear()
            self.skill.setEnabled(False)
        self.take.setEnabled(fighter is not None and chosen is not None and not problem)
        self.take.setToolTip(problem)
        if problem:
            self.explain.setText(problem)

    def _on_take_clicked(self) -> None:
        fighter = self._current()
        option = self.advancement.currentData()
        if fighter is None or option is None:
            return
        entry = AdvancementEntry(
            fighter=fighter.name,
            advancement=str(option),
            roll=self.roll.value(),
            skill=self.skill.currentData() if self.skill.isEnabled() else None,
        )
        self.edited(advancements=[*self.host.draft.advancements, entry])
        self.roll.set_value(None)
        self.load()

    def _on_taken_remove_requested(self, row: int) -> None:
        kept = list(self.host.draft.advancements)
        del kept[row]
        self.edited(advancements=kept)
        self.load()
