"""An attack's hits on a vehicle: the facing's Toughness, the vehicle's save, Damage dice.

The pack's vehicle rules (`rules/vehicle_rules.py`) say which characteristic each
arc is hit on and which is the save; an unsaved wound rolls as many Damage dice as
the weapon's Damage (the most severe is kept) and one Location dice, and the pack's
table says what that pair does: Hull Points lost, statuses taken, what the table
still resolves by hand. At 0 Hull Points the vehicle is Wrecked. Every die comes
from a pool of the event (`vehicle_damage`, `location`), so the odds walk them too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gangmanager.rules.battle_events import BattleError
from gangmanager.rules.battle_state import FighterTrack
from gangmanager.rules.battle_table import Table
from gangmanager.rules.ruleset import Mechanic
from gangmanager.rules.vehicle_rules import VehicleRules

if TYPE_CHECKING:
    from gangmanager.rules.attack_wound import HitChain


def rules_of(table: Table) -> VehicleRules:
    rules = table.ruleset.vehicle_rules
    if rules is None:  # a track is a vehicle only under a pack with vehicle rules
        raise BattleError(f"{table.ruleset.id} has no vehicle rules")
    return rules


def check_arc(target: FighterTrack, arc: str | None) -> None:
    """The `arc` key: required against a vehicle, refused against a fighter."""
    if target.vehicle and arc is None:
        raise BattleError(
            f"{target.name} is a vehicle: give the 'arc' the attack hits (front, side or rear)"
        )
    if not target.vehicle and arc is not None:
        raise BattleError(f"{target.name} is no vehicle: 'arc' is only for an attack on a vehicle")


def toughness(chain: HitChain) -> tuple[int, str]:
    """The Toughness of the facing hit and how the log names it (`Front 6`)."""
    arc = chain.arc
    if arc is None:
        raise BattleError(f"{chain.target.name} is a vehicle: give the 'arc' the attack hits")
    code = rules_of(chain.table).arc_code(arc)
    value = chain.target.live_values().get(code) or 0
    return value, f"{arc.capitalize()} {value}"


def save(chain: HitChain, natural_hit: int | None, natural_wound: int | None, label: str) -> bool:
    """The vehicle's own save, worsened by AP; True when the wound goes through."""
    from gangmanager.rules.attack_wound import number

    rules = rules_of(chain.table)
    t = chain.target
    value = t.live_values().get(rules.save)
    if value is None:
        chain.say(f"save{label}: {t.name} has no save.")
        return True
    if chain.has(Mechanic.POWER) and natural_hit == 6:
        chain.say(f"Power{label}: a natural 6 to hit, no save.")
        return True
    ap = number(chain.profile.profile.ap)
    if ap and chain.has(Mechanic.SHRED) and natural_wound == 6:
        ap *= 2
        chain.say(f"Shred{label}: a natural 6 to wound doubles the AP to {ap}.")
    needed = value - ap if ap < 0 else value
    parts = f"{rules.save} {value}+" + (f", AP {ap}" if ap else "")
    if needed > 6:
        chain.say(f"save ({parts}){label}: {needed}+ cannot be made.")
        return True
    roll = chain.pools["save"].die("save roll")
    saved = roll != 1 and roll >= needed
    chain.say(f"save {needed}+ ({parts}){label}: rolled {roll}, {'saved' if saved else 'fails'}.")
    return not saved


def damage(chain: HitChain, dice: int) -> None:
    """An unsaved wound: the Damage dice (the most severe kept), the Location dice, the
    pack's result at that location; Wrecked at 0 Hull Points."""
    rules = rules_of(chain.table)
    t = chain.target
    faces = [chain.pools["vehicle_damage"].die("Damage dice") for _ in range(max(1, dice))]
    results = [rules.damage_dice[face - 1] for face in faces]
    kept = max(results, key=rules.severity)
    where = chain.pools["location"].die("Location dice")
    location = rules.location_dice[where - 1]
    effect = rules.effect(location, kept)
    assert effect is not None  # the pack's check: every location has every hit
    shown = ", ".join(f"{f} ({r})" for f, r in zip(faces, results, strict=True))
    chain.say(
        f"Damage dice {shown}: {kept}; Location dice {where}: {location}. {t.name}: {effect.name}."
    )
    t.vehicle_damage.append(effect.name)
    for status in effect.statuses:
        t.vehicle_statuses.add(status)
    if effect.statuses:
        chain.say(f"{t.name} is {' and '.join(effect.statuses)}.")
    if effect.hull:
        t.wounds = max(0, t.wounds - effect.hull)
        lost = "Hull Point" if effect.hull == 1 else "Hull Points"
        chain.say(f"{t.name}: {effect.hull} {lost} lost, {t.wounds} left.")
    if effect.table and t.wounds:
        chain.say(f"{effect.name}: {effect.table}.")
    if t.wounds == 0:
        wreck(chain.table, t)


def wreck(table: Table, vehicle: FighterTrack) -> None:
    """0 Hull Points: Wrecked, out of the battle, its crew taken Out of Action."""
    rules = rules_of(table)
    table.go_out_of_action(vehicle)
    vehicle.vehicle_statuses.add(rules.wrecked)
    table.say(
        f"{vehicle.name} is {rules.wrecked}: no Hull Points left, it plays no further part"
        " and its crew is taken Out of Action."
    )


def resisted(chain: HitChain, name: str, label: str) -> None:
    """Toxin, Gas and a Graviton Pulse roll against a fighter's T or S: a vehicle has neither."""
    chain.say(f"{name}{label}: no effect on a vehicle.")
