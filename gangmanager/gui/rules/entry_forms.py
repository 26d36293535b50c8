"""The forms of Rules > My pack...: a fighter type, a weapon, a wargear item.

Each form is drawn from the pack it adds to: the fighter type's fields are the
characteristics of the pack's fighter statline, the weapon's profile fields the
columns of its weapon statline, its traits the pack's own. `entry()` gives the
entry as the pack's files write it; what the form can tell at once (no name, an
empty characteristic) is an `EntryRefused` line, the rest the pack's own checks say
when the entry is saved (services/user_packs.py).
"""

from __future__ import annotations

import typing
from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.common.rows_table_model import Column, RowsTableModel
from gangmanager.rules.gang import Category
from gangmanager.rules.limits import MAX_AMOUNT
from gangmanager.rules.ruleset import FIGHTER_STATLINE, ArmouryItem, ArmouryWeapon, Ruleset
from gangmanager.rules.ruleset_houses import ADDITION_KINDS

# A house's own fighters: every category but the gang additions' and a vehicle's crew.
HOUSE_CATEGORIES = tuple(c for c in Category if c not in ADDITION_KINDS and c is not Category.CREW)
WEAPON_KINDS: tuple[str, ...] = typing.get_args(ArmouryWeapon.model_fields["kind"].annotation)
WARGEAR_KINDS: tuple[str, ...] = typing.get_args(ArmouryItem.model_fields["kind"].annotation)


class EntryRefused(ValueError):
    """What the form can refuse before the pack is asked; `str()` is one line."""


def cost_box() -> QSpinBox:
    box = QSpinBox()
    box.setRange(0, MAX_AMOUNT)
    box.setSuffix(" credits")
    return box


def combo(items: list[tuple[str, str]]) -> QComboBox:
    """A combo box of (shown text, value) pairs."""
    box = QComboBox()
    for text, value in items:
        box.addItem(text, value)
    return box


def _stacked(widget: QWidget) -> QFormLayout:
    """A form at the top of `widget`, the room left below it (the tabs are of one size)."""
    outer = QVBoxLayout(widget)
    form = QFormLayout()
    outer.addLayout(form)
    outer.addStretch(1)
    return form


def named(edit: QLineEdit, what: str) -> str:
    name = " ".join(edit.text().split())
    if not name:
        raise EntryRefused(f"give the {what} a name")
    return name


class FighterTypeForm(QWidget):
    """A fighter type for one house's list: one field per characteristic."""

    KIND = "fighter_type"
    WHAT = "fighter type"

    def __init__(self, ruleset: Ruleset, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._ruleset = ruleset
        self._table = ruleset.statline(FIGHTER_STATLINE)
        self.house = combo([(h.name, h.id) for h in ruleset.houses])
        self.name = QLineEdit()
        self.name.setPlaceholderText("as your book names it")
        self.category = combo([(c.label, c.value) for c in HOUSE_CATEGORIES])
        self.category.setCurrentIndex(HOUSE_CATEGORIES.index(Category.GANGER))
        self.cost = cost_box()
        self.summary = QLineEdit()
        self.summary.setPlaceholderText("a short note in your own words (optional)")
        self.stats: dict[str, QLineEdit] = {}
        grid = QGridLayout()
        for column, row in enumerate(self._table):
            label = QLabel(row.code)
            edit = QLineEdit()
            edit.setMaximumWidth(52)
            tip = f"{row.name}: best {row.print(row.best)}, worst {row.print(row.worst)}"
            label.setToolTip(tip)
            edit.setToolTip(tip)
            label.setBuddy(edit)
            grid.addWidget(label, 0, column)
            grid.addWidget(edit, 1, column)
            self.stats[row.code] = edit
        form = _stacked(self)
        form.addRow("&House:", self.house)
        form.addRow("&Name:", self.name)
        form.addRow("C&ategory:", self.category)
        form.addRow("&Cost:", self.cost)
        form.addRow("Profile:", grid)
        form.addRow("S&ummary:", self.summary)
        self.house.currentIndexChanged.connect(self._on_house_currentIndexChanged)
        self._on_house_currentIndexChanged()

    def _on_house_currentIndexChanged(self, *_: object) -> None:
        """Start from the house's Ganger (else its first type): most of a line is alike."""
        house = self._ruleset.house(str(self.house.currentData() or ""))
        types = [t for t in house.fighter_types if t.statline == FIGHTER_STATLINE] if house else []
        model = next(
            (t for t in types if t.category is Category.GANGER), types[0] if types else None
        )
        for row in self._table:
            value = model.profile[row.code] if model is not None else row.worst
            self.stats[row.code].setText(row.print(value))

    def entry(self) -> dict[str, Any]:
        profile = {}
        for code, edit in self.stats.items():
            text = edit.text().strip()
            if not text:
                raise EntryRefused(f"{code}: give a value ({edit.toolTip()})")
            profile[code] = text
        entry: dict[str, Any] = {
            "house": str(self.house.currentData()),
            "name": named(self.name, self.WHAT),
            "category": str(self.category.currentData()),
            "cost": self.cost.value(),
            "profile": profile,
        }
        if self.summary.text().strip():
            entry["summary"] = self.summary.text().strip()
        return entry


class WargearForm(QWidget):
    """Armour or wargear: price, rarity, kind, an armour save."""

    KIND = "wargear"
    WHAT = "item"

    def __init__(self, ruleset: Ruleset, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.name = QLineEdit()
        self.cost = cost_box()
        self.kind = combo([(k.capitalize(), k) for k in WARGEAR_KINDS])
        self.kind.setCurrentIndex(WARGEAR_KINDS.index("wargear"))
        self.availability = QLineEdit("C")
        self.availability.setToolTip("C for Common, R8 for Rare 8, I9 for Illegal 9")
        self.save = QSpinBox()
        self.save.setRange(1, 6)
        self.save.setSpecialValueText("none")  # 1: no armour save
        self.save.setSuffix("+")
        self.summary = QLineEdit()
        self.summary.setPlaceholderText("a short note in your own words (optional)")
        form = _stacked(self)
        form.addRow("&Name:", self.name)
        form.addRow("&Cost:", self.cost)
        form.addRow("&Kind:", self.kind)
        form.addRow("&Availability:", self.availability)
        form.addRow("Armour &save:", self.save)
        form.addRow("S&ummary:", self.summary)

    def entry(self) -> dict[str, Any]:
        entry: dict[str, Any] = {
            "name": named(self.name, self.WHAT),
            "cost": self.cost.value(),
            "kind": str(self.kind.currentData()),
            "availability": self.availability.text().strip() or "C",
        }
        if self.save.value() > 1:
            entry["save"] = self.save.value()
        if self.summary.text().strip():
            entry["summary"] = self.summary.text().strip()
        return entry


def _cell(code: str) -> Callable[[dict[str, Any]], object]:
    return lambda profile: profile.get(code, "")


class ProfilesModel(RowsTableModel[dict[str, Any]]):
    """The weapon's profiles so far: a column per weapon-statline column, and traits."""

    def __init__(self, codes: list[str]) -> None:
        super().__init__()
        columns: list[Column[dict[str, Any]]] = [Column("Profile", lambda p: p.get("name", ""))]
        columns += [Column(code, _cell(code)) for code in codes]
        columns.append(Column("Traits", lambda p: ", ".join(p.get("traits", []))))
        self.COLUMNS = columns

    def profiles(self) -> list[dict[str, Any]]:
        return list(self._rows)
