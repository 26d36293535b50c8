"""Ammo tests, reloads and use of a weapon profile, as its traits' mechanics decide."""

from __future__ import annotations

from gangmanager.rules.battle_events import (
    AmmoTestEvent,
    BattleError,
    FireEvent,
    ProfileState,
    ReloadEvent,
    RemovedProfile,
)
from gangmanager.rules.battle_state import FighterTrack, ProfileTrack, WeaponTrack
from gangmanager.rules.battle_table import Table
from gangmanager.rules.ruleset import Mechanic


def check_usable(fighter: FighterTrack, profile: ProfileTrack) -> None:
    """Refuse a profile that cannot be used (tested or fired) now."""
    reason = {
        ProfileState.OUT_OF_AMMO: "is Out of Ammo (reload it first)",
        ProfileState.JAMMED: "is jammed for the rest of the battle",
        ProfileState.SPENT: "is spent (Single Shot)",
        ProfileState.DELETED: "was deleted from the card (Limited)",
    }.get(profile.state)
    if reason:
        raise BattleError(f"{fighter.name}'s {profile.label} {reason}")


def _tests(
    table: Table,
    fighter: FighterTrack,
    profile: ProfileTrack,
    given: int | list[int] | None,
    *,
    several: bool,
) -> list[list[int]]:
    """The dice of each Ammo test: two per test for a Combi, several tests for Rapid Fire."""
    per_test = 2 if profile.has(Mechanic.COMBI) else 1
    what = f"{fighter.name}'s {profile.label}"
    dice = table.roll(given, per_test, what)
    if not dice or len(dice) % per_test:
        raise BattleError(
            f"{what} is a Combi weapon: an {table.ruleset.ammo.term} rolls two dice"
            f" and keeps the lower (give 2 dice, got {len(dice)})"
        )
    tests = [dice[i : i + per_test] for i in range(0, len(dice), per_test)]
    if len(tests) > 1:
        if not several or not profile.has(Mechanic.RAPID_FIRE):
            raise BattleError(
                f"{what}: one {table.ruleset.ammo.term} at a time"
                f" (give {'2 dice' if per_test == 2 else 'one die'}, got {len(dice)})"
            )
        if profile.rapid_fire is not None and len(tests) > profile.rapid_fire:
            raise BattleError(
                f"{what} is Rapid Fire ({profile.rapid_fire}): at most {profile.rapid_fire}"
                f" {table.ruleset.ammo.term}{'s' if profile.rapid_fire != 1 else ''} in one attack,"
                f" got {len(tests)}"
            )
    return tests


def _dice_text(tests: list[list[int]]) -> str:
    parts = [
        f"{t[0]}" if len(t) == 1 else f"{' and '.join(map(str, t))} (keeps {min(t)})" for t in tests
    ]
    return ", ".join(parts)


def _removed(
    fighter: FighterTrack, weapon_index: int, weapon: WeaponTrack, profile: ProfileTrack
) -> RemovedProfile:
    still_on_card = [p for p in weapon.profiles if p.state is not ProfileState.DELETED]
    return RemovedProfile(
        fighter_id=fighter.fighter.id,
        weapon_index=weapon_index,
        profile_index=still_on_card.index(profile),
        profile=profile.profile,
    )


def _sharing(table: Table, weapon: WeaponTrack, profile: ProfileTrack) -> list[ProfileTrack]:
    """The weapon's other profiles on the same ammunition, as the pack's `shared_ammo` says."""
    entry = table.ruleset.weapon_entry(weapon.name)
    if entry is None:
        return []
    names = {n.strip().casefold() for n in entry.sharing_ammo_with(profile.name)}
    return [p for p in weapon.profiles if p is not profile and p.name.strip().casefold() in names]


def _share_state(
    table: Table, weapon: WeaponTrack, profile: ProfileTrack, was: ProfileState
) -> str:
    """Give the profiles sharing `profile`'s ammo its new state; the words for the log."""
    others = [p for p in _sharing(table, weapon, profile) if p.state is was]
    for other in others:
        other.state = profile.state
    if not others:
        return ""
    names = ", ".join(p.name or p.label for p in others)
    return f"; one ammunition: {names} too"


def ammo_test(table: Table, event: AmmoTestEvent) -> AmmoTestEvent:
    fighter, weapon_index, weapon, profile = table.profile(event)
    check_usable(fighter, profile)
    target = profile.profile.ammo_target
    term = table.ruleset.ammo.term
    if target is None:
        raise BattleError(f"{fighter.name}'s {profile.label} has no Ammo value to test")
    tests = _tests(table, fighter, profile, event.roll, several=True)
    failures = sum(1 for dice in tests if min(dice) < target)
    text = f"{fighter.name}: {term} for {profile.label}: {_dice_text(tests)} against {target}+"
    removed: RemovedProfile | None = None
    if failures == 0:
        text += ": passed"
        if profile.has(Mechanic.SINGLE_SHOT):
            profile.state = ProfileState.SPENT
            text += "; Single Shot: spent"
    elif profile.has(Mechanic.LIMITED):
        removed = _removed(fighter, weapon_index, weapon, profile)
        profile.state = ProfileState.DELETED
        text += ": failed; Limited: the profile is struck off the card" + (
            " for this battle"
            if fighter.hired
            else f" (pending Fighter Rating -{profile.profile.cost} until Update Roster)"
        )
    elif failures >= 2 and profile.has(Mechanic.RAPID_FIRE):
        profile.state = ProfileState.JAMMED
        text += f": {failures} failed in one attack; jammed for the rest of the battle"
    elif profile.has(Mechanic.SINGLE_SHOT):
        profile.state = ProfileState.SPENT
        text += ": failed; Single Shot: spent"
    elif profile.has(Mechanic.PLENTIFUL):
        text += ": failed; Plentiful: reloaded at once"
    else:
        profile.state = ProfileState.OUT_OF_AMMO
        text += ": failed; Out of Ammo"
        if profile.has(Mechanic.SCARCE):
            text += " (Scarce: it cannot be reloaded)"
        elif profile.has(Mechanic.GRENADE):
            text += " (the last grenade was used)"
    if profile.state in (ProfileState.OUT_OF_AMMO, ProfileState.JAMMED):
        text += _share_state(table, weapon, profile, ProfileState.READY)
    table.say(text + ".")
    return event.model_copy(
        update={
            "fighter": fighter.name,
            "weapon": weapon.name,
            "profile": profile.name,
            "roll": _stored_roll(tests),
            "removed": removed,
        }
    )


def _stored_roll(tests: list[list[int]]) -> int | list[int]:
    dice = [d for t in tests for d in t]
    return dice[0] if len(dice) == 1 else dice


def reload(table: Table, event: ReloadEvent) -> ReloadEvent:
    fighter, weapon_index, weapon, profile = table.profile(event)
    what = f"{fighter.name}'s {profile.label}"
    if profile.state is ProfileState.DELETED:
        raise BattleError(f"{what} was deleted from the card (Limited): it cannot be reloaded")
    if profile.has(Mechanic.SCARCE):
        raise BattleError(f"{what} is Scarce: it cannot be reloaded")
    if profile.has(Mechanic.GRENADE):
        raise BattleError(f"{what}: grenades cannot be reloaded")
    if profile.state is not ProfileState.OUT_OF_AMMO:
        raise BattleError(f"{what} is {profile.state.label.lower()}, not Out of Ammo: no reload")
    term = table.ruleset.ammo.term
    if profile.has(Mechanic.PLENTIFUL):
        if event.roll is not None:
            raise BattleError(f"{what} is Plentiful: it reloads without a roll")
        profile.state = ProfileState.READY
        shared = _share_state(table, weapon, profile, ProfileState.OUT_OF_AMMO)
        table.say(f"{fighter.name} reloads {profile.label} (Plentiful: no {term}){shared}.")
        return event.model_copy(
            update={"fighter": fighter.name, "weapon": weapon.name, "profile": profile.name}
        )
    target = profile.profile.ammo_target
    if target is None:
        raise BattleError(f"{what} has no Ammo value to test")
    tests = _tests(table, fighter, profile, event.roll, several=False)
    removed: RemovedProfile | None = None
    text = f"{fighter.name} reloads {profile.label}: {_dice_text(tests)} against {target}+"
    if min(tests[0]) >= target:
        profile.state = ProfileState.READY
        text += ": ready" + _share_state(table, weapon, profile, ProfileState.OUT_OF_AMMO)
    elif profile.has(Mechanic.LIMITED):
        removed = _removed(fighter, weapon_index, weapon, profile)
        profile.state = ProfileState.DELETED
        text += ": failed; Limited: the profile is struck off the card"
    else:
        text += ": failed; still Out of Ammo"
    table.say(text + ".")
    return event.model_copy(
        update={
            "fighter": fighter.name,
            "weapon": weapon.name,
            "profile": profile.name,
            "roll": _stored_roll(tests),
            "removed": removed,
        }
    )


def fire(table: Table, event: FireEvent) -> FireEvent:
    fighter, _, weapon, profile = table.profile(event)
    check_usable(fighter, profile)
    text = f"{fighter.name} uses {profile.label}"
    if profile.has(Mechanic.SINGLE_SHOT):
        profile.state = ProfileState.SPENT
        text += " (Single Shot: now spent)"
    table.say(text + ".")
    return event.model_copy(
        update={"fighter": fighter.name, "weapon": weapon.name, "profile": profile.name}
    )
