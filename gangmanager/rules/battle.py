"""The battle tracker's rules: a battle is a fold over its events.

    state = fold(ruleset, gang, crew, events)

`apply_event` checks one event against the state and the ruleset (raising
`BattleError` with a message naming the fighter, weapon, profile or rule),
then changes the state and returns the event completed: rolls filled in from
the injected dice, names spelled as on the roster, and a deleted Limited
profile kept in the event so that undo can put it back on the card.

Blaze, ammunition and the Limited rule come from the ruleset (`BlazeRules`,
`AmmoRules` and the trait mechanics), never from the code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from gangmanager.rules import (
    battle_ammo,
    battle_attack,
    battle_blaze,
    battle_end_phase,
    battle_faces,
    battle_fighters,
    battle_hire,
)
from gangmanager.rules.battle_events import (
    ActivateEvent,
    AmmoTestEvent,
    AttackEvent,
    BattleError,
    BattleEvent,
    BlazeEvent,
    BlazeHitEvent,
    BottleTestEvent,
    CoolCheckEvent,
    EndActivationEvent,
    ExtinguishEvent,
    FireEvent,
    FleshWoundEvent,
    HireEvent,
    MarkerEvent,
    NerveTestEvent,
    NewRoundEvent,
    RallyTestEvent,
    RecoveryTestEvent,
    ReloadEvent,
    StatusEvent,
    VehicleStatusEvent,
    WoundEvent,
    parse_event,
)
from gangmanager.rules.battle_roster import (
    remove_deleted_profile,
    restore_deleted_profiles,
    restore_profile,
)
from gangmanager.rules.battle_state import BattleState, FighterTrack, PromptKind
from gangmanager.rules.battle_table import Table, fighter_track
from gangmanager.rules.dice import Dice
from gangmanager.rules.gang import Fighter, FighterStatus, Gang
from gangmanager.rules.limits import quoted
from gangmanager.rules.ruleset import Ruleset

__all__ = [
    "Opponent",
    "apply_event",
    "can_fight",
    "crew_fighters",
    "fold",
    "new_state",
    "remove_deleted_profile",
    "restore_deleted_profiles",
    "restore_profile",
]

# Fighters in these states cannot take part in a battle.
_CANNOT_FIGHT = frozenset(
    {
        FighterStatus.IN_RECOVERY,
        FighterStatus.CRITICAL,
        FighterStatus.CAPTURED,
        FighterStatus.DEAD,
        FighterStatus.RETIRED,
        FighterStatus.SOLD,
    }
)


# ---------------------------------------------------------------- starting


def can_fight(fighter: Fighter) -> bool:
    return fighter.status not in _CANNOT_FIGHT


def crew_fighters(gang: Gang, crew: Sequence[int | str], *, strict: bool = True) -> list[Fighter]:
    """The fighters named (or given by id) in `crew`, in roster order; all who can fight if empty.

    With `strict=False` (replaying a stored battle) fighters no longer on the
    roster are left out and a roster status changed meanwhile is accepted.
    """
    if not crew:
        return [f for f in gang.fighters if can_fight(f)]
    # By identity: comparing pydantic fighters field by field made a crew of 300 take 0.5 s.
    chosen: set[int] = set()
    by_id = {f.id: f for f in reversed(gang.fighters) if f.id is not None}
    for ref in crew:
        fighter = by_id.get(ref) if isinstance(ref, int) else gang.fighter(ref)
        if fighter is None:
            if not strict:
                continue
            names = ", ".join(f.name for f in gang.fighters)
            raise BattleError(f"{gang.name} has no fighter {quoted(ref)} (fighters: {names})")
        if strict and not can_fight(fighter):
            raise BattleError(f"{fighter.name} is {fighter.status.label} and cannot take part")
        chosen.add(id(fighter))
    return [f for f in gang.fighters if id(f) in chosen]


@dataclass(frozen=True)
class Opponent:
    """The second gang of a two-gang battle and the fighters it brings (all who can fight if empty)."""

    gang: Gang
    crew: Sequence[int | str] = ()


def new_state(
    ruleset: Ruleset,
    gang: Gang,
    crew: Sequence[int | str],
    *,
    strict: bool = True,
    against: Opponent | None = None,
) -> BattleState:
    sides = [(gang, crew)] + ([(against.gang, against.crew)] if against else [])
    if against is not None and against.gang.name.strip().casefold() == gang.name.strip().casefold():
        raise BattleError(f"{gang.name} cannot fight itself")
    state = BattleState(ruleset=ruleset.id, house=gang.house or None)
    for side, side_crew in sides:
        fighters = crew_fighters(side, side_crew, strict=strict)
        if not fighters:
            raise BattleError(f"{side.name} has nobody who can fight")
        state.fighters += [fighter_track(ruleset, f, gang=side.name) for f in fighters]
    state.gangs = [side.name for side, _ in sides]
    return state


def fold(
    ruleset: Ruleset,
    gang: Gang,
    crew: Sequence[int | str],
    events: Iterable[BattleEvent | dict[str, object]],
    *,
    strict: bool = True,
    against: Opponent | None = None,
) -> BattleState:
    """Replay the events on the crew of `gang`.

    `gang` may be the stored gang (Limited profiles deleted in this battle are
    put back from the events first) or the gang as it was at the start.
    With `strict=False` an event that no longer fits is skipped with a warning
    instead of raising, so a battle survives a roster edited meanwhile.
    """
    parsed = [parse_event(e) if isinstance(e, dict) else e for e in events]
    if against is not None:
        against = Opponent(restore_deleted_profiles(against.gang, parsed), against.crew)
    state = new_state(
        ruleset, restore_deleted_profiles(gang, parsed), crew, strict=strict, against=against
    )
    for number, event in enumerate(parsed, start=1):
        try:
            apply_event(ruleset, state, event)
        except BattleError as exc:
            if strict:
                raise BattleError(f"event {number} ({event.event}): {exc}") from None
            state.warnings.append(f"event {number} ({event.event}) skipped: {exc}")
    return state


# ---------------------------------------------------------------- applying


def apply_event(
    ruleset: Ruleset, state: BattleState, event: BattleEvent, dice: Dice | None = None
) -> BattleEvent:
    """Check and apply one event; returns it completed (rolls, names, removed profile).

    Nothing in `state` changes when the event is refused. A roll left out is
    taken from `dice`; without dice a missing roll is refused.
    """
    handler = _HANDLERS[type(event)]
    table = Table(ruleset, state, dice)
    event = _by_id(state, event)
    named = _named_fighters(table, event)
    # A Knockback prompt is a moment's reminder: the next event clears it.
    knockbacks = [p for p in state.prompts if p.kind is PromptKind.KNOCKBACK]
    done = handler(table, event)
    state.prompts = [p for p in state.prompts if p not in knockbacks]
    return _qualified(state, done, named)


def preview(
    ruleset: Ruleset, state: BattleState, event: BattleEvent, dice: Dice | None = None
) -> tuple[BattleEvent, list[str]]:
    """What the event would do, played on a copy of the battle (`state` untouched): the
    event completed and the log lines it adds. The same resolution as `apply_event`, which
    the service runs on the stored battle; raises BattleError when it is refused."""
    trial = state.copy()
    done = apply_event(ruleset, trial, event, dice)
    return done, trial.log[len(state.log) :]


_NAME_KEYS = ("fighter", "target", "by")
# The roster id stored beside each name.
_ID_KEYS = {"fighter": "fighter_id", "target": "target_id", "by": "by_id"}


def _by_id(state: BattleState, event: BattleEvent) -> BattleEvent:
    """Names from the ids an event holds: the id wins, so a stored event reaches the
    fighter it meant when both gangs have the name or the roster renamed them."""
    update: dict[str, Any] = {}
    for key, id_key in _ID_KEYS.items():
        fighter_id = getattr(event, id_key, None)
        track = state.with_id(fighter_id) if isinstance(fighter_id, int) else None
        if track is not None:
            update[key] = state.name_for(track)
    if isinstance(event, AttackEvent) and event.targets:
        targets = []
        for target in event.targets:
            track = state.with_id(target.fighter_id) if target.fighter_id is not None else None
            name = state.name_for(track) if track is not None else target.fighter
            targets.append(target.model_copy(update={"fighter": name}))
        update["targets"] = targets
    return event.model_copy(update=update) if update else event


def _named_fighters(table: Table, event: BattleEvent) -> dict[str, FighterTrack]:
    """The fighters an event names, resolved before it is applied (GANG/FIGHTER or bare)."""
    named: dict[str, FighterTrack] = {}
    for key in _NAME_KEYS:
        value = getattr(event, key, None)
        if isinstance(value, str):
            found = table.state.find(value)
            if len(found) == 1:
                named[key] = found[0]
    return named


def _qualified(
    state: BattleState, event: BattleEvent, named: dict[str, FighterTrack]
) -> BattleEvent:
    """Keep `GANG/FIGHTER` in the stored event where both gangs have that name, and each
    fighter's roster id beside the name."""
    update: dict[str, Any] = {
        key: track.qualified_name
        for key, track in named.items()
        if len(state.find(track.name)) > 1 and getattr(event, key, None) is not None
    }
    for key, track in named.items():
        id_key = _ID_KEYS[key]
        fighter_id = track.fighter.id
        if (
            id_key in type(event).model_fields
            and getattr(event, key, None) is not None
            and fighter_id is not None
            and state.with_id(fighter_id) is track
        ):
            update[id_key] = fighter_id
    return event.model_copy(update=update) if update else event


def _attack(table: Table, event: AttackEvent) -> AttackEvent:
    # Firepower faces become D6 rolls first: the resolver and the stored event see only D6s.
    return battle_attack.attack(table, battle_faces.with_rolls(table.ruleset.attack, event))


_HANDLERS: dict[type[Any], Callable[[Table, Any], BattleEvent]] = {
    StatusEvent: battle_fighters.status,
    FleshWoundEvent: battle_fighters.flesh_wound,
    WoundEvent: battle_fighters.wound,
    MarkerEvent: battle_fighters.marker,
    AmmoTestEvent: battle_ammo.ammo_test,
    ReloadEvent: battle_ammo.reload,
    FireEvent: battle_ammo.fire,
    BlazeEvent: battle_blaze.blaze,
    ExtinguishEvent: battle_blaze.extinguish,
    BlazeHitEvent: battle_blaze.blaze_hit,
    NerveTestEvent: battle_blaze.nerve_test,
    ActivateEvent: battle_fighters.activate,
    EndActivationEvent: battle_fighters.end_activation,
    HireEvent: battle_hire.hire,
    NewRoundEvent: battle_fighters.new_round,
    BottleTestEvent: battle_end_phase.bottle_test,
    CoolCheckEvent: battle_end_phase.cool_check,
    RecoveryTestEvent: battle_end_phase.recovery_test,
    RallyTestEvent: battle_end_phase.rally_test,
    VehicleStatusEvent: battle_fighters.vehicle_status,
    AttackEvent: _attack,
}
