"""Battle use cases: start, apply events, undo, show, end. One transaction each.

This module starts and ends a battle, keeps the thin function of each battle
action (`apply_events`, `undo_last`...) for the command line, and offers every
battle name; the rest is split by job: `battle_records` (the records and the
reads), `battle_log` (apply events, undo the last), `battle_hires` (Hired Guns
a campaign grants).

Every event is stored as it is applied, so a closed window or a crash
resumes exactly where the battle was. A failed Ammo test on a Limited
profile deletes that profile from the stored gang in the same transaction
as the event (committed ratings untouched, the pending rating lower by the
profile's price); undoing the event puts it back.

A `hire` event (a Hired Gun for this battle only) is stored only when the
gang's running campaign grants it: a held territory's `for_one_battle` boon
lists that type, and fewer of them were hired in this battle than it lists.
Hired Guns never touch the stored gang.

For the post-battle sequence: `ended_battle` gives the last battle handed
over (its final state and events) and `mark_battle_done` closes it for good.

An event or an undo does not fold the whole log again: the battle repository
hands out the state the last action left (`uow.battles.playing`, kept by
`persistence.battle_folds`) while the battle's revision and the gangs'
versions are still the stored ones, so an event costs the same with 500
events in the log as with one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gangmanager.exchange.errors import ImportFileError, describe_value
from gangmanager.exchange.json_input import read_json_document
from gangmanager.persistence.battle_repository import (
    ENDED,
    OPEN,
)
from gangmanager.persistence.database import Database
from gangmanager.persistence.unit_of_work import UnitOfWork
from gangmanager.rules.battle import (
    crew_fighters,
)
from gangmanager.rules.battle_events import (
    BattleError,
    BattleEvent,
)
from gangmanager.rules.dice import Dice
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.services.battle_hires import battle_hire_offers, hire_grants
from gangmanager.services.battle_log import ApplyEvents, EventRefused, UndoLastEvent
from gangmanager.services.battle_records import (
    BattleRecord,
    BattleResult,
    _folded,
    _gang,
    _open,
    _outcome,
    _record,
    _sides,
    _stored_record,
    battle_record,
    ended_battle,
    ended_battle_of,
    mark_battle_done,
    open_battle,
    profile_states,
    show_battle,
)
from gangmanager.services.changes import Changes
from gangmanager.services.errors import ServiceError
from gangmanager.services.operations import Action, Context, Outcome, perform
from gangmanager.services.rulesets import Rulesets

__all__ = [
    "ApplyEvents",
    "BattleRecord",
    "BattleResult",
    "CampaignFacts",
    "EndBattle",
    "EventRefused",
    "StartBattle",
    "UndoLastEvent",
    "apply_events",
    "battle_hire_offers",
    "battle_record",
    "campaign_facts",
    "end_battle",
    "ended_battle",
    "ended_battle_of",
    "hire_grants",
    "mark_battle_done",
    "open_battle",
    "profile_states",
    "read_events_file",
    "show_battle",
    "start_battle",
    "undo_last",
]


# ---------------------------------------------------------------- actions


@dataclass(frozen=True)
class StartBattle(Action[BattleResult]):
    gang_ref: str | int
    scenario: str = ""
    crew: Sequence[str] = ()
    against: str | int | None = None
    against_crew: Sequence[str] = ()
    accept_ruleset: bool = False

    def run(self, ctx: Context) -> Outcome[BattleResult]:
        uow, rulesets = ctx.uow, ctx.rulesets
        gang = _gang(uow, self.gang_ref)
        assert gang.id is not None
        other = _gang(uow, self.against) if self.against is not None else None
        _check_free(uow, gang, other)
        if self.against is None and self.against_crew:
            raise ServiceError("--against-crew needs --against (the second gang)")
        ruleset = rulesets.get(gang.ruleset)
        lines = _ruleset_lines(gang, other, ruleset.id, self.accept_ruleset)
        fighters, theirs = _crews(gang, self.crew, other, self.against_crew)
        stored = uow.battles.add(
            gang.id,
            self.scenario.strip(),
            ruleset.id,
            [f.id for f in fighters if f.id is not None],
            against_gang_id=other.id if other is not None else None,
            against_crew=[f.id for f in theirs if f.id is not None],
        )
        starter, against_side = _sides(uow, stored, gang)
        record = _record(stored, starter, rulesets, against=against_side)
        uow.battles.keep_written(stored.id, _folded(stored, record, starter, against_side))
        lines.insert(0, _started_line(gang, self.scenario, fighters, other, theirs))
        return _outcome(BattleResult(record, (), tuple(lines), Changes(messages=tuple(lines))))


def start_battle(
    db: Database,
    rulesets: Rulesets,
    gang_ref: str | int,
    *,
    scenario: str = "",
    crew: Sequence[str] = (),
    against: str | int | None = None,
    against_crew: Sequence[str] = (),
    accept_ruleset: bool = False,
) -> BattleResult:
    """Start a battle with the named crew (everyone who can fight when none is named).

    With `against`, one battle for both gangs under the first gang's ruleset; a
    second gang on another ruleset must be accepted (`accept_ruleset`).
    """
    action = StartBattle(
        gang_ref, scenario, tuple(crew), against, tuple(against_crew), accept_ruleset
    )
    return perform(db, action, rulesets).result


def _check_free(uow: UnitOfWork, gang: Gang, other: Gang | None) -> None:
    """Refused when either gang already has a battle going on, or fights itself."""
    for side in (gang, other):
        if side is None:
            continue
        assert side.id is not None
        going_on = uow.battles.for_gang(side.id, OPEN)
        if going_on is not None:
            raise ServiceError(
                f"{side.name} already has a battle going on (started"
                f" {going_on.started_at:%Y-%m-%d %H:%M}): end it first"
            )
    if other is not None and other.id == gang.id:
        raise ServiceError(f"{gang.name} cannot fight itself")


def _ruleset_lines(gang: Gang, other: Gang | None, ruleset: str, accept: bool) -> list[str]:
    """A second gang on another ruleset plays by the first's, once accepted."""
    if other is None or other.ruleset == gang.ruleset:
        return []
    if not accept:
        raise ServiceError(
            f"{gang.name} plays {gang.ruleset} and {other.name} plays {other.ruleset}:"
            f" the battle would use {ruleset} ({gang.name}'s); accept it to start"
            " (--accept-ruleset)"
        )
    return [f"Both gangs play by {ruleset} ({gang.name}'s ruleset) in this battle."]


def _crews(
    gang: Gang, crew: Sequence[str], other: Gang | None, against_crew: Sequence[str]
) -> tuple[list[Fighter], list[Fighter]]:
    """Each side's fighters; refused when a side has nobody who can fight."""
    try:
        fighters = crew_fighters(gang, list(crew))
        theirs = crew_fighters(other, list(against_crew)) if other is not None else []
    except BattleError as exc:
        raise ServiceError(str(exc)) from None
    for side, chosen in ((gang, fighters), (other, theirs)):
        if side is not None and not chosen:
            raise ServiceError(f"{side.name} has nobody who can fight")
    return fighters, theirs


def _started_line(
    gang: Gang, scenario: str, fighters: list[Fighter], other: Gang | None, theirs: list[Fighter]
) -> str:
    line = f"{gang.name}: battle started" + (f" ({scenario.strip()})" if scenario.strip() else "")
    line += f" with {', '.join(f.name for f in fighters)}"
    if other is not None:
        line += f", against {other.name} with {', '.join(f.name for f in theirs)}"
    return line + "."


def apply_events(
    db: Database,
    rulesets: Rulesets,
    gang_ref: str | int,
    events: Sequence[Mapping[str, Any] | BattleEvent],
    dice: Dice | None = None,
) -> BattleResult:
    """Apply events in order, all or nothing; missing rolls come from `dice`.

    Raises EventRefused (a ServiceError) naming the first refused event.
    """
    return perform(db, ApplyEvents(gang_ref, tuple(events), dice), rulesets).result


def undo_last(db: Database, rulesets: Rulesets, gang_ref: str | int) -> BattleResult:
    """Remove the battle's last event; a deleted Limited profile goes back on the card."""
    return perform(db, UndoLastEvent(gang_ref), rulesets).result


@dataclass(frozen=True)
class EndBattle(Action[BattleResult]):
    gang_ref: str | int

    def run(self, ctx: Context) -> Outcome[BattleResult]:
        uow, rulesets = ctx.uow, ctx.rulesets
        gang, stored = _open(uow, self.gang_ref)
        uow.battles.forget(stored.id)
        ended = uow.battles.set_status(stored.id, ENDED)
        record = _stored_record(uow, ended, gang, rulesets)
        names = record.gang_name + (f" and {record.against_name}" if record.against_name else "")
        lines = [
            f"{names}: battle {record.battle_id} ended after round {record.state.round};"
            " run the post-battle sequence" + (" of each gang." if record.against_name else ".")
        ]
        lines += [f"Still waiting: {p.text}" for p in record.state.prompts]
        return _outcome(BattleResult(record, (), tuple(lines), Changes(messages=tuple(lines))))


def end_battle(db: Database, rulesets: Rulesets, gang_ref: str | int) -> BattleResult:
    """Close the battle and hand it to the post-battle sequence."""
    return perform(db, EndBattle(gang_ref), rulesets).result


@dataclass(frozen=True)
class CampaignFacts:
    """What a tracked two-gang battle tells a campaign: who fought, the enemies each took out."""

    gangs: tuple[str, str]
    scenario: str
    # Gang name -> enemies of the other gang Out of Action at the end.
    out_of_action: dict[str, int]


def campaign_facts(db: Database, rulesets: Rulesets, battle_id: int) -> CampaignFacts:
    """The facts `campaign battle --from-battle` records; refused for a battle still going on
    or one gang's battle (the campaign needs both sides)."""
    record = battle_record(db, rulesets, battle_id)
    if record.status == OPEN:
        raise ServiceError(f"battle {battle_id} is still going on: end it first")
    if record.against_name is None:
        raise ServiceError(
            f"battle {battle_id} tracked {record.gang_name} alone: name the gangs with --gangs"
            " and the Out of Action counts with --out-of-action instead"
        )
    first, second = record.gang_name, record.against_name
    state = record.state
    return CampaignFacts(
        gangs=(first, second),
        scenario=record.scenario,
        out_of_action={
            first: len(state.side(second).out_of_action),
            second: len(state.side(first).out_of_action),
        },
    )


# ---------------------------------------------------------------- files


def read_events_file(path: Path) -> list[dict[str, Any]]:
    """A JSON list of event objects; refused whole with a message naming the file."""
    try:
        data = read_json_document(path)
    except ImportFileError as exc:
        raise ServiceError(str(exc)) from None
    if not isinstance(data, list):
        raise ServiceError(f"{path}: expected a JSON list of events, got {type(data).__name__}")
    for number, item in enumerate(data, start=1):
        if not isinstance(item, dict):
            raise ServiceError(f"{path}: event {number} is not an object: {describe_value(item)}")
    return data
