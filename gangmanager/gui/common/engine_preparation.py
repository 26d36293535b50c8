"""The engine made after the first paint without keeping input waiting.

The first screen is read without SQLAlchemy (docs/performance.md); the first
action needs it (about 250 ms to import, make the engine and set up the ORM).
This was one call 300 ms after the first paint, which kept any input of that
moment waiting for all of it. Now SQLAlchemy is imported on a thread of its
own from the first paint, and the rest (our store's modules, the engine, its
first read) runs on the event loop one short step at a time. An action that
comes first does what is left itself, as before.
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, QTimer

from gangmanager.services import databases
from gangmanager.services.databases import Database

# How often the window looks whether the import thread is done.
POLL_MS = 10


class EnginePreparation(QObject):
    def __init__(self, parent: QObject, db: Database) -> None:
        super().__init__(parent)
        self._db = db
        self._thread: threading.Thread | None = None
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._step)

    def start(self) -> None:
        if self._db.has_engine or self._thread is not None:
            return
        self._thread = databases.import_engine_in_background()
        self._steps = databases.preparation_steps(self._db)
        self._timer.start(POLL_MS)

    def _step(self) -> None:
        assert self._thread is not None
        if self._thread.is_alive():
            return
        self._timer.setInterval(0)
        if self._db.has_engine and len(self._steps) > 1:
            self._steps = self._steps[-1:]  # an action made the engine: only its first read
        if not self._steps:
            self._timer.stop()
            return
        step = self._steps.pop(0)
        try:
            step()
        except Exception:  # A head start only: the first action meets and reports it.
            self._steps = []
        if not self._steps:
            self._timer.stop()


def prepare_after_paint(parent: QObject, db: Database) -> EnginePreparation:
    preparation = EnginePreparation(parent, db)
    preparation.start()
    return preparation
