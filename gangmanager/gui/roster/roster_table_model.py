"""The selected gang's roster: one row per fighter, effective profile in printed form.

Modified characteristics are bold on a tint, with a tooltip naming every
source: green when better than the base profile, red when worse, amber when
modified to the same value; the tooltip's first line says which, with a sign.
In Recovery, Dead and Captured fighters are told apart by their row: greyed
and in italics, struck through when dead, with the status as a tooltip. The Fighter Rating shown is the committed one; when the pending
value differs it carries a marker (`*`) and a tooltip saying why.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont

from gangmanager.rules import ratings
from gangmanager.rules.characteristics import CODES
from gangmanager.rules.gang import Fighter, FighterStatus, Gang
from gangmanager.rules.modifiers import EffectiveProfile
from gangmanager.rules.ruleset import Ruleset

Index = QModelIndex | QPersistentModelIndex
_LEAD = ("Name", "Type", "Category", "Status")
_TAIL = ("XP", "Rating")
HEADERS: tuple[str, ...] = _LEAD + CODES + _TAIL
NAME_COLUMN = 0
PROFILE_COLUMNS = range(len(_LEAD), len(_LEAD) + len(CODES))
XP_COLUMN = len(HEADERS) - 2
RATING_COLUMN = len(HEADERS) - 1
PENDING_MARK = "*"
MODIFIED_TINT = QColor(255, 236, 179)
BETTER_TINT = QColor(200, 236, 200)
WORSE_TINT = QColor(255, 210, 205)
# The row of a fighter who is not fit to fight: how it is told apart, by status.
UNFIT_FOREGROUND = {
    FighterStatus.IN_RECOVERY: QColor(150, 100, 0),
    FighterStatus.DEAD: QColor(130, 130, 130),
    FighterStatus.CAPTURED: QColor(150, 30, 30),
}


def tint(direction: int) -> QColor:
    """Better than base: green; worse: red; changed to the same value: amber."""
    return BETTER_TINT if direction > 0 else WORSE_TINT if direction < 0 else MODIFIED_TINT


def rating_tooltip(fighter: Fighter) -> str:
    committed = ratings.committed_fighter_rating(fighter)
    pending = ratings.pending_fighter_rating(fighter)
    lines = [f"Fighter Rating {committed} (committed)"]
    if pending != committed:
        lines.append(
            f"{PENDING_MARK} pending {pending} ({pending - committed:+d}): equipment, advancements"
            " or cost changed since the last Update Roster, which commits it."
        )
    lines.append("")
    lines.append(ratings.fighter_receipt(fighter).text())
    return "\n".join(lines)


class RosterTableModel(QAbstractTableModel):
    """Read-only but for the name: editing it (F2) asks for a rename via the signal."""

    # fighter id, new name: the window runs the rename and refreshes the model.
    sig_rename_requested = Signal(int, str)

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

    def row_of(self, fighter_id: int | None) -> int | None:
        return next((i for i, f in enumerate(self._fighters) if f.id == fighter_id), None)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._fighters)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def _code(self, column: int) -> str | None:
        return CODES[column - len(_LEAD)] if column in PROFILE_COLUMNS else None

    def _display(self, row: int, column: int) -> str:
        fighter = self._fighters[row]
        code = self._code(column)
        if code is not None:
            return self._effective[row].printed()[code]
        if column == RATING_COLUMN:
            committed = ratings.committed_fighter_rating(fighter)
            pending = ratings.pending_fighter_rating(fighter)
            return f"{committed} {PENDING_MARK}" if pending != committed else str(committed)
        values = {
            0: fighter.name,
            1: fighter.type,
            2: fighter.category.label,
            3: fighter.status.label,
            XP_COLUMN: str(fighter.xp),
        }
        return values[column]

    def _tooltip(self, row: int, column: int) -> str | None:
        code = self._code(column)
        if code is not None:
            effective = self._effective[row]
            return effective.tooltip(code) if effective.modified(code) else None
        if column == RATING_COLUMN:
            return rating_tooltip(self._fighters[row])
        fighter = self._fighters[row]
        if column == NAME_COLUMN:
            summary = self._effective[row].summary()
            lines = (
                [f"{fighter.status.label}: not fit to fight"]
                if (fighter.status in UNFIT_FOREGROUND)
                else []
            )
            lines += [f"Modifiers: {summary}"] if summary else []
            return "\n".join(lines) or None
        return None

    def _modified(self, row: int, column: int) -> bool:
        code = self._code(column)
        return code is not None and self._effective[row].modified(code)

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        if index.isValid() and index.column() == NAME_COLUMN:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(row, column)
        if role == Qt.ItemDataRole.EditRole:
            return self._fighters[row].name if column == NAME_COLUMN else None
        if role == Qt.ItemDataRole.ToolTipRole:
            return self._tooltip(row, column)
        status = self._fighters[row].status
        unfit = status in UNFIT_FOREGROUND
        if role == Qt.ItemDataRole.FontRole and (unfit or self._modified(row, column)):
            font = QFont()
            font.setBold(self._modified(row, column))
            font.setItalic(unfit)
            font.setStrikeOut(status is FighterStatus.DEAD and column == NAME_COLUMN)
            return font
        if role == Qt.ItemDataRole.BackgroundRole and self._modified(row, column):
            code = self._code(column)
            assert code is not None
            return QBrush(tint(self._effective[row].direction(code)))
        if role == Qt.ItemDataRole.ForegroundRole:
            if self._modified(row, column):
                return QBrush(QColor(Qt.GlobalColor.black))
            if unfit:
                return QBrush(UNFIT_FOREGROUND[status])
        if role == Qt.ItemDataRole.TextAlignmentRole and column >= len(_LEAD):
            return int(Qt.AlignmentFlag.AlignCenter)
        return None

    def setData(self, index: Index, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or index.column() != NAME_COLUMN or role != Qt.ItemDataRole.EditRole:
            return False
        fighter = self._fighters[index.row()]
        name = str(value).strip()
        if name and name != fighter.name and fighter.id is not None:
            self.sig_rename_requested.emit(fighter.id, name)
        return False  # the roster changes only through the rename, then a reload

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return HEADERS[section]
        if role == Qt.ItemDataRole.ToolTipRole:
            if section == RATING_COLUMN:
                return f"Committed Fighter Rating; {PENDING_MARK} marks a different pending value"
            if section in PROFILE_COLUMNS:
                return "Effective profile: every modifier applied (bold: modified)"
        return None
