"""A read-only table of rows, one object a row, its columns described as data.

The row count, column count, headers and replacing the rows are the same for
every such table. A subclass lists its `COLUMNS` (`Column`: header, cell text,
alignment, tooltips); whatever a column does not say (colours, fonts, icons,
the edit role) comes from `cell`, which a subclass overrides for those roles.
A subclass may instead give plain `HEADERS` and answer every role in `cell`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

Index = QModelIndex | QPersistentModelIndex
RowT = TypeVar("RowT")

RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
CENTRE = Qt.AlignmentFlag.AlignCenter


@dataclass(frozen=True)
class Column(Generic[RowT]):
    """One column: its header and what each of its cells shows."""

    header: str
    # The cell's text (DisplayRole); anything else is shown through str().
    text: Callable[[RowT], object]
    # The cells' alignment (None: the view's default, left).
    align: Qt.AlignmentFlag | None = None
    # The cell's tooltip (None, or a None result: `cell` is asked).
    tip: Callable[[RowT], str | None] | None = None
    header_tip: str = ""
    # Whether the header is aligned as its cells are (numbers: right over right).
    align_header: bool = False


class RowsTableModel(QAbstractTableModel, Generic[RowT]):
    COLUMNS: Sequence[Column[RowT]] = ()
    HEADERS: tuple[str, ...] = ()

    def __init__(self, rows: Sequence[RowT] = ()) -> None:
        super().__init__()
        self._rows: list[RowT] = list(rows)

    def headers(self) -> tuple[str, ...]:
        return tuple(c.header for c in self.COLUMNS) if self.COLUMNS else self.HEADERS

    def set_rows(self, rows: Sequence[RowT]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def row_object(self, row: int) -> RowT:
        return self._rows[row]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.headers())

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        row = self._rows[index.row()]
        if self.COLUMNS:
            column = self.COLUMNS[index.column()]
            if role == Qt.ItemDataRole.DisplayRole:
                return str(column.text(row))
            if role == Qt.ItemDataRole.TextAlignmentRole and column.align is not None:
                return int(column.align)
            if role == Qt.ItemDataRole.ToolTipRole and column.tip is not None:
                tip = column.tip(row)
                if tip is not None:
                    return tip
        return self.cell(row, index.column(), role)

    def cell(self, row: RowT, column: int, role: int) -> object:
        """What the cell shows for a role its column does not answer (None: nothing)."""
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        headers = self.headers()
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(headers):
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return headers[section]
        if not self.COLUMNS:
            return None
        column = self.COLUMNS[section]
        if role == Qt.ItemDataRole.ToolTipRole and column.header_tip:
            return column.header_tip
        if (
            role == Qt.ItemDataRole.TextAlignmentRole
            and column.align_header
            and column.align is not None
        ):
            return int(column.align)
        return None
