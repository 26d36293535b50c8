"""The gangs in the database: name, house, Gang Rating."""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from gangmanager.persistence.repository import GangSummary

_HEADERS = ("Gang", "House", "Gang Rating")
Index = QModelIndex | QPersistentModelIndex


class GangListModel(QAbstractTableModel):
    def __init__(self, summaries: list[GangSummary] | None = None) -> None:
        super().__init__()
        self._rows: list[GangSummary] = list(summaries or [])

    def set_gangs(self, summaries: list[GangSummary]) -> None:
        self.beginResetModel()
        self._rows = list(summaries)
        self.endResetModel()

    def gang_id(self, row: int) -> int:
        return self._rows[row].id

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(_HEADERS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or role not in (
            Qt.ItemDataRole.DisplayRole,
            Qt.ItemDataRole.TextAlignmentRole,
        ):
            return None
        summary = self._rows[index.row()]
        if role == Qt.ItemDataRole.TextAlignmentRole:
            return (
                int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if index.column() == 2
                else None
            )
        rating = "-" if summary.rating is None else str(summary.rating)
        return (summary.name, summary.house, rating)[index.column()]

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return _HEADERS[section]
        return None
