"""One undo history per database, as in Anki: every window and the command line share it.

`perform` records each action that has an undo (its outcome's inverse) as a step in
the database, in the action's own transaction (`record`). `undo` and `redo` perform
a step's stored action, which checks its rows as the step's action always did
(stale: refused), and keep the action that reverses it in the step's place. A
refused step is dropped from the history, as the windows always did. The windows'
Edit menus show their steps as the history has them now (gui/common/runner.py);
`gangmanager undo` and `gangmanager redo` take the newest.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from gangmanager.errors import ServiceError
from gangmanager.services import step_codec
from gangmanager.services.changes import Changes
from gangmanager.services.operations import Action, Context, Outcome, perform
from gangmanager.services.rulesets import Rulesets

if TYPE_CHECKING:
    from gangmanager.persistence.database import Database
    from gangmanager.persistence.unit_of_work import UnitOfWork

# Said of an undo or redo step that can no longer be performed.
DROPPED = "The step is removed from the undo history."


class StepGone(ServiceError):
    """The step is no longer in the history (undone past, dropped, or left behind by a
    newer step): nothing was performed."""


class StepRefused(ServiceError):
    """The step's action was refused (its rows changed since): it is dropped (`DROPPED`)."""


@dataclass(frozen=True)
class StepDone:
    """An undo or redo performed: the step's label, the gang to show and the outcome."""

    step_id: int
    label: str
    gang_id: int | None
    undone: bool
    outcome: Outcome[Any]


def record(uow: UnitOfWork, outcome: Outcome[Any]) -> int | None:
    """The outcome's undo as a new step of the history (None: it has no undo)."""
    inverse = outcome.inverse
    if inverse is None:
        return None
    kind, text = step_codec.class_name(type(inverse)), step_codec.dumps(inverse)
    return uow.history.record(outcome.label, outcome.gang_id, kind, text)


@dataclass(frozen=True)
class UndoStep(Action[StepDone]):
    """Undo the newest step, or the step `step_id` (a window's)."""

    step_id: int | None = None

    def run(self, ctx: Context) -> Outcome[StepDone]:
        return _step(ctx, self.step_id, undoing=True)


@dataclass(frozen=True)
class RedoStep(Action[StepDone]):
    """Redo the step undone last, or the step `step_id`."""

    step_id: int | None = None

    def run(self, ctx: Context) -> Outcome[StepDone]:
        return _step(ctx, self.step_id, undoing=False)


@dataclass(frozen=True)
class DropStep(Action[None]):
    """Take a refused step out of the history."""

    step_id: int

    def run(self, ctx: Context) -> Outcome[None]:
        ctx.uow.history.drop(self.step_id)
        return Outcome(Changes(), None, "Drop step", None)


@dataclass(frozen=True)
class RecordStep(Action[int | None]):
    """Record an outcome that reached a window without a step."""

    outcome: Outcome[Any]

    def run(self, ctx: Context) -> Outcome[int | None]:
        return Outcome(Changes(), None, "Record step", None, result=record(ctx.uow, self.outcome))


def undo(db: Database, rulesets: Rulesets, step_id: int | None = None) -> StepDone:
    """Undo the newest step (or the step `step_id`); ServiceError when there is none or it
    is refused (then it is dropped from the history)."""
    return _performed(db, UndoStep(step_id), rulesets)


def redo(db: Database, rulesets: Rulesets, step_id: int | None = None) -> StepDone:
    """Redo the step undone last (or the step `step_id`)."""
    return _performed(db, RedoStep(step_id), rulesets)


def _performed(db: Database, action: UndoStep | RedoStep, rulesets: Rulesets) -> StepDone:
    try:
        done = perform(db, action, rulesets).result
    except _Refused as exc:
        perform(db, DropStep(exc.step_id), rulesets)
        raise StepRefused(str(exc)) from None
    return done


class _Refused(ServiceError):
    """A step's action refused: the history drops the step (in a transaction of its own)."""

    def __init__(self, message: str, step_id: int) -> None:
        super().__init__(message)
        self.step_id = step_id


def _step(ctx: Context, step_id: int | None, *, undoing: bool) -> Outcome[StepDone]:
    wanted = "undo" if undoing else "redo"
    history = ctx.uow.history
    if step_id is None:
        stored = history.to_undo() if undoing else history.to_redo()
        if stored is None:
            raise ServiceError(f"nothing to {wanted}")
    else:
        stored = history.get(step_id)
        if stored is None:
            raise StepGone("the step is no longer in the undo history")
    if stored.state != wanted:
        # Done already, by another window or the command line: nothing to perform.
        changes = Changes(gangs_changed=(stored.gang_id,) if stored.gang_id else ())
        already: Outcome[Any] = Outcome(changes, None, stored.label, stored.gang_id)
        done = StepDone(stored.id, stored.label, stored.gang_id, undoing, already)
        return Outcome(changes, None, stored.label, stored.gang_id, result=done)
    try:
        action = step_codec.loads(stored.action)
        if not isinstance(action, Action):
            raise ServiceError("the step's action is not one this version performs")
        outcome = ctx.run(action)
        if outcome.inverse is None:
            history.drop(stored.id)
        else:
            history.mark(
                stored.id,
                undone=undoing,
                kind=step_codec.class_name(type(outcome.inverse)),
                action=step_codec.dumps(outcome.inverse),
            )
    except ServiceError as exc:
        raise _Refused(str(exc), stored.id) from None
    gang_id = outcome.gang_id if outcome.gang_id is not None else stored.gang_id
    done = StepDone(stored.id, stored.label, gang_id, undoing, outcome)
    # No inverse: the step itself keeps it (perform records no new step for an undo).
    return replace(outcome, inverse=None, label=stored.label, gang_id=gang_id, result=done)


def states(db: Database, step_ids: list[int]) -> dict[int, str]:
    """Where each step is now: "undo" (done), "redo" (undone); missing: gone. Reads only."""
    if not step_ids:
        return {}
    with db.unit_of_work() as uow:
        return dict(uow.history.states(step_ids))


def record_outcome(db: Database, rulesets: Rulesets, outcome: Outcome[Any]) -> int | None:
    """Record an outcome that reached a window without a step (None: it has no undo)."""
    return perform(db, RecordStep(outcome), rulesets).result
