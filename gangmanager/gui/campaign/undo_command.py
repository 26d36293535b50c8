"""One undo step per campaign action from the window (New campaign, Record battle, ...)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QUndoCommand

from gangmanager.services.campaign_steps import CampaignStep, redo_step, undo_step
from gangmanager.services.changes import Changes
from gangmanager.services.databases import Database
from gangmanager.services.errors import ServiceError


class CampaignUndoCommand(QUndoCommand):
    """Pushed after the action ran: undo puts the rows back, redo makes them again.

    `on_changes` gets the campaign id and the `Changes` of each step; a step
    refused (something changed since) goes to `on_refused` and leaves the history.
    """

    def __init__(
        self,
        db: Database,
        step: CampaignStep,
        on_changes: Callable[[int, Changes], None],
        on_refused: Callable[[str], None],
    ) -> None:
        super().__init__(step.label)
        self._db = db
        self.step = step
        self._on_changes = on_changes
        self._on_refused = on_refused
        self._applied = True

    def undo(self) -> None:
        self._swap(undo_step)
        self._applied = False

    def redo(self) -> None:
        if self._applied:
            return  # QUndoStack.push calls redo(): the action has run already.
        self._swap(redo_step)
        self._applied = True

    def _swap(self, swap: Callable[[Database, CampaignStep], Changes]) -> None:
        try:
            changes = swap(self._db, self.step)
        except ServiceError as exc:
            self.setObsolete(True)
            self._on_refused(f"{exc}. The step is removed from the undo history.")
            return
        self._on_changes(self.step.campaign_id, changes)
