"""Grab every page of the wizard, filled in after a tracked battle, for the user guide;
then the pages that change for a gang in a running campaign (post-battle-campaign-*.png).

    QT_QPA_PLATFORM=offscreen python docs/screenshots/post_battle_shots.py docs/screenshots

Runs on a throwaway database in a temporary folder; never part of the tests.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QApplication

from gangmanager.gui.post_battle.wizard import PostBattleWizard
from gangmanager.rules.dice import RandomDice
from gangmanager.rules.post_battle_draft import BoonTaken, PostBattleDraft, TerritoryIncome
from gangmanager.services import battle, campaign, gangs
from gangmanager.services.databases import open_url, sqlite_url
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

SIZE = (1280, 800)


def grab_pages(folder: Path, work: Path) -> list[Path]:
    rulesets = Rulesets(work / "data")
    db = open_url(sqlite_url(work / "screens.sqlite"))
    try:
        founded = demo_gang(rulesets.get("n23"))
        # Brann carries an Old Battle Wound from an earlier battle: Wrap-up asks for its D6.
        veteran = [
            f.model_copy(update={"injuries": ["Old Battle Wound"]}) if f.name == "Brann" else f
            for f in founded.fighters
        ]
        gang = gangs.add_gang(db, rulesets, founded.model_copy(update={"fighters": veteran})).gang
        assert gang.id is not None
        battle.start_battle(db, rulesets, gang.id, scenario="Stand-off")
        battle.apply_events(db, rulesets, gang.id, [
            {"event": "ammo_test", "fighter": "Dex Hollow", "weapon": "Shotgun",
             "profile": "executioner ammo", "roll": 1},
            {"event": "status", "fighter": "Rook", "status": "out_of_action"},
            {"event": "status", "fighter": "Tess Calder", "status": "out_of_action"},
            {"event": "status", "fighter": "Pip", "status": "seriously_injured"},
        ])  # fmt: skip
        battle.end_battle(db, rulesets, gang.id)
        wizard = PostBattleWizard(db, rulesets, gang.id, dice=RandomDice(7))
        filled = PostBattleDraft.model_validate(
            wizard.draft.to_json()
            | {
                "result": "win",
                "succumb": [{"fighter": "Pip", "roll": 2}],
                "old_wounds": [{"fighter": "Brann", "roll": 4}],
                "injuries": [
                    {"fighter": "Rook", "roll": 44},
                    {"fighter": "Tess Calder", "roll": 62},
                    {"fighter": "Pip", "roll": 54, "rolls": [2, 12, 11, 3]},
                ],
                "territory": "Took the Slag Furnace from the Iron Saints.",
                "xp": {"Mags Varga": 6, "Dex Hollow": 3, "Brann": 7, "Rook": 1, "Tess Calder": 1},
                "credits": 75,
                "reputation": 1,
                "income": 20,
                "medical_escorts": [
                    {"fighter": "Tess Calder", "escort": "Mags Varga", "cost_roll": 7, "roll": 3,
                     "injury_roll": 46}
                ],
                "captives_sold": [{"name": "Kal Dorn", "value": 90}],
                "sales": [{"fighter": "Pip", "item": "Autopistol"}],
                "purchases": [
                    {"fighter": "Dex Hollow", "item": "Shotgun", "profile": "executioner ammo"},
                    {"fighter": "stash", "item": "Flak armour"},
                ],
                "boons": "Slag Furnace: one free Ganger next cycle.",
                "moves": [{"item": "Flak armour", "to": "Brann"}],
                "advancements": [
                    {"fighter": "Mags Varga", "advancement": "bs"},
                    {"fighter": "Brann", "advancement": "m", "roll": 7},
                ],
                "notes": "Close one: the Iron Saints broke in round four.",
            }
        )  # fmt: skip
        wizard.update_draft(**{k: getattr(filled, k) for k in type(filled).model_fields})
        wizard.resize(*SIZE)
        wizard.show()
        saved: list[Path] = []
        for number in range(len(wizard.pages)):
            QApplication.processEvents()
            page = wizard.currentPage()
            path = folder / f"post-battle-{number:02d}-{page.step_id.replace('_', '-')}.png"  # type: ignore[attr-defined]
            wizard.grab().save(str(path))
            saved.append(path)
            wizard.next()
        wizard.close()
        return saved
    finally:
        db.close()


# The pages a campaign changes, and the income dice typed in on one of them.
CAMPAIGN_PAGES = ("battle", "assign_territory", "collect_income", "territory_boons")
ROLLS = {"Settlement": [4], "Old Ruins": [2], "Collapsed Dome": [6, 3, 1], "Slag Furnace": [5]}


def grab_campaign_pages(folder: Path, work: Path) -> list[Path]:
    """The Rust Riders beat the Iron Brothers in Ash Wars and take their Slag Furnace."""
    rulesets = Rulesets(work / "data")
    db = open_url(sqlite_url(work / "campaign.sqlite"))
    try:
        n23 = rulesets.get("n23")
        gang = gangs.add_gang(db, rulesets, demo_gang(n23, "orlock")).gang
        gangs.add_gang(db, rulesets, demo_gang(n23, "goliath").model_copy(update={"name": "Iron Brothers"}))
        assert gang.id is not None
        campaign.create_campaign(db, rulesets, "Ash Wars")
        for name in (gang.name, "Iron Brothers"):
            campaign.add_gang(db, rulesets, "Ash Wars", name)
        campaign.assign_territory(db, rulesets, "Ash Wars", "Slag Furnace", "Iron Brothers")
        for territory in ("Old Ruins", "Collapsed Dome", "Promethium Cache", "Workshop"):
            campaign.assign_territory(db, rulesets, "Ash Wars", territory, gang.name)
        recorded = campaign.record_battle(
            db, rulesets, "Ash Wars", [gang.name, "Iron Brothers"], winner=gang.name,
            scenario="Stand-off",
        )  # fmt: skip
        wizard = PostBattleWizard(db, rulesets, gang.id, dice=RandomDice(7))
        wizard.update_draft(
            result="win",
            scenario="Stand-off",
            campaign_battle_id=recorded.battle.id,
            territory="Slag Furnace",
            territory_result="won",
            territory_income=TerritoryIncome(rolls=ROLLS, dice={"Collapsed Dome": 3}),
            boons="Re-rolled one failed Ammo test for a Blaze weapon (Promethium Cache).",
            boons_taken=[
                BoonTaken(
                    territory="Workshop", kind="recruit", fighter_type="Ammo-jack", name="Slugs"
                ),
                BoonTaken(
                    territory="Promethium Cache", kind="equipment", item="Incendiary charges"
                ),
            ],
        )
        wizard.resize(*SIZE)
        wizard.show()
        saved: list[Path] = []
        for number in range(len(wizard.pages)):
            QApplication.processEvents()
            step = wizard.currentPage().step_id  # type: ignore[attr-defined]
            if step in CAMPAIGN_PAGES:
                name = f"post-battle-campaign-{number:02d}-{step.replace('_', '-')}.png"
                wizard.grab().save(str(folder / name))
                saved.append(folder / name)
            wizard.next()
        wizard.close()
        return saved
    finally:
        db.close()


def main(argv: list[str]) -> int:
    folder = Path(argv[1] if len(argv) > 1 else "docs/screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    app = QApplication.instance() or QApplication(argv)
    with tempfile.TemporaryDirectory() as work:
        for path in grab_pages(folder, Path(work)):
            print(path)
        for path in grab_campaign_pages(folder, Path(work)):
            print(path)
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
