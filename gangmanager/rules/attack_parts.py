"""What an attack holds and the parts of it that are not its steps: the fighters,
profile and dice pools of one attack (`AttackParts`), what it does after its hits
(Knockback, Concussion, Ammo tests, Pinning, the attacker's credit, Unstable,
Rad-phage, an obstruction) and the completed event it writes back.

`battle_attack._Attack` adds the steps the resolver and the odds run; this base
keeps that module to the steps. Every attribute an attack carries is made in
`__init__` here, so the odds' copies of an attack (`attack_odds`) see one shape.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gangmanager.rules import attack_armour, attack_traits, battle_ammo, close_combat
from gangmanager.rules.attack_pools import POOLS, SINGLE, DicePool
from gangmanager.rules.attack_wound import Hit, HitChain
from gangmanager.rules.battle_events import (
    AmmoTestEvent,
    AttackEvent,
    AttackTarget,
    BattleError,
    BattleStatus,
    CombatWeapon,
    Marker,
    ProfileState,
    RemovedProfile,
)
from gangmanager.rules.battle_state import FighterTrack, ProfileTrack
from gangmanager.rules.battle_table import Table, profile_track
from gangmanager.rules.ruleset import Mechanic
from gangmanager.rules.weapons import WeaponProfile


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
class _Share:
    """One target's part of an attack (in close combat, one weapon's part of it): its
    hits, and what its steps note down.

    The hits are taken off `left` one step at a time, so a target with two hits
    left is in the same state however many it had (the odds merge such states);
    `log_` fields are for the log's words only (the odds leave them out).
    """

    track: FighterTrack
    left: list[Hit]
    extra: AttackTarget | None
    hit: bool = False
    # The target's hits in all (`log_total`), and those of its groups before this one.
    log_total: int = 0
    log_done: int = 0
    log_group: int = 0
    tally: Tally | None = None
    distance: int | None = None
    # The profile these hits are resolved with (each weapon its own in close combat);
    # the target's first group starts its tally, its last credits the attacker.
    profile: ProfileTrack | None = None
    first_group: bool = True
    last_group: bool = True
    # The hit being resolved and its wound rolls still to make, a step each (of
    # `log_rolls`; `log_label` names the hit).
    current: Hit | None = None
    rolls_left: int = 0
    log_label: str = ""
    log_rolls: int = 0


@dataclass
class _Rolls:
    """The Firepower dice and hit rolls of an attack, a die a step: what they came to
    so far (`log_` fields are for the log's words only: the odds leave them out)."""

    firepower_left: int = 0
    # Firepower dice rolled, their hits and Ammo symbols added up.
    firepower: int = 0
    firepower_hits: int = 0
    firepower_ammo: int = 0
    # The profile of each hit roll still to make (each weapon's in close combat).
    hit_dice: list[ProfileTrack] = field(default_factory=list)
    hits: list[Hit] = field(default_factory=list)
    # Hits counted, not rolled (a Template, or `hits` given).
    counted: bool = False
    log_firepower: str = ""
    log_dice: int = 0
    log_named: bool = False


def _unarmed(table: Table) -> ProfileTrack:
    profile = WeaponProfile(rng_s="E", rng_l="-", str="S", ap="-", d="1", am="-", traits=["Melee"])
    track = profile_track(table.ruleset, attack_traits.UNARMED, profile)
    return ProfileTrack(track.weapon, profile, track.mechanics | {Mechanic.MELEE}, None)


def _obstruction_hit(table: Table, distance: int) -> ProfileTrack:
    profile = WeaponProfile(
        rng_s="-", rng_l="-", str=str(distance), ap="-", d="1", am="-", traits=[]
    )
    return profile_track(table.ruleset, "Knockback", profile)


class AttackParts:
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
        self.pools = {key: DicePool(key, self._given(key), table) for key in POOLS}
        self.removed: RemovedProfile | None = None
        self.blaze_roll: int | None = None
        self.status_before = self.target.status
        self.chain = HitChain(
            table, self.attacker, self.target, self.profile, self.band, self.pools
        )
        self.tallies: list[Tally] = []
        # The Blaze roll for each extra target (by the entry's id).
        self.extra_blaze: dict[int, int | None] = {}
        # Close combat with several weapons: the split stored back as `weapons`.
        self.plan: list[close_combat.Share] | None = None
        # What the steps leave each other: the steps still to run, the first target,
        # each target's share of the hits, an Unstable weapon gone wrong.
        self.todo: list[tuple[str, tuple[int, ...]]] = [("_begin", ())]
        self.first = self.target
        self.own = self.profile
        self.shares: list[_Share] = []
        self.several = False
        self.blown_up = False
        self.rolls = _Rolls()

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

    def _id(self, track: FighterTrack) -> int | None:
        """The roster id stored beside the name, when it names one fighter of the battle."""
        found = track.fighter.id
        return found if found is not None and self.table.state.with_id(found) is track else None

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

    def _unstable(self, symbols: int) -> bool:
        """Unstable: a D6 when the Ammo symbol comes up; True when it goes wrong (1-3)."""
        if not self.profile.has(Mechanic.UNSTABLE):
            return False
        if not symbols:
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
        if not self.profile.has(Mechanic.RAD_PHAGE) or t.out_of_action or t.vehicle:
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

    def _ammo_tests(self, symbols: int) -> None:
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
            for key in SINGLE
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
                "weapons": self._weapons_completed(),
            }
        )

    def _weapons_completed(self) -> list[CombatWeapon] | None:
        if self.plan is None:
            return self.event.weapons
        return [
            CombatWeapon(weapon=share.weapon, profile=share.profile.name, dice=share.dice)
            for share in self.plan
        ]

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
                        "fighter_id": self._id(track),
                        "blaze": self.extra_blaze.get(id(extra), extra.blaze),
                    }
                )
            )
        return done
