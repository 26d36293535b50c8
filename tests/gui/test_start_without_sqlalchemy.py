"""The window's start reads its first screen without SQLAlchemy (docs/performance.md).

Importing SQLAlchemy, configuring its mappers and compiling the first statements
was about half the start and a third of its memory; `quick_read` replaces them
until the first action. A new process, because this one has long imported it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from gangmanager.persistence.database import open_database, sqlite_url
from gangmanager.services import gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

CHILD = """
import json, sys
from gangmanager.gui.before_qt import import_before_qt
import_before_qt()
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from gangmanager.gui.main_window import MainWindow
from gangmanager.services import gangs
from gangmanager.services.databases import open_url
from gangmanager.services.rulesets import Rulesets
from PySide6.QtCore import QEvent, QObject
app = QApplication([])
seen = []
class FirstPaint(QObject):
    # What was imported when the window's first paint began (after it, SQLAlchemy is
    # imported on a thread of its own while the player reads the screen).
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and watched is globals().get("window") and not seen:
            seen.append(sorted(m for m in ("sqlalchemy", "alembic") if m in sys.modules))
        return False
first_paint = FirstPaint()
app.installEventFilter(first_paint)
db = open_url(sys.argv[1])
window = MainWindow(db, Rulesets(), QSettings(sys.argv[2], QSettings.Format.IniFormat))
window.show()
app.processEvents()
shown = window.roster_model.rowCount()
before = seen[0]
gangs.add_gang(db, window.rulesets, window.gang.model_copy(update={"id": None, "name": "Copy"}))
print(json.dumps({"shown": shown, "before": before, "engine": db.has_engine,
                  "after": "sqlalchemy" in sys.modules}))
"""


def test_the_first_screen_is_read_without_sqlalchemy(tmp_path: Path, rulesets: Rulesets) -> None:
    url = sqlite_url(tmp_path / "gangs.sqlite")
    with open_database(url) as db:
        gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23")))
    env = os.environ | {"QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, url, str(tmp_path / "settings.ini")],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        env=env,
    )
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["shown"] == 6  # the demo gang's roster is on screen
    assert result["before"] == []  # neither SQLAlchemy nor Alembic was imported to show it
    assert result["engine"] and result["after"]  # the first write made the engine


PAINT_CHILD = """
import json, sys, threading
from gangmanager.gui.before_qt import import_before_qt
import_before_qt()
from PySide6.QtCore import QEvent, QObject, QSettings, QTimer
from PySide6.QtWidgets import QApplication
from gangmanager.gui.main_window import MainWindow
from gangmanager.services.databases import open_url
from gangmanager.services.rulesets import Rulesets
app = QApplication([])
LATER = ("gangmanager.content.pack_checks", "gangmanager.rules.post_battle_steps")
seen = {}
def painted():
    # Queued by the window's first paint before the window's own paintEvent: it runs
    # once that paint is done, as the bench's start row reads its end.
    seen["threads"] = sorted(t.name for t in threading.enumerate() if t.name.startswith("import"))
    seen["loaded"] = sorted(m for m in LATER if m in sys.modules)
class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint and watched is globals().get("window") and not seen:
            seen["paint"] = True
            QTimer.singleShot(0, painted)
        return False
first_paint = FirstPaint()
app.installEventFilter(first_paint)
db = open_url(sys.argv[1])
window = MainWindow(db, Rulesets(), QSettings(sys.argv[2], QSettings.Format.IniFormat))
window.show()
while "loaded" not in seen:
    app.processEvents()
while not db.has_engine:  # the preparation still comes, after the paint
    app.processEvents()
print(json.dumps(seen))
"""


def test_the_first_paint_has_the_interpreter_to_itself(tmp_path: Path, rulesets: Rulesets) -> None:
    """Neither the pack's cross-checks nor the SQLAlchemy import thread run during the first
    paint: the thread started in the paint competed with it for the interpreter, and the
    checks of every post-battle step came with reading the pack from its disk cache
    (issue 31's start regression, docs/performance.md)."""
    url = sqlite_url(tmp_path / "gangs.sqlite")
    with open_database(url) as db:
        gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23")))
    env = os.environ | {"QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path)}
    for _ in range(2):  # the second start reads the pack from the disk cache
        done = subprocess.run(
            [sys.executable, "-c", PAINT_CHILD, url, str(tmp_path / "settings.ini")],
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
            env=env | {"XDG_CACHE_HOME": str(tmp_path / "cache")},
        )
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["threads"] == []  # the import thread starts once the paint is done
    assert result["loaded"] == []
