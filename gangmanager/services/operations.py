"""One entry for every user action: `perform(db, action, rulesets) -> Outcome`.

An action is plain data (a frozen dataclass: a roster command, a battle event
batch, a post-battle Finish, a campaign step). Its handler, registered here by
the module that owns it with `@operation(ActionType)`, takes the open unit of
work and returns the `Outcome`; `perform` alone opens the unit of work and
commits it (tests/services/test_operations.py counts the commits). The unit of
work turns database refusals into one-line `ServiceError`s, so handlers never
catch `sqlalchemy.exc`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypeVar

from gangmanager.persistence.database import Database
from gangmanager.rules.gang import Gang
from gangmanager.rules.limits import quoted
from gangmanager.services.changes import Changes
from gangmanager.services.rulesets import Rulesets

if TYPE_CHECKING:
    # Only a type here: the unit of work (SQLAlchemy) is imported when one is opened.
    from gangmanager.persistence.unit_of_work import UnitOfWork


@dataclass(frozen=True)
class Outcome:
    """What one action did: the window refreshes from `changes` and undoes by `inverse`."""

    changes: Changes
    # An action: performing it undoes this one (and returns the redo). None: no undo.
    inverse: Any
    # "Rename Rook to Rookie": the undo history's text.
    label: str
    # The gang and fighter to show afterwards (None: the gang is gone / no fighter).
    gang_id: int | None
    fighter_id: int | None = None
    # What the action hands back to its caller beyond the changes (a battle record...).
    result: Any = None
    # The gang as saved, when the action has it at hand (a roster edit): the window
    # shows it without reading the gang again. None: read it if it is needed.
    gang: Gang | None = None
    # The undo history's step `perform` recorded for it (None: no undo, or not recorded).
    step_id: int | None = None


Handler = Callable[["UnitOfWork", Any, Rulesets | None], Outcome]
H = TypeVar("H", bound=Handler)

_HANDLERS: dict[type, Handler] = {}


def operation(*kinds: type) -> Callable[[H], H]:
    """Register the handler that runs actions of these types inside `perform`."""

    def register(handler: H) -> H:
        for kind in kinds:
            _HANDLERS[kind] = handler
        return handler

    return register


def perform(db: Database, action: object, rulesets: Rulesets | None = None) -> Outcome:
    """Run one action in one transaction; ServiceError (nothing written) when refused."""
    from gangmanager.services.undo_history import record

    with db.unit_of_work() as uow:
        outcome = run_in(uow, action, rulesets)
        # The change list is what the unit of work wrote, with what the handler said.
        written = uow.row_changes.settled()
        outcome = replace(outcome, changes=outcome.changes.including(**written.fields()))
        # The one undo history: the step is written in the action's own transaction.
        step_id = record(uow, outcome)
        uow.commit()
    return outcome if step_id is None else replace(outcome, step_id=step_id)


def result_of(db: Database, action: object, rulesets: Rulesets | None = None) -> Any:
    """What `action` hands back to its caller (`Outcome.result`): the thin function a
    command line or a test calls is `return result_of(db, TheAction(...), rulesets)`."""
    return perform(db, action, rulesets).result


def run_in(uow: UnitOfWork, action: object, rulesets: Rulesets | None) -> Outcome:
    """Run an action inside an action already performed (a campaign step around its
    action): same transaction, no commit of its own."""
    handler = _HANDLERS.get(type(action))
    if handler is None:
        raise TypeError(f"no operation runs {type(action).__name__}")
    return handler(uow, action, rulesets)


def undo(db: Database, outcome: Outcome, rulesets: Rulesets | None = None) -> Outcome:
    """Undo what `outcome` did; the returned outcome's inverse redoes it."""
    if outcome.inverse is None:
        raise ValueError(f"{quoted(outcome.label)} has no undo")
    return perform(db, outcome.inverse, rulesets)
