"""The XP each fighter gained in the battle: one table row a fighter, the number edited in
place (a spin box while the cell is edited).

A table, not a spin box and two labels per fighter: at 300 fighters those 900 widgets
were made when the wizard opened and laid out on every showing of the page, most of the
rewards page's cost; a table makes one editor, for the cell being edited.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from gangmanager.rules.gang import Fighter

HEADERS = ("Fighter", "XP gained", "XP now")
XP_COLUMN = 1
MOST_XP = 99


class _XpDelegate(QStyledItemDelegate):
    """The gained XP as a spin box of 0 to 99 while it is edited."""

    def createEditor(
        self,
        parent: QWidget,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> QWidget:
        spin = QSpinBox(parent)
        spin.setRange(0, MOST_XP)
        spin.setSuffix(" XP")
        spin.setAccessibleName(str(index.data(Qt.ItemDataRole.AccessibleTextRole)))
        return spin


class XpTable(QTableWidget):
    """Fighters' names, the XP they gained (editable) and the XP they have now."""

    # The player changed a fighter's gained XP (not emitted by `set_values`).
    sig_changed = Signal()

    def __init__(self, fighters: list[Fighter]) -> None:
        super().__init__(len(fighters), len(HEADERS))
        self.setAccessibleName("Experience gained in this battle")
        self.setHorizontalHeaderLabels(HEADERS)
        self.verticalHeader().setVisible(False)
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 10)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setEditTriggers(
            QAbstractItemView.EditTrigger.AllEditTriggers
            & ~QAbstractItemView.EditTrigger.CurrentChanged
        )
        self.setItemDelegateForColumn(XP_COLUMN, _XpDelegate(self))
        self.setWordWrap(False)
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        fixed = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        self._names: list[str] = []
        for row, fighter in enumerate(fighters):
            self._names.append(fighter.name)
            name = QTableWidgetItem(fighter.name)
            name.setFlags(fixed)
            gained = QTableWidgetItem()
            gained.setData(Qt.ItemDataRole.EditRole, 0)
            gained.setData(Qt.ItemDataRole.AccessibleTextRole, f"XP for {fighter.name}")
            gained.setTextAlignment(right)
            now = QTableWidgetItem(f"has {fighter.xp} XP now ({fighter.category.label})")
            now.setFlags(fixed)
            for column, item in enumerate((name, gained, now)):
                self.setItem(row, column, item)
        self.resizeColumnsToContents()  # once, with the rows: not on every layout
        self.horizontalHeader().setStretchLastSection(True)
        self.itemChanged.connect(self._on_self_item_changed)

    def set_values(self, given: Mapping[str, int]) -> None:
        """Show these gains (by name, any case; others 0) without announcing a change."""
        folded = {name.casefold(): n for name, n in given.items()}
        self.blockSignals(True)
        try:
            for row, name in enumerate(self._names):
                item = self.item(row, XP_COLUMN)
                if item is None:  # every row has its cell from the start
                    continue
                item.setData(Qt.ItemDataRole.EditRole, folded.get(name.casefold(), 0))
        finally:
            self.blockSignals(False)

    def values(self) -> dict[str, int]:
        """Every fighter's gained XP, by name (0 included: the page drops those)."""
        gained: dict[str, int] = {}
        for row, name in enumerate(self._names):
            item = self.item(row, XP_COLUMN)
            gained[name] = int(item.data(Qt.ItemDataRole.EditRole) or 0) if item else 0
        return gained

    def _on_self_item_changed(self, item: QTableWidgetItem) -> None:
        if item.column() == XP_COLUMN:
            self.sig_changed.emit()
