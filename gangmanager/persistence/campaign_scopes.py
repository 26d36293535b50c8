"""Which rows an undo step of a campaign action holds: the campaign aggregate's tables.

The services ask for a scope by what it is about (a campaign, a battle recorded in
it, a campaign file's import); the tables and the columns that pick the rows are
known here only. Each scope is a list of `RowScope`s for the one snapshot engine
(persistence/snapshots.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select
from sqlalchemy.orm import Session

from gangmanager.persistence.campaign_tables import (
    CampaignBattleRow,
    CampaignGangRow,
    CampaignTerritoryRow,
)
from gangmanager.persistence.gang_identity import GangFiles
from gangmanager.persistence.snapshots import RowScope, RowSnapshots

# Tables a campaign action adds rows to: those above each one's highest id before the
# action are its own (one SELECT for all of them).
ADDED_TABLES = (
    "campaigns",
    "campaign_gangs",
    "campaign_territories",
    "campaign_battles",
    "campaign_battle_gangs",
    "campaign_log",
    "campaign_snapshots",
)


class CampaignScopes:
    """The undo scopes of campaign actions, read on an open session (`uow.campaigns.scopes`)."""

    def __init__(self, session: Session) -> None:
        self._session = session

    def added(self) -> list[RowScope]:
        """The rows an action is about to add to the campaign's tables: those above each
        table's highest id now."""
        tops = RowSnapshots(self._session).top_ids(ADDED_TABLES)
        return [RowScope(t, above=tops[t]) for t in ADDED_TABLES]

    def battle_ids(self, campaign_id: int | None) -> set[int]:
        """The ids of the campaign's battles (none for no campaign)."""
        if campaign_id is None:
            return set()
        where = CampaignBattleRow.campaign_id == campaign_id
        return set(self._session.scalars(select(CampaignBattleRow.id).where(where)))

    def whole(self, campaign_id: int, gang_ids: Iterable[int]) -> list[RowScope]:
        """Every row of the campaign and its gangs' rows (and those of `gang_ids`): the
        scope of any action but recording a battle (joining, leaving, a new cycle, the end...)."""
        members = set(
            self._session.scalars(
                select(CampaignGangRow.gang_id).where(CampaignGangRow.campaign_id == campaign_id)
            )
        )
        return [
            *self._campaign(campaign_id, self.battle_ids(campaign_id), file=False),
            # The gang rows only: a campaign action moves Reputation and credits, no fighter.
            RowScope("gangs", "id", tuple(sorted(members | set(gang_ids)))),
        ]

    def battle(self, campaign_id: int, gang_ids: Iterable[int], territory: str) -> list[RowScope]:
        """What recording a battle can change besides the rows it adds: the campaign's row,
        the rows of the gangs that fought and, with a territory at stake, the holdings (saved
        again whole) and the row of the gang holding it. No earlier battle, log line or
        other gang, so the rows read do not grow with the campaign."""
        gangs = set(gang_ids)
        scopes = [RowScope("campaigns", "id", (campaign_id,))]
        if territory:
            scopes.append(RowScope("campaign_territories", "campaign_id", (campaign_id,)))
            holders = self._session.scalars(
                select(CampaignTerritoryRow.gang_id).where(
                    CampaignTerritoryRow.campaign_id == campaign_id,
                    CampaignTerritoryRow.name == territory,
                )
            )
            gangs |= {g for g in holders if g is not None}
        scopes.append(RowScope("gangs", "id", tuple(sorted(gangs))))
        return scopes

    def file_import(self, campaign_id: int, battles: Iterable[int]) -> tuple[RowScope, ...]:
        """Every row of the campaign, its file identity included: any change to it since
        makes an import's step stale."""
        return tuple(self._campaign(campaign_id, battles, file=True))

    @staticmethod
    def gang_file(gang_id: int) -> tuple[RowScope, ...]:
        """A gang's file identity (beside its roster, in an import's step)."""
        return GangFiles.scope(gang_id)

    @staticmethod
    def _campaign(campaign_id: int, battles: Iterable[int], *, file: bool) -> list[RowScope]:
        own = (campaign_id,)
        return [
            RowScope("campaigns", "id", own),
            *([RowScope("campaign_files", "campaign_id", own)] if file else []),
            RowScope("campaign_gangs", "campaign_id", own),
            RowScope("campaign_territories", "campaign_id", own),
            RowScope("campaign_battles", "campaign_id", own),
            RowScope("campaign_battle_gangs", "campaign_battle_id", tuple(sorted(battles))),
            RowScope("campaign_log", "campaign_id", own),
            RowScope("campaign_snapshots", "campaign_id", own),
        ]
