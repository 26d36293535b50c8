"""Draw the battle view for the user guide: `python docs/screenshots/battle_shots.py OUT.png`.

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
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gangmanager.services.databases import Database
    from gangmanager.services.rulesets import Rulesets


# The throwaway database before the window opens: (db, rulesets, gang name, gang id).
Prepare = Callable[["Database", "Rulesets", str, int], None]


def _grab_battle(target: Path, ruleset_id: str, prepare: Prepare) -> Path:
    """The demo gang of the pack in a throwaway database, prepared, the window grabbed."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from gangmanager.gui.battle.battle_window import BattleWindow
    from gangmanager.rules.dice import RandomDice
    from gangmanager.services import gangs
    from gangmanager.services.databases import open_url, sqlite_url
    from gangmanager.services.demo import demo_gang
    from gangmanager.services.rulesets import Rulesets

    app = QApplication.instance() or QApplication([])
    with tempfile.TemporaryDirectory() as folder:
        rulesets = Rulesets(Path(folder) / "data")
        gang = demo_gang(rulesets.get(ruleset_id)).model_copy(update={"ruleset": ruleset_id})
        with open_url(sqlite_url(Path(folder) / "gm.sqlite")) as db:
            gang_id = gangs.add_gang(db, rulesets, gang).gang.id
            assert gang_id is not None
            prepare(db, rulesets, gang.name, gang_id)
            window = BattleWindow(db, rulesets, gang_id, dice=RandomDice(1))
            window.resize(1280, 800)
            window.show()
            app.processEvents()
            target.parent.mkdir(parents=True, exist_ok=True)
            window.grab().save(str(target))
            window.close()
    return target


def _house_a_battle(db: Database, rulesets: Rulesets, _name: str, gang_id: int) -> None:
    from gangmanager.services import battle

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


def _hired_battle(db: Database, rulesets: Rulesets, name: str, gang_id: int) -> None:
    from gangmanager.services import battle, campaign

    campaign.create_campaign(db, rulesets, "Ash Wars")
    campaign.add_gang(db, rulesets, "Ash Wars", name)
    campaign.assign_territory(db, rulesets, "Ash Wars", "Fighting Pit", name)
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


def grab(target: Path) -> Path:
    return _grab_battle(target, "house-a", _house_a_battle)


def grab_hired(target: Path) -> Path:
    return _grab_battle(target, "n23", _hired_battle)


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--hired"]:
        print(
            grab_hired(Path(args[1] if len(args) > 1 else "docs/screenshots/battle-hired-gun.png"))
        )
    else:
        print(grab(Path(args[0] if args else "docs/screenshots/battle-view.png")))
