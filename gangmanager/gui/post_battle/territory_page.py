"""Assign territory in a running campaign: the territory that changed hands, won or lost."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QWidget,
)

from gangmanager.gui.post_battle.step_page import StepPage
from gangmanager.rules import campaign as rules
from gangmanager.rules.campaign import CampaignBattle
from gangmanager.rules.limits import quoted
from gangmanager.rules.post_battle_campaign import assign_territory

if TYPE_CHECKING:
    from gangmanager.gui.post_battle.wizard import PostBattleWizard

OUTCOMES = ("won", "lost")


class TerritoryPage(StepPage):
    """Offers the campaign's territories; Finish moves the one picked (with its Reputation)."""

    def __init__(self, host: PostBattleWizard, step_id: str, title: str, summary: str) -> None:
        super().__init__(host, step_id, title, summary)
        setting = host.campaign
        assert setting is not None
        campaign, ctype = setting.campaign, setting.ctype
        intro = QLabel(
            f"{host.gang.name} takes part in the {ctype.name} campaign {quoted(campaign.name)},"
            f" {rules.phase_label(campaign, ctype)}. Pick the territory that changed hands in"
            " this battle, if any: Finish moves it in the campaign, with the Reputation it"
            " gives while held."
        )
        intro.setWordWrap(True)
        self.at_stake = QLabel()
        self.at_stake.setWordWrap(True)
        self.held = QLabel()
        self.held.setWordWrap(True)
        self.territory = QComboBox()
        self.territory.setAccessibleName("Territory won or lost")
        self.territory.addItem("None changed hands", "")
        for holding in campaign.holdings:
            if holding.hideout:
                continue
            self.territory.addItem(
                f"{holding.territory} ({self._holder(holding.gang_id)})", holding.territory
            )
        self.outcomes = QButtonGroup(self)
        buttons = QWidget()
        row = QHBoxLayout(buttons)
        row.setContentsMargins(0, 0, 0, 0)
        for index, label in enumerate(("&Won it", "&Lost it")):
            button = QRadioButton(label)
            self.outcomes.addButton(button, index)
            row.addWidget(button)
        row.addStretch(1)
        self.taker = QComboBox()
        self.taker.setAccessibleName("Gang that takes the territory lost")
        self.taker.addItem("", None)
        for member in campaign.gangs:
            if member.gang_id != host.gang_id:
                self.taker.addItem(member.name, member.name)
        form = QFormLayout()
        form.addRow("Territory:", self.territory)
        form.addRow("The gang:", buttons)
        form.addRow("Taken by (when lost):", self.taker)
        self.layout_.addWidget(intro)
        self.layout_.addWidget(self.at_stake)
        self.layout_.addLayout(form)
        self.layout_.addWidget(self.status)
        self.layout_.addWidget(self.held)
        self.layout_.addStretch(1)
        self.territory.currentIndexChanged.connect(self._on_territory_current_index_changed)
        self.outcomes.idClicked.connect(self._on_outcomes_id_clicked)
        self.taker.currentIndexChanged.connect(self._on_taker_current_index_changed)

    def _holder(self, gang_id: int | None) -> str:
        if gang_id is None:
            return "unclaimed"
        if gang_id == self.host.gang_id:
            return "yours"
        assert self.host.campaign is not None
        member = self.host.campaign.campaign.gang(gang_id)
        return f"held by {member.name}" if member is not None else "held"

    def _battle(self) -> CampaignBattle | None:
        setting, wanted = self.host.campaign, self.host.draft.campaign_battle_id
        if setting is None or wanted is None:
            return None
        return setting.battle(wanted)

    def load(self) -> None:
        draft = self.host.draft
        wanted = draft.territory.strip().casefold()
        index = next(
            (i for i in range(self.territory.count())
             if str(self.territory.itemData(i)).casefold() == wanted),
            0,
        )  # fmt: skip
        self.territory.setCurrentIndex(index)
        outcome = draft.territory_result or {"win": "won", "loss": "lost"}.get(draft.result or "")
        self.outcomes.setExclusive(False)
        for button in self.outcomes.buttons():
            button.setChecked(False)
        self.outcomes.setExclusive(True)
        if outcome is not None:
            self.outcomes.button(OUTCOMES.index(outcome)).setChecked(True)
        battle = self._battle()
        winner = battle.winner if battle is not None else None
        if winner is not None and winner.gang_id != self.host.gang_id:
            self.taker.setItemText(0, f"{winner.gang_name} (the battle's winner)")
        else:
            self.taker.setItemText(0, "Nobody: it is unclaimed again")
        taker = (draft.territory_to or "").casefold()
        found = next(
            (i for i in range(1, self.taker.count())
             if str(self.taker.itemData(i)).casefold() == taker),
            0,
        )  # fmt: skip
        self.taker.setCurrentIndex(found if taker else 0)
        self.at_stake.setText(self._at_stake(battle))
        self._update_enabled()

    def _at_stake(self, battle: CampaignBattle | None) -> str:
        if battle is None or not battle.territory:
            return ""
        winner = battle.winner
        went = (
            f"it went to {winner.gang_name} when the battle was recorded"
            if winner is not None
            else "a draw left it where it was"
        )
        return f"{battle.territory} was at stake in campaign battle {battle.id}: {went}."

    def _update_enabled(self) -> None:
        chosen = bool(self.territory.currentData())
        for button in self.outcomes.buttons():
            button.setEnabled(chosen)
        self.taker.setEnabled(chosen and self.outcomes.checkedId() == OUTCOMES.index("lost"))

    def refresh(self) -> None:
        outcome = self.host.preview_campaign("assign_territory")
        setting = self.host.campaign
        assert setting is not None
        # What the step says: the transfer, or why nothing moves (held already).
        gang, _ = self.host.preview("wrap_up")
        _, _, notes, _ = assign_territory(setting, gang, self.host.draft, self._battle())
        text = " ".join(notes) or "No territory changes hands."
        self.show_problems(self.host.step_problems(["assign_territory"]), text)
        if outcome is not None:
            held = [
                f"{h.territory} (hideout)" if h.hideout else h.territory
                for h in outcome.campaign.held_by(self.host.gang_id)
            ]
            self.held.setText(
                f"{self.host.gang.name} holds after this step: {', '.join(held) or 'nothing'}."
            )

    def _write(self) -> None:
        self._update_enabled()
        name = str(self.territory.currentData() or "")
        checked = self.outcomes.checkedId()
        result = OUTCOMES[checked] if name and checked >= 0 else None
        taker = self.taker.currentData() if result == "lost" else None
        self.edited(territory=name, territory_result=result, territory_to=taker)

    def _on_territory_current_index_changed(self, _index: int) -> None:
        self._write()

    def _on_outcomes_id_clicked(self, _index: int) -> None:
        self._write()

    def _on_taker_current_index_changed(self, _index: int) -> None:
        self._write()
