"""The engine is made after the first paint without keeping input waiting (issue 31):
SQLAlchemy imported on a thread of its own, the rest in short steps on the event
loop, so a timer (an input) queued meanwhile runs between them."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from PySide6.QtCore import QSettings, QTimer

from gangmanager.gui.main_window import MainWindow
from gangmanager.services import databases, gangs
from gangmanager.services.databases import open_url, sqlite_url
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets


def test_the_engine_is_prepared_off_the_windows_thread_and_in_steps(
    qtbot, tmp_path: Path, rulesets: Rulesets, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = sqlite_url(tmp_path / "gangs.sqlite")
    with open_url(url) as db:
        gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23")))
    db = open_url(url)
    assert not db.has_engine
    threads: list[str] = []
    imported = databases._import_libraries

    def import_libraries() -> None:
        threads.append(threading.current_thread().name)
        imported()

    monkeypatch.setattr(databases, "_import_libraries", import_libraries)
    # Each step of the preparation notes whether a queued timer ran before it.
    order: list[str] = []
    steps = databases.preparation_steps

    def noted_steps(database: databases.Database) -> list:
        def noted(step):
            def run() -> None:
                order.append("step")
                step()

            return run

        found = [noted(s) for s in steps(database)]
        QTimer.singleShot(0, lambda: order.append("input"))
        return found

    monkeypatch.setattr(databases, "preparation_steps", noted_steps)
    window = MainWindow(
        db, rulesets, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    )
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: db.has_engine, timeout=5000)
    assert threads and threads[0] != threading.main_thread().name
    # The input queued with the steps ran before the last of them: they did not hold it.
    assert order.count("step") > 3 and "input" in order
    assert order.index("input") < len(order) - 1 - order[::-1].index("step")
    window.close()
    db.close()


def test_the_first_use_modules_come_after_the_engine_a_step_each(
    qtbot, tmp_path: Path, rulesets: Rulesets, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gangmanager.gui.common import engine_preparation

    url = sqlite_url(tmp_path / "gangs.sqlite")
    with open_url(url) as db:
        gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23")))
    db = open_url(url)
    done: list[tuple[str, bool]] = []
    real = engine_preparation._importer

    def importer(name: str):
        step = real(name)

        def run() -> None:
            done.append((name, db.has_engine))
            step()

        return run

    monkeypatch.setattr(engine_preparation, "_importer", importer)
    names = ("gangmanager.gui.campaign.campaign_window", "gangmanager.no_such_module")
    monkeypatch.setattr(engine_preparation, "FIRST_USE_MODULES", names)
    window = MainWindow(
        db, rulesets, QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    )
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: len(done) == 2, timeout=5000)
    # After the engine; a module that is gone is skipped without a word.
    assert done == [(names[0], True), (names[1], True)]
    window.close()
    db.close()


SET_UP_CHILD = """
import json, sys, time
from gangmanager.gui.before_qt import import_before_qt
import_before_qt()
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from gangmanager.gui.common.engine_preparation import EnginePreparation
from gangmanager.gui.main_window import MainWindow
from gangmanager.services.databases import open_url
from gangmanager.services.rulesets import Rulesets
app = QApplication([])
db = open_url(sys.argv[1])
window = MainWindow(db, Rulesets(), QSettings(sys.argv[2], QSettings.Format.IniFormat))
window.show()
deadline = time.monotonic() + 60
def preparing():
    found = window.findChildren(EnginePreparation)
    return not found or any(p._timer.isActive() or p._thread is None for p in found)
while preparing() and time.monotonic() < deadline:
    app.processEvents()
from sqlalchemy.orm import mapperlib
print(json.dumps({"engine": db.has_engine,
                  "unconfigured": any(r._new_mappers for r in mapperlib._mapper_registries)}))
"""


def test_the_preparation_leaves_no_mapper_to_set_up_for_the_first_edit(
    tmp_path: Path, rulesets: Rulesets
) -> None:
    # A new process: in this one every mapper was set up long ago. The first-use modules
    # imported after the engine add mapped tables; the last step sets them up, so the
    # first edit does not (about 65 ms of it, issue 31).
    import json
    import os
    import subprocess
    import sys

    url = sqlite_url(tmp_path / "gangs.sqlite")
    with open_url(url) as db:
        gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23")))
    env = os.environ | {"QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", SET_UP_CHILD, url, str(tmp_path / "settings.ini")],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        env=env,
    )
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result == {"engine": True, "unconfigured": False}
