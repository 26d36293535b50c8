"""Vehicle damage: each Wrecked vehicle's Lasting Damage (D6) and its crew's Lasting Injury (D66)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel, QWidget

from gangmanager.gui.post_battle.roll_input import DiceListInput, RollInput
from gangmanager.gui.post_battle.step_page import StepPage
from gangmanager.rules.dice import is_d66
from gangmanager.rules.gang import Fighter
from gangmanager.rules.injuries import InjuryProblem, first_reroll, next_die, suffer
from gangmanager.rules.post_battle_draft import (
    CrewInjuryEntry,
    LastingDamageEntry,
    PostBattleDraft,
)
from gangmanager.rules.post_battle_steps.vehicle_damage import as_injury, rattle
from gangmanager.rules.vehicle_rules import VehicleRules, VehicleTableRow

if TYPE_CHECKING:
    from gangmanager.gui.post_battle.wizard import PostBattleWizard

HEADERS = (
    "Vehicle",
    "Lasting Damage (D6)",
    "or pick the result",
    "Crew injury (D66)",
    "or pick the result",
    "Extra dice",
    "Result",
)
_FROM_ROLL = "(from the roll)"


def wrecked_names(draft: PostBattleDraft) -> list[str]:
    """The vehicles the draft asks rolls for, in the draft's order, each once."""
    names: list[str] = []
    asked = [e.fighter for e in draft.lasting_damage] + [e.fighter for e in draft.crew_injuries]
    for name in asked:
        if name.casefold() not in {n.casefold() for n in names}:
            names.append(name)
    return names


def _pick(rows: list[VehicleTableRow]) -> QComboBox:
    combo = QComboBox()
    # Narrower than the longest result, so the page fits a 1024 px screen.
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(14)
    combo.addItem(_FROM_ROLL)
    combo.addItems([f"{r.roll} {r.name}" for r in rows])
    return combo


def _index_of(rows: list[VehicleTableRow], name: str | None) -> int:
    """The combo index of the result named (0: from the roll)."""
    if name is None:
        return 0
    key = name.casefold()
    return next((i + 1 for i, r in enumerate(rows) if r.name.casefold() == key), 0)


class VehicleRow:
    """The widgets of one Wrecked vehicle's line."""

    def __init__(
        self, page: VehicleDamagePage, fighter: Fighter, rules: VehicleRules | None
    ) -> None:
        host = page.host
        self.fighter = fighter
        self.rules = rules
        self._ruleset = host.ruleset
        self.name = QLabel(fighter.name)
        self.damage = RollInput("D6", host.roll)
        self.damage.setAccessibleName(f"{fighter.name} Lasting Damage roll")
        damage_rows = rules.lasting_damage.table if rules else []
        crew_rows = rules.crew_injuries if rules else []
        self.damage_pick = _pick(damage_rows)
        self.crew = RollInput("D66", host.roll)
        self.crew.setAccessibleName(f"{fighter.name} crew Lasting Injury roll")
        self.crew_pick = _pick(crew_rows)
        self.extra = DiceListInput(host.roll, self._needs, reroll=self._reroll)
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.result.setMinimumWidth(200)
        self.result.setTextFormat(Qt.TextFormat.PlainText)
        for signal in (
            self.damage.sig_changed,
            self.damage_pick.currentIndexChanged,
            self.crew.sig_changed,
            self.crew_pick.currentIndexChanged,
            self.extra.sig_changed,
        ):
            signal.connect(page.rows_changed)

    def widgets(self) -> list[QWidget]:
        return [self.name, self.damage, self.damage_pick, self.crew, self.crew_pick,
                self.extra, self.result]  # fmt: skip

    # ------------------------------------------------------------------ reading the rows

    def damage_row(self) -> VehicleTableRow | None:
        if self.rules is None:
            return None
        table = self.rules.lasting_damage
        if self.damage_pick.currentIndex() > 0:
            return table.table[self.damage_pick.currentIndex() - 1]
        roll = self.damage.value()
        return table.row(roll + rattle(self.rules, self.fighter)) if roll is not None else None

    def crew_row(self) -> VehicleTableRow | None:
        if self.rules is None:
            return None
        if self.crew_pick.currentIndex() > 0:
            return self.rules.crew_injuries[self.crew_pick.currentIndex() - 1]
        roll = self.crew.value()
        return self.rules.crew_injury(roll) if roll is not None and is_d66(roll) else None

    def _needs(self, rolls: list[int]) -> str | None:
        row = self.crew_row()
        return next_die(self._ruleset, as_injury(row), rolls) if row is not None else None

    def _reroll(self, rolls: list[int]) -> int | None:
        row = self.crew_row()
        return first_reroll(self._ruleset, as_injury(row), rolls) if row is not None else None

    # ------------------------------------------------------------------ draft in, draft out

    def load(self, damage: LastingDamageEntry | None, crew: CrewInjuryEntry | None) -> None:
        self.damage.set_value(damage.roll if damage else None)
        self.damage_pick.setCurrentIndex(
            _index_of(self.rules.lasting_damage.table, damage.result)
            if damage is not None and self.rules is not None
            else 0
        )
        self.crew.set_value(crew.roll if crew else None)
        self.crew_pick.setCurrentIndex(
            _index_of(self.rules.crew_injuries, crew.result)
            if crew is not None and self.rules is not None
            else 0
        )
        self.extra.set_values(crew.rolls if crew else [])
        self.update_enabled()

    def entries(self) -> tuple[LastingDamageEntry, CrewInjuryEntry]:
        name = self.fighter.name
        damage_picked = self.damage_row() if self.damage_pick.currentIndex() > 0 else None
        crew_picked = self.crew_row() if self.crew_pick.currentIndex() > 0 else None
        damage = LastingDamageEntry(
            fighter=name,
            roll=None if damage_picked else self.damage.value(),
            result=damage_picked.name if damage_picked else None,
        )
        crew = CrewInjuryEntry(
            fighter=name,
            roll=None if crew_picked else self.crew.value(),
            result=crew_picked.name if crew_picked else None,
            rolls=self.extra.values(),
        )
        return damage, crew

    # ------------------------------------------------------------------ the preview

    def update_enabled(self) -> None:
        self.damage.setEnabled(self.damage_pick.currentIndex() == 0)
        self.crew.setEnabled(self.crew_pick.currentIndex() == 0)
        crew = self.crew_row()
        self.extra.setEnabled(
            crew is not None and next_die(self._ruleset, as_injury(crew), []) is not None
        )
        self.result.setText(f"{self._describe_damage()}\n{self._describe_crew(crew)}")

    def _describe_damage(self) -> str:
        if self.rules is None:
            return f"{self.fighter.name} is no vehicle"
        row = self.damage_row()
        if row is None:
            roll = self.damage.value()
            if roll is None:
                return "Lasting Damage: roll or pick the result"
            total = roll + rattle(self.rules, self.fighter)
            return f"Lasting Damage: a total of {total} is on no row of the table"
        extra = rattle(self.rules, self.fighter)
        rolled = self.damage_pick.currentIndex() == 0
        added = f" (+{extra} for earlier damage)" if extra and rolled else ""
        try:
            outcome = suffer(self._ruleset, self.fighter, as_injury(row), [])
        except InjuryProblem as exc:
            return f"Lasting Damage: {row.name}: {exc}"
        return f"Lasting Damage{added}: " + "; ".join(outcome.lines)

    def _describe_crew(self, row: VehicleTableRow | None) -> str:
        if row is None:
            roll = self.crew.value()
            if roll is None:
                return "Crew: roll or pick the result"
            return f"Crew: {roll} is not on the crew injury table"
        missing = self.extra.missing()
        if missing:
            return f"Crew: {row.name}: needs a {missing} (extra dice)"
        rolls = self.extra.values()
        try:
            outcome = suffer(
                self._ruleset, self.fighter, as_injury(row), rolls, roll=self.crew.value()
            )
        except InjuryProblem as exc:
            return f"Crew: {row.name}: {exc}"
        return "Crew: " + "; ".join(outcome.lines) + (" (dice left over)" if rolls else "")


class VehicleDamagePage(StepPage):
    """Shown only when the draft asks rolls of a Wrecked vehicle (the wizard leaves it out else)."""

    def __init__(self, host: PostBattleWizard, step_id: str, title: str, summary: str) -> None:
        super().__init__(host, step_id, title, summary)
        hint = QLabel(
            "Each vehicle Wrecked in the battle rolls a D6 on the Lasting Damage table (its"
            " earlier Persistent Rattles add to the roll), and its crew a D66 on the crew's"
            " Lasting Injury table. Type what you rolled, press Roll, or pick the result."
        )
        hint.setWordWrap(True)
        self.grid_widget = QWidget()
        self.grid = QGridLayout(self.grid_widget)
        for column, header in enumerate(HEADERS):
            self.grid.addWidget(QLabel(f"<b>{header}</b>"), 0, column)
        self.grid.setColumnStretch(HEADERS.index("Result"), 1)
        self.rows: list[VehicleRow] = []
        for name in wrecked_names(host.draft):
            fighter = host.gang.fighter(name)
            if fighter is None:
                continue  # the step names the unknown vehicle among the problems
            row = VehicleRow(self, fighter, host.ruleset.vehicle_rules_for(fighter.profile))
            for column, widget in enumerate(row.widgets()):
                self.grid.addWidget(widget, len(self.rows) + 1, column, Qt.AlignmentFlag.AlignTop)
            self.rows.append(row)
        self.grid.setRowStretch(len(self.rows) + 1, 1)
        self.layout_.addWidget(hint)
        self.layout_.addWidget(self.grid_widget, 1)
        self.layout_.addWidget(self.status)

    def row(self, name: str) -> VehicleRow:
        found = next((r for r in self.rows if r.fighter.name.casefold() == name.casefold()), None)
        if found is None:
            raise KeyError(name)
        return found

    def load(self) -> None:
        draft = self.host.draft
        damage = {e.fighter.casefold(): e for e in draft.lasting_damage}
        crew = {e.fighter.casefold(): e for e in draft.crew_injuries}
        for row in self.rows:
            key = row.fighter.name.casefold()
            row.load(damage.get(key), crew.get(key))

    def refresh(self) -> None:
        for row in self.rows:
            row.update_enabled()
        self.show_problems(self.host.step_problems([self.step_id]), "Every roll is settled.")

    def rows_changed(self) -> None:
        if self._loading:
            return
        shown = {r.fighter.name.casefold() for r in self.rows}
        draft = self.host.draft
        damage = [e for e in draft.lasting_damage if e.fighter.casefold() not in shown]
        crew = [e for e in draft.crew_injuries if e.fighter.casefold() not in shown]
        # Only the rolls the draft asks for: a pack may damage a vehicle without its crew.
        asks_damage = {e.fighter.casefold() for e in draft.lasting_damage}
        asks_crew = {e.fighter.casefold() for e in draft.crew_injuries}
        for row in self.rows:
            rolled, injured = row.entries()
            key = row.fighter.name.casefold()
            if key in asks_damage:
                damage.append(rolled)
            if key in asks_crew:
                crew.append(injured)
        self.edited(lasting_damage=damage, crew_injuries=crew)
