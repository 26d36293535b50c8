"""The battle's log: apply events (all or nothing, stored as they are applied) and
undo the last one; a Limited profile a failed Ammo test strikes off goes from the
stored gang in the same transaction, and comes back with the undo."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gangmanager.persistence.battle_folds import UNDO_DEPTH, Folded, versions
from gangmanager.persistence.battle_repository import (
    NotYourEvent,
    StoredBattle,
)
from gangmanager.persistence.unit_of_work import ServerRefusal, UnitOfWork, server_refusal
from gangmanager.rules.battle import (
    Opponent,
    apply_event,
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
from gangmanager.rules.battle_roster import belongs_to, hired_names, name_in
from gangmanager.rules.battle_state import BattleState
from gangmanager.rules.campaign_types import Boon
from gangmanager.rules.dice import Dice
from gangmanager.rules.gang import Gang
from gangmanager.rules.limits import cut
from gangmanager.services.battle_hires import _granted_hire, _held_recruit_boons
from gangmanager.services.battle_records import BattleResult, _named, _outcome, _playing, _record
from gangmanager.services.errors import ServiceError
from gangmanager.services.operations import Action, Context, Outcome, changes_written


class EventRefused(ServiceError):
    """One event of a batch was refused; nothing of the batch was stored."""

    def __init__(self, number: int, kind: str, reason: str) -> None:
        self.number = number
        self.kind = kind
        self.reason = reason
        label = f"event {number}" + (f" ({cut(kind)})" if kind else "")
        super().__init__(f"{label}: {reason}; nothing was applied")


@dataclass(frozen=True)
class ApplyEvents(Action[BattleResult]):
    gang_ref: str | int
    events: Sequence[Mapping[str, Any] | BattleEvent]
    dice: Dice | None = None

    def run(self, ctx: Context) -> Outcome[BattleResult]:
        uow, rulesets = ctx.uow, ctx.rulesets
        # The header only: the events are in the kept fold (or read for a fold).
        stored, folded = _playing(uow, rulesets, self.gang_ref)
        starter, against = folded.starter, folded.against
        # Played on a copy: the kept state stays as stored until this action commits.
        state = folded.state.working_copy()
        # Each gang's roster as the batch leaves it (a Limited profile struck off).
        rosters = {starter.name: starter} | ({against.gang.name: against.gang} if against else {})
        loaded = dict(rosters)
        first_line = len(state.log)
        # The state before each event of the batch, for undo (the last few kept).
        before: list[BattleState] = list(folded.undo_states)
        applied = self._play(ctx, stored, folded, state, rosters, before)
        changed_gangs = [rosters[name] for name in rosters if rosters[name] is not loaded[name]]
        for roster in changed_gangs:
            # The saved gang carries its new version: the kept fold is keyed on it.
            rosters[roster.name] = uow.gangs.update(roster)
        starter_after = rosters[starter.name]
        against_after = Opponent(rosters[against.gang.name], against.crew) if against else None
        events_after = [*folded.events, *applied]
        record = _record(
            stored, starter_after, rulesets, events=events_after, state=state, against=against_after
        )
        uow.battles.keep_written(
            stored.id,
            Folded(
                stored.revision + len(applied),
                versions(starter_after, against_after),
                record.events,
                state,
                starter_after,
                against_after,
                tuple(before[-UNDO_DEPTH:]),
            ),
        )
        lines = tuple(state.log[first_line:])
        return _outcome(BattleResult(record, tuple(applied), lines, changes_written(uow)))

    def _play(
        self,
        ctx: Context,
        stored: StoredBattle,
        folded: Folded,
        state: BattleState,
        rosters: dict[str, Gang],
        before: list[BattleState],
    ) -> list[BattleEvent]:
        """Apply and store each event on `state` (all or nothing: EventRefused names the
        first refused); `rosters` and `before` follow."""
        uow, rulesets = ctx.uow, ctx.rulesets
        ruleset = rulesets.get(stored.ruleset)
        starter, past = folded.starter, list(folded.events)
        applied: list[BattleEvent] = []
        # Read once, at the first hire of the batch.
        held: list[tuple[str, Boon]] | None = None
        for number, raw in enumerate(self.events, start=1):
            kind = _kind(raw)
            try:
                event = raw if not isinstance(raw, Mapping) else parse_event(raw)
                if isinstance(event, HireEvent):
                    if held is None:
                        # A Hired Gun joins the gang that started the battle.
                        held = _held_recruit_boons(uow, rulesets, starter)
                    event = _granted_hire(held, [*past, *applied], event)
                previous = state.working_copy()
                done = apply_event(ruleset, state, event, self.dice)
                deferred = ruleset.ammo.limited_rating_deferred
                _strike_off(state, done, rosters, starter.name, deferred)
            except BattleError as exc:
                # Nothing is stored: the kept fold (untouched, played on a copy) still holds.
                raise EventRefused(number, kind, str(exc)) from None
            _store(uow, stored.id, done, len(past) + len(applied) + 1, number, kind)
            applied.append(done)
            before.append(previous)
        return applied


def _strike_off(
    state: BattleState, done: BattleEvent, rosters: dict[str, Gang], starter: str, deferred: bool
) -> None:
    """A Limited profile the event struck off leaves its owner's roster (in `rosters`);
    a Hired Gun's only for the battle."""
    if (
        isinstance(done, AmmoTestEvent | ReloadEvent | AttackEvent)
        and done.removed is not None
        and _on_roster(state, done.fighter)
    ):
        track = state.find(done.fighter)[0]
        owner = track.gang if track.gang in rosters else starter
        rosters[owner] = remove_deleted_profile(
            rosters[owner],
            track.name,
            done.weapon,
            done.removed,
            deferred=deferred,
        )


def _store(
    uow: UnitOfWork, battle_id: int, done: BattleEvent, seq: int, number: int, kind: str
) -> None:
    """Append the completed event to the log; a shared server's refusal in one line."""
    try:
        with server_refusal():
            uow.battles.append(battle_id, event_payload(done), seq=seq)
    except ServerRefusal:
        # A shared server's row policy: the player whose fighter acts records the event.
        raise EventRefused(
            number,
            kind,
            f"{_actor(event_payload(done)) or 'this event'} is another player's: on a"
            " shared server each player records what their own fighters do",
        ) from None


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
        uow, rulesets = ctx.uow, ctx.rulesets
        stored, folded = _playing(uow, rulesets, self.gang_ref)
        repository = uow.battles
        event = _pop_last(uow, stored.id, folded, self.gang_ref)
        starter, against = _put_back(ctx, stored.ruleset, folded, event)
        events = folded.events[:-1]
        undo_states = folded.undo_states
        if undo_states:
            # The state before the event, kept when it was applied.
            state: BattleState | None = undo_states[-1]
            undo_states = undo_states[:-1]
        else:
            state = None  # Folded again from the log without the event (by `_record`).
        record = _record(stored, starter, rulesets, events=events, state=state, against=against)
        repository.keep_written(
            stored.id,
            Folded(
                stored.revision + 1,
                versions(starter, against),
                record.events,
                record.state,
                starter,
                against,
                undo_states,
            ),
        )
        who = getattr(event, "fighter", None) or getattr(event, "name", None)
        line = f"Undone: {event.event.replace('_', ' ')}" + (f" ({who})" if who else "")
        return _outcome(BattleResult(record, (event,), (line + ".",), changes_written(uow)))


def _put_back(
    ctx: Context, ruleset: str, folded: Folded, event: BattleEvent
) -> tuple[Gang, Opponent | None]:
    """A Limited profile the undone event struck off goes back on its owner's stored
    card: the sides as they are then."""
    starter, against = folded.starter, folded.against
    if not (
        isinstance(event, AmmoTestEvent | ReloadEvent | AttackEvent)
        and event.removed is not None
        and event.fighter.casefold() not in hired_names(list(folded.events))
    ):
        return starter, against
    sides = [starter] + ([against.gang] if against else [])
    deferred = ctx.rulesets.get(ruleset).ammo.limited_rating_deferred
    owner = next((g for g in sides if belongs_to(g, event.fighter, event.removed)), starter)
    roster = restore_profile(
        owner, name_in(owner, event.fighter), event.weapon, event.removed, deferred=deferred
    )
    if roster is owner:
        return starter, against
    roster = ctx.uow.gangs.update(roster)
    if owner is starter:
        return roster, against
    return starter, Opponent(roster, against.crew) if against is not None else None


def _pop_last(uow: UnitOfWork, battle_id: int, folded: Folded, gang_ref: str | int) -> BattleEvent:
    """Take the last event off the log; refused (nothing changed) when there is none, or
    when a shared server keeps it for the player whose fighter acted."""
    try:
        payload = uow.battles.pop(battle_id)
    except NotYourEvent as refused:
        # Nothing changed: the kept fold still holds.
        raise ServiceError(
            f"the last event ({_said(refused.payload)}) was recorded by another player:"
            " on a shared server only the player whose fighter acted may undo it"
        ) from None
    if payload is None:
        raise ServiceError(f"the battle of {_named(folded, gang_ref)} has no event to undo")
    try:
        return parse_event(payload)
    except BattleError as exc:
        raise ServiceError(f"the last event cannot be read: {exc}") from None
