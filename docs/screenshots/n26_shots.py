"""An n26 (2026 edition) gang founded, shown and printed: `python docs/screenshots/n26_shots.py [OUT_DIR]`.

In a throwaway database: n26-new-gang-1366x768.png (the new-gang wizard's recruit page
for House Escher: subtypes, Starting XP, thirteen characteristics), n26-card-1366x768.png
and n26-card-1024x640.png (the main window with the Gang Queen's card: the pack's weapon
columns, plain-number stats, rank and owed advancement, subtypes) and n26-print.png (her
printed cards, through `pdftoppm`). Tests never call this (they must not write into docs/).
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

from gangmanager.gui.common.messages import Messages  # noqa: E402
from gangmanager.gui.main_window import MainWindow  # noqa: E402
from gangmanager.gui.roster.new_gang_wizard import NewGangWizard  # noqa: E402
from gangmanager.printing.document import build_document  # noqa: E402
from gangmanager.printing.painter import QtMeasure, write_pdf  # noqa: E402
from gangmanager.rules import roster_ops  # noqa: E402
from gangmanager.rules.gang import Gang  # noqa: E402
from gangmanager.services import gangs  # noqa: E402
from gangmanager.services.databases import open_url, sqlite_url  # noqa: E402
from gangmanager.services.rulesets import Rulesets  # noqa: E402

DPI = 110
HOUSE = "escher"
# (type, name, weapons, XP on top of the type's Starting XP)
RECRUITS = (
    ("Gang Queen", "Lyssa Vey", ("Autogun", "Bolt pistol"), 13),
    ("Gang Matriarch", "Cass Dunmor", ("Long rifle",), 0),
    ("Gang Sister", "Nyx", ("Autopistol",), 0),
    ("Little Sister", "Pip", ("Stub gun",), 0),
)


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


def _gang(rulesets: Rulesets) -> Gang:
    n26 = rulesets.get("n26")
    fighters = []
    for type_name, name, weapons, xp in RECRUITS:
        kind = n26.fighter_type(HOUSE, type_name)
        assert kind is not None, type_name
        fighter = roster_ops.recruit(kind, name, n26, house=HOUSE)
        carried = []
        for weapon in weapons:
            entry = roster_ops.armoury_entry(n26, weapon)
            assert entry is not None, weapon
            carried.append(roster_ops.armoury_weapon(entry))
        fighters.append(fighter.model_copy(update={"weapons": carried, "xp": fighter.xp + xp}))
    house = n26.house(HOUSE)
    assert house is not None
    return Gang(name="The Venom Lilies", house=house.name, ruleset="n26", fighters=fighters)


def _wizard(app: QApplication, rulesets: Rulesets, out: Path) -> None:
    wizard = NewGangWizard(rulesets, Messages(None))
    wizard.resize(1366, 768)
    wizard.show()
    page = wizard.gang_page
    page.ruleset.setCurrentIndex(page.ruleset.findData("n26"))
    page.house.setCurrentIndex(page.house.findData(HOUSE))
    page.name.setText("The Venom Lilies")
    wizard.next()
    recruit = wizard.recruit_page
    names = [recruit.types.item(r, 0).text() for r in range(recruit.types.rowCount())]
    for type_name, name, _weapons, _xp in RECRUITS:
        recruit.types.selectRow(names.index(type_name))
        recruit.recruit_name.setText(name)
        recruit.recruit.click()
    recruit.types.selectRow(0)
    _settle(app)
    _save(wizard, out / "n26-new-gang-1366x768.png")
    wizard.close()


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path(__file__).parent
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        rulesets = Rulesets(work / "data")
        _wizard(app, rulesets, out)
        db = open_url(sqlite_url(work / "gm.sqlite"), None, rulesets)
        gang = gangs.add_gang(db, rulesets, _gang(rulesets)).gang
        assert gang.id is not None
        queen = gang.fighters[0]
        settings = QSettings(str(work / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(db, rulesets, settings)
        for width, height in ((1366, 768), (1024, 640)):
            window.resize(width, height)
            window.show()
            window.select_gang(gang.id, queen.id)
            _settle(app)
            _save(window, out / f"n26-card-{width}x{height}.png")
        window.close()
        n26 = rulesets.get("n26")
        document = build_document(gang, n26, QtMeasure(), fighters=gang.fighters)
        _png(write_pdf(document, work / "cards.pdf"), out / "n26-print.png")
        db.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
