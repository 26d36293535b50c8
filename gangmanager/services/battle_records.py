"""A battle as the tracker, the command line and the post-battle sequence read it
(BattleRecord), what a battle step returns (BattleResult), and the reads: the
battle going on, by id, the one handed to the post-battle sequence.

The battle going on comes folded from the battle repository
(`uow.battles.playing`); the others are folded here from their log."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from gangmanager.persistence.battle_folds import Folded, parse_payloads, versions
from gangmanager.persistence.battle_repository import (
    ENDED,
    OPEN,
    StoredBattle,
    battles,
)
from gangmanager.persistence.database import Database
from gangmanager.persistence.unit_of_work import UnitOfWork
from gangmanager.rules.battle import (
    Opponent,
    fold,
)
from gangmanager.rules.battle_events import (
    BattleError,
    BattleEvent,
    event_payload,
)
from gangmanager.rules.battle_state import BattleState
from gangmanager.rules.gang import Gang
from gangmanager.services.changes import Changes
from gangmanager.services.errors import ServiceError, UnknownGangError
from gangmanager.services.operations import Outcome
from gangmanager.services.rulesets import Rulesets


@dataclass(frozen=True)
class BattleRecord:
    """A battle as the tracker and the post-battle sequence read it."""

    battle_id: int
    gang_id: int
    gang_name: str
    scenario: str
    ruleset: str
    # open, ended or done.
    status: str
    crew: tuple[int, ...]
    started_at: datetime
    ended_at: datetime | None
    events: tuple[BattleEvent, ...]
    state: BattleState
    # The second gang of a two-gang battle.
    against_id: int | None = None
    against_name: str | None = None

    def view(self) -> dict[str, Any]:
        """What `gangmanager battle show --json` prints."""
        state = self.state.view()
        return {
            "battle": self.battle_id,
            "gang": self.gang_name,
            "gang_id": self.gang_id,
            "against": self.against_name,
            "against_id": self.against_id,
            "scenario": self.scenario,
            "ruleset": self.ruleset,
            "status": self.status,
            "started_at": self.started_at.isoformat(),
            "ended_at": self.ended_at.isoformat() if self.ended_at else None,
            **state,
            "events": [event_payload(e) for e in self.events],
        }

    def for_gang(self, gang_id: int) -> BattleRecord:
        """The battle as one gang's post-battle sequence reads it: that gang's fighters only."""
        if self.against_id is None or gang_id not in (self.gang_id, self.against_id):
            return self
        if gang_id == self.gang_id:
            return replace(self, state=self.state.side(self.gang_name))
        assert self.against_name is not None
        return replace(
            self,
            gang_id=gang_id,
            gang_name=self.against_name,
            crew=(),
            against_id=self.gang_id,
            against_name=self.gang_name,
            state=self.state.side(self.against_name),
        )

    def profile_states(self) -> dict[tuple[str, str, str], str]:
        """(fighter, weapon, profile) -> ready / out_of_ammo / jammed / spent / deleted,
        for the roster's fighters (what `show` marks on the gang's cards)."""
        return {
            (f.name, w.name, p.name): p.state.value
            for f in self.state.roster_fighters
            for w in f.weapons
            for p in w.profiles
        }


@dataclass(frozen=True)
class BattleResult:
    record: BattleRecord
    # The events stored (or, for undo, removed) by this action, completed.
    events: tuple[BattleEvent, ...]
    # Plain words for each of them.
    lines: tuple[str, ...]
    changes: Changes


def _gang(uow: UnitOfWork, ref: str | int) -> Gang:
    gang = uow.gangs.find(str(ref))
    if gang is None:
        raise UnknownGangError(str(ref), uow.gangs.names())
    return gang


def _sides(uow: UnitOfWork, stored: StoredBattle, gang: Gang) -> tuple[Gang, Opponent | None]:
    """The gang that started the battle and the second gang, whichever of them `gang` is."""
    if stored.against_gang_id is None:
        return gang, None
    starter = gang if gang.id == stored.gang_id else uow.gangs.get(stored.gang_id)
    other = gang if gang.id == stored.against_gang_id else uow.gangs.get(stored.against_gang_id)
    return starter, Opponent(other, list(stored.against_crew))


def _record(
    stored: StoredBattle,
    gang: Gang,
    rulesets: Rulesets,
    events: Sequence[BattleEvent] | None = None,
    state: BattleState | None = None,
    against: Opponent | None = None,
) -> BattleRecord:
    """The stored battle with its state: folded here unless the caller has it already.

    `gang` is the gang that started it; `against` the second gang, if any.
    """
    events = tuple(events) if events is not None else tuple(_parse_stored(stored))
    if state is None:
        ruleset = rulesets.get(stored.ruleset)
        try:
            state = fold(ruleset, gang, list(stored.crew), events, strict=False, against=against)
        except BattleError as exc:
            raise ServiceError(
                f"battle {stored.id} of {gang.name} cannot be shown: {exc}"
            ) from None
    return BattleRecord(
        battle_id=stored.id,
        gang_id=stored.gang_id,
        gang_name=gang.name,
        scenario=stored.scenario,
        ruleset=stored.ruleset,
        status=stored.status,
        crew=stored.crew,
        started_at=stored.started_at,
        ended_at=stored.ended_at,
        events=events,
        state=state,
        against_id=against.gang.id if against is not None else None,
        against_name=against.gang.name if against is not None else None,
    )


def _stored_record(
    uow: UnitOfWork, stored: StoredBattle, gang: Gang, rulesets: Rulesets
) -> BattleRecord:
    starter, against = _sides(uow, stored, gang)
    return _record(stored, starter, rulesets, against=against)


def _parse_stored(stored: StoredBattle) -> list[BattleEvent]:
    return parse_payloads(stored.id, stored.events)


def _folded(
    stored: StoredBattle, record: BattleRecord, starter: Gang, against: Opponent | None
) -> Folded:
    """A battle just read (or started) whole, as the repository keeps it for the next event."""
    return Folded(
        stored.revision,
        versions(starter, against),
        record.events,
        record.state,
        starter,
        against,
    )


def _playing(
    uow: UnitOfWork, rulesets: Rulesets, gang_ref: str | int
) -> tuple[StoredBattle, Folded]:
    """The battle going on, as stored, with its fold (the repository's: kept or folded).

    A gang given by id (the window) is not read when the fold is kept: the
    battle's header and the gangs' versions tell whether it still holds.
    """
    gang = None if isinstance(gang_ref, int) else _gang(uow, gang_ref)
    gang_id = gang_ref if gang is None else gang.id
    assert isinstance(gang_id, int)
    playing = uow.battles.playing(gang_id, rulesets.get, gang)
    if playing is None:
        _no_battle(gang if gang is not None else _gang(uow, gang_ref))
    assert playing is not None
    return playing


def _named(folded: Folded, gang_ref: str | int) -> str:
    """The name of the gang `gang_ref` means among the battle's two."""
    if folded.against is not None:
        other = folded.against.gang
        wanted = str(gang_ref).strip()
        if str(other.id) == wanted or other.name.casefold() == wanted.casefold():
            return other.name
    return folded.starter.name


def _open(
    uow: UnitOfWork, ref: str | int, *, with_events: bool = True
) -> tuple[Gang, StoredBattle]:
    gang = _gang(uow, ref)
    assert gang.id is not None
    repository = battles(uow)
    if with_events:
        stored = repository.for_gang(gang.id, OPEN)
    else:
        stored = repository.head_for_gang(gang.id, OPEN)
    if stored is None:
        _no_battle(gang)
    assert stored is not None
    return gang, stored


def _no_battle(gang: Gang) -> None:
    raise ServiceError(
        f"{gang.name} has no battle going on; start one with 'gangmanager battle start'"
    )


def open_battle(db: Database, rulesets: Rulesets, gang_ref: str | int) -> BattleRecord | None:
    """The gang's battle going on, or None.

    Read as the next event reads it (`_playing`): a gang given by id (the battle
    window) is not read at all while the kept fold holds, else each gang once, and
    the fold is kept for the next event.
    """
    with db.unit_of_work() as uow:
        gang = None if isinstance(gang_ref, int) else _gang(uow, gang_ref)
        gang_id = gang_ref if gang is None else gang.id
        assert isinstance(gang_id, int)
        playing = uow.battles.playing(gang_id, rulesets.get, gang)
        if playing is None:
            if gang is None:
                _gang(uow, gang_ref)  # an unknown id is refused, as a name is
            return None
        stored, folded = playing
        return _record(
            stored,
            folded.starter,
            rulesets,
            events=folded.events,
            state=folded.state,
            against=folded.against,
        )


def show_battle(db: Database, rulesets: Rulesets, gang_ref: str | int) -> BattleRecord:
    """The battle going on; refused when there is none."""
    with db.unit_of_work() as uow:
        gang, stored = _open(uow, gang_ref)
        return _stored_record(uow, stored, gang, rulesets)


def battle_record(db: Database, rulesets: Rulesets, battle_id: int) -> BattleRecord:
    with db.unit_of_work() as uow:
        try:
            stored = battles(uow).get(battle_id)
        except LookupError as exc:
            raise ServiceError(str(exc)) from None
        return _stored_record(uow, stored, uow.gangs.get(stored.gang_id), rulesets)


def ended_battle(
    db: Database, gang_id: int, rulesets: Rulesets | None = None
) -> BattleRecord | None:
    """The gang's last battle handed to the post-battle sequence (ended, not yet done).

    Its `state` tells who went Out of Action (`state.out_of_action`), who was
    Seriously Injured (`state.seriously_injured`) and which Limited profiles
    were deleted (`state.deleted_profiles`); `events` is the whole log.
    """
    rulesets = rulesets or Rulesets()
    with db.unit_of_work() as uow:
        return ended_battle_of(uow, gang_id, rulesets)


def ended_battle_of(
    uow: UnitOfWork, gang_id: int, rulesets: Rulesets, gang: Gang | None = None
) -> BattleRecord | None:
    """`ended_battle` on the caller's unit of work; `gang`: the gang as read there already."""
    stored = battles(uow).for_gang(gang_id, ENDED)
    if stored is None:
        return None
    gang = gang if gang is not None and gang.id == gang_id else uow.gangs.get(gang_id)
    return _stored_record(uow, stored, gang, rulesets).for_gang(gang_id)


def mark_battle_done(uow: UnitOfWork, battle_id: int, gang_id: int | None = None) -> None:
    """Inside the post-battle Finish transaction: the battle is history (not committed here).

    In a two-gang battle each gang's Finish closes its own side (`gang_id`).
    """
    repository = battles(uow)
    stored = repository.get(battle_id)
    gang_id = stored.gang_id if gang_id is None else gang_id
    if not stored.ended_for(gang_id):
        raise ServiceError(f"battle {battle_id} has not been ended: it cannot be marked done")
    repository.mark_done_for(battle_id, gang_id)


def profile_states(
    db: Database, rulesets: Rulesets, gang_ref: str | int
) -> dict[tuple[str, str, str], str] | None:
    """Each weapon profile's battle state while a battle is going on (for `show`), else None."""
    record = open_battle(db, rulesets, gang_ref)
    return record.profile_states() if record is not None else None


def _outcome(result: BattleResult) -> Outcome[BattleResult]:
    """A battle step as the one entry returns it; the battle window undoes by its own log."""
    label = result.lines[0] if result.lines else "Battle"
    return Outcome(result.changes, None, label, result.record.gang_id, result=result)
