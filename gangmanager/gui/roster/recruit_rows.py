"""The rows of the new-gang wizard's recruit list: a fighter type's or a vehicle's
texts, and the tables they are shown in."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QTableWidget, QTableWidgetItem

from gangmanager.rules.ruleset import FighterType, Ruleset
from gangmanager.rules.ruleset_houses import Vehicle
from gangmanager.rules.vehicles import crews_for


def table(headers: list[str], *, stretch: bool = True) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.verticalHeader().hide()
    table.verticalHeader().setDefaultSectionSize(24)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    if stretch:
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    return table


# The recruit list's columns before the characteristics of its statlines; a pack whose
# types carry subtypes and a Starting XP (the 2026 edition) shows those instead.
TYPE_HEADERS = ("Type", "Category", "Cost")
SUBTYPE_HEADERS = ("Type", "Subtypes", "Cost", "XP")


def type_texts(kind: FighterType, label: str, cost: str, subtypes: bool) -> list[str]:
    if not subtypes:
        return [kind.name, label, cost]
    subtype_text = ", ".join(kind.subtypes) or label
    return [kind.name, subtype_text, cost, str(kind.starting_xp or 0)]


def fill_row(table: QTableWidget, row: int, texts: list[str], tip: str = "") -> None:
    for column, text in enumerate(texts):
        cell = QTableWidgetItem(text)
        if column >= 2:
            cell.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
        if tip:
            cell.setToolTip(tip)
        table.setItem(row, column, cell)


def offer_texts(ruleset: Ruleset, house: str, kind: FighterType) -> tuple[str, str]:
    """The category and the cost an offer shows: a vehicle's is its own and its
    house's first crew's (the crew is paid besides it)."""
    found = ruleset.house(house) if house else None
    if not isinstance(kind, Vehicle):
        return kind.category.label, str(kind.cost_for(found))
    crews = crews_for(ruleset, kind, found)
    crew = crews[0].cost if crews else 0
    return "Vehicle", str(kind.cost_for(found) + crew)
