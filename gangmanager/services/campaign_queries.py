"""Campaign queries: the reads, each in its own unit of work; nothing is stored."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from gangmanager.persistence.campaign_repository import CampaignSummary, campaigns
from gangmanager.persistence.database import Database
from gangmanager.persistence.unit_of_work import UnitOfWork
from gangmanager.rules import campaign as rules
from gangmanager.rules.campaign import (
    Campaign,
    CampaignBattle,
    GangFigures,
    IncomeReport,
    LogEntry,
    Snapshot,
    Standing,
    TriumphAward,
)
from gangmanager.rules.campaign_types import Boon, BoonKind, CampaignType
from gangmanager.rules.dice import Dice, RandomDice
from gangmanager.rules.gang import Gang
from gangmanager.rules.post_battle_campaign import CampaignSetting
from gangmanager.rules.ruleset import Ruleset
from gangmanager.services.campaign_context import (
    context_of,
    find_campaign,
    gang_and_campaign,
    refused,
    running_context,
)
from gangmanager.services.errors import ServiceError, UnknownGangError
from gangmanager.services.rulesets import Rulesets

# ------------------------------------------------------------------ reading


def list_campaigns(db: Database) -> list[CampaignSummary]:
    with db.unit_of_work() as uow:
        return campaigns(uow).list()


def load_campaign(db: Database, ref: str) -> Campaign:
    with db.unit_of_work() as uow:
        return find_campaign(campaigns(uow), ref)


def income_for(
    db: Database,
    rulesets: Rulesets,
    gang_ref: str,
    *,
    dice: Dice | None = None,
    deleted_fighters: int = 0,
    captives: int = 0,
    dice_counts: Mapping[str, int] | None = None,
    entered: Mapping[str, int] | None = None,
) -> IncomeReport:
    """The gang's income from its territories, rolled with `dice`; nothing is stored.

    A gang in no running campaign has no territories: an empty report.
    Pass `FixedDice([...])` for the rolls the player typed in.
    """
    with db.unit_of_work() as uow:
        gang = uow.gangs.find(gang_ref)
        if gang is None:
            raise UnknownGangError(gang_ref, uow.gangs.names())
        context = running_context(uow, rulesets, gang)
        if context is None:
            return IncomeReport(gang.id or 0, ())
        with refused():
            return rules.income_for(
                context.campaign,
                context.ctype,
                gang,
                dice or RandomDice(),
                deleted_fighters=deleted_fighters,
                captives=captives,
                dice_counts=dice_counts,
                entered=entered,
            )


def territory_boons(
    db: Database,
    rulesets: Rulesets,
    gang_ref: str,
    kinds: Sequence[BoonKind] = (BoonKind.RECRUIT, BoonKind.EQUIPMENT, BoonKind.SPECIAL),
) -> list[tuple[str, Boon]]:
    """What the gang's territories grant besides income and Reputation (post-battle step C).

    The wizard shows these (free recruits, equipment, special rules) to apply by
    hand; a gang in no running campaign has none.
    """
    with db.unit_of_work() as uow:
        gang, context = gang_and_campaign(uow, rulesets, gang_ref)
        assert gang.id is not None
        if context is None:
            return []
        return rules.held_boons(context.campaign, context.ctype, gang.id, kinds)


def campaign_battle_for(db: Database, campaign_battle_id: int) -> tuple[Campaign, CampaignBattle]:
    with db.unit_of_work() as uow:
        repo = campaigns(uow)
        try:
            campaign_id, battle = repo.battle(campaign_battle_id)
        except LookupError as exc:
            raise ServiceError(str(exc)) from None
        return repo.get(campaign_id), battle


# ------------------------------------------------------------------ inside Finish


def post_battle_setting(uow: UnitOfWork, rulesets: Rulesets, gang: Gang) -> CampaignSetting | None:
    """The gang's running campaign, read on the caller's unit of work (None: none)."""
    context = running_context(uow, rulesets, gang)
    return None if context is None else CampaignSetting(context.campaign, context.ctype)


# ------------------------------------------------------------------ for the roster sheet


@dataclass(frozen=True)
class HeldTerritory:
    """A territory the gang holds, with its boons' summaries (our words)."""

    name: str
    hideout: bool
    boons: tuple[str, ...]


@dataclass(frozen=True)
class GangTerritories:
    campaign: str
    territories: tuple[HeldTerritory, ...]


def held_territories(db: Database, rulesets: Rulesets, gang_ref: str) -> GangTerritories | None:
    """What the gang holds in its running campaign (hideout first); None: no campaign."""
    with db.unit_of_work() as uow:
        gang, context = gang_and_campaign(uow, rulesets, gang_ref)
        assert gang.id is not None
        if context is None:
            return None
        boons: dict[str, list[str]] = {}
        for territory, boon in rules.held_boons(context.campaign, context.ctype, gang.id):
            boons.setdefault(territory, []).append(boon.summary)
        held = sorted(context.campaign.held_by(gang.id), key=lambda h: not h.hideout)
        return GangTerritories(
            campaign=context.campaign.name,
            territories=tuple(
                HeldTerritory(h.territory, h.hideout, tuple(boons.get(h.territory, ())))
                for h in held
            ),
        )


# ------------------------------------------------------------------ views


@dataclass(frozen=True)
class CampaignState:
    """Everything the campaign view, `campaign show` and the report show."""

    campaign: Campaign
    ctype: CampaignType
    ruleset: Ruleset
    # What the standings and the view read of each gang (not its fighters).
    gangs: dict[int, GangFigures]
    standings: list[Standing]
    triumphs: list[TriumphAward]
    log: list[LogEntry]
    history: list[Snapshot]


def campaign_state(
    db: Database, rulesets: Rulesets, ref: str, *, with_history: bool = True
) -> CampaignState:
    """The campaign as its window and report show it; `with_history=False` leaves the
    history points out (empty): they grow with every battle and only the chart reads them."""
    with db.unit_of_work() as uow:
        context = context_of(uow, rulesets, ref)
        gangs = context.gangs()
        rows = rules.standings(context.campaign, gangs)
        return CampaignState(
            campaign=context.campaign,
            ctype=context.ctype,
            ruleset=context.ruleset,
            gangs=gangs,
            standings=rows,
            triumphs=rules.triumphs(context.ctype, rows),
            log=context.repo.log(context.id),
            history=context.repo.history(context.id) if with_history else [],
        )
