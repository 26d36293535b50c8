"""Rules > My pack...: the form that adds a fighter type, a weapon, a wargear item.

QT_QPA_PLATFORM=offscreen .venv/bin/python docs/screenshots/my_pack_shots.py [OUT_DIR]

Writes my-pack-fighter-type-1366x768.png (a Wyld Witch for House Escher filled in
and saved), my-pack-weapon-1366x768.png (a weapon with a trait, one profile listed),
my-pack-refused-1024x640.png (a Movement the pack's statline refuses: one line).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QApplication

from gangmanager.gui.rules.entry_forms import FighterTypeForm
from gangmanager.gui.rules.my_pack_dialog import MyPackDialog
from gangmanager.gui.rules.weapon_form import WeaponForm
from gangmanager.services import user_packs
from gangmanager.services.rulesets import Rulesets


def main(out: Path) -> None:
    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as tmp:
        rulesets = Rulesets(Path(tmp) / "data")
        user_packs.copy_user_pack(rulesets, "n23", "our-club")
        dialog = MyPackDialog(rulesets)
        dialog.resize(1366, 768)
        dialog.show()
        form = dialog.form()
        assert isinstance(form, FighterTypeForm)
        form.house.setCurrentIndex(form.house.findData("escher"))
        form.name.setText("Wyld Witch")
        form.category.setCurrentIndex(form.category.findData("champion"))
        form.cost.setValue(110)
        form.stats["WS"].setText("3+")
        form.summary.setText("Our club's own champion: a chem-witch of the wastes.")
        dialog.save.click()
        app.processEvents()
        dialog.grab().save(str(out / "my-pack-fighter-type-1366x768.png"))

        dialog.tabs.setCurrentIndex(1)
        weapon = dialog.form()
        assert isinstance(weapon, WeaponForm)
        weapon.name.setText("Scrap carbine")
        weapon.cost.setValue(20)
        values = {"rng_s": '8"', "rng_l": '16"', "acc_s": "+1", "acc_l": "-", "str": "3"}
        values |= {"ap": "-", "d": "1", "am": "5+"}
        for code, text in values.items():
            weapon.columns[code].setText(text)
        weapon.trait.setCurrentText("Rapid Fire")
        weapon.trait_value.setText("1")
        weapon.add_trait.click()
        weapon.add_profile.click()
        dialog.save.click()
        app.processEvents()
        dialog.grab().save(str(out / "my-pack-weapon-1366x768.png"))

        dialog.tabs.setCurrentIndex(0)
        dialog.resize(1024, 640)
        form.name.setText("Wyld Strider")
        form.stats["M"].setText('12"')
        dialog.save.click()
        app.processEvents()
        dialog.grab().save(str(out / "my-pack-refused-1024x640.png"))
        dialog.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent)
