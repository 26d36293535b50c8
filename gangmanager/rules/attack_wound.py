"""One hit of an attack, from the wound roll to the Injury dice.

`battle_attack` works out the hits; each goes through `HitChain.resolve`:
the wound step (the wound table, or a D6 against Toughness for Toxin and Gas,
against Strength for a Graviton Pulse), the save (armour worsened by AP, or
field armour, whichever is better: one save per hit), Damage and, at 0
wounds, the Injury dice. What each trait changes is read from its mechanics
flags in the pack, never from its name. Every die comes from a `Pool` of the
event, so a stored attack replays to the same result.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

from gangmanager.rules import attack_armour, attack_traits, attack_vehicle
from gangmanager.rules.attack_rules import InjuryFace
from gangmanager.rules.battle_events import BattleError, BattleStatus, Marker
from gangmanager.rules.battle_state import FighterTrack, ProfileTrack, PromptKind
from gangmanager.rules.battle_table import Table
from gangmanager.rules.limits import quoted
from gangmanager.rules.ruleset import Mechanic
from gangmanager.rules.weapons import WeaponProfile

INJURY_FACES: tuple[InjuryFace, ...] = ("flesh_wound", "seriously_injured", "out_of_action")


class Pool(Protocol):
    """The dice of one key of the event (`attack_pools.DicePool`)."""

    given: list[int | str] | None
    used: list[int | str]

    def take(self, what: str) -> int | str: ...

    def die(self, what: str) -> int: ...

    def available(self) -> bool: ...


@dataclass(frozen=True)
class Hit:
    """One hit and the natural hit roll it came from (None when counted or automatic).

    `profile`: the weapon profile the hit was made with when it is not the attack's
    own (the second weapon's die in close combat).
    """

    natural: int | None = None
    profile: ProfileTrack | None = None


def number(text: str) -> int:
    """`+1` -> 1, `-1` -> -1, `-` or blank -> 0."""
    match = re.fullmatch(r"\s*([+-]?\d+)\s*", text)
    return int(match.group(1)) if match else 0


def strength(profile: WeaponProfile, attacker: FighterTrack) -> int:
    """`4`, `S`, `S+1`, `S-1`, `Sx2` against the attacker's live Strength.

    The pack writes a bonus as `S+1` (checked at load); a bare `+1` stored on an
    older gang's card is read the same way.
    """
    text = profile.strength.strip().upper().replace(" ", "")
    own = attacker.live_values().get("S") or 0
    if text.isdigit():
        return int(text)
    if re.fullmatch(r"[+-]\d+", text):
        text = "S" + text
    match = re.fullmatch(r"S(?:([+-]\d+)|X(\d+))?", text)
    if match is None:
        raise BattleError(
            f"{attacker.name}'s weapon has no Strength to wound with ({quoted(text)})"
        )
    if match.group(1):
        return own + int(match.group(1))
    if match.group(2):
        return own * int(match.group(2))
    return own


def resists_with(profile: ProfileTrack) -> str | None:
    """The characteristic a D6 is rolled against instead of the wound roll, if any."""
    if profile.has(Mechanic.TOXIN) or profile.has(Mechanic.GAS):
        return "T"
    if profile.has(Mechanic.GRAVITON):
        return "S"
    return None


def hurts_nobody(profile: ProfileTrack) -> bool:
    """Smoke, Flash, Fear ...: the hit lands, but there is no wound to roll."""
    return profile.has(Mechanic.NO_WOUND) and resists_with(profile) is None


class HitChain:
    """Wound, save, Damage and Injury dice for the hits of one attack."""

    def __init__(
        self,
        table: Table,
        attacker: FighterTrack,
        target: FighterTrack,
        profile: ProfileTrack,
        band: str,
        pools: Mapping[str, Pool],
    ) -> None:
        self.table = table
        self.attacker = attacker
        self.target = target
        self.profile = profile
        self.band = band
        self.pools = pools
        # Hits that wounded (before any save): the odds count them per target.
        self.wounds = 0
        # The facing of a vehicle target the hits land on (front, side, rear); None for a fighter.
        self.arc: str | None = None

    def say(self, text: str) -> None:
        self.table.say(text)

    def has(self, mechanic: Mechanic) -> bool:
        return self.profile.has(mechanic)

    # -- one hit --------------------------------------------------------------

    def resolve(self, hit: Hit, label: str) -> None:
        rolls = self.start(hit, label)
        for index in range(rolls):
            self.wound_roll(hit, label, index, rolls)

    # `resolve` in two parts, so the attack can run each wound roll as a step of its own
    # (the odds then merge the states between a Scattershot hit's wound rolls).

    def start(self, hit: Hit, label: str) -> int:
        """The hit up to its wound rolls: how many it makes (0 when it is resolved)."""
        p = self.profile
        if hurts_nobody(p):
            self.say(f"{p.label}{label}: no wound roll, the hit hurts nobody by itself.")
            return 0
        resist = resists_with(p)
        if resist is not None:
            self._resisted(hit, label, resist)
            return 0
        rolls = 1
        if self.has(Mechanic.SCATTERSHOT) and self.pools["scatter"].available():
            rolls = self.pools["scatter"].die("Scattershot D6")
            self.say(f"Scattershot{label}: D6 = {rolls} wound roll{'s' if rolls != 1 else ''}.")
        return rolls

    def wound_roll(self, hit: Hit, label: str, index: int, rolls: int) -> None:
        """Wound roll `index` (from 0) of the hit's `rolls`: none once the target is out."""
        if self.target.out_of_action:
            return
        part = f"{label} (wound roll {index + 1} of {rolls})" if rolls > 1 else label
        self._wound_roll(hit, part)

    def _wound_roll(self, hit: Hit, label: str) -> None:
        t = self.target
        if t.vehicle:
            toughness, against = attack_vehicle.toughness(self)
        else:
            toughness = t.live_values()["T"] or 0
            against = f"T{toughness}"
        if self.has(Mechanic.SHOCK) and hit.natural == 6:
            self.say(f"Shock{label}: a natural 6 to hit wounds automatically.")
            natural_wound: int | None = None
        else:
            value = strength(self.profile.profile, self.attacker)
            needed = self.table.ruleset.attack.wound_table.target(value, toughness)
            roll = self.pools["wound"].die("wound roll")
            wounded = roll != 1 and roll >= needed
            self.say(
                f"wound {needed}+ (S{value} vs {against}){label}: rolled {roll},"
                f" {'wounds' if wounded else 'no wound'}."
            )
            if not wounded:
                return
            natural_wound = roll
        self.wounds += 1
        if self.has(Mechanic.WEB):
            t.markers.add(Marker.WEBBED)
            self.say(f"Web{label}: no save, no Damage: {t.name} is Webbed.")
            return
        if self.has(Mechanic.SEISMIC) and natural_wound == 6:
            self.say(f"Seismic{label}: a natural 6 to wound allows no save.")
        elif not self._save(hit, natural_wound, label):
            return
        if (
            not t.vehicle
            and attack_traits.toxin_before_damage(self.profile)
            and not self._toxin_flesh_wound()
        ):
            return
        self._damage(self._damage_amount(hit, natural_wound))

    def _resisted(self, hit: Hit, label: str, code: str) -> None:
        """Toxin and Gas (D6 against T), Graviton Pulse (D6 against S)."""
        t = self.target
        name = self._resist_trait()
        if t.vehicle:
            attack_vehicle.resisted(self, name, label)
            return
        value = t.live_values()[code] or 0
        roll = self.pools["toxin"].die(f"D6 against {code}")
        bonus, items = (0, "")
        if code == "T":
            bonus, items = attack_armour.toughness_against(self.table.ruleset, t, name)
        if bonus:
            self.say(f"{name}{label}: {items} add {bonus} to Toughness ({value + bonus}).")
            value += bonus
        if code == "S":
            hurt = roll == 6 or roll > value
            outcome = "above Strength, Damage" if hurt else "no effect"
        else:
            hurt = roll == 6 or roll >= value
            outcome = "wounds" if hurt else "no effect"
        self.say(f"{name}{label}: rolled {roll} against {code}{value}, {outcome}.")
        if not hurt:
            return
        self.wounds += 1
        if not self._save(hit, None, label):
            return
        if code == "S":
            self._damage(self._damage_amount(hit, None))
            return
        # Toxin and Gas: an Injury roll whatever the Wounds left, no Wound lost.
        self.say(f"{name}: an Injury roll for {t.name}, no Wound lost.")
        self._injure(1)

    def _resist_trait(self) -> str:
        for mechanic, name in (
            (Mechanic.GAS, "Gas"),
            (Mechanic.TOXIN, "Toxin"),
            (Mechanic.GRAVITON, "Graviton Pulse"),
        ):
            if self.has(mechanic):
                return name
        return "D6"

    # -- the save ---------------------------------------------------------------

    def _save(self, hit: Hit, natural_wound: int | None, label: str) -> bool:
        """True when the wound goes through."""
        t = self.target
        if self._allows_no_save(label):
            return True
        if t.vehicle:
            return attack_vehicle.save(self, hit.natural, natural_wound, label)
        armour, field, ap = self._armours(hit, natural_wound, label)
        options, field_parts = _save_options(self.profile, armour, field, ap)
        if not options:
            self.say(f"save{label}: {t.name} has no armour.")
            return True
        needed, parts = min(options, key=lambda o: o[0])
        if needed > 6:
            self.say(f"save ({parts}){label}: {needed}+ cannot be made.")
            return True
        by_field = field if field is not None and parts == field_parts else None
        roll, shown = self._save_roll(by_field is not None and self.has(Mechanic.SHIELD_BREAKER))
        saved = roll != 1 and roll >= needed
        self.say(
            f"save {needed}+ ({parts}){label}: rolled {shown}, {'saved' if saved else 'fails'}."
        )
        if by_field is not None:
            if saved:
                self._burn_out(by_field)
        elif armour is not None and armour.ablative is not None:
            t.item_uses[armour.ablative] = t.item_uses.get(armour.ablative, 0) + 1
        return not saved

    def _allows_no_save(self, label: str) -> bool:
        for mechanic, name in ((Mechanic.GAS, "Gas"), (Mechanic.PHASE, "Phase")):
            if self.has(mechanic):
                self.say(f"save{label}: {name} allows no save.")
                return True
        return False

    def _armours(
        self, hit: Hit, natural_wound: int | None, label: str
    ) -> tuple[attack_armour.Armour | None, attack_armour.Armour | None, int]:
        """The armour and the field armour that may save against this hit, and its AP."""
        t, p = self.target, self.profile
        ruleset = self.table.ruleset
        armour = attack_armour.armour_save(ruleset, t)
        field = attack_armour.field_armour(ruleset, t, p)
        if field is None and attack_armour.field_armour(ruleset, t) is not None:
            self.say(f"save{label}: the attack has no Strength, the field cannot work.")
        if armour is not None and self.has(Mechanic.POWER) and hit.natural == 6:
            self.say(
                f"Power{label}: a natural 6 to hit, no armour save (field armour still works)."
            )
            armour = None
        if armour is not None and self.has(Mechanic.GRAVITON):
            self.say(f"Graviton Pulse{label}: no armour save.")
            armour = None
        ap = number(p.profile.ap)
        if ap and self.has(Mechanic.SHRED) and natural_wound == 6:
            ap *= 2
            self.say(f"Shred{label}: a natural 6 to wound doubles the AP to {ap}.")
        return armour, field, ap

    def _save_roll(self, shield_breaker: bool) -> tuple[int, str]:
        """The save die, and how the line shows it."""
        roll = self.pools["save"].die("save roll")
        if not shield_breaker:
            return roll, str(roll)
        # Shield Breaker: the field save rolls two dice and keeps the lower.
        other = self.pools["save"].die("save roll")
        kept = min(roll, other)
        return kept, f"{roll} and {other} (Shield Breaker: keeps {kept})"

    def _burn_out(self, field: attack_armour.Armour) -> None:
        """Field armour that saved may burn out (a D6 of `burns_out_on` or less)."""
        pool = self.pools["burn_out"]
        if field.burns_out_on is None or not pool.available():
            return
        roll = pool.die(f"{field.name} burn-out D6")
        if roll > field.burns_out_on:
            self.say(f"{field.name}: rolled {roll}, it holds.")
            return
        self.target.burnt_out.add(field.name)
        self.say(
            f"{field.name}: rolled {roll}, it burns out and works no more"
            " (strike it off the fighter's card)."
        )

    def _toxin_flesh_wound(self) -> bool:
        """House-a Toxin before Damage; False when the target died of it."""
        t = self.target
        toughness = t.live_values()["T"] or 0
        roll = self.pools["toxin"].die("Toxin roll")
        if roll <= toughness:
            self.say(f"Toxin: rolled {roll}, not above T{toughness}: no effect.")
            return True
        t.flesh_wounds += 1
        left = t.live_values()["T"] or 0
        if left <= 0:
            self.table.go_out_of_action(t)
            self.say(
                f"Toxin: rolled {roll}, above T{toughness}: a Flesh Wound takes Toughness to 0,"
                f" Memorable Death: {t.name} is Out of Action."
            )
            return False
        self.say(f"Toxin: rolled {roll}, above T{toughness}: a Flesh Wound (Toughness now {left}).")
        return True

    # -- Damage and the Injury dice ---------------------------------------------

    def _damage_amount(self, hit: Hit, natural_wound: int | None) -> int:
        amount = self._rolled_damage()
        if self.has(Mechanic.RENDING) and natural_wound == 6:
            amount += 1
            self.say("Rending: a natural 6 to wound, +1 Damage.")
        if self.has(Mechanic.POWER) and hit.natural == 6:
            amount += 1
            self.say("Power: a natural 6 to hit, +1 Damage.")
        return amount

    def _rolled_damage(self) -> int:
        if attack_traits.rupture(self.profile):
            roll = self.pools["damage"].die("Rupture damage")
            if roll > 3:
                raise BattleError(f"a D3 Damage roll is 1 to 3, not {roll}")
            self.say(f"Rupture: D3 = {roll} damage.")
            return roll
        text = self.profile.profile.d.strip().upper()
        if text.isdigit():
            self.say(f"damage {text}.")
            return int(text)
        match = re.fullmatch(r"D([36])", text)
        if match is None:
            raise BattleError(f"{self.profile.label} has no Damage value ({quoted(text)})")
        sides = int(match.group(1))
        pool = self.pools["damage"]
        given = pool.given is not None and len(pool.used) < len(pool.given)
        roll = pool.die(f"D{sides} Damage")
        if sides == 3 and not given:
            # A D3 is read off a D6: 1-2, 3-4, 5-6; store the D3 result.
            roll = (roll + 1) // 2
            pool.used[-1] = roll
        if roll > sides:
            raise BattleError(f"a D{sides} Damage roll is 1 to {sides}, not {roll}")
        self.say(f"damage D{sides} = {roll}.")
        return roll

    def _damage(self, amount: int) -> None:
        t = self.target
        if t.vehicle:
            attack_vehicle.damage(self, amount)
            return
        wounds = t.wounds
        if wounds == 0:
            injuries = amount
        elif amount >= wounds:
            injuries = amount - wounds + 1
        else:
            injuries = 0
        t.wounds = max(0, wounds - amount)
        if not injuries:
            self.say(f"{t.name}: {t.wounds} wound{'s' if t.wounds != 1 else ''} left.")
            return
        melta = self.has(Mechanic.MELTA) and (
            self.band == "short" or self.profile.profile.rng_s in ("-", "E", "T")
        )
        if melta or self.has(Mechanic.SEVER):
            self.table.drop_prompts(t, PromptKind.INJURY_DICE)
            self.table.go_out_of_action(t)
            why = (
                "Sever"
                if not melta
                else ("Melta at short range" if self.band == "short" else "Melta (no Short range)")
            )
            self.say(f"{why}: {t.name} goes Out of Action, no Injury dice.")
            return
        self._injure(injuries, "0 wounds, ")

    def _injure(self, count: int, before: str = "") -> None:
        t = self.target
        self.table.drop_prompts(t, PromptKind.INJURY_DICE)
        if self.has(Mechanic.FEAR):
            self.table.prompt(
                PromptKind.NERVE_TEST,
                t,
                f"Fear: {t.name} takes a Nerve test at -2 and is Broken if it fails",
            )
            self.say(f"Fear: no Injury roll; {t.name} takes a Nerve test at -2 (Broken if failed).")
            return
        results = [self._injury_face() for _ in range(count)]
        notes = [""] * len(results)
        if (
            self.has(Mechanic.PULVERISE)
            and "flesh_wound" in results
            and self.pools["pulverise"].available()
        ):
            toughness = t.live_values()["T"] or 0
            roll = self.pools["pulverise"].die("Pulverise D6")
            if roll == 6 or roll >= toughness:
                index = results.index("flesh_wound")
                results[index] = "seriously_injured"
                notes[index] = " (Pulverise: seriously injured)"
            self.say(
                f"Pulverise: rolled {roll} against T{toughness},"
                f" {'a Flesh Wound becomes Seriously Injured' if roll == 6 or roll >= toughness else 'no change'}."
            )
        shown: list[str] = []
        for face, note in zip(results, notes, strict=True):
            text = face.replace("_", " ") + note
            if face == "seriously_injured" and t.status is BattleStatus.SERIOUSLY_INJURED:
                face, text = "flesh_wound", f"{text} (already Seriously Injured: a Flesh Wound)"
            shown.append(text)
            if t.out_of_action:
                continue
            if face == "out_of_action":
                self.table.go_out_of_action(t)
            elif face == "seriously_injured":
                t.status = BattleStatus.SERIOUSLY_INJURED
            else:
                t.flesh_wounds += 1
                left = t.live_values()["T"]
                if left is not None and left <= 0:
                    self.table.go_out_of_action(t)
                    shown[-1] += ", Toughness 0: Out of Action"
        self.say(f"{t.name}: {before}Injury dice: {', '.join(shown)}.")

    def _injury_face(self) -> InjuryFace:
        value = self.pools["injury"].take("Injury dice")
        if isinstance(value, int):
            return self.table.ruleset.attack.injury_face(value)
        if value not in INJURY_FACES:
            raise BattleError(
                f"injury {quoted(value)} is not a face of the Injury dice ({', '.join(INJURY_FACES)})"
                " nor a D6 result"
            )
        return value


def _save_options(
    profile: ProfileTrack,
    armour: attack_armour.Armour | None,
    field: attack_armour.Armour | None,
    ap: int,
) -> tuple[list[tuple[int, str]], str]:
    """Each save the target may take (the roll needed, its text), and the field
    armour's text ("" without one)."""
    options: list[tuple[int, str]] = []
    field_parts = ""
    if armour is not None:
        counted = armour.ap_against(profile, ap)
        needed = armour.needed(counted)
        shown = f", AP {ap}" if ap else ""
        if counted != ap:
            shown = f", AP {ap} counts as -"
        elif armour.worst is not None and needed < armour.save - ap:
            shown += f", never worse than {armour.worst}+"
        options.append((needed, f"{armour.name} {armour.save}+{shown}"))
    if field is not None:
        field_parts = f"{field.name} {field.save}+, field armour: AP does not apply"
        options.append((field.save, field_parts))
    return options, field_parts
