"""Wrap-up: last battle's Recovery cleared, succumb rolls, Lasting Injuries, captures,
escapes and the old wounds that ask for a D6 after a battle."""

from __future__ import annotations

from gangmanager.rules.dice import is_d66
from gangmanager.rules.gang import FighterStatus, Gang
from gangmanager.rules.gang_additions import after_lasting_injury
from gangmanager.rules.injuries import (
    InjuryProblem,
    after_battle_roll,
    find_result,
    read_roll,
    suffer,
    worse_status,
)
from gangmanager.rules.post_battle_draft import InjuryEntry, PostBattleDraft
from gangmanager.rules.post_battle_steps.run import CampaignState, StepResult, StepRun
from gangmanager.rules.post_battle_steps.vehicle_damage import in_repair
from gangmanager.rules.post_battle_trading import fighter_index
from gangmanager.rules.ruleset import AfterBattleRoll, Ruleset


def wrap_up(
    draft: PostBattleDraft, gang: Gang, ruleset: Ruleset, campaign: CampaignState
) -> StepResult:
    run = StepRun("wrap_up", draft, gang, ruleset, campaign)
    if run.draft.result is None:
        run.problem("choose the result of the battle (win, loss or draw)")
    if run.draft.clear_recovery:
        for i, fighter in enumerate(run.gang.fighters):
            if in_repair(run.ruleset, fighter):
                continue  # a vehicle written off stays In Repair until repaired
            if fighter.status in (FighterStatus.IN_RECOVERY, FighterStatus.CONVALESCENCE):
                run.set_fighter(i, fighter.model_copy(update={"status": FighterStatus.ACTIVE}))
                run.note(fighter.name, f"back from {fighter.status.label}")
    injured = {fighter_index(run.gang, e.fighter) for e in run.draft.injuries}
    for entry in run.draft.succumb:
        index = run.index(entry.fighter, "succumb roll")
        if index is None:
            continue
        name = run.gang.fighters[index].name
        missing = f"{name}: roll the D6 to see if they succumb to their injuries"
        roll = run.d6(name, entry.roll, "succumb", missing)
        if roll is None:
            continue
        if roll <= run.ruleset.post_battle_rules.succumb_on:
            run.note(name, f"succumbed to their injuries (rolled {roll}): Out of Action")
            if index not in injured:
                run.problem(f"{name} succumbed (rolled {roll}): add their Lasting Injury")
        else:
            run.note(name, f"shrugged off their injuries (rolled {roll})")
    wounded = _old_wounds_due(run)
    before = [f.status for f in run.gang.fighters]
    seen: set[int] = set()
    for lasting in run.draft.injuries:
        index = run.index(lasting.fighter, "Lasting Injury")
        if index is None:
            if lasting.roll is not None and not is_d66(lasting.roll):
                run.problem(f"{lasting.fighter}: {lasting.roll} is not a D66 roll (11-66)")
            continue
        if index in seen:
            run.problem(f"{run.gang.fighters[index].name}: two Lasting Injury entries")
            continue
        seen.add(index)
        _injury(run, index, lasting)
    captured = [
        i
        for i, (was, fighter) in enumerate(zip(before, run.gang.fighters, strict=True))
        if fighter.status is FighterStatus.CAPTURED and was is not FighterStatus.CAPTURED
    ]
    _escapes(run, captured)
    _capture_roll(run, seen)
    _old_wounds(run, wounded)
    return run.result()


def _escapes(run: StepRun, captured: list[int]) -> None:
    """2023: each fighter Captured on the injury table rolls to slip away."""
    rules = run.ruleset.post_battle_rules.capture_escape
    entries = {e.fighter.casefold(): e for e in run.draft.escapes}
    names = {run.gang.fighters[i].name.casefold() for i in captured}
    for name in entries.keys() - names:
        run.problem(f"escape roll: {entries[name].fighter} was not Captured in this battle")
    if rules is None:
        return
    for index in captured:
        fighter = run.gang.fighters[index]
        entry = entries.get(fighter.name.casefold())
        modifier = {"draw": rules.draw, "loss": rules.loss}.get(run.draft.result or "", 0)
        if entry is not None and entry.webbed:
            modifier += rules.webbed
        how = f"{rules.target}+" + (f", {modifier:+d}" if modifier else "")
        missing = (
            f"{fighter.name} was Captured: roll a D6 to escape ({how};"
            f" a {rules.always_on} always escapes)"
        )
        roll = run.d6(fighter.name, entry.roll if entry else None, "escape", missing)
        if roll is None:
            continue
        if roll == rules.always_on or roll + modifier >= rules.target:
            run.set_fighter(index, fighter.model_copy(update={"status": rules.status}))
            run.note(
                fighter.name,
                f"escaped their captors (rolled {roll}, {how}): {rules.status.label}",
            )
        else:
            run.note(fighter.name, f"did not escape (rolled {roll}, {how}): Captured")


def _capture_roll(run: StepRun, out_of_action: set[int]) -> None:
    """Older rules: the opposing gang's 2D6 capture roll may take one of the fallen."""
    entry = run.draft.capture
    if entry is None:
        return
    rules = run.ruleset.post_battle_rules.capture_roll
    if rules is None:
        run.problem(
            f"capture roll: in {run.ruleset.id} capture is a Lasting Injury result,"
            " not a separate roll"
        )
        return
    total = entry.roll + entry.modifier
    run.rolls.append(f"{run.gang.name}: opponent's capture 2D6 rolled {entry.roll}")
    if total <= rules.beats:
        run.note(None, f"not captured: the capture roll made {total} ({rules.beats + 1}+ needed)")
        if entry.fighter is not None:
            run.problem(f"capture roll: {total} captures nobody, yet it names {entry.fighter}")
        return
    if entry.fighter is None:
        run.problem(f"capture roll: {total} captures one fighter taken Out of Action: name them")
        return
    index = run.index(entry.fighter, "capture roll")
    if index is None:
        return
    fighter = run.gang.fighters[index]
    if index not in out_of_action:
        run.problem(f"capture roll: {fighter.name} did not go Out of Action")
        return
    if fighter.status in (FighterStatus.DEAD, FighterStatus.CRITICAL):
        run.problem(f"capture roll: {fighter.name} is {fighter.status.label.lower()}")
        return
    run.set_fighter(index, fighter.model_copy(update={"status": FighterStatus.CAPTURED}))
    run.note(fighter.name, f"Captured (the capture roll made {total})")


def _old_wounds_due(run: StepRun) -> dict[int, tuple[str, AfterBattleRoll]]:
    """Fighters whose lasting injuries ask for a D6 after this battle, by index."""
    due = {i: after_battle_roll(run.ruleset, f) for i, f in enumerate(run.gang.fighters)}
    return {i: wound for i, wound in due.items() if wound is not None}


def _old_wounds(run: StepRun, due: dict[int, tuple[str, AfterBattleRoll]]) -> None:
    entries = {e.fighter.casefold(): e for e in run.draft.old_wounds}
    names = {run.gang.fighters[i].name.casefold() for i in due}
    for name in entries.keys() - names:
        run.problem(f"{entries[name].fighter}: no injury asks for a roll after the battle")
    for index, (wound, rule) in due.items():
        fighter = run.gang.fighters[index]
        entry = entries.get(fighter.name.casefold())
        if entry is not None and not entry.took_part:
            run.note(fighter.name, f"{wound}: did not take part, no roll")
            continue
        missing = (
            f"{fighter.name} has an {wound}: roll a D6 ({rule.fails_on} or less:"
            f" {rule.status.label}), or say they did not take part"
        )
        roll = run.d6(fighter.name, entry.roll if entry else None, wound, missing)
        if roll is None:
            continue
        if roll <= rule.fails_on:
            status = worse_status(fighter.status, rule.status)
            run.set_fighter(index, fighter.model_copy(update={"status": status}))
            run.note(fighter.name, f"{wound} flares up (rolled {roll}): {status.label}")
        else:
            run.note(fighter.name, f"{wound} holds (rolled {roll})")


def _injury(run: StepRun, index: int, entry: InjuryEntry) -> None:
    fighter = run.gang.fighters[index]
    name = fighter.name
    if entry.roll is None and entry.result is None:
        run.problem(f"{name}: roll the Lasting Injury (D66) or pick the result")
        return
    rolls = list(entry.rolls)

    def resolve() -> None:
        if entry.roll is not None:
            result = read_roll(run.ruleset, entry.roll)
        else:
            result = find_result(run.ruleset, entry.result or "")
        outcome = suffer(run.ruleset, fighter, result, rolls, roll=entry.roll)
        if rolls:
            raise InjuryProblem(f"{len(rolls)} roll(s) left unused: {rolls}")
        kept, leaves = after_lasting_injury(run.ruleset, run.gang.house, fighter, outcome.fighter)
        run.set_fighter(index, kept)
        run.note(name, "Out of Action")
        for line in [*outcome.lines, *([leaves] if leaves else [])]:
            run.note(name, f"Lasting Injury {line}")
        dice = [entry.roll] if entry.roll is not None else []
        if dice or entry.rolls:
            run.rolls.append(
                f"{name}: Lasting Injury rolled {', '.join(map(str, [*dice, *entry.rolls]))}"
            )

    run.attempt(name, resolve)
