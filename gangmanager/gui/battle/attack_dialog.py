"""Attack...: weapon profile, target, range band and modifier; each target number shown
before a die is rolled; "Roll" rolls what is left, "Apply" writes the event.

The dialog never resolves anything itself: the numbers come from
`rules.battle_attack.target_numbers`, the preview from applying the event to a
copy of the battle state.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gangmanager.rules.attack_traits import UNARMED
from gangmanager.rules.battle import apply_event
from gangmanager.rules.battle_attack import target_numbers
from gangmanager.rules.battle_events import BattleError, ProfileState, parse_event
from gangmanager.rules.battle_state import BattleState, FighterTrack, ProfileTrack
from gangmanager.rules.dice import Dice
from gangmanager.rules.limits import quoted
from gangmanager.rules.ruleset import Ruleset

# The dice keys typed in as lists ("5, 3"); blank = rolled.
LIST_KEYS = ("firepower", "wound", "save", "damage", "injury", "toxin", "ammo")
_RANGES = (("Short range", "short"), ("Long range", "long"), ("Engaged", "engaged"))


class AttackDialog(QDialog):
    def __init__(
        self,
        ruleset: Ruleset,
        state: BattleState,
        attacker: FighterTrack,
        dice: Dice,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Attack: {attacker.name}")
        self._ruleset = ruleset
        self._state = state
        self._attacker = attacker
        self._dice = dice
        self._two_gangs = len(state.gangs) > 1
        # Not `event`: that would hide QWidget.event, Qt's event handler.
        self.applied_event: dict[str, Any] | None = None

        self.profile_combo = QComboBox()
        self.profile_combo.setAccessibleName("Weapon profile")
        for weapon in attacker.weapons:
            for profile in weapon.profiles:
                if profile.state is ProfileState.READY:
                    self.profile_combo.addItem(profile.label, (weapon.name, profile.name))
        self.profile_combo.addItem(UNARMED, (UNARMED, ""))
        self.target_combo = QComboBox()
        self.target_combo.setAccessibleName("Target")
        for fighter in state.fighters:
            if fighter is attacker or fighter.out_of_action:
                continue
            label = f"{fighter.gang}/{fighter.name}" if self._two_gangs else fighter.name
            self.target_combo.addItem(label, label)
        self.range_combo = QComboBox()
        self.range_combo.setAccessibleName("Range")
        for label, value in _RANGES:
            self.range_combo.addItem(label, value)
        self.modifier_spin = QSpinBox()
        self.modifier_spin.setRange(-6, 6)
        self.modifier_spin.setAccessibleName("Other hit modifiers")
        self.modifier_spin.setToolTip("Cover, target Engaged...: +1 makes the hit easier")

        self.numbers_label = QLabel()
        self.numbers_label.setTextFormat(Qt.TextFormat.PlainText)
        self.numbers_label.setWordWrap(True)
        numbers_box = QGroupBox("Target numbers")
        QVBoxLayout(numbers_box).addWidget(self.numbers_label)

        self.hit_spin = QSpinBox()
        self.hit_spin.setRange(0, 6)
        self.hit_spin.setSpecialValueText("-")
        self.hit_spin.setAccessibleName("Hit roll")
        self.hits_spin = QSpinBox()
        self.hits_spin.setRange(-1, 20)
        self.hits_spin.setSpecialValueText("-")
        self.hits_spin.setValue(-1)
        self.hits_spin.setAccessibleName("Hits counted")
        self.list_edits: dict[str, QLineEdit] = {}
        dice_form = QFormLayout()
        dice_form.addRow("Hit roll", self.hit_spin)
        dice_form.addRow("Hits counted (Blast, Template)", self.hits_spin)
        for key in LIST_KEYS:
            edit = QLineEdit()
            edit.setPlaceholderText(
                "rolled for you" if key != "injury" else "e.g. 3, or out_of_action"
            )
            edit.setAccessibleName(f"{key} dice")
            dice_form.addRow(key.replace("_", " ").capitalize(), edit)
            self.list_edits[key] = edit
        self.blaze_spin = QSpinBox()
        self.blaze_spin.setRange(0, 6)
        self.blaze_spin.setSpecialValueText("-")
        self.blaze_spin.setAccessibleName("Blaze roll")
        dice_form.addRow("Blaze", self.blaze_spin)
        dice_box = QGroupBox("Dice I rolled (blank: rolled for you)")
        dice_box.setLayout(dice_form)

        self.preview_label = QLabel()
        self.preview_label.setTextFormat(Qt.TextFormat.PlainText)
        self.preview_label.setWordWrap(True)
        self.preview_label.setMinimumWidth(420)

        self.roll_button = QPushButton("&Roll")
        self.roll_button.setToolTip("Roll every die left blank and show what happens")
        self.apply_button = QPushButton("&Apply")
        self.apply_button.setDefault(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        buttons.addButton(self.roll_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.apply_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.rejected.connect(self.reject)

        form = QFormLayout()
        form.addRow("&Weapon", self.profile_combo)
        form.addRow("&Target", self.target_combo)
        form.addRow("Ra&nge", self.range_combo)
        form.addRow("&Modifier", self.modifier_spin)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(numbers_box)
        layout.addWidget(dice_box)
        layout.addWidget(self.preview_label)
        layout.addWidget(buttons)

        for combo in (self.profile_combo, self.target_combo, self.range_combo):
            combo.currentIndexChanged.connect(self._on_choice_changed)
        self.modifier_spin.valueChanged.connect(self._on_choice_changed)
        self.roll_button.clicked.connect(self._on_roll_button_clicked)
        self.apply_button.clicked.connect(self._on_apply_button_clicked)
        self._on_choice_changed()

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        ruleset: Ruleset,
        state: BattleState,
        attacker: FighterTrack,
        dice: Dice,
    ) -> dict[str, Any] | None:
        """The attack event to apply, or None when cancelled."""
        dialog = cls(ruleset, state, attacker, dice, parent)
        return dialog.applied_event if dialog.exec() == QDialog.DialogCode.Accepted else None

    # -- what is chosen ---------------------------------------------------------

    def _profile(self) -> ProfileTrack | None:
        data = self.profile_combo.currentData()
        if data is None:
            return None
        weapon, name = data
        carried = self._attacker.weapon(weapon)
        if carried is None:
            return None
        return next((p for p in carried.profiles if p.name == name), None)

    def _target(self) -> FighterTrack | None:
        label = self.target_combo.currentData()
        found = self._state.find(label) if label else []
        return found[0] if found else None

    def base_event(self) -> dict[str, Any]:
        weapon, profile = self.profile_combo.currentData() or ("", "")
        event: dict[str, Any] = {
            "event": "attack",
            "fighter": self._attacker.qualified_name if self._two_gangs else self._attacker.name,
            "weapon": weapon,
            "profile": profile,
            "target": self.target_combo.currentData() or "",
            "range": self.range_combo.currentData(),
            "modifier": self.modifier_spin.value(),
        }
        return event

    def chosen_event(self) -> dict[str, Any]:
        """The event with the dice typed in so far; raises ValueError on a bad entry."""
        event = self.base_event()
        if self.hit_spin.value():
            event["hit"] = self.hit_spin.value()
        if self.hits_spin.value() >= 0:
            event["hits"] = self.hits_spin.value()
        for key, edit in self.list_edits.items():
            text = edit.text().strip()
            if text:
                event[key] = [
                    _die(part, key) for part in text.replace(";", ",").split(",") if part.strip()
                ]
        if self.blaze_spin.value():
            event["blaze"] = self.blaze_spin.value()
        return event

    # -- slots ------------------------------------------------------------------

    def _on_choice_changed(self, _: object = None) -> None:
        profile, target = self._profile(), self._target()
        if target is None:
            self.numbers_label.setText("Nobody to attack.")
            self.apply_button.setEnabled(False)
            self.roll_button.setEnabled(False)
            return
        self.apply_button.setEnabled(True)
        self.roll_button.setEnabled(True)
        if profile is None:  # Unarmed: the rules build its profile
            self.numbers_label.setText("Unarmed: WS to hit, the fighter's Strength, Damage 1.")
            return
        lines = target_numbers(
            self._ruleset,
            self._attacker,
            profile,
            target,
            self.range_combo.currentData(),
            self.modifier_spin.value(),
        )
        self.numbers_label.setText("\n".join(lines))

    def _on_roll_button_clicked(self) -> None:
        """Roll what is blank on a copy of the battle: fill the dice in, show the log lines."""
        try:
            event = self.chosen_event()
            trial = self._state.copy()
            done = apply_event(self._ruleset, trial, parse_event(event), self._dice)
        except (BattleError, ValueError) as exc:
            self.preview_label.setText(f"Refused: {exc}")
            self.preview_label.setStyleSheet("color: #c62828;")
            return
        self.preview_label.setStyleSheet("")
        self.preview_label.setText(
            "\n".join(line.split(": ", 1)[-1] for line in trial.log[len(self._state.log) :])
        )
        rolled = done.model_dump(mode="json", exclude_none=True)
        if "hit" in rolled:
            self.hit_spin.setValue(rolled["hit"])
        for key, edit in self.list_edits.items():
            edit.setText(", ".join(str(v) for v in rolled.get(key, [])))
        if "blaze" in rolled:
            self.blaze_spin.setValue(rolled["blaze"])

    def _on_apply_button_clicked(self) -> None:
        try:
            self.applied_event = self.chosen_event()
        except ValueError as exc:
            self.preview_label.setText(f"Refused: {exc}")
            self.preview_label.setStyleSheet("color: #c62828;")
            return
        self.accept()


def _die(text: str, key: str) -> int | str:
    text = text.strip()
    if text.isdigit():
        return int(text)
    if key == "injury":
        return text
    raise ValueError(f"{key}: {quoted(text)} is not a die result (1 to 6)")
