"""Fighter Ratings before -> after, each with its breakdown as child rows (the F page)."""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from gangmanager.rules.post_battle_report import Report

HEADERS = ("Fighter / cost line", "Before", "After")
Index = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class RatingRow:
    label: str
    before: str
    after: str
    changed: bool = False
    lines: tuple[tuple[str, str], ...] = field(default=())  # (label, amount)


def rows_from_report(report: Report) -> list[RatingRow]:
    rows = [
        RatingRow(
            "Gang Rating",
            str(report.gang_rating_before),
            str(report.gang_rating_after),
            changed=True,
        )
    ]
    for fighter in report.fighters:
        after = "removed" if fighter.rating_after is None else str(fighter.rating_after)
        lines: tuple[tuple[str, str], ...] = ()
        if fighter.receipt is not None:
            lines = tuple(
                (line.label + (f" ({line.detail})" if line.detail else ""), str(line.amount))
                for line in fighter.receipt.lines
            )
        rows.append(
            RatingRow(
                fighter.name,
                str(fighter.rating_before),
                after,
                changed=fighter.rating_before != fighter.rating_after,
                lines=lines,
            )
        )
    return rows


class RatingTreeModel(QAbstractItemModel):
    """Two levels: the Gang Rating and each fighter; a fighter's cost lines beneath."""

    def __init__(self) -> None:
        super().__init__()
        self._rows: list[RatingRow] = []

    def set_rows(self, rows: list[RatingRow]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    # internalId: 0 for a top row, parent row + 1 for a cost line.
    def index(self, row: int, column: int, parent: Index = QModelIndex()) -> QModelIndex:  # noqa: B008
        if not self.hasIndex(row, column, parent):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, 0)
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, index: Index = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        if not index.isValid() or index.internalId() == 0:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, 0)

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        if not parent.isValid():
            return len(self._rows)
        if parent.internalId() != 0 or parent.column() != 0:
            return 0
        return len(self._rows[parent.row()].lines)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return len(HEADERS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        top = index.internalId() == 0
        row = self._rows[index.row() if top else index.internalId() - 1]
        if role == Qt.ItemDataRole.DisplayRole:
            if top:
                return (row.label, row.before, row.after)[index.column()]
            label, amount = row.lines[index.row()]
            return (label, "", amount)[index.column()]
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() > 0:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.FontRole and top and row.changed:
            font = QFont()
            font.setBold(True)
            return font
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return HEADERS[section]
        return None
