"""Draw a two-gang battle and the Attack... dialog for the user guide.

    python docs/screenshots/attack_shots.py [OUT_DIR]

writes battle-two-gangs.png (both sides after two attacks), battle-two-gangs-tabs.png
(the same on a narrow window: a tab per gang), battle-attack-dialog.png
(the target numbers before rolling) and battle-attack-rolled.png (after "Roll")
into OUT_DIR (docs/screenshots). Tests never call this.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

WOLVES = "The Ash Wolves"


def grab(folder_out: Path) -> list[Path]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from gangmanager.gui.battle.attack_dialog import AttackDialog
    from gangmanager.gui.battle.battle_window import BattleWindow
    from gangmanager.rules.dice import RandomDice
    from gangmanager.services import battle, gangs
    from gangmanager.services.databases import open_url, sqlite_url
    from gangmanager.services.demo import demo_gang
    from gangmanager.services.rulesets import Rulesets

    app = QApplication.instance() or QApplication([])
    folder_out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as folder:
        rulesets = Rulesets(Path(folder) / "data")
        riders = demo_gang(rulesets.get("house-a")).model_copy(update={"ruleset": "house-a"})
        wolves = riders.model_copy(update={"name": WOLVES})
        with open_url(sqlite_url(Path(folder) / "gm.sqlite")) as db:
            riders_id = gangs.add_gang(db, rulesets, riders).gang.id
            gangs.add_gang(db, rulesets, wolves)
            assert riders_id is not None
            battle.start_battle(
                db, rulesets, riders_id, scenario="Border Dispute",
                crew=["Mags Varga", "Rook", "Tess Calder"],
                against=WOLVES, against_crew=["Dex Hollow", "Rook", "Brann"],
            )  # fmt: skip
            battle.apply_events(
                db,
                rulesets,
                riders_id,
                [
                    {"event": "attack", "fighter": "Mags Varga", "weapon": "Boltgun",
                     "target": f"{WOLVES}/Rook", "range": "short", "firepower": [2], "hit": 5,
                     "wound": [4], "injury": ["seriously_injured", "flesh_wound"]},
                    {"event": "attack", "fighter": "Dex Hollow", "weapon": "Shotgun",
                     "profile": "solid ammo", "target": "The Rust Riders/Rook",
                     "range": "short", "firepower": [4], "hit": 4, "wound": [5],
                     "injury": ["flesh_wound", "flesh_wound"]},
                ],
            )  # fmt: skip
            window = BattleWindow(db, rulesets, riders_id, dice=RandomDice(3))
            window.resize(1400, 900)
            window.show()
            app.processEvents()
            written.append(folder_out / "battle-two-gangs.png")
            window.grab().save(str(written[-1]))

            window.resize(900, 800)
            app.processEvents()
            written.append(folder_out / "battle-two-gangs-tabs.png")
            window.grab().save(str(written[-1]))
            window.resize(1400, 900)
            app.processEvents()

            record = window.record
            assert record is not None
            (mags,) = record.state.find("The Rust Riders/Mags Varga")
            rules = rulesets.get(record.ruleset)
            dialog = AttackDialog(rules, record.state, mags, RandomDice(5), window)
            dialog.target_combo.setCurrentIndex(dialog.target_combo.findData(f"{WOLVES}/Brann"))
            dialog.show()
            app.processEvents()
            written.append(folder_out / "battle-attack-dialog.png")
            dialog.grab().save(str(written[-1]))
            dialog.roll_button.click()
            app.processEvents()
            # Tall enough for every step: on a big screen nothing scrolls inside.
            content = dialog.scroll_area.widget()
            assert content is not None
            dialog.resize(dialog.width(), content.sizeHint().height() + 60)
            app.processEvents()
            written.append(folder_out / "battle-attack-rolled.png")
            dialog.grab().save(str(written[-1]))
            dialog.close()
            window.close()
    return written


if __name__ == "__main__":
    for path in grab(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")):
        print(path)
