"""Fighter > Add vehicle... (issue 25): a vehicle the gang's house may take, with its
crew, joins the roster from the main window in one undo step; a house that may take
none is told so in one line.

The dialog's picture goes to docs/screenshots/add-vehicle-1366x768.png with
GANGMANAGER_SCREENSHOTS=1."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from PySide6.QtCore import QSettings, Qt

from gangmanager.gui.main_window import MainWindow
from gangmanager.gui.roster.add_vehicle_dialog import AddVehicleDialog
from gangmanager.persistence.database import Database
from gangmanager.services import gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from .roster_helpers import open_window, recorder, stored_gang
from .screenshot_dir import screenshot_dir
from .widget_reading import column_of

Open = Callable[[str], MainWindow]


@pytest.fixture
def open_house(
    qtbot, db: Database, rulesets: Rulesets, settings: QSettings, monkeypatch
) -> Iterator[Open]:
    """The main window on a stored demo gang of the house."""
    windows: list[MainWindow] = []

    def open_(house: str) -> MainWindow:
        stored = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"), house)).gang
        win = open_window(qtbot, db, rulesets, settings, monkeypatch)
        assert stored.id is not None
        win.select_gang(stored.id)
        windows.append(win)
        return win

    yield open_
    for win in windows:
        win.close()


def _answer(
    monkeypatch,
    qtbot,
    vehicle: str,
    name: str,
    seen: list[AddVehicleDialog],
    picture: str = "",
) -> None:
    """The dialog, when it opens, is filled from the keyboard and its Add pressed."""

    def exec_(dialog: AddVehicleDialog) -> int:
        seen.append(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        dialog.vehicle.setFocus()
        index = dialog.vehicle.findText(vehicle, Qt.MatchFlag.MatchStartsWith)
        assert index >= 0, f"{vehicle} not offered"
        dialog.vehicle.setCurrentIndex(index)
        qtbot.keyClicks(dialog.name, name)
        if picture:
            # The dialog at the size it opens with (fitted to a 1366x768 laptop screen).
            dialog.grab().save(str(screenshot_dir() / picture))
        qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
        return dialog.result()

    monkeypatch.setattr(AddVehicleDialog, "exec", exec_)


def test_a_goliath_gang_adds_a_mauler_and_undo_removes_it(
    qtbot, open_house: Open, monkeypatch
) -> None:
    window = open_house("goliath")
    before = stored_gang(window)
    seen: list[AddVehicleDialog] = []
    _answer(monkeypatch, qtbot, "Mauler", "Grinda", seen, "add-vehicle-1366x768.png")
    assert window.add_vehicle_action.isEnabled()
    window.add_vehicle_action.trigger()
    (dialog,) = seen
    assert dialog.crew.currentText() == "Road Thug (25 credits)"
    assert dialog.cost.text() == "125 credits (vehicle 100, crew 25)"
    saved = stored_gang(window)
    added = saved.fighter("Grinda")
    assert added is not None and added.type == "Mauler" and added.cost == 125
    assert saved.credits == before.credits - 125
    model = window.roster_model
    row = model.row_of(added.id)
    assert row is not None
    assert model.index(row, column_of(model, "Type")).data() == "Mauler"
    cells = {c: model.index(row, column_of(model, c)).data() for c in ("Fr", "Sd", "Rr", "HP")}
    assert all(cells.values()), cells
    assert window.undo_action.text() == "&Undo Add fighter Grinda"
    window.undo_action.trigger()
    assert stored_gang(window).fighter("Grinda") is None
    assert stored_gang(window).credits == before.credits
    assert model.row_of(added.id) is None
    assert not recorder(window).told


def test_an_escher_gang_is_offered_only_what_its_house_may_take(
    qtbot, open_house: Open, monkeypatch
) -> None:
    window = open_house("escher")
    seen: list[AddVehicleDialog] = []
    _answer(monkeypatch, qtbot, "Wolfquad", "Sky Cat", seen)
    window.add_vehicle_action.trigger()
    (dialog,) = seen
    offered = [dialog.vehicle.itemText(i) for i in range(dialog.vehicle.count())]
    assert offered and not any(text.startswith("Mauler") for text in offered)
    assert dialog.crew.currentText().startswith("Helion")
    added = stored_gang(window).fighter("Sky Cat")
    assert added is not None and added.type == "Wolfquad"


def test_a_house_that_may_take_no_vehicle_is_told_in_one_line(
    qtbot, open_house: Open, monkeypatch
) -> None:
    window = open_house("ash_wastes_nomads")
    before = stored_gang(window)
    seen: list[AddVehicleDialog] = []
    _answer(monkeypatch, qtbot, "Wolfquad", "Dust", seen)
    window.add_vehicle_action.trigger()
    assert not seen
    assert recorder(window).told == ["Ash Wastes Nomads may take no vehicle of the n23 pack."]
    assert len(stored_gang(window).fighters) == len(before.fighters)


def test_the_dialog_costs_the_crew_chosen_and_refuses_no_name(qtbot, rulesets: Rulesets) -> None:
    dialog = AddVehicleDialog(rulesets.get("n23"), "goliath", 500)
    qtbot.addWidget(dialog)
    dialog.vehicle.setCurrentIndex(dialog.vehicle.findText("Ridgerunner (95 credits)"))
    crews = [dialog.crew.itemText(i) for i in range(dialog.crew.count())]
    assert crews == ["Road Thug (25 credits)", "Guild of Coin Haulier (40 credits)"]
    dialog.crew.setCurrentIndex(1)
    assert dialog.cost.text() == "135 credits (vehicle 95, crew 40)"
    dialog.show()
    qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
    assert dialog.isVisible() and dialog.message.text() == "a vehicle needs a name"
    qtbot.keyClicks(dialog.name, "Dust Hauler")
    qtbot.keyClick(dialog.name, Qt.Key.Key_Return)
    assert dialog.result() == AddVehicleDialog.DialogCode.Accepted
    choice = dialog.choice()
    assert (choice.vehicle, choice.crew, choice.name) == (
        "Ridgerunner",
        "Guild of Coin Haulier",
        "Dust Hauler",
    )
