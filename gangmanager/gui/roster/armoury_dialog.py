"""Buy from the ruleset's armoury: weapons or wargear, with a filter and the price."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from PySide6.QtCore import (
    QAbstractTableModel,
    QItemSelection,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gangmanager.rules.ruleset import ArmouryItem, ArmouryWeapon, Ruleset

Index = QModelIndex | QPersistentModelIndex
Kind = Literal["weapons", "wargear"]
HEADERS = ("Name", "Kind", "Cost", "Availability")
COST_COLUMN = 2


def _profiles_text(entry: ArmouryWeapon) -> str:
    lines = []
    for p in entry.profiles:
        label = p.name or "standard"
        extra = f" (+{p.cost})" if p.cost else ""
        traits = ", ".join(str(t) for t in p.traits) or "-"
        lines.append(
            f"{label}{extra}: {p.rng_s}/{p.rng_l} {p.acc_s}/{p.acc_l} S{p.strength}"
            f" AP{p.ap} D{p.d} Am{p.am}; {traits}"
        )
    return "\n".join(lines)


class ArmouryTableModel(QAbstractTableModel):
    def __init__(self, entries: list[ArmouryWeapon] | list[ArmouryItem]) -> None:
        super().__init__()
        self._entries: list[ArmouryWeapon | ArmouryItem] = list(entries)

    def entry(self, row: int) -> ArmouryWeapon | ArmouryItem:
        return self._entries[row]

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._entries)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid():
            return None
        entry = self._entries[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            kind = entry.kind.replace("_", " ")
            return (entry.name, kind, str(entry.cost), entry.availability or "-")[column]
        if role == Qt.ItemDataRole.UserRole and column == COST_COLUMN:
            return entry.cost  # sorts by number, not by text
        if role == Qt.ItemDataRole.ToolTipRole:
            parts = [entry.summary] if entry.summary else []
            if isinstance(entry, ArmouryWeapon):
                parts.append(_profiles_text(entry))
            elif entry.changes:
                parts.append(", ".join(f"{c}: {v:+d}" for c, v in entry.changes.items()))
            return "\n".join(parts) or None
        if role == Qt.ItemDataRole.TextAlignmentRole and column == COST_COLUMN:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return HEADERS[section]
        return None


@dataclass(frozen=True)
class ArmouryChoice:
    entry: ArmouryWeapon | ArmouryItem
    pay: bool


class ArmouryDialog(QDialog):
    def __init__(
        self, ruleset: Ruleset, kind: Kind, credits: int, buyer: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        what = "weapon" if kind == "weapons" else "wargear"
        self.setWindowTitle(f"Buy {what} for {buyer}")
        entries = ruleset.weapons if kind == "weapons" else ruleset.wargear
        self.model = ArmouryTableModel(sorted(entries, key=lambda e: e.name.casefold()))
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(-1)
        self.proxy.setSortRole(Qt.ItemDataRole.UserRole)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText(f"Filter the {ruleset.name} armoury")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.view = QTableView()
        self.view.setModel(self.proxy)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.verticalHeader().hide()
        self.view.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.view.doubleClicked.connect(self._on_view_double_clicked)
        self.view.selectionModel().selectionChanged.connect(self._on_view_selection_changed)
        self.pay = QCheckBox(f"Pay from the gang's credits ({credits} available)")
        self.pay.setChecked(True)
        self.price = QLabel("Pick an item.")
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Buy")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.filter)
        layout.addWidget(self.view)
        layout.addWidget(self.price)
        layout.addWidget(self.pay)
        layout.addWidget(self.buttons)
        self.filter.returnPressed.connect(self._on_filter_return_pressed)
        self.resize(560, 520)

    def selected(self) -> ArmouryWeapon | ArmouryItem | None:
        rows = self.view.selectionModel().selectedRows()
        if not rows:
            return None
        return self.model.entry(self.proxy.mapToSource(rows[0]).row())

    def choice(self) -> ArmouryChoice | None:
        entry = self.selected()
        return ArmouryChoice(entry, self.pay.isChecked()) if entry is not None else None

    def _on_view_selection_changed(self, _selected: QItemSelection, _: QItemSelection) -> None:
        entry = self.selected()
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(entry is not None)
        self.price.setText(f"{entry.name}: {entry.cost} credits" if entry else "Pick an item.")

    def _on_view_double_clicked(self, _index: QModelIndex) -> None:
        if self.selected() is not None:
            self.accept()

    def _on_filter_return_pressed(self) -> None:
        # Enter in the filter picks the first match, so typing a name and Enter buys it.
        if self.proxy.rowCount() and self.selected() is None:
            self.view.selectRow(0)
        self.view.setFocus()

    @classmethod
    def ask(
        cls, parent: QWidget | None, ruleset: Ruleset, kind: Kind, credits: int, buyer: str
    ) -> ArmouryChoice | None:
        dialog = cls(ruleset, kind, credits, buyer, parent)
        return dialog.choice() if dialog.exec() == QDialog.DialogCode.Accepted else None
