"""File > Update gang from file...: what the window shows after an update and on a conflict.

QT_QPA_PLATFORM=offscreen .venv/bin/python docs/screenshots/update_from_file_shots.py [OUT_DIR]
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from gangmanager.gui.main_window import MainWindow
from gangmanager.services import gangs
from gangmanager.services.databases import open_url, sqlite_url
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets


def main(out: Path) -> None:
    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        rulesets = Rulesets(folder / "data")
        db = open_url(sqlite_url(folder / "gm.sqlite"))
        stored = gangs.add_gang(db, demo_gang(rulesets.get("n23"))).gang
        path = gangs.export_gang(db, str(stored.id), folder / "out.gang.json")
        data = json.loads(path.read_text(encoding="utf-8"))
        data["credits"] += 75
        for fighter in data["fighters"]:
            if fighter["name"] == "Rook":
                fighter["xp"] += 3
                fighter["skills"].append("Nerves of Steel")
        back = folder / "rust.gang.json"
        back.write_text(json.dumps(data), encoding="utf-8")
        settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(db, rulesets, settings)
        window.resize(1280, 800)
        window.show()
        window.messages.open_path = lambda *a, **k: back  # type: ignore[method-assign]

        def grab_box() -> None:
            box = next(
                w for w in app.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()
            )
            box.grab().save(str(out / "update-from-file.png"))
            box.accept()

        QTimer.singleShot(300, grab_box)
        window.update_from_file_action.trigger()
        window.close()
        db.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent)
