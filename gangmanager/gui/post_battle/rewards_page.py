"""Receive rewards (credits, XP per fighter, reputation) and Collect income.

In a running campaign the income is the territories' (`CampaignIncomeBox`):
each line's dice typed in or rolled, the credits worked out as Finish will.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QFormLayout, QLabel, QSpinBox

from gangmanager.gui.post_battle.income_box import CampaignIncomeBox
from gangmanager.gui.post_battle.step_page import StepPage
from gangmanager.gui.post_battle.xp_table import XpTable
from gangmanager.rules.gang import FighterStatus
from gangmanager.rules.post_battle_campaign import income_dice, income_report
from gangmanager.rules.post_battle_draft import TerritoryIncome

if TYPE_CHECKING:
    from gangmanager.gui.post_battle.wizard import PostBattleWizard

REWARDS = "rewards"
INCOME = "income"


def _spin(low: int, high: int, suffix: str = "") -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setSuffix(suffix)
    spin.setMinimumWidth(130)
    spin.setMaximumWidth(160)
    return spin


class RewardsPage(StepPage):
    """Hosts the rewards, the income, or both (packs without a rewards step)."""

    def __init__(
        self,
        host: PostBattleWizard,
        step_id: str,
        title: str,
        summary: str,
        sections: tuple[str, ...],
    ) -> None:
        super().__init__(host, step_id, title, summary)
        self.sections = sections
        # Made with the page (`build`); a campaign's income box only in a campaign.
        self.campaign_income: CampaignIncomeBox | None = None
        self.xp_table: XpTable | None = None

    def build(self) -> None:
        self.credits = _spin(-10_000, 10_000, " credits")
        self.reputation = _spin(-100, 100)
        self.income = _spin(-10_000, 10_000, " credits")
        if REWARDS in self.sections:
            self._add_rewards()
        if INCOME in self.sections and self.host.campaign is not None:
            self.campaign_income = CampaignIncomeBox(self.host.roll)
            self.campaign_income.sig_changed.connect(self._on_campaign_income_sig_changed)
            self.layout_.addWidget(self.campaign_income)
        elif INCOME in self.sections:
            form = QFormLayout()
            form.addRow("Income from territories:", self.income)
            self.layout_.addLayout(form)
        self.layout_.addWidget(self.status)
        if REWARDS not in self.sections:
            # A one-field page: keep the credits ledger next to the field.
            self.layout_.addStretch(1)
        self.credits.valueChanged.connect(self._on_credits_value_changed)
        self.reputation.valueChanged.connect(self._on_reputation_value_changed)
        self.income.valueChanged.connect(self._on_income_value_changed)

    def _add_rewards(self) -> None:
        """Credits and Reputation gained, and each fighter's XP (suggested from the battle)."""
        form = QFormLayout()
        form.addRow("Credits gained (negative for a loss):", self.credits)
        form.addRow("Reputation gained (the total never drops below 1):", self.reputation)
        self.layout_.addLayout(form)
        fighters = [f for f in self.host.gang.fighters if f.status is not FighterStatus.DEAD]
        self.xp_table = XpTable(fighters)
        self.xp_table.sig_changed.connect(self._on_xp_table_sig_changed)
        note = QLabel(
            "Experience gained in this battle, suggested from the battle where the log shows"
            " it (taking part); edit freely: +1 per enemy Seriously Injured, +2 per enemy Out"
            " of Action (+1 more for a Leader or Champion), +1 rally, scenario awards."
        )
        note.setWordWrap(True)
        self.layout_.addWidget(note)
        self.layout_.addWidget(self.xp_table, 1)

    def load(self) -> None:
        draft = self.host.draft
        self.credits.setValue(draft.credits)
        self.reputation.setValue(draft.reputation)
        self.income.setValue(draft.income)
        if self.xp_table is not None:
            self.xp_table.set_values(draft.xp)

    def refresh(self) -> None:
        steps = (["receive_rewards"] if REWARDS in self.sections else []) + (
            ["collect_income"] if INCOME in self.sections else []
        )
        gang, _ = self.host.preview(steps[-1])
        draft = self.host.draft
        income = draft.income
        if self.campaign_income is not None:
            income = self._show_campaign_income()
        ledger = [f"Credits now {self.host.gang.credits}"]
        if draft.credits:
            ledger.append(f"from the battle {draft.credits:+d}")
        if income:
            ledger.append(f"income {income:+d}")
        self.show_problems(
            self.host.step_problems(steps),
            f"{', '.join(ledger)}: {gang.credits} credits after this step;"
            f" Reputation {self.host.gang.reputation} -> {gang.reputation}.",
        )

    def _show_campaign_income(self) -> int:
        """Lay out the income lines of what the gang holds after Assign territory; the total."""
        box, setting = self.campaign_income, self.host.campaign
        assert box is not None and setting is not None
        before = self.host.preview_campaign("assign_territory")
        gang, _ = self.host.preview("receive_rewards")
        campaign = before.campaign if before is not None else setting.campaign
        income = self.host.draft.territory_income or TerritoryIncome()
        box.set_lines(income_dice(setting, campaign, gang, income), income)
        report, _ = income_report(setting, campaign, gang, income)
        box.show_report(report)
        return report.total if report is not None else 0

    def _on_campaign_income_sig_changed(self) -> None:
        assert self.campaign_income is not None
        # The draft's income is the territories' total: Finish works it out from the dice.
        self.edited(territory_income=self.campaign_income.value(), income=0)

    def _on_credits_value_changed(self, value: int) -> None:
        self.edited(credits=value)

    def _on_reputation_value_changed(self, value: int) -> None:
        self.edited(reputation=value)

    def _on_income_value_changed(self, value: int) -> None:
        self.edited(income=value)

    def _on_xp_table_sig_changed(self) -> None:
        assert self.xp_table is not None
        shown = self.xp_table.values()
        folded = {name.casefold() for name in shown}
        kept = {n: v for n, v in self.host.draft.xp.items() if n.casefold() not in folded}
        kept.update({name: gained for name, gained in shown.items() if gained})
        self.edited(xp=kept)
