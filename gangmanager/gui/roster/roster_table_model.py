"""The selected gang's roster: one row per fighter, effective profile in printed form."""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from gangmanager.rules import ratings
from gangmanager.rules.characteristics import CODES
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.modifiers import EffectiveProfile
from gangmanager.rules.ruleset import Ruleset

Index = QModelIndex | QPersistentModelIndex
_LEAD = ("Name", "Type", "Category", "Status")
_TAIL = ("XP", "Rating")
HEADERS: tuple[str, ...] = _LEAD + CODES + _TAIL
PROFILE_COLUMNS = range(len(_LEAD), len(_LEAD) + len(CODES))
RATING_COLUMN = len(HEADERS) - 1


class RosterTableModel(QAbstractTableModel):
    """Read-only view of a gang; the window reloads it from the store after each change."""

    def __init__(self) -> None:
        super().__init__()
        self._fighters: list[Fighter] = []
        self._effective: list[EffectiveProfile] = []

    def set_gang(self, gang: Gang | None, ruleset: Ruleset | None) -> None:
        self.beginResetModel()
        self._fighters = list(gang.fighters) if gang and ruleset else []
        self._effective = [f.effective(ruleset.table) for f in self._fighters] if ruleset else []
        self.endResetModel()

    def fighter(self, row: int) -> Fighter:
        return self._fighters[row]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._fighters)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def _display(self, row: int, column: int) -> str:
        fighter = self._fighters[row]
        if column in PROFILE_COLUMNS:
            return self._effective[row].printed()[CODES[column - len(_LEAD)]]
        if column == RATING_COLUMN:
            committed = ratings.committed_fighter_rating(fighter)
            pending = ratings.pending_fighter_rating(fighter)
            return f"{committed} *" if pending != committed else str(committed)
        values = {
            0: fighter.name,
            1: fighter.type,
            2: fighter.category.label,
            3: fighter.status.label,
            len(HEADERS) - 2: str(fighter.xp),
        }
        return values[column]

    def _tooltip(self, row: int, column: int) -> str | None:
        if column in PROFILE_COLUMNS:
            effective = self._effective[row]
            code = CODES[column - len(_LEAD)]
            return effective.tooltip(code) if effective.modified(code) else None
        if column == RATING_COLUMN:
            fighter = self._fighters[row]
            committed = ratings.committed_fighter_rating(fighter)
            pending = ratings.pending_fighter_rating(fighter)
            if pending != committed:
                return f"Committed {committed}; pending {pending} until Update Roster"
            return ratings.fighter_receipt(fighter).text()
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(row, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(row, column)
        if (
            role == Qt.ItemDataRole.FontRole
            and column in PROFILE_COLUMNS
            and self._effective[row].modified(CODES[column - len(_LEAD)])
        ):
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and column >= len(_LEAD):
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return HEADERS[section]
        return None
