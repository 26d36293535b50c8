"""The window's one way to perform a user action, in the spirit of Anki's CollectionOp.

`OperationRunner.run(action, stack)` calls `services.operations.perform`, pushes
the undo step on the given QUndoStack, says a refusal in one line and
broadcasts the outcome (`sig_performed`) to every open window, which refresh
what its `changes` name. The application owns one runner and hands it to its
windows; there is no global object. Undo and redo steps go through it too, so
an undo in one window repaints the others.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from gangmanager.gui.common.undo import OperationUndoCommand
from gangmanager.services.changes import Changes
from gangmanager.services.databases import Database
from gangmanager.services.errors import ServiceError
from gangmanager.services.operations import Action, Outcome, perform
from gangmanager.services.rulesets import Rulesets

# Said of an undo or redo step that can no longer be performed.
DROPPED = "The step is removed from the undo history."

R = TypeVar("R")


def rosters_changed(outcome: Outcome[object]) -> bool:
    """Whether a roster window has anything to repaint: an action with an undo step
    (a roster edit, Finish, a campaign step) always may; one without (a battle event,
    a saved draft) only when it changed a gang or fighter (a Limited profile struck off)."""
    changes: Changes = outcome.changes
    return outcome.inverse is not None or bool(
        changes.gang_list
        or changes.fighters_added
        or changes.fighters_changed
        or changes.fighters_removed
    )


class OperationRunner(QObject):
    # Every outcome, of an action or of an undo/redo step (an Outcome).
    sig_performed = Signal(object)
    # A refusal in one line, for windows that show it (the runner's callers may instead).
    sig_refused = Signal(str)

    def __init__(self, db: Database, rulesets: Rulesets, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.database = db
        self.rulesets = rulesets

    def run(
        self,
        action: Action[R],
        stack: QUndoStack | None,
        refused: Callable[[ServiceError], None] | None = None,
        step_refused: Callable[[str], None] | None = None,
    ) -> Outcome[R] | None:
        """Perform `action`; its undo goes on `stack`. None when refused: `refused` gets
        the error (else `sig_refused` its line) and nothing was written. `step_refused`
        gets the line of a later undo or redo that is refused (else `sig_refused`)."""
        try:
            outcome = perform(self.database, action, self.rulesets)
        except ServiceError as exc:
            if refused is not None:
                refused(exc)
            else:
                self.sig_refused.emit(str(exc))
            return None
        if stack is not None and outcome.inverse is not None:
            stack.push(OperationUndoCommand(outcome, lambda a: self.step(a, step_refused)))
        self.sig_performed.emit(outcome)
        return outcome

    def push(
        self,
        outcome: Outcome[object],
        stack: QUndoStack,
        step_refused: Callable[[str], None] | None = None,
    ) -> None:
        """Put an outcome performed elsewhere (the post-battle wizard's Finish) on `stack`."""
        if outcome.inverse is not None:
            stack.push(OperationUndoCommand(outcome, lambda a: self.step(a, step_refused)))
        self.sig_performed.emit(outcome)

    def step(
        self, action: Action[Any], refused: Callable[[str], None] | None = None
    ) -> Outcome[Any] | None:
        """Undo or redo (an inverse): a refused step is said and dropped from the history."""
        try:
            outcome = perform(self.database, action, self.rulesets)
        except ServiceError as exc:
            (refused or self.sig_refused.emit)(f"{exc}. {DROPPED}")
            return None
        self.sig_performed.emit(outcome)
        return outcome
