"""Pick an armoury entry: a filter that narrows as you type over a tree grouped by kind
(pistols, basic weapons, ... armour, wargear), each row with its Trading Post price and
availability. The post-battle Trading Post buys with it.

A QStandardItemModel under a recursive-filtering proxy: a group stays while any of its
entries matches, and the entries keep their order (by name) inside it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QModelIndex, QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLineEdit,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.common.on_return import OnReturn
from gangmanager.rules.availability import parse_availability
from gangmanager.rules.restrictions import by_kind
from gangmanager.rules.ruleset import ArmouryItem, ArmouryWeapon

Entry = ArmouryWeapon | ArmouryItem

_LABELS = {
    "pistol": "Pistols",
    "basic": "Basic weapons",
    "special": "Special weapons",
    "heavy": "Heavy weapons",
    "close_combat": "Close combat weapons",
    "grenade": "Grenades",
    "armour": "Armour",
    "wargear": "Wargear",
    "ammo": "Ammunition",
    "bionic": "Bionics",
    "other": "Other",
}
HEADERS = ("Item", "Price", "Availability")
_REFUSED = QColor(150, 150, 150)
NAME_ROLE = Qt.ItemDataRole.UserRole + 1


def kind_label(kind: str) -> str:
    return _LABELS.get(kind, kind.replace("_", " ").capitalize())


def grouped(entries: Sequence[Entry]) -> list[tuple[str, list[Entry]]]:
    """(kind, entries by name) in the armoury's order of kinds."""
    ordered = sorted(entries, key=by_kind)
    kinds = list(dict.fromkeys(e.kind for e in ordered))
    return [(k, [e for e in ordered if e.kind == k]) for k in kinds]


def _row(entry: Entry, refusal: str) -> list[QStandardItem]:
    name = QStandardItem(entry.name)
    name.setData(entry.name, NAME_ROLE)
    price = QStandardItem("-" if refusal else str(entry.cost))
    price.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    rarity = QStandardItem(parse_availability(entry.availability).label or "-")
    tip = "\n".join(t for t in (refusal, entry.summary) if t)
    for cell in (name, price, rarity):
        cell.setEditable(False)
        if tip:
            cell.setToolTip(tip)
        if refusal:
            cell.setForeground(QBrush(_REFUSED))  # greyed with the reason, not hidden
    return [name, price, rarity]


class ItemPicker(QWidget):
    """Emits `sig_current_changed(name)`: the entry picked, "" when a group or nothing is."""

    sig_current_changed = Signal(str)

    def __init__(
        self,
        entries: Sequence[Entry],
        parent: QWidget | None = None,
        *,
        refusal: Callable[[Entry], str] | None = None,
    ) -> None:
        """`refusal` says why an entry is not for sale here ("" when it is)."""
        super().__init__(parent)
        self.model = QStandardItemModel(self)
        self.model.setHorizontalHeaderLabels(list(HEADERS))
        for kind, members in grouped(entries):
            group = QStandardItem(kind_label(kind))
            group.setEditable(False)
            group.setSelectable(False)
            font = group.font()
            font.setBold(True)
            group.setFont(font)
            for entry in members:
                group.appendRow(_row(entry, refusal(entry) if refusal else ""))
            self.model.appendRow(group)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setRecursiveFilteringEnabled(True)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(0)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter the armoury")
        self.filter.setClearButtonEnabled(True)
        self.view = QTreeView()
        self.view.setModel(self.proxy)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setUniformRowHeights(True)
        self.view.setIndentation(10)
        self.view.setAllColumnsShowFocus(True)
        header = self.view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.view.expandAll()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.filter)
        layout.addWidget(self.view, 1)
        self.filter.textChanged.connect(self._on_filter_text_changed)
        # Enter picks here, never the dialog's default button (a wizard's Next).
        OnReturn(self.filter, self._on_filter_return_pressed)
        self.view.selectionModel().currentRowChanged.connect(self._on_view_current_row_changed)

    def current_name(self) -> str:
        index = self.view.currentIndex()
        return str(index.siblingAtColumn(0).data(NAME_ROLE) or "") if index.isValid() else ""

    def select_name(self, name: str) -> bool:
        """Pick the entry named so (any case); False when the filter hides it or none is."""
        wanted = name.casefold()
        for group in range(self.proxy.rowCount()):
            parent = self.proxy.index(group, 0)
            for row in range(self.proxy.rowCount(parent)):
                index = self.proxy.index(row, 0, parent)
                if str(index.data(NAME_ROLE)).casefold() == wanted:
                    self.view.setCurrentIndex(index)
                    self.view.scrollTo(index)
                    return True
        return False

    def visible_names(self) -> list[str]:
        """The entries the filter leaves, group by group."""
        names = []
        for group in range(self.proxy.rowCount()):
            parent = self.proxy.index(group, 0)
            names += [
                str(self.proxy.index(row, 0, parent).data(NAME_ROLE))
                for row in range(self.proxy.rowCount(parent))
            ]
        return names

    def _on_filter_text_changed(self, text: str) -> None:
        self.proxy.setFilterFixedString(text)
        self.view.expandAll()

    def _on_filter_return_pressed(self) -> None:
        # Enter takes the entry named exactly so, else the first match.
        names = self.visible_names()
        exact = next(
            (n for n in names if n.casefold() == self.filter.text().strip().casefold()), None
        )
        if exact or names:
            self.select_name(exact or names[0])
            self.view.setFocus()

    def _on_view_current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self.sig_current_changed.emit(self.current_name())
