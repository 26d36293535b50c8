"""One entry for every user action: `perform(db, action, rulesets) -> Outcome[R]`.

An action is plain data (a frozen dataclass: a roster command, a battle event
batch, a post-battle Finish, a campaign step) deriving from `Action[R]`, R the
type of what it hands back (`Outcome.result`). It names its own handler: its
`run(ctx)` method, abstract here, so mypy refuses an action without one and
checks what it returns. `perform` alone opens the unit of work and commits it
(tests/services/test_operations.py counts the commits). The unit of work turns
database refusals into one-line `ServiceError`s, so handlers never catch
`sqlalchemy.exc`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Concatenate, Generic, ParamSpec, TypeVar

from gangmanager.persistence.database import Database
from gangmanager.rules.gang import Gang
from gangmanager.rules.limits import quoted
from gangmanager.services.changes import Changes
from gangmanager.services.rulesets import Rulesets

if TYPE_CHECKING:
    # Only a type here: the unit of work (SQLAlchemy) is imported when one is opened.
    from gangmanager.persistence.unit_of_work import UnitOfWork

R = TypeVar("R", covariant=True)
S = TypeVar("S")
P = ParamSpec("P")


@dataclass(frozen=True)
class Outcome(Generic[R]):
    """What one action did: the window refreshes from `changes` and undoes by `inverse`."""

    changes: Changes
    # An action: performing it undoes this one (and returns the redo). None: no undo.
    inverse: Action[Any] | None
    # "Rename Rook to Rookie": the undo history's text.
    label: str
    # The gang and fighter to show afterwards (None: the gang is gone / no fighter).
    gang_id: int | None
    fighter_id: int | None = None
    # What the action hands back to its caller beyond the changes (a battle record...);
    # None for an action declared `Action[None]`.
    result: R = None  # type: ignore[assignment]
    # The gang as saved, when the action has it at hand (a roster edit): the window
    # shows it without reading the gang again. None: read it if it is needed.
    gang: Gang | None = None
    # The undo history's step `perform` recorded for it (None: no undo, or not recorded).
    step_id: int | None = None


@dataclass(frozen=True)
class Context:
    """What a handler runs with: the open unit of work and the rulesets (always given)."""

    uow: UnitOfWork
    rulesets: Rulesets

    def run(self, action: Action[S]) -> Outcome[S]:
        """Run an action inside one already running (a campaign step around its action):
        same transaction, no commit of its own."""
        return action.run(self)


class Action(ABC, Generic[R]):
    """A user action: plain data whose `run` is its handler and R what it hands back."""

    __slots__ = ()

    @abstractmethod
    def run(self, ctx: Context) -> Outcome[R]:
        """Do the action on `ctx.uow`; raise ServiceError (nothing kept) to refuse it."""


def perform(db: Database, action: Action[S], rulesets: Rulesets) -> Outcome[S]:
    """Run one action in one transaction; ServiceError (nothing written) when refused."""
    from gangmanager.services.undo_history import record

    if not isinstance(action, Action):
        raise TypeError(f"no operation runs {type(action).__name__}")
    if db.statlines is None:
        # A database opened without them (a script's open_database) still reads a
        # vehicle's or another statline's stored profile with the action's packs.
        db.statlines = rulesets.statline_table
    with db.unit_of_work() as uow:
        outcome = action.run(Context(uow, rulesets))
        # The change list is what the unit of work wrote, with what the handler said.
        written = uow.row_changes.settled()
        outcome = replace(outcome, changes=outcome.changes.including(**written.fields()))
        # The one undo history: the step is written in the action's own transaction.
        step_id = record(uow, outcome)
        uow.commit()
    return outcome if step_id is None else replace(outcome, step_id=step_id)


def changes_written(
    uow: UnitOfWork, messages: Iterable[str] = (), *, shown: int | None = None
) -> Changes:
    """A handler's change list: the gangs, fighters and campaigns its unit of work has
    written so far (persistence/row_changes.py), never named by hand, so it cannot
    under- or over-report; with its messages, `shown` (the gang to show) first."""
    return Changes.of(uow.written().fields(), messages, shown=shown)


def performer(kind: Callable[P, Action[S]]) -> Callable[Concatenate[Database, Rulesets, P], S]:
    """The function the command line, scripts and tests call for an action:
    `record_battle = performer(RecordBattle)` makes `record_battle(db, rulesets, *fields)`,
    which performs `RecordBattle(*fields)` and hands back its result (typed from the action).
    """

    def perform_it(db: Database, rulesets: Rulesets, /, *args: P.args, **kwargs: P.kwargs) -> S:
        return perform(db, kind(*args, **kwargs), rulesets).result

    perform_it.__doc__ = kind.__doc__
    perform_it.__qualname__ = perform_it.__name__ = f"perform {getattr(kind, '__name__', kind)}"
    return perform_it


def undo(db: Database, outcome: Outcome[Any], rulesets: Rulesets) -> Outcome[Any]:
    """Undo what `outcome` did; the returned outcome's inverse redoes it."""
    if outcome.inverse is None:
        raise ValueError(f"{quoted(outcome.label)} has no undo")
    return perform(db, outcome.inverse, rulesets)
