"""Close combat: how many attack dice a fighter rolls, and with which weapon each.

The Attacks characteristic and the charge bonus go with the weapon chosen; the
die a second Melee weapon adds is rolled with that weapon's own profile, and
each Digi weapon's die with the Digi weapon's (the 2023 rules). A Paired
weapon adds its dice to itself. The bonuses are the pack's `[attack]` numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from gangmanager.rules import attack_traits, battle_ammo
from gangmanager.rules.battle_events import AttackEvent, BattleError
from gangmanager.rules.battle_state import FighterTrack, ProfileTrack
from gangmanager.rules.battle_table import Table
from gangmanager.rules.limits import quoted
from gangmanager.rules.ruleset import Mechanic


@dataclass(frozen=True)
class Share:
    """The attack dice one weapon rolls, with the profile it rolls them with."""

    weapon: str
    profile: ProfileTrack
    dice: int


def shares(
    table: Table, attacker: FighterTrack, weapon: str, profile: ProfileTrack, charge: bool
) -> tuple[list[Share], str]:
    """The attack dice per weapon, `weapon`'s first, and how they came about."""
    rules = table.ruleset.attack
    own = attacker.live_values().get("A") or 1
    count, parts = own, [f"A {own}"]
    extra: list[Share] = []
    melee = [
        (w.name, p)
        for w in attacker.weapons
        for p in w.profiles[:1]
        if attack_traits.is_melee(p) and not p.has(Mechanic.DIGI)
    ]
    paired = profile.has(Mechanic.PAIRED)
    second = paired or (len(melee) > 1 and not any(p.has(Mechanic.UNWIELDY) for _, p in melee))
    if second and rules.second_weapon_attacks:
        other = next(
            ((name, p) for name, p in melee if p is not profile and not _same(name, weapon)),
            None,
        )
        if paired or other is None:
            count += rules.second_weapon_attacks
        else:
            extra.append(Share(other[0], other[1], rules.second_weapon_attacks))
        parts.append(
            f"{'Paired' if paired else 'second weapon'} +{rules.second_weapon_attacks}"
            + (f" ({other[0]})" if not paired and other is not None else "")
        )
    digi = [(w.name, p) for w in attacker.weapons for p in w.profiles[:1] if p.has(Mechanic.DIGI)]
    if digi:
        for name, p in digi:
            if p is profile or _same(name, weapon):
                count += 1
            else:
                extra.append(Share(name, p, 1))
        parts.append(f"Digi +{len(digi)}")
    if charge:
        if paired:
            count += own
            parts.append(f"Paired charge +{own}")
        if rules.charge_attacks:
            count += rules.charge_attacks
            parts.append(f"charge +{rules.charge_attacks}")
    return [Share(weapon, profile, count), *extra], ", ".join(parts)


def attack_dice(
    table: Table, attacker: FighterTrack, profile: ProfileTrack, charge: bool
) -> tuple[int, str]:
    """The attack dice of a close-combat attack: Attacks plus the pack's bonuses."""
    found, parts = shares(table, attacker, profile.weapon, profile, charge)
    return sum(s.dice for s in found), parts


def plan(
    table: Table, attacker: FighterTrack, weapon: str, profile: ProfileTrack, event: AttackEvent
) -> tuple[list[Share], bool]:
    """The attack dice of a close-combat attack per weapon, and whether the split is one
    to store in the event (`weapons`)."""
    if event.weapons:
        return given_shares(table, attacker, weapon, profile, event), True
    if event.attacks is not None:
        return [Share(weapon, profile, event.attacks)], False
    if isinstance(event.hit, int):
        return [Share(weapon, profile, 1)], False  # one die, as stored before
    found, parts = shares(table, attacker, weapon, profile, event.charge)
    count = sum(share.dice for share in found)
    if count > 1:
        table.say(f"attack dice: {count} ({parts}).")
    if event.hit is None:
        return found, len(found) > 1
    # Hit rolls given without `weapons` (every attack stored before they existed):
    # each die with the weapon chosen, as it was stored.
    if len(found) > 1:
        table.say(
            f"every die with {profile.label} (give 'weapons' to roll each with its own weapon)."
        )
    return [Share(weapon, profile, count)], False


def given_shares(
    table: Table, attacker: FighterTrack, weapon: str, profile: ProfileTrack, event: AttackEvent
) -> list[Share]:
    """The event's `weapons`, checked: the first is the weapon chosen, each one the
    fighter carries and may fight with, and their dice add up to `attacks` if given."""
    listed = event.weapons or []
    first = listed[0]
    if not _same(first.weapon, weapon) or (
        first.profile.strip() and not _same(first.profile, profile.name)
    ):
        raise BattleError(
            f"the first of 'weapons' is the attack's own weapon ({profile.label}),"
            f" not {quoted(first.weapon)}"
        )
    found = [Share(weapon, profile, first.dice)]
    for entry in listed[1:]:
        named = event.model_copy(
            update={
                "fighter": attacker.qualified_name,
                "weapon": entry.weapon,
                "profile": entry.profile,
            }
        )
        _, _, carried, other = table.profile(named)
        if any(share.profile is other for share in found):
            raise BattleError(f"{other.label} is named twice among the attack's weapons")
        if not attack_traits.may_fight_engaged(other):
            raise BattleError(
                f"{other.label} is neither Melee nor Sidearm: it does not fight in close combat"
            )
        battle_ammo.check_usable(attacker, other)
        found.append(Share(carried.name, other, entry.dice))
    total = sum(share.dice for share in found)
    if event.attacks is not None and event.attacks != total:
        raise BattleError(f"'attacks' is {event.attacks}, but the weapons roll {total} attack dice")
    return found


def _same(a: str, b: str) -> bool:
    return a.strip().casefold() == b.strip().casefold()
