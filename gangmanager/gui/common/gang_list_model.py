"""The gangs in the database: name, house, Gang Rating (committed)."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor

from gangmanager.gui.common.rows_table_model import RIGHT, Column, Index, RowsTableModel
from gangmanager.services.gangs import GangSummary

NAME_COLUMN = 0
RATING_COLUMN = 2


def _rating(summary: GangSummary) -> str:
    return "-" if summary.rating is None else str(summary.rating)


class GangListModel(RowsTableModel[GangSummary]):
    """Read-only but for the name: editing it (F2) asks for a rename, it changes nothing itself."""

    # gang id, new name: the window runs the rename and refreshes the model.
    sig_rename_requested = Signal(int, str)

    def __init__(self, summaries: list[GangSummary] | None = None) -> None:
        super().__init__(summaries or [])
        # gang id -> why it does not load: listed, marked, and can be renamed or deleted.
        self._damaged: dict[int, str] = {}
        # Per model, not per class: the name reads which gangs are damaged.
        self.COLUMNS = (
            Column("Gang", self._name),
            Column("House", lambda s: s.house),
            Column("Rating", _rating, align=RIGHT, header_tip="Committed Gang Rating"),
        )

    def set_gangs(self, summaries: list[GangSummary]) -> None:
        self.set_rows(summaries)
        # Marks of gangs no longer listed go (a row not shown needs no signal).
        self._damaged = {k: v for k, v in self._damaged.items() if self.row_of(k) is not None}

    def set_damaged(self, gang_id: int, reason: str | None) -> None:
        """Mark a gang that failed to load (None: it loads again)."""
        row = self.row_of(gang_id)
        if row is None or self._damaged.get(gang_id) == reason:
            return
        if reason is None:
            self._damaged.pop(gang_id, None)
        else:
            self._damaged[gang_id] = reason
        self.dataChanged.emit(self.index(row, 0), self.index(row, self.columnCount() - 1))

    def damaged(self, gang_id: int) -> str | None:
        return self._damaged.get(gang_id)

    def gang_id(self, row: int) -> int:
        return self.row_object(row).id

    def row_of(self, gang_id: int) -> int | None:
        return next((i for i, s in enumerate(self._rows) if s.id == gang_id), None)

    def _name(self, summary: GangSummary) -> str:
        # A stored name is never shown raw: no line breaks or escapes in the list.
        name = " ".join(summary.name.split()) or "(no name)"
        return f"⚠ {name} (damaged)" if summary.id in self._damaged else name

    def _damage_tip(self, summary: GangSummary) -> str | None:
        damaged = self._damaged.get(summary.id)
        if damaged is None:
            return None
        return f"{damaged}\nRename it (F2) or delete it (Gang > Delete gang)."

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        if index.isValid() and index.column() == NAME_COLUMN:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def cell(self, summary: GangSummary, column: int, role: int) -> object:
        damaged = self._damaged.get(summary.id)
        if role == Qt.ItemDataRole.EditRole:
            if column == NAME_COLUMN:
                return summary.name
            return str(self.COLUMNS[column].text(summary))
        if role == Qt.ItemDataRole.ForegroundRole and damaged is not None:
            return QColor("#c62828")
        if role == Qt.ItemDataRole.ToolTipRole and damaged is not None:
            return self._damage_tip(summary)
        if role == Qt.ItemDataRole.ToolTipRole:
            fighters = f"{summary.fighter_count} fighter{'s' if summary.fighter_count != 1 else ''}"
            return (
                f"{summary.name}\n{summary.house or 'No house'}, ruleset {summary.ruleset}\n"
                f"{fighters}, {summary.credits} credits, reputation {summary.reputation}"
            )
        return None

    def setData(self, index: Index, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or index.column() != NAME_COLUMN or role != Qt.ItemDataRole.EditRole:
            return False
        name = str(value).strip()
        summary = self.row_object(index.row())
        if name and name != summary.name:
            self.sig_rename_requested.emit(summary.id, name)
        return False  # the stored name changes only through the rename, then a refresh
