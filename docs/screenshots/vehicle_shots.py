"""A real n23 vehicle, stored and shown: `python docs/screenshots/vehicle_shots.py [OUT_DIR]`.

A Goliath demo gang in a throwaway database adds a Mauler through the same
action as `gangmanager vehicle add`, then writes into OUT_DIR (default: this folder):
vehicle-card-1366x768.png and vehicle-card-1024x640.png (the main window with the
Mauler's card open), vehicle-print.png (its printed card: the vehicle line and
the crew line), vehicle-roster-print.png (the roster sheet, a table per statline)
and vehicle-battle-tile.png (its tile in the battle window after a Hull Point
lost and Stationary taken). PDF pages go through `pdftoppm` (poppler-utils). Tests never
call this (they must not write into docs/).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from gangmanager.gui.battle.battle_window import BattleWindow  # noqa: E402
from gangmanager.gui.main_window import MainWindow  # noqa: E402
from gangmanager.printing.document import build_document  # noqa: E402
from gangmanager.printing.painter import QtMeasure, write_pdf  # noqa: E402
from gangmanager.rules.dice import RandomDice  # noqa: E402
from gangmanager.services import battle, gangs, roster  # noqa: E402
from gangmanager.services.databases import open_url, sqlite_url  # noqa: E402
from gangmanager.services.demo import demo_gang  # noqa: E402
from gangmanager.services.rulesets import Rulesets  # noqa: E402
from gangmanager.services.vehicles import AddVehicle  # noqa: E402

DPI = 110
VEHICLE = "Crusher"


def _settle(app: QApplication) -> None:
    for _ in range(5):
        app.processEvents()


def _save(widget: QWidget, target: Path) -> None:
    widget.grab().save(str(target))
    print(target)


def _png(pdf: Path, target: Path) -> None:
    command = ["pdftoppm", "-r", str(DPI), "-f", "1", "-l", "1", "-png", "-singlefile"]
    subprocess.run([*command, str(pdf), str(target.with_suffix(""))], check=True)
    print(target)


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path(__file__).parent
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        rulesets = Rulesets(work / "data")
        n23 = rulesets.get("n23")
        db = open_url(sqlite_url(work / "gm.sqlite"), None, rulesets)
        gang_id = gangs.add_gang(db, rulesets, demo_gang(n23, "goliath")).gang.id
        assert gang_id is not None
        roster.apply(db, AddVehicle(gang_id, "Mauler", VEHICLE), rulesets)
        gang = gangs.load_gang(db, str(gang_id))
        vehicle = next(f for f in gang.fighters if f.name == VEHICLE)

        settings = QSettings(str(work / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(db, rulesets, settings)
        for width, height in ((1366, 768), (1024, 640)):
            window.resize(width, height)
            window.show()
            window.select_gang(gang_id, vehicle.id)
            _settle(app)
            _save(window, out / f"vehicle-card-{width}x{height}.png")
        window.close()

        measure = QtMeasure()
        card = write_pdf(build_document(gang, n23, measure, fighters=[vehicle]), work / "card.pdf")
        _png(card, out / "vehicle-print.png")
        sheet = write_pdf(build_document(gang, n23, measure, roster=True), work / "roster.pdf")
        _png(sheet, out / "vehicle-roster-print.png")

        battle.start_battle(db, rulesets, gang_id, scenario="Border Dispute")
        battle.apply_events(
            db,
            rulesets,
            gang_id,
            [
                {"fighter": VEHICLE, "event": "wound"},
                {"fighter": VEHICLE, "event": "vehicle_status", "status": "Stationary"},
            ],
        )
        fight = BattleWindow(db, rulesets, gang_id, dice=RandomDice(1))
        fight.resize(1366, 768)
        fight.show()
        _settle(app)
        tile = fight.tiles[VEHICLE]
        _save(tile, out / "vehicle-battle-tile.png")
        fight.close()
        db.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
