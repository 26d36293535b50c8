"""Draw the Attack... dialog in close combat with the Charge box, on a laptop's screen.

    python docs/screenshots/close_combat_shots.py [OUT_DIR]

writes battle-attack-close-combat-1366x768.png and
battle-attack-close-combat-rolled-1366x768.png into OUT_DIR (docs/screenshots):
the battle window at 1366x768 with the dialog over it, Mags Varga charging with a
chainsword and a power sword (the second weapon's die rolled with its own
profile), before and after Roll. Tests never call this.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

WOLVES = "The Ash Wolves"
WIDTH, HEIGHT = 1366, 768


def grab(folder_out: Path) -> list[Path]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QPoint
    from PySide6.QtGui import QPainter
    from PySide6.QtWidgets import QApplication

    from gangmanager.gui.battle.attack_dialog import AttackDialog
    from gangmanager.gui.battle.battle_window import BattleWindow
    from gangmanager.rules.dice import RandomDice
    from gangmanager.rules.weapons import Weapon
    from gangmanager.services import battle, gangs
    from gangmanager.services.databases import open_url, sqlite_url
    from gangmanager.services.demo import demo_gang
    from gangmanager.services.rulesets import Rulesets

    app = QApplication.instance() or QApplication([])
    folder_out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        rulesets = Rulesets(Path(folder) / "data")
        rules = rulesets.get("n23")
        riders = demo_gang(rules)
        sword = rules.weapon_entry("Power sword")
        assert sword is not None
        second = Weapon(name=sword.name, profiles=sword.profiles)
        riders = riders.model_copy(
            update={
                "fighters": [
                    f.model_copy(update={"weapons": [*f.weapons, second]})
                    if f.name == "Mags Varga"
                    else f
                    for f in riders.fighters
                ]
            }
        )
        wolves = demo_gang(rules).model_copy(update={"name": WOLVES})
        with open_url(sqlite_url(Path(folder) / "gm.sqlite")) as db:
            riders_id = gangs.add_gang(db, rulesets, riders).gang.id
            gangs.add_gang(db, rulesets, wolves)
            assert riders_id is not None
            battle.start_battle(
                db, rulesets, riders_id, scenario="Border Dispute",
                crew=["Mags Varga", "Rook", "Tess Calder"],
                against=WOLVES, against_crew=["Dex Hollow", "Rook", "Brann"],
            )  # fmt: skip
            window = BattleWindow(db, rulesets, riders_id, dice=RandomDice(3))
            record = window.record
            assert record is not None
            (mags,) = record.state.find("The Rust Riders/Mags Varga")
            window.resize(WIDTH, HEIGHT)
            window.show()
            dialog = AttackDialog(rules, record.state, mags, RandomDice(7), window)
            dialog.target_combo.setCurrentIndex(
                dialog.target_combo.findData(f"{WOLVES}/Dex Hollow")
            )
            dialog.profile_combo.setCurrentIndex(dialog.profile_combo.findText("Chainsword"))
            dialog.charge_check.setChecked(True)
            dialog.show()
            written: list[Path] = []
            for name in ("close-combat", "close-combat-rolled"):
                if name.endswith("rolled"):
                    dialog.roll_button.click()
                while not dialog.odds_panel.settled:
                    app.processEvents()
                hint = dialog.sizeHint()
                dialog.resize(min(hint.width(), WIDTH), min(hint.height(), HEIGHT))
                app.processEvents()
                picture = window.grab()
                painter = QPainter(picture)
                at = QPoint((WIDTH - dialog.width()) // 2, (HEIGHT - dialog.height()) // 2)
                painter.drawPixmap(at, dialog.grab())
                painter.end()
                written.append(folder_out / f"battle-attack-{name}-{WIDTH}x{HEIGHT}.png")
                picture.save(str(written[-1]))
            dialog.close()
            window.close()
    return written


if __name__ == "__main__":
    for path in grab(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")):
        print(path)
