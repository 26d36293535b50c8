"""Vehicles after the battle: Lasting Damage for each Wrecked one, Lasting Injuries for its
crew, both on the pack's tables (`vehicle_rules.toml`).

A Lasting Damage roll is a D6 plus what the vehicle's earlier results add to it (a
Persistent Rattle: +1 each); the total is read on the pack's table, past 6 too (a
Write-off puts the vehicle In Repair until a repair is bought). The crew of a
Wrecked vehicle rolls a D66 on the pack's crew table instead of the fighters'
Lasting Injury table. Each result is recorded like a Lasting Injury: its name on the
vehicle's injuries, its changes a modifier of kind `injury`, its status the worse.
"""

from __future__ import annotations

from gangmanager.rules.dice import is_d66
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.injuries import InjuryProblem, suffer
from gangmanager.rules.limits import quoted
from gangmanager.rules.post_battle_draft import CrewInjuryEntry, LastingDamageEntry, PostBattleDraft
from gangmanager.rules.post_battle_steps.run import CampaignState, StepResult, StepRun
from gangmanager.rules.ruleset import InjuryResult, Ruleset
from gangmanager.rules.vehicle_rules import VehicleRules, VehicleTableRow
from gangmanager.rules.weapons import trait_key


def vehicle_damage(
    draft: PostBattleDraft, gang: Gang, ruleset: Ruleset, campaign: CampaignState
) -> StepResult:
    run = StepRun("vehicle_damage", draft, gang, ruleset, campaign)
    for entry in run.draft.lasting_damage:
        found = _vehicle(run, entry.fighter, "Lasting Damage")
        if found is not None:
            _lasting_damage(run, *found, entry)
    for crew in run.draft.crew_injuries:
        found = _vehicle(run, crew.fighter, "crew injury")
        if found is not None:
            _crew_injury(run, *found, crew)
    return run.result()


def _vehicle(run: StepRun, name: str, what: str) -> tuple[int, VehicleRules] | None:
    index = run.index(name, what)
    if index is None:
        return None
    fighter = run.gang.fighters[index]
    rules = run.ruleset.vehicle_rules_for(fighter.profile)
    if rules is None:
        run.problem(f"{what}: {fighter.name} is no vehicle")
        return None
    return index, rules


def rattle(rules: VehicleRules, fighter: Fighter) -> int:
    """What the vehicle's earlier results add to its next Lasting Damage roll."""
    adds = {trait_key(r.name): r.adds_to_roll for r in rules.lasting_damage.table}
    return sum(adds.get(trait_key(name), 0) for name in fighter.injuries)


def in_repair(ruleset: Ruleset, fighter: Fighter) -> bool:
    """A vehicle whose Lasting Damage took it off the road (a Write-off): it stays so
    until repaired, whatever the Wrap-up clears."""
    rules = ruleset.vehicle_rules_for(fighter.profile)
    if rules is None:
        return False
    off = {trait_key(r.name) for r in rules.lasting_damage.table if r.status is not None}
    return any(trait_key(name) in off for name in fighter.injuries)


def as_injury(row: VehicleTableRow) -> InjuryResult:
    """A table row read as a Lasting Injury (the wizard previews it the same way)."""
    return InjuryResult.model_validate(
        {
            "roll": row.roll,
            "name": row.name,
            "summary": row.summary,
            "changes": row.changes,
            "status": row.status,
            "xp": row.xp,
        }
    )


def _named(rows: list[VehicleTableRow], name: str, table: str) -> VehicleTableRow:
    found = next((r for r in rows if trait_key(r.name) == trait_key(name)), None)
    if found is None:
        known = ", ".join(r.name for r in rows)
        raise InjuryProblem(f"no {table} result {quoted(name)} (known: {known})")
    return found


def _lasting_damage(
    run: StepRun, index: int, rules: VehicleRules, entry: LastingDamageEntry
) -> None:
    fighter = run.gang.fighters[index]
    name = fighter.name
    if entry.roll is None and entry.result is None:
        run.problem(f"{name}: roll the Lasting Damage (D6) or pick the result")
        return

    def resolve() -> None:
        table = rules.lasting_damage
        if entry.roll is not None:
            extra = rattle(rules, fighter)
            total = entry.roll + extra
            row = table.row(total)
            if row is None:
                raise InjuryProblem(f"a total of {total} is on no row of the Lasting Damage table")
            shown = f"{entry.roll}" + (f" +{extra} = {total}" if extra else "")
            run.rolls.append(f"{name}: Lasting Damage D6 rolled {entry.roll}")
        else:
            row = _named(table.table, entry.result or "", "Lasting Damage")
            shown = ""
        outcome = suffer(run.ruleset, fighter, as_injury(row), [])
        run.set_fighter(index, outcome.fighter)
        label = f"Lasting Damage ({shown})" if shown else "Lasting Damage"
        for line in outcome.lines:
            run.note(name, f"{label}: {line}")

    run.attempt(name, resolve)


def _crew_injury(run: StepRun, index: int, rules: VehicleRules, entry: CrewInjuryEntry) -> None:
    fighter = run.gang.fighters[index]
    name = fighter.name
    if entry.roll is None and entry.result is None:
        run.problem(f"{name}: roll the crew's Lasting Injury (D66) or pick the result")
        return
    rolls = list(entry.rolls)

    def resolve() -> None:
        if entry.roll is not None:
            if not is_d66(entry.roll):
                raise InjuryProblem(f"{entry.roll} is not a D66 roll (11-66, each die 1-6)")
            row = rules.crew_injury(entry.roll)
            if row is None:
                raise InjuryProblem(f"roll {entry.roll} is on no row of the crew injury table")
        else:
            row = _named(rules.crew_injuries, entry.result or "", "crew injury")
        outcome = suffer(run.ruleset, fighter, as_injury(row), rolls, roll=entry.roll)
        if rolls:
            raise InjuryProblem(f"{len(rolls)} roll(s) left unused: {rolls}")
        run.set_fighter(index, outcome.fighter)
        for line in outcome.lines:
            run.note(name, f"crew Lasting Injury {line}")
        dice = [entry.roll] if entry.roll is not None else []
        if dice or entry.rolls:
            run.rolls.append(
                f"{name}: crew Lasting Injury rolled {', '.join(map(str, [*dice, *entry.rolls]))}"
            )

    run.attempt(name, resolve)
