"""What each roll of an attack needs, before any die is rolled: the hit roll's D6 and the
lines the attack dialog shows beside the dice (wound, save, Damage)."""

from __future__ import annotations

from gangmanager.rules import attack_armour, attack_traits
from gangmanager.rules.attack_wound import hurts_nobody, number, resists_with, strength
from gangmanager.rules.battle_events import BattleError
from gangmanager.rules.battle_state import FighterTrack, ProfileTrack
from gangmanager.rules.ruleset import Mechanic, Ruleset


def hit_needed(
    attacker: FighterTrack, profile: ProfileTrack, band: str, modifier: int
) -> tuple[int, str]:
    """The D6 the hit roll needs and how it came about: `3, "BS 4+, short +1"`.

    A melee weapon keeps its Accuracy in close combat (the column of its `E`
    range); a Sidearm shooting in close combat does not.
    """
    code = "WS" if band == "engaged" else "BS"
    skill = attacker.live_values().get(code)
    if skill is None:
        raise BattleError(f"{attacker.name} has no {code} to hit with")
    parts = [f"{code} {skill}+"]
    p = profile.profile
    if band == "engaged":
        accuracy = number(p.acc_l if p.rng_s != "E" and p.rng_l == "E" else p.acc_s)
        if not attack_traits.is_melee(profile):
            accuracy = 0
        where = "melee"
    else:
        accuracy = number(p.acc_s if band == "short" else p.acc_l)
        where = band
    if accuracy:
        parts.append(f"{where} {accuracy:+d}")
    if modifier:
        parts.append(f"modifier {modifier:+d}")
    return skill - accuracy - modifier, ", ".join(parts)


def target_numbers(
    ruleset: Ruleset,
    attacker: FighterTrack,
    profile: ProfileTrack,
    target: FighterTrack,
    band: str,
    modifier: int = 0,
    *,
    arc: str | None = None,
) -> list[str]:
    """What each roll of the attack needs, before any die is rolled (the GUI shows these);
    `arc`: the facing of a vehicle target."""
    lines: list[str] = []
    if profile.has(Mechanic.TEMPLATE):
        lines.append("hits: no hit roll (Template): count the fighters the template touches")
    else:
        if attack_traits.counted_hits(profile):
            lines.append("hits: count them on the table (Blast), or roll to hit")
        try:
            needed, parts = hit_needed(attacker, profile, band, modifier)
            lines.append(
                f"hit {max(needed, 1)}+ ({parts})" if needed <= 6 else f"hit: cannot ({parts})"
            )
        except BattleError as exc:
            lines.append(str(exc))
    if target.vehicle:
        return lines + _vehicle_lines(ruleset, attacker, profile, target, arc)
    values = target.live_values()
    resist = resists_with(profile)
    if hurts_nobody(profile):
        lines.append("wound: none (the hit hurts nobody by itself)")
    elif resist == "T":
        bonus, items = (0, "")
        if profile.has(Mechanic.GAS):
            bonus, items = attack_armour.toughness_against(ruleset, target, "Gas")
        tough = (values["T"] or 0) + bonus
        shown = f"T{values['T']}" + (f" +{bonus} {items}" if bonus else "")
        lines.append(f"Toxin/Gas: a D6 of {tough}+ ({shown}) or a 6: an Injury roll, no Wound lost")
    elif resist == "S":
        lines.append(f"Graviton Pulse: a D6 above S{values['S']} (or a 6): Damage, no armour save")
    else:
        try:
            value = strength(profile.profile, attacker)
            wound = ruleset.attack.wound_table.target(value, values["T"] or 0)
            lines.append(f"wound {wound}+ (S{value} vs T{values['T']})")
        except BattleError as exc:
            lines.append(str(exc))
    lines.append(_save_line(ruleset, profile, target))
    if attack_traits.toxin_before_damage(profile):
        lines.append(f"Toxin: before Damage, a D6 above T{values['T']} is a Flesh Wound")
    damage = "D3 (Rupture)" if attack_traits.rupture(profile) else profile.profile.d
    lines.append(f"damage {damage}; {target.name} has {target.wounds} wound(s) left")
    return lines


def _vehicle_lines(
    ruleset: Ruleset,
    attacker: FighterTrack,
    profile: ProfileTrack,
    target: FighterTrack,
    arc: str | None,
) -> list[str]:
    """A vehicle target: the wound roll against the facing's Toughness, its own save."""
    rules = ruleset.vehicle_rules
    if rules is None or arc is None:
        return [f"{target.name} is a vehicle: choose the arc the attack hits"]
    values = target.live_values()
    toughness = values.get(rules.arc_code(arc)) or 0
    lines: list[str] = []
    if resists_with(profile) is not None or hurts_nobody(profile):
        lines.append("wound: none (no effect on a vehicle)")
        return lines
    try:
        value = strength(profile.profile, attacker)
        wound = ruleset.attack.wound_table.target(value, toughness)
        lines.append(f"wound {wound}+ (S{value} vs {arc.capitalize()} {toughness})")
    except BattleError as exc:
        lines.append(str(exc))
    save = values.get(rules.save)
    ap = number(profile.profile.ap)
    if save is None:
        lines.append(f"save: {target.name} has none")
    else:
        needed = save - ap if ap < 0 else save
        parts = f"{rules.save} {save}+" + (f", AP {ap}" if ap else "")
        lines.append(f"save {needed}+ ({parts})" if needed <= 6 else f"save: none ({parts})")
    lines.append(
        f"damage {profile.profile.d}: as many Damage dice and a Location dice;"
        f" {target.name} has {target.wounds} Hull Point(s) left"
    )
    return lines


def _save_line(ruleset: Ruleset, profile: ProfileTrack, target: FighterTrack) -> str:
    if profile.has(Mechanic.GAS) or profile.has(Mechanic.PHASE):
        return "save: none allowed"
    armour = attack_armour.armour_save(ruleset, target)
    field = attack_armour.field_armour(ruleset, target, profile)
    lines: list[str] = []
    if armour is not None:
        ap = number(profile.profile.ap)
        counted = armour.ap_against(profile, ap)
        save = armour.needed(counted)
        parts = f"{armour.name} {armour.save}+" + (f", AP {ap}" if ap else "")
        if counted != ap:
            parts += " counts as -"
        lines.append(f"save {save}+ ({parts})" if save <= 6 else f"save: none ({parts})")
    if field is not None:
        lines.append(f"field save {field.save}+ ({field.name}, AP does not apply)")
    return "; ".join(lines) if lines else f"save: {target.name} has no armour"
