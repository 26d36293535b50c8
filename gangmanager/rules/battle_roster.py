"""The roster side of a battle: a deleted Limited profile struck off, or put back."""

from __future__ import annotations

from collections.abc import Iterable

from gangmanager.rules import roster_ops
from gangmanager.rules.battle_events import (
    AmmoTestEvent,
    AttackEvent,
    BattleError,
    BattleEvent,
    HireEvent,
    ReloadEvent,
    RemovedProfile,
)
from gangmanager.rules.battle_state import fighter_of
from gangmanager.rules.gang import Fighter, Gang


def _find_fighter(gang: Gang, name: str, fighter_id: int | None) -> int | None:
    for index, fighter in enumerate(gang.fighters):
        if fighter_id is not None and fighter.id == fighter_id:
            return index
    wanted = name.strip().casefold()
    return next(
        (i for i, f in enumerate(gang.fighters) if f.name.strip().casefold() == wanted), None
    )


def _weapon_index(fighter: Fighter, name: str, fallback: int) -> int | None:
    wanted = name.strip().casefold()
    found = next(
        (i for i, w in enumerate(fighter.weapons) if w.name.strip().casefold() == wanted), None
    )
    if found is None and fallback < len(fighter.weapons):
        return fallback
    return found


def remove_deleted_profile(
    gang: Gang, fighter: str, weapon: str, removed: RemovedProfile, *, deferred: bool = True
) -> Gang:
    """Strike a Limited profile off the roster.

    With `deferred` (the ruleset's `ammo.limited_rating_deferred`, true in every
    built-in pack) the committed ratings stay until Update Roster and only the
    pending rating drops; otherwise the committed ratings drop by its price now.
    """
    index = _find_fighter(gang, fighter, removed.fighter_id)
    if index is None:
        raise BattleError(f"{fighter} is no longer on the roster of {gang.name}")
    weapon_index = _weapon_index(gang.fighters[index], weapon, removed.weapon_index)
    if weapon_index is None:
        raise BattleError(f"{fighter} no longer carries {weapon}")
    gang = roster_ops.remove_profile(gang, index, weapon_index, removed.profile.name)
    return gang if deferred else _shift_ratings(gang, index, -removed.profile.cost)


def restore_profile(
    gang: Gang, fighter: str, weapon: str, removed: RemovedProfile, *, deferred: bool = True
) -> Gang:
    """Put a deleted profile back where it was; a no-op when it is already there."""
    index = _find_fighter(gang, fighter, removed.fighter_id)
    if index is None:
        return gang
    owner = gang.fighters[index]
    weapon_index = _weapon_index(owner, weapon, removed.weapon_index)
    if weapon_index is None:
        return gang
    carried = owner.weapons[weapon_index]
    if carried.profile(removed.profile.name) is not None:
        return gang
    profiles = list(carried.profiles)
    profiles.insert(min(removed.profile_index, len(profiles)), removed.profile)
    weapons = list(owner.weapons)
    weapons[weapon_index] = carried.model_copy(update={"profiles": profiles})
    fighters = list(gang.fighters)
    fighters[index] = owner.model_copy(update={"weapons": weapons})
    gang = gang.model_copy(update={"fighters": fighters})
    return gang if deferred else _shift_ratings(gang, index, removed.profile.cost)


def _shift_ratings(gang: Gang, index: int, amount: int) -> Gang:
    """Move the committed Fighter Rating (and the Gang Rating it counts in) by `amount`."""
    fighter = gang.fighters[index]
    if fighter.rating is None:
        return gang
    fighters = list(gang.fighters)
    fighters[index] = fighter.model_copy(update={"rating": max(0, fighter.rating + amount)})
    rating = gang.rating
    if rating is not None and fighter.status.counts_for_rating:
        rating = max(0, rating + amount)
    return gang.model_copy(update={"fighters": fighters, "rating": rating})


def hired_names(events: Iterable[BattleEvent]) -> set[str]:
    """Names (case folded) of the Hired Guns the events hired: their cards are not the roster's."""
    return {e.name.casefold() for e in events if isinstance(e, HireEvent) and e.name}


def belongs_to(gang: Gang, fighter: str, removed: RemovedProfile) -> bool:
    """Whether a deleted profile belongs to this gang (two gangs may share a battle)."""
    if removed.fighter_id is not None and any(f.id is not None for f in gang.fighters):
        return any(f.id == removed.fighter_id for f in gang.fighters)
    if "/" not in fighter or fighter_of(fighter, gang.name) is not None:
        return True
    # A bare name that holds a "/" itself ("Dex/Kid").
    return any(f.name.casefold() == fighter.strip().casefold() for f in gang.fighters)


def name_in(gang: Gang, fighter: str) -> str:
    """The roster name an event's `fighter` has in `gang` (`GANG/FIGHTER` or bare)."""
    if any(f.name.casefold() == fighter.strip().casefold() for f in gang.fighters):
        return fighter
    return fighter_of(fighter, gang.name) or fighter


def restore_deleted_profiles(gang: Gang, events: Iterable[BattleEvent]) -> Gang:
    """The roster as the battle started: profiles deleted by events put back, last first."""
    events = list(events)
    hired = hired_names(events)
    for event in reversed(events):
        if (
            isinstance(event, AmmoTestEvent | ReloadEvent | AttackEvent)
            and event.removed is not None
            and event.fighter.casefold() not in hired
            and belongs_to(gang, event.fighter, event.removed)
        ):
            name = name_in(gang, event.fighter)
            gang = restore_profile(gang, name, event.weapon, event.removed)
    return gang
