"""Draw the battle view for the user guide: `python -m gangmanager.gui.battle.screenshot OUT.png`.

A demo gang in a throwaway database, a few events of house rules A, the
window grabbed at 1280x800. With `--hired`, the n23 demo gang holds the
Fighting Pit in a Dominion campaign and a Hive Scum is hired for the battle
(docs/screenshots/battle-hired-gun.png). Tests never call this (they must
not write into docs/).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path


def grab(target: Path) -> Path:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from gangmanager.gui.battle.battle_window import BattleWindow
    from gangmanager.persistence.database import open_database, sqlite_url
    from gangmanager.rules.dice import RandomDice
    from gangmanager.services import battle, gangs
    from gangmanager.services.demo import demo_gang
    from gangmanager.services.rulesets import Rulesets

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as folder:
        rulesets = Rulesets(Path(folder) / "data")
        gang = demo_gang(rulesets.get("house-a")).model_copy(update={"ruleset": "house-a"})
        with open_database(sqlite_url(Path(folder) / "gm.sqlite")) as db:
            gang_id = gangs.add_gang(db, gang).gang.id
            assert gang_id is not None
            battle.start_battle(db, rulesets, gang_id, scenario="Border Dispute")
            battle.apply_events(
                db,
                rulesets,
                gang_id,
                [
                    {"fighter": "Mags Varga", "event": "marker", "marker": "hidden"},
                    {"fighter": "Mags Varga", "event": "end_activation"},
                    {"fighter": "Dex Hollow", "event": "ammo_test", "weapon": "Shotgun",
                     "profile": "executioner ammo", "roll": 2},
                    {"fighter": "Tess Calder", "event": "ammo_test", "weapon": "Autogun",
                     "roll": 1},
                    {"fighter": "Rook", "event": "blaze", "roll": 2},
                    {"fighter": "Rook", "event": "end_activation"},
                    {"fighter": "Pip", "event": "status", "status": "pinned"},
                    {"fighter": "Pip", "event": "flesh_wound"},
                    {"fighter": "Brann", "event": "wound"},
                ],
            )  # fmt: skip
            window = BattleWindow(db, rulesets, gang_id, dice=RandomDice(1))
            window.resize(1280, 800)
            window.show()
            app.processEvents()
            target.parent.mkdir(parents=True, exist_ok=True)
            window.grab().save(str(target))
            window.close()
    return target


def grab_hired(target: Path) -> Path:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from gangmanager.gui.battle.battle_window import BattleWindow
    from gangmanager.persistence.database import open_database, sqlite_url
    from gangmanager.rules.dice import RandomDice
    from gangmanager.services import battle, campaign, gangs
    from gangmanager.services.demo import demo_gang
    from gangmanager.services.rulesets import Rulesets

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as folder:
        rulesets = Rulesets(Path(folder) / "data")
        gang = demo_gang(rulesets.get("n23"))
        with open_database(sqlite_url(Path(folder) / "gm.sqlite")) as db:
            gang_id = gangs.add_gang(db, gang).gang.id
            assert gang_id is not None
            campaign.create_campaign(db, rulesets, "Ash Wars")
            campaign.add_gang(db, rulesets, "Ash Wars", gang.name)
            campaign.assign_territory(db, rulesets, "Ash Wars", "Fighting Pit", gang.name)
            battle.start_battle(
                db, rulesets, gang_id, scenario="Stand-off", crew=["Mags Varga", "Rook", "Pip"]
            )
            battle.apply_events(
                db,
                rulesets,
                gang_id,
                [
                    {"event": "hire", "fighter_type": "Hive Scum", "territory": "Fighting Pit"},
                    {"fighter": "Mags Varga", "event": "end_activation"},
                    {"fighter": "Hive Scum 1", "event": "status", "status": "pinned"},
                    {"fighter": "Hive Scum 1", "event": "wound"},
                ],
            )  # fmt: skip
            window = BattleWindow(db, rulesets, gang_id, dice=RandomDice(1))
            window.resize(1280, 800)
            window.show()
            app.processEvents()
            target.parent.mkdir(parents=True, exist_ok=True)
            window.grab().save(str(target))
            window.close()
    return target


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--hired"]:
        print(
            grab_hired(Path(args[1] if len(args) > 1 else "docs/screenshots/battle-hired-gun.png"))
        )
    else:
        print(grab(Path(args[0] if args else "docs/screenshots/battle-view.png")))
