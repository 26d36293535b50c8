"""The gang's stash: what is in it (with the price paid and what it sells for), and
buy, give to the selected fighter, take back from them, sell.

Each button makes one `services.roster` command (BuyForStash, GiveFromStash,
TakeToStash, SellFromStash) and emits it; the main window runs it like any
roster edit, so each is one Ctrl+Z step and a refusal is the service's words.
"""

from __future__ import annotations

from typing import Literal

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.common.messages import Messages
from gangmanager.gui.common.rows_table_model import RowsTableModel
from gangmanager.gui.roster.armoury_dialog import ArmouryDialog, purse_refusal
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import Weapon
from gangmanager.services import roster

HEADERS = ("Item", "Kind", "Paid", "Sells for")
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


class StashTableModel(RowsTableModel[Weapon]):
    """One row per stash item, in stash order (the order the commands' indexes use)."""

    HEADERS = HEADERS

    def set_items(self, items: list[Weapon]) -> None:
        self.set_rows(items)

    def item(self, row: int) -> Weapon:
        return self.row_object(row)

    def cell(self, item: Weapon, column: int, role: int) -> object:
        if role == Qt.ItemDataRole.DisplayRole:
            kind = "weapon" if item.profiles else "wargear"
            values = (item.name, kind, str(item.total_cost), str(roster.sale_value(item)))
            return values[column]
        if role == Qt.ItemDataRole.TextAlignmentRole and column >= 2:
            return _RIGHT
        if role == Qt.ItemDataRole.ToolTipRole:
            return (
                f"{item.name}: {item.total_cost} credits paid;"
                f" sold, it brings {roster.sale_value(item)} (half, rounded down)"
            )
        return None


class TakeBackPicker:
    """Which of the fighter's weapons or wargear goes back to the stash; tests replace `ask`."""

    @classmethod
    def ask(cls, parent: QWidget | None, fighter: Fighter) -> tuple[str, int] | None:
        choices = [(f"{w.name} (weapon)", ("weapon", i)) for i, w in enumerate(fighter.weapons)]
        choices += [(f"{g.name} (wargear)", ("wargear", i)) for i, g in enumerate(fighter.wargear)]
        labels = [label for label, _ in choices]
        name, ok = QInputDialog.getItem(
            parent, "Take back to the stash", f"From {fighter.name}:", labels, 0, False
        )
        return dict(choices).get(name) if ok else None


class StashPanel(QWidget):
    sig_command = Signal(object)

    def __init__(self, messages: Messages, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.messages = messages
        self._gang: Gang | None = None
        self._ruleset: Ruleset | None = None
        self._fighter: Fighter | None = None
        self.title = QLabel("<b>Stash</b>")
        self.model = StashTableModel()
        self.view = QTableView()
        self.view.setObjectName("stash")
        self.view.setModel(self.model)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.verticalHeader().hide()
        self.view.verticalHeader().setDefaultSectionSize(22)
        header = self.view.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.buy_weapon = QPushButton("Buy weapon...")
        self.buy_wargear = QPushButton("Buy wargear...")
        self.give = QPushButton("Give")
        self.take_back = QPushButton("Take back...")
        self.sell = QPushButton("Sell")
        self.buy_weapon.setToolTip("Buy a weapon for the stash at its Trading Post price")
        self.buy_wargear.setToolTip("Buy wargear for the stash at its Trading Post price")
        self.sell.setToolTip("Sell the selected item for half what was paid")
        self.buy_weapon.clicked.connect(lambda: self._on_buy_clicked("weapons"))
        self.buy_wargear.clicked.connect(lambda: self._on_buy_clicked("wargear"))
        self.give.clicked.connect(self._on_give_clicked)
        self.take_back.clicked.connect(self._on_take_back_clicked)
        self.sell.clicked.connect(self._on_sell_clicked)
        buttons = QGridLayout()
        buttons.setSpacing(4)
        for number, button in enumerate(
            (self.buy_weapon, self.buy_wargear, self.give, self.take_back, self.sell)
        ):
            buttons.addWidget(button, number // 2, number % 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 2, 2, 6)
        layout.setSpacing(4)
        layout.addWidget(self.title)
        layout.addWidget(self.view, 1)
        layout.addLayout(buttons)
        self.set_gang(None, None)

    # -- what is shown ----------------------------------------------------------------

    def set_gang(self, gang: Gang | None, ruleset: Ruleset | None) -> None:
        self._gang, self._ruleset = gang, ruleset
        items = list(gang.stash) if gang is not None else []
        self.model.set_items(items)
        value = sum(i.total_cost for i in items)
        self.title.setText(
            f"<b>Stash</b> ({len(items)} item{'s' if len(items) != 1 else ''}, {value} credits)"
        )
        for button in (self.buy_weapon, self.buy_wargear):
            button.setEnabled(gang is not None and ruleset is not None)
        self._update_buttons()

    def set_fighter(self, fighter: Fighter | None) -> None:
        self._fighter = fighter
        self._update_buttons()

    def _update_buttons(self) -> None:
        fighter = self._fighter
        has_items = self.model.rowCount() > 0
        self.give.setEnabled(has_items and fighter is not None)
        self.give.setText(f"Give to {fighter.name}" if fighter is not None else "Give")
        self.give.setToolTip("Give the selected item to the fighter selected in the roster")
        self.take_back.setEnabled(fighter is not None and bool(fighter.weapons or fighter.wargear))
        self.sell.setEnabled(has_items)

    def selected_row(self) -> int | None:
        rows = self.view.selectionModel().selectedRows()
        return rows[0].row() if rows else None

    # -- actions ----------------------------------------------------------------------

    def _on_buy_clicked(self, kind: Literal["weapons", "wargear"]) -> None:
        gang, ruleset = self._gang, self._ruleset
        if gang is None or gang.id is None or ruleset is None:
            return
        choice = ArmouryDialog.ask(
            self,
            ruleset,
            kind,
            gang.credits,
            "the stash",
            house=gang.house or None,
            ignore_restrictions=gang.house_rules_ignore_restrictions,
            stash=True,
            check=lambda picked: purse_refusal(gang, picked),
        )
        if choice is not None:
            self.sig_command.emit(roster.BuyForStash(gang.id, choice.entry.name))

    def _on_give_clicked(self) -> None:
        gang, fighter, row = self._gang, self._fighter, self.selected_row()
        if gang is None or gang.id is None or fighter is None or fighter.id is None:
            self.messages.tell("Select the fighter to give it to in the roster.")
            return
        if row is None:
            self.messages.tell("Select the stash item to give.")
            return
        self.sig_command.emit(roster.GiveFromStash(gang.id, row, fighter.id))

    def _on_take_back_clicked(self) -> None:
        gang, fighter = self._gang, self._fighter
        if gang is None or gang.id is None or fighter is None or fighter.id is None:
            return
        picked = TakeBackPicker.ask(self, fighter)
        if picked is not None:
            kind, index = picked
            self.sig_command.emit(roster.TakeToStash(gang.id, fighter.id, kind, index))

    def _on_sell_clicked(self) -> None:
        gang, row = self._gang, self.selected_row()
        if gang is None or gang.id is None:
            return
        if row is None:
            self.messages.tell("Select the stash item to sell.")
            return
        item = self.model.item(row)
        value = roster.sale_value(item)
        if self.messages.confirm(
            f"Sell {item.name} for {value} credits (it cost {item.total_cost})?"
            " Undo (Ctrl+Z) takes the sale back.",
            "Sell",
        ):
            self.sig_command.emit(roster.SellFromStash(gang.id, row))
