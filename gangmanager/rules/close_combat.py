"""Close combat: how many attack dice a fighter rolls (the Attacks characteristic and the
pack's bonuses: a second weapon, Digi, a charge, Paired)."""

from __future__ import annotations

from gangmanager.rules import attack_traits
from gangmanager.rules.battle_state import FighterTrack, ProfileTrack
from gangmanager.rules.battle_table import Table
from gangmanager.rules.ruleset import Mechanic


def attack_dice(
    table: Table, attacker: FighterTrack, profile: ProfileTrack, charge: bool
) -> tuple[int, str]:
    """The attack dice of a close-combat attack: Attacks plus the pack's bonuses."""
    rules = table.ruleset.attack
    own = attacker.live_values()["A"] or 1
    count, parts = own, [f"A {own}"]
    melee = [
        p
        for w in attacker.weapons
        for p in w.profiles[:1]
        if attack_traits.is_melee(p) and not p.has(Mechanic.DIGI)
    ]
    second = profile.has(Mechanic.PAIRED) or (
        len(melee) > 1 and not any(p.has(Mechanic.UNWIELDY) for p in melee)
    )
    if second and rules.second_weapon_attacks:
        count += rules.second_weapon_attacks
        parts.append(
            f"{'Paired' if profile.has(Mechanic.PAIRED) else 'second weapon'}"
            f" +{rules.second_weapon_attacks}"
        )
    digi = sum(1 for w in attacker.weapons for p in w.profiles[:1] if p.has(Mechanic.DIGI))
    if digi:
        count += digi
        parts.append(f"Digi +{digi}")
    if charge:
        if profile.has(Mechanic.PAIRED):
            count += own
            parts.append(f"Paired charge +{own}")
        if rules.charge_attacks:
            count += rules.charge_attacks
            parts.append(f"charge +{rules.charge_attacks}")
    return count, ", ".join(parts)
