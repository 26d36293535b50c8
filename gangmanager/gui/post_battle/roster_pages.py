"""Update Roster A-D: clean house, the Trading Post, distributing equipment."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.common.item_picker import ItemPicker
from gangmanager.gui.post_battle.entry_list import EntryList
from gangmanager.gui.post_battle.roll_input import RollInput
from gangmanager.gui.post_battle.step_page import StepPage
from gangmanager.rules import post_battle_trading as trading
from gangmanager.rules.availability import availability_rollers, seek_total
from gangmanager.rules.gang import FighterStatus, Gang
from gangmanager.rules.post_battle_draft import (
    STASH,
    AvailabilityEntry,
    LimitedDeletion,
    MoveEntry,
    PurchaseEntry,
    SaleEntry,
)
from gangmanager.rules.restrictions import (
    armoury_lookup,
    check_item_for_gang,
    check_stash_item_for_gang,
    sold_at_trading_post,
)
from gangmanager.rules.ruleset import ArmouryItem, ArmouryWeapon
from gangmanager.rules.weapons import Weapon

if TYPE_CHECKING:
    from gangmanager.gui.post_battle.wizard import PostBattleWizard

STASH_LABEL = "Stash"


def _fighters(gang: Gang) -> list[str]:
    return [
        f.name for f in gang.fighters
        if f.status not in (FighterStatus.DEAD, FighterStatus.CAPTURED)
    ]  # fmt: skip


def _owner_name(label: str) -> str:
    return STASH if label == STASH_LABEL else label


def _owner_label(name: str) -> str:
    return STASH_LABEL if name.strip().casefold() == STASH else name


def _items_of(gang: Gang, owner: str) -> list[Weapon]:
    """What an owner has to sell or hand out (wargear as stash-like entries)."""
    if owner == STASH:
        return list(gang.stash)
    fighter = gang.fighter(owner)
    if fighter is None:
        return []
    gear = [Weapon(name=g.name, cost=g.cost) for g in fighter.wargear]
    return [*fighter.weapons, *gear]


def _refill(combo: QComboBox, labels: list[str], data: list[object] | None = None) -> None:
    current = combo.currentText()
    combo.blockSignals(True)
    combo.clear()
    for index, label in enumerate(labels):
        combo.addItem(label, data[index] if data is not None else label)
    found = combo.findText(current)
    combo.setCurrentIndex(found if found >= 0 else 0)
    combo.blockSignals(False)


class CleanHousePage(StepPage):
    """A: who leaves the roster; the Limited profiles lost in battle, gone for good."""

    def __init__(self, host: PostBattleWizard, step_id: str, title: str, summary: str) -> None:
        super().__init__(host, step_id, title, summary)
        self.leaving = QLabel()
        self.leaving.setWordWrap(True)
        box = QGroupBox("Limited profiles deleted during the battle (removed for good)")
        self.fighter = QComboBox()
        self.weapon = QComboBox()
        self.profile = QComboBox()
        self.add = QPushButton("&Add")
        self.limited = EntryList("Limited profiles deleted")
        form = QHBoxLayout()
        for label, widget in (
            ("Fighter", self.fighter),
            ("Weapon", self.weapon),
            ("Profile", self.profile),
        ):
            form.addWidget(QLabel(label))
            form.addWidget(widget, 1)
        form.addWidget(self.add)
        column = QVBoxLayout(box)
        column.addLayout(form)
        column.addWidget(self.limited, 1)
        self.layout_.addWidget(self.leaving)
        self.layout_.addWidget(box, 1)
        self.layout_.addWidget(self.status)
        self.fighter.currentIndexChanged.connect(self._on_fighter_current_index_changed)
        self.weapon.currentIndexChanged.connect(self._on_weapon_current_index_changed)
        self.add.clicked.connect(self._on_add_clicked)
        self.limited.sig_remove_requested.connect(self._on_limited_remove_requested)

    def load(self) -> None:
        _refill(self.fighter, _fighters(self.host.gang))
        self._on_fighter_current_index_changed(0)

    def refresh(self) -> None:
        before, _ = self.host.preview("post_battle_actions")
        after, _ = self.host.preview("clean_house")
        kept = {f.name for f in after.fighters}
        leaving = [f for f in before.fighters if f.name not in kept]
        if leaving:
            lines = []
            for fighter in leaving:
                gear = [w.name for w in fighter.weapons] + [g.name for g in fighter.wargear]
                why = "dead" if fighter.status is FighterStatus.DEAD else "Critical, no escort"
                lines.append(f"{fighter.name} ({why}) leaves the roster"
                             + (f"; to the stash: {', '.join(gear)}" if gear else ""))  # fmt: skip
            self.leaving.setText("\n".join(lines))
        else:
            self.leaving.setText("Nobody leaves the roster.")
        self.limited.set_lines(
            [f"{e.fighter}: {e.weapon} ({e.profile})" for e in self.host.draft.limited_deleted]
        )
        self.show_problems(self.host.step_problems([self.step_id]))

    def _on_fighter_current_index_changed(self, _index: int) -> None:
        fighter = self.host.gang.fighter(self.fighter.currentText())
        _refill(self.weapon, [w.name for w in fighter.weapons] if fighter else [])
        self._on_weapon_current_index_changed(0)

    def _on_weapon_current_index_changed(self, _index: int) -> None:
        fighter = self.host.gang.fighter(self.fighter.currentText())
        weapon = fighter.weapon(self.weapon.currentText()) if fighter else None
        _refill(self.profile, [p.name for p in weapon.profiles if p.name] if weapon else [])
        self.add.setEnabled(bool(self.profile.currentText()))

    def _on_add_clicked(self) -> None:
        if not self.profile.currentText():
            return
        entry = LimitedDeletion(
            fighter=self.fighter.currentText(),
            weapon=self.weapon.currentText(),
            profile=self.profile.currentText(),
        )
        self.edited(limited_deleted=[*self.host.draft.limited_deleted, entry])

    def _on_limited_remove_requested(self, row: int) -> None:
        kept = list(self.host.draft.limited_deleted)
        del kept[row]
        self.edited(limited_deleted=kept)


class TradingPostPage(StepPage):
    """B: sell, then buy from the ruleset's armoury (credits checked)."""

    def build(self) -> None:
        # When first shown: the armoury's picker is most of this page's making.
        buy = self._buy_box(self.host)
        sell = self._sell_box()
        forms = QHBoxLayout()
        forms.addWidget(self._seek_box(self.host), 2)
        forms.addWidget(buy, 3)  # the item picker's names and prices need the room
        forms.addWidget(sell, 2)
        self.bought = EntryList("Bought")
        self.sold = EntryList("Sold")
        lists = QHBoxLayout()
        for title, widget in (("Bought", self.bought), ("Sold", self.sold)):
            box = QGroupBox(title)
            QVBoxLayout(box).addWidget(widget)
            lists.addWidget(box, 1)
        self.layout_.addLayout(forms)
        self.layout_.addLayout(lists, 1)
        self.layout_.addWidget(self.status)
        self.item.sig_current_changed.connect(self._on_item_current_changed)
        self.buyer.currentIndexChanged.connect(self._on_profile_current_index_changed)
        self.profile.currentIndexChanged.connect(self._on_profile_current_index_changed)
        self.buy.clicked.connect(self._on_buy_clicked)
        self.seller.currentIndexChanged.connect(self._on_seller_current_index_changed)
        self.sold_item.currentIndexChanged.connect(self._on_sold_item_current_index_changed)
        self.sell.clicked.connect(self._on_sell_clicked)
        self.bought.sig_remove_requested.connect(self._on_bought_remove_requested)
        self.sold.sig_remove_requested.connect(self._on_sold_remove_requested)

    def _buy_box(self, host: PostBattleWizard) -> QGroupBox:
        """Buying: for whom, the item (refused ones greyed), its profile and price."""
        ruleset = host.ruleset
        buy = QGroupBox("Buy")
        self.buyer = QComboBox()
        # Filters as you type, grouped by kind, price and availability in the row.
        gang = host.gang

        def refusal(entry: ArmouryWeapon | ArmouryItem) -> str:
            # Another gang's or a Brute's kit is not sold here (Rare items wait for the roll).
            if sold_at_trading_post(entry):
                return ""
            verdict = check_stash_item_for_gang(ruleset, gang, entry, trading_post=True)
            return "" if verdict.allowed else verdict.reason

        self.item = ItemPicker([*ruleset.weapons, *ruleset.wargear], refusal=refusal)
        self.item.setMinimumHeight(220)
        first = self.item.visible_names()
        if first:
            self.item.select_name(first[0])
        self.profile = QComboBox()
        self.cost = QSpinBox()
        self.cost.setRange(0, 10_000)
        self.cost.setSuffix(" credits")
        self.cost.setToolTip("The armoury price; change it for a haggled or rare price")
        self.buy = QPushButton("&Buy")
        form = QFormLayout(buy)
        form.addRow("For:", self.buyer)
        form.addRow("Item:", self.item)
        form.addRow("Special ammo / profile:", self.profile)
        form.addRow("Price:", self.cost)
        form.addRow("", self.buy)
        return buy

    def _sell_box(self) -> QGroupBox:
        """Selling: from whom, the item and the credits received."""
        sell = QGroupBox("Sell")
        self.seller = QComboBox()
        self.sold_item = QComboBox()
        self.value = QSpinBox()
        self.value.setRange(0, 10_000)
        self.value.setSuffix(" credits")
        self.value.setToolTip("Credits received; half the price paid unless you change it")
        self.sell = QPushButton("S&ell")
        form = QFormLayout(sell)
        form.addRow("From:", self.seller)
        form.addRow("Item:", self.sold_item)
        form.addRow("Credits received:", self.value)
        form.addRow("", self.sell)
        return sell

    def _seek_box(self, host: PostBattleWizard) -> QGroupBox:
        """The availability roll: needed for Rare and Illegal items off the house list."""
        rules = host.ruleset.post_battle_rules.availability
        self.seek = QGroupBox("Seek Rare and Illegal items")
        self.seek.setCheckable(True)
        self.seek.setToolTip(
            f"2D6, +{rules.leader_bonus} if the Leader trades, +{rules.champion_bonus} for each"
            " Champion who does"
            + (
                f", +1 for every {rules.reputation_per_bonus} Reputation"
                if rules.reputation_per_bonus
                else ""
            )
            + ": Rare (X) and Illegal (X) items up to the total are for sale"
        )
        self.seek_roll = RollInput("2D6", host.roll)
        self.traders = QWidget()
        self._traders_layout = QVBoxLayout(self.traders)
        self._traders_layout.setContentsMargins(0, 0, 0, 0)
        self.seek_modifier = QSpinBox()
        self.seek_modifier.setRange(-20, 20)
        self.seek_modifier.setToolTip("Any other modifier a special rule gives")
        self.seek_total = QLabel()
        self.seek_total.setWordWrap(True)
        form = QFormLayout(self.seek)
        form.addRow("2D6 rolled:", self.seek_roll)
        form.addRow("Trading:", self.traders)
        form.addRow("Other modifier:", self.seek_modifier)
        form.addRow(self.seek_total)
        self.seek.toggled.connect(self._on_seek_changed)
        self.seek_roll.sig_changed.connect(self._on_seek_changed)
        self.seek_modifier.valueChanged.connect(self._on_seek_changed)
        return self.seek

    def _trader_boxes(self) -> list[QCheckBox]:
        return self.traders.findChildren(QCheckBox)

    def _load_seek(self, gang: Gang) -> None:
        entry = self.host.draft.availability
        for box in self._trader_boxes():
            box.setParent(None)
            box.deleteLater()
        chosen = {n.casefold() for n in entry.traders} if entry else set()
        for fighter in availability_rollers(gang.fighters):
            box = QCheckBox(f"{fighter.name} ({fighter.category.label})")
            box.setProperty("fighter", fighter.name)
            box.setChecked(fighter.name.casefold() in chosen)
            box.toggled.connect(self._on_seek_changed)
            self._traders_layout.addWidget(box)
        for widget in (self.seek, self.seek_roll, self.seek_modifier):
            widget.blockSignals(True)
        self.seek.setChecked(entry is not None)
        self.seek_roll.set_value(entry.roll if entry else None)
        self.seek_modifier.setValue(entry.modifier if entry else 0)
        for widget in (self.seek, self.seek_roll, self.seek_modifier):
            widget.blockSignals(False)

    def _on_seek_changed(self, *_args: object) -> None:
        if self._loading:
            return
        roll = self.seek_roll.value()
        entry = None
        if self.seek.isChecked() and roll is not None and roll >= 2:
            traders = [str(b.property("fighter")) for b in self._trader_boxes() if b.isChecked()]
            entry = AvailabilityEntry(
                roll=roll, traders=traders, modifier=self.seek_modifier.value()
            )
        self.edited(availability=entry)

    def load(self) -> None:
        gang, _ = self.host.preview("clean_house")
        owners = [*_fighters(gang), STASH_LABEL]
        _refill(self.buyer, owners)
        _refill(self.seller, owners)
        self._load_seek(gang)
        self._on_item_current_changed(self.item.current_name())
        self._on_seller_current_index_changed(0)

    def refresh(self) -> None:
        draft = self.host.draft
        if draft.availability is not None:
            gang, _ = self.host.preview("clean_house")
            rules = self.host.ruleset.post_battle_rules.availability
            seek = seek_total(rules, gang, draft.availability)
            self.seek_total.setText(
                f"{seek.text} = {seek.total}: Rare and Illegal items up to {seek.total}"
            )
        else:
            self.seek_total.setText("Rare and Illegal items off the house list need this roll.")
        prices = self._charged(draft.purchases)
        self.bought.set_lines(
            [f"{_owner_label(p.fighter)}: {p.item}" + (f" with {p.profile}" if p.profile else "")
             + (f" for {price} credits" if price is not None else "")
             for p, price in zip(draft.purchases, prices, strict=True)]
        )  # fmt: skip
        self.sold.set_lines(
            [f"{_owner_label(s.fighter)}: {s.item}" + (f" for {s.value}" if s.value is not None else "")
             for s in draft.sales]
        )  # fmt: skip
        before, _ = self.host.preview("clean_house")
        after, _ = self.host.preview("trading_post")
        self.show_problems(
            self.host.step_problems([self.step_id]),
            f"Credits: {before.credits} before the Trading Post, {after.credits} after.",
        )

    # -- buying --------------------------------------------------------------

    def _on_item_current_changed(self, name: str) -> None:
        self.buy.setEnabled(bool(name))
        weapon = self.host.ruleset.weapon_entry(name) if name else None
        self.profile.blockSignals(True)
        self.profile.clear()
        self.profile.addItem("standard", None)
        if weapon is not None:
            for profile in weapon.profiles:
                if profile.cost:
                    self.profile.addItem(f"{profile.name} (+{profile.cost})", profile.name)
        self.profile.setEnabled(self.profile.count() > 1)
        self.profile.blockSignals(False)
        self._on_profile_current_index_changed(0)

    def _price(self) -> int:
        """What the buyer will be charged: their house list's price, else the armoury's."""
        ruleset = self.host.ruleset
        entry = armoury_lookup(ruleset, self.item.current_name())
        if entry is None:
            return 0
        gang, _ = self.host.preview("clean_house")
        buyer = gang.fighter(_owner_name(self.buyer.currentText()))
        price = entry.cost
        if buyer is not None:
            price = check_item_for_gang(ruleset, gang, buyer, entry, trading_post=True).price
        weapon = ruleset.weapon_entry(entry.name)
        paid = self.profile.currentData()
        if weapon is None or not paid:
            return price
        extra = next((p.cost for p in weapon.profiles if p.name == paid), 0)
        carried = buyer.weapon(weapon.name) if buyer is not None else None
        if extra and carried is not None and carried.profile(paid) is None:
            # Restocking ammo for a weapon the fighter carries: the profile alone is charged
            # (rules/post_battle_trading.purchase), so that is the price shown.
            return extra
        return price + extra

    def _charged(self, purchases: list[PurchaseEntry]) -> list[int | None]:
        """What each purchase is charged, in order, as Finish will charge it (None: refused,
        which the step's problems say why)."""
        gang, _ = self.host.preview("clean_house")
        prices: list[int | None] = []
        for entry in purchases:
            try:
                # The availability roll is checked by the step's problems, not here.
                gang, cost, _text = trading.purchase(self.host.ruleset, gang, entry, granted=True)
            except trading.TradeProblem:
                prices.append(entry.cost)
                continue
            prices.append(cost)
        return prices

    def _on_profile_current_index_changed(self, _index: int) -> None:
        self.cost.setValue(self._price())

    def _on_buy_clicked(self) -> None:
        if not self.item.current_name():
            return
        price = self.cost.value()
        entry = PurchaseEntry(
            fighter=_owner_name(self.buyer.currentText()),
            item=self.item.current_name(),
            profile=self.profile.currentData(),
            cost=None if price == self._price() else price,
        )
        self.edited(purchases=[*self.host.draft.purchases, entry])

    def _on_bought_remove_requested(self, row: int) -> None:
        kept = list(self.host.draft.purchases)
        del kept[row]
        self.edited(purchases=kept)

    # -- selling -------------------------------------------------------------

    def _on_seller_current_index_changed(self, _index: int) -> None:
        gang, _ = self.host.preview("clean_house")
        items = _items_of(gang, _owner_name(self.seller.currentText()))
        _refill(
            self.sold_item, [f"{i.name} ({i.total_cost})" for i in items], [i.name for i in items]
        )
        self.sell.setEnabled(bool(items))
        self._on_sold_item_current_index_changed(0)

    def _on_sold_item_current_index_changed(self, _index: int) -> None:
        gang, _ = self.host.preview("clean_house")
        items = _items_of(gang, _owner_name(self.seller.currentText()))
        index = self.sold_item.currentIndex()
        self.value.setValue(items[index].total_cost // 2 if 0 <= index < len(items) else 0)

    def _on_sell_clicked(self) -> None:
        if self.sold_item.currentIndex() < 0:
            return
        gang, _ = self.host.preview("clean_house")
        items = _items_of(gang, _owner_name(self.seller.currentText()))
        half = items[self.sold_item.currentIndex()].total_cost // 2
        value = self.value.value()
        entry = SaleEntry(
            fighter=_owner_name(self.seller.currentText()),
            item=str(self.sold_item.currentData()),
            value=None if value == half else value,
        )
        self.edited(sales=[*self.host.draft.sales, entry])

    def _on_sold_remove_requested(self, row: int) -> None:
        kept = list(self.host.draft.sales)
        del kept[row]
        self.edited(sales=kept)


class DistributePage(StepPage):
    """D: equipment handed out from the stash (or passed between fighters)."""

    def __init__(self, host: PostBattleWizard, step_id: str, title: str, summary: str) -> None:
        super().__init__(host, step_id, title, summary)
        self.source = QComboBox()
        self.item = QComboBox()
        self.target = QComboBox()
        self.give = QPushButton("&Give")
        form = QHBoxLayout()
        for label, widget in (("From", self.source), ("Item", self.item), ("To", self.target)):
            form.addWidget(QLabel(label))
            form.addWidget(widget, 1)
        form.addWidget(self.give)
        self.moves = EntryList("Equipment moved")
        self.stash = QLabel()
        self.stash.setWordWrap(True)
        self.layout_.addLayout(form)
        self.layout_.addWidget(self.moves, 1)
        self.layout_.addWidget(self.stash)
        self.layout_.addWidget(self.status)
        self.source.currentIndexChanged.connect(self._on_source_current_index_changed)
        self.give.clicked.connect(self._on_give_clicked)
        self.moves.sig_remove_requested.connect(self._on_moves_remove_requested)

    def load(self) -> None:
        gang, _ = self.host.preview("trading_post")
        _refill(self.source, [STASH_LABEL, *_fighters(gang)])
        _refill(self.target, [*_fighters(gang), STASH_LABEL])
        self._on_source_current_index_changed(0)

    def refresh(self) -> None:
        self.moves.set_lines(
            [
                f"{m.item}: {_owner_label(m.source)} -> {_owner_label(m.to)}"
                for m in self.host.draft.moves
            ]
        )
        after, _ = self.host.preview("distribute_equipment")
        names = ", ".join(s.name for s in after.stash) or "empty"
        self.stash.setText(f"Stash after this step: {names}")
        self.show_problems(self.host.step_problems([self.step_id]))

    def _on_source_current_index_changed(self, _index: int) -> None:
        # What is left to hand out after the moves already in the draft.
        gang, _ = self.host.preview("distribute_equipment")
        items = _items_of(gang, _owner_name(self.source.currentText()))
        _refill(self.item, [i.name for i in items])
        self.give.setEnabled(bool(items))

    def _on_give_clicked(self) -> None:
        if not self.item.currentText():
            return
        entry = MoveEntry.model_validate(
            {
                "item": self.item.currentText(),
                "from": _owner_name(self.source.currentText()),
                "to": _owner_name(self.target.currentText()),
            }
        )
        self.edited(moves=[*self.host.draft.moves, entry])
        self._on_source_current_index_changed(0)

    def _on_moves_remove_requested(self, row: int) -> None:
        kept = list(self.host.draft.moves)
        del kept[row]
        self.edited(moves=kept)
