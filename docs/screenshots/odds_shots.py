"""Draw the Attack... dialog with its odds on a laptop's screen.

    python docs/screenshots/odds_shots.py [OUT_DIR]

writes battle-attack-odds-1366x768.png and battle-attack-odds-1024x640.png into
OUT_DIR (docs/screenshots): the battle window at that size with the dialog over
it, no larger than the screen, once the odds are worked out: Mags Varga's
heavy stubber (a Rapid Fire (2) heavy weapon, given her for the picture), one
of its hits allocated to a second target. Tests never call this.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

WOLVES = "The Ash Wolves"
SCREENS = ((1366, 768), (1024, 640))


def grab(folder_out: Path) -> list[Path]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QPoint, Qt
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
    written: list[Path] = []
    with tempfile.TemporaryDirectory() as folder:
        rulesets = Rulesets(Path(folder) / "data")
        riders = demo_gang(rulesets.get("n23"))
        stubber = next(w for w in rulesets.get("n23").weapons if w.name == "Heavy stubber")
        mags_card = riders.fighters[0]
        heavy = mags_card.model_copy(
            update={
                "weapons": [
                    *mags_card.weapons,
                    Weapon(name=stubber.name, profiles=stubber.profiles),
                ]
            }
        )
        riders = riders.model_copy(update={"fighters": [heavy, *riders.fighters[1:]]})
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
            window = BattleWindow(db, rulesets, riders_id, dice=RandomDice(3))
            record = window.record
            assert record is not None
            (mags,) = record.state.find("The Rust Riders/Mags Varga")
            rules = rulesets.get(record.ruleset)
            for width, height in SCREENS:
                window.resize(width, height)
                window.show()
                dialog = AttackDialog(rules, record.state, mags, RandomDice(5), window)
                dialog.profile_combo.setCurrentIndex(dialog.profile_combo.findText("Heavy stubber"))
                dialog.range_combo.setCurrentIndex(dialog.range_combo.findData("short"))
                dialog.target_combo.setCurrentIndex(dialog.target_combo.findData(f"{WOLVES}/Brann"))
                # One of the Rapid Fire hits to Dex Hollow, near Brann.
                box = dialog.targets_box
                row = box._labels.index(f"{WOLVES}/Dex Hollow")
                box.table.item(row, 0).setCheckState(Qt.CheckState.Checked)
                dialog.show()
                while not dialog.odds_panel.settled:
                    app.processEvents()
                hint = dialog.sizeHint()
                dialog.resize(min(hint.width(), width), min(hint.height(), height))
                app.processEvents()
                # The dialog scrolls inside: show its odds, the point of the picture.
                dialog.scroll_area.ensureWidgetVisible(dialog.odds_panel)
                app.processEvents()
                picture = window.grab()
                painter = QPainter(picture)
                at = QPoint((width - dialog.width()) // 2, (height - dialog.height()) // 2)
                painter.drawPixmap(at, dialog.grab())
                painter.end()
                written.append(folder_out / f"battle-attack-odds-{width}x{height}.png")
                picture.save(str(written[-1]))
                dialog.close()
            window.close()
    return written


if __name__ == "__main__":
    for path in grab(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")):
        print(path)
