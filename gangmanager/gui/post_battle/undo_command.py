"""Undo of a whole post-battle sequence in one step, for the main window's undo stack."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QUndoCommand

from gangmanager.services.changes import Changes
from gangmanager.services.databases import Database
from gangmanager.services.post_battle import FinishResult, redo_post_battle, undo_post_battle


class PostBattleUndoCommand(QUndoCommand):
    """Pushed after Finish (already applied): undo restores every row, redo re-applies.

    `on_changes` receives the `Changes` of each undo or redo so the window
    refreshes what they name; a refusal (the gang changed since) raises
    ServiceError from undo()/redo() for the window to show.
    """

    def __init__(
        self,
        db: Database,
        result: FinishResult,
        on_changes: Callable[[Changes], None] | None = None,
    ) -> None:
        super().__init__(f"post-battle sequence of {result.gang.name}")
        self._db = db
        self._result = result
        self._on_changes = on_changes
        self._applied = True

    def undo(self) -> None:
        self._notify(undo_post_battle(self._db, self._result))
        self._applied = False

    def redo(self) -> None:
        if self._applied:
            return  # QUndoStack.push calls redo(): Finish has already applied it.
        self._notify(redo_post_battle(self._db, self._result))
        self._applied = True

    def _notify(self, changes: Changes) -> None:
        if self._on_changes is not None:
            self._on_changes(changes)
