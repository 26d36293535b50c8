"""Hired Guns for one battle: what the gang's running campaign grants (a held
territory's `for_one_battle` boon), what is left to hire in the battle going on,
and the check of a `hire` event against it."""

from __future__ import annotations

from gangmanager.persistence.campaign_repository import campaigns
from gangmanager.persistence.database import Database
from gangmanager.persistence.unit_of_work import UnitOfWork
from gangmanager.rules.battle_events import (
    BattleError,
    BattleEvent,
    HireEvent,
)
from gangmanager.rules.battle_hire import HireOffer, granted_offer, hire_offers
from gangmanager.rules.campaign import held_boons
from gangmanager.rules.campaign_types import Boon, BoonKind
from gangmanager.rules.gang import Gang
from gangmanager.services.battle_records import _gang, _open, _parse_stored
from gangmanager.services.campaign_context import context_of
from gangmanager.services.rulesets import Rulesets


def _recruit_boons(
    uow: UnitOfWork, rulesets: Rulesets, gang_id: int
) -> list[tuple[str, Boon]] | None:
    """The recruit boons of what the gang holds in its running campaign (None: no campaign).

    By id: the gang itself is not read (a 300-fighter gang read for its id)."""
    running = campaigns(uow).running_campaign_of(gang_id)
    if running is None:
        return None
    context = context_of(uow, rulesets, str(running[0]))
    return held_boons(context.campaign, context.ctype, gang_id, [BoonKind.RECRUIT])


def _held_recruit_boons(uow: UnitOfWork, rulesets: Rulesets, gang: Gang) -> list[tuple[str, Boon]]:
    """The recruit boons of what the gang holds in its running campaign; refused without one."""
    held = _recruit_boons(uow, rulesets, gang.id) if gang.id is not None else None
    if held is None:
        raise BattleError(
            f"{gang.name} takes part in no running campaign: no territory grants it Hired Guns"
        )
    return held


def hire_grants(db: Database, rulesets: Rulesets, gang_ref: str | int) -> list[tuple[str, Boon]]:
    """The recruit boons of what the gang holds; none outside a running campaign.

    `hire_offers(grants, record.events)` tells what is left to hire in a battle.
    A gang given by id (the battle window) is not read.
    """
    with db.unit_of_work() as uow:
        gang_id = gang_ref if isinstance(gang_ref, int) else _gang(uow, gang_ref).id
        assert gang_id is not None
        return _recruit_boons(uow, rulesets, gang_id) or []


def battle_hire_offers(db: Database, rulesets: Rulesets, gang_ref: str | int) -> list[HireOffer]:
    """The Hired Guns the gang may still hire in its battle going on; none outside a campaign."""
    with db.unit_of_work() as uow:
        gang, stored = _open(uow, gang_ref)
        assert gang.id is not None
        held = _recruit_boons(uow, rulesets, gang.id) or []
        return hire_offers(held, _parse_stored(stored))


def _granted_hire(
    held: list[tuple[str, Boon]], events: list[BattleEvent], event: HireEvent
) -> HireEvent:
    """The hire spelled as the campaign spells it; BattleError when it is not granted."""
    offer = granted_offer(hire_offers(held, events), event)
    return event.model_copy(
        update={"territory": offer.territory, "fighter_type": offer.fighter_type}
    )
