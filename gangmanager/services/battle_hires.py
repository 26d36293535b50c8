"""Hired Guns for one battle: what the gang's running campaign grants (a held
territory's `for_one_battle` boon), what is left to hire in the battle going on,
and the check of a `hire` event against it."""

from __future__ import annotations

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
from gangmanager.services import campaign as campaign_service
from gangmanager.services.battle_records import _gang, _open, _parse_stored
from gangmanager.services.rulesets import Rulesets


def _held_recruit_boons(uow: UnitOfWork, rulesets: Rulesets, gang: Gang) -> list[tuple[str, Boon]]:
    """The recruit boons of what the gang holds in its running campaign; refused without one."""
    setting = campaign_service.post_battle_setting(uow, rulesets, gang)
    if setting is None or gang.id is None:
        raise BattleError(
            f"{gang.name} takes part in no running campaign: no territory grants it Hired Guns"
        )
    return held_boons(setting.campaign, setting.ctype, gang.id, [BoonKind.RECRUIT])


def _grants(uow: UnitOfWork, rulesets: Rulesets, gang: Gang) -> list[tuple[str, Boon]]:
    try:
        return _held_recruit_boons(uow, rulesets, gang)
    except BattleError:
        return []


def hire_grants(db: Database, rulesets: Rulesets, gang_ref: str | int) -> list[tuple[str, Boon]]:
    """The recruit boons of what the gang holds; none outside a running campaign.

    `hire_offers(grants, record.events)` tells what is left to hire in a battle.
    """
    with db.unit_of_work() as uow:
        return _grants(uow, rulesets, _gang(uow, gang_ref))


def battle_hire_offers(db: Database, rulesets: Rulesets, gang_ref: str | int) -> list[HireOffer]:
    """The Hired Guns the gang may still hire in its battle going on; none outside a campaign."""
    with db.unit_of_work() as uow:
        gang, stored = _open(uow, gang_ref)
        return hire_offers(_grants(uow, rulesets, gang), _parse_stored(stored))


def _granted_hire(
    held: list[tuple[str, Boon]], events: list[BattleEvent], event: HireEvent
) -> HireEvent:
    """The hire spelled as the campaign spells it; BattleError when it is not granted."""
    offer = granted_offer(hire_offers(held, events), event)
    return event.model_copy(
        update={"territory": offer.territory, "fighter_type": offer.fighter_type}
    )
