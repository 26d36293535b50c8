"""Post-battle actions: Medical Escorts for Critical fighters, captives sold."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.post_battle.entry_list import EntryList
from gangmanager.gui.post_battle.roll_input import DiceListInput, RollInput
from gangmanager.gui.post_battle.step_page import StepPage
from gangmanager.rules.gang import Category, FighterStatus
from gangmanager.rules.injuries import InjuryProblem, next_die, read_roll
from gangmanager.rules.post_battle_draft import CaptiveSale, MedicalEscortEntry

if TYPE_CHECKING:
    from gangmanager.gui.post_battle.wizard import PostBattleWizard

_NOBODY = "(not named)"


class EscortRow:
    """A Critical fighter and the Medical Escort taken for them."""

    def __init__(self, page: ActionsPage, name: str, escorts: list[str]) -> None:
        host = page.host
        self.name = name
        self._ruleset = host.ruleset
        rules = self._rules = host.ruleset.post_battle_rules
        self.label = QLabel(name)
        self.taken = QCheckBox("Medical Escort")
        self.escort = QComboBox()
        self.escort.addItems([_NOBODY, *escorts])
        self.escort.setToolTip("The Leader or Champion who takes them (optional)")
        self.fee = RollInput("2D6", host.roll)
        self.fee.setToolTip(f"The fee: 2D6 x {rules.escort_fee_per_pip} credits")
        self.outcome = RollInput("D6", host.roll)
        self.outcome.setToolTip(
            f"{rules.escort_dies_on} or less: dies; {rules.escort_full_recovery_on} or more: full"
            " recovery; in between: stabilised with a new Lasting Injury and in Recovery"
        )
        self.injury = RollInput("D66", host.roll)
        self.extra = DiceListInput(host.roll, self._needs)
        self.result = QLabel()
        self.result.setWordWrap(True)
        for signal in (
            self.taken.toggled,
            self.escort.currentIndexChanged,
            self.fee.sig_changed,
            self.outcome.sig_changed,
            self.injury.sig_changed,
            self.extra.sig_changed,
        ):
            signal.connect(page.rows_changed)

    def widgets(self) -> list[QWidget]:
        return [self.label, self.taken, self.escort, self.fee, self.outcome, self.injury,
                self.extra, self.result]  # fmt: skip

    def _needs(self, rolls: list[int]) -> str | None:
        roll = self.injury.value()
        try:
            result = read_roll(self._ruleset, roll) if roll is not None else None
        except InjuryProblem:
            return None
        return next_die(self._ruleset, result, rolls) if result is not None else None

    def load(self, entry: MedicalEscortEntry | None) -> None:
        self.taken.setChecked(entry is not None)
        self.escort.setCurrentIndex(
            max(0, self.escort.findText(entry.escort or _NOBODY)) if entry else 0
        )
        self.fee.set_value(entry.cost_roll if entry else None)
        self.outcome.set_value(entry.roll if entry else None)
        self.injury.set_value(entry.injury_roll if entry else None)
        self.extra.set_values(entry.rolls if entry else [])
        self.update_enabled()

    def update_enabled(self) -> None:
        taken = self.taken.isChecked()
        for widget in (self.escort, self.fee, self.outcome):
            widget.setEnabled(taken)
        outcome = self.outcome.value()
        rules = self._rules
        stabilised = (
            taken
            and outcome is not None
            and rules.escort_dies_on < outcome < rules.escort_full_recovery_on
        )
        self.injury.setEnabled(stabilised)
        self.extra.setEnabled(stabilised and self._needs([]) is not None)
        fee = self.fee.value()
        text = "dies at clean house without an escort"
        if taken:
            text = f"fee {fee * rules.escort_fee_per_pip} credits" if fee else "roll the fee"
            if outcome is not None:
                text += "; " + (
                    "dies" if outcome <= rules.escort_dies_on
                    else "full recovery" if outcome >= rules.escort_full_recovery_on
                    else "stabilised, In Recovery"
                )  # fmt: skip
        self.result.setText(text)

    def entry(self) -> MedicalEscortEntry | None:
        if not self.taken.isChecked():
            return None
        escort = self.escort.currentText()
        return MedicalEscortEntry(
            fighter=self.name,
            escort=None if escort == _NOBODY else escort,
            cost_roll=self.fee.value(),
            roll=self.outcome.value(),
            injury_roll=self.injury.value(),
            rolls=self.extra.values(),
        )


class ActionsPage(StepPage):
    def __init__(self, host: PostBattleWizard, step_id: str, title: str, summary: str) -> None:
        super().__init__(host, step_id, title, summary)
        self.escort_box = QGroupBox("Medical Escort for Critical fighters")
        self.escort_grid = QGridLayout(self.escort_box)
        self.rows: list[EscortRow] = []
        self.none_critical = QLabel("Nobody is Critical after the Wrap-up.")
        captives = QGroupBox("Captives sold to the guilders (half their value)")
        self.captive_name = QLineEdit()
        self.captive_name.setPlaceholderText("captive's name")
        self.captive_value = QSpinBox()
        self.captive_value.setRange(0, 10_000)
        self.captive_value.setSuffix(" credits (value)")
        self.sell = QPushButton("&Sell captive")
        self.captive_list = EntryList("Captives sold")
        form = QHBoxLayout()
        form.addWidget(self.captive_name, 1)
        form.addWidget(self.captive_value)
        form.addWidget(self.sell)
        column = QVBoxLayout(captives)
        column.addLayout(form)
        column.addWidget(self.captive_list)
        self.layout_.addWidget(self.escort_box)
        self.layout_.addWidget(captives, 1)
        self.layout_.addWidget(self.status)
        self.sell.clicked.connect(self._on_sell_clicked)
        self.captive_list.sig_remove_requested.connect(self._on_captive_list_remove_requested)

    def _escorts(self) -> list[str]:
        gang, _ = self.host.preview("wrap_up")
        return [
            f.name for f in gang.fighters
            if f.category in (Category.LEADER, Category.CHAMPION)
            and f.status is FighterStatus.ACTIVE
        ]  # fmt: skip

    def load(self) -> None:
        while self.escort_grid.count():
            item = self.escort_grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        gang, _ = self.host.preview("wrap_up")
        critical = [f.name for f in gang.fighters if f.status is FighterStatus.CRITICAL]
        entries = {e.fighter.casefold(): e for e in self.host.draft.medical_escorts}
        self.rows = []
        headers = ("Fighter", "", "Escort", "Fee (2D6)", "Outcome (D6)", "New injury (D66)",
                   "Extra dice", "")  # fmt: skip
        if critical:
            for column, header in enumerate(headers):
                self.escort_grid.addWidget(QLabel(f"<b>{header}</b>"), 0, column)
        else:
            self.none_critical = QLabel("Nobody is Critical after the Wrap-up.")
            self.escort_grid.addWidget(self.none_critical, 0, 0)
        escorts = self._escorts()
        for line, name in enumerate(critical, start=1):
            row = EscortRow(self, name, escorts)
            row.load(entries.get(name.casefold()))
            self.rows.append(row)
            for column, widget in enumerate(row.widgets()):
                self.escort_grid.addWidget(widget, line, column)
        self.escort_grid.setColumnStretch(7, 1)
        self._show_captives()

    def _show_captives(self) -> None:
        self.captive_list.set_lines(
            [f"{c.name}: value {c.value}, sold for {c.value // 2} credits"
             for c in self.host.draft.captives_sold]
        )  # fmt: skip

    def refresh(self) -> None:
        for row in self.rows:
            row.update_enabled()
        gang, _ = self.host.preview("post_battle_actions")
        self.show_problems(
            self.host.step_problems([self.step_id]), f"Credits after this step: {gang.credits}."
        )

    def rows_changed(self) -> None:
        if self._loading:
            return
        shown = {r.name.casefold() for r in self.rows}
        kept = [e for e in self.host.draft.medical_escorts if e.fighter.casefold() not in shown]
        kept += [e for e in (r.entry() for r in self.rows) if e is not None]
        self.edited(medical_escorts=kept)

    def _on_sell_clicked(self) -> None:
        name = self.captive_name.text().strip()
        if not name:
            self.captive_name.setFocus()
            return
        sale = CaptiveSale(name=name, value=self.captive_value.value())
        self.edited(captives_sold=[*self.host.draft.captives_sold, sale])
        self.captive_name.clear()
        self._show_captives()

    def _on_captive_list_remove_requested(self, row: int) -> None:
        captives = list(self.host.draft.captives_sold)
        del captives[row]
        self.edited(captives_sold=captives)
        self._show_captives()
