"""The `attack` event: one attack resolved with the attacker's live profile and the target's.

Steps, each one log line with its numbers: Firepower dice, hit roll (BS at
range, WS when Engaged, the profile's Accuracy for the range band and the
event's `modifier`; a natural 1 misses, a 6 is not special), the Ammo tests
the Firepower dice call for (the `ammo_test` rules, Limited deletion
included), then for every hit the wound roll (Strength against Toughness from
the pack's wound table), the save (the target's best armour, worsened by AP),
Damage and, at 0 wounds, the Injury dice. What the weapon's traits change is
in `attack_traits`, chosen by the traits' mechanics flags in the pack.

Every die left out of the event is rolled by the injected dice and written
back into it, so a stored attack replays to the same result.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gangmanager.rules import attack_traits, battle_ammo
from gangmanager.rules.attack_rules import InjuryFace
from gangmanager.rules.battle_events import (
    AmmoTestEvent,
    AttackEvent,
    BattleError,
    BattleStatus,
    ProfileState,
    RemovedProfile,
)
from gangmanager.rules.battle_state import FighterTrack, ProfileTrack, PromptKind
from gangmanager.rules.battle_table import Table, profile_track
from gangmanager.rules.limits import quoted
from gangmanager.rules.ruleset import Mechanic, Ruleset
from gangmanager.rules.weapons import WeaponProfile

_INJURY_FACES: tuple[InjuryFace, ...] = ("flesh_wound", "seriously_injured", "out_of_action")


@dataclass
class _Pool:
    """The dice of one key of the event: those given first, then rolled ones."""

    key: str
    given: list[int | str] | None
    table: Table
    used: list[int | str] = field(default_factory=list)

    def take(self, what: str) -> int | str:
        index = len(self.used)
        if self.given is not None and index < len(self.given):
            value = self.given[index]
        else:
            if self.table.dice is None:
                raise BattleError(f"{what}: the {self.key} roll is missing")
            value = self.table.dice.d6()
        self.used.append(value)
        return value

    def die(self, what: str) -> int:
        value = self.take(what)
        assert isinstance(value, int)
        return value

    def stored(self) -> list[int | str] | None:
        if self.given is not None and len(self.given) > len(self.used):
            raise BattleError(
                f"{len(self.given)} {self.key} dice given, but the attack used {len(self.used)}"
            )
        return list(self.used) if self.used else None


def _number(text: str) -> int:
    """`+1` -> 1, `-1` -> -1, `-` or blank -> 0."""
    match = re.fullmatch(r"\s*([+-]?\d+)\s*", text)
    return int(match.group(1)) if match else 0


def _strength(profile: WeaponProfile, attacker: FighterTrack) -> int:
    """`4`, `S`, `S+1`, `S-1`, `Sx2` against the attacker's live Strength."""
    text = profile.strength.strip().upper().replace(" ", "")
    own = attacker.live_values()["S"] or 0
    if text.isdigit():
        return int(text)
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


def _unarmed(table: Table) -> ProfileTrack:
    profile = WeaponProfile(rng_s="E", rng_l="E", str="S", ap="-", d="1", am="-", traits=["Melee"])
    track = profile_track(table.ruleset, attack_traits.UNARMED, profile)
    return ProfileTrack(track.weapon, profile, track.mechanics | {Mechanic.MELEE}, None)


class _Attack:
    """One attack being resolved: its fighters, profile, dice pools and log."""

    def __init__(self, table: Table, event: AttackEvent) -> None:
        self.table = table
        self.event = event
        self.attacker = table.fighter(event.fighter)
        self.target = table.fighter(event.target)
        if self.attacker is self.target:
            raise BattleError(f"{self.attacker.name} cannot attack themselves")
        if event.weapon.strip().casefold() == attack_traits.UNARMED.casefold() and (
            self.attacker.weapon(event.weapon) is None
        ):
            self.weapon_name, self.profile = attack_traits.UNARMED, _unarmed(table)
        else:
            _, _, weapon, self.profile = table.profile(
                event.model_copy(update={"fighter": self.attacker.qualified_name})
            )
            self.weapon_name = weapon.name
        self.band = event.range
        self.pools = {
            key: _Pool(key, self._given(key), table)
            for key in ("firepower", "hit", "wound", "save", "damage", "injury", "toxin", "ammo")
        }
        self.removed: RemovedProfile | None = None
        self.blaze_roll: int | None = None
        self.status_before = self.target.status

    def _given(self, key: str) -> list[int | str] | None:
        value = getattr(self.event, key)
        if value is None:
            return None
        return [value] if isinstance(value, int) else list(value)

    def say(self, text: str) -> None:
        self.table.say(text)

    def _who(self, track: FighterTrack) -> str:
        """`GANG/FIGHTER` where both gangs have the name, else the name."""
        return track.qualified_name if len(self.table.state.find(track.name)) > 1 else track.name

    # -- the steps ------------------------------------------------------------

    def resolve(self) -> AttackEvent:
        a, t, p = self.attacker, self.target, self.profile
        battle_ammo.check_usable(a, p)
        attack_traits.check_range(self.table, a, p, self.band)
        if self.event.hits is not None and not attack_traits.counted_hits(p):
            raise BattleError(
                f"{p.label} is neither Blast nor Template: give a hit roll, not a number of hits"
            )
        if self.event.hits is not None and self.event.hit is not None:
            raise BattleError("give either 'hit' (the roll) or 'hits' (counted), not both")
        self.say(f"{self._who(a)} attacks {self._who(t)} with {p.label} ({self.band}).")
        for note in (attack_traits.unwieldy_note(p, self.band), attack_traits.silent_note(a, p)):
            if note:
                self.say(note + ".")
        firepower = self._firepower()
        hits, natural = self._hits(firepower)
        self._ammo_tests(firepower)
        if hits:
            knock = attack_traits.knockback(self.table, p, t, natural)
            if knock:
                self.say(knock + ".")
            self._pin()
        for number in range(hits):
            if t.out_of_action:
                break
            self._one_hit(number + 1, hits)
        self._credit()
        if hits and attack_traits.blaze_applies(self.table, a, p):
            text, self.blaze_roll = attack_traits.blaze_after(self.table, t, self.event.blaze)
            self.say(text + ".")
        if p.has(Mechanic.SINGLE_SHOT) and p.state is ProfileState.READY:
            p.state = ProfileState.SPENT
            self.say(f"Single Shot: {p.label} is spent.")
        return self._completed()

    def _firepower(self) -> list[int]:
        """Firepower dice for a ranged profile (also a sidearm in close combat); none for melee."""
        if attack_traits.is_melee(self.profile):
            if self.event.firepower is not None:
                raise BattleError(f"{self.profile.label} is a Melee weapon: no Firepower dice")
            return []
        most = attack_traits.rapid_fire_dice(self.table, self.profile, self.band)
        pool = self.pools["firepower"]
        given = pool.given or []
        if len(given) > most:
            raise BattleError(
                f"{self.profile.label} rolls at most {most} Firepower"
                f" {'die' if most == 1 else 'dice'} here, got {len(given)}"
            )
        count = len(given) if given else most
        dice = [pool.die("Firepower dice") for _ in range(count)]
        faces = [self.table.ruleset.attack.firepower_face(d) for d in dice]
        shown = ", ".join(
            f"{d} ({f.hits}{'+ammo' if f.ammo else ''})" for d, f in zip(dice, faces, strict=True)
        )
        self.say(f"Firepower: {shown}.")
        return dice

    def _hits(self, firepower: list[int]) -> tuple[int, int | None]:
        """How many hits, and the natural hit roll (None when hits were counted)."""
        p = self.profile
        if self.event.hits is not None or (p.has(Mechanic.TEMPLATE) and self.event.hit is None):
            hits = self.event.hits if self.event.hits is not None else 1
            self.say(f"hits counted: {hits}.")
            return hits, None
        needed, parts = hit_needed(self.attacker, p, self.band, self.event.modifier)
        hit_pool = self.pools["hit"]
        if hit_pool.given is not None and len(hit_pool.given) != 1:
            raise BattleError(f"an attack makes one hit roll, got {len(hit_pool.given)}")
        roll = hit_pool.die("hit roll")
        shown = f"{max(needed, 1)}+" if needed <= 6 else f"{needed}+ (cannot hit)"
        if roll == 1:
            hit = attack_traits.accurate_hits_on_one(p, needed)
            outcome = "natural 1, Accurate: hit" if hit else "natural 1, miss"
        else:
            hit = roll >= needed
            outcome = "hit" if hit else "miss"
        self.say(f"hit {shown} ({parts}): rolled {roll}, {outcome}.")
        if not hit:
            return 0, roll
        if firepower and attack_traits.rapid_fire_applies(self.table, p, self.band):
            faces = self.table.ruleset.attack
            hits = sum(faces.firepower_face(d).hits for d in firepower)
            self.say(f"Rapid Fire: {hits} hit{'s' if hits != 1 else ''} from the Firepower dice.")
            return hits, roll
        return 1, roll

    def _ammo_tests(self, firepower: list[int]) -> None:
        faces = self.table.ruleset.attack
        symbols = sum(1 for d in firepower if faces.firepower_face(d).ammo)
        if not symbols:
            return
        p = self.profile
        if p.profile.ammo_target is None:
            self.say(f"Ammo symbol: {p.label} has no Ammo value, no test.")
            return
        per_test = 2 if p.has(Mechanic.COMBI) else 1
        pool = self.pools["ammo"]
        dice = [pool.die("Ammo test") for _ in range(symbols * per_test)]
        done = battle_ammo.ammo_test(
            self.table,
            AmmoTestEvent(
                fighter=self.attacker.qualified_name,
                weapon=self.weapon_name,
                profile=p.name,
                roll=dice,
            ),
        )
        self.removed = done.removed

    def _pin(self) -> None:
        t = self.target
        if (
            self.band != "engaged"
            and self.table.ruleset.attack.hit_pins
            and t.status is BattleStatus.ACTIVE
        ):
            t.status = BattleStatus.PINNED
            self.say(f"{t.name} is hit and Pinned.")

    def _one_hit(self, number: int, hits: int) -> None:
        label = f" (hit {number} of {hits})" if hits > 1 else ""
        if not self._wounds(label):
            return
        if not self._save(label):
            return
        if attack_traits.toxin_before_damage(self.profile) and not self._toxin_flesh_wound():
            return
        self._damage()

    def _wounds(self, label: str) -> bool:
        t = self.target
        toughness = t.live_values()["T"] or 0
        if attack_traits.toxin_replaces_wound_roll(self.profile):
            roll = self.pools["toxin"].die("Toxin roll")
            wounded = roll >= toughness or roll == 6
            self.say(
                f"Toxin{label}: rolled {roll} against T{toughness},"
                f" {'wounds' if wounded else 'no effect'}."
            )
            return wounded
        strength = _strength(self.profile.profile, self.attacker)
        needed = self.table.ruleset.attack.wound_table.target(strength, toughness)
        roll = self.pools["wound"].die("wound roll")
        wounded = roll != 1 and roll >= needed
        self.say(
            f"wound {needed}+ (S{strength} vs T{toughness}){label}: rolled {roll},"
            f" {'wounds' if wounded else 'no wound'}."
        )
        return wounded

    def _armour(self) -> tuple[str, int] | None:
        return best_armour(self.table.ruleset, self.target)

    def _save(self, label: str) -> bool:
        """True when the wound goes through."""
        armour = self._armour()
        if armour is None:
            self.say(f"save{label}: {self.target.name} has no armour.")
            return True
        name, base = armour
        ap = _number(self.profile.profile.ap)
        needed = base - ap if ap < 0 else base
        parts = f"{name} {base}+" + (f", AP {ap}" if ap else "")
        if needed > 6:
            self.say(f"save ({parts}){label}: {needed}+ cannot be made.")
            return True
        roll = self.pools["save"].die("save roll")
        saved = roll != 1 and roll >= needed
        self.say(
            f"save {needed}+ ({parts}){label}: rolled {roll}, {'saved' if saved else 'fails'}."
        )
        return not saved

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

    def _damage(self) -> None:
        t = self.target
        amount = self._damage_amount()
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
        results = [self._injury_face() for _ in range(injuries)]
        self.table.drop_prompts(t, PromptKind.INJURY_DICE)
        self.say(
            f"{t.name}: 0 wounds, Injury dice: {', '.join(r.replace('_', ' ') for r in results)}."
        )
        for face in results:
            if face == "flesh_wound" and not t.out_of_action:
                t.flesh_wounds += 1
                toughness = t.live_values()["T"]
                if toughness is not None and toughness <= 0:
                    self.table.go_out_of_action(t)
                    self.say(f"{t.name}: Flesh Wound takes Toughness to 0: Out of Action.")
        if t.out_of_action:
            return
        if "out_of_action" in results:
            self.table.go_out_of_action(t)
        elif "seriously_injured" in results:
            t.status = BattleStatus.SERIOUSLY_INJURED

    def _damage_amount(self) -> int:
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

    def _injury_face(self) -> InjuryFace:
        value = self.pools["injury"].take("Injury dice")
        if isinstance(value, int):
            return self.table.ruleset.attack.injury_face(value)
        if value not in _INJURY_FACES:
            raise BattleError(
                f"injury {quoted(value)} is not a face of the Injury dice ({', '.join(_INJURY_FACES)})"
                " nor a D6 result"
            )
        return value

    def _credit(self) -> None:
        t = self.target
        after = t.status
        if after is self.status_before or after not in (
            BattleStatus.SERIOUSLY_INJURED,
            BattleStatus.OUT_OF_ACTION,
        ):
            return
        self.table.credit(self.attacker, t, after)

    def _completed(self) -> AttackEvent:
        stored = {key: pool.stored() for key, pool in self.pools.items()}
        hit = stored.pop("hit")
        return self.event.model_copy(
            update={
                "fighter": self.attacker.name,
                "target": self.target.name,
                "weapon": self.weapon_name,
                "profile": self.profile.name,
                "hit": hit[0] if hit else None,
                **stored,
                "blaze": self.blaze_roll,
                "removed": self.removed,
            }
        )


def hit_needed(
    attacker: FighterTrack, profile: ProfileTrack, band: str, modifier: int
) -> tuple[int, str]:
    """The D6 the hit roll needs and how it came about: `3, "BS 4+, short +1"`."""
    code = "WS" if band == "engaged" else "BS"
    skill = attacker.live_values()[code]
    if skill is None:
        raise BattleError(f"{attacker.name} has no {code} to hit with")
    accuracy = 0
    parts = [f"{code} {skill}+"]
    if band != "engaged":
        accuracy = _number(profile.profile.acc_s if band == "short" else profile.profile.acc_l)
        if accuracy:
            parts.append(f"{band} {accuracy:+d}")
    if modifier:
        parts.append(f"modifier {modifier:+d}")
    return skill - accuracy - modifier, ", ".join(parts)


def best_armour(ruleset: Ruleset, target: FighterTrack) -> tuple[str, int] | None:
    """The target's best armour save: its name and the D6 it needs."""
    best: tuple[str, int] | None = None
    for item in target.fighter.wargear:
        found = ruleset.wargear_item(item.name)
        if found is None or found.save is None:
            continue
        if best is None or found.save < best[1]:
            best = (found.name, found.save)
    return best


def target_numbers(
    ruleset: Ruleset,
    attacker: FighterTrack,
    profile: ProfileTrack,
    target: FighterTrack,
    band: str,
    modifier: int = 0,
) -> list[str]:
    """What each roll of the attack needs, before any die is rolled (the GUI shows these)."""
    lines: list[str] = []
    if attack_traits.counted_hits(profile):
        lines.append("hits: count them on the table (Blast / Template), or roll to hit")
    try:
        needed, parts = hit_needed(attacker, profile, band, modifier)
        lines.append(
            f"hit {max(needed, 1)}+ ({parts})" if needed <= 6 else f"hit: cannot ({parts})"
        )
    except BattleError as exc:
        lines.append(str(exc))
    toughness = target.live_values()["T"] or 0
    if attack_traits.toxin_replaces_wound_roll(profile):
        lines.append(f"Toxin: a D6 of {toughness}+ (T{toughness}) or a 6 wounds")
    else:
        try:
            strength = _strength(profile.profile, attacker)
            wound = ruleset.attack.wound_table.target(strength, toughness)
            lines.append(f"wound {wound}+ (S{strength} vs T{toughness})")
        except BattleError as exc:
            lines.append(str(exc))
    armour = best_armour(ruleset, target)
    if armour is None:
        lines.append(f"save: {target.name} has no armour")
    else:
        ap = _number(profile.profile.ap)
        save = armour[1] - ap if ap < 0 else armour[1]
        parts = f"{armour[0]} {armour[1]}+" + (f", AP {ap}" if ap else "")
        lines.append(f"save {save}+ ({parts})" if save <= 6 else f"save: none ({parts})")
    if attack_traits.toxin_before_damage(profile):
        lines.append(f"Toxin: before Damage, a D6 above T{toughness} is a Flesh Wound")
    damage = "D3 (Rupture)" if attack_traits.rupture(profile) else profile.profile.d
    lines.append(f"damage {damage}; {target.name} has {target.wounds} wound(s) left")
    return lines


def attack(table: Table, event: AttackEvent) -> AttackEvent:
    # The steps change the state as they go: a refusal late in the attack
    # (a missing die, dice left over) puts everything back.
    before = table.state.copy()
    try:
        return _Attack(table, event).resolve()
    except BattleError:
        table.state.__dict__.update(before.__dict__)
        raise
