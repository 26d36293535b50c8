"""Grab the import of a YakTribe gang for the docs.

    QT_QPA_PLATFORM=offscreen python docs/screenshots/import_shots.py docs/screenshots

Saves import-report.png (the window's report of a YakTribe file written here in
YakTribe's shape: a house with its book suffix, ammo lines, a beast marker, two
fighters of one name, two Leaders, a type the pack lacks, territories) and
gang-header-warning.png (the imported gang's header), from a throwaway database
in a temporary folder.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

from roster_shots import SIZE, _save, _save_over, _settle

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from gangmanager.gui.common.report_dialog import ReportDialog
from gangmanager.gui.main_window import MainWindow
from gangmanager.services.databases import open_url, sqlite_url
from gangmanager.services.rulesets import Rulesets


def _ganger(name: str, type_text: str, cost: int, *kit: tuple[str, int]) -> dict[str, object]:
    stats = dict(m="5", ws="4", bs="3", s="3", t="3", w="1", i="4", a="1")
    stats |= dict(ld="7", cl="7", wil="7", int="7")
    return {
        "ganger_id": "1",
        "name": name,
        "type": type_text,
        **stats,
        "cost": str(cost),
        "xp": "3",
        "kills": "1",
        "advance_count": "0",
        "equipment": [{"name": n, "qty": "1", "cost": str(c)} for n, c in kit],
        "skills": [],
        "injuries": [],
        "status": "Alive",
        "notes": "",
    }


def yaktribe_gang() -> dict[str, object]:
    return {
        "gang": {
            "gang_id": "4711",
            "gang_name": "Sump Wardens",
            "gang_type": "Van Saar (HoA)",
            "gang_rating": "1010",
            "campaign": "Ash Wars",
            "credits": "35",
            "reputation": "6",
            "territories": ["Old Ruins", "Drinking Hole"],
            "gang_notes": "Bought from the Hystrar line.\r\nKeep the rig oiled.",
            "gangers": [
                _ganger(
                    "Vell",
                    "Prime (Leader)",
                    225,
                    ("Plasma Gun", 100),
                    ("Armoured Bodyglove", 0),
                    ("Ocular Alpha", 50),
                ),
                _ganger(
                    "Auma",
                    "Augmek (Champion)",
                    200,
                    ("Lasgun", 15),
                    ("Hotshot Lasgun Pack", 20),
                    ("Cyberachnid", 0),
                    ("Third Arm", 20),
                ),
                _ganger(
                    "Tekla",
                    "Tek (Ganger)",
                    130,
                    ("Shotgun", 30),
                    ("Shotgun - Executioner", 20),
                    ("Mesh Armor", 15),
                ),
                _ganger(
                    "Tekla",
                    "Tek Specialist",
                    120,
                    ("Grenade Launcher w/Frag+Krak", 65),
                    ("Grenade Launcher-Smoke", 15),
                ),
                _ganger("Old Vell", "Prime (Leader)", 150, ("Laspistol", 10)),
                _ganger("Spindle", "Cyberachnid (Exotic Beast)", 75),
                _ganger("Rig", "Van Saar Arachni-Rig Servo-Suit", 240, ("Tunneling Claw", 0)),
                _ganger("Bolt", "Servo-Walker (Vehicle)", 90),
            ],
        }
    }


def main(argv: list[str]) -> int:
    target = Path(argv[0] if argv else "docs/screenshots")
    target.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        source = work / "sump_wardens.json"
        source.write_text(json.dumps(yaktribe_gang(), indent=1), encoding="utf-8")
        rulesets = Rulesets(work / "data")
        db = open_url(sqlite_url(work / "screenshots.sqlite"))
        settings = QSettings(str(work / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(db, rulesets, settings)
        window.resize(*SIZE)
        window.show()
        _settle(app)
        shown: list[str] = []
        window.messages.open_path = lambda *args, **kwargs: source  # type: ignore[method-assign]
        window.messages.inform = lambda text, title="": shown.append(text)  # type: ignore[method-assign]
        window.import_action.trigger()
        _settle(app)
        dialog = ReportDialog("Import report", shown[-1], window)
        dialog.show()
        _settle(app)
        _save_over(window, dialog, target / "import-report.png")
        dialog.close()
        _settle(app)
        _save(window.header, target / "gang-header-warning.png")
        window.close()
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
