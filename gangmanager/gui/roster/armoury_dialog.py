"""Buy weapons or wargear for a fighter or the stash: what may be taken, at the price charged.

The house list comes first (list price), then the Trading Post (armoury
price). Items the fighter may not take are shown greyed with the reason;
picking one explains instead of buying, unless the gang plays by house rules.
For the stash (`stash=True`) every item is at its Trading Post price; Rare or
Illegal ones are greyed (sought after a battle, with an availability roll), and
so is another gang's own kit (`restrictions.stash_offers`).
A `check` callable refuses a pick before the dialog closes (not enough
credits): the refusal shows in the dialog, and the filter and pick stay.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from PySide6.QtCore import QItemSelection, QModelIndex, QSortFilterProxyModel, Qt
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

from gangmanager.gui.common.screen_fit import open_size
from gangmanager.gui.roster.offer_table_model import OfferTableModel, source_label
from gangmanager.rules import roster_ops
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.restrictions import Offer, Verdict, by_kind, offers, stash_offers
from gangmanager.rules.ruleset import ArmouryItem, ArmouryWeapon, Ruleset

Kind = Literal["weapons", "wargear"]
_ERROR = "color: #c62828;"
_NOTE = "color: #8a4b00;"


@dataclass(frozen=True)
class ArmouryChoice:
    entry: ArmouryWeapon | ArmouryItem
    pay: bool
    # The price charged: the house list's, else the Trading Post's.
    price: int | None = None

    @property
    def cost(self) -> int:
        return self.entry.cost if self.price is None else self.price


def _unchecked(entries: Sequence[ArmouryWeapon | ArmouryItem]) -> list[Offer]:
    """Every entry at its armoury price: for a dialog that knows no fighter."""
    ordered = sorted(entries, key=by_kind)
    return [Offer(e, Verdict(True, e.cost, "trading_post", entry=e)) for e in ordered]


def purse_refusal(gang: Gang, choice: ArmouryChoice) -> str | None:
    """The service's own refusal when the gang cannot pay (roster_ops.spend), before it runs."""
    if not choice.pay:
        return None
    try:
        roster_ops.spend(gang, choice.cost, choice.entry.name)
    except roster_ops.RosterError as exc:
        return str(exc)
    return None


def _offer_lines(
    ruleset: Ruleset,
    kind: Kind,
    house: str | None,
    fighter: Fighter | None,
    stash: bool,
    ignore_restrictions: bool,
) -> list[Offer]:
    """What the dialog offers: the stash's, the fighter's (list first), or every entry."""
    if stash:
        return stash_offers(ruleset, house, kind, ignore_restrictions=ignore_restrictions)
    if fighter is None:
        return _unchecked(ruleset.weapons if kind == "weapons" else ruleset.wargear)
    return offers(ruleset, house, fighter, kind, ignore_restrictions=ignore_restrictions)


# Refuses a pick before the dialog closes: the refusal to show, or None to go ahead.
Check = Callable[[ArmouryChoice], str | None]


class ArmouryDialog(QDialog):
    def __init__(
        self,
        ruleset: Ruleset,
        kind: Kind,
        credits: int,
        buyer: str,
        parent: QWidget | None = None,
        *,
        fighter: Fighter | None = None,
        house: str | None = None,
        ignore_restrictions: bool = False,
        stash: bool = False,
        check: Check | None = None,
    ) -> None:
        super().__init__(parent)
        what = "weapon" if kind == "weapons" else "wargear"
        self.setWindowTitle(f"Buy {what} for {buyer}")
        self._buyer = buyer
        self._check = check
        self.model = OfferTableModel(
            _offer_lines(ruleset, kind, house, fighter, stash, ignore_restrictions),
            ruleset.weapon_statline,
        )
        self._build_view(ruleset.name)
        self.pay = QCheckBox(f"Pay from the gang's credits ({credits} available)")
        self.pay.setChecked(True)
        if stash:
            self.pay.setEnabled(False)  # the stash is bought with credits only
        self.price = QLabel("Pick an item.")
        self.price.setWordWrap(True)
        self._build_buttons()
        layout = QVBoxLayout(self)
        layout.addWidget(self.filter)
        layout.addWidget(self.view)
        layout.addWidget(self.price)
        layout.addWidget(self.pay)
        layout.addWidget(self.buttons)
        self.filter.returnPressed.connect(self._on_filter_return_pressed)
        open_size(self, 560, 520)

    def _build_view(self, armoury: str) -> None:
        """The filter line and the table of offers, sorted by the model's own order."""
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setFilterKeyColumn(-1)
        self.proxy.setSortRole(Qt.ItemDataRole.UserRole)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText(f"Filter the {armoury} armoury")
        self.filter.setClearButtonEnabled(True)
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.view = QTableView()
        self.view.setModel(self.proxy)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.verticalHeader().hide()
        self.view.verticalHeader().setDefaultSectionSize(24)
        self.view.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.view.doubleClicked.connect(self._on_view_double_clicked)
        self.view.selectionModel().selectionChanged.connect(self._on_view_selection_changed)

    def _build_buttons(self) -> None:
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("&Buy")
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(False)
        self.buttons.accepted.connect(self._on_buttons_accepted)
        self.buttons.rejected.connect(self.reject)

    def selected_offer(self) -> Offer | None:
        rows = self.view.selectionModel().selectedRows()
        if not rows:
            return None
        return self.model.offer(self.proxy.mapToSource(rows[0]).row())

    def selected(self) -> ArmouryWeapon | ArmouryItem | None:
        offer = self.selected_offer()
        return offer.entry if offer is not None else None

    def choice(self) -> ArmouryChoice | None:
        offer = self.selected_offer()
        if offer is None or not offer.verdict.allowed:
            return None
        return ArmouryChoice(offer.entry, self.pay.isChecked(), offer.price)

    def _on_view_selection_changed(self, _selected: QItemSelection, _: QItemSelection) -> None:
        offer = self.selected_offer()
        allowed = offer is not None and offer.verdict.allowed
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(allowed)
        if offer is None:
            self.price.setStyleSheet("")
            self.price.setText("Pick an item.")
            return
        verdict = offer.verdict
        text = f"{offer.name}: {verdict.price} credits ({source_label(offer)})"
        if not verdict.allowed:
            self.price.setStyleSheet(_ERROR)
            self.price.setText(f"Not for {self._buyer}: {verdict.reason}.")
        elif verdict.overridden:
            self.price.setStyleSheet(_NOTE)
            self.price.setText(f"{text}. {verdict.reason}")
        else:
            self.price.setStyleSheet("")
            self.price.setText(text)

    def _on_buttons_accepted(self) -> None:
        choice = self.choice()
        if choice is None:
            return
        refusal = self._check(choice) if self._check is not None else None
        if refusal is not None:
            # Shown here, with the filter and the pick kept: nothing typed is lost.
            self.price.setStyleSheet(_ERROR)
            self.price.setText(refusal)
            return
        self.accept()

    def _on_view_double_clicked(self, _index: QModelIndex) -> None:
        self._on_buttons_accepted()

    def _on_filter_return_pressed(self) -> None:
        # Enter in the filter picks the item named exactly so ("stub gun" is the Stub gun,
        # not a combi-pistol that mentions it), else the selected match, else the first.
        wanted = self.filter.text().strip().casefold()
        exact = next(
            (
                row
                for row in range(self.proxy.rowCount())
                if self.proxy.index(row, 0).data().casefold() == wanted
            ),
            None,
        )
        selected = self.view.selectionModel().selectedRows()
        if exact is not None:
            self.view.selectRow(exact)
        elif self.proxy.rowCount() and not selected:
            self.view.selectRow(0)
        self.view.setFocus()

    @classmethod
    def ask(
        cls,
        parent: QWidget | None,
        ruleset: Ruleset,
        kind: Kind,
        credits: int,
        buyer: str,
        *,
        fighter: Fighter | None = None,
        house: str | None = None,
        ignore_restrictions: bool = False,
        stash: bool = False,
        check: Check | None = None,
    ) -> ArmouryChoice | None:
        dialog = cls(
            ruleset,
            kind,
            credits,
            buyer,
            parent,
            fighter=fighter,
            house=house,
            ignore_restrictions=ignore_restrictions,
            stash=stash,
            check=check,
        )
        return dialog.choice() if dialog.exec() == QDialog.DialogCode.Accepted else None
