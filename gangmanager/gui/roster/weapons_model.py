"""A fighter's weapons as on a card: one row per profile, every column of the profile.

Traits carry the ruleset's text (the player's imported text where there is
one) as a tooltip; the weapon name says how many slots the weapon takes.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont

from gangmanager.gui.common.rows_table_model import CENTRE, RIGHT, Column, RowsTableModel
from gangmanager.rules import roster_ops
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import Weapon, WeaponProfile

_STATS = ("rng_s", "rng_l", "acc_s", "acc_l", "strength", "ap", "d", "am")
_STAT_HEADERS = ("Rng S", "Rng L", "Acc S", "Acc L", "Str", "AP", "D", "Am")


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


def _stat(name: str) -> Column[ProfileRow]:
    return Column(
        _STAT_HEADERS[_STATS.index(name)], lambda r: getattr(r.profile, name), align=CENTRE
    )


COLUMNS: tuple[Column[ProfileRow], ...] = (
    Column("Weapon", _name),
    *(_stat(name) for name in _STATS),
    Column("Traits", lambda r: ", ".join(str(t) for t in r.profile.traits)),
    Column("Cost", _cost, align=RIGHT),
)
HEADERS = tuple(c.header for c in COLUMNS)
TRAITS_COLUMN = HEADERS.index("Traits")
COST_COLUMN = HEADERS.index("Cost")


class WeaponsTableModel(RowsTableModel[ProfileRow]):
    COLUMNS = COLUMNS

    def __init__(self) -> None:
        super().__init__()
        self._ruleset: Ruleset | None = None

    def set_weapons(self, weapons: list[Weapon], ruleset: Ruleset | None) -> None:
        self._ruleset = ruleset
        self.set_rows(
            [
                ProfileRow(w, p, weapon)
                for w, weapon in enumerate(weapons)
                for p in range(len(weapon.profiles))
            ]
        )

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
        if column == TRAITS_COLUMN and profile.traits:
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
        if column == COST_COLUMN:
            return f"Paid: {weapon.total_cost} credits in all (weapon and paid profiles)"
        return None
