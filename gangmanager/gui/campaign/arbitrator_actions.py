"""The campaign window's arbitrator actions: add and remove gangs, record a battle,
assign a territory, close a cycle, end the campaign.

Part of `CampaignWindow` (campaign_window.py); each action is one step run by its `_run`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtWidgets import QMainWindow

from gangmanager.gui.campaign.action_dialogs import (
    Assignment,
    AssignTerritoryDialog,
    BattleEntry,
    GangChoice,
    GangDialog,
    RecordBattleDialog,
    TrackedBattle,
)
from gangmanager.gui.common.messages import Messages
from gangmanager.rules.campaign import Alignment
from gangmanager.services import battle as battle_service
from gangmanager.services import campaign as service
from gangmanager.services import gangs as gang_service
from gangmanager.services.battle_pending import ended_battles
from gangmanager.services.campaign_rows import CampaignView
from gangmanager.services.databases import Database
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets

if TYPE_CHECKING:
    from gangmanager.services.campaign_steps import OfCampaign
    from gangmanager.services.operations import Action

    # What a campaign action run as an undo step hands back (its campaign, at least).
    C = TypeVar("C", bound=OfCampaign)
    _Window = QMainWindow
else:  # At run time a plain mixin: CampaignWindow itself derives from QMainWindow.
    _Window = object


class ArbitratorActions(_Window):
    # CampaignWindow's, used here.
    _db: Database
    _rulesets: Rulesets
    campaign_id: int
    messages: Messages
    view: CampaignView

    if TYPE_CHECKING:

        def _run(
            self,
            label: str,
            action: Action[C],
            gangs: Sequence[str] = (),
            done: Callable[[C], object] | None = None,
        ) -> str | None: ...
        def _told(self, refusal: str | None) -> None: ...

    def members(self) -> list[tuple[int, str]]:
        return [(g.id, g.name) for g in self.view.gangs]

    def territories_in_play(self) -> list[tuple[str, str | None]]:
        return [(t.name, t.holder) for t in self.view.territories if not t.hideout]

    def _on_add_gang_triggered(self) -> None:
        taking_part = {gid for gid, _ in self.members()}
        try:
            rows = gang_service.list_gangs(self._db)
        except ServiceError as exc:
            self.messages.tell(str(exc))
            return
        free = [(r.id, r.name) for r in rows if r.id not in taking_part]
        if not free:
            self.messages.tell("Every gang in this database takes part already.")
            return
        campaign = str(self.campaign_id)

        def attempt(choice: GangChoice) -> str | None:
            alignment = Alignment.OUTLAW if choice.outlaw else Alignment.LAW_ABIDING
            return self._run(
                "Add gang",
                service.AddCampaignGang(campaign, str(choice.gang_id), alignment=alignment),
                gangs=[str(choice.gang_id)],
            )

        GangDialog.ask(self, "Add gang", free, attempt, outlaw=True)

    def _on_remove_gang_triggered(self) -> None:
        members = self.members()
        if not members:
            self.messages.tell("No gang takes part yet.")
            return
        campaign = str(self.campaign_id)

        def attempt(choice: GangChoice) -> str | None:
            return self._run(
                "Remove gang",
                service.RemoveCampaignGang(campaign, str(choice.gang_id)),
            )

        GangDialog.ask(self, "Remove gang", members, attempt)

    def _on_record_battle_triggered(self) -> None:
        campaign = str(self.campaign_id)

        def attempt(entry: BattleEntry) -> str | None:
            return self._run(
                "Record battle",
                service.RecordBattle(
                    campaign,
                    entry.gangs,
                    winner=entry.winner,
                    scenario=entry.scenario,
                    territory=entry.territory,
                    fought_on=entry.fought_on,
                    out_of_action=entry.out_of_action,
                    battle_id=entry.battle_id,
                ),
            )

        RecordBattleDialog.ask(
            self, self.members(), self.territories_in_play(), attempt, tracked=self.tracked_battle()
        )

    def tracked_battle(self) -> TrackedBattle | None:
        """An ended two-gang battle between members that the campaign has not recorded."""
        members = dict(self.members())
        recorded = {b.battle_id for b in self.view.battles if b.battle_id}
        try:
            # One read for every member (not `ended_battle` per gang: it grew with the campaign).
            ended = ended_battles(self._db, members)
        except ServiceError:
            return None
        for gang_id in members:
            record = ended.get(gang_id)
            if record is None or record.battle_id in recorded or record.against_gang_id is None:
                continue
            try:
                facts = battle_service.campaign_facts(self._db, self._rulesets, record.battle_id)
            except ServiceError:
                continue
            ids = {name: gid for gid, name in members.items()}
            if not all(name in ids for name in facts.gangs):
                continue
            first, second = (ids[name] for name in facts.gangs)
            return TrackedBattle(
                battle_id=record.battle_id,
                gang_ids=(first, second),
                scenario=facts.scenario,
                out_of_action={ids[n]: count for n, count in facts.out_of_action.items()},
            )
        return None

    def _on_assign_triggered(self) -> None:
        campaign = str(self.campaign_id)

        def attempt(entry: Assignment) -> str | None:
            return self._run(
                "Assign territory",
                service.AssignTerritory(campaign, entry.territory, entry.gang),
            )

        AssignTerritoryDialog.ask(self, self.members(), self.territories_in_play(), attempt)

    def _on_next_cycle_triggered(self) -> None:
        cycle = self.view.cycle
        if self.messages.confirm(
            f"Close cycle {cycle}? Undo (Ctrl+Z) opens it again.", "Next cycle"
        ):
            campaign = str(self.campaign_id)
            self._told(
                self._run(
                    "Next cycle",
                    service.NextCycle(campaign),
                )
            )

    def _on_end_triggered(self) -> None:
        if not self.messages.confirm(
            "End the campaign and award the Triumphs? Undo (Ctrl+Z) reopens it.",
            "End campaign",
        ):
            return
        campaign = str(self.campaign_id)
        ended: list[service.EndResult] = []
        refusal = self._run("End campaign", service.EndCampaign(campaign), done=ended.append)
        if refusal is not None:
            self.messages.tell(refusal)
            return
        self.messages.inform("\n".join(ended[-1].changes.messages), "Triumphs")
