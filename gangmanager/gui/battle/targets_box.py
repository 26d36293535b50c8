"""The Attack... dialog's extra targets: other fighters the same attack hits.

Rapid Fire hits after the first may go to fighters near the first target (the
player checks each and says how many hits); a template or Blast marker hits
everyone it touches. House-b's Knockback asks whether the target was stopped
by an obstruction. What is chosen becomes the attack event's `targets`,
`obstructed` and `knockback_distance` keys; the rules resolve them.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from gangmanager.rules.attack_traits import counted_hits
from gangmanager.rules.battle_state import BattleState, FighterTrack, ProfileTrack
from gangmanager.rules.ruleset import Mechanic

# Rows shown before the table scrolls.
_ROWS_SHOWN = 3


class TargetsBox(QGroupBox):
    # A target checked or its hits changed, or the obstruction: the odds follow.
    sig_changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("More targets of this attack", parent)
        self.table = QTableWidget(0, 2)
        self.table.setAccessibleName("More targets")
        self.table.setHorizontalHeaderLabels(["Also hit", "Hits"])
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.itemChanged.connect(self._on_table_item_changed)
        self.obstructed_check = QCheckBox("Knockback: stopped by an obstruction")
        self.obstructed_check.setAccessibleName("Stopped by an obstruction")
        self.distance_spin = QSpinBox()
        self.distance_spin.setRange(-1, 24)
        self.distance_spin.setSpecialValueText("as the weapon says")
        self.distance_spin.setValue(-1)
        self.distance_spin.setSuffix('"')
        self.distance_spin.setAccessibleName("Knockback Distance")
        self.obstructed_check.toggled.connect(self._on_input_changed)
        self.distance_spin.valueChanged.connect(self._on_input_changed)
        knockback = QHBoxLayout()
        knockback.addWidget(self.obstructed_check)
        knockback.addWidget(self.distance_spin)
        knockback.addStretch()
        self._knockback_row = QWidget()
        self._knockback_row.setLayout(knockback)
        knockback.setContentsMargins(0, 0, 0, 0)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table)
        layout.addWidget(self._knockback_row)
        self._labels: list[str] = []
        self._spins: list[QSpinBox] = []

    def offer(
        self,
        state: BattleState,
        attacker: FighterTrack,
        target: str | None,
        profile: ProfileTrack | None,
        two_gangs: bool,
    ) -> None:
        """The fighters who may also be hit (kept checked across a change of target)."""
        several = profile is not None and (
            counted_hits(profile) or profile.has(Mechanic.RAPID_FIRE)
        )
        pushes = profile is not None and profile.has(Mechanic.KNOCKBACK_DISTANCE)
        self.table.setVisible(several)
        self._knockback_row.setVisible(pushes)
        self.setVisible(several or pushes)
        chosen = dict(self.chosen()) if several else {}
        # The opposing gang first, as in the target list: a hit on a friend is the exception.
        others = sorted(
            (f for f in state.fighters if f is not attacker and not f.out_of_action),
            key=lambda f: f.gang == attacker.gang,
        )
        labels = [f"{f.gang}/{f.name}" if two_gangs else f.name for f in others]
        labels = [label for label in labels if label != target]
        if labels == self._labels and several:
            return
        self.table.blockSignals(True)
        for spin in self._spins:
            spin.hide()  # deleted later by the table; never painted meanwhile
        self.table.setRowCount(len(labels))
        self._labels, self._spins = labels, []
        for row, label in enumerate(labels):
            item = QTableWidgetItem(label)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(
                Qt.CheckState.Checked if label in chosen else Qt.CheckState.Unchecked
            )
            self.table.setItem(row, 0, item)
            spin = QSpinBox()
            spin.setRange(1, 20)
            spin.setValue(chosen.get(label, 1))
            spin.setAccessibleName(f"Hits on {label}")
            spin.valueChanged.connect(self._on_input_changed)
            self.table.setCellWidget(row, 1, spin)
            self._spins.append(spin)
        self.table.blockSignals(False)
        shown = min(len(labels), _ROWS_SHOWN)
        self.table.setFixedHeight(
            self.table.horizontalHeader().sizeHint().height()
            + shown * self.table.verticalHeader().defaultSectionSize()
            + 2 * self.table.frameWidth()
        )
        if not pushes:
            self.obstructed_check.blockSignals(True)
            self.obstructed_check.setChecked(False)
            self.obstructed_check.blockSignals(False)

    def chosen(self) -> list[tuple[str, int]]:
        """The fighters checked and the hits each takes."""
        if self.table.isHidden():
            return []
        return [
            (label, self._spins[row].value())
            for row, label in enumerate(self._labels)
            if (item := self.table.item(row, 0)) is not None
            and item.checkState() is Qt.CheckState.Checked
        ]

    def event_keys(self) -> dict[str, Any]:
        """`targets`, `obstructed` and `knockback_distance` for the attack event."""
        keys: dict[str, Any] = {}
        chosen = self.chosen()
        if chosen:
            keys["targets"] = [{"fighter": label, "hits": hits} for label, hits in chosen]
        if not self._knockback_row.isHidden() and self.obstructed_check.isChecked():
            keys["obstructed"] = True
            if self.distance_spin.value() >= 0:
                keys["knockback_distance"] = self.distance_spin.value()
        return keys

    def _on_table_item_changed(self, _: QTableWidgetItem) -> None:
        self.sig_changed.emit()

    def _on_input_changed(self, _: object = None) -> None:
        self.sig_changed.emit()
