"""Update Roster C in a running campaign: what the gang's territories grant, taking the free
recruits and items they name, then a note."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from gangmanager.gui.post_battle.entry_list import EntryList
from gangmanager.gui.post_battle.note_page import NotePage
from gangmanager.gui.post_battle.roll_input import RollInput
from gangmanager.gui.post_battle.roster_pages import (
    STASH_LABEL,
    _fighters,
    _owner_label,
    _owner_name,
    _refill,
)
from gangmanager.rules import campaign as campaign_rules
from gangmanager.rules.campaign_types import BoonKind
from gangmanager.rules.post_battle_boons import Offer, offered, still_offered
from gangmanager.rules.post_battle_campaign import boons_of
from gangmanager.rules.post_battle_draft import BoonTaken

if TYPE_CHECKING:
    from gangmanager.gui.post_battle.wizard import PostBattleWizard


def taken_line(entry: BoonTaken) -> str:
    if entry.dice is not None:
        rolled = ", ".join(map(str, entry.dice))
        who = " ".join(filter(None, (entry.name, f"({entry.fighter_type})" if entry.fighter_type
                                     else None))) or "the recruit rolled"  # fmt: skip
        return f"Rolled {rolled} at {entry.territory}: {who} joins free if the dice bring one"
    if entry.kind == "recruit":
        name = f"{entry.name} ({entry.fighter_type})" if entry.name else entry.fighter_type
        return f"{name} joins free, from {entry.territory}"
    return f"{entry.item} from {entry.territory}, free: to {_owner_label(entry.fighter)}"


class BoonsPage(NotePage):
    """Lists the recruits, equipment and special rules of what the gang holds (a territory
    won in this battle included); the recruits and items named can be taken here (into
    `boons_taken`), the rest is applied by hand and noted for the report."""

    def __init__(self, host: PostBattleWizard, step_id: str, title: str, summary: str) -> None:
        super().__init__(
            host, step_id, title, summary, "boons",
            "Other boons you used (a note for the report):",
        )  # fmt: skip
        heading = QLabel("What your territories grant besides income and Reputation:")
        self.boons = QListWidget()
        self.boons.setAccessibleName("Territory boons")
        self.boons.setWordWrap(True)
        self.boons.setAlternatingRowColors(True)

        box = QGroupBox("Take a free recruit or item")
        self.offer = QComboBox()
        self.offer.setAccessibleName("Boon to take")
        self.owner = QComboBox()
        self.owner.setAccessibleName("Item goes to")
        self.owner.setToolTip("Who carries the free item; the stash unless you pick a fighter")
        self.name = QLineEdit()
        self.name.setPlaceholderText("the fighter type's name unless you give one")
        self.name.setAccessibleName("Recruit's name")
        # A recruit decided by the dice (Settlement): one D6 box per die, and the type
        # when the house list has several of the category rolled.
        self.dice_row = QWidget()
        self.dice_layout = QHBoxLayout(self.dice_row)
        self.dice_layout.setContentsMargins(0, 0, 0, 0)
        self.dice_layout.addStretch(1)
        self.dice: list[RollInput] = []
        self.rolled_type = QComboBox()
        self.rolled_type.setAccessibleName("Recruit's fighter type")
        self.rolled_type.setToolTip(
            "Only needed when your house list has several of the kind rolled"
        )
        self.take = QPushButton("&Take")
        self.take.setToolTip("Take the boon picked (undo with Remove below)")
        form = QFormLayout(box)
        form.addRow("&Boon:", self.offer)
        form.addRow("Item &for:", self.owner)
        form.addRow("&Dice rolled:", self.dice_row)
        form.addRow("T&ype:", self.rolled_type)
        form.addRow("Recruit's na&me:", self.name)
        take_row = QHBoxLayout()
        take_row.addStretch(1)
        take_row.addWidget(self.take)
        form.addRow(take_row)
        self.taken = EntryList("Boons taken")
        taken_box = QGroupBox("Taken (applied at Finish)")
        QVBoxLayout(taken_box).addWidget(self.taken)

        self.layout_.insertWidget(0, heading)
        self.layout_.insertWidget(1, self.boons, 1)
        self.layout_.insertWidget(2, box)
        self.layout_.insertWidget(3, taken_box, 1)
        self.layout_.addWidget(self.status)
        self.offer.currentIndexChanged.connect(self._on_offer_current_index_changed)
        self.take.clicked.connect(self._on_take_clicked)
        self.name.returnPressed.connect(self._on_take_clicked)
        self.taken.sig_remove_requested.connect(self._on_taken_remove_requested)

    def load(self) -> None:
        super().load()
        gang, _ = self.host.preview("trading_post")
        labels = [STASH_LABEL, *_fighters(gang)]
        _refill(self.owner, labels)
        self.owner.setCurrentIndex(0)

    def offers(self) -> list[Offer]:
        """Every recruit and item the held territories name (one row per copy)."""
        setting = self.host.campaign
        outcome = self.host.preview_campaign("territory_boons")
        if setting is None or outcome is None or self.host.gang_id is None:
            return []
        kinds = (BoonKind.RECRUIT, BoonKind.EQUIPMENT)
        return offered(
            campaign_rules.held_boons(outcome.campaign, setting.ctype, self.host.gang_id, kinds)
        )

    def refresh(self) -> None:
        setting = self.host.campaign
        outcome = self.host.preview_campaign("territory_boons")
        if setting is None or outcome is None:
            return
        found = boons_of(setting, outcome.campaign, self.host.gang_id)
        self.boons.clear()
        self.boons.addItems([f"{territory} ({kind}): {text}" for territory, kind, text in found])
        if not found:
            self.boons.addItem("None: your territories give only income and Reputation.")

        taken = list(self.host.draft.boons_taken)
        left = still_offered(self.offers(), taken)
        self.offer.blockSignals(True)
        self.offer.clear()
        for offer in left:
            self.offer.addItem(offer.label(), offer)
        self.offer.blockSignals(False)
        self._on_offer_current_index_changed(self.offer.currentIndex())
        self.taken.set_lines([taken_line(e) for e in taken])
        after, _ = self.host.preview("territory_boons")
        stash = ", ".join(w.name for w in after.stash) or "empty"
        self.show_problems(
            self.host.step_problems([self.step_id]),
            f"Stash after this step: {stash}." if taken else "",
        )

    def lines(self) -> list[str]:
        return [self.boons.item(i).text() for i in range(self.boons.count())]

    def _on_offer_current_index_changed(self, _index: int) -> None:
        offer: Offer | None = self.offer.currentData()
        kind = offer.kind if offer else None
        self.take.setEnabled(offer is not None)
        self.owner.setEnabled(kind == "equipment")
        self.name.setEnabled(kind == "recruit")
        self._set_dice(offer.roll.dice if offer and offer.roll else 0)
        self.rolled_type.setEnabled(bool(offer and offer.roll))

    def _set_dice(self, count: int) -> None:
        while len(self.dice) > count:
            self.dice.pop().deleteLater()
        while len(self.dice) < count:
            die = RollInput("D6", self.host.roll)
            self.dice_layout.insertWidget(len(self.dice), die)
            self.dice.append(die)
        self.dice_row.setEnabled(count > 0)
        self.rolled_type.clear()
        if count:
            self.rolled_type.addItem("As the dice decide", None)
            house = self.host.ruleset.house(self.host.gang.house or "")
            for fighter_type in house.fighter_types if house else []:
                label = f"{fighter_type.name} ({fighter_type.category.label})"
                self.rolled_type.addItem(label, fighter_type.name)

    def _on_take_clicked(self) -> None:
        offer: Offer | None = self.offer.currentData()
        if offer is None:
            return
        name = self.name.text().strip() or None
        if offer.roll is not None:
            dice = [d.value() for d in self.dice]
            if None in dice:
                self.show_problems(
                    [], f"Roll the {offer.roll.text()} first (or type what you rolled)."
                )
                return
            entry = BoonTaken(
                territory=offer.territory,
                kind="recruit",
                dice=[d for d in dice if d is not None],
                fighter_type=self.rolled_type.currentData(),
                name=name,
            )
            for die in self.dice:
                die.set_value(None)
            self.name.clear()
        elif offer.kind == "recruit":
            entry = BoonTaken(
                territory=offer.territory, kind="recruit", fighter_type=offer.name, name=name
            )
            self.name.clear()
        else:
            entry = BoonTaken(
                territory=offer.territory,
                kind="equipment",
                item=offer.name,
                fighter=_owner_name(self.owner.currentText()),
            )
        self.edited(boons_taken=[*self.host.draft.boons_taken, entry])

    def _on_taken_remove_requested(self, row: int) -> None:
        kept = list(self.host.draft.boons_taken)
        del kept[row]
        self.edited(boons_taken=kept)
