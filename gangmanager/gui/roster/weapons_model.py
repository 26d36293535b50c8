"""A fighter's weapons as on a card: one row per profile, every column of the profile.

Traits carry the ruleset's text (the player's imported text where there is
one) as a tooltip; the weapon name says how many slots the weapon takes.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from gangmanager.rules import roster_ops
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import Weapon, WeaponProfile

Index = QModelIndex | QPersistentModelIndex
HEADERS = ("Weapon", "Rng S", "Rng L", "Acc S", "Acc L", "Str", "AP", "D", "Am", "Traits", "Cost")
TRAITS_COLUMN = HEADERS.index("Traits")
COST_COLUMN = HEADERS.index("Cost")
_STATS = ("rng_s", "rng_l", "acc_s", "acc_l", "strength", "ap", "d", "am")


class WeaponsTableModel(QAbstractTableModel):
    def __init__(self) -> None:
        super().__init__()
        self._weapons: list[Weapon] = []
        self._rows: list[tuple[int, int]] = []
        self._ruleset: Ruleset | None = None

    def set_weapons(self, weapons: list[Weapon], ruleset: Ruleset | None) -> None:
        self.beginResetModel()
        self._weapons = list(weapons)
        self._ruleset = ruleset
        self._rows = [
            (w, p) for w, weapon in enumerate(weapons) for p in range(len(weapon.profiles))
        ]
        self.endResetModel()

    def position(self, row: int) -> tuple[int, int]:
        """(weapon index, profile index) of a row."""
        return self._rows[row]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def _profile(self, row: int) -> tuple[Weapon, WeaponProfile, bool]:
        w, p = self._rows[row]
        weapon = self._weapons[w]
        return weapon, weapon.profiles[p], p == 0

    def _display(self, row: int, column: int) -> str:
        weapon, profile, first = self._profile(row)
        if column == 0:
            if first:
                return f"{weapon.name} - {profile.name}" if profile.name else weapon.name
            return f"    - {profile.name or 'profile'}"
        if column == TRAITS_COLUMN:
            return ", ".join(str(t) for t in profile.traits)
        if column == COST_COLUMN:
            if first:
                return f"{weapon.cost} +{profile.cost}" if profile.cost else str(weapon.cost)
            return f"+{profile.cost}" if profile.cost else ""
        return str(getattr(profile, _STATS[column - 1]))

    def _tooltip(self, row: int, column: int) -> str | None:
        weapon, profile, _first = self._profile(row)
        ruleset = self._ruleset
        if ruleset is None:
            return None
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

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(row, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(row, column)
        if role == Qt.ItemDataRole.FontRole and column == 0 and self._rows[row][1] == 0:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and 0 < column < TRAITS_COLUMN:
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.TextAlignmentRole and column == COST_COLUMN:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return HEADERS[section]
        return None
