"""Child process of the campaign window measure: open the window on each database in
turns, with a real event loop, and time each open from the action to its first paint.

    python -m bench.campaign_window_child --repeat 5 SMALL.sqlite LARGE.sqlite

The clock starts just before `CampaignWindow(...)` is made (what Campaign > Open
does after the player picks the campaign) and stops when the paint that shows it
is finished (a zero timer queued from the window's first Paint event runs after
it). The window is 1366x768, the project's laptop size. The first round is a
warm-up and is dropped. Prints one JSON line: the best time in seconds by file.
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication

from bench import quiet_qt
from gangmanager.gui.campaign.campaign_window import CampaignWindow
from gangmanager.services import campaign as service
from gangmanager.services.databases import Database, open_url, sqlite_url
from gangmanager.services.rulesets import Rulesets

SIZE = (1366, 768)


class Opener(QObject):
    """Opens the window on each database in turn, `rounds` times, and keeps the times."""

    def __init__(
        self, app: QApplication, dbs: dict[str, Database], rulesets: Rulesets, rounds: int
    ):
        super().__init__()
        self._app = app
        self._rulesets = rulesets
        self._jobs = [(key, db) for _ in range(rounds) for key, db in dbs.items()]
        self._ids = {key: service.list_campaigns(db)[0].id for key, db in dbs.items()}
        self.times: dict[str, list[float]] = {key: [] for key in dbs}
        self._window: CampaignWindow | None = None
        self._started = 0.0

    def next(self) -> None:
        if not self._jobs:
            self._app.quit()
            return
        key, db = self._jobs.pop(0)
        gc.collect()
        self._started = time.perf_counter()
        self._window = CampaignWindow(db, self._rulesets, self._ids[key])
        self._window.setProperty("bench_key", key)
        self._window.resize(*SIZE)
        self._window.show()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint and watched is self._window:
            window, self._window = self._window, None
            QTimer.singleShot(0, lambda: self._painted(window))
        return False

    def _painted(self, window: CampaignWindow) -> None:
        self.times[str(window.property("bench_key"))].append(time.perf_counter() - self._started)
        window.close()
        window.deleteLater()
        QTimer.singleShot(0, self.next)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.campaign_window_child")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("databases", nargs="+", type=Path)
    args = parser.parse_args(argv)
    quiet_qt.install()
    app = QApplication(sys.argv[:1])
    # Each window is closed after its paint; the loop goes on to the next.
    app.setQuitOnLastWindowClosed(False)
    with tempfile.TemporaryDirectory() as tmp:
        rulesets = Rulesets(Path(tmp) / "data")
        dbs = {str(path): open_url(sqlite_url(path)) for path in args.databases}
        try:
            opener = Opener(app, dbs, rulesets, args.repeat + 1)
            app.installEventFilter(opener)
            QTimer.singleShot(0, opener.next)
            app.exec()
        finally:
            for db in dbs.values():
                db.close()
    # The first round warmed the disk cache, SQLAlchemy's statement cache and Qt's fonts.
    print(json.dumps({key: min(found[1:]) for key, found in opener.times.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
