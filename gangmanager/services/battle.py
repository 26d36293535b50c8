"""Battle use cases: start, apply events, undo, show, end. One transaction each.

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

An event or an undo does not fold the whole log again: the state the last
action left is kept (`battle_folds`) and used while the battle's revision and
the gangs' versions are still the stored ones, so an event costs the same
with 500 events in the log as with one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from gangmanager.exchange.errors import ImportFileError, describe_value
from gangmanager.exchange.json_input import read_json_document
from gangmanager.persistence.battle_repository import (
    ENDED,
    OPEN,
    NotYourEvent,
    StoredBattle,
    battles,
)
from gangmanager.persistence.database import Database
from gangmanager.persistence.unit_of_work import ServerRefusal, UnitOfWork, server_refusal
from gangmanager.rules.battle import (
    Opponent,
    apply_event,
    crew_fighters,
    fold,
    remove_deleted_profile,
    restore_profile,
)
from gangmanager.rules.battle_events import (
    AmmoTestEvent,
    AttackEvent,
    BattleError,
    BattleEvent,
    HireEvent,
    ReloadEvent,
    event_payload,
    normalise_word,
    parse_event,
)
from gangmanager.rules.battle_hire import HireOffer, granted_offer, hire_offers
from gangmanager.rules.battle_roster import belongs_to, hired_names, name_in
from gangmanager.rules.battle_state import BattleState
from gangmanager.rules.campaign import held_boons
from gangmanager.rules.campaign_types import Boon, BoonKind
from gangmanager.rules.dice import Dice
from gangmanager.rules.gang import Gang
from gangmanager.rules.limits import cut
from gangmanager.services import battle_folds
from gangmanager.services import campaign as campaign_service
from gangmanager.services.battle_folds import Folded
from gangmanager.services.changes import Changes
from gangmanager.services.errors import ServiceError, UnknownGangError
from gangmanager.services.operations import Action, Context, Outcome, perform
from gangmanager.services.rulesets import Rulesets


class EventRefused(ServiceError):
    """One event of a batch was refused; nothing of the batch was stored."""

    def __init__(self, number: int, kind: str, reason: str) -> None:
        self.number = number
        self.kind = kind
        self.reason = reason
        label = f"event {number}" + (f" ({cut(kind)})" if kind else "")
        super().__init__(f"{label}: {reason}; nothing was applied")


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


# ---------------------------------------------------------------- reading


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
    return _parse_payloads(stored.id, stored.events)


def _parse_payloads(battle_id: int, payloads: Sequence[dict[str, Any]]) -> list[BattleEvent]:
    try:
        return [parse_event(p) for p in payloads]
    except BattleError as exc:
        raise ServiceError(f"battle {battle_id} holds an unreadable event: {exc}") from None


def _versions(starter: Gang, against: Opponent | None) -> battle_folds.Versions:
    return starter.version, against.gang.version if against is not None else None


def _keep_record(
    db: Database,
    stored: StoredBattle,
    record: BattleRecord,
    starter: Gang,
    against: Opponent | None,
) -> None:
    """A battle just read whole: its fold is kept for the next event."""
    if stored.status == OPEN:
        versions = _versions(starter, against)
        folded = Folded(stored.revision, versions, record.events, record.state, starter, against)
        battle_folds.keep(db, stored.id, folded)


def _playing(
    db: Database, uow: UnitOfWork, rulesets: Rulesets, gang_ref: str | int
) -> tuple[StoredBattle, Folded]:
    """The battle going on, as stored: the kept fold while nobody wrote since, else a fold.

    A gang given by id (the window) is not read when the fold is kept: the
    battle's header and the gangs' versions tell whether it still holds.
    """
    repository = battles(uow)
    gang: Gang | None = None
    if isinstance(gang_ref, int):
        stored = repository.head_for_gang(gang_ref, OPEN)
        if stored is None:
            _open(uow, gang_ref, with_events=False)  # Raises the refusal naming the gang.
    else:
        gang, stored = _open(uow, gang_ref, with_events=False)
    assert stored is not None
    kept = battle_folds.take(db, stored.id, stored.revision, repository.gang_versions(stored))
    if kept is not None:
        return stored, kept
    if gang is None:
        gang = uow.gangs.get(gang_ref if isinstance(gang_ref, int) else stored.gang_id)
    starter, against = _sides(uow, stored, gang)
    return stored, _folded(uow, stored, starter, against, rulesets)


def _named(folded: Folded, gang_ref: str | int) -> str:
    """The name of the gang `gang_ref` means among the battle's two."""
    if folded.against is not None:
        other = folded.against.gang
        wanted = str(gang_ref).strip()
        if str(other.id) == wanted or other.name.casefold() == wanted.casefold():
            return other.name
    return folded.starter.name


def _folded(
    uow: UnitOfWork,
    stored: StoredBattle,
    starter: Gang,
    against: Opponent | None,
    rulesets: Rulesets,
) -> Folded:
    """The battle folded from its whole log."""
    ruleset_id = stored.ruleset
    versions = _versions(starter, against)
    events = tuple(_parse_payloads(stored.id, battles(uow).payloads(stored.id)))
    try:
        state = fold(
            rulesets.get(ruleset_id),
            starter,
            list(stored.crew),
            events,
            strict=False,
            against=against,
        )
    except BattleError as exc:
        raise ServiceError(
            f"battle {stored.id} of {starter.name} cannot be played: {exc}"
        ) from None
    return Folded(stored.revision, versions, events, state, starter, against)


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
        raise ServiceError(
            f"{gang.name} has no battle going on; start one with 'gangmanager battle start'"
        )
    return gang, stored


def open_battle(db: Database, rulesets: Rulesets, gang_ref: str | int) -> BattleRecord | None:
    """The gang's battle going on, or None."""
    with db.unit_of_work() as uow:
        gang = _gang(uow, gang_ref)
        assert gang.id is not None
        stored = battles(uow).for_gang(gang.id, OPEN)
        if stored is None:
            return None
        starter, against = _sides(uow, stored, gang)
        record = _record(stored, starter, rulesets, against=against)
    _keep_record(db, stored, record, starter, against)
    return record


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
        stored = battles(uow).for_gang(gang_id, ENDED)
        if stored is None:
            return None
        record = _stored_record(uow, stored, uow.gangs.get(gang_id), rulesets)
        return record.for_gang(gang_id)


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


def _held_recruit_boons(uow: UnitOfWork, rulesets: Rulesets, gang: Gang) -> list[tuple[str, Boon]]:
    """The recruit boons of what the gang holds in its running campaign; refused without one."""
    setting = campaign_service.post_battle_setting(uow, rulesets, gang)
    if setting is None or gang.id is None:
        raise BattleError(
            f"{gang.name} takes part in no running campaign: no territory grants it Hired Guns"
        )
    return held_boons(setting.campaign, setting.ctype, gang.id, [BoonKind.RECRUIT])


def _grants(uow: UnitOfWork, rulesets: Rulesets, gang: Gang) -> list[tuple[str, Boon]]:
    try:
        return _held_recruit_boons(uow, rulesets, gang)
    except BattleError:
        return []


def hire_grants(db: Database, rulesets: Rulesets, gang_ref: str | int) -> list[tuple[str, Boon]]:
    """The recruit boons of what the gang holds; none outside a running campaign.

    `hire_offers(grants, record.events)` tells what is left to hire in a battle.
    """
    with db.unit_of_work() as uow:
        return _grants(uow, rulesets, _gang(uow, gang_ref))


def battle_hire_offers(db: Database, rulesets: Rulesets, gang_ref: str | int) -> list[HireOffer]:
    """The Hired Guns the gang may still hire in its battle going on; none outside a campaign."""
    with db.unit_of_work() as uow:
        gang, stored = _open(uow, gang_ref)
        return hire_offers(_grants(uow, rulesets, gang), _parse_stored(stored))


def profile_states(
    db: Database, rulesets: Rulesets, gang_ref: str | int
) -> dict[tuple[str, str, str], str] | None:
    """Each weapon profile's battle state while a battle is going on (for `show`), else None."""
    record = open_battle(db, rulesets, gang_ref)
    return record.profile_states() if record is not None else None


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
        uow = ctx.uow
        rulesets = ctx.rulesets
        gang_ref, scenario, crew = self.gang_ref, self.scenario, self.crew
        against, against_crew, accept_ruleset = (
            self.against,
            self.against_crew,
            self.accept_ruleset,
        )
        db = uow.database
        gang = _gang(uow, gang_ref)
        assert gang.id is not None
        repository = battles(uow)
        other = _gang(uow, against) if against is not None else None
        for side in (gang, other):
            if side is None:
                continue
            assert side.id is not None
            going_on = repository.for_gang(side.id, OPEN)
            if going_on is not None:
                raise ServiceError(
                    f"{side.name} already has a battle going on (started"
                    f" {going_on.started_at:%Y-%m-%d %H:%M}): end it first"
                )
        if other is not None and other.id == gang.id:
            raise ServiceError(f"{gang.name} cannot fight itself")
        if against is None and against_crew:
            raise ServiceError("--against-crew needs --against (the second gang)")
        ruleset = rulesets.get(gang.ruleset)
        lines: list[str] = []
        if other is not None and other.ruleset != gang.ruleset:
            if not accept_ruleset:
                raise ServiceError(
                    f"{gang.name} plays {gang.ruleset} and {other.name} plays {other.ruleset}:"
                    f" the battle would use {ruleset.id} ({gang.name}'s); accept it to start"
                    " (--accept-ruleset)"
                )
            lines.append(f"Both gangs play by {ruleset.id} ({gang.name}'s ruleset) in this battle.")
        try:
            fighters = crew_fighters(gang, list(crew))
            theirs = crew_fighters(other, list(against_crew)) if other is not None else []
        except BattleError as exc:
            raise ServiceError(str(exc)) from None
        for side, chosen in ((gang, fighters), (other, theirs)):
            if side is not None and not chosen:
                raise ServiceError(f"{side.name} has nobody who can fight")
        ids = [f.id for f in fighters if f.id is not None]
        stored = repository.add(
            gang.id,
            scenario.strip(),
            ruleset.id,
            ids,
            against_gang_id=other.id if other is not None else None,
            against_crew=[f.id for f in theirs if f.id is not None],
        )
        starter, against_side = _sides(uow, stored, gang)
        record = _record(stored, starter, rulesets, against=against_side)
        uow.after_commit(lambda: _keep_record(db, stored, record, starter, against_side))
        line = f"{gang.name}: battle started" + (
            f" ({scenario.strip()})" if scenario.strip() else ""
        )
        line += f" with {', '.join(f.name for f in fighters)}"
        if other is not None:
            line += f", against {other.name} with {', '.join(f.name for f in theirs)}"
        lines.insert(0, line + ".")
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


@dataclass(frozen=True)
class ApplyEvents(Action[BattleResult]):
    gang_ref: str | int
    events: Sequence[Mapping[str, Any] | BattleEvent]
    dice: Dice | None = None

    def run(self, ctx: Context) -> Outcome[BattleResult]:
        uow = ctx.uow
        rulesets = ctx.rulesets
        gang_ref, events, dice = self.gang_ref, self.events, self.dice
        db = uow.database
        # The header only: the events are in the kept fold (or read for a fold).
        stored, folded = _playing(db, uow, rulesets, gang_ref)
        starter, against = folded.starter, folded.against
        ruleset = rulesets.get(stored.ruleset)
        past = list(folded.events)
        # Played on a copy: the kept state stays as stored until this action commits.
        state = folded.state.working_copy()
        # The state before each event of the batch, for undo (the last few kept).
        before: list[BattleState] = list(folded.undo_states)
        repository = battles(uow)
        # Each gang's roster as the batch leaves it (a Limited profile struck off).
        rosters = {starter.name: starter} | ({against.gang.name: against.gang} if against else {})
        loaded = dict(rosters)
        applied: list[BattleEvent] = []
        # Read once, at the first hire of the batch.
        held: list[tuple[str, Boon]] | None = None
        first_line = len(state.log)
        for number, raw in enumerate(events, start=1):
            kind = _kind(raw)
            try:
                event = raw if not isinstance(raw, Mapping) else parse_event(raw)
                if isinstance(event, HireEvent):
                    if held is None:
                        # A Hired Gun joins the gang that started the battle.
                        held = _held_recruit_boons(uow, rulesets, starter)
                    event = _granted_hire(held, [*past, *applied], event)
                previous = state.working_copy()
                done = apply_event(ruleset, state, event, dice)
                if (
                    isinstance(done, AmmoTestEvent | ReloadEvent | AttackEvent)
                    and done.removed is not None
                    and _on_roster(state, done.fighter)
                ):
                    track = state.find(done.fighter)[0]
                    owner = track.gang if track.gang in rosters else starter.name
                    rosters[owner] = remove_deleted_profile(
                        rosters[owner],
                        track.name,
                        done.weapon,
                        done.removed,
                        deferred=ruleset.ammo.limited_rating_deferred,
                    )
            except BattleError as exc:
                # Nothing is stored: the kept fold (untouched, played on a copy) still holds.
                battle_folds.keep(db, stored.id, folded)
                raise EventRefused(number, kind, str(exc)) from None
            try:
                with server_refusal():
                    repository.append(
                        stored.id, event_payload(done), seq=len(past) + len(applied) + 1
                    )
            except ServerRefusal:
                # A shared server's row policy: the player whose fighter acts records the event.
                raise EventRefused(
                    number,
                    kind,
                    f"{_actor(event_payload(done)) or 'this event'} is another player's: on a"
                    " shared server each player records what their own fighters do",
                ) from None
            applied.append(done)
            before.append(previous)
        changed_gangs = [rosters[name] for name in rosters if rosters[name] is not loaded[name]]
        for roster in changed_gangs:
            # The saved gang carries its new version: the kept fold is keyed on it.
            rosters[roster.name] = uow.gangs.update(roster)
        record = _record(
            stored,
            rosters[starter.name],
            rulesets,
            events=[*past, *applied],
            state=state,
            against=Opponent(rosters[against.gang.name], against.crew) if against else None,
        )
        versions = (
            rosters[starter.name].version,
            rosters[against.gang.name].version if against else None,
        )
        battle_folds.keep_on_commit(
            uow,
            stored.id,
            Folded(
                stored.revision + len(applied),
                versions,
                record.events,
                state,
                rosters[starter.name],
                Opponent(rosters[against.gang.name], against.crew) if against else None,
                tuple(before[-battle_folds.UNDO_DEPTH :]),
            ),
        )
        lines = tuple(state.log[first_line:])
        changed = tuple(g.id for g in changed_gangs if g.id is not None)
        return _outcome(BattleResult(record, tuple(applied), lines, Changes(gangs_changed=changed)))


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


def _outcome(result: BattleResult) -> Outcome[BattleResult]:
    """A battle step as the one entry returns it; the battle window undoes by its own log."""
    label = result.lines[0] if result.lines else "Battle"
    return Outcome(result.changes, None, label, result.record.gang_id, result=result)


def _granted_hire(
    held: list[tuple[str, Boon]], events: list[BattleEvent], event: HireEvent
) -> HireEvent:
    """The hire spelled as the campaign spells it; BattleError when it is not granted."""
    offer = granted_offer(hire_offers(held, events), event)
    return event.model_copy(
        update={"territory": offer.territory, "fighter_type": offer.fighter_type}
    )


def _on_roster(state: BattleState, name: str) -> bool:
    """The fighter's card is the roster's: a Hired Gun loses a Limited profile for the battle only."""
    track = state.fighter(name)
    return track is not None and not track.hired


def _actor(payload: Mapping[str, Any]) -> str | None:
    """Who acts in a stored event (`by` where it names one, else `fighter`), as a server's
    row policy reads it; None for an event of nobody (a new round)."""
    who = payload.get("by") or payload.get("fighter") or payload.get("name")
    return who[:60] if isinstance(who, str) else None


def _said(payload: Mapping[str, Any]) -> str:
    """A stored event in a few words: who acted and its kind."""
    kind = str(payload.get("event", "event")).replace("_", " ")
    who = _actor(payload)
    return f"{who}'s {kind}" if who is not None else kind


def _kind(raw: Mapping[str, Any] | BattleEvent) -> str:
    if isinstance(raw, Mapping):
        kind = normalise_word(raw.get("event"))
        return str(kind) if kind is not None else ""
    return raw.event


@dataclass(frozen=True)
class UndoLastEvent(Action[BattleResult]):
    gang_ref: str | int

    def run(self, ctx: Context) -> Outcome[BattleResult]:
        uow = ctx.uow
        rulesets = ctx.rulesets
        gang_ref = self.gang_ref
        db = uow.database
        stored, folded = _playing(db, uow, rulesets, gang_ref)
        repository = battles(uow)
        starter, against = folded.starter, folded.against
        try:
            payload = repository.pop(stored.id)
        except NotYourEvent as refused:
            battle_folds.keep(db, stored.id, folded)  # Nothing changed: the fold still holds.
            raise ServiceError(
                f"the last event ({_said(refused.payload)}) was recorded by another player:"
                " on a shared server only the player whose fighter acted may undo it"
            ) from None
        if payload is None:
            battle_folds.keep(db, stored.id, folded)  # Nothing changed: the fold still holds.
            raise ServiceError(f"the battle of {_named(folded, gang_ref)} has no event to undo")
        try:
            event = parse_event(payload)
        except BattleError as exc:
            raise ServiceError(f"the last event cannot be read: {exc}") from None
        sides = [starter] + ([against.gang] if against else [])
        changed_gang: Gang | None = None
        if (
            isinstance(event, AmmoTestEvent | ReloadEvent | AttackEvent)
            and event.removed is not None
            and event.fighter.casefold() not in hired_names(list(folded.events))
        ):
            deferred = rulesets.get(stored.ruleset).ammo.limited_rating_deferred
            owner = next((g for g in sides if belongs_to(g, event.fighter, event.removed)), starter)
            roster = restore_profile(
                owner,
                name_in(owner, event.fighter),
                event.weapon,
                event.removed,
                deferred=deferred,
            )
            if roster is not owner:
                roster = uow.gangs.update(roster)
                changed_gang = roster
                if owner is starter:
                    starter = roster
                elif against is not None:
                    against = Opponent(roster, against.crew)
        events = folded.events[:-1]
        undo_states = folded.undo_states
        if undo_states:
            # The state before the event, kept when it was applied.
            state: BattleState | None = undo_states[-1]
            undo_states = undo_states[:-1]
        else:
            state = None  # Folded again from the log without the event (by `_record`).
        record = _record(stored, starter, rulesets, events=events, state=state, against=against)
        battle_folds.keep_on_commit(
            uow,
            stored.id,
            Folded(
                stored.revision + 1,
                _versions(starter, against),
                record.events,
                record.state,
                starter,
                against,
                undo_states,
            ),
        )
        who = getattr(event, "fighter", None) or getattr(event, "name", None)
        line = f"Undone: {event.event.replace('_', ' ')}" + (f" ({who})" if who else "")
        changed = (
            (changed_gang.id,) if changed_gang is not None and changed_gang.id is not None else ()
        )
        return _outcome(
            BattleResult(record, (event,), (line + ".",), Changes(gangs_changed=changed))
        )


def undo_last(db: Database, rulesets: Rulesets, gang_ref: str | int) -> BattleResult:
    """Remove the battle's last event; a deleted Limited profile goes back on the card."""
    return perform(db, UndoLastEvent(gang_ref), rulesets).result


@dataclass(frozen=True)
class EndBattle(Action[BattleResult]):
    gang_ref: str | int

    def run(self, ctx: Context) -> Outcome[BattleResult]:
        uow = ctx.uow
        rulesets = ctx.rulesets
        gang_ref = self.gang_ref
        db = uow.database
        gang, stored = _open(uow, gang_ref)
        battle_folds.forget(db, stored.id)
        ended = battles(uow).set_status(stored.id, ENDED)
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
