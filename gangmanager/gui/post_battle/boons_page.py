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
)

from gangmanager.gui.post_battle.entry_list import EntryList
from gangmanager.gui.post_battle.note_page import NotePage
from gangmanager.gui.post_battle.roster_pages import (
    STASH_LABEL,
    _fighters,
    _owner_label,
    _owner_name,
    _refill,
)
from gangmanager.rules import campaign as campaign_rules
from gangmanager.rules.campaign_types import BoonKind
from gangmanager.rules.post_battle_boons import offered
from gangmanager.rules.post_battle_campaign import boons_of
from gangmanager.rules.post_battle_draft import BoonTaken
from gangmanager.rules.weapons import trait_key

if TYPE_CHECKING:
    from gangmanager.gui.post_battle.wizard import PostBattleWizard

# (territory, "recruit" | "equipment", fighter type or item) of one boon that can be taken.
Offer = tuple[str, str, str]


def _same(offer: Offer, entry: BoonTaken) -> bool:
    wanted = entry.fighter_type if entry.kind == "recruit" else entry.item
    return (
        offer[0].casefold() == entry.territory.strip().casefold()
        and offer[1] == entry.kind
        and trait_key(offer[2]) == trait_key(wanted or "")
    )


def still_offered(offers: list[Offer], taken: list[BoonTaken]) -> list[Offer]:
    """The offers left once each taken boon has used up one matching copy."""
    left = list(offers)
    for entry in taken:
        found = next((i for i, offer in enumerate(left) if _same(offer, entry)), None)
        if found is not None:
            del left[found]
    return left


def taken_line(entry: BoonTaken) -> str:
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
        self.take = QPushButton("&Take")
        self.take.setToolTip("Take the boon picked (undo with Remove below)")
        form = QFormLayout(box)
        form.addRow("&Boon:", self.offer)
        form.addRow("Item &for:", self.owner)
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
        for territory, kind, what in left:
            self.offer.addItem(f"{territory}: {what} ({kind})", (territory, kind, what))
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
        offer = self.offer.currentData()
        kind = offer[1] if offer else None
        self.take.setEnabled(offer is not None)
        self.owner.setEnabled(kind == "equipment")
        self.name.setEnabled(kind == "recruit")

    def _on_take_clicked(self) -> None:
        offer = self.offer.currentData()
        if not offer:
            return
        territory, kind, what = offer
        if kind == "recruit":
            entry = BoonTaken(
                territory=territory,
                kind="recruit",
                fighter_type=what,
                name=self.name.text().strip() or None,
            )
            self.name.clear()
        else:
            entry = BoonTaken(
                territory=territory,
                kind="equipment",
                item=what,
                fighter=_owner_name(self.owner.currentText()),
            )
        self.edited(boons_taken=[*self.host.draft.boons_taken, entry])

    def _on_taken_remove_requested(self, row: int) -> None:
        kept = list(self.host.draft.boons_taken)
        del kept[row]
        self.edited(boons_taken=kept)
