"""The first page: which battle (or none, played elsewhere), the result and the scenario.

In a running campaign it also offers the gang's battles recorded there whose
post-battle sequence is still to do: income is tied to the one picked.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QButtonGroup,
    QComboBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QRadioButton,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from gangmanager.gui.post_battle.step_page import StepPage
from gangmanager.rules.campaign import CampaignBattle, Result
from gangmanager.rules.ratings import committed_fighter_rating, committed_gang_rating

if TYPE_CHECKING:
    from gangmanager.gui.post_battle.wizard import PostBattleWizard

RESULTS = ("win", "loss", "draw")
ROSTER_COLUMNS = ("Fighter", "Type", "Status", "Fighter Rating", "XP", "At the end of the battle")
_RESULT_OF = {Result.WON: "win", Result.LOST: "loss", Result.DRAW: "draw"}


class BattlePage(StepPage):
    def __init__(self, host: PostBattleWizard) -> None:
        super().__init__(
            host,
            "battle",
            "The battle",
            "Nothing touches the roster until Finish; the draft is saved as you go.",
        )
        self.battle = QComboBox()
        self.battle.addItem("No battle tracked (played elsewhere)", None)
        record = host.battle
        if record is not None:
            scenario = f" - {record.scenario}" if record.scenario else ""
            ended = f", ended {record.ended_at:%Y-%m-%d %H:%M}" if record.ended_at else ""
            self.battle.addItem(f"Battle {record.battle_id}{scenario}{ended}", record.battle_id)
        buttons = self._result_buttons()
        self.scenario = QLineEdit()
        self.scenario.setPlaceholderText("e.g. Stand-off")
        form = QFormLayout()
        form.addRow("Battle:", self.battle)
        self.campaign_battle = self._campaign_battle_combo(host)
        if self.campaign_battle is not None:
            form.addRow("Campaign battle:", self.campaign_battle)
            self.campaign_battle.currentIndexChanged.connect(
                self._on_campaign_battle_current_index_changed
            )
        form.addRow("Result:", buttons)
        form.addRow("Scenario:", self.scenario)
        self.layout_.addLayout(form)
        explain = QLabel(
            "With a tracked battle, the Out of Action and Seriously Injured fighters, suggested"
            " XP and Limited profiles lost are filled in from its log. Without one, enter them"
            " by hand on the next pages."
        )
        explain.setWordWrap(True)
        self.layout_.addWidget(explain)
        gang = host.gang
        heading = QLabel(
            f"<b>{escape(gang.name)}</b>: Gang Rating {committed_gang_rating(gang)},"
            f" {gang.credits} credits, Reputation {gang.reputation}"
        )
        self.layout_.addWidget(heading)
        # A table, not a rich-text label: laying out 300 fighters' HTML rows was half of
        # the wizard's open, and the label made every page as tall as the roster.
        self.roster = self._roster_table()
        self.layout_.addWidget(self.roster, 1)
        self.layout_.addWidget(self.status)
        self.battle.currentIndexChanged.connect(self._on_battle_current_index_changed)
        self.results.idClicked.connect(self._on_results_id_clicked)
        self.scenario.textEdited.connect(self._on_scenario_text_edited)

    def _result_buttons(self) -> QWidget:
        """Win, draw or loss in a row (`self.results`, each button's id its index)."""
        self.results = QButtonGroup(self)
        buttons = QWidget()
        row = QHBoxLayout(buttons)
        row.setContentsMargins(0, 0, 0, 0)
        for index, result in enumerate(RESULTS):
            button = QRadioButton(f"&{result.capitalize()}")
            self.results.addButton(button, index)
            row.addWidget(button)
        row.addStretch(1)
        return buttons

    def _campaign_battle_combo(self, host: PostBattleWizard) -> QComboBox | None:
        """In a campaign: its battles this gang fought and has not collected income for
        (the draft's own included); None outside a campaign."""
        if host.campaign is None:
            return None
        combo = QComboBox()
        combo.setAccessibleName("Battle recorded in the campaign")
        combo.addItem("Not recorded in the campaign", None)
        for fought in reversed(host.campaign.campaign.battles):
            side = fought.side(host.gang_id)
            done = side is None or (
                side.income is not None and fought.id != host.draft.campaign_battle_id
            )
            if not done:
                combo.addItem(self._battle_text(fought), fought.id)
        combo.setToolTip(
            f"The battle as recorded in {host.campaign.campaign.name}: the income"
            " collected is tied to it, never twice"
        )
        return combo

    def _roster_table(self) -> QTableWidget:
        """The roster as it stands before the sequence, with the battle's outcome if tracked."""
        fought: dict[str, str] = {}
        if self.host.battle is not None:
            state = self.host.battle.state
            fought = {f.name: f.status.label for f in state.roster_fighters}
        fighters = self.host.gang.fighters
        table = QTableWidget(len(fighters), len(ROSTER_COLUMNS))
        table.setAccessibleName("The roster before the sequence")
        table.setHorizontalHeaderLabels(ROSTER_COLUMNS)
        table.verticalHeader().setVisible(False)
        table.verticalHeader().setDefaultSectionSize(table.fontMetrics().height() + 8)
        table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        table.setShowGrid(False)
        table.setFrameShape(QFrame.Shape.NoFrame)
        table.setWordWrap(False)
        right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        for row, f in enumerate(fighters):
            cells = (f.name, f.type, f.status.label, str(committed_fighter_rating(f)),
                     str(f.xp), fought.get(f.name, ""))  # fmt: skip
            for column, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if column in (3, 4):
                    item.setTextAlignment(right)
                table.setItem(row, column, item)
        header = table.horizontalHeader()
        header.setDefaultAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        table.resizeColumnsToContents()  # once: not on every layout of 300 rows
        header.setStretchLastSection(True)
        return table

    def _battle_text(self, fought: CampaignBattle) -> str:
        """`Battle 3, 2026-03-04: won against Iron Brothers (Stand-off), Tunnels at stake`."""
        side = fought.side(self.host.gang_id)
        assert side is not None
        others = " and ".join(s.gang_name for s in fought.sides if s is not side)
        how = {Result.WON: "won against", Result.LOST: "lost to", Result.DRAW: "drew with"}
        text = f"Battle {fought.id}, {fought.fought_on}: {how[side.result]} {others}"
        if fought.scenario:
            text += f" ({fought.scenario})"
        if fought.territory:
            text += f", {fought.territory} at stake"
        return text

    def load(self) -> None:
        draft = self.host.draft
        index = self.battle.findData(draft.battle_id)
        self.battle.setCurrentIndex(max(0, index))
        if self.campaign_battle is not None:
            found = self.campaign_battle.findData(draft.campaign_battle_id)
            self.campaign_battle.setCurrentIndex(max(0, found))
        if draft.result is None:
            # Nothing is checked until the player picks: a result is never assumed.
            self.results.setExclusive(False)
            for button in self.results.buttons():
                button.setChecked(False)
            self.results.setExclusive(True)
        else:
            self.results.button(RESULTS.index(draft.result)).setChecked(True)
        self.completeChanged.emit()
        self.scenario.setText(draft.scenario)

    def _on_battle_current_index_changed(self, _index: int) -> None:
        if not self._loading:
            self.host.choose_battle(self.battle.currentData())
            self.initializePage()

    def _on_campaign_battle_current_index_changed(self, _index: int) -> None:
        if self._loading or self.campaign_battle is None or self.host.campaign is None:
            return
        chosen = self.campaign_battle.currentData()
        fought = self.host.campaign.battle(chosen) if chosen is not None else None
        side = fought.side(self.host.gang_id) if fought is not None else None
        if fought is None or side is None:
            self.edited(campaign_battle_id=None)
        else:
            # The result as recorded in the campaign; the player may still change it.
            scenario = self.host.draft.scenario or fought.scenario
            self.edited(
                campaign_battle_id=fought.id, result=_RESULT_OF[side.result], scenario=scenario
            )
        self.initializePage()

    def isComplete(self) -> bool:
        return self.host.draft.result is not None and super().isComplete()

    def _on_results_id_clicked(self, index: int) -> None:
        self.edited(result=RESULTS[index])
        self.completeChanged.emit()

    def _on_scenario_text_edited(self, text: str) -> None:
        self.edited(scenario=text)
