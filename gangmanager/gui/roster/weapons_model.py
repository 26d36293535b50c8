"""A fighter's weapons as on a card: one row per profile, a column for each of the
pack's weapon columns (its `weapon_statline`: n23's Rng S ... Am, n26's SR LR Str AP L).

Traits carry the ruleset's text (the player's imported text where there is
one) as a tooltip; the weapon name says how many slots the weapon takes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont

from gangmanager.gui.common.rows_table_model import CENTRE, RIGHT, Column, RowsTableModel
from gangmanager.rules import roster_ops
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.shapes import N23_WEAPON_STATLINE, WeaponColumn
from gangmanager.rules.weapons import Weapon, WeaponProfile


@dataclass(frozen=True)
class ProfileRow:
    """One profile of one weapon; the first profile's row stands for the weapon."""

    weapon_index: int
    profile_index: int
    weapon: Weapon

    @property
    def profile(self) -> WeaponProfile:
        return self.weapon.profiles[self.profile_index]

    @property
    def first(self) -> bool:
        return self.profile_index == 0


def _name(row: ProfileRow) -> str:
    name = row.profile.name
    if row.first:
        return f"{row.weapon.name} - {name}" if name else row.weapon.name
    return f"    - {name or 'profile'}"


def _cost(row: ProfileRow) -> str:
    weapon, profile = row.weapon, row.profile
    if row.first:
        return f"{weapon.cost} +{profile.cost}" if profile.cost else str(weapon.cost)
    return f"+{profile.cost}" if profile.cost else ""


def _stat(column: WeaponColumn) -> Column[ProfileRow]:
    field = column.stored_in
    return Column(
        column.header, lambda r: r.profile.value(field), align=CENTRE, header_tip=column.name
    )


def columns_for(statline: Sequence[WeaponColumn]) -> tuple[Column[ProfileRow], ...]:
    """The weapon name, one column per weapon column of the pack, the traits, the cost."""
    return (
        Column("Weapon", _name),
        *(_stat(column) for column in statline),
        Column("Traits", lambda r: ", ".join(str(t) for t in r.profile.traits)),
        Column("Cost", _cost, align=RIGHT),
    )


# n23's columns: the table's while no fighter is shown.
COLUMNS = columns_for(N23_WEAPON_STATLINE)
TRAITS_COLUMN = [c.header for c in COLUMNS].index("Traits")


class WeaponsTableModel(RowsTableModel[ProfileRow]):
    COLUMNS = COLUMNS

    def __init__(self) -> None:
        super().__init__()
        self._ruleset: Ruleset | None = None
        # The weapon columns shown (kept when no fighter is: an empty table's columns).
        self._shown: tuple[WeaponColumn, ...] = N23_WEAPON_STATLINE

    def set_weapons(self, weapons: list[Weapon], ruleset: Ruleset | None) -> None:
        """The rows, and the columns of the ruleset's weapon statline (n23's without one)."""
        columns = None
        if ruleset is not None and tuple(ruleset.weapon_statline) != self._shown:
            self._shown = tuple(ruleset.weapon_statline)
            columns = columns_for(self._shown)
        self._ruleset = ruleset
        self.set_rows(
            [
                ProfileRow(w, p, weapon)
                for w, weapon in enumerate(weapons)
                for p in range(len(weapon.profiles))
            ],
            columns,
        )

    @property
    def traits_column(self) -> int:
        return self.headers().index("Traits")

    @property
    def cost_column(self) -> int:
        return self.headers().index("Cost")

    def position(self, row: int) -> tuple[int, int]:
        """(weapon index, profile index) of a row."""
        found = self.row_object(row)
        return found.weapon_index, found.profile_index

    def cell(self, row: ProfileRow, column: int, role: int) -> object:
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(row, column)
        if role == Qt.ItemDataRole.FontRole and column == 0 and row.first:
            font = QFont()
            font.setBold(True)
            return font
        return None

    def _tooltip(self, row: ProfileRow, column: int) -> str | None:
        # Every tooltip here is about the ruleset's armoury: none without one.
        ruleset = self._ruleset
        if ruleset is None:
            return None
        weapon, profile = row.weapon, row.profile
        if column == self.traits_column and profile.traits:
            lines = []
            for trait in profile.traits:
                text = ruleset.rules_text_for(str(trait)) or "(no rules text in this ruleset)"
                lines.append(f"{trait}: {text}")
            return "\n".join(lines)
        if column == 0:
            slots = roster_ops.weapon_slots(weapon, ruleset)
            entry = roster_ops.armoury_entry(ruleset, weapon.name)
            text = entry.summary if entry is not None and entry.summary else weapon.name
            return f"{text}\nTakes {slots} weapon slot{'s' if slots != 1 else ''}"
        if column == self.cost_column:
            return f"Paid: {weapon.total_cost} credits in all (weapon and paid profiles)"
        return None
