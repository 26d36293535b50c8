"""The gangs in the database: name, house, Gang Rating (committed)."""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QColor

from gangmanager.services.gangs import GangSummary

_HEADERS = ("Gang", "House", "Rating")
NAME_COLUMN = 0
RATING_COLUMN = 2
Index = QModelIndex | QPersistentModelIndex


class GangListModel(QAbstractTableModel):
    """Read-only but for the name: editing it (F2) asks for a rename, it changes nothing itself."""

    # gang id, new name: the window runs the rename and refreshes the model.
    sig_rename_requested = Signal(int, str)

    def __init__(self, summaries: list[GangSummary] | None = None) -> None:
        super().__init__()
        self._rows: list[GangSummary] = list(summaries or [])
        # gang id -> why it does not load: listed, marked, and can be renamed or deleted.
        self._damaged: dict[int, str] = {}

    def set_gangs(self, summaries: list[GangSummary]) -> None:
        self.beginResetModel()
        self._rows = list(summaries)
        self._damaged = {k: v for k, v in self._damaged.items() if self.row_of(k) is not None}
        self.endResetModel()

    def set_damaged(self, gang_id: int, reason: str | None) -> None:
        """Mark a gang that failed to load (None: it loads again)."""
        row = self.row_of(gang_id)
        if row is None or self._damaged.get(gang_id) == reason:
            return
        if reason is None:
            self._damaged.pop(gang_id, None)
        else:
            self._damaged[gang_id] = reason
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(_HEADERS) - 1))

    def damaged(self, gang_id: int) -> str | None:
        return self._damaged.get(gang_id)

    def gang_id(self, row: int) -> int:
        return self._rows[row].id

    def row_of(self, gang_id: int) -> int | None:
        return next((i for i, s in enumerate(self._rows) if s.id == gang_id), None)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(_HEADERS)

    def flags(self, index: Index) -> Qt.ItemFlag:
        flags = super().flags(index)
        if index.isValid() and index.column() == NAME_COLUMN:
            flags |= Qt.ItemFlag.ItemIsEditable
        return flags

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        summary = self._rows[index.row()]
        damaged = self._damaged.get(summary.id)
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if role == Qt.ItemDataRole.EditRole and index.column() == NAME_COLUMN:
                return summary.name
            rating = "-" if summary.rating is None else str(summary.rating)
            # A stored name is never shown raw: no line breaks or escapes in the list.
            name = " ".join(summary.name.split()) or "(no name)"
            if damaged is not None:
                name = f"⚠ {name} (damaged)"
            return (name, summary.house, rating)[index.column()]
        if role == Qt.ItemDataRole.ForegroundRole and damaged is not None:
            return QColor("#c62828")
        if role == Qt.ItemDataRole.ToolTipRole and damaged is not None:
            return f"{damaged}\nRename it (F2) or delete it (Gang > Delete gang)."
        if role == Qt.ItemDataRole.ToolTipRole:
            fighters = f"{summary.fighter_count} fighter{'s' if summary.fighter_count != 1 else ''}"
            return (
                f"{summary.name}\n{summary.house or 'No house'}, ruleset {summary.ruleset}\n"
                f"{fighters}, {summary.credits} credits, reputation {summary.reputation}"
            )
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == RATING_COLUMN:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def setData(self, index: Index, value: object, role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or index.column() != NAME_COLUMN or role != Qt.ItemDataRole.EditRole:
            return False
        name = str(value).strip()
        summary = self._rows[index.row()]
        if name and name != summary.name:
            self.sig_rename_requested.emit(summary.id, name)
        return False  # the stored name changes only through the rename, then a refresh

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return _HEADERS[section]
        if role == Qt.ItemDataRole.ToolTipRole and orientation == Qt.Orientation.Horizontal:
            return "Committed Gang Rating" if section == RATING_COLUMN else None
        return None
