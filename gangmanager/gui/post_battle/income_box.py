"""Collect income in a campaign: one row per territory's income, its dice typed in or rolled."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.post_battle.roll_input import DiceListInput
from gangmanager.rules.campaign import IncomeReport
from gangmanager.rules.post_battle_campaign import IncomeDice
from gangmanager.rules.post_battle_draft import TerritoryIncome

HEADERS = ("Territory", "Income", "Dice", "Dice rolled", "Credits", "Note")


class IncomeRow:
    """The widgets of one income line."""

    def __init__(self, box: CampaignIncomeBox, line: IncomeDice, roller: Callable[[str], int]):
        self.line = line
        self.name = QLabel(line.territory)
        self.name.setToolTip(line.summary)
        self.expression = QLabel(line.expression or "entered")
        self.expression.setToolTip(line.summary)
        self.count: QSpinBox | None = None
        if line.max_dice is not None and line.count_min:
            self.count = QSpinBox()
            self.count.setRange(line.count_min, line.max_dice)
            self.count.setValue(max(line.count_min, min(line.count, line.max_dice)))
            self.count.setSuffix(" dice")
            self.count.setAccessibleName(f"Dice to roll for {line.territory}")
            self.count.valueChanged.connect(box.user_changed)
        self.dice: DiceListInput | None = None
        self.entered: QSpinBox | None = None
        if line.manual:
            self.entered = QSpinBox()
            self.entered.setRange(0, 10_000)
            self.entered.setSuffix(" credits")
            self.entered.setAccessibleName(f"Income entered for {line.territory}")
            self.entered.valueChanged.connect(box.user_changed)
        elif line.count:
            self.dice = DiceListInput(roller, self._needs)
            self.dice.edit.setPlaceholderText(
                f"{line.count} x {line.kind}" if line.count > 1 else line.kind
            )
            self.dice.edit.setAccessibleName(f"{line.territory} income dice")
            self.dice.sig_changed.connect(box.user_changed)
        self.amount = QLabel("-")
        self.note = QLabel()
        self.note.setWordWrap(True)

    def _needs(self, rolls: list[int]) -> str | None:
        return self.line.kind if len(rolls) < self.line.count else None

    def widgets(self) -> list[QWidget | None]:
        placeholder = None if self.dice or self.entered else QLabel("-")
        return [
            self.name,
            self.expression,
            self.count,
            self.dice or self.entered or placeholder,
            self.amount,
            self.note,
        ]


class CampaignIncomeBox(QGroupBox):
    """Rebuilt when the lines change (a territory won, more dice chosen); edits emit
    `sig_changed` and `value()` is the draft's `territory_income`."""

    sig_changed = Signal()

    def __init__(self, roller: Callable[[str], int], parent: QWidget | None = None) -> None:
        super().__init__("Income from the campaign's territories", parent)
        self._roller = roller
        self.rows: list[IncomeRow] = []
        self._shape: list[IncomeDice] | None = None
        self._loading = False
        explain = QLabel(
            "Type the dice you rolled for each territory, or press Roll. The credits are"
            " worked out as Finish will add them; a territory won at Assign territory"
            " gives its income already."
        )
        explain.setWordWrap(True)
        self.struck_off = QSpinBox()
        self.struck_off.setRange(0, 99)
        self.struck_off.setMaximumWidth(120)
        self.struck_off.setAccessibleName("Fighters struck off a roster in this battle")
        self.captives = QSpinBox()
        self.captives.setRange(0, 99)
        self.captives.setMaximumWidth(120)
        self.captives.setAccessibleName("Captives put to work")
        self.counts = QFormLayout()
        self.counts.addRow(
            "Fighters struck off a roster in this battle, either side:", self.struck_off
        )
        self.counts.addRow("Captives put to work instead of sold:", self.captives)
        self.grid = QGridLayout()
        self.total = QLabel()
        layout = QVBoxLayout(self)
        layout.addWidget(explain)
        layout.addLayout(self.counts)
        layout.addLayout(self.grid)
        layout.addWidget(self.total)
        self.struck_off.valueChanged.connect(self.user_changed)
        self.captives.valueChanged.connect(self.user_changed)

    def row(self, territory: str) -> IncomeRow:
        wanted = territory.casefold()
        return next(r for r in self.rows if r.line.territory.casefold() == wanted)

    def set_lines(self, lines: list[IncomeDice], income: TerritoryIncome) -> None:
        """Show these lines with the draft's values (widgets rebuilt only if the lines changed)."""
        self._loading = True
        try:
            if lines != self._shape:
                self._rebuild(lines)
            self._show(income)
        finally:
            self._loading = False

    def _rebuild(self, lines: list[IncomeDice]) -> None:
        self._shape = list(lines)
        while self.grid.count():
            item = self.grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.rows = [IncomeRow(self, line, self._roller) for line in lines]
        if not self.rows:
            self.grid.addWidget(QLabel("The gang holds no territory that gives income."), 0, 0)
            return
        for column, title in enumerate(HEADERS):
            self.grid.addWidget(QLabel(f"<b>{title}</b>"), 0, column)
        for number, row in enumerate(self.rows, start=1):
            for column, widget in enumerate(row.widgets()):
                if widget is not None:
                    self.grid.addWidget(widget, number, column)
        self.grid.setColumnStretch(len(HEADERS) - 1, 1)
        pers = {line.per for line in lines}
        self._show_count(self.struck_off, "deleted_fighter" in pers)
        self._show_count(self.captives, "captive" in pers)

    def _show_count(self, spin: QSpinBox, shown: bool) -> None:
        spin.setVisible(shown)
        label = self.counts.labelForField(spin)
        if label is not None:
            label.setVisible(shown)

    def _show(self, income: TerritoryIncome) -> None:
        self.struck_off.setValue(income.struck_off)
        self.captives.setValue(income.captives)
        rolls = {k.casefold(): v for k, v in income.rolls.items()}
        entered = {k.casefold(): v for k, v in income.entered.items()}
        for row in self.rows:
            key = row.line.territory.casefold()
            # Left as typed when it reads the same ("4 2" stays while "4, 2" is stored).
            if row.dice is not None and row.dice.values() != rolls.get(key, []):
                row.dice.set_values(rolls.get(key, []))
            if row.entered is not None:
                row.entered.setValue(entered.get(key, 0))
            if row.count is not None:
                row.count.setValue(row.line.count)

    def show_report(self, report: IncomeReport | None) -> None:
        """The credits of each line and the total, once every die is in."""
        lines = {line.territory.casefold(): line for line in report.lines} if report else {}
        for row in self.rows:
            found = lines.get(row.line.territory.casefold())
            row.amount.setText(str(found.amount) if found is not None else "-")
            row.note.setText(found.note if found is not None and found.note else "")
        self.total.setText(
            f"Total income: {report.total} credits" if report is not None else "Total income: -"
        )

    def value(self) -> TerritoryIncome:
        rolls: dict[str, list[int]] = {}
        dice: dict[str, int] = {}
        entered: dict[str, int] = {}
        for row in self.rows:
            name = row.line.territory
            if row.dice is not None and row.dice.values():
                rolls[name] = row.dice.values()
            if row.count is not None:
                dice[name] = row.count.value()
            if row.entered is not None and row.entered.value():
                entered[name] = row.entered.value()
        return TerritoryIncome(
            rolls=rolls,
            dice=dice,
            entered=entered,
            struck_off=self.struck_off.value(),
            captives=self.captives.value(),
        )

    def user_changed(self) -> None:
        if not self._loading:
            self.sig_changed.emit()
