"""Grab the screens of the equipment and skill restrictions for the docs.

    QT_QPA_PLATFORM=offscreen python docs/screenshots/restrictions_shots.py docs/screenshots

Saves founding-wizard-<house>.png (the Equip page, what each fighter may take)
for the first two houses of n23, founding-wizard-greyed.png (another gang's kit
greyed with the reason), buy-weapon-refused.png and
gang-header-house-rules.png, from a throwaway database in a temporary folder.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from roster_shots import SIZE, _save, _save_over, _settle

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from gangmanager.gui.main_window import MainWindow
from gangmanager.gui.roster.armoury_dialog import ArmouryDialog
from gangmanager.gui.roster.gang_details_dialog import GangDetailsDialog
from gangmanager.gui.roster.new_gang_wizard import NewGangWizard
from gangmanager.rules.gang import Category
from gangmanager.services import gangs, roster
from gangmanager.services.databases import open_url, sqlite_url
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets


def _founding(app: QApplication, window: MainWindow, rulesets: Rulesets, target: Path) -> None:
    n23 = rulesets.get("n23")
    for house in (n23.house("escher"), n23.house("goliath")):
        assert house is not None
        wizard = NewGangWizard(rulesets, window.messages, window)
        wizard.resize(1040, 660)
        page = wizard.gang_page
        page.house.setCurrentIndex(page.house.findData(house.id))
        page.name.setText(f"{house.name.split()[-1]} founders")
        wizard.show()
        wizard.next()
        recruit = wizard.recruit_page
        wanted = (Category.LEADER, Category.CHAMPION, Category.GANGER, Category.GANGER)
        types = n23.fighter_types_for(house.id)
        for category in wanted:
            row = next((i for i, t in enumerate(types) if t.category is category), None)
            if row is not None:
                recruit.types.selectRow(row)
                recruit.recruit.click()
        wizard.next()
        equip = wizard.equip_page
        equip.fighters.setCurrentRow(0)
        # The Leader's first two lines of the house list, at list price.
        listed = [
            r
            for r in range(equip.model.rowCount())
            if equip.model.offer(r).verdict.source == "list"
        ]
        for row in listed[:2]:
            equip.armoury.selectRow(row)
            equip.buy.click()
        equip.take_skill.click()  # the Leader's recruit skill
        _settle(app)
        _save_over(window, wizard, target / f"founding-wizard-{house.id}.png")
        if house.id == "escher":
            # Another gang's kit is greyed with the reason, not hidden.
            equip.filter.setText("armour")
            row = next(
                r
                for r in range(equip.proxy.rowCount())
                if equip.proxy.index(r, 0).data() == "Armoured bodyglove"
            )
            equip.armoury.selectRow(row)
            _settle(app)
            _save_over(window, wizard, target / "founding-wizard-greyed.png")
        wizard.close()


def main(argv: list[str]) -> int:
    target = Path(argv[0] if argv else "docs/screenshots")
    target.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        rulesets = Rulesets(work / "data")
        n23 = rulesets.get("n23")
        db = open_url(sqlite_url(work / "screenshots.sqlite"))
        stored = gangs.add_gang(db, demo_gang(n23)).gang
        assert stored.id is not None
        settings = QSettings(str(work / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(db, rulesets, settings)
        window.resize(*SIZE)
        window.show()
        window.select_gang(stored.id, stored.fighters[2].id)
        _settle(app)
        _founding(app, window, rulesets, target)

        rook = stored.fighters[2]
        dialog = ArmouryDialog(
            n23, "weapons", stored.credits, rook.name, window, fighter=rook, house=stored.house
        )
        dialog.resize(720, 560)
        # A Gunner may not take a heavy bolter from House Orlock's list.
        dialog.filter.setText("heavy")
        row = next(
            r
            for r in range(dialog.proxy.rowCount())
            if dialog.proxy.index(r, 0).data() == "Heavy bolter"
        )
        dialog.view.selectRow(row)
        dialog.show()
        _settle(app)
        _save_over(window, dialog, target / "buy-weapon-refused.png")
        dialog.close()

        details = GangDetailsDialog(stored, window)
        details.house_rules.setChecked(True)
        details.show()
        _settle(app)
        _save(details, target / "gang-details-house-rules.png")
        window.run(roster.EditGang(stored.id, details.changed_fields()))
        details.close()
        _settle(app)
        _save(window.header, target / "gang-header-house-rules.png")
        window.close()
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
