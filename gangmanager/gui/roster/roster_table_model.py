"""The selected gang's roster: one row per fighter, effective profile in printed form.

Modified characteristics are bold on a tint, with a tooltip naming every
source: green when better than the base profile, red when worse, amber when
modified to the same value; the tooltip's first line says which, with a sign.
In Recovery, Dead and Captured fighters are told apart by their row: greyed
and in italics, struck through when dead, with the status as a tooltip. The Fighter Rating shown is the committed one; when the pending
value differs it carries a marker (`*`) and a tooltip saying why.
Every cell is worked out when its fighter changes, not on each `data()` call:
the texts by the rows base (`CACHE_TEXTS`, from the column descriptors), the
tooltips, fonts and brushes in the row (`RosterRow`); after an edit only the
fighters that differ are worked out again and repainted (`update_rows`).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont

from gangmanager.gui.common.rows_table_model import CENTRE, Column, Index, RowsTableModel
from gangmanager.rules import ratings
from gangmanager.rules.gang import Fighter, FighterStatus, Gang
from gangmanager.rules.modifiers import EffectiveProfile
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.statline_layout import StatColumn, gang_statlines, stat_columns

_LEAD = ("Name", "Type", "Category", "Status")
_TAIL = ("XP", "Rating")
NAME_COLUMN = 0
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
class RosterRow:
    """One fighter's row, worked out once when the fighter changes.

    A view asks `data()` for every cell and role on each repaint (thousands of
    calls for a roster): answering from these tuples keeps a repaint cheap.
    """

    fighter: Fighter
    # The effective profile in printed form ("4+", "5\"") by characteristic code.
    printed: dict[str, str]
    tooltips: tuple[str | None, ...]
    fonts: tuple[QFont | None, ...]
    backgrounds: tuple[QBrush | None, ...]
    foregrounds: tuple[QBrush | None, ...]


def _rating(fighter: Fighter) -> str:
    committed = ratings.committed_fighter_rating(fighter)
    pending = ratings.pending_fighter_rating(fighter)
    return f"{committed} {PENDING_MARK}" if pending != committed else str(committed)


def _tooltip(
    fighter: Fighter, effective: EffectiveProfile, column: int, codes: tuple[str, ...]
) -> str | None:
    code = _code(column, codes)
    if code is not None:
        held = code in effective.values and effective.modified(code)
        return effective.tooltip(code) if held else None
    if column == len(_LEAD) + len(codes) + 1:
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


def _code(column: int, codes: tuple[str, ...]) -> str | None:
    at = column - len(_LEAD)
    return codes[at] if 0 <= at < len(codes) else None


def roster_row(
    fighter: Fighter, effective: EffectiveProfile, codes: tuple[str, ...] | None = None
) -> RosterRow:
    """The row under the characteristic columns `codes` (None: the fighter's statline)."""
    if codes is None:
        codes = effective.table.codes
    status = fighter.status
    unfit = status in UNFIT_FOREGROUND
    fonts: list[QFont | None] = []
    backgrounds: list[QBrush | None] = []
    foregrounds: list[QBrush | None] = []
    width = len(_LEAD) + len(codes) + len(_TAIL)
    for column in range(width):
        code = _code(column, codes)
        modified = code is not None and code in effective.values and effective.modified(code)
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
    return RosterRow(
        fighter,
        effective.printed(),
        tuple(_tooltip(fighter, effective, column, codes) for column in range(width)),
        tuple(fonts),
        tuple(backgrounds),
        tuple(foregrounds),
    )


def _profile_column(column: StatColumn) -> Column[RosterRow]:
    code = column.code
    return Column(
        code,
        # Empty under a code the fighter's statline does not hold.
        lambda row: row.printed.get(code, ""),
        align=CENTRE,
        header_tip=f"{column.tooltip}. Effective profile: every modifier applied (bold: modified)",
    )


_LEAD_COLUMNS: tuple[Column[RosterRow], ...] = (
    Column("Name", lambda row: row.fighter.name),
    Column("Type", lambda row: row.fighter.type),
    Column("Category", lambda row: row.fighter.category.label),
    Column("Status", lambda row: row.fighter.status.label),
)
_TAIL_COLUMNS: tuple[Column[RosterRow], ...] = (
    Column("XP", lambda row: row.fighter.xp, align=CENTRE),
    Column(
        "Rating",
        lambda row: _rating(row.fighter),
        align=CENTRE,
        header_tip=f"Committed Fighter Rating; {PENDING_MARK} marks a different pending value",
    ),
)
assert tuple(c.header for c in _LEAD_COLUMNS) == _LEAD
assert tuple(c.header for c in _TAIL_COLUMNS) == _TAIL


def roster_columns(stats: tuple[StatColumn, ...]) -> tuple[Column[RosterRow], ...]:
    """The texts the base keeps per row; tooltips, fonts and brushes come from `cell`."""
    return (*_LEAD_COLUMNS, *(_profile_column(s) for s in stats), *_TAIL_COLUMNS)


# The roles a row answers from its tuples (plain ints: see rows_table_model.DISPLAY).
_BY_ROLE = {
    int(Qt.ItemDataRole.ToolTipRole.value): "tooltips",
    int(Qt.ItemDataRole.FontRole.value): "fonts",
    int(Qt.ItemDataRole.BackgroundRole.value): "backgrounds",
    int(Qt.ItemDataRole.ForegroundRole.value): "foregrounds",
}
EDIT = int(Qt.ItemDataRole.EditRole.value)


class RosterTableModel(RowsTableModel[RosterRow]):
    """Read-only but for the name: editing it (F2) asks for a rename via the signal.

    The characteristic columns are those of the gang's statlines (`gang_statlines`
    and `stat_columns` in rules/statline_layout.py): the first statline's in order,
    then each other's codes it lacks, a fighter's cell empty under a code their own
    statline does not hold.
    """

    CACHE_TEXTS = True

    # fighter id, new name: the window runs the rename and refreshes the model.
    sig_rename_requested = Signal(int, str)

    def __init__(self) -> None:
        super().__init__()
        self._ruleset: Ruleset | None = None
        self._stats: tuple[StatColumn, ...] = ()
        self._codes: tuple[str, ...] = ()
        self.COLUMNS = roster_columns(())

    @property
    def codes(self) -> tuple[str, ...]:
        """The characteristic codes of the profile columns, in column order."""
        return self._codes

    @property
    def xp_column(self) -> int:
        return len(_LEAD) + len(self._codes)

    @property
    def rating_column(self) -> int:
        return self.xp_column + 1

    def set_gang(self, gang: Gang | None, ruleset: Ruleset | None) -> None:
        self._ruleset = ruleset if gang else None
        stats = stat_columns(gang_statlines(gang.fighters, ruleset)) if gang and ruleset else ()
        fighters = list(gang.fighters) if gang and ruleset else []
        self._stats, self._codes = stats, tuple(s.code for s in stats)
        self.set_rows([self._make_row(f) for f in fighters], roster_columns(stats))

    def update_gang(self, gang: Gang, ruleset: Ruleset) -> bool:
        """Show the gang saved after an edit, repainting only the rows that changed.

        False (and nothing done) when fighters came, went or moved, or the columns
        would change: the caller resets the model with `set_gang` then.
        """
        if [f.id for f in gang.fighters] != [r.fighter.id for r in self._rows] or (
            ruleset is not self._ruleset
        ):
            return False
        if stat_columns(gang_statlines(gang.fighters, ruleset)) != self._stats:
            return False
        self.update_rows(
            {row: self._make_row(fighter) for row, fighter in enumerate(gang.fighters)
             if fighter != self._rows[row].fighter}
        )  # fmt: skip
        return True

    def _make_row(self, fighter: Fighter) -> RosterRow:
        assert self._ruleset is not None
        table = self._ruleset.table_for(fighter.profile)
        return roster_row(fighter, fighter.effective(table), self._codes)

    def fighter(self, row: int) -> Fighter:
        return self._rows[row].fighter

    def row_of(self, fighter_id: int | None) -> int | None:
        return next((i for i, r in enumerate(self._rows) if r.fighter.id == fighter_id), None)

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        if index.isValid() and index.column() == NAME_COLUMN:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def cell(self, row: RosterRow, column: int, role: int) -> object:
        attribute = _BY_ROLE.get(role)
        if attribute is not None:
            values: tuple[object, ...] = getattr(row, attribute)
            return values[column]
        if role == EDIT:
            return row.fighter.name if column == NAME_COLUMN else None
        return None

    def setData(self, index: Index, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or index.column() != NAME_COLUMN or role != Qt.ItemDataRole.EditRole:
            return False
        fighter = self._rows[index.row()].fighter
        name = str(value).strip()
        if name and name != fighter.name and fighter.id is not None:
            self.sig_rename_requested.emit(fighter.id, name)
        return False  # the roster changes only through the rename, then a reload
