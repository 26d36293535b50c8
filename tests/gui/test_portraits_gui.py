"""Portraits in the window: chosen in the card editor, shown, cleared, undone; a bad file refused."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from gangmanager.gui.main_window import MainWindow
from gangmanager.gui.roster.gang_details_dialog import GangDetailsDialog
from tests.portrait_images import image_bytes

from .roster_helpers import dump, recorder, select_fighter, stored_fighter, stored_gang


def test_choose_show_clear_and_undo_a_portrait(qtbot, window: MainWindow, tmp_path: Path) -> None:
    select_fighter(qtbot, window, "Pip")
    box = window.editor.portrait
    assert not box.picture.has_portrait and not box.clear.isEnabled()
    picture = tmp_path / "pip.webp"
    picture.write_bytes(image_bytes((900, 600), "WEBP"))
    recorder(window).paths.append(picture)
    qtbot.mouseClick(box.pick, Qt.MouseButton.LeftButton)
    assert stored_fighter(window, "Pip").portrait is not None
    assert box.picture.has_portrait and box.clear.isEnabled()
    assert window.undo_stack.undoText() == "Set the portrait of Pip"
    qtbot.mouseClick(box.clear, Qt.MouseButton.LeftButton)
    assert stored_fighter(window, "Pip").portrait is None
    assert not box.picture.has_portrait
    window.undo_stack.undo()
    assert stored_fighter(window, "Pip").portrait is not None
    assert box.picture.has_portrait
    window.undo_stack.undo()
    assert stored_fighter(window, "Pip").portrait is None


def test_a_file_that_is_not_a_picture_is_refused_in_one_line(
    qtbot, window: MainWindow, tmp_path: Path
) -> None:
    select_fighter(qtbot, window, "Pip")
    before = dump(window.database)
    fake = tmp_path / "fake.png"
    fake.write_bytes(image_bytes()[:300])  # a truncated JPEG
    recorder(window).paths.append(fake)
    qtbot.mouseClick(window.editor.portrait.pick, Qt.MouseButton.LeftButton)
    told = recorder(window).told
    assert len(told) == 1 and told[0].startswith("picture refused: ") and "\n" not in told[0]
    assert dump(window.database) == before
    assert window.undo_stack.count() == 0


def test_cancelling_the_file_dialog_does_nothing(qtbot, window: MainWindow) -> None:
    select_fighter(qtbot, window, "Pip")
    recorder(window).paths.append(None)
    qtbot.mouseClick(window.editor.portrait.pick, Qt.MouseButton.LeftButton)
    assert window.undo_stack.count() == 0


def test_the_gang_portrait_is_chosen_in_the_gang_details(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch
) -> None:
    assert window.gang is not None
    picture = tmp_path / "gang.png"
    picture.write_bytes(image_bytes((400, 400), "PNG"))
    dialog = GangDetailsDialog(window.gang, messages=recorder(window))
    qtbot.addWidget(dialog)
    assert dialog.changed_fields() == {}
    recorder(window).paths.append(picture)
    qtbot.mouseClick(dialog.portrait.pick, Qt.MouseButton.LeftButton)
    assert dialog.portrait.picture.has_portrait
    dialog.credits.setValue(dialog.credits.value() + 5)
    assert set(dialog.changed_fields()) == {"portrait", "credits"}
    monkeypatch.setattr(GangDetailsDialog, "ask", lambda *a: dialog.changed_fields())
    credits = stored_gang(window).credits
    qtbot.mouseClick(window.header.details, Qt.MouseButton.LeftButton)
    stored = stored_gang(window)
    assert stored.portrait is not None and stored.credits == credits + 5
    assert window.undo_stack.undoText() == f"Set the portrait of {stored.name}"
    window.undo_stack.undo()
    assert stored_gang(window).portrait is None and stored_gang(window).credits == credits + 5


def test_the_battle_tile_shows_the_portrait(qtbot, db, rulesets, tmp_path: Path) -> None:
    from gangmanager.gui.battle.battle_window import BattleWindow
    from gangmanager.rules.dice import RandomDice
    from gangmanager.services import battle, gangs, roster
    from gangmanager.services.demo import demo_gang

    stored = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang
    pip = stored.fighter("Pip")
    assert stored.id is not None and pip is not None and pip.id is not None
    roster.apply(db, roster.SetPortrait(stored.id, pip.id, image_bytes((500, 700))), rulesets)
    battle.start_battle(db, rulesets, stored.id, scenario="Border Dispute")
    window = BattleWindow(db, rulesets, stored.id, dice=RandomDice(3))
    qtbot.addWidget(window)
    window.show()
    tile = window.tiles["Pip"]
    assert tile.portrait is not None and tile.portrait.has_portrait
    assert tile.portrait.pixmap().width() == 60
    others = [t for name, t in window.tiles.items() if name != "Pip"]
    assert others and all(t.portrait is None for t in others)
    window.resize(1280, 800)
    assert window.grab().save(str(tmp_path / "battle.png"))
