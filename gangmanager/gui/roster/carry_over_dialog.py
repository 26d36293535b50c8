"""Gang > Carry over to the 2026 edition...: the lines of what happens to each part of
the gang (rules/carry_over.py) in a table, a choice box on each line with no clear
mapping, and the new gang's name. Nothing is written here: OK hands the name and the
choices to the window, which runs `services.carry_over.CarryOverGang` (one undo step)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.common.rows_table_model import Column, RowsTableModel
from gangmanager.gui.common.screen_fit import open_size
from gangmanager.rules.carry_over import CarryOver, carry_over, default_name
from gangmanager.rules.carry_over_lines import CarryOverError, Line
from gangmanager.rules.gang import Gang
from gangmanager.rules.limits import MAX_GANG_NAME_CHARS
from gangmanager.rules.ruleset import Ruleset

# What each status looks like: a line to choose stands out, a dropped one is dimmed.
_STATUS_COLOURS = {"choose": "#b45309", "dropped": "#6b7280", "changed": "#1d4ed8"}
_KINDS = {"xp": "XP", "wargear": "Wargear", "advancement": "Advancement"}


@dataclass(frozen=True)
class CarryOverRequest:
    name: str
    choices: tuple[tuple[str, str], ...]


class CarryOverLinesModel(RowsTableModel[Line]):
    COLUMNS = (
        Column("Fighter", lambda line: line.fighter or "Gang"),
        Column("What", lambda line: _KINDS.get(line.kind, line.kind.capitalize())),
        Column("2023", lambda line: line.source),
        Column("2026", lambda line: line.target or "-"),
        Column("Status", lambda line: line.status),
        Column("Why", lambda line: line.why, tip=lambda line: line.why),
    )

    def cell(self, row: Line, column: int, role: int) -> object:
        colour = _STATUS_COLOURS.get(row.status)
        if role == Qt.ItemDataRole.ForegroundRole and colour is not None and column == 4:
            return QBrush(QColor(colour))
        return None


# The column a choice box sits in: the new value.
CHOICE_COLUMN = 3


class CarryOverDialog(QDialog):
    def __init__(
        self, gang: Gang, old: Ruleset, new: Ruleset, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Carry over to the 2026 edition: {gang.name}")
        self._gang, self._old, self._new = gang, old, new
        self._choices: dict[str, str] = {}
        self.name = QLineEdit(default_name(gang, new))
        self.name.setMaxLength(MAX_GANG_NAME_CHARS)
        self.name.editingFinished.connect(self._on_name_editing_finished)
        self.model = CarryOverLinesModel()
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        rows = self.table.verticalHeader()
        rows.setDefaultSectionSize(self.fontMetrics().height() + 10)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.summary = QLabel()
        self.message = QLabel()
        self.message.setStyleSheet("color: #c62828;")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Carry over")
        self.buttons.accepted.connect(self._on_buttons_accepted)
        self.buttons.rejected.connect(self.reject)
        self._lay_out()
        self.plan = self._planned()  # refuses a gang this pack does not carry over
        self._show(self.plan)
        open_size(self, 1200, 640)

    def _lay_out(self) -> None:
        intro = QLabel(
            "A new gang is made in the 2026 pack; this gang stays as it is. Lines marked"
            " 'choose' had no clear match: pick one in the 2026 column."
        )
        intro.setWordWrap(True)
        form = QFormLayout()
        form.addRow("New gang's &name", self.name)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.summary)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)

    def _planned(self) -> CarryOver:
        name = self.name.text().strip() or None
        return carry_over(self._gang, self._old, self._new, self._choices, name)

    def _show(self, plan: CarryOver) -> None:
        self.plan = plan
        self.model.set_rows(plan.lines)
        for row, line in enumerate(plan.lines):
            if line.status == "choose" and len(line.options) > 1:
                self.table.setIndexWidget(self.model.index(row, CHOICE_COLUMN), self._box(line))
        self._fit_columns()
        counts = {
            s: sum(1 for x in plan.lines if x.status == s)
            for s in ("kept", "changed", "dropped", "choose")
        }
        self.summary.setText(
            f"{len(plan.lines)} lines: {counts['kept']} kept, {counts['changed']} changed,"
            f" {counts['dropped']} dropped, {counts['choose']} to choose."
            f" Credits after: {plan.gang.credits}."
        )

    def _fit_columns(self) -> None:
        """Names and statuses as wide as they are; the values share what is left with
        the reason, which takes the rest (and shows whole in its tooltip)."""
        header = self.table.horizontalHeader()
        fit = QHeaderView.ResizeMode.ResizeToContents
        for column in (0, 1, 4):
            header.setSectionResizeMode(column, fit)
        for column in (2, CHOICE_COLUMN):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
            header.resizeSection(column, 230)
        header.setSectionResizeMode(5, QHeaderView.ResizeMode.Stretch)

    def _box(self, line: Line) -> QComboBox:
        box = QComboBox()
        box.addItems(list(line.options))
        box.setCurrentText(line.target)
        box.setAccessibleName(f"{line.fighter}: {line.source}")
        box.currentTextChanged.connect(partial(self._on_box_current_text_changed, line.key))
        return box

    def _on_box_current_text_changed(self, key: str, text: str) -> None:
        self._choices[key] = text
        self._replan()

    def _on_name_editing_finished(self) -> None:
        self._replan()

    def _replan(self) -> bool:
        try:
            plan = self._planned()
        except CarryOverError as exc:
            self.message.setText(str(exc))
            return False
        self.message.clear()
        self._show(plan)
        return True

    def _on_buttons_accepted(self) -> None:
        if self._replan():
            self.accept()

    def request(self) -> CarryOverRequest:
        return CarryOverRequest(self.plan.gang.name, tuple(self._choices.items()))

    @classmethod
    def ask(
        cls, parent: QWidget | None, gang: Gang, old: Ruleset, new: Ruleset
    ) -> CarryOverRequest | None:
        """The name and choices, or None when cancelled; CarryOverError for a gang the
        new pack does not carry over (before the dialog opens)."""
        dialog = cls(gang, old, new, parent)
        return dialog.request() if dialog.exec() == QDialog.DialogCode.Accepted else None
