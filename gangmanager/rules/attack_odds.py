"""The odds of one attack before a die is rolled: the resolver's own steps, over every die.

`battle_attack` resolves an attack as a list of steps (`_begin`: Firepower
dice, hit rolls and Ammo tests; then for each target `_target`, one `_hit`
per hit and `_after_target`; then `_end`), and what one step leaves the next
is kept on the attack object. `attack_odds` runs those very steps on copies
of the attack: from each state the attack can be in, the next step is run
over every sequence of the dice it rolls, and the states it can end in are
gathered with their chances. There is no second formula: whatever a step
does with a die, the odds follow, every trait included.

Two things keep this small enough to be exact for every weapon:

- Faces. Each die handed to a step is a `_Die`, an int that notes every
  question asked of it (`roll >= 4`, `roll == 1`, `roll - 1`, a hash...).
  Once the paths of one face are walked, the faces that answer every noted
  question the same way are merged into it: the step would have taken the
  same paths with them. Two kinds of die are tried face by face instead (each
  merged face run once and kept apart when the state it leaves differs): a
  die asked nothing (read where Python does not ask the object: a pydantic
  model copies its number), and a die the state keeps for later steps to ask
  (a hit's natural roll). Steps are about a die each (a Firepower die, a hit
  roll, a wound roll), so what one die leads to is merged before the next.
- States. Two states with the same key (`_key`: everything on the attack and
  the battle but the log, with each die still held by the state, such as a
  hit's natural roll, a slot of its own) have the same future, so it is
  worked out once (`_Search.finish`, memoised). The hits of a Rapid Fire
  weapon then cost a walk per state a target can be in after each hit, not a
  walk per sequence of dice. A die held by the state is compared by the
  questions the future asked of it: a hit roll of 4 shares the future of a
  3 unless a trait asked for a natural 6.

`runs` counts the steps run on a copy of the attack (each one die path
through one step). `_EVERY_FACE`, `_PROBE_ALL` and `_NO_MEMO` switch the
savings off, for the tests.
"""

from __future__ import annotations

import copyreg
import dataclasses
import enum
import io
import pickle
from collections.abc import Callable, Generator, Iterable
from dataclasses import dataclass
from typing import Any, cast

from gangmanager.rules import battle_attack
from gangmanager.rules.attack_odds_dice import _Asked, _Dice, _Die, _Question
from gangmanager.rules.attack_pools import DicePool
from gangmanager.rules.attack_wound import HitChain
from gangmanager.rules.battle_events import AttackEvent, BattleStatus, ProfileState
from gangmanager.rules.battle_state import BattleState, FighterTrack
from gangmanager.rules.battle_table import Table
from gangmanager.rules.ruleset import Ruleset

_SIDES = 6
# A profile in these states after the attack ran out (`out_of_ammo` in the odds).
_OUT = (ProfileState.OUT_OF_AMMO, ProfileState.JAMMED, ProfileState.DELETED)


@dataclass(frozen=True)
class Odds:
    """The chance of each outcome of one attack on its (first) target, 0 to 1.

    `flesh_wound`, `seriously_injured` and `out_of_action` are the worst the
    attack leaves the target with, so they exclude each other; `unsaved` is
    the chance that anything went through (a wound lost or an Injury).
    """

    hit: float
    wound: float
    unsaved: float
    flesh_wound: float
    seriously_injured: float
    out_of_action: float
    ammo_test: float
    out_of_ammo: float
    # Steps of the resolver run on a copy of the attack (one die path through one step each).
    runs: int
    # Always True: every die is walked (kept for the JSON and older readers).
    exact: bool = True
    # The chances of every way the attack can end, added up: 1 (a check on the walk).
    total: float = 1.0

    def as_dict(self) -> dict[str, float | int | bool]:
        return dataclasses.asdict(self)


# What one attack came to: the flags in `Odds`' order.
_FLAGS = (
    "hit", "wound", "unsaved", "flesh_wound", "seriously_injured", "out_of_action",
    "ammo_test", "out_of_ammo",
)  # fmt: skip
_Outcome = tuple[bool, ...]
_Spread = dict[_Outcome, float]


def attack_odds(ruleset: Ruleset, state: BattleState, event: AttackEvent) -> Odds:
    """The odds of `event` (its dice left out are what is walked; dice given are kept)."""
    walk = odds_walk(ruleset, state, event)
    while True:
        try:
            next(walk)
        except StopIteration as done:
            return cast(Odds, done.value)


def odds_walk(
    ruleset: Ruleset, state: BattleState, event: AttackEvent
) -> Generator[int, None, Odds]:
    """`attack_odds` a step at a time: yields the runs so far (the window walks it in slices)."""
    search = _Search(ruleset, state, event)
    yield search.runs
    spread = yield from search.finish(search.start)
    return _odds(spread, search.runs)


@dataclass
class _StepRun:
    """One run of a step on a copy: the faces it used, its dice, and the state it left."""

    faces: list[int]
    dice: list[_Die]
    after: _State


# A state the step may leave, and its chance given the state it started from.
_Leaf = tuple[float, "_State"]


class _Search:
    def __init__(self, ruleset: Ruleset, state: BattleState, event: AttackEvent) -> None:
        table = Table(ruleset, state, None)
        attacker = table.fighter(event.fighter)
        target = table.fighter(event.target)
        named = [attacker, target] + [table.fighter(t.fighter) for t in event.targets or []]
        # The fighters the attack names (extra targets too), alone on a copy of the table.
        small = dataclasses.replace(
            state,
            fighters=[f for f in state.fighters if any(f is n for n in named)],
            prompts=[p for p in state.prompts if any(p.fighter == n.name for n in named)],
            log=[],
            warnings=[],
        )
        first = battle_attack.prepare(Table(ruleset, small, None), event)
        # What the attack shares with every copy of it (cards, profiles, the ruleset).
        self.shared = _shared(first)
        self.start = _state(first, self.shared)
        self.attacker = attacker.qualified_name
        self.target = target.qualified_name
        self.before = (target.status, target.wounds, target.flesh_wounds)
        # A vehicle's Damage results so far: a new one is a wound gone through.
        self.damage_before = len(target.vehicle_damage)
        self.runs = 0
        self.memo: dict[Any, list[tuple[list[_Asked], _Spread]]] = {}

    # -- the states, each worked out once ---------------------------------------

    def finish(self, state: _State) -> Generator[int, None, _Spread]:
        """The outcomes from `state` on, with their chances (memoised on its key)."""
        if not state.attack.todo:
            return {self._outcome(_loaded(state, self.shared)): 1.0}
        structure, held = state.key, state.held
        for asked, known in self.memo.get(structure, ()):
            if _NO_MEMO:
                break
            if all(_same_answers(q.values(), d) for q, d in zip(asked, held, strict=True)):
                # The future asked these of the dice held: the enclosing states' keys need them.
                for q, d in zip(asked, held, strict=True):
                    d.asked.update(q)
                return known
        leaves = yield from self._step(state)
        spread: _Spread = {}
        for weight, after in leaves:
            below = yield from self.finish(after)
            for outcome, chance in below.items():
                spread[outcome] = spread.get(outcome, 0.0) + weight * chance
        self.memo.setdefault(structure, []).append(([dict(d.asked) for d in held], spread))
        return spread

    def _outcome(self, state: battle_attack.Attack) -> _Outcome:
        resolved = battle_attack.finish(state)
        fighters = state.table.state
        attacker, target = _track(fighters, self.attacker), _track(fighters, self.target)
        status_before, wounds_before, flesh_before = self.before
        tally = resolved.tallies[0] if resolved.tallies else None
        out = target.status is BattleStatus.OUT_OF_ACTION
        injured = target.status is BattleStatus.SERIOUSLY_INJURED and (
            status_before is not BattleStatus.SERIOUSLY_INJURED
        )
        flesh = target.flesh_wounds > flesh_before
        damaged = len(target.vehicle_damage) > self.damage_before
        unsaved = out or injured or flesh or damaged or target.wounds < wounds_before
        weapon = attacker.weapon(resolved.event.weapon)
        spent = weapon is not None and any(
            p.name == resolved.event.profile and p.state in _OUT for p in weapon.profiles
        )
        return (
            bool(tally and tally.hits),
            bool(tally and tally.wounds),
            unsaved,
            flesh and not (out or injured),
            injured and not out,
            out,
            bool(resolved.event.ammo),
            spent,
        )

    # -- one step over its dice ---------------------------------------------------

    def _step(self, state: _State) -> Generator[int, None, list[_Leaf]]:
        """The states the next step leaves `state` in, with their chances."""
        first = self._run(state, [])
        yield self.runs
        leaves, _, _ = yield from self._subtree(state, [], first)
        return leaves

    def _run(self, state: _State, faces: list[int]) -> _StepRun:
        self.runs += 1
        dice = _Dice(faces)
        attack = _loaded(state, self.shared)
        attack.table.dice = dice
        attack.step()
        attack.table.dice = None
        after = _state(attack, self.shared)
        return _StepRun([int.__int__(d) for d in dice.handed], dice.handed, after)

    def _subtree(
        self, state: _State, prefix: list[int], run: _StepRun
    ) -> Generator[int, None, tuple[list[_Leaf], list[_Asked], _StepRun]]:
        """The states every path starting with `prefix` leaves (`run` is one of them), the
        questions asked of the prefix's dice on those paths, and `run`."""
        depth = len(prefix)
        asked: list[_Asked] = [dict(run.dice[i].asked) for i in range(depth)]
        if len(run.faces) == depth:
            return [(1.0, run.after)], asked, run
        leaves: list[_Leaf] = []
        left = list(range(1, _SIDES + 1))
        while left:
            face = left.pop(0)
            if run.faces[depth] == face:
                child = run
            else:
                child = self._run(state, [*prefix, face])
                yield self.runs
            below, child_asked, shown = yield from self._subtree(state, [*prefix, face], child)
            merged = []
            for other in list(left):
                if _EVERY_FACE or not _same_answers(child_asked[depth].values(), other):
                    continue
                if child_asked[depth] and not _PROBE_ALL and not _holds(shown, depth):
                    # The step asked the die what decided its paths, and no later step can
                    # ask it more (the state does not hold it): the face answers alike.
                    merged.append(other)
                    left.remove(other)
                    continue
                # Asked nothing (its number may have been read where Python does not ask
                # the die: a pydantic model copies it), or held for later steps to ask:
                # tried, and merged if it left the same.
                probe = self._run(state, [*prefix, other, *shown.faces[depth + 1 :]])
                yield self.runs
                if self._signature(probe, depth) == self._signature(shown, depth):
                    merged.append(other)
                    left.remove(other)
            weight = (1 + len(merged)) / _SIDES
            leaves.extend((weight * chance, after) for chance, after in below)
            for i in range(depth):
                asked[i].update(child_asked[i])
        return leaves, asked, run

    def _signature(self, run: _StepRun, depth: int) -> tuple[Any, ...]:
        """A run without the die at `depth`: the state it left (the dice it holds by value)
        and what its other dice were asked."""
        others = tuple(
            tuple(sorted(map(repr, die.asked.values())))
            for i, die in enumerate(run.dice)
            if i != depth
        )
        held = tuple(int.__int__(d) for d in run.after.held)
        return run.after.key, held, len(run.faces), others


# The tests set these to walk every face (no merging) or every state (no memo) and compare.
_EVERY_FACE = False
_NO_MEMO = False
# Try every merged face once, asked or not (the tests check the questions are enough).
_PROBE_ALL = False


def _holds(run: _StepRun, depth: int) -> bool:
    """Whether the state the run left holds its die at `depth` (a hit's natural roll)."""
    die = run.dice[depth]
    return any(held is die for held in run.after.held)


def _same_answers(questions: Iterable[_Question], face: int) -> bool:
    return all(getattr(int, name)(face, *args) == answer for name, args, answer in questions)


def _odds(spread: _Spread, runs: int) -> Odds:
    def chance(i: int) -> float:
        return min(1.0, max(0.0, sum(p for outcome, p in spread.items() if outcome[i])))

    figures = (chance(i) for i in range(len(_FLAGS)))
    total = sum(spread.values())
    return Odds(*figures, runs=runs, total=total)  # type: ignore[misc, arg-type]


def _track(state: BattleState, name: str) -> FighterTrack:
    found = state.find(name)
    return found[0]


# -- states: an attack as a canonical pickle --------------------------------------


@dataclass
class _State:
    """One state of the attack: the object, and its key (a pickle of everything that
    decides what the attack goes on to do) with the dice it holds."""

    attack: battle_attack.Attack
    key: bytes
    held: list[_Die]


class _Plan(enum.Enum):
    SHARE = 0
    CONTAINER = 1
    OBJECT = 2


# Plain classes an attack holds that go with it (every other plain class, the ruleset's
# tables for one, is never changed by an attack and is shared by every copy).
_OBJECTS: tuple[type, ...] = (battle_attack.Attack, HitChain, Table)
_PLANS: dict[type, _Plan] = {}


def _plan(kind: type) -> _Plan:
    plan = _PLANS.get(kind)
    if plan is None:
        if issubclass(kind, (list, set, dict)):
            plan = _Plan.CONTAINER
        elif kind in _OBJECTS or (
            getattr(kind, "__dataclass_params__", None) is not None
            and not kind.__dataclass_params__.frozen  # type: ignore[attr-defined]
        ):
            plan = _Plan.OBJECT
        else:
            # Frozen dataclasses and pydantic cards, strings, numbers, enums.
            plan = _Plan.SHARE
        _PLANS[kind] = plan
    return plan


def _shared(root: Any) -> dict[int, Any]:
    """The objects `root` holds that no step changes (frozen), by id: every state shares them."""
    found: dict[int, Any] = {}
    seen: set[int] = set()

    def walk(value: Any) -> None:
        if type(value) in (int, str, bool, float, _Die) or value is None or id(value) in seen:
            return
        seen.add(id(value))
        plan = _plan(type(value))
        if plan is _Plan.SHARE:
            if not isinstance(value, enum.Enum):
                found[id(value)] = value
        elif isinstance(value, dict):
            for inner in value.values():
                walk(inner)
        elif plan is _Plan.CONTAINER:
            for inner in value:
                walk(inner)
        else:
            for inner in vars(value).values():
                walk(inner)

    walk(root)
    return found


def _fields_but(*names: str) -> Callable[[Any], dict[str, Any]]:
    left_out = dict.fromkeys(names)

    def fields(value: Any) -> dict[str, Any]:
        return {k: v for k, v in vars(value).items() if k not in left_out} | {
            k: _EMPTY[k] for k in names
        }

    return fields


_EMPTY: dict[str, Any] = {"log": [], "warnings": [], "dice": None}


def _pool_fields(pool: Any) -> dict[str, Any]:
    """A pool's dice used: how many, when some were given (the next die given depends on
    it); else only whether any was (the completed event's key is set or not)."""
    fields = dict(vars(pool))
    used = len(pool.used) if pool.given is not None else min(len(pool.used), 1)
    fields["used"] = [0] * used
    return fields


def _chain_fields(chain: HitChain) -> dict[str, Any]:
    # The chain's running count of wounds is read only as its difference over one hit.
    return dict(vars(chain)) | {"wounds": 0}


def _tally_fields(tally: battle_attack.Tally) -> dict[str, Any]:
    # A target's tally is read (by the odds only) as "any hit", "any wound".
    return dict(vars(tally)) | {"hits": min(tally.hits, 1), "wounds": min(tally.wounds, 1)}


def _logged_fields(value: Any) -> dict[str, Any]:
    return {k: v for k, v in vars(value).items() if not k.startswith("log_")}


# What a key leaves out or reads in part, by class: the log (words, not state), the
# dice of the run, and the counts above; of any class, a field named `log_...` (for
# the log's words only). Anything else is in the key as it is. Keyed by the classes
# themselves, not their names: a renamed class cannot silently fall out of the table.
_FIELDS: dict[type, Callable[[Any], dict[str, Any]]] = {
    BattleState: _fields_but("log", "warnings"),
    Table: _fields_but("dice"),
    HitChain: _chain_fields,
    DicePool: _pool_fields,
    battle_attack.Tally: _tally_fields,
}
_REDUCERS: dict[type, Callable[[Any], dict[str, Any]] | None] = {}


def _reducer(kind: type) -> Callable[[Any], dict[str, Any]] | None:
    if kind not in _REDUCERS:
        found = _FIELDS.get(kind)
        if found is None and any(f.name.startswith("log_") for f in _dataclass_fields(kind)):
            found = _logged_fields
        _REDUCERS[kind] = found if _plan(kind) is _Plan.OBJECT else None
    return _REDUCERS[kind]


def _dataclass_fields(kind: type) -> tuple[dataclasses.Field[Any], ...]:
    return dataclasses.fields(kind) if dataclasses.is_dataclass(kind) else ()


class _Pickler(pickle.Pickler):
    def __init__(self, file: io.BytesIO, shared: dict[int, Any]) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.shared = shared
        self.held: list[_Die] = []

    def persistent_id(self, obj: Any) -> Any:
        # A set pickles in its iteration order, which hangs on the process's hash seed
        # and on how the set was built: a state unpickled and pickled again came out
        # apart from its equal, and the two never merged (twice the steps on some
        # seeds). Sets go by their sorted members instead (pickle offers no
        # reducer_override for exact sets).
        kind = type(obj)
        if kind is set or kind is frozenset:
            return (kind is frozenset, tuple(sorted(obj, key=_canonical_order)))
        return None

    def reducer_override(self, obj: Any) -> Any:
        kind = type(obj)
        if kind is _Die:
            # A slot of its own, in the order met (pickle's memo keeps one per die).
            self.held.append(obj)
            return (_held_die, (len(self.held) - 1,))
        if id(obj) in self.shared:
            return (_shared_object, (id(obj),))
        fields = _REDUCERS[kind] if kind in _REDUCERS else _reducer(kind)
        if fields is not None:
            return (copyreg.__newobj__, (kind,), fields(obj))  # type: ignore[attr-defined]
        return NotImplemented


def _canonical_order(value: Any) -> tuple[str, str]:
    return (type(value).__qualname__, repr(value))


def _held_die(slot: int) -> int:
    raise AssertionError("read by _Unpickler")  # pragma: no cover


def _shared_object(ident: int) -> Any:
    raise AssertionError("read by _Unpickler")  # pragma: no cover


class _Unpickler(pickle.Unpickler):
    def __init__(self, data: bytes, shared: dict[int, Any], held: list[_Die]) -> None:
        super().__init__(io.BytesIO(data))
        self.shared = shared
        self.held = held

    def persistent_load(self, pid: Any) -> Any:
        frozen, members = pid
        return frozenset(members) if frozen else set(members)

    def find_class(self, module: str, name: str) -> Any:
        if module == __name__ and name == "_held_die":
            return self.held.__getitem__
        if module == __name__ and name == "_shared_object":
            return self.shared.__getitem__
        return super().find_class(module, name)


def _state(attack: battle_attack.Attack, shared: dict[int, Any]) -> _State:
    file = io.BytesIO()
    pickler = _Pickler(file, shared)
    pickler.dump(attack)
    return _State(attack, file.getvalue(), pickler.held)


def _loaded(state: _State, shared: dict[int, Any]) -> battle_attack.Attack:
    """A fresh copy of the state's attack a step may change."""
    return cast(battle_attack.Attack, _Unpickler(state.key, shared, state.held).load())
