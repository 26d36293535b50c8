"""Founding with a vehicle (issue 25): the New gang wizard's recruit page offers the
vehicles the house may take after its fighter types, each with the crew chosen beside
the name, at the vehicle's and the crew's cost within the starting credits; the gang
Finish stores holds it (one undo step), on the roster with its vehicle statline.

The recruit page's picture goes to docs/screenshots/new-gang-vehicle-1366x768.png with
GANGMANAGER_SCREENSHOTS=1."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWizard

from gangmanager.gui.main_window import MainWindow
from gangmanager.gui.roster.new_gang_wizard import NewGangWizard
from gangmanager.rules import ratings
from gangmanager.services import gangs
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present
from .roster_helpers import Recorder, dump, recorder
from .screenshot_dir import screenshot_dir
from .widget_reading import column_of


def _recruit_page(qtbot, wizard: NewGangWizard, house: str, name: str = "Dust Devils"):
    wizard.show()
    qtbot.waitExposed(wizard)
    page = wizard.gang_page
    page.house.setCurrentIndex(page.house.findText(house))
    qtbot.keyClicks(page.name, name)
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.NextButton), Qt.MouseButton.LeftButton)
    return wizard.recruit_page


def _rows(page) -> dict[str, list[str]]:
    """Each offer's line as the list shows it: type, category, cost."""
    table = page.types
    return {
        present(table.item(r, 0)).text(): [present(table.item(r, c)).text() for c in (1, 2)]
        for r in range(table.rowCount())
    }


def _pick(qtbot, page, type_name: str, crew: str = "", name: str = "") -> None:
    """Select the offer, choose its crew, type a name and press Recruit."""
    names = [present(page.types.item(r, 0)).text() for r in range(page.types.rowCount())]
    page.types.selectRow(names.index(type_name))
    if crew:
        index = page.crew.findText(crew, Qt.MatchFlag.MatchStartsWith)
        assert index >= 0, f"{crew} not offered"
        page.crew.setCurrentIndex(index)
    page.recruit_name.setFocus()
    page.recruit_name.selectAll()  # a refused recruit leaves its name typed
    qtbot.keyClick(page.recruit_name, Qt.Key.Key_Delete)
    qtbot.keyClicks(page.recruit_name, name)
    qtbot.mouseClick(page.recruit, Qt.MouseButton.LeftButton)


def _crews(page) -> list[str]:
    return [page.crew.itemText(i) for i in range(page.crew.count())]


def test_orlocks_are_offered_their_vehicles_after_the_fighters_with_a_crew(
    qtbot, rulesets: Rulesets
) -> None:
    wizard = NewGangWizard(rulesets, Recorder())
    qtbot.addWidget(wizard)
    wizard.resize(1366, 768)
    page = _recruit_page(qtbot, wizard, "House Orlock")
    rows = _rows(page)
    names = list(rows)
    vehicles = [n for n, (category, _) in rows.items() if category == "Vehicle"]
    # After every fighter type; the Goliath Mauler and the Squats' Explorator not offered.
    assert names[-len(vehicles) :] == vehicles
    assert vehicles == [
        "Wolfquad",
        "Ridgerunner",
        "Rockgrinder",
        "Cargo-8 Ridgehauler",
        "Chronos Pattern Ironcrawler",
        "Outrider Quad",
    ]
    # The cost with the house's first crew for it: an Iron Rider (35), a Haulier (40).
    assert rows["Outrider Quad"] == ["Vehicle", "115"]
    assert rows["Wolfquad"] == ["Vehicle", "105"]
    assert rows["Cargo-8 Ridgehauler"] == ["Vehicle", "270"]
    # The vehicle's own characteristics under their headers, its M under the fighters' M.
    quad = names.index("Outrider Quad")
    cells = {
        h: present(page.types.item(quad, column_of(page.types.model(), h))).text()
        for h in ("M", "Fr", "Sd", "Rr", "HP", "Hnd", "Sv")
    }
    assert cells == {"M": '9"', "Fr": "4", "Sd": "3", "Rr": "3", "HP": "2", "Hnd": "4+", "Sv": "5+"}
    # A fighter type takes no crew; a vehicle offers the crews who may drive it.
    page.types.selectRow(0)
    assert not page.crew.isEnabled() and _crews(page) == []
    page.types.selectRow(names.index("Wolfquad"))
    assert page.crew.isEnabled() and page.crew.isVisible()
    assert "vehicles it may take" in page.offered.text()
    assert _crews(page) == ["Iron Rider (35 credits)", "Guild of Coin Haulier (40 credits)"]
    page.types.selectRow(quad)
    assert _crews(page) == ["Iron Rider (35 credits)"]
    _pick(qtbot, page, "Road Captain", name="Kerr")
    _pick(qtbot, page, "Wolfquad", crew="Guild of Coin Haulier", name="Rattler")
    assert page.credits.text() == "Starting credits 1000, spent 215, left 785"
    wizard.grab().save(str(screenshot_dir() / "new-gang-vehicle-1366x768.png"))
    wizard.resize(1024, 640)
    wizard.grab().save(str(screenshot_dir() / "new-gang-vehicle-1024x640.png"))


def test_a_vehicle_beyond_the_credits_is_refused_in_one_line(qtbot, rulesets: Rulesets) -> None:
    wizard = NewGangWizard(rulesets, Recorder())
    qtbot.addWidget(wizard)
    wizard.gang_page.credits.setValue(200)
    page = _recruit_page(qtbot, wizard, "House Orlock")
    _pick(qtbot, page, "Chronos Pattern Ironcrawler", name="Old Iron")
    assert page.message.text() == ("Old Iron costs 430 credits; only 200 are left: not bought")
    assert page.recruits.rowCount() == 0
    _pick(qtbot, page, "Outrider Quad")  # no name: the vehicle's
    assert present(page.recruits.item(0, 0)).text() == "Outrider Quad"
    assert present(page.recruits.item(0, 3)).text() == "115"
    assert page.credits.text() == "Starting credits 200, spent 115, left 85"


def test_a_house_with_no_vehicle_list_is_offered_none(qtbot, rulesets: Rulesets) -> None:
    for house in ("Ash Wastes Nomads", "Other (no house list)"):
        wizard = NewGangWizard(rulesets, Recorder())
        qtbot.addWidget(wizard)
        page = _recruit_page(qtbot, wizard, house)
        assert wizard.gang_page.house.currentText() == house
        categories = [category for category, _ in _rows(page).values()]
        assert "Vehicle" not in categories, house
        assert not page.crew.isEnabled()
        # Nothing on the page speaks of vehicles: no crew box, no vehicle in the words.
        assert not page.crew.isVisible()
        assert "vehicle" not in page.offered.text() + page.subTitle()
        wizard.close()


def test_an_orlock_gang_founded_with_a_vehicle_is_on_the_roster_in_one_undo_step(
    qtbot, window: MainWindow, rulesets: Rulesets, monkeypatch
) -> None:
    before = dump(window.database)
    founded: list = []

    def ask(parent, rulesets_, messages):
        wizard = NewGangWizard(rulesets_, messages, parent)
        qtbot.addWidget(wizard)
        wizard.resize(1366, 768)
        page = _recruit_page(qtbot, wizard, "House Orlock", "Iron Ravens")
        _pick(qtbot, page, "Road Captain", name="Kerr")
        _pick(qtbot, page, "Gunner", name="Rook")
        _pick(qtbot, page, "Gunner", name="Flint")
        _pick(qtbot, page, "Outrider Quad", crew="Iron Rider", name="Skid")
        assert page.message.text() == ""  # within the credits, no composition problem
        next_button = wizard.button(QWizard.WizardButton.NextButton)
        qtbot.mouseClick(next_button, Qt.MouseButton.LeftButton)
        equip = wizard.equip_page
        for row in range(equip.fighters.count()):
            equip.fighters.setCurrentRow(row)
            while equip.take_skill.isEnabled():
                qtbot.mouseClick(equip.take_skill, Qt.MouseButton.LeftButton)
        # The quad's own list first: its hardpoint's weapons, then its upgrades.
        equip.fighters.setCurrentRow(3)
        for item in ("Heavy bolter", "Nitro burner"):
            equip.filter.clear()
            qtbot.keyClicks(equip.filter, item)
            equip.armoury.selectRow(0)
            qtbot.mouseClick(equip.buy, Qt.MouseButton.LeftButton)
        gear = [equip.gear.item(i).text() for i in range(equip.gear.count())]
        assert gear == ["Heavy bolter (160)", "Nitro burner (15)"]
        wizard.grab().save(str(screenshot_dir() / "new-gang-vehicle-equip-1366x768.png"))
        qtbot.mouseClick(next_button, Qt.MouseButton.LeftButton)
        summary = wizard.summary_page.summary.toPlainText()
        assert (
            "Skid - Outrider Quad (Crew): Fighter Rating 290; Heavy bolter, Nitro burner" in summary
        )
        assert "Gang Rating 485" in summary
        finish = wizard.button(QWizard.WizardButton.FinishButton)
        qtbot.mouseClick(finish, Qt.MouseButton.LeftButton)
        assert wizard.result() == QWizard.DialogCode.Accepted
        founded.append(wizard.founded_gang())
        return founded[-1]

    monkeypatch.setattr(NewGangWizard, "ask", ask)
    qtbot.keyClick(
        window,
        Qt.Key.Key_N,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    stored = gangs.load_gang(window.database, "Iron Ravens")
    skid = present(stored.fighter("Skid"))
    assert (skid.type, skid.cost, skid.rating) == ("Outrider Quad", 115, 290)
    assert skid.profile.table.name == "vehicle"
    # Counted in the committed Gang Rating as any fighter; the credits paid for it.
    assert stored.rating == 485 == ratings.pending_gang_rating(stored)
    assert stored.credits == 1000 - 485
    # On the roster with the vehicle's statline and its cost.
    model = window.roster_model
    row = present(model.row_of(skid.id))
    read = {h: model.index(row, column_of(model, h)).data() for h in ("Type", "Fr", "Sd", "HP")}
    assert read == {"Type": "Outrider Quad", "Fr": "4", "Sd": "3", "HP": "2"}
    assert "290" in str(model.index(row, column_of(model, "Rating")).data())
    assert not recorder(window).told
    # One undo step takes the whole founding back.
    assert window.undo_action.text() == "&Undo New gang Iron Ravens"
    window.undo_stack.undo()
    assert dump(window.database) == before
