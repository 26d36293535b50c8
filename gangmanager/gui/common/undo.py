"""One QUndoCommand for every user action: a view of its step in the database's one
undo history (services/undo_history.py).

The action itself has already been performed (and refused actions never reach
the stack). Undo and redo perform the step as the history stores it, so an undo
from the command line, or from another window, is the same undo; a step done
already elsewhere is not performed twice. A step the history does not hold (an
outcome without one) keeps its inverse here, as before. A step that can no longer
be performed (its rows changed elsewhere) is dropped from the history.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QUndoCommand

from gangmanager.services.operations import Action, Outcome

# Performs an undo or redo step and shows the result; None when it was refused (and said so).
Step = Callable[[Action[Any]], Outcome[Any] | None]
# Undoes (True) or redoes (False) the history's step of that id; None when refused.
HistoryStep = Callable[[int, bool], Outcome[Any] | None]


class OperationUndoCommand(QUndoCommand):
    def __init__(
        self, outcome: Outcome[Any], step: Step, history: HistoryStep | None = None
    ) -> None:
        super().__init__(outcome.label)
        self._step_with = step
        self._history = history
        self.step_id = outcome.step_id if history is not None else None
        self._undo: Action[Any] | None = outcome.inverse
        self._redo: Action[Any] | None = None
        self.gang_id = outcome.gang_id
        # Set while the stack follows the history without performing (`follow`).
        self.quiet = False
        self._pushed = False

    def undo(self) -> None:
        self._step(undoing=True)

    def redo(self) -> None:
        # QUndoStack.push() calls redo() at once: the action is already performed then.
        if not self._pushed:
            self._pushed = True
            return
        self._step(undoing=False)

    def _step(self, *, undoing: bool) -> None:
        if self.quiet:
            return
        if self.step_id is not None and self._history is not None:
            if self._history(self.step_id, undoing) is None:
                self.setObsolete(True)
            return
        action = self._undo if undoing else self._redo
        outcome = self._step_with(action) if action is not None else None
        if outcome is None:
            self.setObsolete(True)
            return
        if undoing:
            self._undo, self._redo = None, outcome.inverse
        else:
            self._undo, self._redo = outcome.inverse, None
