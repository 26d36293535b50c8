"""The selected gang's roster: one row per fighter, effective profile in printed form.

Modified characteristics are bold on a tint, with a tooltip naming every
source: green when better than the base profile, red when worse, amber when
modified to the same value; the tooltip's first line says which, with a sign.
In Recovery, Dead and Captured fighters are told apart by their row: greyed
and in italics, struck through when dead, with the status as a tooltip. The Fighter Rating shown is the committed one; when the pending
value differs it carries a marker (`*`) and a tooltip saying why.
Every cell is worked out when its fighter changes, not on each `data()` call;
after an edit only the fighters that differ are worked out again and repainted.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont

from gangmanager.rules import ratings
from gangmanager.rules.characteristics import CODES, CharacteristicTable
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


@dataclass(frozen=True)
class _Cells:
    """One fighter's row as shown, worked out once when the fighter changes.

    A view asks `data()` for every cell and role on each repaint (thousands of
    calls for a roster): answering from these tuples keeps a repaint cheap.
    """

    texts: tuple[str, ...]
    tooltips: tuple[str | None, ...]
    fonts: tuple[QFont | None, ...]
    backgrounds: tuple[QBrush | None, ...]
    foregrounds: tuple[QBrush | None, ...]


def _display(fighter: Fighter, effective: EffectiveProfile) -> tuple[str, ...]:
    committed = ratings.committed_fighter_rating(fighter)
    pending = ratings.pending_fighter_rating(fighter)
    rating = f"{committed} {PENDING_MARK}" if pending != committed else str(committed)
    printed = effective.printed()
    lead = (fighter.name, fighter.type, fighter.category.label, fighter.status.label)
    return (*lead, *(printed[code] for code in CODES), str(fighter.xp), rating)


def _tooltip(fighter: Fighter, effective: EffectiveProfile, column: int) -> str | None:
    code = _code(column)
    if code is not None:
        return effective.tooltip(code) if effective.modified(code) else None
    if column == RATING_COLUMN:
        return rating_tooltip(fighter)
    if column == NAME_COLUMN:
        summary = effective.summary()
        lines = (
            [f"{fighter.status.label}: not fit to fight"]
            if (fighter.status in UNFIT_FOREGROUND)
            else []
        )
        lines += [f"Modifiers: {summary}"] if summary else []
        return "\n".join(lines) or None
    return None


def _code(column: int) -> str | None:
    return CODES[column - len(_LEAD)] if column in PROFILE_COLUMNS else None


def _cells(fighter: Fighter, effective: EffectiveProfile) -> _Cells:
    status = fighter.status
    unfit = status in UNFIT_FOREGROUND
    fonts: list[QFont | None] = []
    backgrounds: list[QBrush | None] = []
    foregrounds: list[QBrush | None] = []
    for column in range(len(HEADERS)):
        code = _code(column)
        modified = code is not None and effective.modified(code)
        font = None
        if unfit or modified:
            font = QFont()
            font.setBold(modified)
            font.setItalic(unfit)
            font.setStrikeOut(status is FighterStatus.DEAD and column == NAME_COLUMN)
        fonts.append(font)
        backgrounds.append(
            QBrush(tint(effective.direction(code))) if modified and code is not None else None
        )
        foregrounds.append(
            QBrush(QColor(Qt.GlobalColor.black))
            if modified
            else QBrush(UNFIT_FOREGROUND[status])
            if unfit
            else None
        )
    return _Cells(
        _display(fighter, effective),
        tuple(_tooltip(fighter, effective, column) for column in range(len(HEADERS))),
        tuple(fonts),
        tuple(backgrounds),
        tuple(foregrounds),
    )


class RosterTableModel(QAbstractTableModel):
    """Read-only but for the name: editing it (F2) asks for a rename via the signal."""

    # fighter id, new name: the window runs the rename and refreshes the model.
    sig_rename_requested = Signal(int, str)

    def __init__(self) -> None:
        super().__init__()
        self._fighters: list[Fighter] = []
        self._cells: list[_Cells] = []
        self._ruleset: Ruleset | None = None
        self._table: CharacteristicTable | None = None

    def set_gang(self, gang: Gang | None, ruleset: Ruleset | None) -> None:
        self.beginResetModel()
        self._fighters = list(gang.fighters) if gang and ruleset else []
        self._ruleset = ruleset if gang else None
        self._table = ruleset.table if ruleset else None
        self._cells = [self._make_cells(f) for f in self._fighters]
        self.endResetModel()

    def update_gang(self, gang: Gang, ruleset: Ruleset) -> bool:
        """Show the gang saved after an edit, repainting only the rows that changed.

        False (and nothing done) when fighters came, went or moved: the caller
        resets the model with `set_gang` then.
        """
        if [f.id for f in gang.fighters] != [f.id for f in self._fighters] or (
            ruleset is not self._ruleset
        ):
            return False
        for row, fighter in enumerate(gang.fighters):
            if fighter == self._fighters[row]:
                continue
            self._fighters[row] = fighter
            self._cells[row] = self._make_cells(fighter)
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(HEADERS) - 1))
        return True

    def _make_cells(self, fighter: Fighter) -> _Cells:
        assert self._table is not None
        return _cells(fighter, fighter.effective(self._table))

    def fighter(self, row: int) -> Fighter:
        return self._fighters[row]

    def row_of(self, fighter_id: int | None) -> int | None:
        return next((i for i, f in enumerate(self._fighters) if f.id == fighter_id), None)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._fighters)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        if index.isValid() and index.column() == NAME_COLUMN:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        row, column = index.row(), index.column()
        cells = self._cells[row]
        if role == Qt.ItemDataRole.DisplayRole:
            return cells.texts[column]
        if role == Qt.ItemDataRole.EditRole:
            return self._fighters[row].name if column == NAME_COLUMN else None
        if role == Qt.ItemDataRole.ToolTipRole:
            return cells.tooltips[column]
        if role == Qt.ItemDataRole.FontRole:
            return cells.fonts[column]
        if role == Qt.ItemDataRole.BackgroundRole:
            return cells.backgrounds[column]
        if role == Qt.ItemDataRole.ForegroundRole:
            return cells.foregrounds[column]
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
