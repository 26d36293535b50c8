"""A read-only table of rows, one object a row, with fixed column headers.

The row count, column count, headers and replacing the rows are the same for
every such table; a subclass says what a cell shows (`cell`) for each role.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

Index = QModelIndex | QPersistentModelIndex
RowT = TypeVar("RowT")


class RowsTableModel(QAbstractTableModel, Generic[RowT]):
    HEADERS: tuple[str, ...] = ()

    def __init__(self, rows: Sequence[RowT] = ()) -> None:
        super().__init__()
        self._rows: list[RowT] = list(rows)

    def set_rows(self, rows: Sequence[RowT]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def row_object(self, row: int) -> RowT:
        return self._rows[row]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.HEADERS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        return self.cell(self._rows[index.row()], index.column(), role)

    def cell(self, row: RowT, column: int, role: int) -> object:
        """What the cell shows for `role` (None: nothing)."""
        raise NotImplementedError

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.HEADERS[section]
        return None
