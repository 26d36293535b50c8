"""The dialogs of the campaign actions: New campaign, Add gang, Remove gang, Record battle,
Assign territory.

Each dialog collects plain values and hands them to an `attempt` callable
(the window runs the service call there). A refusal is shown inside the
dialog, which stays open with everything typed; it closes only once the
action is done. Tests replace `ask` to answer without a dialog.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QDate, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.common.screen_fit import open_size
from gangmanager.rules.default_ruleset import DEFAULT_RULESET
from gangmanager.rules.limits import MAX_COUNT
from gangmanager.services.rulesets import Rulesets

T = TypeVar("T")
# Runs the action with the dialog's values: None when done, else the refusal to show.
Attempt = Callable[[T], str | None]


class _ActionDialog(QDialog, Generic[T]):
    """A form, a line for the refusal, OK and Cancel; OK closes only when the action ran."""

    def __init__(self, parent: QWidget | None, title: str, attempt: Attempt[T]) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self._attempt = attempt
        self.form = QFormLayout()
        self.refusal_label = QLabel()
        self.refusal_label.setWordWrap(True)
        self.refusal_label.setStyleSheet("color: #b00020;")
        self.refusal_label.hide()
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self._on_buttons_accepted)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.refusal_label)
        layout.addWidget(self.buttons)

    def exec(self) -> int:
        # Sized when shown: the forms built on this one add their rows after __init__.
        open_size(self)
        return super().exec()

    def values(self) -> T:
        raise NotImplementedError

    def _on_buttons_accepted(self) -> None:
        refusal = self._attempt(self.values())
        if refusal is None:
            self.accept()
            return
        self.refusal_label.setText(refusal)
        self.refusal_label.show()


# ------------------------------------------------------------------ New campaign


@dataclass(frozen=True)
class NewCampaign:
    name: str
    ruleset_id: str
    type_id: str


class NewCampaignDialog(_ActionDialog[NewCampaign]):
    def __init__(self, parent: QWidget | None, rulesets: Rulesets, attempt: Attempt[NewCampaign]):
        super().__init__(parent, "New campaign", attempt)
        self._rulesets = rulesets
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText("Ash Wars")
        self.ruleset_combo = QComboBox()
        for ruleset_id in rulesets.ids():
            ruleset = rulesets.get(ruleset_id)
            if ruleset.campaign_types:
                self.ruleset_combo.addItem(ruleset.name, ruleset_id)
        self.type_combo = QComboBox()
        self.form.addRow("&Name:", self.name_edit)
        self.form.addRow("&Ruleset:", self.ruleset_combo)
        self.form.addRow("&Type:", self.type_combo)
        self.ruleset_combo.currentIndexChanged.connect(self._on_ruleset_combo_changed)
        found = self.ruleset_combo.findData(DEFAULT_RULESET)
        self.ruleset_combo.setCurrentIndex(max(found, 0))
        self._on_ruleset_combo_changed()

    def _on_ruleset_combo_changed(self, _index: int = 0) -> None:
        self.type_combo.clear()
        ruleset_id = self.ruleset_combo.currentData()
        if ruleset_id is None:
            return
        for ctype in self._rulesets.get(ruleset_id).campaign_types:
            self.type_combo.addItem(ctype.name, ctype.id)

    def values(self) -> NewCampaign:
        return NewCampaign(
            self.name_edit.text(),
            str(self.ruleset_combo.currentData() or ""),
            str(self.type_combo.currentData() or ""),
        )

    @classmethod
    def ask(cls, parent: QWidget | None, rulesets: Rulesets, attempt: Attempt[NewCampaign]) -> bool:
        return bool(cls(parent, rulesets, attempt).exec())


# ------------------------------------------------------------------ a gang in or out


@dataclass(frozen=True)
class GangChoice:
    gang_id: int
    outlaw: bool = False


class GangDialog(_ActionDialog[GangChoice]):
    """Pick one gang: one to enter (with Outlaw) or one to take out."""

    def __init__(
        self,
        parent: QWidget | None,
        title: str,
        gangs: Sequence[tuple[int, str]],
        attempt: Attempt[GangChoice],
        *,
        outlaw: bool,
    ) -> None:
        super().__init__(parent, title, attempt)
        self.gang_combo = QComboBox()
        for gang_id, name in gangs:
            self.gang_combo.addItem(name, gang_id)
        self.form.addRow("&Gang:", self.gang_combo)
        self.outlaw_box = QCheckBox("An &Outlaw gang")
        if outlaw:
            self.form.addRow("", self.outlaw_box)
        else:
            self.outlaw_box.hide()

    def values(self) -> GangChoice:
        return GangChoice(int(self.gang_combo.currentData() or 0), self.outlaw_box.isChecked())

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        title: str,
        gangs: Sequence[tuple[int, str]],
        attempt: Attempt[GangChoice],
        *,
        outlaw: bool = False,
    ) -> bool:
        return bool(cls(parent, title, gangs, attempt, outlaw=outlaw).exec())


# ------------------------------------------------------------------ Record battle


@dataclass(frozen=True)
class BattleEntry:
    """Gangs are given by id (as text, what the service's gang references accept)."""

    gangs: list[str]
    winner: str | None = None
    scenario: str = ""
    territory: str | None = None
    out_of_action: dict[str, int] = field(default_factory=dict)
    fought_on: date | None = None
    # The battle tracker's battle this record follows (linked in the campaign).
    battle_id: int | None = None


@dataclass(frozen=True)
class TrackedBattle:
    """An ended two-gang battle of the tracker, not yet recorded: what it already knows."""

    battle_id: int
    gang_ids: tuple[int, int]
    scenario: str
    # Enemies each gang took Out of Action, by gang id.
    out_of_action: dict[int, int]


class RecordBattleDialog(_ActionDialog[BattleEntry]):
    def __init__(
        self,
        parent: QWidget | None,
        members: Sequence[tuple[int, str]],
        territories: Sequence[tuple[str, str | None]],
        attempt: Attempt[BattleEntry],
        tracked: TrackedBattle | None = None,
    ) -> None:
        super().__init__(parent, "Record battle", attempt)
        self.tracked = tracked
        grid = QGridLayout()
        grid.addWidget(QLabel("Fought"), 0, 0)
        grid.addWidget(QLabel("Enemies taken Out of Action"), 0, 1)
        self.fought: dict[int, QCheckBox] = {}
        self.out_of_action: dict[int, QSpinBox] = {}
        for row, (gang_id, name) in enumerate(members, start=1):
            box = QCheckBox(name)
            spin = QSpinBox()
            spin.setRange(0, MAX_COUNT)
            spin.setAccessibleName(f"{name}: enemies taken Out of Action")
            grid.addWidget(box, row, 0)
            grid.addWidget(spin, row, 1)
            self.fought[gang_id] = box
            self.out_of_action[gang_id] = spin
        gangs_box = QWidget()
        gangs_box.setLayout(grid)
        self.form.addRow("&Gangs:", gangs_box)
        self.winner_combo = QComboBox()
        self.winner_combo.addItem("Draw (no winner)", None)
        for gang_id, name in members:
            self.winner_combo.addItem(name, gang_id)
        self.form.addRow("&Winner:", self.winner_combo)
        self.scenario_edit = QLineEdit()
        self.form.addRow("&Scenario:", self.scenario_edit)
        self.territory_combo = QComboBox()
        self.territory_combo.addItem("None at stake", None)
        for name, holder in territories:
            self.territory_combo.addItem(f"{name} ({holder or 'unclaimed'})", name)
        self.form.addRow("&Territory at stake:", self.territory_combo)
        self.date_edit = QDateEdit(QDate.currentDate())
        self.date_edit.setCalendarPopup(True)
        self.date_edit.setDisplayFormat("yyyy-MM-dd")
        self.form.addRow("&Date:", self.date_edit)
        if tracked is not None:
            # Filled in from the tracker: only the winner and the territory are asked for.
            for gang_id in tracked.gang_ids:
                if gang_id in self.fought:
                    self.fought[gang_id].setChecked(True)
                    self.out_of_action[gang_id].setValue(tracked.out_of_action.get(gang_id, 0))
            self.scenario_edit.setText(tracked.scenario)
            note = QLabel(
                f"From tracked battle {tracked.battle_id}: the gangs, the scenario and who"
                " went Out of Action are filled in; pick the winner and the territory."
            )
            note.setWordWrap(True)
            self.form.insertRow(0, note)

    def values(self) -> BattleEntry:
        fought = [gid for gid, box in self.fought.items() if box.isChecked()]
        winner = self.winner_combo.currentData()
        territory = self.territory_combo.currentData()
        when = self.date_edit.date()
        return BattleEntry(
            gangs=[str(gid) for gid in fought],
            winner=str(winner) if winner is not None else None,
            scenario=self.scenario_edit.text(),
            territory=str(territory) if territory is not None else None,
            out_of_action={
                str(gid): self.out_of_action[gid].value()
                for gid in fought
                if self.out_of_action[gid].value()
            },
            fought_on=date(when.year(), when.month(), when.day()),
            battle_id=self.tracked.battle_id if self.tracked is not None else None,
        )

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        members: Sequence[tuple[int, str]],
        territories: Sequence[tuple[str, str | None]],
        attempt: Attempt[BattleEntry],
        tracked: TrackedBattle | None = None,
    ) -> bool:
        return bool(cls(parent, members, territories, attempt, tracked).exec())


# ------------------------------------------------------------------ Assign territory


@dataclass(frozen=True)
class Assignment:
    territory: str
    # The new holder's id as text; None frees the territory.
    gang: str | None


class AssignTerritoryDialog(_ActionDialog[Assignment]):
    def __init__(
        self,
        parent: QWidget | None,
        members: Sequence[tuple[int, str]],
        territories: Sequence[tuple[str, str | None]],
        attempt: Attempt[Assignment],
    ) -> None:
        super().__init__(parent, "Assign territory", attempt)
        self.territory_combo = QComboBox()
        for name, holder in territories:
            self.territory_combo.addItem(f"{name} ({holder or 'unclaimed'})", name)
        self.gang_combo = QComboBox()
        self.gang_combo.addItem("Nobody (unclaimed)", None)
        for gang_id, name in members:
            self.gang_combo.addItem(name, gang_id)
        self.form.addRow("&Territory:", self.territory_combo)
        self.form.addRow("&Give to:", self.gang_combo)
        note = QLabel("The arbitrator's tool: no phase rule is checked.")
        note.setTextFormat(Qt.TextFormat.PlainText)
        self.form.addRow("", note)

    def values(self) -> Assignment:
        gang: Any = self.gang_combo.currentData()
        return Assignment(
            str(self.territory_combo.currentData() or ""), str(gang) if gang is not None else None
        )

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        members: Sequence[tuple[int, str]],
        territories: Sequence[tuple[str, str | None]],
        attempt: Attempt[Assignment],
    ) -> bool:
        return bool(cls(parent, members, territories, attempt).exec())
