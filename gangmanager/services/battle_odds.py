"""The odds of an attack in the battle going on (`gangmanager battle odds`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gangmanager.persistence.database import Database
from gangmanager.rules.attack_odds import Odds, attack_odds
from gangmanager.rules.battle_events import AttackEvent, BattleError, parse_event
from gangmanager.services.battle import show_battle
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets


def battle_attack_odds(
    db: Database, rulesets: Rulesets, gang_ref: str | int, attack: Mapping[str, Any]
) -> tuple[AttackEvent, Odds]:
    """The odds of `attack` (an attack event's keys) against the battle as it stands."""
    record = show_battle(db, rulesets, gang_ref)
    ruleset = rulesets.get(record.ruleset)
    try:
        event = parse_event({**attack, "event": "attack"})
        assert isinstance(event, AttackEvent)
        return event, attack_odds(ruleset, record.state, event)
    except BattleError as exc:
        raise ServiceError(f"no odds: {exc}") from None
