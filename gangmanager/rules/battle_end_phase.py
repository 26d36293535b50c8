"""The End phase: Bottle tests, Cool checks to stay, Recovery and Rally tests.

Each test is an event of its own (one undo each); what each result does,
which steps there are and in what order come from the pack's `[end_phase]`
(`EndPhaseRules`). `waiting` lists the tests the End phase still calls for,
in the pack's order: New round asks for them before the round begins.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gangmanager.rules.battle_events import (
    BattleError,
    BattleStatus,
    BottleTestEvent,
    CoolCheckEvent,
    Marker,
    RallyTestEvent,
    RecoveryTestEvent,
    normalise_word,
)
from gangmanager.rules.battle_state import BattleState, FighterTrack
from gangmanager.rules.battle_table import Table
from gangmanager.rules.limits import quoted
from gangmanager.rules.ruleset import Ruleset

# Better for the fighter first: the face kept when several Injury dice are rolled.
_BEST_FIRST = ("flesh_wound", "seriously_injured", "out_of_action")


@dataclass(frozen=True)
class EndTest:
    """One test the End phase calls for: the event to make (less its roll) and what to say."""

    kind: str
    # The fighter (`GANG/NAME` in a two-gang battle) or, for a Bottle test, the gang.
    who: str
    text: str
    # 1: a D6 (Bottle test, Injury dice); 2: 2D6 (Cool checks, Rally tests).
    dice: int

    def event(self, roll: int | list[int] | None = None) -> dict[str, Any]:
        key = "gang" if self.kind == "bottle_test" else "fighter"
        event: dict[str, Any] = {"event": self.kind, key: self.who}
        if roll is not None:
            event["roll"] = roll
        return event


def _done_key(kind: str, who: str) -> str:
    return f"{kind}:{who.casefold()}"


def _gang_of(state: BattleState, gang: str | None) -> str:
    if gang is None:
        if len(state.gangs) == 1:
            return state.gangs[0]
        raise BattleError(f"name the gang taking the Bottle test: {' or '.join(state.gangs)}")
    wanted = gang.strip().casefold()
    for name in state.gangs:
        if name.strip().casefold() == wanted:
            return name
    raise BattleError(f"no gang {quoted(gang)} in this battle (gangs: {', '.join(state.gangs)})")


def _crew(state: BattleState, gang: str) -> list[FighterTrack]:
    one = len(state.gangs) == 1
    return [f for f in state.fighters if one or f.gang == gang]


def _counted(ruleset: Ruleset, state: BattleState, gang: str) -> list[FighterTrack]:
    counts = ruleset.end_phase.bottle.counts
    return [f for f in _crew(state, gang) if f.status.value in counts and f.fled_as is None]


def _who(state: BattleState, fighter: FighterTrack) -> str:
    return fighter.qualified_name if len(state.gangs) > 1 else fighter.name


def _cool(fighter: FighterTrack) -> int:
    cool = fighter.live_values()["Cl"]
    if cool is None:
        raise BattleError(f"{fighter.name} has no Cool to test")
    return cool


def _two_d6(table: Table, given: int | list[int] | None, what: str) -> int:
    if given is None:
        return sum(table.roll(None, 2, what))
    return given if isinstance(given, int) else sum(given)


def _not_yet(table: Table, kind: str, who: str, what: str) -> str:
    """The test's key, refused when it was taken already (recorded once it is applied)."""
    key = _done_key(kind, who)
    if key in table.state.end_phase_done:
        raise BattleError(f"{what} has already been taken in this End phase")
    return key


def _step_on(table: Table, step: str, what: str) -> None:
    if step not in table.ruleset.end_phase.steps:
        raise BattleError(f"{table.ruleset.name} has no {what} in its End phase")


# ---------------------------------------------------------------- the events


def bottle_test(table: Table, event: BottleTestEvent) -> BottleTestEvent:
    _step_on(table, "bottle", "Bottle test")
    state = table.state
    gang = _gang_of(state, event.gang)
    if gang in state.bottled:
        raise BattleError(f"{gang} has already bottled out: no more Bottle tests")
    down = _counted(table.ruleset, state, gang)
    if not down:
        raise BattleError(f"{gang} has nobody down: no Bottle test")
    key = _not_yet(table, "bottle_test", gang, f"{gang}'s Bottle test")
    crew = len(_crew(state, gang))
    if event.voluntary:
        if event.roll is not None:
            raise BattleError("a Bottle test failed by choice takes no roll")
        state.end_phase_done.append(key)
        state.bottled.append(gang)
        table.say(f"{gang} chooses to fail the Bottle test: bottled out.")
        return event.model_copy(update={"gang": gang, "fighter": None})
    (roll,) = table.roll(event.roll, 1, f"Bottle test for {gang}")
    state.end_phase_done.append(key)
    total = roll + len(down)
    text = (
        f"{gang}: Bottle test {roll} + {len(down)} down = {total} against a starting crew of {crew}"
    )
    if total > crew:
        state.bottled.append(gang)
        text += ": bottled out"
        if "flee" in table.ruleset.end_phase.steps:
            text += "; every fighter on the battlefield takes a Cool check or flees"
    else:
        text += ": holds"
    table.say(text + ".")
    return event.model_copy(update={"gang": gang, "roll": roll, "fighter": None})


def cool_check(table: Table, event: CoolCheckEvent) -> CoolCheckEvent:
    _step_on(table, "flee", "Cool check to stay on the battlefield")
    fighter = table.fighter(event.fighter)
    gang = fighter.gang or table.state.gangs[0]
    if gang not in table.state.bottled:
        raise BattleError(f"{gang} has not bottled out: {fighter.name} need not test to stay")
    key = _not_yet(table, "cool_check", fighter.qualified_name, f"{fighter.name}'s Cool check")
    cool = _cool(fighter)
    total = _two_d6(table, event.roll, f"Cool check for {fighter.name}")
    table.state.end_phase_done.append(key)
    text = f"{fighter.name}: Cool check {total} against {cool}+"
    if total >= cool:
        text += ": holds their nerve and stays"
    else:
        was = fighter.status
        table.go_out_of_action(fighter)
        fighter.fled_as = was
        text += f": flees the battlefield ({was.label}; off the table as Out of Action"
        text += (
            ", tests to succumb in the Wrap-up)"
            if was is BattleStatus.SERIOUSLY_INJURED
            else ", no Lasting Injury)"
        )
    table.say(text + ".")
    return event.model_copy(
        update={"fighter": fighter.name, "roll": total if event.roll is None else event.roll}
    )


def _injury_faces(table: Table, rolls: list[int | str]) -> list[str]:
    faces: list[str] = []
    for roll in rolls:
        if isinstance(roll, int):
            faces.append(table.ruleset.attack.injury_face(roll))
            continue
        word = str(normalise_word(roll))
        if word not in _BEST_FIRST:
            raise BattleError(
                f"recovery_test: {quoted(roll)} is not an Injury dice face ({', '.join(_BEST_FIRST)})"
            )
        faces.append(word)
    return faces


def recovery_test(table: Table, event: RecoveryTestEvent) -> RecoveryTestEvent:
    _step_on(table, "recovery", "Recovery test")
    rules = table.ruleset.end_phase.recovery
    fighter = table.fighter(event.fighter)
    if fighter.status is not BattleStatus.SERIOUSLY_INJURED:
        raise BattleError(
            f"{fighter.name} is {fighter.status.label}: only a Seriously Injured fighter"
            " takes a Recovery test"
        )
    key = _not_yet(
        table, "recovery_test", fighter.qualified_name, f"{fighter.name}'s Recovery test"
    )
    if event.roll is None:
        count = 1 + (rules.assistance_dice if event.assisted else 0)
        given: list[int | str] = list(table.roll(None, count, f"Recovery test for {fighter.name}"))
    else:
        given = list(event.roll) if isinstance(event.roll, list) else [event.roll]
    faces = _injury_faces(table, given)
    kept = min(faces, key=_BEST_FIRST.index)
    table.state.end_phase_done.append(key)
    result = rules.result(kept)
    shown = ", ".join(f.replace("_", " ") for f in faces)
    text = f"{fighter.name}: Recovery test, Injury dice {shown}"
    if len(faces) > 1:
        text += f" (keeps {kept.replace('_', ' ')})"
    if event.assisted:
        text += ", assisted"
    wounded = result.flesh_wound and not (event.assisted and rules.assistance_spares_flesh_wound)
    if result.status == "out_of_action":
        table.go_out_of_action(fighter)
        text += ": Out of Action"
    else:
        if wounded:
            fighter.flesh_wounds += 1
            text += ": a Flesh Wound"
        status = BattleStatus(result.status)
        if status is not fighter.status:
            fighter.status = status
            text += f", {status.label}" if wounded else f": {status.label}"
        elif not wounded:
            text += ": stays Seriously Injured"
        else:
            text += ", stays Seriously Injured"
        toughness = fighter.live_values().get("T")
        if toughness is not None and toughness <= 0:
            table.go_out_of_action(fighter)
            text += "; Toughness 0, Out of Action"
    table.say(text + ".")
    roll = event.roll if event.roll is not None else (given[0] if len(given) == 1 else given)
    return event.model_copy(update={"fighter": fighter.name, "roll": roll})


def rally_test(table: Table, event: RallyTestEvent) -> RallyTestEvent:
    _step_on(table, "rally", "Rally test")
    rules = table.ruleset.end_phase.rally
    fighter = table.fighter(event.fighter)
    if Marker.BROKEN not in fighter.markers:
        raise BattleError(f"{fighter.name} is not Broken: no Rally test")
    key = _not_yet(table, "rally_test", fighter.qualified_name, f"{fighter.name}'s Rally test")
    friends = [
        f
        for f in table.state.fighters
        if f is not fighter
        and f.gang == fighter.gang
        and not f.out_of_action
        and f.status is not BattleStatus.SERIOUSLY_INJURED
        and Marker.BROKEN not in f.markers
    ]
    if event.friends > len(friends):
        raise BattleError(
            f"{fighter.name}: {event.friends} friends given, but only {len(friends)} are"
            " neither Broken nor Seriously Injured"
        )
    cool = _cool(fighter)
    total = _two_d6(table, event.roll, f"Rally test for {fighter.name}")
    table.state.end_phase_done.append(key)
    bonus = rules.bonus_per_friend * event.friends
    text = f"{fighter.name}: Rally test {total}" + (f" +{bonus}" if bonus else "")
    text += f" against {cool}+"
    if total + bonus >= cool:
        fighter.markers.discard(Marker.BROKEN)
        text += ": rallies, no longer Broken"
    else:
        text += ": stays Broken"
    table.say(text + ".")
    return event.model_copy(
        update={"fighter": fighter.name, "roll": total if event.roll is None else event.roll}
    )


def clear_round_markers(table: Table) -> list[str]:
    """Take off the markers that last until the end of the round; the lines said."""
    cleared: list[str] = []
    wanted = [Marker(m) for m in table.ruleset.end_phase.clears_markers]
    for fighter in table.state.fighters:
        gone = [m for m in wanted if m in fighter.markers]
        for marker in gone:
            fighter.markers.discard(marker)
        if gone:
            cleared.append(f"{fighter.name}: {', '.join(m.label for m in gone)} marker off")
    table.state.end_phase_done.clear()
    return cleared


# ---------------------------------------------------------------- what waits


def waiting(ruleset: Ruleset, state: BattleState) -> list[EndTest]:
    """The End phase tests still to take this round, in the pack's order.

    The flee step waits for the Bottle tests before it (its Cool checks depend
    on them), so a test taken may add the next ones.
    """
    done = set(state.end_phase_done)
    tests: list[EndTest] = []
    for step in ruleset.end_phase.steps:
        if step == "bottle":
            tests += _bottles(ruleset, state, done)
        elif step == "flee":
            # Listed once the Bottle tests before it are taken: they decide who tests.
            if not any(t.kind == "bottle_test" for t in tests):
                tests += _cool_checks(state, done)
        elif step == "recovery":
            tests += [
                EndTest(
                    "recovery_test",
                    _who(state, f),
                    f"{f.name} is Seriously Injured: Recovery test, one Injury dice",
                    1,
                )
                for f in state.fighters
                if f.status is BattleStatus.SERIOUSLY_INJURED
                and _done_key("recovery_test", f.qualified_name) not in done
            ]
        elif step == "rally":
            tests += [
                EndTest(
                    "rally_test",
                    _who(state, f),
                    f"{f.name} is Broken: Rally test, 2D6 against Cool {f.live_profile()['Cl']}"
                    f" (+{ruleset.end_phase.rally.bonus_per_friend} per friend within"
                    f" {ruleset.end_phase.rally.friends_within} neither Broken nor"
                    " Seriously Injured)",
                    2,
                )
                for f in state.fighters
                if not f.out_of_action
                and Marker.BROKEN in f.markers
                and _done_key("rally_test", f.qualified_name) not in done
            ]
    return tests


def _bottles(ruleset: Ruleset, state: BattleState, done: set[str]) -> list[EndTest]:
    tests = []
    for gang in state.gangs:
        down = _counted(ruleset, state, gang)
        if gang in state.bottled or not down or _done_key("bottle_test", gang) in done:
            continue
        crew = len(_crew(state, gang))
        tests.append(
            EndTest(
                "bottle_test",
                gang,
                f"{gang} has {len(down)} down: Bottle test, a D6 + {len(down)}"
                f" above {crew} (the starting crew) bottles out",
                1,
            )
        )
    return tests


def _cool_checks(state: BattleState, done: set[str]) -> list[EndTest]:
    return [
        EndTest(
            "cool_check",
            _who(state, f),
            f"{f.gang or state.gangs[0]} has bottled out: {f.name} tests Cool"
            f" ({f.live_profile()['Cl']}) on 2D6 or flees the battlefield",
            2,
        )
        for f in state.fighters
        if (f.gang or state.gangs[0]) in state.bottled
        and not f.out_of_action
        and _done_key("cool_check", f.qualified_name) not in done
    ]
