"""Update Roster C in a running campaign: what the gang's territories grant, then a note."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QLabel, QListWidget

from gangmanager.gui.post_battle.note_page import NotePage
from gangmanager.rules.post_battle_campaign import boons_of

if TYPE_CHECKING:
    from gangmanager.gui.post_battle.wizard import PostBattleWizard


class BoonsPage(NotePage):
    """Lists the recruits, equipment and special rules of what the gang holds (a territory
    won in this battle included); they are applied by hand, the note goes into the report."""

    def __init__(self, host: PostBattleWizard, step_id: str, title: str, summary: str) -> None:
        super().__init__(
            host, step_id, title, summary, "boons",
            "Boons you used (a note for the report; buy or add recruits and equipment"
            " at the Trading Post or on the roster):",
        )  # fmt: skip
        heading = QLabel("What your territories grant besides income and Reputation:")
        self.boons = QListWidget()
        self.boons.setAccessibleName("Territory boons")
        self.boons.setWordWrap(True)
        self.boons.setAlternatingRowColors(True)
        self.layout_.insertWidget(0, heading)
        self.layout_.insertWidget(1, self.boons, 1)

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

    def lines(self) -> list[str]:
        return [self.boons.item(i).text() for i in range(self.boons.count())]
