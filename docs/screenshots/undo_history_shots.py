"""The Edit menu as a view of the database's one undo history: a rename made in the
window, undone from the command line, shows as Redo when the window comes back.

QT_QPA_PLATFORM=offscreen .venv/bin/python docs/screenshots/undo_history_shots.py [OUT_DIR]
"""

from __future__ import annotations

import contextlib
import io
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QMenu

from gangmanager.cli import main as cli
from gangmanager.gui.main_window import MainWindow
from gangmanager.services import gangs, roster
from gangmanager.services.databases import open_url, sqlite_url
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets


def _edit_menu(window: MainWindow) -> QMenu:
    for act in window.menuBar().actions():
        menu = act.menu()
        if isinstance(menu, QMenu) and act.text().replace("&", "") == "Edit":
            return menu
    raise LookupError("no Edit menu")


def main(out: Path) -> None:
    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        rulesets = Rulesets(folder / "data")
        path = folder / "gm.sqlite"
        db = open_url(sqlite_url(path))
        stored = gangs.add_gang(db, demo_gang(rulesets.get("n23"))).gang
        settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(db, rulesets, settings)
        window.resize(1280, 800)
        window.show()
        assert stored.id is not None
        window.select_gang(stored.id)
        rook = stored.fighter("Rook")
        assert rook is not None and rook.id is not None
        window.run(roster.EditFighter(stored.id, rook.id, {"name": "Rookie"}))
        said = io.StringIO()
        with contextlib.redirect_stdout(said):
            cli(["--db", str(path), "undo"])
        print(said.getvalue().strip())
        window.runner._on_app_state_changed(Qt.ApplicationState.ApplicationActive)
        menu = _edit_menu(window)
        menu.popup(window.mapToGlobal(window.rect().topLeft()))
        app.processEvents()
        menu.grab().save(str(out / "undo-history-edit-menu.png"))
        menu.close()
        window.close()
        db.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent)
