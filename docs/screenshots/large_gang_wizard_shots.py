"""The post-battle wizard of a 300-fighter gang (the bench's) at the laptop sizes: its first
page (the roster scrolls) and the wrap-up page (rows made as they come into sight),
scrolled half way: `post-battle-300-*-1366x768.png`, `post-battle-300-*-1024x640.png`.

    QT_QPA_PLATFORM=offscreen python docs/screenshots/large_gang_wizard_shots.py [OUT_DIR]

Runs on a throwaway database in a temporary folder; never part of the tests.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QApplication

from gangmanager.gui.post_battle.wizard import PostBattleWizard
from gangmanager.gui.post_battle.wrap_up_page import WrapUpPage
from gangmanager.rules.dice import RandomDice
from gangmanager.rules.gang import Category
from gangmanager.services import battle, gangs
from gangmanager.services.databases import open_url, sqlite_url
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

SIZES = ((1366, 768), (1024, 640))
FIGHTERS = 300


def grab(folder: Path, work: Path) -> list[Path]:
    rulesets = Rulesets(work / "data")
    db = open_url(sqlite_url(work / "screens.sqlite"))
    try:
        demo = demo_gang(rulesets.get("n23"))
        ganger = next(f for f in demo.fighters if f.category is Category.GANGER)
        roster = list(demo.fighters)
        roster += [
            ganger.model_copy(update={"name": f"Ganger {n}"}) for n in range(FIGHTERS - len(roster))
        ]
        gang = gangs.add_gang(db, rulesets, demo.model_copy(update={"fighters": roster})).gang
        assert gang.id is not None
        battle.start_battle(db, rulesets, gang.id)
        battle.apply_events(db, rulesets, gang.id, [
            {"event": "status", "fighter": "Ganger 150", "status": "out_of_action"},
        ])  # fmt: skip
        battle.end_battle(db, rulesets, gang.id)
        written = []
        for width, height in SIZES:
            wizard = PostBattleWizard(db, rulesets, gang.id, dice=RandomDice(7))
            wizard.resize(width, height)
            wizard.show()
            QApplication.processEvents()
            wizard.restart()  # the second opens where the first left the draft
            wizard.currentPage().results.button(0).click()  # type: ignore[attr-defined]
            out = folder / f"post-battle-300-battle-{width}x{height}.png"
            wizard.grab().save(str(out))
            written.append(out)
            wizard.next()
            page = wizard.currentPage()
            assert isinstance(page, WrapUpPage)
            QApplication.processEvents()
            bar = page.scroll_area.verticalScrollBar()
            page.row("Ganger 150")
            QApplication.processEvents()
            bar.setValue(page.row("Ganger 150").name.y() - 40)
            QApplication.processEvents()
            out = folder / f"post-battle-300-wrap-up-{width}x{height}.png"
            wizard.grab().save(str(out))
            written.append(out)
            wizard.reject()
        return written
    finally:
        db.close()


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).parent
    app = QApplication.instance() or QApplication(sys.argv[:1])
    with tempfile.TemporaryDirectory() as work:
        for path in grab(folder, Path(work)):
            print(path)
    del app


if __name__ == "__main__":
    main()
