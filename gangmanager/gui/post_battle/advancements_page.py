"""E: XP spent on advancements, at the table's costs (escalation, caps, the Ganger table)."""

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
from gangmanager.rules.advancement import (
    ROLLS_ON_GANGER_TABLE,
    SPECIALIST,
    AdvancementProblem,
    advancement_label,
    allowed_sets,
    ganger_result,
    xp_cost,
)
from gangmanager.rules.gang import Fighter, FighterStatus
from gangmanager.rules.post_battle_draft import AdvancementEntry
from gangmanager.rules.weapons import trait_key

if TYPE_CHECKING:
    from gangmanager.gui.post_battle.wizard import PostBattleWizard


class AdvancementsPage(StepPage):
    def __init__(self, host: PostBattleWizard, step_id: str, title: str, summary: str) -> None:
        super().__init__(host, step_id, title, summary)
        box = QGroupBox("Buy an advancement")
        self.fighter = QComboBox()
        self.advancement = QComboBox()
        self.roll = RollInput("2D6", host.roll)
        self.roll.setToolTip("Gangers and Exotic Beasts roll 2D6 on the Ganger table")
        self.skill = QComboBox()
        self.skill.setToolTip("The skill gained (for a random one, roll at the table and pick it)")
        self.buy = QPushButton("&Buy advancement")
        self.explain = QLabel()
        self.explain.setWordWrap(True)
        form = QFormLayout(box)
        form.addRow("Fighter:", self.fighter)
        form.addRow("Ganger table roll:", self.roll)
        form.addRow("Advancement:", self.advancement)
        form.addRow("Skill:", self.skill)
        form.addRow("", self.buy)
        form.addRow(self.explain)
        self.xp_left = QLabel()
        self.xp_left.setWordWrap(True)
        form.addRow(self.xp_left)
        self.bought = EntryList("Advancements bought")
        bought = QGroupBox("Bought this time")
        QVBoxLayout(bought).addWidget(self.bought)
        row = QHBoxLayout()
        row.addWidget(box, 1)
        row.addWidget(bought, 1)
        self.layout_.addLayout(row, 1)
        self.layout_.addWidget(self.status)
        self.fighter.currentIndexChanged.connect(self._on_fighter_current_index_changed)
        self.roll.sig_changed.connect(self._on_roll_sig_changed)
        self.advancement.currentIndexChanged.connect(self._on_advancement_current_index_changed)
        self.buy.clicked.connect(self._on_buy_clicked)
        self.bought.sig_remove_requested.connect(self._on_bought_remove_requested)

    def _rolls_on_table(self, fighter: Fighter | None) -> bool:
        return (
            fighter is not None
            and fighter.category in ROLLS_ON_GANGER_TABLE
            and bool(self.host.ruleset.ganger_advancements)
        )

    def load(self) -> None:
        gang, _ = self.host.preview("advancements")
        names = [
            f.name
            for f in gang.fighters
            if f.status not in (FighterStatus.DEAD, FighterStatus.CAPTURED)
        ]
        current = self.fighter.currentText()
        self.fighter.blockSignals(True)
        self.fighter.clear()
        for fighter in gang.fighters:
            if fighter.name in names:
                self.fighter.addItem(
                    f"{fighter.name} ({fighter.category.label}, {fighter.xp} XP)", fighter.name
                )
        index = self.fighter.findData(current)
        self.fighter.setCurrentIndex(max(0, index))
        self.fighter.blockSignals(False)
        self._on_fighter_current_index_changed(0)

    def refresh(self) -> None:
        self.bought.set_lines([self._line(e) for e in self.host.draft.advancements])
        gang, _ = self.host.preview("advancements")
        self.xp_left.setText(
            "XP left after these advancements:\n"
            + "\n".join(
                f"  {f.name} ({f.category.label}): {f.xp} XP"
                for f in gang.fighters
                if f.status not in (FighterStatus.DEAD, FighterStatus.CAPTURED)
            )
        )
        self.show_problems(self.host.step_problems([self.step_id]), "")

    def _line(self, entry: AdvancementEntry) -> str:
        found = self.host.ruleset.advancement(entry.advancement)
        fighter = self.host.gang.fighter(entry.fighter)
        name = (
            advancement_label(self.host.ruleset, fighter, entry.advancement)
            if fighter is not None
            else entry.advancement
        )
        if entry.roll and name == "Ganger table":
            option = (
                "Promoted to Specialist"
                if entry.advancement.casefold() == SPECIALIST
                else (found.name if found is not None else entry.advancement)
            )
            name = f"Ganger table {entry.roll}: {option}"
        skill = f" ({entry.skill})" if entry.skill else ""
        return f"{entry.fighter}: {name}{skill}"

    def _on_fighter_current_index_changed(self, _index: int) -> None:
        fighter = self._current_by_data()
        table = self._rolls_on_table(fighter)
        self.roll.setEnabled(table)
        self.roll.set_value(None)
        self._fill_advancements(fighter)

    def _current_by_data(self) -> Fighter | None:
        """The fighter as they stand with the advancements already in the draft."""
        gang, _ = self.host.preview("advancements")
        name = self.fighter.currentData()
        return gang.fighter(str(name)) if name is not None else None

    def _on_roll_sig_changed(self) -> None:
        self._fill_advancements(self._current_by_data())

    def _fill_advancements(self, fighter: Fighter | None) -> None:
        ruleset = self.host.ruleset
        self.advancement.blockSignals(True)
        self.advancement.clear()
        if fighter is not None and self._rolls_on_table(fighter):
            roll = self.roll.value()
            if roll is None:
                self.explain.setText(
                    f"{fighter.category.label}s roll 2D6 on the Ganger table"
                    f" ({ruleset.post_battle_rules.ganger_advance_xp} XP); {fighter.name} has {fighter.xp} XP."
                )
            else:
                try:
                    row = ganger_result(ruleset, roll)
                except AdvancementProblem as exc:
                    self.explain.setText(str(exc))
                else:
                    for option in row.options:
                        found = ruleset.advancement(option)
                        label = found.name if found is not None else "Promoted to Specialist"
                        self.advancement.addItem(f"{label} (+{row.credits} credits)", option)
                    self.explain.setText(f"Ganger table {roll}: {row.name}.")
        elif fighter is not None:
            for advancement in ruleset.advancements:
                if advancement.categories and fighter.category not in advancement.categories:
                    continue
                cost = xp_cost(fighter, advancement)
                self.advancement.addItem(
                    f"{advancement.name} ({cost} XP, +{advancement.credits} credits)",
                    advancement.id,
                )
            self.explain.setText(f"{fighter.name} has {fighter.xp} XP to spend.")
        self.advancement.blockSignals(False)
        self._on_advancement_current_index_changed(0)

    def _on_advancement_current_index_changed(self, _index: int) -> None:
        ruleset = self.host.ruleset
        fighter = self._current_by_data()
        option = str(self.advancement.currentData() or "")
        chosen = ruleset.advancement(option)
        self.skill.clear()
        problem = ""
        # A skill advancement, or the random Primary skill a promotion to Specialist brings.
        access = (
            "primary"
            if option.casefold() == SPECIALIST
            else (chosen.skill if chosen is not None else None)
        )
        if fighter is not None and access is not None:
            try:
                allowed = self._allowed_sets(fighter, access)
            except AdvancementProblem as exc:
                allowed, problem = set(), str(exc)
            if not problem:
                for skill_set in ruleset.skill_sets:
                    if allowed and trait_key(skill_set.name) not in allowed:
                        continue
                    for skill in skill_set.skills:
                        self.skill.addItem(f"{skill_set.name}: {skill.name}", skill.name)
        self.skill.setEnabled(self.skill.count() > 0)
        missing = self._xp_missing(fighter, option)
        if missing:
            problem = f"Not enough XP: {missing} more needed." + (f" {problem}" if problem else "")
        self.buy.setEnabled(self.advancement.count() > 0 and not problem)
        self.buy.setToolTip(problem)
        if problem:
            self.explain.setText(problem)

    def _xp_missing(self, fighter: Fighter | None, option: str) -> int:
        """How much XP the fighter lacks for the option chosen (0: enough)."""
        if fighter is None or not option:
            return 0
        ruleset = self.host.ruleset
        if self._rolls_on_table(fighter):
            cost = ruleset.post_battle_rules.ganger_advance_xp
        else:
            chosen = ruleset.advancement(option)
            if chosen is None:
                return 0
            cost = xp_cost(fighter, chosen)
        return max(0, cost - fighter.xp)

    def _allowed_sets(self, fighter: Fighter, kind: str) -> set[str]:
        """Set names the fighter may take `kind` from (empty: any set)."""
        if kind == "any_random" or self.host.gang.house_rules_ignore_restrictions:
            return set()
        sets = allowed_sets(self.host.ruleset, self.host.gang.house, fighter, kind)
        return {trait_key(s) for s in sets}

    def _on_buy_clicked(self) -> None:
        fighter = self._current_by_data()
        option = self.advancement.currentData()
        if fighter is None or option is None:
            return
        entry = AdvancementEntry(
            fighter=fighter.name,
            advancement=str(option),
            roll=self.roll.value() if self._rolls_on_table(fighter) else None,
            skill=self.skill.currentData() if self.skill.isEnabled() else None,
        )
        self.edited(advancements=[*self.host.draft.advancements, entry])
        self.load()

    def _on_bought_remove_requested(self, row: int) -> None:
        kept = list(self.host.draft.advancements)
        del kept[row]
        self.edited(advancements=kept)
        self.load()
