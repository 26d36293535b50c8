"""Recruit a fighter: a type from the house list or a gang addition the house may take
(Brute, Hanger-on, Hired Gun, Exotic Beast: its house price, profile and, for a beast,
its owner), or a custom one. An addition past its limit is refused with the reason."""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from gangmanager.gui.common.refusals import refused
from gangmanager.gui.common.screen_fit import open_size
from gangmanager.rules import gang_additions, roster_ops
from gangmanager.rules.characteristics import CharacteristicError, CharacteristicTable
from gangmanager.rules.gang import Category, Fighter
from gangmanager.rules.limits import MAX_AMOUNT, MAX_FIGHTER_NAME_CHARS
from gangmanager.rules.profile import Profile
from gangmanager.rules.ruleset import FighterType, Ruleset

CUSTOM = "Custom fighter"
# A custom fighter's starting profile where it fits the pack's fighter statline (n23's
# twelve); another statline starts from its worst values.
DEFAULT_PROFILE = '5" 4+ 4+ 3 3 1 4+ 1 7+ 7+ 7+ 7+'


def default_line(table: CharacteristicTable) -> str:
    try:
        Profile.from_line(DEFAULT_PROFILE, table).validate_ranges()
    except (CharacteristicError, ValueError):
        return " ".join(row.print(row.worst) for row in table)
    return DEFAULT_PROFILE


@dataclass(frozen=True)
class FighterChoice:
    fighter: Fighter
    pay: bool


class NewFighterDialog(QDialog):
    def __init__(
        self,
        ruleset: Ruleset,
        house: str,
        credits: int,
        parent: QWidget | None = None,
        *,
        fighters: list[Fighter] | None = None,
        ignore_restrictions: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("New fighter")
        self._ruleset = ruleset
        self._house = house or None
        self._house_entry = ruleset.house(house) if house else None
        self._fighters = list(fighters or [])
        self._ignore_restrictions = ignore_restrictions
        self._types: list[FighterType] = ruleset.fighter_types_for(house or None)
        self._table = ruleset.table
        self._build_fields()
        self._build_footer(credits)
        self._lay_out()
        self.type.currentIndexChanged.connect(self._on_type_current_index_changed)
        self._on_type_current_index_changed(self.type.currentIndex())
        open_size(self, 520)

    def _build_fields(self) -> None:
        self.name = QLineEdit()
        self.name.setMaxLength(MAX_FIGHTER_NAME_CHARS)
        self.name.setPlaceholderText("Name")
        self.type = QComboBox()
        for kind in self._types:
            limit = f", 0-{kind.limit.max}" if kind.kind and kind.limit.max is not None else ""
            self.type.addItem(
                f"{kind.name} ({kind.category.label}{limit}, {kind.cost_for(self._house_entry)} credits)"
            )
        self.type.addItem(CUSTOM)
        self.owner = QComboBox()
        self.owner.setToolTip("An Exotic Beast belongs to a fighter of the gang")
        self.type_name = QLineEdit()
        self.type_name.setPlaceholderText("Type, e.g. Pit Slave")
        self.category = QComboBox()
        for category in Category:
            self.category.addItem(category.label, category)
        self.cost = QSpinBox()
        self.cost.setRange(0, MAX_AMOUNT)
        self.cost.setSuffix(" credits")
        self.profile = QLineEdit()
        codes = self._table.codes
        self.profile.setToolTip(f"{len(codes)} values: {' '.join(codes)}")

    def _build_footer(self, credits: int) -> None:
        self.pay = QCheckBox(
            f"Pay the recruit's cost from the gang's credits ({credits} available)"
        )
        self.pay.setChecked(True)
        self.message = QLabel()
        self.message.setStyleSheet("color: #c62828;")
        self.message.setWordWrap(True)
        self._buttons = buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Recruit")
        buttons.accepted.connect(self._on_buttons_accepted)
        buttons.rejected.connect(self.reject)

    def _lay_out(self) -> None:
        form = QFormLayout(self)
        form.addRow("&Name", self.name)
        form.addRow("&Type", self.type)
        form.addRow("O&wner (beasts)", self.owner)
        form.addRow("Custom t&ype", self.type_name)
        form.addRow("&Category", self.category)
        form.addRow("Base c&ost", self.cost)
        form.addRow("Base &profile", self.profile)
        form.addRow(self.pay)
        form.addRow(self.message)
        form.addRow(self._buttons)

    def _kind(self) -> FighterType | None:
        index = self.type.currentIndex()
        return self._types[index] if 0 <= index < len(self._types) else None

    def _on_type_current_index_changed(self, _index: int) -> None:
        kind = self._kind()
        custom = kind is None
        for box in (self.type_name, self.category, self.cost, self.profile):
            box.setEnabled(custom)
        self.owner.clear()
        owners = gang_additions.owner_candidates(kind, self._fighters) if kind else []
        for owner in owners:
            self.owner.addItem(f"{owner.name} ({owner.type or owner.category.label})", owner.id)
        self.owner.setEnabled(bool(owners))
        if kind is not None:
            self.type_name.setText(kind.name)
            self.category.setCurrentIndex(list(Category).index(kind.category))
            self.cost.setValue(kind.cost_for(self._house_entry))
            self.profile.setText(kind.profile.line(self._table))
        elif not self.profile.text():
            self.profile.setText(default_line(self._table))

    def choice(self) -> FighterChoice:
        """ValueError with a one-line reason when the entries do not make a fighter."""
        name = " ".join(self.name.text().split())
        if not name:
            raise ValueError("a fighter needs a name")
        kind = self._kind()
        if kind is not None:
            owner = self.owner.currentData()
            if kind.kind and not self._ignore_restrictions:
                verdict = gang_additions.check_recruit(
                    self._ruleset, self._house, self._fighters, kind, owner
                )
                if not verdict.allowed:
                    raise ValueError(verdict.reason)
            fighter = roster_ops.recruit(
                kind, name, self._ruleset, house=self._house, owner_id=owner
            )
            return FighterChoice(fighter, self.pay.isChecked())
        try:
            profile = Profile.from_line(self.profile.text(), self._table)
            profile.validate_ranges(self._table)
        except (CharacteristicError, ValueError) as exc:
            raise ValueError(f"profile: {str(exc).splitlines()[-1].strip()}") from None
        fighter = Fighter(
            name=name,
            type=self.type_name.text().strip(),
            category=self.category.currentData(),
            cost=self.cost.value(),
            profile=profile,
        )
        return FighterChoice(fighter, self.pay.isChecked())

    def _on_buttons_accepted(self) -> None:
        if not refused(self.choice, self.message, ValueError):
            self.accept()

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        ruleset: Ruleset,
        house: str,
        credits: int,
        *,
        fighters: list[Fighter] | None = None,
        ignore_restrictions: bool = False,
    ) -> FighterChoice | None:
        dialog = cls(
            ruleset,
            house,
            credits,
            parent,
            fighters=fighters,
            ignore_restrictions=ignore_restrictions,
        )
        return dialog.choice() if dialog.exec() == QDialog.DialogCode.Accepted else None
