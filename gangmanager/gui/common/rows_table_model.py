"""A read-only table of rows, one object a row, its columns described as data.

The row count, column count, headers and replacing the rows are the same for
every such table. A subclass lists its `COLUMNS` (`Column`: header, cell text,
alignment, tooltips); whatever a column does not say (colours, fonts, icons,
the edit role) comes from `cell`, which a subclass overrides for those roles.
A subclass may instead give plain `HEADERS` and answer every role in `cell`.

Rows change by a reset (`set_rows`), or in place: rows replaced
(`update_rows`, one `dataChanged`), rows added at the end (`extend_rows`) or
taken off it (`truncate_rows`), so a view keeps its layout and scroll position.
With `CACHE_TEXTS` the cell texts of a row are worked out when the row is set,
not on each `data()` call: a view asks for every cell on every repaint (the
roster: thousands of calls), which then costs a tuple lookup.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

Index = QModelIndex | QPersistentModelIndex
RowT = TypeVar("RowT")

RIGHT = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
CENTRE = Qt.AlignmentFlag.AlignCenter
# The roles as plain ints: `data()` runs for every cell and role of a repaint, and
# comparing an int with the enum member costs more than with an int.
DISPLAY = int(Qt.ItemDataRole.DisplayRole.value)
ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole.value)
TOOLTIP = int(Qt.ItemDataRole.ToolTipRole.value)


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
    # Keep each row's cell texts (COLUMNS only), worked out when the row is set.
    CACHE_TEXTS = False

    def __init__(self, rows: Sequence[RowT] = ()) -> None:
        super().__init__()
        self._rows: list[RowT] = list(rows)
        self._texts: list[tuple[str, ...]] = [self._texts_of(r) for r in self._rows]

    def headers(self) -> tuple[str, ...]:
        return tuple(c.header for c in self.COLUMNS) if self.COLUMNS else self.HEADERS

    def _texts_of(self, row: RowT) -> tuple[str, ...]:
        if not self.CACHE_TEXTS:
            return ()
        return tuple(str(column.text(row)) for column in self.COLUMNS)

    def set_rows(self, rows: Sequence[RowT], columns: Sequence[Column[RowT]] | None = None) -> None:
        """Replace every row; `columns` (a table whose columns depend on its rows, the
        roster's statlines) replaces the columns in the same reset."""
        self.beginResetModel()
        if columns is not None:
            self.COLUMNS = columns
        self._rows = list(rows)
        self._texts = [self._texts_of(r) for r in self._rows]
        self.endResetModel()

    def update_rows(self, changed: Mapping[int, RowT]) -> None:
        """Replace these rows (by row number); their cells repaint, announced by one
        dataChanged over the rows they span: a Finish that gives 300 fighters their XP
        sent 300 signals, each handled by the view, where one does."""
        if not changed:
            return
        for row, value in changed.items():
            self._rows[row] = value
            self._texts[row] = self._texts_of(value)
        last = max(0, self.columnCount() - 1)
        self.dataChanged.emit(self.index(min(changed), 0), self.index(max(changed), last))

    def extend_rows(self, rows: Sequence[RowT]) -> None:
        """Add rows at the end (an insert, not a reset)."""
        if not rows:
            return
        first = len(self._rows)
        self.beginInsertRows(QModelIndex(), first, first + len(rows) - 1)
        self._rows.extend(rows)
        self._texts.extend(self._texts_of(r) for r in rows)
        self.endInsertRows()

    def truncate_rows(self, count: int) -> None:
        """Keep the first `count` rows (a removal of the others, not a reset)."""
        if count >= len(self._rows):
            return
        self.beginRemoveRows(QModelIndex(), count, len(self._rows) - 1)
        del self._rows[count:]
        del self._texts[count:]
        self.endRemoveRows()

    def rows(self) -> list[RowT]:
        """The rows shown (a copy)."""
        return list(self._rows)

    def row_object(self, row: int) -> RowT:
        return self._rows[row]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if parent.isValid():
            return 0
        return len(self.COLUMNS) if self.COLUMNS else len(self.HEADERS)

    def data(self, index: Index, role: int = DISPLAY) -> object:
        if not index.isValid():
            return None
        number, at = index.row(), index.column()
        if self.COLUMNS:
            if role == DISPLAY and self.CACHE_TEXTS:
                return self._texts[number][at]
            column = self.COLUMNS[at]
            if role == DISPLAY:
                return str(column.text(self._rows[number]))
            if role == ALIGNMENT and column.align is not None:
                return int(column.align)
            if role == TOOLTIP and column.tip is not None:
                tip = column.tip(self._rows[number])
                if tip is not None:
                    return tip
        return self.cell(self._rows[number], at, role)

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
