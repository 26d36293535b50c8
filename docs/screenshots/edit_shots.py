"""Grab the main window after a roster edit shown from the saved gang (issue 17).

    QT_QPA_PLATFORM=offscreen python docs/screenshots/edit_shots.py docs/screenshots

Builds a throwaway database with the demo gang grown to 300 fighters, renames one
and gives another an XP point through the window (`MainWindow.run`: the outcome's
saved gang is shown without reading the gang again), and saves
roster-after-edit-300.png into the folder given.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from gangmanager.gui.main_window import MainWindow
from gangmanager.rules.gang import Category
from gangmanager.services import gangs, roster
from gangmanager.services.databases import open_url, sqlite_url
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

SIZE = (1280, 800)


def main(out: Path) -> None:
    app = QApplication.instance() or QApplication(sys.argv)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        rulesets = Rulesets(folder / "data")
        demo = demo_gang(rulesets.get("n23"))
        ganger = next(f for f in demo.fighters if f.category is Category.GANGER)
        extra = [ganger.model_copy(update={"name": f"Ganger {n}"}) for n in range(300 - 6)]
        big = demo.model_copy(
            update={"name": "Three Hundred", "fighters": [*demo.fighters, *extra]}
        )
        db = open_url(sqlite_url(folder / "gm.sqlite"))
        try:
            gangs.add_gang(db, rulesets, big)
            settings = QSettings(str(folder / "gm.ini"), QSettings.Format.IniFormat)
            window = MainWindow(db, rulesets, settings)
            window.resize(*SIZE)
            window.show()
            app.processEvents()
            gang = window.gang
            assert gang is not None and gang.id is not None
            renamed, trained = gang.fighters[1], gang.fighters[2]
            assert renamed.id is not None and trained.id is not None
            window.run(roster.EditFighter(gang.id, renamed.id, {"name": "Rook the Renamed"}))
            window.run(roster.EditFighter(gang.id, trained.id, {"xp": trained.xp + 1}))
            for _ in range(5):
                app.processEvents()
            path = out / "roster-after-edit-300.png"
            if not window.grab().save(str(path)):
                raise OSError(f"cannot write {path}")
            print(path)
            window.close()
        finally:
            db.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent)
