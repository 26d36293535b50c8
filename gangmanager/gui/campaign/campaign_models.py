"""Item models of the campaign view: standings, territories, and the log of battles."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor

from gangmanager.printing.campaign_report import gang_colour

Index = QModelIndex | QPersistentModelIndex
Row = TypeVar("Row")
RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


class _Column(Generic[Row]):
    def __init__(
        self,
        title: str,
        value: Callable[[Row], object],
        *,
        numeric: bool = False,
        tip: str = "",
    ) -> None:
        self.title = title
        self.value = value
        self.numeric = numeric
        self.tip = tip


class _RowsModel(QAbstractTableModel, Generic[Row]):
    """A read-only table of plain rows; `set_rows` replaces them all."""

    columns: Sequence[_Column[Row]] = ()

    def __init__(self) -> None:
        super().__init__()
        self._rows: list[Row] = []

    def set_rows(self, rows: Sequence[Row]) -> None:
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def row(self, number: int) -> Row:
        return self._rows[number]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        column = self.columns[index.column()]
        row = self._rows[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return str(column.value(row))
        if role == Qt.ItemDataRole.TextAlignmentRole and column.numeric:
            return RIGHT
        return self.extra(row, index.column(), role)

    def extra(self, row: Row, column: int, role: int) -> Any:
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < len(self.columns):
            return None
        column = self.columns[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return column.title
        if role == Qt.ItemDataRole.ToolTipRole and column.tip:
            return column.tip
        if role == Qt.ItemDataRole.TextAlignmentRole and column.numeric:
            return RIGHT
        return None


Plain = dict[str, Any]


class StandingsTableModel(_RowsModel[Plain]):
    """One row per gang (rows of `campaign_view(...)["standings"]`), in standings order."""

    columns = (
        _Column[Plain]("Gang", lambda r: r["gang"]),
        _Column[Plain]("Gang Rating", lambda r: r["rating"], numeric=True),
        _Column[Plain]("Wealth", lambda r: r["wealth"], numeric=True),
        _Column[Plain]("Reputation", lambda r: r["reputation"], numeric=True),
        _Column[Plain]("Credits", lambda r: r["credits"], numeric=True),
        _Column[Plain](
            "Territories",
            lambda r: r["territories"],
            numeric=True,
            tip="Territories held, not counting the gang's hideout",
        ),
        _Column[Plain]("Battles", lambda r: r["battles"], numeric=True),
        _Column[Plain]("Wins", lambda r: r["wins"], numeric=True),
        _Column[Plain](
            "Out of Action",
            lambda r: r["out_of_action"],
            numeric=True,
            tip="Enemy fighters this gang took Out of Action",
        ),
    )

    def __init__(self) -> None:
        super().__init__()
        self._colours: dict[int, str] = {}

    def set_standings(self, rows: Sequence[Plain], gang_order: Sequence[int]) -> None:
        """`gang_order`: gang ids in joining order, which picks each gang's chart colour."""
        self._colours = {gid: gang_colour(i) for i, gid in enumerate(gang_order)}
        self.set_rows(rows)

    def extra(self, row: Plain, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.DecorationRole and column == 0:
            colour = self._colours.get(row["gang_id"])
            return QColor(colour) if colour else None
        return None


def _boons(row: Plain) -> str:
    return "; ".join(b["summary"].rstrip(".") for b in row["boons"])


class TerritoryTableModel(_RowsModel[Plain]):
    """Territories in play and hideouts (rows of `campaign_view(...)["territories"]`)."""

    columns = (
        _Column[Plain](
            "Territory", lambda r: f"{r['name']} (hideout)" if r["hideout"] else r["name"]
        ),
        _Column[Plain]("Held by", lambda r: r["holder"] or "unclaimed"),
        _Column[Plain]("Boons", _boons),
    )

    def extra(self, row: Plain, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [f"{b['kind'].capitalize()}: {b['summary']}" for b in row["boons"]]
            if row["enhanced_house"]:
                lines.append(
                    f"Enhanced Boons for {row['enhanced_house'].replace('_', ' ').title()}"
                )
            return "\n".join(lines)
        if role == Qt.ItemDataRole.ForegroundRole and not row["holder"]:
            return QColor("#777777")
        return None


class LogTableModel(_RowsModel[Plain]):
    """The campaign log in plain words (rows of `campaign_view(...)["log"]`)."""

    columns = (
        _Column[Plain]("Date", lambda r: r["date"]),
        _Column[Plain]("Cycle", lambda r: r["cycle"], numeric=True),
        _Column[Plain]("What happened", lambda r: r["text"]),
    )

    def extra(self, row: Plain, column: int, role: int) -> Any:
        if role == Qt.ItemDataRole.ToolTipRole and column == 2:
            return row["text"]
        return None
