"""Hired Guns a territory grants for one battle (the Fighting Pit's Hive Scum).

The `hire` event adds a fighter built from its type to this battle only: it
is tracked like any fighter but never joins the roster, so the post-battle
sequence leaves it out (`BattleState.roster_fighters`).

Whether the gang is granted the hire is the campaign's business, which the
fold does not know: the service reads the boons the gang holds and checks
each hire with `granted_offer` before applying it. `hire_offers` counts what
those boons still allow in this battle (each copy listed is one hire).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from gangmanager.rules.battle_events import BattleError, BattleEvent, HireEvent
from gangmanager.rules.battle_state import BattleState
from gangmanager.rules.battle_table import Table, fighter_track
from gangmanager.rules.campaign_types import Boon, BoonKind
from gangmanager.rules.limits import quoted
from gangmanager.rules.roster_ops import RosterError, recruit
from gangmanager.rules.weapons import trait_key


def default_name(state: BattleState, fighter_type: str) -> str:
    """`Hive Scum 1`, or the first number no fighter of the battle has."""
    number = 1
    while state.fighter(f"{fighter_type} {number}") is not None:
        number += 1
    return f"{fighter_type} {number}"


def hire(table: Table, event: HireEvent) -> HireEvent:
    found = table.ruleset.fighter_type(table.state.house, event.fighter_type)
    if found is None:
        raise BattleError(
            f"no fighter type {quoted(event.fighter_type)} in the {table.ruleset.id} ruleset"
            " (house list or gang additions)"
        )
    name = " ".join((event.name or "").split()) or default_name(table.state, found.name)
    if table.state.fighter(name) is not None:
        raise BattleError(f"there is already a fighter named {quoted(name)} in this battle")
    try:
        fighter = recruit(found, name, table.ruleset)
    except RosterError as exc:
        raise BattleError(str(exc)) from None
    territory = event.territory.strip()
    # A Hired Gun joins the gang that started the battle.
    gang = table.state.gangs[0] if table.state.gangs else ""
    table.state.fighters.append(
        fighter_track(table.ruleset, fighter, hired_for=territory, gang=gang)
    )
    table.say(f"{name} joins the crew for this battle ({territory}).")
    return event.model_copy(
        update={"fighter_type": found.name, "name": name, "territory": territory}
    )


# ---------------------------------------------------------------- what is granted


@dataclass(frozen=True)
class HireOffer:
    """Hired Guns of one type a held territory grants per battle, and how many are left."""

    territory: str
    fighter_type: str
    granted: int
    left: int

    def label(self) -> str:
        return f"{self.fighter_type} from {self.territory} ({self.left} of {self.granted} left)"

    def matches(self, event: HireEvent) -> bool:
        return self.territory.casefold() == event.territory.strip().casefold() and trait_key(
            self.fighter_type
        ) == trait_key(event.fighter_type)


def hire_offers(held: Iterable[tuple[str, Boon]], events: Iterable[BattleEvent]) -> list[HireOffer]:
    """Each (territory, type) the held `for_one_battle` boons grant, less the battle's hires."""
    granted: dict[tuple[str, str], HireOffer] = {}
    for territory, boon in held:
        if boon.kind is not BoonKind.RECRUIT or not boon.for_one_battle:
            continue
        for name in boon.recruits:
            key = (territory.casefold(), trait_key(name))
            offer = granted.get(key, HireOffer(territory, name, 0, 0))
            granted[key] = HireOffer(territory, offer.fighter_type, offer.granted + 1, 0)
    hired = [e for e in events if isinstance(e, HireEvent)]
    return [
        HireOffer(o.territory, o.fighter_type, o.granted, o.granted - sum(map(o.matches, hired)))
        for o in granted.values()
    ]


def granted_offer(offers: list[HireOffer], event: HireEvent) -> HireOffer:
    """The offer the hire uses up; BattleError saying why the gang may not hire it."""
    if not offers:
        raise BattleError("the gang holds no territory that grants Hired Guns for one battle")
    found = next((o for o in offers if o.matches(event)), None)
    if found is None:
        granted = "; ".join(o.label() for o in offers)
        raise BattleError(
            f"{event.territory.strip()} grants the gang no {event.fighter_type} for one battle"
            f" (granted: {granted})"
        )
    if found.left <= 0:
        raise BattleError(
            f"{found.territory} grants {found.granted} {found.fighter_type} per battle:"
            " all of them are hired already"
        )
    return found
