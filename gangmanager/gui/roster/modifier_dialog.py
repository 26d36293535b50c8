"""Add a modifier: an advancement or a Lasting Injury from the ruleset's tables,
equipment that changes the profile, or a typed line such as `M: +1, BS: +1`."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.common.refusals import refused
from gangmanager.gui.common.screen_fit import open_size
from gangmanager.rules import roster_ops
from gangmanager.rules.characteristics import CharacteristicTable
from gangmanager.rules.gang import Fighter
from gangmanager.rules.limits import MAX_AMOUNT
from gangmanager.rules.modifiers import Modifier, ModifierKind
from gangmanager.rules.roster_ops import RosterError
from gangmanager.rules.ruleset import Advancement, ArmouryItem, InjuryResult, Ruleset, Skill


def example_line(table: CharacteristicTable) -> str:
    """A typed line in the fighter's own codes: the first, third and last two, +1 each
    (n23: `M: +1, BS: +1, Wil: +1, Int: +1`)."""
    codes = table.codes
    picked = dict.fromkeys([*codes[:1], *codes[2:3], *codes[-2:]])
    return ", ".join(f"{code}: +1" for code in picked)


@dataclass(frozen=True)
class ModifierChoice:
    modifier: Modifier
    spend_xp: int = 0
    injury: str | None = None
    skill: str | None = None


def _changes_text(changes: dict[str, int]) -> str:
    return ", ".join(f"{code}: {steps:+d}" for code, steps in changes.items()) or "no change"


def _holds(table: CharacteristicTable, code: str) -> bool:
    try:
        table.lookup(code)
    except KeyError:
        return False
    return True


def _list() -> QListWidget:
    view = QListWidget()
    view.setAlternatingRowColors(True)
    view.setWordWrap(True)
    return view


class ModifierDialog(QDialog):
    ADVANCEMENT, INJURY, EQUIPMENT, LINE = range(4)

    def __init__(self, fighter: Fighter, ruleset: Ruleset, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Add a modifier to {fighter.name}")
        self._fighter = fighter
        self._ruleset = ruleset
        # The fighter's statline: what the typed line and the pack's changes are read by.
        self._table = ruleset.table_for(fighter.profile)
        self.tabs = QTabWidget()
        self.tabs.addTab(self._advancement_tab(), "&Advancement")
        self.tabs.addTab(self._injury_tab(), "Lasting &Injury")
        self.tabs.addTab(self._equipment_tab(), "&Equipment")
        self.tabs.addTab(self._line_tab(), "&Typed line")
        self.message = QLabel()
        self.message.setStyleSheet("color: #c62828;")
        self.message.setWordWrap(True)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Add")
        self.buttons.accepted.connect(self._on_buttons_accepted)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(self.message)
        layout.addWidget(self.buttons)
        open_size(self, 560, 460)

    # -- tabs ------------------------------------------------------------------------

    def _advancement_tab(self) -> QWidget:
        page = QWidget()
        self.advancements = _list()
        self._advancement_rows: list[Advancement] = []
        for adv in self._ruleset.advancements:
            if adv.characteristic is None or not _holds(self._table, adv.characteristic):
                continue  # a skill, or a characteristic of another statline
            if adv.categories and self._fighter.category not in adv.categories:
                continue
            xp = roster_ops.advancement_xp(self._fighter, adv)
            item = QListWidgetItem(f"{adv.name}: {xp} XP, +{adv.credits} credits")
            item.setData(Qt.ItemDataRole.UserRole, xp)
            self.advancements.addItem(item)
            self._advancement_rows.append(adv)
        self.spend_xp = QCheckBox(f"Spend the XP ({self._fighter.name} has {self._fighter.xp} XP)")
        self.spend_xp.setChecked(True)
        layout = QVBoxLayout(page)
        layout.addWidget(QLabel("Characteristic advancements (skills are added under Skills):"))
        layout.addWidget(self.advancements)
        layout.addWidget(self.spend_xp)
        return page

    def _injury_tab(self) -> QWidget:
        page = QWidget()
        self.injuries = _list()
        self._injury_rows: list[InjuryResult] = list(self._ruleset.injuries)
        for injury in self._injury_rows:
            item = QListWidgetItem(
                f"{injury.roll}  {injury.name} ({_changes_text(injury.changes)})"
            )
            item.setToolTip(injury.summary)
            self.injuries.addItem(item)
        layout = QVBoxLayout(page)
        layout.addWidget(QLabel("From the Lasting Injury table; it is also listed by name:"))
        layout.addWidget(self.injuries)
        return page

    def _equipment_tab(self) -> QWidget:
        page = QWidget()
        self.equipment = _list()
        self._equipment_rows: list[ArmouryItem | Skill] = [
            *(w for w in self._ruleset.wargear if w.changes),
            *(s for ss in self._ruleset.skill_sets for s in ss.skills if s.changes),
        ]
        for entry in self._equipment_rows:
            item = QListWidgetItem(f"{entry.name} ({_changes_text(entry.changes)})")
            item.setToolTip(entry.summary)
            self.equipment.addItem(item)
        layout = QVBoxLayout(page)
        if self._equipment_rows:
            layout.addWidget(QLabel("Equipment and skills that change the profile:"))
        else:
            note = QLabel(
                f"No equipment or skill in {self._ruleset.name} changes the profile."
                " Use a typed line for one that does."
            )
            note.setWordWrap(True)
            layout.addWidget(note)
        layout.addWidget(self.equipment)
        return page

    def _line_tab(self) -> QWidget:
        page = QWidget()
        self.source = QLineEdit()
        self.source.setPlaceholderText("Where it comes from, e.g. Bionic eye")
        self.kind = QComboBox()
        for kind in ModifierKind:
            self.kind.addItem(kind.value.capitalize(), kind)
        self.kind.setCurrentIndex(list(ModifierKind).index(ModifierKind.MANUAL))
        self.line = QLineEdit()
        self.line.setPlaceholderText(example_line(self._table))
        self.line.textEdited.connect(self._on_line_text_edited)
        self.cost = QSpinBox()
        self.cost.setRange(0, MAX_AMOUNT)
        self.cost.setSuffix(" credits")
        self.cost.setToolTip("Credits this source adds to the fighter's cost")
        self.reading = QLabel()
        self.reading.setWordWrap(True)
        form = QFormLayout(page)
        form.addRow("&Source", self.source)
        form.addRow("&Kind", self.kind)
        form.addRow("&Changes", self.line)
        form.addRow("Adds to &cost", self.cost)
        form.addRow(self.reading)
        return page

    # -- result ----------------------------------------------------------------------

    def _on_line_text_edited(self, text: str) -> None:
        if not text.strip():
            self.reading.clear()
            return
        try:
            modifier = roster_ops.line_modifier("typed", text, table=self._table)
        except RosterError as exc:
            self.reading.setText(f"Cannot read it yet: {exc}")
        else:
            self.reading.setText(f"Reads as {modifier.summary(self._table)}")

    def choice(self) -> ModifierChoice:
        """RosterError with a one-line reason when nothing valid is picked."""
        tab = self.tabs.currentIndex()
        if tab == self.ADVANCEMENT:
            row = self.advancements.currentRow()
            if row < 0:
                raise RosterError("pick an advancement")
            adv = self._advancement_rows[row]
            xp = self.advancements.item(row).data(Qt.ItemDataRole.UserRole)
            spend = int(xp) if self.spend_xp.isChecked() else 0
            modifier = roster_ops.advancement_modifier(adv, self._table)
            fighter = self._fighter
            if spend > fighter.xp:
                # The service's own refusal, said before the dialog closes.
                raise RosterError(
                    f"{modifier.source} costs {spend} XP; {fighter.name} has only {fighter.xp}"
                )
            return ModifierChoice(modifier, spend_xp=spend)
        if tab == self.INJURY:
            row = self.injuries.currentRow()
            if row < 0:
                raise RosterError("pick an injury")
            injury = self._injury_rows[row]
            return ModifierChoice(
                roster_ops.injury_modifier(injury, self._table),
                injury=injury.name,
                skill=injury.gains_skill,
            )
        if tab == self.EQUIPMENT:
            row = self.equipment.currentRow()
            if row < 0:
                raise RosterError("pick an item (or type a line)")
            return ModifierChoice(roster_ops.item_modifier(self._equipment_rows[row], self._table))
        modifier = roster_ops.line_modifier(
            self.source.text(),
            self.line.text(),
            kind=self.kind.currentData(),
            table=self._table,
            cost=self.cost.value(),
        )
        return ModifierChoice(modifier)

    def _on_buttons_accepted(self) -> None:
        if not refused(self.choice, self.message, RosterError):
            self.accept()

    @classmethod
    def ask(
        cls, parent: QWidget | None, fighter: Fighter, ruleset: Ruleset
    ) -> ModifierChoice | None:
        dialog = cls(fighter, ruleset, parent)
        return dialog.choice() if dialog.exec() == QDialog.DialogCode.Accepted else None
