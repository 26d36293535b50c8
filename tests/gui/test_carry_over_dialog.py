"""Gang > Carry over to the 2026 edition... (issue #26): the dialog shows a line for each
part of the gang in a table (its model passes qtmodeltester), a choice box on the lines
with no clear match, and the new name; OK makes the 2026 gang in one undo step and the
2023 gang stays as it was.

The dialog's picture goes to docs/screenshots/carry-over-1366x768.png with
GANGMANAGER_SCREENSHOTS=1."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QComboBox

from gangmanager.gui.main_window import MainWindow
from gangmanager.gui.roster.carry_over_dialog import CarryOverDialog
from gangmanager.persistence.database import Database
from gangmanager.rules import roster_ops
from gangmanager.rules.gang import Gang
from gangmanager.services import gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from .roster_helpers import open_window, recorder, stored_gang
from .screenshot_dir import screenshot_dir
from .widget_reading import column_of


def _escher_with_a_hired_gun(rulesets: Rulesets) -> Gang:
    """The demo gang as Escher, with a Hive Scum the 2026 list has no type for."""
    old = rulesets.get("n23")
    gang = demo_gang(old, "escher")
    scum = old.fighter_type("escher", "Hive Scum")
    assert scum is not None
    hired = roster_ops.recruit(scum, "Jakk", old)
    return gang.model_copy(update={"fighters": [*gang.fighters, hired]})


def _cells(dialog: CarryOverDialog, header: str) -> list[str]:
    model = dialog.model
    column = column_of(model, header)
    return [model.index(row, column).data() for row in range(model.rowCount())]


def _choice_boxes(dialog: CarryOverDialog) -> list[QComboBox]:
    return [box for box in dialog.table.findChildren(QComboBox) if box.isVisible()]


def test_the_dialog_lists_the_lines_and_asks_on_the_unclear_one(
    qtbot, qtmodeltester, rulesets: Rulesets
) -> None:
    gang = _escher_with_a_hired_gun(rulesets)
    dialog = CarryOverDialog(gang, rulesets.get("n23"), rulesets.get("n26"))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    qtmodeltester.check(dialog.model)
    assert dialog.name.text() == "The Rust Riders (n26)"
    fighters = _cells(dialog, "Fighter")
    statuses = _cells(dialog, "Status")
    assert set(statuses) <= {"kept", "changed", "dropped", "choose"}
    assert "Jakk" in fighters and "Gang" in fighters
    # The Sister became a Gang Sister; the leader's flak armour is dropped.
    assert "Gang Sister" in _cells(dialog, "2026")
    whats = _cells(dialog, "What")
    assert any(w == "Wargear" and s == "dropped" for w, s in zip(whats, statuses, strict=True))
    # As it opens on a 1366x768 laptop screen (the offscreen screen is smaller), then 1024x640.
    dialog.resize(1300, 700)
    dialog.grab().save(str(screenshot_dir() / "carry-over-1366x768.png"))
    dialog.resize(1000, 600)
    dialog.table.scrollToBottom()  # the Hive Scum's choice box
    dialog.grab().save(str(screenshot_dir() / "carry-over-1024x640.png"))
    (box,) = _choice_boxes(dialog)
    options = [box.itemText(i) for i in range(box.count())]
    assert options[0] == "Hive Scum (kept, profile re-expressed)" and "Huntress" in options
    box.setFocus()
    box.setCurrentIndex(options.index("Huntress"))
    row = next(
        i
        for i, (f, w) in enumerate(zip(fighters, whats, strict=True))
        if f == "Jakk" and w == "Fighter"
    )
    why = dialog.model.index(row, column_of(dialog.model, "Why")).data()
    assert why == "your choice"
    qtmodeltester.check(dialog.model)
    # The box is there again after the table was worked out anew, on the choice made.
    (box,) = _choice_boxes(dialog)
    assert box.currentText() == "Huntress"
    dialog.name.selectAll()
    qtbot.keyClicks(dialog.name, "Wyld Hunt")
    qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
    assert dialog.result() == CarryOverDialog.DialogCode.Accepted
    request = dialog.request()
    assert request.name == "Wyld Hunt" and request.choices == (("fighter:6:type", "Huntress"),)


def test_a_bad_name_is_one_line_and_the_dialog_stays(qtbot, rulesets: Rulesets) -> None:
    dialog = CarryOverDialog(
        demo_gang(rulesets.get("n23")), rulesets.get("n23"), rulesets.get("n26")
    )
    qtbot.addWidget(dialog)
    dialog.name.setMaxLength(1000)
    dialog.name.setText("x" * 500)
    dialog.buttons.accepted.emit()
    assert "name" in dialog.message.text() and dialog.result() == 0


@pytest.fixture
def window(
    qtbot, db: Database, rulesets: Rulesets, settings: QSettings, monkeypatch
) -> Iterator[MainWindow]:
    stored = gangs.add_gang(db, rulesets, _escher_with_a_hired_gun(rulesets)).gang
    win = open_window(qtbot, db, rulesets, settings, monkeypatch)
    assert stored.id is not None
    win.select_gang(stored.id)
    yield win
    win.close()


def test_ok_makes_the_2026_gang_in_one_undo_step(qtbot, window: MainWindow, monkeypatch) -> None:
    old = stored_gang(window)

    def exec_(dialog: CarryOverDialog) -> int:
        dialog.show()
        qtbot.waitExposed(dialog)
        qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
        return dialog.result()

    monkeypatch.setattr(CarryOverDialog, "exec", exec_)
    assert window.carry_over_action.isEnabled()
    window.carry_over_action.trigger()
    new = stored_gang(window)
    assert (new.name, new.ruleset) == ("The Rust Riders (n26)", "n26")
    assert [f.name for f in new.fighters] == [f.name for f in old.fighters]
    assert gangs.load_gang(window.database, str(old.id)) == old
    assert window.undo_action.text().startswith("&Undo Carry over")
    window.undo_action.trigger()
    names = [g.name for g in gangs.list_gangs(window.database)]
    assert names == [old.name]
    assert not recorder(window).told


def test_a_2026_gang_is_told_in_one_line(
    qtbot, db: Database, rulesets: Rulesets, settings: QSettings, monkeypatch
) -> None:
    new_gang = Gang(name="Already New", house="House Escher", ruleset="n26")
    stored = gangs.add_gang(db, rulesets, new_gang).gang
    win = open_window(qtbot, db, rulesets, settings, monkeypatch)
    assert stored.id is not None
    win.select_gang(stored.id)
    win.carry_over_action.trigger()
    assert recorder(win).told == [
        "'Already New' is a gang of the n26 pack: the n26 pack carries over gangs of the n23 pack"
    ]
    win.close()
