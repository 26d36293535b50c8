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

from gangmanager.rules import attack_armour, attack_traits, battle_ammo, close_combat
from gangmanager.rules.attack_numbers import hit_needed
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
        # A step per Firepower die, then the hit rolls (a step per attack die).
        self.todo[0:0] = [("_firepower_die", ())] * self._firepower() + [("_hit_rolls", ())]

    def _after_hits(self) -> None:
        """Rapid Fire's hits, the Ammo tests, Unstable; then the hits' allocation plans
        the steps left: each target in turn, a step per hit, then `_end`."""
        rolls, p = self.rolls, self.profile
        hits = rolls.hits
        rapid = attack_traits.rapid_fire_applies(self.table, p, self.band)
        if hits and rolls.firepower and not rolls.counted and rapid:
            count = rolls.firepower_hits
            self.say(f"Rapid Fire: {count} hit{'s' if count != 1 else ''} from the Firepower dice.")
            hits = [hits[0]] * count
        self._ammo_tests(rolls.firepower_ammo)
        self.blown_up = self._unstable(rolls.firepower_ammo)
        targets = self._shares(hits)
        self.several = len(targets) > 1
        self.shares = [share for target in targets for share in self._groups(*target)]
        # What the rolls left is not read again: cleared, so equal states merge.
        self.rolls = _Rolls()
        for index, planned in enumerate(self.shares):
            self.todo.append(("_target", (index,)))
            self.todo.extend(("_hit", (index,)) for _ in planned.left)
            self.todo.append(("_after_target", (index,)))
        self.todo.append(("_end", ()))

    def _groups(
        self, track: FighterTrack, hits: list[Hit], extra: AttackTarget | None
    ) -> list[_Share]:
        """A target's hits in groups of one profile each (in close combat each weapon's
        hits are resolved with its own profile and traits), in the order they came."""
        groups: list[tuple[ProfileTrack, list[Hit]]] = []
        for hit in hits:
            used = hit.profile or self.own
            if not groups or groups[-1][0] is not used:
                groups.append((used, []))
            groups[-1][1].append(hit)
        shares, done = [], 0
        for number, (used, group) in enumerate(groups or [(self.own, [])], start=1):
            shares.append(
                _Share(
                    track,
                    list(group),
                    extra,
                    bool(group),
                    len(hits),
                    done,
                    len(group),
                    profile=used,
                    first_group=number == 1,
                    last_group=number == max(len(groups), 1),
                )
            )
            done += len(group)
        return shares

    def _end(self) -> None:
        self.profile = self.chain.profile = self.own
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
        self.profile = self.chain.profile = share.profile or self.own
        if share.first_group:
            # Its hits in all: this group's and its other weapons' groups after it, none
            # resolved yet (`log_total` is for the log's words: the odds leave it out).
            group = self.shares[index:]
            ends = next((i for i, s in enumerate(group[1:], 1) if s.first_group), len(group))
            share.tally = Tally(t.name, sum(len(s.left) for s in group[:ends]))
            self.tallies.append(share.tally)
            if self.several:
                total = share.log_total
                self.say(f"{self._who(t)}: {total} hit{'s' if total != 1 else ''}.")
        else:
            share.tally = self.shares[index - 1].tally
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
        number = share.log_done + share.log_group - len(share.left)
        share.log_label = label = f" (hit {number} of {total})" if total > 1 else ""
        wounds = self.chain.wounds
        rolls = self.chain.start(hit, label)
        assert tally is not None
        tally.wounds += self.chain.wounds - wounds
        # Each wound roll (a Scattershot hit's D6 of them) is a step of its own.
        share.current, share.rolls_left, share.log_rolls = (hit if rolls else None), rolls, rolls
        self.todo[0:0] = [("_wound", (index,))] * rolls
        self._skip_if_out(index)

    def _wound(self, index: int) -> None:
        """One wound roll of the target's current hit: wound, save, Damage, Injury dice."""
        share = self.shares[index]
        assert share.current is not None and share.tally is not None
        wounds = self.chain.wounds
        done = share.log_rolls - share.rolls_left
        self.chain.wound_roll(share.current, share.log_label, done, share.log_rolls)
        share.rolls_left -= 1
        if not share.rolls_left:
            share.current = None  # a hit resolved leaves nothing behind (equal states merge)
        share.tally.wounds += self.chain.wounds - wounds
        self._skip_if_out(index)

    def _skip_if_out(self, index: int) -> None:
        """A target Out of Action takes no more of this share's hits or wound rolls: the
        steps left for them would do nothing, so they are dropped (equal states merge)."""
        if not self.target.out_of_action:
            return
        share = self.shares[index]
        while self.todo and self.todo[0] in (("_hit", (index,)), ("_wound", (index,))):
            self.todo.pop(0)
        share.left.clear()
        share.current, share.rolls_left = None, 0

    def _after_target(self, index: int) -> None:
        """Once a target's hits (of one weapon) are resolved: an obstruction, Rad-phage,
        XP (after the last weapon's), Blaze."""
        share = self.shares[index]
        t, p, hits, extra = self.target, self.profile, share.hit, share.extra
        last = share.last_group
        obstructed = extra.obstructed if extra is not None else self.event.obstructed
        if hits and obstructed:
            self._obstruction(share.distance)
        if hits:
            self._rad_phage()
        if last:
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

    def _firepower(self) -> int:
        """How many Firepower dice a ranged profile rolls (also a sidearm in close combat);
        none for melee."""
        if attack_traits.is_melee(self.profile):
            if self.event.firepower is not None:
                raise BattleError(f"{self.profile.label} is a Melee weapon: no Firepower dice")
            return 0
        if self._thrown():
            return 0
        most = attack_traits.rapid_fire_dice(self.table, self.profile, self.band)
        pool = self.pools["firepower"]
        given = pool.given or []
        if len(given) > most:
            raise BattleError(
                f"{self.profile.label} rolls at most {most} Firepower"
                f" {'die' if most == 1 else 'dice'} here, got {len(given)}"
            )
        count = len(given) if given else most
        self.rolls.firepower_left = count
        return count

    def _firepower_die(self) -> None:
        """One Firepower die: its hits and Ammo symbol are added up (the order is not kept,
        so the odds merge the orders); the log line once the last is rolled."""
        rolls = self.rolls
        die = self.pools["firepower"].die("Firepower dice")
        face = self.table.ruleset.attack.firepower_face(die)
        rolls.firepower += 1
        rolls.firepower_hits += face.hits
        rolls.firepower_ammo += 1 if face.ammo else 0
        rolls.firepower_left -= 1
        shown = f"{die} ({face.hits}{'+ammo' if face.ammo else ''})"
        rolls.log_firepower = f"{rolls.log_firepower}, {shown}" if rolls.log_firepower else shown
        if not rolls.firepower_left:
            self.say(f"Firepower: {rolls.log_firepower}.")

    def _hit_rolls(self) -> None:
        """The hit rolls to make: none for counted hits (and a Template), one, or in close
        combat one per attack die, each a step (`_hit_die`); then `_after_hits`."""
        p, rolls = self.profile, self.rolls
        if self.event.hits is not None or (p.has(Mechanic.TEMPLATE) and self.event.hit is None):
            count = self.event.hits if self.event.hits is not None else 1
            if p.has(Mechanic.TEMPLATE) and self.event.hits is None:
                self.say("Template: no hit roll.")
            self.say(f"hits counted: {count}.")
            rolls.hits, rolls.counted = [Hit() for _ in range(count)], True
            self.todo.insert(0, ("_after_hits", ()))
            return
        plan = self._plan()
        dice = sum(share.dice for share in plan)
        hit_pool = self.pools["hit"]
        if hit_pool.given is not None and len(hit_pool.given) != dice:
            if dice == 1:
                raise BattleError(f"an attack makes one hit roll, got {len(hit_pool.given)}")
            raise BattleError(
                f"{dice} attack dice make {dice} hit rolls, got {len(hit_pool.given)}"
            )
        rolls.hit_dice = [share.profile for share in plan for _ in range(share.dice)]
        rolls.log_dice, rolls.log_named = dice, len(plan) > 1
        self.todo[0:0] = [("_hit_die", ())] * dice + [("_after_hits", ())]

    def _hit_die(self) -> None:
        """One hit roll (one attack die in close combat), with its weapon's profile."""
        rolls = self.rolls
        used = rolls.hit_dice.pop(0)
        needed, parts = hit_needed(self.attacker, used, self.band, self.event.modifier)
        shown = f"{max(needed, 1)}+" if needed <= 6 else f"{needed}+ (cannot hit)"
        named = f" ({used.label})" if rolls.log_named else ""
        roll = self.pools["hit"].die("hit roll")
        if roll == 1:
            hit = attack_traits.accurate_hits_on_one(used, needed)
            outcome = "natural 1, Accurate: hit" if hit else "natural 1, miss"
        else:
            hit = roll >= needed
            outcome = "hit" if hit else "miss"
        dice = rolls.log_dice
        index = dice - len(rolls.hit_dice)
        which = f"attack die {index} of {dice}{named}: " if dice > 1 else ""
        self.say(f"{which}hit {shown} ({parts}): rolled {roll}, {outcome}.")
        if hit:
            own = used is not self.profile
            rolls.hits.append(Hit(roll, used if own else None))

    def _plan(self) -> list[close_combat.Share]:
        """How many hit rolls, with which profile: one, or in close combat the attack dice."""
        if not self._close_combat():
            if self.event.weapons:
                raise BattleError(
                    f"{self.profile.label}: 'weapons' are for a Melee weapon in close combat"
                )
            return [close_combat.Share(self.weapon_name, self.profile, 1)]
        plan, stored = close_combat.plan(
            self.table, self.attacker, self.weapon_name, self.profile, self.event
        )
        if stored:
            self.plan = plan
        return plan

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
