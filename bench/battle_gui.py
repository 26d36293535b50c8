"""Shared by the battle window measures: a real event loop in this process (no pytest-qt),
a battle of N fighters to open, and "until painted": from an input to the end of its repaint.

The time of an action is taken from just before the input event is posted to
when a pass of the event loop paints nothing more after at least one paint
(Qt paints in the event loop, so a pass without a paint means the repaint
the action caused is done).
"""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication

from bench import quiet_qt
from bench.common import Bench
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.services import battle, gangs


def application() -> QApplication:
    app = QApplication.instance()
    if app is None:
        quiet_qt.install()
        app = QApplication(["bench"])
    assert isinstance(app, QApplication)
    return app


class PaintWatch(QObject):
    """Counts paint events anywhere in the application while installed."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() is QEvent.Type.Paint:
            self.count += 1
        return False

    def __enter__(self) -> PaintWatch:
        application().installEventFilter(self)
        return self

    def __exit__(self, *_: object) -> None:
        application().removeEventFilter(self)


def until_painted(watch: PaintWatch, timeout: float = 10.0) -> int:
    """Run the event loop until something was painted and a pass paints nothing more;
    returns the number of paint events."""
    app = application()
    start = watch.count
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        before = watch.count
        app.processEvents()
        if watch.count > start and watch.count == before:
            break
    return watch.count - start


def battle_database(bench: Bench, fighters: int) -> tuple[Database, int]:
    """A database with one gang of `fighters` in a battle (everyone who can fight)."""
    path: Path = bench.work / f"battle-window-{fighters}.sqlite"
    path.unlink(missing_ok=True)
    db = open_database(sqlite_url(path))
    gang = gangs.add_gang(db, bench.rulesets, bench.gang(fighters)).gang
    assert gang.id is not None
    battle.start_battle(db, bench.rulesets, gang.id)
    return db, gang.id
