"""One rule per weapon trait an attack reads, selected by the trait's mechanics flags.

The pack decides which flags a trait carries (n23's Toxin replaces the wound
roll, house-a's Toxin is rolled before Damage), so no trait is ever told
apart by its name here. Each function is a step `battle_attack` calls.
"""

from __future__ import annotations

from gangmanager.rules.battle_events import BattleError, BattleStatus, Marker
from gangmanager.rules.battle_state import FighterTrack, ProfileTrack, PromptKind
from gangmanager.rules.battle_table import Table
from gangmanager.rules.ruleset import Mechanic


def is_melee(profile: ProfileTrack) -> bool:
    return profile.has(Mechanic.MELEE)


def may_fight_engaged(profile: ProfileTrack) -> bool:
    """Melee profiles, and ranged ones the pack lets shoot in close combat (Sidearm / Pistol)."""
    return is_melee(profile) or profile.has(Mechanic.SIDEARM) or profile.has(Mechanic.PISTOL)


def check_range(table: Table, attacker: FighterTrack, profile: ProfileTrack, band: str) -> None:
    """Melee only against an Engaged target; a ranged profile in close combat only as a sidearm."""
    what = f"{attacker.name}'s {profile.label}"
    if band == "engaged" and not may_fight_engaged(profile):
        trait = table.ruleset.ammo.rapid_fire_close_combat_trait
        raise BattleError(
            f"{what} cannot be used in close combat (it is neither Melee nor {trait})"
        )
    if band != "engaged" and is_melee(profile):
        reach = profile.profile.rng_l if profile.profile.rng_l not in ("-", "E", "") else None
        raise BattleError(
            f"{what} is a Melee weapon: it attacks as Engaged"
            + (f" (its reach is {reach}: choose engaged)" if reach else "")
        )


def rapid_fire_applies(table: Table, profile: ProfileTrack, band: str) -> bool:
    """Rapid Fire counts its hits off the Firepower dice; in close combat only where the pack lets it."""
    if not profile.has(Mechanic.RAPID_FIRE):
        return False
    return band != "engaged" or rapid_fire_in_close_combat(table, profile)


def rapid_fire_dice(table: Table, profile: ProfileTrack, band: str) -> int:
    """How many Firepower dice the attack rolls: X for Rapid Fire (X) where it works, else one."""
    return (profile.rapid_fire or 1) if rapid_fire_applies(table, profile, band) else 1


def rapid_fire_in_close_combat(table: Table, profile: ProfileTrack) -> bool:
    """Rapid Fire works in close combat only on a weapon with the pack's trait (Sidearm / Pistol)."""
    return profile.profile.has_trait(table.ruleset.ammo.rapid_fire_close_combat_trait)


def accurate_hits_on_one(profile: ProfileTrack, target_number: int) -> bool:
    """Accurate (house-a): a natural 1 still hits when the attack would hit on 1+ or better."""
    return profile.has(Mechanic.ACCURATE) and target_number <= 1


def counted_hits(profile: ProfileTrack) -> bool:
    """Blast and Template: hits may be counted on the table (`hits`) instead of rolled."""
    return profile.has(Mechanic.BLAST) or profile.has(Mechanic.TEMPLATE)


def rupture(profile: ProfileTrack) -> bool:
    """Rupture (house-a): a wound deals D3 Damage whatever the profile says."""
    return profile.has(Mechanic.RUPTURE)


def toxin_before_damage(profile: ProfileTrack) -> bool:
    """Toxin as seed 000 (house-a) words it: a D6 against Toughness before Damage."""
    return profile.has(Mechanic.TOXIN_BEFORE_DAMAGE)


def knockback(
    table: Table,
    profile: ProfileTrack,
    target: FighterTrack,
    natural_hit: int | None,
    *,
    what: str = "hit roll",
) -> str | None:
    """A prompt to move the target, as the pack's Knockback says; the log line, or None."""
    if profile.has(Mechanic.KNOCKBACK_DISTANCE):
        trait = next(
            (
                t
                for t in profile.profile.traits
                if (d := table.ruleset.trait_def(t)) is not None
                and d.has(Mechanic.KNOCKBACK_DISTANCE)
            ),
            None,
        )
        param = trait.param if trait is not None else None
        if param:
            distance = f'{param}"' if param.isdigit() else param
        else:
            distance = "the Knockback distance"
        text = (
            f"Knockback: push {target.name} {distance} directly away from the attacker"
            " (a target still Active afterwards becomes Pinned)"
        )
        table.prompt(PromptKind.KNOCKBACK, target, text)
        return text
    if not profile.has(Mechanic.KNOCKBACK) or natural_hit is None:
        return None
    strength = target.live_values()["S"]
    if strength is None or natural_hit < strength:
        return f"Knockback: {what} {natural_hit} is below {target.name}'s Strength {strength}"
    text = (
        f'Knockback: {what} {natural_hit} against Strength {strength}: push {target.name} 1" away'
    )

    table.prompt(PromptKind.KNOCKBACK, target, text)
    return text


def unwieldy_note(profile: ProfileTrack, band: str) -> str | None:
    if profile.has(Mechanic.UNWIELDY) and band != "engaged":
        return f"Unwieldy: shooting the {profile.label} is a Double action"
    return None


def silent_note(attacker: FighterTrack, profile: ProfileTrack) -> str | None:
    if Marker.HIDDEN not in attacker.markers:
        return None
    if profile.has(Mechanic.SILENT):
        return f"Silent: {attacker.name} stays Hidden"
    return f"{attacker.name} attacked from hiding with a weapon that is not Silent"


def blaze_applies(table: Table, attacker: FighterTrack, profile: ProfileTrack) -> bool:
    """Blaze on the profile; or an unarmed attack by a burning fighter where the pack says so."""
    if profile.has(Mechanic.BLAZE):
        return True
    return (
        profile.weapon == UNARMED
        and attacker.burning
        and table.ruleset.blaze.unarmed_attacks_gain_blaze
    )


def blaze_after(table: Table, target: FighterTrack, roll: int | None) -> tuple[str, int | None]:
    """The catch-fire roll once the attack is resolved; the log line and the die used."""
    if target.status is BattleStatus.OUT_OF_ACTION:
        return f"Blaze: {target.name} is Out of Action, no roll", None
    if target.burning:
        return f"Blaze: {target.name} is already burning, no roll", None
    (die,) = table.roll(roll, 1, f"Blaze roll for {target.name}")
    catch = table.ruleset.blaze.catch_fire_on
    if die in catch:
        target.markers.add(Marker.BLAZE)
        return (
            f"Blaze: rolled {die} (catches fire on {_listed(catch)}), {target.name} is on fire",
            die,
        )
    return f"Blaze: rolled {die} (catches fire on {_listed(catch)}), no fire", die


def _listed(rolls: list[int]) -> str:
    rolls = sorted(set(rolls))
    if len(rolls) > 1 and rolls == list(range(rolls[0], rolls[-1] + 1)):
        return f"{rolls[0]}-{rolls[-1]}"
    return ", ".join(map(str, rolls))


def table_notes(table: Table, profile: ProfileTrack) -> list[str]:
    """One reminder per trait the pack marks as the table's: what the tracker leaves to the players."""
    notes: list[str] = []
    for trait in profile.profile.traits:
        definition = table.ruleset.trait_def(trait)
        if definition is None or definition.outside_attack != "table":
            continue
        notes.append(f"{trait} (for the table): {definition.summary.rstrip('.')}")
    return notes


# The weapon name of a fighter's bare hands.
UNARMED = "Unarmed"
