"""The engine made after the first paint without keeping input waiting.

The first screen is read without SQLAlchemy (docs/performance.md); the first
action needs it (about 250 ms to import, make the engine and set up the ORM).
This was one call 300 ms after the first paint, which kept any input of that
moment waiting for all of it. Now SQLAlchemy is imported on a thread of its
own once the first paint is done, and the rest (our store's modules, the engine, its
first read) runs on the event loop one short step at a time. An action that
comes first does what is left itself, as before. Then the modules of the
dialogs and windows a player opens first are imported the same way, one step
each, so their first use does not pay for it (a name that is gone is skipped).
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

from gangmanager.services import databases
from gangmanager.services.databases import Database

# How often the window looks whether the import thread is done.
POLL_MS = 10
# Imported after the engine, one step each (20 to 70 ms): the battle window with its
# Attack dialog, the post-battle wizard, the card preview, the campaign window.
FIRST_USE_MODULES = (
    "gangmanager.rules.post_battle",
    "gangmanager.services.post_battle",
    "gangmanager.gui.printing.card_preview",
    "gangmanager.gui.battle.battle_window",
    "gangmanager.gui.post_battle.wizard",
    "gangmanager.gui.campaign.campaign_window",
)


def _importer(name: str) -> Callable[[], None]:
    def run() -> None:
        try:
            importlib.import_module(name)
        except ImportError:  # moved or gone: its first use imports what it needs
            return

    return run


class EnginePreparation(QObject):
    def __init__(self, parent: QObject, db: Database) -> None:
        super().__init__(parent)
        self._db = db
        self._thread: threading.Thread | None = None
        self._steps: list[Callable[[], None]] = []
        self._later: list[Callable[[], None]] = []
        self._timer = QTimer(self)
        self._timer.timeout.connect(self._step)

    def start(self) -> None:
        if self._db.has_engine or self._thread is not None:
            return
        self._thread = databases.import_engine_in_background()
        self._steps = databases.preparation_steps(self._db)
        self._later = [_importer(name) for name in FIRST_USE_MODULES]
        # Last: those modules add mapped tables, which has SQLAlchemy set its mappers
        # up again at the next load; done here, not by the first edit.
        self._later.append(self._set_up_gang_load)
        self._timer.start(POLL_MS)

    def _set_up_gang_load(self) -> None:
        try:
            databases.set_up_gang_load(self._db)
        except Exception:  # A head start only: the first action meets and reports it.
            return

    def _step(self) -> None:
        assert self._thread is not None
        if self._thread.is_alive():
            return
        self._timer.setInterval(0)
        if self._db.has_engine and len(self._steps) > 1:
            self._steps = self._steps[-1:]  # an action made the engine: only its first read
        if self._steps:
            step = self._steps.pop(0)
            try:
                step()
            except Exception:  # A head start only: the first action meets and reports it.
                self._steps = []
        elif self._later:
            self._later.pop(0)()
        if not self._steps and not self._later:
            self._timer.stop()


def prepare_after_paint(parent: QObject, db: Database) -> EnginePreparation:
    """Called from the first paint; the import thread starts once that paint is done.

    Queued, not started there: a thread started in the paint competed with it for the
    interpreter (the roster's cells are Python calls) and the first paint came later.
    """
    preparation = EnginePreparation(parent, db)
    QTimer.singleShot(0, preparation, preparation.start)  # gone with the window
    return preparation
