"""One End phase test (Bottle, Cool check, Recovery, Rally): "I rolled these" or "Roll for me".

The tests come from `rules.battle_end_phase.waiting`; the dialog only adds
what the player tells about the table: a friend assisting a Recovery test,
the friends near a Broken fighter trying to Rally.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QCheckBox, QDialog, QSpinBox, QWidget

from gangmanager.gui.battle.roll_dialog import RollDialog
from gangmanager.gui.common.screen_fit import open_size
from gangmanager.rules.battle_end_phase import EndTest
from gangmanager.rules.battle_events import BattleEvent, parse_event
from gangmanager.rules.dice import Dice
from gangmanager.rules.ruleset import Ruleset

_TITLES = {
    "bottle_test": "Bottle test",
    "cool_check": "Cool check",
    "recovery_test": "Recovery test",
    "rally_test": "Rally test",
}


class EndTestDialog(RollDialog):
    def __init__(
        self, test: EndTest, ruleset: Ruleset, dice: Dice, parent: QWidget | None = None
    ) -> None:
        super().__init__(
            f"End phase: {_TITLES.get(test.kind, test.kind)}: {test.who}",
            test.text,
            dice,
            per_test=test.dice,
            parent=parent,
        )
        self.test = test
        self._extra_dice = ruleset.end_phase.recovery.assistance_dice
        self.assisted_box: QCheckBox | None = None
        self.friends_spin: QSpinBox | None = None
        if test.kind == "recovery_test" and self._extra_dice:
            self.assisted_box = QCheckBox('Assisted by an Active friend within 1"')
            self.assisted_box.setToolTip(
                f"{self._extra_dice} more Injury dice, the best one kept"
                + (
                    "; no Flesh Wound"
                    if ruleset.end_phase.recovery.assistance_spares_flesh_wound
                    else ""
                )
            )
            self.assisted_box.toggled.connect(self._on_assisted_box_toggled)
            self.form.insertRow(0, self.assisted_box)
        if test.kind == "rally_test":
            self.friends_spin = QSpinBox()
            self.friends_spin.setRange(0, 20)
            self.friends_spin.setAccessibleName("Friends near")
            within = ruleset.end_phase.rally.friends_within
            self.form.insertRow(0, f"Friends within {within}", self.friends_spin)
        open_size(self)

    @classmethod
    def ask_event(
        cls, parent: QWidget | None, test: EndTest, ruleset: Ruleset, dice: Dice
    ) -> BattleEvent | None:
        """The test's event with its dice, or None when cancelled."""
        dialog = cls(test, ruleset, dice, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return parse_event(dialog.chosen_event())

    def chosen_event(self) -> dict[str, Any]:
        """The test's event as a script writes it (`EndTest.event`, the command line's keys)."""
        rolls = self.rolls
        event = self.test.event(rolls[0] if len(rolls) == 1 else list(rolls))
        if self.assisted_box is not None and self.assisted_box.isChecked():
            event["assisted"] = True
        if self.friends_spin is not None and self.friends_spin.value():
            event["friends"] = self.friends_spin.value()
        return event

    def _on_assisted_box_toggled(self, checked: bool) -> None:
        self._per_test = 1 + (self._extra_dice if checked else 0)
        self._on_tests_spin_value_changed(1)
