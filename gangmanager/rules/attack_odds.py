"""The odds of one attack before a die is rolled: the resolver itself, run over the dice.

`attack_odds` runs `battle_attack.resolve` (the very function an `attack`
event is applied with) on a throw-away copy of the fighters for every
sequence of die faces, depth first, each path weighing 1/6 per die. There is
no second formula: whatever the resolver does with a die, the odds follow.

Six faces of every die would be too many paths, so the walk merges faces
the resolver cannot tell apart. Each die handed to the resolver is a `_Die`,
an int that notes every question asked of it (`roll >= 4`, `roll == 1`,
`roll - 1`, a hash...). Once the paths of one face are walked, the faces
that answer every noted question the same way are merged into it: the
resolver would have taken the same paths with them. A die read where
Python does not ask the object (a pydantic model copies its number) notes
nothing, so each merged face is also tried once on one of those paths and
kept apart when anything differs (`_signature`). `_SELF_CHECK` runs the full
walk instead, for the tests.

Log text is not a question: a die written into a log line does not keep
faces apart.
"""

from __future__ import annotations

import dataclasses
import enum
import random
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from typing import Any, cast

from gangmanager.rules import battle_attack
from gangmanager.rules.battle_events import AttackEvent, BattleError, BattleStatus, ProfileState
from gangmanager.rules.battle_state import BattleState, FighterTrack
from gangmanager.rules.battle_table import Table
from gangmanager.rules.ruleset import Ruleset

# Paths (runs of the resolver) walked before the exact odds give up; then
# SAMPLES seeded attacks (the same resolver) estimate them instead.
RUN_LIMIT = 6_000
SAMPLES = 4_000
_SAMPLE_SEED = 24

_SIDES = 6
# A profile in these states after the attack ran out (`out_of_ammo` in the odds).
_OUT = (ProfileState.OUT_OF_AMMO, ProfileState.JAMMED, ProfileState.DELETED)
# The int methods a question about a die goes through.
_QUESTIONS = [
    "__eq__",
    "__ne__",
    "__lt__",
    "__le__",
    "__gt__",
    "__ge__",
    "__hash__",
    "__bool__",
    "__index__",
    "__int__",
    "__float__",
    "__add__",
    "__radd__",
    "__sub__",
    "__rsub__",
    "__mul__",
    "__rmul__",
    "__floordiv__",
    "__rfloordiv__",
    "__truediv__",
    "__rtruediv__",
    "__mod__",
    "__rmod__",
    "__divmod__",
    "__rdivmod__",
    "__pow__",
    "__rpow__",
    "__neg__",
    "__pos__",
    "__abs__",
    "__invert__",
    "__round__",
    "__trunc__",
    "__floor__",
    "__ceil__",
    "__and__",
    "__rand__",
    "__or__",
    "__ror__",
    "__xor__",
    "__rxor__",
    "__lshift__",
    "__rlshift__",
    "__rshift__",
    "__rrshift__",
]

# (method, arguments, answer)
_Question = tuple[str, tuple[Any, ...], Any]


class _Die(int):
    """A face handed to the resolver; `asked` holds the questions asked of it."""

    asked: list[_Question]


def _asking(name: str) -> Callable[..., Any]:
    method = getattr(int, name)

    def ask(self: _Die, *args: Any) -> Any:
        answer = method(self, *args)
        self.asked.append((name, args, answer))
        return answer

    ask.__name__ = name
    return ask


for _name in _QUESTIONS:
    setattr(_Die, _name, _asking(_name))


class _Dice:
    """The dice of one run: the faces given, then 1s (or random ones, when sampling);
    every die handed out is kept."""

    def __init__(self, faces: list[int], rng: random.Random | None = None) -> None:
        self.faces = faces
        self.rng = rng
        self.handed: list[_Die] = []

    def d6(self) -> int:
        index = len(self.handed)
        if index < len(self.faces):
            face = self.faces[index]
        else:
            face = self.rng.randint(1, _SIDES) if self.rng else 1
        die = _Die(face)
        die.asked = []
        self.handed.append(die)
        return die


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
    # Runs of the resolver the walk took.
    runs: int
    # False: too many paths, estimated from `runs` seeded attacks.
    exact: bool = True

    def as_dict(self) -> dict[str, float | int | bool]:
        return dataclasses.asdict(self)


# What one run came to: the flags in `Odds`' order.
_FLAGS = (
    "hit", "wound", "unsaved", "flesh_wound", "seriously_injured", "out_of_action",
    "ammo_test", "out_of_ammo",
)  # fmt: skip
_Outcome = tuple[bool, ...]


@dataclass
class _Run:
    faces: list[int]
    outcome: _Outcome
    # Everything else the run left behind, to compare a merged face with.
    after: tuple[Any, ...]
    asked: list[list[_Question]]


@dataclass(frozen=True)
class _Setup:
    ruleset: Ruleset
    state: BattleState
    event: AttackEvent
    attacker: str
    target: str


class OddsTooLong(BattleError):
    """More paths than `RUN_LIMIT`: the odds are not worked out."""


def attack_odds(ruleset: Ruleset, state: BattleState, event: AttackEvent) -> Odds:
    """The odds of `event` (its dice left out are what is walked; dice given are kept)."""
    walk = odds_walk(ruleset, state, event)
    while True:
        try:
            next(walk)
        except StopIteration as done:
            return cast(Odds, done.value)


def odds_walk(
    ruleset: Ruleset,
    state: BattleState,
    event: AttackEvent,
    *,
    limit: int = RUN_LIMIT,
    samples: int = SAMPLES,
) -> Generator[int, None, Odds]:
    """`attack_odds` a run at a time: yields the runs so far (the window walks it in slices).

    Past `limit` paths, `samples` seeded attacks estimate the odds (`exact` False);
    with `samples` 0 it raises `OddsTooLong` instead.
    """
    setup = _setup(ruleset, state, event)
    walker = _Walker(setup, limit)
    first = walker.run([])
    yield walker.runs
    try:
        spread, _, _ = yield from walker.subtree([], first)
    except OddsTooLong:
        if not samples:
            raise
    else:
        return _odds(spread, walker.runs)
    return (yield from _sampled(setup, samples))


def _sampled(setup: _Setup, samples: int) -> Generator[int, None, Odds]:
    walker = _Walker(setup, samples)
    rng = random.Random(_SAMPLE_SEED)
    spread: dict[_Outcome, float] = {}
    for number in range(1, samples + 1):
        run = walker.run([], rng)
        spread[run.outcome] = spread.get(run.outcome, 0.0) + 1 / samples
        if number % 50 == 0:
            yield number
    return dataclasses.replace(_odds(spread, samples), exact=False)


def _setup(ruleset: Ruleset, state: BattleState, event: AttackEvent) -> _Setup:
    """The fighters the attack names (extra targets too), alone on a copy of the table."""
    table = Table(ruleset, state, None)
    attacker = table.fighter(event.fighter)
    target = table.fighter(event.target)
    named = [attacker, target] + [table.fighter(t.fighter) for t in event.targets or []]
    small = dataclasses.replace(
        state,
        fighters=[f for f in state.fighters if any(f is n for n in named)],
        prompts=[p for p in state.prompts if any(p.fighter == n.name for n in named)],
        log=[],
        warnings=[],
    )
    return _Setup(ruleset, small, event, attacker.qualified_name, target.qualified_name)


class _Walker:
    def __init__(self, setup: _Setup, limit: int) -> None:
        self.setup = setup
        self.limit = limit
        self.runs = 0

    def run(self, faces: list[int], rng: random.Random | None = None) -> _Run:
        self.runs += 1
        if self.runs > self.limit:
            raise OddsTooLong(f"too many dice to work the odds out (over {self.limit} paths)")
        setup = self.setup
        state = _fresh(setup.state)
        dice = _Dice(faces, rng)
        table = Table(setup.ruleset, state, dice)
        before_target = _track(state, setup.target)
        status_before = before_target.status
        wounds_before = (before_target.wounds, before_target.flesh_wounds)
        resolved = battle_attack.resolve(table, setup.event)
        attacker, target = _track(state, setup.attacker), _track(state, setup.target)
        tally = resolved.tallies[0] if resolved.tallies else None
        out = target.status is BattleStatus.OUT_OF_ACTION
        injured = target.status is BattleStatus.SERIOUSLY_INJURED and (
            status_before is not BattleStatus.SERIOUSLY_INJURED
        )
        flesh = target.flesh_wounds > wounds_before[1]
        unsaved = out or injured or flesh or target.wounds < wounds_before[0]
        weapon = attacker.weapon(resolved.event.weapon)
        spent = weapon is not None and any(
            p.name == resolved.event.profile and p.state in _OUT for p in weapon.profiles
        )
        outcome = (
            bool(tally and tally.hits),
            bool(tally and tally.wounds),
            unsaved,
            flesh and not (out or injured),
            injured and not out,
            out,
            bool(resolved.event.ammo),
            spent,
        )
        faces_used = [int.__int__(d) for d in dice.handed]
        return _Run(faces_used, outcome, _left_behind(state), [d.asked for d in dice.handed])

    def subtree(
        self, prefix: list[int], run: _Run
    ) -> Generator[int, None, tuple[dict[_Outcome, float], list[dict[Any, _Question]], _Run]]:
        """The outcomes of every path starting with `prefix` (`run` is one of them), the
        questions asked of the prefix's dice on those paths, and `run`."""
        depth = len(prefix)
        asked: list[dict[Any, _Question]] = [_keyed(run.asked[i]) for i in range(depth)]
        if len(run.faces) == depth:
            return {run.outcome: 1.0}, asked, run
        spread: dict[_Outcome, float] = {}
        left = list(range(1, _SIDES + 1))
        while left:
            face = left.pop(0)
            if run.faces[depth] == face:
                child = run
            else:
                child = self.run([*prefix, face])
                yield self.runs
            below, child_asked, shown = yield from self.subtree([*prefix, face], child)
            merged = []
            for other in list(left):
                if _SELF_CHECK or not _same_answers(child_asked[depth].values(), other):
                    continue
                probe = self.run([*prefix, other, *shown.faces[depth + 1 :]])
                yield self.runs
                if _signature(probe, depth) == _signature(shown, depth):
                    merged.append(other)
                    left.remove(other)
            weight = (1 + len(merged)) / _SIDES
            for outcome, chance in below.items():
                spread[outcome] = spread.get(outcome, 0.0) + weight * chance
            for i in range(depth):
                asked[i].update(child_asked[i])
        return spread, asked, run


# The tests set this to walk every face (no merging) and compare.
_SELF_CHECK = False


def _keyed(questions: list[_Question]) -> dict[Any, _Question]:
    keyed: dict[Any, _Question] = {}
    for question in questions:
        try:
            hash(question)
            key: Any = question
        except TypeError:
            key = repr(question)
        keyed[key] = question
    return keyed


def _same_answers(questions: Iterator[_Question] | Any, face: int) -> bool:
    return all(getattr(int, name)(face, *args) == answer for name, args, answer in questions)


def _signature(run: _Run, depth: int) -> tuple[Any, ...]:
    """A run without the die at `depth`: what it did and what its other dice were asked."""
    others = tuple(
        tuple((name, args, answer) for name, args, answer in asked)
        for i, asked in enumerate(run.asked)
        if i != depth
    )
    return run.outcome, run.after, len(run.faces), others


def _odds(spread: dict[_Outcome, float], runs: int) -> Odds:
    def chance(i: int) -> float:
        return min(1.0, max(0.0, sum(p for outcome, p in spread.items() if outcome[i])))

    return Odds(*(chance(i) for i in range(len(_FLAGS))), runs=runs)  # type: ignore[misc, arg-type]


def _track(state: BattleState, name: str) -> FighterTrack:
    found = state.find(name)
    return found[0]


def _left_behind(state: BattleState) -> tuple[Any, ...]:
    return tuple(
        (
            f.status,
            f.wounds,
            f.flesh_wounds,
            tuple(sorted(f.markers)),
            tuple(p.state for w in f.weapons for p in w.profiles),
            tuple(f.credits),
        )
        for f in state.fighters
    ) + tuple((p.kind, p.fighter) for p in state.prompts)


def _fresh(state: BattleState) -> BattleState:
    """A copy the resolver may change: every mutable dataclass and container copied (once,
    so what two profiles share stays shared), the frozen cards shared: far cheaper than a
    deep copy, and it copies a field added to the tracks later without being told."""
    memo: dict[int, Any] = {}

    def copied(value: Any) -> Any:
        kind = type(value)
        plan = _PLANS.get(kind) or _plan(kind)
        if plan is _Plan.SHARE:
            return value
        done = memo.get(id(value))
        if done is not None:
            return done
        if plan is _Plan.LIST:
            done = [v if _PLANS.get(type(v)) is _Plan.SHARE else copied(v) for v in value]
        elif plan is _Plan.SET:
            done = set(value)
        elif plan is _Plan.DICT:
            done = {k: copied(v) for k, v in value.items()}
        else:
            done = object.__new__(kind)
            fields = dict(vars(value))
            for key, field in fields.items():
                if _PLANS.get(type(field)) is not _Plan.SHARE:
                    fields[key] = copied(field)
            done.__dict__.update(fields)
        memo[id(value)] = done
        return done

    return cast(BattleState, copied(state))


class _Plan(enum.Enum):
    SHARE = 0
    LIST = 1
    SET = 2
    DICT = 3
    OBJECT = 4


_PLANS: dict[type, _Plan] = {}


def _plan(kind: type) -> _Plan:
    _PLANS[kind] = plan = _plan_of(kind)
    return plan


def _plan_of(kind: type) -> _Plan:
    if issubclass(kind, list):
        return _Plan.LIST
    if issubclass(kind, set):
        return _Plan.SET
    if issubclass(kind, dict):
        return _Plan.DICT
    params = getattr(kind, "__dataclass_params__", None)
    if params is not None and not params.frozen:
        return _Plan.OBJECT
    # Frozen dataclasses and pydantic cards, tables, strings, numbers, enums.
    return _Plan.SHARE
