"""Lasting Injuries: a D66 roll (or a named result) read on the ruleset's table.

An injury may ask for more dice (Lesson Learned's D3 XP, Multiple Injuries'
D3 extra rolls): they come from a queue of rolls the player made, in order,
so every roll is recorded and the same draft always gives the same fighter.
Changes become a modifier of kind `injury` named for the result; the status
is the worst one the results give.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gangmanager.rules.dice import is_d66
from gangmanager.rules.gang import Fighter, FighterStatus
from gangmanager.rules.limits import quoted
from gangmanager.rules.modifiers import Modifier, ModifierKind
from gangmanager.rules.ruleset import AfterBattleRoll, InjuryResult, Ruleset
from gangmanager.rules.weapons import trait_key

# Worse states win when several results land on one fighter.
_SEVERITY = (
    FighterStatus.ACTIVE,
    FighterStatus.CONVALESCENCE,
    FighterStatus.IN_RECOVERY,
    FighterStatus.CAPTURED,
    FighterStatus.CRITICAL,
    FighterStatus.DEAD,
)


def worse_status(current: FighterStatus, new: FighterStatus) -> FighterStatus:
    if current not in _SEVERITY or new not in _SEVERITY:
        return new
    return max(current, new, key=_SEVERITY.index)


class InjuryProblem(ValueError):
    """A roll or result that cannot be read on the table; the message names it."""


def dice_kind(expression: str | None) -> str | None:
    """`D3`, `D6` or None for a fixed number (or nothing)."""
    if expression is None:
        return None
    text = expression.strip().upper()
    return text if text in ("D3", "D6") else None


def _take(rolls: list[int], kind: str, what: str) -> int:
    if not rolls:
        raise InjuryProblem(f"{what} needs a {kind} in rolls")
    value = rolls.pop(0)
    high = 3 if kind == "D3" else 6 if kind == "D6" else 66
    if kind == "D66":
        if not is_d66(value):
            raise InjuryProblem(f"{what}: {value} is not a D66 roll (11-66, each die 1-6)")
    elif not 1 <= value <= high:
        raise InjuryProblem(f"{what}: a {kind} shows 1 to {high}, not {value}")
    return value


def _amount(expression: str | None, rolls: list[int], what: str) -> int:
    """A fixed number (`"2"`), or a die taken from the queue (`"D3"`)."""
    if expression is None or not expression.strip():
        return 0
    kind = dice_kind(expression)
    if kind is not None:
        return _take(rolls, kind, what)
    try:
        return int(expression)
    except ValueError:
        raise InjuryProblem(
            f"{what}: cannot read {quoted(expression)} (a number, D3 or D6)"
        ) from None


def read_roll(ruleset: Ruleset, roll: int) -> InjuryResult:
    if not is_d66(roll):
        raise InjuryProblem(f"{roll} is not a D66 roll (11-66, each die 1-6)")
    result = ruleset.injury_for(roll)
    if result is None:
        raise InjuryProblem(f"roll {roll} is on no row of the {ruleset.id} Lasting Injury table")
    return result


def find_result(ruleset: Ruleset, name: str) -> InjuryResult:
    key = trait_key(name)
    found = next((i for i in ruleset.injuries if trait_key(i.name) == key), None)
    if found is None:
        known = ", ".join(i.name for i in ruleset.injuries)
        raise InjuryProblem(f"no Lasting Injury {quoted(name)} in {ruleset.id} (known: {known})")
    return found


@dataclass
class InjuryOutcome:
    """What the injuries did to one fighter: the new fighter and the lines for the report."""

    fighter: Fighter
    results: list[tuple[int | None, InjuryResult]] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)


def suffer(
    ruleset: Ruleset,
    fighter: Fighter,
    result: InjuryResult,
    rolls: list[int],
    *,
    roll: int | None = None,
    nested: bool = False,
) -> InjuryOutcome:
    """Apply one result (and the extra rolls it asks for) to the fighter.

    `rolls` is consumed from the front. Raises InjuryProblem for a missing or
    bad die; the fighter is then unchanged (the caller drops the outcome).
    """
    outcome = InjuryOutcome(fighter)
    label = f"{result.name} ({roll})" if roll is not None else result.name
    if result.extra_rolls:
        if nested:
            raise InjuryProblem(f"{label} inside Multiple Injuries: roll that die again")
        return _suffer_extra_rolls(ruleset, outcome, result, rolls, label)
    outcome.results.append((roll, result))
    before = fighter
    effects: list[str] = []
    suffered_before = sum(
        1 for name in fighter.injuries if trait_key(name) == trait_key(result.name)
    )
    update: dict[str, object] = {"injuries": [*fighter.injuries, result.name]}
    applies = suffered_before + 1 >= result.applies_from and not (result.once and suffered_before)
    if result.changes and applies:
        table = ruleset.table_for(fighter.profile)
        modifier = Modifier.of_pack(result.name, ModifierKind.INJURY, result.changes, table)
        update["modifiers"] = [*fighter.modifiers, modifier]
    elif result.changes:
        effects.append("no change to the profile this time")
    xp = _amount(result.xp, rolls, label)
    if xp:
        update["xp"] = fighter.xp + xp
        effects.append(f"+{xp} XP")
    if result.gains_skill and result.gains_skill not in fighter.skills:
        update["skills"] = [*fighter.skills, result.gains_skill]
        effects.append(f"gains {result.gains_skill}")
    if result.status is not None:
        status = worse_status(fighter.status, result.status)
        update["status"] = status
        effects.append(status.label)
    after = fighter.model_copy(update=update)
    effects[:0] = profile_changes(ruleset, before, after)
    outcome.fighter = after
    outcome.lines.append(f"{label}" + (f": {', '.join(effects)}" if effects else ""))
    return outcome


def _suffer_extra_rolls(
    ruleset: Ruleset, outcome: InjuryOutcome, result: InjuryResult, rolls: list[int], label: str
) -> InjuryOutcome:
    """Multiple Injuries: its count of D66 rolls from `rolls`, each result suffered in turn
    (one the result rolls again is refused)."""
    count = _amount(result.extra_rolls, rolls, label)
    outcome.lines.append(f"{label}: {count} more roll{'s' if count != 1 else ''}")
    for _ in range(count):
        extra = _take(rolls, "D66", label)
        inner_result = read_roll(ruleset, extra)
        if rerolled(result, inner_result):
            raise InjuryProblem(
                f"{label}: the extra roll {extra} is {inner_result.name}, which is rolled"
                " again: give another D66"
            )
        inner = suffer(ruleset, outcome.fighter, inner_result, rolls,
                       roll=extra, nested=True)  # fmt: skip
        outcome.fighter = inner.fighter
        outcome.results += inner.results
        outcome.lines += inner.lines
    return outcome


def after_battle_roll(ruleset: Ruleset, fighter: Fighter) -> tuple[str, AfterBattleRoll] | None:
    """The lasting injury that asks this fighter for a D6 after each battle (Old Battle
    Wound), with its rule; None when none does or the fighter is not on the roster's books."""
    if not fighter.status.counts_for_rating:
        return None
    for name in fighter.injuries:
        result = next((r for r in ruleset.injuries if r.name == name), None)
        if result is not None and result.after_each_battle is not None:
            return result.name, result.after_each_battle
    return None


def rerolled(outer: InjuryResult, inner: InjuryResult) -> bool:
    """True when `outer`'s extra rolls must not give `inner` (the die is rolled again)."""
    return trait_key(inner.name) in {trait_key(name) for name in outer.reroll_inner}


def first_reroll(ruleset: Ruleset, first: InjuryResult, rolls: list[int]) -> int | None:
    """Where in `rolls` the first extra D66 that must be rolled again stands (None: none).

    Same walk as `next_die`: the queue is the outer result's dice, then each extra
    roll followed by its own dice."""
    if not first.extra_rolls or dice_kind(first.extra_rolls) is None or not rolls:
        return None
    position = 1
    for _ in range(max(0, rolls[0])):
        if position >= len(rolls):
            return None
        roll = rolls[position]
        inner = ruleset.injury_for(roll) if is_d66(roll) else None
        if inner is None:
            return None
        if rerolled(first, inner):
            return position
        position += 1
        if dice_kind(inner.xp) is not None:
            position += 1
    return None


def profile_changes(ruleset: Ruleset, before: Fighter, after: Fighter) -> list[str]:
    """`BS 4+ -> 5+` for every characteristic whose effective value moved."""
    table = ruleset.table_for(before.profile)
    old, new = before.effective(table), after.effective(table)
    return [
        f"{row.code} {row.print(old.values[row.code])} -> {row.print(new.values[row.code])}"
        for row in table
        if old.values[row.code] != new.values[row.code]
    ]


def next_die(ruleset: Ruleset, first: InjuryResult, rolls: list[int]) -> str | None:
    """The kind of the next die the queue still needs (`D3`, `D66`), None when complete.

    The wizard's "roll for me" calls this until it returns None. Bad dice
    already in the queue end the walk (the draft reports them).
    """
    queue = list(rolls)

    def walk(result: InjuryResult, nested: bool) -> str | None:
        if result.extra_rolls and not nested:
            kind = dice_kind(result.extra_rolls)
            if kind is None:
                count = int(result.extra_rolls) if result.extra_rolls.strip().isdigit() else 0
            elif not queue:
                return kind
            else:
                count = queue.pop(0)
            for _ in range(max(0, count)):
                if not queue:
                    return "D66"
                roll = queue.pop(0)
                inner = ruleset.injury_for(roll) if is_d66(roll) else None
                if inner is None:
                    return None
                need = walk(inner, True)
                if need is not None:
                    return need
            return None
        kind = dice_kind(result.xp)
        if kind is not None:
            if not queue:
                return kind
            queue.pop(0)
        return None

    return walk(first, False)
