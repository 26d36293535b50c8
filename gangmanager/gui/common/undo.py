"""One QUndoCommand for every roster edit: it holds the plain-data inverse and applies it.

The edit itself has already been applied (and refused edits never reach the
stack). Undo applies the stored inverse, which returns the command that
redoes it; redo does the same the other way. A step that can no longer be
applied (the gang was changed elsewhere) is dropped from the history.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QUndoCommand

from gangmanager.services.roster import Outcome, Restore

# Applies a command and shows the result; None when it was refused (and said so).
Runner = Callable[[Restore], Outcome | None]


class ServiceUndoCommand(QUndoCommand):
    def __init__(self, outcome: Outcome, runner: Runner) -> None:
        super().__init__(outcome.label)
        self._runner = runner
        self._undo: Restore | None = outcome.inverse
        self._redo: Restore | None = None
        self.gang_id = outcome.gang_id

    def undo(self) -> None:
        self._step(undoing=True)

    def redo(self) -> None:
        # QUndoStack.push() calls redo() at once: the edit is already applied then.
        if self._redo is None and self._undo is not None:
            return
        self._step(undoing=False)

    def _step(self, *, undoing: bool) -> None:
        command = self._undo if undoing else self._redo
        outcome = self._runner(command) if command is not None else None
        if outcome is None:
            self.setObsolete(True)
            return
        if undoing:
            self._undo, self._redo = None, outcome.inverse
        else:
            self._undo, self._redo = outcome.inverse, None
