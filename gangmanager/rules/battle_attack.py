"""The `attack` event: one attack resolved with the attacker's live profile and the target's.

Steps, each one log line with its numbers: Firepower dice, hit roll (BS at
range, WS when Engaged; the profile's Accuracy for the range band, a melee
weapon's in close combat too, and the event's `modifier`; a natural 1
misses), one hit roll per attack die in close combat (the Attacks
characteristic and the pack's bonuses), no hit roll for a Template, the Ammo
tests the Firepower dice call for, then every hit through `attack_wound`
(wound, save, Damage, Injury dice). What the weapon's traits change is chosen
by the traits' mechanics flags in the pack; a trait the pack marks as the
table's is shown in the log as a reminder.

Every die left out of the event is rolled by the injected dice and written
back into it, so a stored attack replays to the same result.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gangmanager.rules import attack_armour, attack_traits, battle_ammo
from gangmanager.rules.attack_wound import (
    Hit,
    HitChain,
    hurts_nobody,
    number,
    resists_with,
    strength,
)
from gangmanager.rules.battle_events import (
    AmmoTestEvent,
    AttackEvent,
    AttackTarget,
    BattleError,
    BattleStatus,
    Marker,
    ProfileState,
    RemovedProfile,
)
from gangmanager.rules.battle_state import FighterTrack, ProfileTrack
from gangmanager.rules.battle_table import Table, profile_track
from gangmanager.rules.ruleset import Mechanic, Ruleset
from gangmanager.rules.weapons import WeaponProfile

_POOLS = (
    "firepower",
    "hit",
    "wound",
    "save",
    "damage",
    "injury",
    "toxin",
    "ammo",
    "knockback_roll",
    "scatter",
    "pulverise",
    "rad_phage",
    "unstable",
)
# Keys of one D6 (the others are lists).
_SINGLE = ("knockback_roll", "rad_phage", "unstable")


@dataclass
class Tally:
    """What one attack did to one target, counted as it goes (the odds read it)."""

    target: str
    hits: int = 0
    # Hits that wounded (before the save), counted hit by hit.
    wounds: int = 0


@dataclass(frozen=True)
class Resolved:
    """An attack resolved: the completed event, and a tally per target in the order hit."""

    event: AttackEvent
    tallies: list[Tally]


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

    def available(self) -> bool:
        """A die can be had: given, or rolled. False only when replaying an attack
        stored before this key existed (no dice to roll): its rule is then skipped."""
        given = self.given is not None and len(self.used) < len(self.given)
        return given or self.table.dice is not None

    def stored(self) -> list[int | str] | None:
        if self.given is not None and len(self.given) > len(self.used):
            raise BattleError(
                f"{len(self.given)} {self.key} dice given, but the attack used {len(self.used)}"
            )
        return list(self.used) if self.used else None


@dataclass
class _Share:
    """One target's part of an attack: its hits, and what its steps note down.

    The hits are taken off `left` one step at a time, so a target with two hits
    left is in the same state however many it had (the odds merge such states);
    `log_total` is for the log's words only (the odds leave `log_` fields out).
    """

    track: FighterTrack
    left: list[Hit]
    extra: AttackTarget | None
    hit: bool = False
    log_total: int = 0
    tally: Tally | None = None
    distance: int | None = None


def _unarmed(table: Table) -> ProfileTrack:
    profile = WeaponProfile(rng_s="E", rng_l="-", str="S", ap="-", d="1", am="-", traits=["Melee"])
    track = profile_track(table.ruleset, attack_traits.UNARMED, profile)
    return ProfileTrack(track.weapon, profile, track.mechanics | {Mechanic.MELEE}, None)


def _obstruction_hit(table: Table, distance: int) -> ProfileTrack:
    profile = WeaponProfile(
        rng_s="-", rng_l="-", str=str(distance), ap="-", d="1", am="-", traits=[]
    )
    return profile_track(table.ruleset, "Knockback", profile)


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
        self.pools = {key: _Pool(key, self._given(key), table) for key in _POOLS}
        self.removed: RemovedProfile | None = None
        self.blaze_roll: int | None = None
        self.status_before = self.target.status
        self.chain = HitChain(
            table, self.attacker, self.target, self.profile, self.band, self.pools
        )
        self.tallies: list[Tally] = []
        # The Blaze roll for each extra target (by the entry's id).
        self.extra_blaze: dict[int, int | None] = {}
        # What the steps leave each other: the steps still to run, the first target,
        # each target's share of the hits, an Unstable weapon gone wrong.
        self.todo: list[tuple[str, tuple[int, ...]]] = [("_begin", ())]
        self.first = self.target
        self.shares: list[_Share] = []
        self.blown_up = False

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
    # `resolve` runs them in turn. The odds (`attack_odds`) run the same steps one
    # at a time on copies of the attack, so what one step leaves for the next is
    # kept on the attack (`todo`, `shares`, `blown_up`), never in a local.

    def resolve(self) -> None:
        while self.todo:
            self.step()

    def step(self) -> None:
        """Run the next step of `todo` (its method's name and arguments)."""
        name, args = self.todo.pop(0)
        getattr(self, name)(*args)

    def _begin(self) -> None:
        """Checks, Firepower dice, hit rolls, Ammo tests; then the hits' allocation plans
        the steps left: each target in turn, a step per hit, then `_end`."""
        a, t, p = self.attacker, self.target, self.profile
        battle_ammo.check_usable(a, p)
        attack_traits.check_range(self.table, a, p, self.band)
        if self.event.hits is not None and not attack_traits.counted_hits(p):
            raise BattleError(
                f"{p.label} is neither Blast nor Template: give a hit roll, not a number of hits"
            )
        if self.event.hits is not None and self.event.hit is not None:
            raise BattleError("give either 'hit' (the roll) or 'hits' (counted), not both")
        if self.event.attacks is not None and not self._close_combat():
            raise BattleError(
                f"{p.label}: attack dice are for a Melee weapon in close combat;"
                " a ranged attack makes one hit roll"
            )
        self.say(f"{self._who(a)} attacks {self._who(t)} with {p.label} ({self.band}).")
        for note in (
            attack_traits.unwieldy_note(p, self.band),
            attack_traits.silent_note(a, p),
            *attack_traits.table_notes(self.table, p),
        ):
            if note:
                self.say(note + ".")
        firepower = self._firepower()
        hits = self._hits(firepower)
        self._ammo_tests(firepower)
        self.blown_up = self._unstable(firepower)
        self.shares = [
            _Share(track, list(share), extra, bool(share), len(share))
            for track, share, extra in self._shares(hits)
        ]
        for index, planned in enumerate(self.shares):
            self.todo.append(("_target", (index,)))
            self.todo.extend(("_hit", (index,)) for _ in planned.left)
            self.todo.append(("_after_target", (index,)))
        self.todo.append(("_end", ()))

    def _end(self) -> None:
        a, p = self.attacker, self.profile
        self.target = self.chain.target = self.first
        if p.has(Mechanic.SINGLE_SHOT) and p.state is ProfileState.READY:
            p.state = ProfileState.SPENT
            self.say(f"Single Shot: {p.label} is spent.")
        if self._thrown():
            self._grenade_ammo_test()
        if self.blown_up and not a.out_of_action:
            self.table.go_out_of_action(a)
            self.say(f"Unstable: {a.name} goes Out of Action.")

    def _shares(self, hits: list[Hit]) -> list[tuple[FighterTrack, list[Hit], AttackTarget | None]]:
        """Each target and its hits, all allocated before any wound roll: `target` first."""
        extras = self.event.targets or []
        first = self.target
        if not extras:
            return [(first, hits, None)]
        p = self.profile
        tracks: list[FighterTrack] = []
        for extra in extras:
            track = self.table.fighter(extra.fighter)
            if track is self.attacker:
                raise BattleError(f"{self.attacker.name} cannot attack themselves")
            if track is first or any(track is other for other in tracks):
                raise BattleError(f"{track.name} is named twice among the attack's targets")
            tracks.append(track)
        if attack_traits.counted_hits(p):
            # Everyone the template or marker touches is hit when the attack hits.
            under = hits[:1]
            shares = [
                (t, under * x.hits if hits else [], x) for t, x in zip(tracks, extras, strict=True)
            ]
            self.say(
                f"{'Template' if p.has(Mechanic.TEMPLATE) else 'Blast'}: also under it "
                + ", ".join(f"{self._who(t)} ({len(n)})" for t, n, _ in shares)
                + "."
            )
            return [(first, hits, None), *shares]
        if not attack_traits.rapid_fire_applies(self.table, p, self.band):
            raise BattleError(
                f"{p.label} hits one fighter: only Rapid Fire, Blast and Template attacks"
                " hit several"
            )
        # Rapid Fire: the first hit stays on the first target; the rest go where allocated.
        rest = hits[1:]
        shares = []
        for track, extra in zip(tracks, extras, strict=True):
            share, rest = rest[: extra.hits], rest[extra.hits :]
            shares.append((track, share, extra))
        kept = hits[:1] + rest
        words = [f"{len(kept)} on {self._who(first)}"] + [
            f"{len(n)} on {self._who(t)}" + (f" (of {x.hits} asked)" if len(n) < x.hits else "")
            for t, n, x in shares
        ]
        self.say(
            f"Rapid Fire: {len(hits)} hit{'s' if len(hits) != 1 else ''}, " + ", ".join(words) + "."
        )
        return [(first, kept, None), *shares]

    # The hits on one target, resolved in full before the next target's.

    def _target(self, index: int) -> None:
        """A target's hits land: Knockback, Pinning, Concussion."""
        share = self.shares[index]
        hits = share.left
        self.target = self.chain.target = t = share.track
        self.status_before = t.status
        share.tally = Tally(t.name, len(hits))
        self.tallies.append(share.tally)
        if len(self.shares) > 1:
            self.say(f"{self._who(t)}: {len(hits)} hit{'s' if len(hits) != 1 else ''}.")
        share.distance = distance = self._knockback_distance()
        if hits and distance == 0:
            self.say("Knockback Distance 0: the target is not moved.")
        elif hits:
            self._knockback(hits)
        if hits:
            self._pin()
            self._concussion()

    def _hit(self, index: int) -> None:
        """The target's next hit through `HitChain` (wound, save, Damage, Injury dice);
        none once the target is Out of Action."""
        share = self.shares[index]
        hit, tally, total = share.left.pop(0), share.tally, share.log_total
        if self.target.out_of_action:
            return
        label = f" (hit {total - len(share.left)} of {total})" if total > 1 else ""
        wounds = self.chain.wounds
        self.chain.resolve(hit, label)
        assert tally is not None
        tally.wounds += self.chain.wounds - wounds

    def _after_target(self, index: int) -> None:
        """Once a target's hits are resolved: an obstruction, Rad-phage, XP, Blaze."""
        share = self.shares[index]
        t, p, hits, extra = self.target, self.profile, share.hit, share.extra
        obstructed = extra.obstructed if extra is not None else self.event.obstructed
        if hits and obstructed:
            self._obstruction(share.distance)
        if hits:
            self._rad_phage()
        self._credit()
        if hits and attack_traits.blaze_applies(self.table, self.attacker, p):
            given = extra.blaze if extra is not None else self.event.blaze
            text, roll = attack_traits.blaze_after(self.table, t, given)
            self.say(text + ".")
            if extra is None:
                self.blaze_roll = roll
            else:
                self.extra_blaze[id(extra)] = roll

    def _knockback_distance(self) -> int | None:
        """The Knockback Distance (house-b): the trait's number, else the event's."""
        p = self.profile
        if not p.has(Mechanic.KNOCKBACK_DISTANCE):
            return None
        for trait in p.profile.traits:
            definition = self.table.ruleset.trait_def(trait)
            known = definition is not None and definition.has(Mechanic.KNOCKBACK_DISTANCE)
            if known and (trait.param or "").strip().isdigit():
                return int(str(trait.param).strip())
        return self.event.knockback_distance

    def _obstruction(self, distance: int | None) -> None:
        """Pushed into an obstruction: a hit of Strength the distance, AP -, Damage 1; then
        Pinned if still Active."""
        t, p = self.target, self.profile
        if not p.has(Mechanic.KNOCKBACK_DISTANCE):
            raise BattleError(
                f"{p.label} has no Knockback Distance: nobody is pushed into an obstruction"
            )
        if distance is None:
            raise BattleError(
                f"{p.label}: give the Knockback Distance ('knockback_distance') for the"
                " obstruction's hit"
            )
        if distance == 0 or t.out_of_action:
            return
        self.say(
            f"Knockback: {t.name} is stopped by an obstruction: a Strength {distance} hit,"
            f" AP -, Damage 1 (an obstruction with Wounds takes the same hit)."
        )
        bump = HitChain(
            self.table,
            self.attacker,
            t,
            _obstruction_hit(self.table, distance),
            self.band,
            self.pools,
        )
        bump.resolve(Hit(), "")
        if t.status is BattleStatus.ACTIVE:
            t.status = BattleStatus.PINNED
            self.say(f"Knockback: {t.name} is still Active, and becomes Pinned.")

    def _thrown(self) -> bool:
        """A grenade rolls no Firepower dice: its Ammo test follows the attack.

        (An attack stored with Firepower dice for a grenade replays as it was.)
        """
        return self.profile.has(Mechanic.GRENADE) and self.event.firepower is None

    def _grenade_ammo_test(self) -> None:
        p = self.profile
        if p.profile.ammo_target is None or p.state is not ProfileState.READY:
            return
        self.say(f"Grenade: the {self.table.ruleset.ammo.term} follows the attack.")
        self._run_ammo_test(1)

    def _unstable(self, firepower: list[int]) -> bool:
        """Unstable: a D6 when the Ammo symbol comes up; True when it goes wrong (1-3)."""
        faces = self.table.ruleset.attack
        if not self.profile.has(Mechanic.UNSTABLE):
            return False
        if not any(faces.firepower_face(d).ammo for d in firepower):
            return False
        if not self.pools["unstable"].available():
            return False
        roll = self.pools["unstable"].die("Unstable D6")
        wrong = roll <= 3
        self.say(
            f"Unstable: rolled {roll}, "
            + (
                f"it goes wrong: {self.attacker.name} goes Out of Action once the attack is resolved"
                if wrong
                else "no harm"
            )
            + "."
        )
        return wrong

    def _rad_phage(self) -> None:
        t = self.target
        if not self.profile.has(Mechanic.RAD_PHAGE) or t.out_of_action:
            return
        shield = attack_armour.protection(self.table.ruleset, t, "Rad-phage")
        if shield is not None:
            self.say(f"Rad-phage: {t.name}'s {shield} shields them, no roll.")
            return
        if not self.pools["rad_phage"].available():
            return
        roll = self.pools["rad_phage"].die("Rad-phage D6")
        if roll < 4:
            self.say(f"Rad-phage: rolled {roll}, no effect.")
            return
        t.flesh_wounds += 1
        self.say(f"Rad-phage: rolled {roll}, one more Flesh Wound.")
        if (t.live_values()["T"] or 0) <= 0:
            self.table.go_out_of_action(t)
            self.say(f"{t.name}: Flesh Wound takes Toughness to 0: Out of Action.")

    def _close_combat(self) -> bool:
        """A Melee profile used against an Engaged target: one hit roll per attack die."""
        return self.band == "engaged" and attack_traits.is_melee(self.profile)

    def _firepower(self) -> list[int]:
        """Firepower dice for a ranged profile (also a sidearm in close combat); none for melee."""
        if attack_traits.is_melee(self.profile):
            if self.event.firepower is not None:
                raise BattleError(f"{self.profile.label} is a Melee weapon: no Firepower dice")
            return []
        if self._thrown():
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

    def _hits(self, firepower: list[int]) -> list[Hit]:
        """The hits of the attack, each with the natural hit roll it came from."""
        p = self.profile
        if self.event.hits is not None or (p.has(Mechanic.TEMPLATE) and self.event.hit is None):
            count = self.event.hits if self.event.hits is not None else 1
            if p.has(Mechanic.TEMPLATE) and self.event.hits is None:
                self.say("Template: no hit roll.")
            self.say(f"hits counted: {count}.")
            return [Hit() for _ in range(count)]
        dice = self._attack_dice()
        needed, parts = hit_needed(self.attacker, p, self.band, self.event.modifier)
        hit_pool = self.pools["hit"]
        if hit_pool.given is not None and len(hit_pool.given) != dice:
            if dice == 1:
                raise BattleError(f"an attack makes one hit roll, got {len(hit_pool.given)}")
            raise BattleError(
                f"{dice} attack dice make {dice} hit rolls, got {len(hit_pool.given)}"
            )
        shown = f"{max(needed, 1)}+" if needed <= 6 else f"{needed}+ (cannot hit)"
        hits: list[Hit] = []
        for index in range(dice):
            roll = hit_pool.die("hit roll")
            if roll == 1:
                hit = attack_traits.accurate_hits_on_one(p, needed)
                outcome = "natural 1, Accurate: hit" if hit else "natural 1, miss"
            else:
                hit = roll >= needed
                outcome = "hit" if hit else "miss"
            which = f"attack die {index + 1} of {dice}: " if dice > 1 else ""
            self.say(f"{which}hit {shown} ({parts}): rolled {roll}, {outcome}.")
            if hit:
                hits.append(Hit(roll))
        if hits and firepower and attack_traits.rapid_fire_applies(self.table, p, self.band):
            faces = self.table.ruleset.attack
            count = sum(faces.firepower_face(d).hits for d in firepower)
            self.say(f"Rapid Fire: {count} hit{'s' if count != 1 else ''} from the Firepower dice.")
            return [hits[0]] * count
        return hits

    def _attack_dice(self) -> int:
        """How many hit rolls: one, or in close combat the attack dice."""
        if not self._close_combat():
            return 1
        if self.event.attacks is not None:
            return self.event.attacks
        if isinstance(self.event.hit, int):
            return 1  # one hit roll given as a number: one attack die (as stored before)
        count, parts = attack_dice(self.table, self.attacker, self.profile, self.event.charge)
        if count > 1:
            self.say(f"attack dice: {count} ({parts}).")
        return count

    def _knockback(self, hits: list[Hit]) -> None:
        p, t = self.profile, self.target
        pool = self.pools["knockback_roll"]
        if p.has(Mechanic.BLAST) and p.has(Mechanic.KNOCKBACK) and pool.available():
            # A Blast's hits may be counted: each target rolls its own D6, however hit.
            roll: int | None = pool.die("Knockback roll")
            what = "Knockback roll"
        else:
            roll, what = hits[0].natural, "hit roll"
        knock = attack_traits.knockback(self.table, p, t, roll, what=what)
        if knock:
            self.say(knock + ".")

    def _concussion(self) -> None:
        t = self.target
        if self.profile.has(Mechanic.CONCUSSION) and not t.out_of_action:
            t.markers.add(Marker.CONCUSSION)
            self.say(f"Concussion: {t.name}'s Initiative is 2 worse until the end of the round.")

    def _ammo_tests(self, firepower: list[int]) -> None:
        faces = self.table.ruleset.attack
        symbols = sum(1 for d in firepower if faces.firepower_face(d).ammo)
        if not symbols:
            return
        p = self.profile
        if p.profile.ammo_target is None:
            self.say(f"Ammo symbol: {p.label} has no Ammo value, no test.")
            return
        self._run_ammo_test(symbols)

    def _run_ammo_test(self, tests: int) -> None:
        p = self.profile
        per_test = 2 if p.has(Mechanic.COMBI) else 1
        pool = self.pools["ammo"]
        dice = [pool.die("Ammo test") for _ in range(tests * per_test)]
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
        t, p = self.target, self.profile
        if t.status is not BattleStatus.ACTIVE:
            return
        if p.has(Mechanic.GAS) or p.has(Mechanic.NO_PIN):
            return  # Gas and Smoke pin nobody
        if p.has(Mechanic.SEISMIC):
            t.status = BattleStatus.PINNED
            self.say(f"Seismic: {t.name} is knocked Prone and Pinned.")
        elif self.band != "engaged" and self.table.ruleset.attack.hit_pins:
            t.status = BattleStatus.PINNED
            self.say(f"{t.name} is hit and Pinned.")

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
        # One die, or one per target when the attack hit several.
        singles = {
            key: (found[0] if len(found) == 1 else found) if (found := stored.pop(key)) else None
            for key in _SINGLE
        }
        return self.event.model_copy(
            update={
                "fighter": self.attacker.name,
                "target": self.target.name,
                "weapon": self.weapon_name,
                "profile": self.profile.name,
                "hit": (hit[0] if len(hit) == 1 else hit) if hit else None,
                **singles,
                **stored,
                "blaze": self.blaze_roll,
                "removed": self.removed,
                "targets": self._targets_completed(),
            }
        )

    def _targets_completed(self) -> list[AttackTarget] | None:
        if not self.event.targets:
            return None
        done = []
        for extra in self.event.targets:
            track = self.table.fighter(extra.fighter, may_be_out=True)
            done.append(
                extra.model_copy(
                    update={
                        "fighter": self._who(track),
                        "blaze": self.extra_blaze.get(id(extra), extra.blaze),
                    }
                )
            )
        return done


def hit_needed(
    attacker: FighterTrack, profile: ProfileTrack, band: str, modifier: int
) -> tuple[int, str]:
    """The D6 the hit roll needs and how it came about: `3, "BS 4+, short +1"`.

    A melee weapon keeps its Accuracy in close combat (the column of its `E`
    range); a Sidearm shooting in close combat does not.
    """
    code = "WS" if band == "engaged" else "BS"
    skill = attacker.live_values()[code]
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


def best_armour(ruleset: Ruleset, target: FighterTrack) -> tuple[str, int] | None:
    """The target's armour save as worn: its name and the D6 it needs before AP."""
    armour = attack_armour.armour_save(ruleset, target)
    return (armour.name, armour.save) if armour is not None else None


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
    values = target.live_values()
    resist = resists_with(profile)
    if hurts_nobody(profile):
        lines.append("wound: none (the hit hurts nobody by itself)")
    elif resist == "T":
        lines.append(
            f"Toxin/Gas: a D6 of {values['T']}+ (T{values['T']}) or a 6: an Injury roll,"
            " no Wound lost"
        )
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


def _save_line(ruleset: Ruleset, profile: ProfileTrack, target: FighterTrack) -> str:
    if profile.has(Mechanic.GAS) or profile.has(Mechanic.PHASE):
        return "save: none allowed"
    armour = attack_armour.armour_save(ruleset, target)
    field = attack_armour.field_armour(ruleset, target)
    lines: list[str] = []
    if armour is not None:
        ap = number(profile.profile.ap)
        save = armour.save - ap if ap < 0 else armour.save
        parts = f"{armour.name} {armour.save}+" + (f", AP {ap}" if ap else "")
        lines.append(f"save {save}+ ({parts})" if save <= 6 else f"save: none ({parts})")
    if field is not None:
        lines.append(f"field save {field.save}+ ({field.name}, AP does not apply)")
    return "; ".join(lines) if lines else f"save: {target.name} has no armour"


def resolve(table: Table, event: AttackEvent) -> Resolved:
    """The attack on the table's state; a refusal leaves the state half changed.

    The unit both `attack` and the odds (`attack_odds`) run: the odds run its
    steps (`prepare`, `Attack.step`, `finish`) on throw-away copies.
    """
    running = prepare(table, event)
    running.resolve()
    return finish(running)


# The attack being resolved, for the odds that run its steps one at a time.
Attack = _Attack


def prepare(table: Table, event: AttackEvent) -> Attack:
    """The attack with its fighters and profile found, no step run yet (`todo` holds them)."""
    return _Attack(table, event)


def finish(running: Attack) -> Resolved:
    """An attack whose steps have all run: the completed event and the tallies."""
    return Resolved(running._completed(), running.tallies)


def attack(table: Table, event: AttackEvent) -> AttackEvent:
    # The steps change the state as they go: a refusal late in the attack
    # (a missing die, dice left over) puts everything back.
    before = table.state.copy()
    try:
        return resolve(table, event).event
    except BattleError:
        table.state.__dict__.update(before.__dict__)
        raise
