"""Grab the roster editor's screens at 1280x800 for the docs.

    QT_QPA_PLATFORM=offscreen python docs/screenshots/roster_shots.py docs/screenshots

Builds a throwaway database with the demo gang in a temporary folder (the
player's database and settings are never touched) and saves main-window.png,
card-editor.png, new-gang-wizard.png, stash-panel.png (the stash, and the roster
telling better from worse values and the unfit fighters apart) and
start-page.png (an empty database) into the folder given.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QApplication, QWidget

from gangmanager.gui.main_window import MainWindow
from gangmanager.gui.roster.new_gang_wizard import NewGangWizard
from gangmanager.rules import roster_ops
from gangmanager.rules.gang import Gang
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import Item
from gangmanager.services import gangs, roster
from gangmanager.services.databases import Database, open_url, sqlite_url
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

SIZE = (1280, 800)


def _settle(app: QApplication) -> None:
    for _ in range(5):
        app.processEvents()


def _save(widget: QWidget, path: Path) -> None:
    if not widget.grab().save(str(path)):
        raise OSError(f"cannot write {path}")
    print(path)


def _save_over(window: QWidget, dialog: QWidget, path: Path) -> None:
    """The dialog as the player sees it: centred over the (dimmed) main window."""
    picture = window.grab()
    painter = QPainter(picture)
    painter.fillRect(picture.rect(), QColor(0, 0, 0, 90))
    shot = dialog.grab()
    # A plain title strip and frame stand in for the window manager's decoration.
    title_height = 26
    left = (picture.width() - shot.width()) // 2
    top = (picture.height() - shot.height() + title_height) // 2
    painter.fillRect(left, top - title_height, shot.width(), title_height, QColor(60, 64, 72))
    painter.setPen(QColor(255, 255, 255))
    painter.drawText(left + 10, top - 8, dialog.windowTitle())
    painter.drawPixmap(left, top, shot)
    painter.setPen(QColor(60, 64, 72))
    painter.drawRect(left, top - title_height, shot.width() - 1, shot.height() + title_height - 1)
    painter.end()
    if not picture.save(str(path)):
        raise OSError(f"cannot write {path}")
    print(path)


def _dress_dex(db: Database, rulesets: Rulesets, ruleset: Ruleset, gang: Gang) -> None:
    """Give Dex Hollow a full card: weapons with paid profiles, modifiers, gear, skills, injuries."""
    assert gang.id is not None
    dex = next(f for f in gang.fighters if f.name == "Dex Hollow")
    assert dex.id is not None
    lasgun = roster_ops.armoury_entry(ruleset, "Lasgun")
    assert lasgun is not None
    eye = next(i for i in ruleset.injuries if i.name == "Eye Injury")
    commands: list[roster.Command] = [
        roster.EditFighter(gang.id, dex.id, {"xp": 9}),
        roster.BuyWeapon(gang.id, dex.id, roster_ops.armoury_weapon(lasgun), pay=False),
        roster.AddWeaponProfile(gang.id, dex.id, 2, lasgun.profiles[1], pay=False),
        roster.AddModifier(
            gang.id, dex.id, roster_ops.advancement_modifier(ruleset.advancement("ws"))
        ),
        roster.AddModifier(gang.id, dex.id, roster_ops.injury_modifier(eye), injury=eye.name),
        roster.AddModifier(
            gang.id,
            dex.id,
            roster_ops.line_modifier("Bounty hunter's stims", "I: +1, Cl: +1", table=ruleset.table),
        ),
    ]
    commands += [
        roster.BuyWargear(gang.id, dex.id, Item(name=name, cost=cost), pay=False)
        for name, cost in (("Mesh armour", 15), ("Photo-goggles", 35), ("Respirator", 15))
    ]
    commands += [roster.AddSkill(gang.id, dex.id, s) for s in ("Nerves of Steel", "Dodge")]
    # A name-only injury (no profile change), beside the Eye Injury and its modifier.
    commands.append(roster.AddInjury(gang.id, dex.id, "Bitter Enmity"))
    for command in commands:
        roster.apply(db, command, rulesets)


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
        gang = demo_gang(n23)
        # A second gang in the list, and a Limited profile lost in battle to show a
        # pending rating beside the committed one.
        other = gang.model_copy(update={"name": "Cinder Wardens", "house": "House Goliath"})
        gangs.add_gang(db, rulesets, other)
        dex = next(i for i, f in enumerate(gang.fighters) if f.name == "Dex Hollow")
        gang = roster_ops.remove_profile(gang, dex, 0, "executioner ammo")
        stored = gangs.add_gang(db, rulesets, gang).gang
        assert stored.id is not None
        leader = stored.fighters[0]
        assert leader.id is not None
        roster.apply(
            db,
            roster.AddModifier(
                stored.id,
                leader.id,
                roster_ops.line_modifier("Bionic leg", "M: +1", table=n23.table),
            ),
            rulesets,
        )
        roster.apply(db, roster.AddSkill(stored.id, leader.id, "Nerves of Steel"), rulesets)
        roster.apply(db, roster.AddInjury(stored.id, leader.id, "Old Battle Wound"), rulesets)
        settings = QSettings(str(work / "settings.ini"), QSettings.Format.IniFormat)
        window = MainWindow(db, rulesets, settings)
        window.resize(*SIZE)
        window.show()
        window.select_gang(stored.id, leader.id)
        _settle(app)
        _save(window, target / "main-window.png")

        _dress_dex(db, rulesets, n23, stored)
        dex_id = next(
            f.id for f in gangs.load_gang(db, str(stored.id)).fighters if f.name == "Dex Hollow"
        )
        window.select_gang(stored.id, dex_id)
        window.centre_splitter.setSizes([190, SIZE[1] - 190])
        # A bad entry in a profile box: the inline message, nothing written.
        box = window.editor.profile.fields["WS"]
        box.setFocus()
        box.setText("1+")
        box.textEdited.emit("1+")
        window.editor.weapons.selectRow(1)
        _settle(app)
        _save(window, target / "card-editor.png")

        window.centre_splitter.setSizes([300, SIZE[1] - 300])
        window.select_gang(stored.id, leader.id)
        wizard = NewGangWizard(rulesets, window.messages, window)
        wizard.resize(1040, 660)
        wizard.gang_page.name.setText("Iron Ravens")
        wizard.show()
        wizard.next()
        page = wizard.recruit_page
        for row, name in ((0, "Kerr Halloran"), (1, "Vask"), (2, "Orra"), (3, "Rook")):
            page.types.selectRow(row)
            page.recruit_name.setText(name)
            page.recruit.click()
        page.types.selectRow(5)
        page.recruit_name.setText("Pip")
        _settle(app)
        _save_over(window, wizard, target / "new-gang-wizard.png")
        wizard.close()

        # The stash with a few things in it, given and sold; fighters hurt, dead, captured.
        window.centre_splitter.setSizes([330, SIZE[1] - 330])
        for item in ("Stub gun", "Flak armour", "Lasgun"):
            roster.apply(db, roster.BuyForStash(stored.id, item), rulesets)
        fighters = {f.name: f.id for f in gangs.load_gang(db, str(stored.id)).fighters}
        for name, status in (
            ("Tess Calder", "in_recovery"),
            ("Brann", "dead"),
            ("Pip", "captured"),
        ):
            fighter_id = fighters[name]
            assert fighter_id is not None
            roster.apply(
                db, roster.EditFighter(stored.id, fighter_id, {"status": status}), rulesets
            )
        window.select_gang(stored.id, dex_id)
        window.stash_panel.view.selectRow(1)
        _settle(app)
        _save(window, target / "stash-panel.png")
        window.close()
        db.close()

        empty = open_url(sqlite_url(work / "empty.sqlite"))
        start = MainWindow(empty, rulesets, settings)
        start.resize(*SIZE)
        start.show()
        _settle(app)
        _save(start, target / "start-page.png")
        start.close()
        empty.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
