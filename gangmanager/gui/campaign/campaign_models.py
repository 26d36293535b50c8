"""Item models of the campaign view: standings, territories, and the log of battles."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from gangmanager.gui.common.rows_table_model import RIGHT, Column, RowsTableModel
from gangmanager.printing.campaign_report import gang_colour
from gangmanager.services.campaign_rows import LogRow, StandingRow, TerritoryRow

R = TypeVar("R")


def _column(
    header: str, text: Callable[[R], object], *, numeric: bool = False, tip: str = ""
) -> Column[R]:
    """A column of plain values; a numeric one is aligned right, its header too."""
    return Column(header, text, RIGHT if numeric else None, header_tip=tip, align_header=numeric)


class StandingsTableModel(RowsTableModel[StandingRow]):
    """One row per gang (the view's `standings`), in standings order."""

    COLUMNS: tuple[Column[StandingRow], ...] = (
        _column("Gang", lambda r: r.gang),
        _column("Gang Rating", lambda r: r.rating, numeric=True),
        _column("Wealth", lambda r: r.wealth, numeric=True),
        _column("Reputation", lambda r: r.reputation, numeric=True),
        _column("Credits", lambda r: r.credits, numeric=True),
        _column(
            "Territories",
            lambda r: r.territories,
            numeric=True,
            tip="Territories held, not counting the gang's hideout",
        ),
        _column("Battles", lambda r: r.battles, numeric=True),
        _column("Wins", lambda r: r.wins, numeric=True),
        _column(
            "Out of Action",
            lambda r: r.out_of_action,
            numeric=True,
            tip="Enemy fighters this gang took Out of Action",
        ),
    )

    def __init__(self) -> None:
        super().__init__()
        self._colours: dict[int, str] = {}

    def set_standings(self, rows: Sequence[StandingRow], gang_order: Sequence[int]) -> None:
        """`gang_order`: gang ids in joining order, which picks each gang's chart colour."""
        self._colours = {gid: gang_colour(i) for i, gid in enumerate(gang_order)}
        self.set_rows(rows)

    def cell(self, row: StandingRow, column: int, role: int) -> object:
        if role == Qt.ItemDataRole.DecorationRole and column == 0:
            colour = self._colours.get(row.gang_id)
            return QColor(colour) if colour else None
        return None


def _boons(row: TerritoryRow) -> str:
    return "; ".join(b.summary.rstrip(".") for b in row.boons)


class TerritoryTableModel(RowsTableModel[TerritoryRow]):
    """Territories in play and hideouts (the view's `territories`)."""

    COLUMNS: tuple[Column[TerritoryRow], ...] = (
        _column("Territory", lambda r: f"{r.name} (hideout)" if r.hideout else r.name),
        _column("Held by", lambda r: r.holder or "unclaimed"),
        _column("Boons", _boons),
    )

    def cell(self, row: TerritoryRow, column: int, role: int) -> object:
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [f"{b.kind.value.capitalize()}: {b.summary}" for b in row.boons]
            if row.enhanced_house:
                lines.append(f"Enhanced Boons for {row.enhanced_house.replace('_', ' ').title()}")
            return "\n".join(lines)
        if role == Qt.ItemDataRole.ForegroundRole and not row.holder:
            return QColor("#777777")
        return None


class LogTableModel(RowsTableModel[LogRow]):
    """The campaign log in plain words (the view's `log`)."""

    COLUMNS: tuple[Column[LogRow], ...] = (
        _column("Date", lambda r: r.date.isoformat()),
        _column("Cycle", lambda r: r.cycle, numeric=True),
        _column("What happened", lambda r: r.text),
    )

    def cell(self, row: LogRow, column: int, role: int) -> object:
        if role == Qt.ItemDataRole.ToolTipRole and column == 2:
            return row.text
        return None


def battle_order(log: Sequence[LogRow]) -> list[LogRow]:
    """Oldest first, each battle's lines together: a line a battle brought (income, a
    post-battle report entered days later) follows that battle's own line."""
    first: dict[int, int] = {}
    keyed = []
    for number, entry in enumerate(log):  # as stored: in the order it was written
        battle = entry.campaign_battle_id
        anchor = first.setdefault(battle, number) if battle is not None else number
        keyed.append((anchor, number, entry))
    return [entry for _, _, entry in sorted(keyed, key=lambda k: (k[0], k[1]))]
