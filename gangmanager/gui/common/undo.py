"""One QUndoCommand for every user action: it holds the plain-data inverse and performs it.

The action itself has already been performed (and refused actions never reach
the stack). Undo performs the stored inverse, whose outcome carries the action
that redoes it; redo does the same the other way. Roster edits, post-battle
Finish and campaign steps all undo this way (services.operations). A step that
can no longer be performed (its rows changed elsewhere) is dropped from the history.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QUndoCommand

from gangmanager.services.operations import Action, Outcome

# Performs an undo or redo step and shows the result; None when it was refused (and said so).
Step = Callable[[Action[Any]], Outcome[Any] | None]


class OperationUndoCommand(QUndoCommand):
    def __init__(self, outcome: Outcome[object], step: Step) -> None:
        super().__init__(outcome.label)
        self._step_with = step
        self._undo: Action[Any] | None = outcome.inverse
        self._redo: Action[Any] | None = None
        self.gang_id = outcome.gang_id

    def undo(self) -> None:
        self._step(undoing=True)

    def redo(self) -> None:
        # QUndoStack.push() calls redo() at once: the action is already performed then.
        if self._redo is None and self._undo is not None:
            return
        self._step(undoing=False)

    def _step(self, *, undoing: bool) -> None:
        action = self._undo if undoing else self._redo
        outcome = self._step_with(action) if action is not None else None
        if outcome is None:
            self.setObsolete(True)
            return
        if undoing:
            self._undo, self._redo = None, outcome.inverse
        else:
            self._undo, self._redo = outcome.inverse, None
