"""Attack...: weapon profile, target, range band and modifier; each target number shown
before a die is rolled; "Roll" rolls what is left, "Apply" writes the event.

The dialog never resolves anything itself: the numbers come from
`rules.attack_numbers.target_numbers`, the preview from `rules.battle.preview`,
the same resolution the service runs on the stored battle. The dice typed in
are read once into a typed `AttackEvent` (`chosen_attack`), which the preview
plays and Apply hands on as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.battle.odds_panel import OddsPanel
from gangmanager.gui.battle.targets_box import TargetsBox
from gangmanager.gui.common.screen_fit import open_size
from gangmanager.rules.attack_numbers import target_numbers
from gangmanager.rules.attack_traits import UNARMED, is_melee
from gangmanager.rules.battle import preview
from gangmanager.rules.battle_events import AttackEvent, BattleError, ProfileState, parse_event
from gangmanager.rules.battle_faces import face_roll
from gangmanager.rules.battle_state import BattleState, FighterTrack, ProfileTrack
from gangmanager.rules.battle_table import Table
from gangmanager.rules.close_combat import Share, own_attacks, shares
from gangmanager.rules.dice import Dice
from gangmanager.rules.limits import quoted
from gangmanager.rules.ruleset import Ruleset

# The dice keys typed in as lists ("5, 3"); blank = rolled.
LIST_KEYS = ("firepower", "wound", "scatter", "save", "damage", "injury", "toxin", "ammo")
# A vehicle target's dice, asked for only when the target is a vehicle.
VEHICLE_KEYS = {"vehicle_damage": "Damage dice (vehicle)", "location": "Location dice (vehicle)"}
_RANGES = (("Short range", "short"), ("Long range", "long"), ("Engaged", "engaged"))
# How the Firepower dice are typed in: as the faces a real die shows, or as D6 numbers.
FIREPOWER_FACES, FIREPOWER_D6 = "faces", "d6"
# Performs the event; returns None when it was stored, else the reason it was refused.
Submit = Callable[[AttackEvent], str | None]


class AttackDialog(QDialog):
    def __init__(
        self,
        ruleset: Ruleset,
        state: BattleState,
        attacker: FighterTrack,
        dice: Dice,
        parent: QWidget | None = None,
        submit: Submit | None = None,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Attack: {attacker.name}")
        self._ruleset = ruleset
        self._state = state
        self._attacker = attacker
        self._dice = dice
        self._two_gangs = len(state.gangs) > 1
        self._submit = submit
        self._fitted_shown = False
        # Not `event`: that would hide QWidget.event, Qt's event handler.
        self.applied: AttackEvent | None = None
        # The weapon, band and charge the attack dice were last counted for.
        self._dice_chosen: tuple[object, bool, bool] | None = None
        # Close combat: the attack dice per weapon, the chosen weapon's first.
        self._shares: list[Share] = []

        self._build_choices(state, attacker)

        numbers_box = self._build_numbers()

        dice_box = self._build_dice_box()

        self.preview_label = QLabel()
        self.preview_label.setTextFormat(Qt.TextFormat.PlainText)
        self.preview_label.setWordWrap(True)
        self.preview_label.setMinimumWidth(420)

        buttons = self._build_buttons()

        self._lay_out(numbers_box, dice_box, buttons)

        self._connect()
        self._on_profile_changed()
        self._on_choice_changed()
        self._buttons = buttons
        self._fit_to_content()

    def _build_choices(self, state: BattleState, attacker: FighterTrack) -> None:
        """Weapon profile, target (the opposing gang first), range band and modifier."""
        self.profile_combo = QComboBox()
        self.profile_combo.setAccessibleName("Weapon profile")
        for weapon in attacker.weapons:
            for profile in weapon.profiles:
                if profile.state is ProfileState.READY:
                    self.profile_combo.addItem(profile.label, (weapon.name, profile.name))
        self.profile_combo.addItem(UNARMED, (UNARMED, ""))
        self.target_combo = QComboBox()
        self.target_combo.setAccessibleName("Target")
        self.target_combo.setPlaceholderText("Choose a target")
        # The opposing gang first; a fighter of the attacker's own gang is never the default.
        targets = [f for f in state.fighters if f is not attacker and not f.out_of_action]
        enemies = [f for f in targets if f.gang != attacker.gang]
        for fighter in enemies + [f for f in targets if f.gang == attacker.gang]:
            label = f"{fighter.gang}/{fighter.name}" if self._two_gangs else fighter.name
            self.target_combo.addItem(label, label)
        self.target_combo.setCurrentIndex(0 if enemies else -1)
        self.range_combo = QComboBox()
        self.range_combo.setAccessibleName("Range")
        for label, value in _RANGES:
            self.range_combo.addItem(label, value)
        self.modifier_spin = QSpinBox()
        self.modifier_spin.setRange(-6, 6)
        self.modifier_spin.setAccessibleName("Other hit modifiers")
        self.modifier_spin.setToolTip("Cover, target Engaged...: +1 makes the hit easier")
        # A vehicle target: the facing the attack hits (its Front, Side or Rear Toughness).
        self.arc_combo = QComboBox()
        self.arc_combo.setAccessibleName("Arc")
        self.arc_combo.setToolTip("A vehicle is hit on the facing the attacker is in")
        for arc in ("front", "side", "rear"):
            self.arc_combo.addItem(arc.capitalize(), arc)
        self.charge_check = QCheckBox("the fighter charged (close combat)")
        self.charge_check.setAccessibleName("Charge")
        self.charge_check.setToolTip("A charge adds the pack's charge bonus to the attack dice")

    def _build_numbers(self) -> QGroupBox:
        """What shows before rolling: the target numbers, the odds; the other targets."""
        self.numbers_label = QLabel()
        self.numbers_label.setTextFormat(Qt.TextFormat.PlainText)
        self.numbers_label.setWordWrap(True)
        numbers_box = QGroupBox("Target numbers")
        QVBoxLayout(numbers_box).addWidget(self.numbers_label)
        self.odds_panel = OddsPanel()
        self.targets_box = TargetsBox()
        return numbers_box

    def _build_dice_box(self) -> QGroupBox:
        """The dice the player rolled at the table (blank: rolled for them)."""
        self.hit_spin = QSpinBox()
        self.hit_spin.setRange(0, 6)
        self.hit_spin.setSpecialValueText("-")
        self.hit_spin.setAccessibleName("Hit roll")
        self.hits_spin = QSpinBox()
        self.hits_spin.setRange(-1, 20)
        self.hits_spin.setSpecialValueText("-")
        self.hits_spin.setValue(-1)
        self.hits_spin.setAccessibleName("Hits counted")
        # Close combat: the attack dice (Attacks and the pack's bonuses) and
        # one hit roll per die.
        self.attacks_spin = QSpinBox()
        self.attacks_spin.setRange(0, 20)
        self.attacks_spin.setSpecialValueText("-")
        self.attacks_spin.setAccessibleName("Attack dice")
        self.attack_hits_edit = QLineEdit()
        self.attack_hits_edit.setPlaceholderText("rolled for you, e.g. 5, 2, 6")
        self.attack_hits_edit.setAccessibleName("Hit rolls of the attack dice")
        self.list_edits: dict[str, QLineEdit] = {}
        dice_form = QFormLayout()
        dice_form.addRow("Hit roll", self.hit_spin)
        dice_form.addRow("Attack dice (close combat)", self.attacks_spin)
        dice_form.addRow("Hit rolls, one per attack die", self.attack_hits_edit)
        dice_form.addRow("Hits counted (Blast, Template)", self.hits_spin)
        for key in LIST_KEYS:
            edit = QLineEdit()
            edit.setPlaceholderText(
                "rolled for you" if key != "injury" else "e.g. 3, or out_of_action"
            )
            edit.setAccessibleName(f"{key} dice")
            self.list_edits[key] = edit
            if key != "firepower":
                dice_form.addRow(key.replace("_", " ").capitalize(), edit)
                continue
            dice_form.addRow("Firepower", self._firepower_row(edit))
        self._vehicle_rows: list[int] = []
        for key, label in VEHICLE_KEYS.items():
            edit = QLineEdit()
            edit.setPlaceholderText("rolled for you, e.g. 4, 6")
            edit.setAccessibleName(label)
            self.list_edits[key] = edit
            dice_form.addRow(label, edit)
            self._vehicle_rows.append(dice_form.rowCount() - 1)
        self._dice_form = dice_form
        self.blaze_spin = QSpinBox()
        self.blaze_spin.setRange(0, 6)
        self.blaze_spin.setSpecialValueText("-")
        self.blaze_spin.setAccessibleName("Blaze roll")
        dice_form.addRow("Blaze", self.blaze_spin)
        dice_box = QGroupBox("Dice I rolled (blank: rolled for you)")
        dice_box.setLayout(dice_form)
        return dice_box

    def _firepower_row(self, edit: QLineEdit) -> QHBoxLayout:
        """The Firepower dice and how they are read (faces or D6 numbers)."""
        edit.setPlaceholderText("rolled for you; e.g. 2, 1+ammo")
        self.firepower_mode = QComboBox()
        self.firepower_mode.setAccessibleName("Firepower dice read as")
        self.firepower_mode.addItem("faces (hits, +ammo)", FIREPOWER_FACES)
        self.firepower_mode.addItem("D6 numbers", FIREPOWER_D6)
        self.firepower_mode.setToolTip(
            "Faces: the hits a Firepower die shows, +ammo for the Ammo symbol (3, 1+ammo);"
            " D6 numbers: 1 to 6 as the pack maps them to faces"
        )
        row = QHBoxLayout()
        row.addWidget(edit, 1)
        row.addWidget(self.firepower_mode)
        return row

    def _build_buttons(self) -> QDialogButtonBox:
        self.roll_button = QPushButton("&Roll")
        self.roll_button.setToolTip("Roll every die left blank and show what happens")
        self.apply_button = QPushButton("&Apply")
        self.apply_button.setDefault(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        buttons.addButton(self.roll_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.addButton(self.apply_button, QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.rejected.connect(self.reject)
        return buttons

    def _lay_out(
        self, numbers_box: QGroupBox, dice_box: QGroupBox, buttons: QDialogButtonBox
    ) -> None:
        form = QFormLayout()
        form.addRow("&Weapon", self.profile_combo)
        form.addRow("&Target", self.target_combo)
        form.addRow("A&rc", self.arc_combo)
        self._arc_row = form.rowCount() - 1
        self._form = form
        form.addRow("Ra&nge", self.range_combo)
        form.addRow("&Modifier", self.modifier_spin)
        form.addRow("C&harge", self.charge_check)
        # Everything above the buttons scrolls: on a 640-pixel screen the steps shown
        # after Roll make the dialog taller than the screen, and the buttons stay.
        content = QWidget()
        content_layout = QVBoxLayout(content)
        content_layout.setContentsMargins(0, 0, 0, 0)
        content_layout.addLayout(form)
        content_layout.addWidget(self.targets_box)
        before_rolling = QHBoxLayout()
        before_rolling.addWidget(numbers_box)
        before_rolling.addWidget(self.odds_panel)
        content_layout.addLayout(before_rolling)
        content_layout.addWidget(dice_box)
        content_layout.addWidget(self.preview_label)
        content_layout.addStretch(1)
        self.scroll_area = QScrollArea()
        self.scroll_area.setObjectName("attack_scroll")
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll_area.setWidget(content)
        self.scroll_area.verticalScrollBar().rangeChanged.connect(self._scroll_to_preview)
        layout = QVBoxLayout(self)
        layout.addWidget(self.scroll_area, 1)
        layout.addWidget(buttons)

    def _connect(self) -> None:
        self.profile_combo.currentIndexChanged.connect(self._on_profile_changed)
        for combo in (self.profile_combo, self.target_combo, self.range_combo, self.arc_combo):
            combo.currentIndexChanged.connect(self._on_choice_changed)
        self.modifier_spin.valueChanged.connect(self._on_choice_changed)
        self.charge_check.toggled.connect(self._on_choice_changed)
        self.targets_box.sig_changed.connect(self._on_choice_changed)
        self.roll_button.clicked.connect(self._on_roll_button_clicked)
        self.apply_button.clicked.connect(self._on_apply_button_clicked)

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        ruleset: Ruleset,
        state: BattleState,
        attacker: FighterTrack,
        dice: Dice,
        submit: Submit | None = None,
    ) -> AttackEvent | None:
        """The attack event to apply (with `submit`: the one applied), or None when cancelled.

        With `submit` the dialog performs the event itself and stays open, the dice
        as typed, when it is refused.
        """
        dialog = cls(ruleset, state, attacker, dice, parent, submit)
        return dialog.applied if dialog.exec() == QDialog.DialogCode.Accepted else None

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
        target = self._target()
        if target is not None and target.vehicle:
            event["arc"] = self.arc_combo.currentData()
        event.update(self.targets_box.event_keys())
        if self._close_combat() and self.charge_check.isChecked():
            event["charge"] = True  # the odds count the charge die too
        return event

    def chosen_attack(self) -> AttackEvent:
        """The typed event of what is chosen and typed in; raises ValueError (a bad entry)
        or BattleError (a die the event does not take) naming it."""
        event = parse_event(self.chosen_event())
        assert isinstance(event, AttackEvent)
        return event

    def chosen_event(self) -> dict[str, Any]:
        """The keys chosen and the dice typed in so far, as a script writes them;
        raises ValueError on a bad entry."""
        event = self.base_event()
        if self.hit_spin.value():
            event["hit"] = self.hit_spin.value()
        if self.hits_spin.value() >= 0:
            event["hits"] = self.hits_spin.value()
        for key, edit in self.list_edits.items():
            text = edit.text().strip()
            if text:
                parts = [part for part in text.replace(";", ",").split(",") if part.strip()]
                if key == "firepower" and self._reads_faces():
                    # The faces become the pack's D6 for them: the event holds D6s only.
                    event[key] = [face_roll(self._ruleset.attack, part) for part in parts]
                else:
                    event[key] = [_die(part, key) for part in parts]
        if self._close_combat():
            event.pop("hit", None)
            if self.attacks_spin.value():
                event["attacks"] = self.attacks_spin.value()
                event.update(self._weapon_keys(self.attacks_spin.value()))
            text = self.attack_hits_edit.text().strip()
            if text:
                event["hit"] = [
                    int(_die(part, "hit"))
                    for part in text.replace(";", ",").split(",")
                    if part.strip()
                ]
        if self.blaze_spin.value():
            event["blaze"] = self.blaze_spin.value()
        return event

    def _weapon_keys(self, attacks: int) -> dict[str, Any]:
        """`weapons` when a second weapon rolls its own dice: the chosen weapon takes
        what the player's attack dice leave after the others'."""
        extra = self._shares[1:]
        own = attacks - sum(share.dice for share in extra)
        if not extra or own < 1:
            return {}
        first = self._shares[0]
        return {
            "weapons": [
                {"weapon": first.weapon, "profile": first.profile.name, "dice": own},
                *({"weapon": s.weapon, "profile": s.profile.name, "dice": s.dice} for s in extra),
            ]
        }

    def _melee(self) -> bool:
        profile = self._profile()
        return profile is None or is_melee(profile)  # None: Unarmed, a melee attack

    def _close_combat(self) -> bool:
        return self.range_combo.currentData() == "engaged" and self._melee()

    # -- slots ------------------------------------------------------------------

    def _on_profile_changed(self, _: object = None) -> None:
        """A melee weapon attacks Engaged: choose that band for it."""
        if self._melee():
            self.range_combo.setCurrentIndex(self.range_combo.findData("engaged"))

    def _reads_faces(self) -> bool:
        return bool(self.firepower_mode.currentData() == FIREPOWER_FACES)

    def _on_choice_changed(self, _: object = None) -> None:
        self._show_attack_dice()
        profile, target = self._profile(), self._target()
        vehicle = target is not None and target.vehicle
        self._form.setRowVisible(self._arc_row, vehicle)
        for row in self._vehicle_rows:
            self._dice_form.setRowVisible(row, vehicle)
        if not vehicle:
            for key in VEHICLE_KEYS:
                self.list_edits[key].clear()
        self.targets_box.offer(
            self._state, self._attacker, self.target_combo.currentData(), profile, self._two_gangs
        )
        self.odds_panel.start(
            self._ruleset, self._state, self.base_event() if target is not None else None
        )
        if target is None:
            self.numbers_label.setText(
                "Choose a target." if self.target_combo.count() else "Nobody to attack."
            )
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
            arc=self.arc_combo.currentData() if target.vehicle else None,
        )
        self.numbers_label.setText("\n".join(lines))

    def _show_attack_dice(self) -> None:
        """In close combat: the attack dice the rules give, which the player may change."""
        close = self._close_combat()
        self.hit_spin.setEnabled(not close)
        self.attacks_spin.setEnabled(close)
        self.attack_hits_edit.setEnabled(close)
        self.charge_check.setEnabled(close)
        chosen = (self.profile_combo.currentData(), close, self.charge_check.isChecked())
        if chosen == self._dice_chosen:
            return  # the target or modifier changed: keep what the player set
        self._dice_chosen = chosen
        self._shares = []
        if not close:
            self.attacks_spin.setValue(0)
            self.attacks_spin.setToolTip("")
            return
        profile = self._profile()
        if profile is None:
            count, parts = own_attacks(self._attacker)
            if self.charge_check.isChecked() and self._ruleset.attack.charge_attacks:
                count += self._ruleset.attack.charge_attacks
                parts += f", charge +{self._ruleset.attack.charge_attacks}"
        else:
            table = Table(self._ruleset, self._state, None)
            weapon = self.profile_combo.currentData()[0]
            charge = self.charge_check.isChecked()
            self._shares, parts = shares(table, self._attacker, weapon, profile, charge)
            count = sum(share.dice for share in self._shares)
        self.attacks_spin.setValue(count)
        self.attacks_spin.setToolTip(parts)

    def _on_roll_button_clicked(self) -> None:
        """Roll what is blank on a copy of the battle: fill the dice in, show the log lines."""
        try:
            done, lines = preview(self._ruleset, self._state, self.chosen_attack(), self._dice)
        except (BattleError, ValueError) as exc:
            self.preview_label.setText(f"Refused: {exc}")
            self.preview_label.setStyleSheet("color: #c62828;")
            return
        self.preview_label.setStyleSheet("")
        self.preview_label.setText("\n".join(line.split(": ", 1)[-1] for line in lines))
        # A wrapped label's height is not asked for by the scroll area's layout: set it,
        # then bring the steps in sight from their first line once they are laid out.
        width = self.preview_label.width()
        self.preview_label.setMinimumHeight(self.preview_label.heightForWidth(width))
        self._scroll_to_preview()
        rolled = done.model_dump(mode="json", exclude_none=True)
        if self._close_combat():
            hits = rolled.get("hit", [])
            hits = hits if isinstance(hits, list) else [hits]
            self.attack_hits_edit.setText(", ".join(str(v) for v in hits))
        elif "hit" in rolled:
            self.hit_spin.setValue(rolled["hit"])
        for key, edit in self.list_edits.items():
            values = rolled.get(key, [])
            if key == "firepower" and self._reads_faces():
                edit.setText(", ".join(_face_text(self._ruleset, v) for v in values))
            else:
                edit.setText(", ".join(str(v) for v in values))
        if "blaze" in rolled:
            self.blaze_spin.setValue(rolled["blaze"])

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._fitted_shown:
            # Shown, the wrapped labels know their width: the content's height is exact now.
            self._fitted_shown = True
            self._fit_to_content()

    def _fit_to_content(self) -> None:
        """As large as the content (room for a scroll bar beside it), within the screen."""
        content = self.scroll_area.widget()
        layout = self.layout()
        if content is None or layout is None:
            return
        bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        margins = layout.contentsMargins()
        open_size(
            self,
            content.sizeHint().width() + bar + margins.left() + margins.right(),
            content.sizeHint().height()
            + self._buttons.sizeHint().height()
            + layout.spacing()
            + margins.top()
            + margins.bottom(),
        )

    def _scroll_to_preview(self, *_: int) -> None:
        # Again when the range grows: the scroll area lays the new steps out later.
        bar = self.scroll_area.verticalScrollBar()
        if self.preview_label.text():
            bar.setValue(min(self.preview_label.y(), bar.maximum()))

    def _on_apply_button_clicked(self) -> None:
        try:
            event = self.chosen_attack()
        except (BattleError, ValueError) as exc:
            self._refused(str(exc))
            return
        if self._submit is not None:
            reason = self._submit(event)
            if reason is not None:
                # Stay open with every die as typed: correct one and apply again.
                self._refused(reason)
                return
        self.applied = event
        self.accept()

    def _refused(self, reason: str) -> None:
        self.preview_label.setText(f"Refused: {reason}")
        self.preview_label.setStyleSheet("color: #c62828;")


def _face_text(ruleset: Ruleset, roll: int) -> str:
    face = ruleset.attack.firepower_face(roll)
    return f"{face.hits}{'+ammo' if face.ammo else ''}"


def _die(text: str, key: str) -> int | str:
    text = text.strip()
    if text.isdigit():
        return int(text)
    if key == "injury":
        return text
    raise ValueError(f"{key}: {quoted(text)} is not a die result (1 to 6)")
