"""Wrap-up: who went Out of Action or was Seriously Injured, the succumb rolls, Lasting Injuries."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QLabel,
    QScrollArea,
    QSizePolicy,
    QWidget,
)

from gangmanager.gui.post_battle.roll_input import DiceListInput, RollInput
from gangmanager.gui.post_battle.step_page import StepPage
from gangmanager.rules.gang import Fighter, FighterStatus
from gangmanager.rules.injuries import (
    InjuryProblem,
    find_result,
    first_reroll,
    next_die,
    read_roll,
    suffer,
)
from gangmanager.rules.post_battle_draft import InjuryEntry, SuccumbEntry
from gangmanager.rules.ruleset import InjuryResult

if TYPE_CHECKING:
    from gangmanager.gui.post_battle.wizard import PostBattleWizard

HEADERS = (
    "Fighter",
    "Out of Action",
    "Seriously Injured",
    "Succumb (D6)",
    "Lasting Injury (D66)",
    "or pick the result",
    "Extra dice",
    "Result",
)
_FROM_ROLL = "(from the roll)"


class InjuryRow:
    """The widgets of one fighter's line."""

    def __init__(self, page: WrapUpPage, fighter: Fighter) -> None:
        host = page.host
        self.fighter = fighter
        self.name = QLabel(f"{fighter.name}\n{fighter.status.label}")
        self.out_of_action = QCheckBox()
        self.out_of_action.setAccessibleName(f"{fighter.name} went Out of Action")
        self.seriously_injured = QCheckBox()
        self.seriously_injured.setAccessibleName(f"{fighter.name} Seriously Injured at the end")
        for box in (self.out_of_action, self.seriously_injured):
            # Only the box itself reacts to a click: keep the widget its size.
            box.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.succumb = RollInput("D6", host.roll)
        self.injury = RollInput("D66", host.roll)
        self.pick = QComboBox()
        self.pick.addItem(_FROM_ROLL)
        self.pick.addItems([f"{r.roll} {r.name}" for r in host.ruleset.injuries])
        self.extra = DiceListInput(host.roll, self._needs, reroll=self._reroll)
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.result.setMinimumWidth(220)
        for signal in (
            self.out_of_action.toggled,
            self.seriously_injured.toggled,
            self.succumb.sig_changed,
            self.injury.sig_changed,
            self.pick.currentIndexChanged,
            self.extra.sig_changed,
        ):
            signal.connect(page.rows_changed)
        self._ruleset = host.ruleset

    def widgets(self) -> list[QWidget]:
        return [self.name, self.out_of_action, self.seriously_injured, self.succumb,
                self.injury, self.pick, self.extra, self.result]  # fmt: skip

    def chosen(self) -> InjuryResult | None:
        """The result picked by name, else the one the roll gives (None: not yet)."""
        if self.pick.currentIndex() > 0:
            return self._ruleset.injuries[self.pick.currentIndex() - 1]
        roll = self.injury.value()
        if roll is None:
            return None
        try:
            return read_roll(self._ruleset, roll)
        except InjuryProblem:
            return None

    def _needs(self, rolls: list[int]) -> str | None:
        result = self.chosen()
        return next_die(self._ruleset, result, rolls) if result is not None else None

    def _reroll(self, rolls: list[int]) -> int | None:
        result = self.chosen()
        return first_reroll(self._ruleset, result, rolls) if result is not None else None

    def load(self, succumb: SuccumbEntry | None, injury: InjuryEntry | None) -> None:
        self.seriously_injured.setChecked(succumb is not None)
        self.succumb.set_value(succumb.roll if succumb else None)
        self.out_of_action.setChecked(injury is not None)
        self.injury.set_value(injury.roll if injury else None)
        index = 0
        if injury is not None and injury.result is not None:
            try:
                found = find_result(self._ruleset, injury.result)
                index = self._ruleset.injuries.index(found) + 1
            except InjuryProblem:
                index = 0
        self.pick.setCurrentIndex(index)
        self.extra.set_values(injury.rolls if injury else [])
        self.update_enabled()

    def update_enabled(self) -> None:
        self.succumb.setEnabled(self.seriously_injured.isChecked())
        out = self.out_of_action.isChecked()
        self.injury.setEnabled(out and self.pick.currentIndex() == 0)
        self.pick.setEnabled(out)
        result = self.chosen() if out else None
        self.extra.setEnabled(
            out and result is not None and next_die(self._ruleset, result, []) is not None
        )
        self.result.setText(self._describe(result) if out else "")

    def _describe(self, result: InjuryResult | None) -> str:
        if result is None:
            roll = self.injury.value()
            return f"{roll} is not a D66 roll" if roll is not None else "roll or pick the result"
        missing = self.extra.missing()
        if missing:
            return f"{result.name}: needs a {missing} (extra dice)"
        rolls = self.extra.values()
        try:
            outcome = suffer(self._ruleset, self.fighter, result, rolls, roll=self.injury.value())
        except InjuryProblem as exc:
            return f"{result.name}: {exc}"
        # `suffer` took the dice it needed from `rolls`: anything left is one too many.
        return "; ".join(outcome.lines) + (" (dice left over)" if rolls else "")

    def entries(self) -> tuple[SuccumbEntry | None, InjuryEntry | None]:
        name = self.fighter.name
        succumb = (
            SuccumbEntry(fighter=name, roll=self.succumb.value())
            if self.seriously_injured.isChecked()
            else None
        )
        if not self.out_of_action.isChecked():
            return succumb, None
        picked = self.pick.currentIndex() > 0
        result = self._ruleset.injuries[self.pick.currentIndex() - 1].name if picked else None
        injury = InjuryEntry(
            fighter=name,
            roll=None if picked else self.injury.value(),
            result=result,
            rolls=self.extra.values(),
        )
        return succumb, injury


class WrapUpPage(StepPage):
    def __init__(self, host: PostBattleWizard, step_id: str, title: str, summary: str) -> None:
        super().__init__(host, step_id, title, summary)
        self.clear_recovery = QCheckBox("Clear last battle's Recovery and Convalescence")
        self.clear_recovery.setToolTip(
            "Fighters In Recovery or Convalescence since the last battle are fit again"
        )
        self.clear_recovery.toggled.connect(self._on_clear_recovery_toggled)
        hint = QLabel(
            "Tick who went Out of Action and who was Seriously Injured at the end (entered by"
            " hand when the battle was played elsewhere). A Seriously Injured fighter who"
            f" rolls {host.ruleset.post_battle_rules.succumb_on} or less counts as Out of Action."
        )
        hint.setWordWrap(True)
        grid_widget = QWidget()
        self.grid = QGridLayout(grid_widget)
        for column, header in enumerate(HEADERS):
            label = QLabel(f"<b>{header}</b>")
            self.grid.addWidget(label, 0, column)
        self.rows: list[InjuryRow] = []
        fighters = [
            f for f in host.gang.fighters
            if f.status not in (FighterStatus.DEAD, FighterStatus.CAPTURED)
        ]  # fmt: skip
        for line, fighter in enumerate(fighters, start=1):
            row = InjuryRow(self, fighter)
            self.rows.append(row)
            for column, widget in enumerate(row.widgets()):
                self.grid.addWidget(widget, line, column, Qt.AlignmentFlag.AlignTop)
        self.grid.setColumnStretch(len(HEADERS) - 1, 1)
        self.grid.setRowStretch(len(fighters) + 1, 1)
        scroll = QScrollArea()
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidgetResizable(True)
        scroll.setWidget(grid_widget)
        self.layout_.addWidget(self.clear_recovery)
        self.layout_.addWidget(hint)
        self.layout_.addWidget(scroll, 1)
        self.layout_.addWidget(self.status)

    def row(self, name: str) -> InjuryRow:
        return next(r for r in self.rows if r.fighter.name == name)

    def load(self) -> None:
        draft = self.host.draft
        self.clear_recovery.setChecked(draft.clear_recovery)
        key = str.casefold
        succumb = {key(e.fighter): e for e in draft.succumb}
        injuries = {key(e.fighter): e for e in draft.injuries}
        for row in self.rows:
            name = key(row.fighter.name)
            row.load(succumb.get(name), injuries.get(name))

    def refresh(self) -> None:
        for row in self.rows:
            row.update_enabled()
        self.show_problems(self.host.step_problems([self.step_id]), "Every roll is settled.")

    def rows_changed(self) -> None:
        if self._loading:
            return
        for row in self.rows:
            # A fighter who succumbs counts as Out of Action.
            roll = row.succumb.value()
            if (
                row.seriously_injured.isChecked()
                and roll is not None
                and roll <= self.host.ruleset.post_battle_rules.succumb_on
            ):
                row.out_of_action.blockSignals(True)
                row.out_of_action.setChecked(True)
                row.out_of_action.blockSignals(False)
            row.update_enabled()
        shown = {r.fighter.name.casefold() for r in self.rows}
        draft = self.host.draft
        succumb = [e for e in draft.succumb if e.fighter.casefold() not in shown]
        injuries = [e for e in draft.injuries if e.fighter.casefold() not in shown]
        for row in self.rows:
            rolled, injured = row.entries()
            if rolled is not None:
                succumb.append(rolled)
            if injured is not None:
                injuries.append(injured)
        self.edited(succumb=succumb, injuries=injuries)

    def _on_clear_recovery_toggled(self, checked: bool) -> None:
        self.edited(clear_recovery=checked)
