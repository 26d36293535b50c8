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

from gangmanager.rules import attack_traits, attack_vehicle, battle_ammo, close_combat
from gangmanager.rules.attack_numbers import hit_needed
from gangmanager.rules.attack_parts import AttackParts, _Rolls, _Share
from gangmanager.rules.attack_parts import Resolved as Resolved
from gangmanager.rules.attack_parts import Tally as Tally
from gangmanager.rules.attack_wound import Hit
from gangmanager.rules.battle_events import (
    AttackEvent,
    AttackTarget,
    BattleError,
    ProfileState,
)
from gangmanager.rules.battle_state import FighterTrack, ProfileTrack
from gangmanager.rules.battle_table import Table
from gangmanager.rules.ruleset import Mechanic


class _Attack(AttackParts):
    """One attack being resolved, step by step (its parts: `attack_parts`)."""

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
        attack_vehicle.check_arc(t, self.event.arc)
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
            attack_vehicle.check_arc(track, extra.arc)
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
        self.chain.arc = share.extra.arc if share.extra is not None else self.event.arc
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
        if t.vehicle:
            return  # a hit neither moves, Pins nor concusses a vehicle: its Damage dice may
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
    refuse_unresolved(table.ruleset.attack.unresolved)
    return _Attack(table, event)


def refuse_unresolved(unresolved: list[str]) -> None:
    """A pack whose attacks these steps cannot resolve (the 2026 edition's Lethality,
    Injured ...) says what is missing: the attack is refused, never resolved with the
    2023 rules these steps are."""
    if unresolved:
        raise BattleError(
            "this ruleset's attacks cannot be resolved yet (missing: "
            f"{', '.join(unresolved)}); record the outcome with status and wound events"
        )


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
