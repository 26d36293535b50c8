"""The window's one way to perform a user action, in the spirit of Anki's CollectionOp.

`OperationRunner.run(action, stack)` calls `services.operations.perform`, pushes
the undo step on the given QUndoStack, says a refusal in one line and
broadcasts the outcome (`sig_performed`) to every open window, which refresh
what its `changes` name. The application owns one runner and hands it to its
windows; there is no global object. Undo and redo steps go through it too, so
an undo in one window repaints the others.

Every step is one of the database's undo history (services/undo_history.py): the
stacks the runner pushed on are views of it, and follow it (`follow`, when the
application comes back to the front) when the command line or another program
undid or redid one of their steps.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import replace
from typing import Any, TypeVar

import shiboken6

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QGuiApplication, QUndoStack

from gangmanager.gui.common.undo import OperationUndoCommand
from gangmanager.services import undo_history
from gangmanager.services.changes import Changes
from gangmanager.services.databases import Database
from gangmanager.services.errors import ServiceError
from gangmanager.services.operations import Action, Outcome, perform
from gangmanager.services.rulesets import Rulesets

# Said of an undo or redo step that can no longer be performed.
DROPPED = undo_history.DROPPED

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
        # The stacks this runner pushed steps on: the views `follow` keeps up to date.
        self._stacks: weakref.WeakSet[QUndoStack] = weakref.WeakSet()
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):
            app.applicationStateChanged.connect(self._on_app_state_changed)

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
            self._push(stack, outcome, step_refused)
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
            if outcome.step_id is None:
                outcome = replace(
                    outcome,
                    step_id=undo_history.record_outcome(self.database, self.rulesets, outcome),
                )
            self._push(stack, outcome, step_refused)
        self.sig_performed.emit(outcome)

    def _push(
        self, stack: QUndoStack, outcome: Outcome[Any], step_refused: Callable[[str], None] | None
    ) -> None:
        self._stacks.add(stack)
        stack.push(
            OperationUndoCommand(
                outcome,
                lambda a: self.step(a, step_refused),
                lambda step_id, undoing: self.history_step(step_id, undoing, step_refused),
            )
        )

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

    def history_step(
        self, step_id: int, undoing: bool, refused: Callable[[str], None] | None = None
    ) -> Outcome[Any] | None:
        """Undo (or redo) the history's step: a refused step is said and dropped from it."""
        step = undo_history.undo if undoing else undo_history.redo
        try:
            done = step(self.database, self.rulesets, step_id)
        except undo_history.StepGone as exc:
            (refused or self.sig_refused.emit)(str(exc))
            return None
        except ServiceError as exc:
            (refused or self.sig_refused.emit)(f"{exc}. {DROPPED}")
            return None
        self.sig_performed.emit(done.outcome)
        return done.outcome

    def follow(self) -> None:
        """Move each stack to where the history has its steps now (undone or redone
        elsewhere), without performing them again."""
        for stack in list(self._stacks):
            if shiboken6.isValid(stack):
                self._follow(stack)

    def _follow(self, stack: QUndoStack) -> None:
        commands = [stack.command(i) for i in range(stack.count())]
        ids = [c.step_id for c in commands if isinstance(c, OperationUndoCommand) and c.step_id]
        states = undo_history.states(self.database, [i for i in ids if i is not None])

        def state(index: int) -> str | None:
            command = commands[index]
            if not isinstance(command, OperationUndoCommand) or command.step_id is None:
                return None
            return states.get(command.step_id)

        index = target = stack.index()
        undone = [i for i in range(index) if state(i) == "redo"]
        if undone:
            target = undone[0]
        else:
            while target < len(commands) and state(target) == "undo":
                target += 1
        if target == index:
            return
        quiet = [c for c in commands if isinstance(c, OperationUndoCommand)]
        for command in quiet:
            command.quiet = True
        try:
            stack.setIndex(target)
        finally:
            for command in quiet:
                command.quiet = False

    def _on_app_state_changed(self, state: Qt.ApplicationState) -> None:
        if state == Qt.ApplicationState.ApplicationActive:
            self.follow()
