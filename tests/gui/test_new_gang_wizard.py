"""The New gang wizard: nothing written until Finish; founding commits the ratings."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWizard

from gangmanager.gui.main_window import MainWindow
from gangmanager.gui.roster.new_gang_wizard import NewGangWizard
from gangmanager.rules import ratings
from gangmanager.services import gangs
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present
from .roster_helpers import Recorder, dump
from .screenshot_dir import screenshot_dir


def _wizard(qtbot, rulesets: Rulesets, recorder: Recorder) -> NewGangWizard:
    wizard = NewGangWizard(rulesets, recorder)
    qtbot.addWidget(wizard)
    wizard.show()
    qtbot.waitExposed(wizard)
    # n23 lists its houses in file order (Escher first); these tests found Orlocks.
    house = wizard.gang_page.house
    house.setCurrentIndex(house.findText("House Orlock"))
    return wizard


def _next(qtbot, wizard: NewGangWizard) -> None:
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.NextButton), Qt.MouseButton.LeftButton)


def _take_recruit_skills(qtbot, wizard: NewGangWizard) -> None:
    """Answer the Equip page's question: each Leader and Champion takes the first skill."""
    equip = wizard.equip_page
    for row in range(equip.fighters.count()):
        equip.fighters.setCurrentRow(row)
        while equip.take_skill.isEnabled():
            qtbot.mouseClick(equip.take_skill, Qt.MouseButton.LeftButton)


def _recruit(qtbot, wizard: NewGangWizard, type_row: int, name: str) -> None:
    page = wizard.recruit_page
    page.types.selectRow(type_row)
    page.recruit_name.setFocus()
    qtbot.keyClicks(page.recruit_name, name)
    qtbot.keyClick(page.recruit_name, Qt.Key.Key_Return)


def test_the_first_page_needs_a_name_and_offers_rulesets_houses_credits(
    qtbot, rulesets: Rulesets
) -> None:
    wizard = _wizard(qtbot, rulesets, Recorder())
    page = wizard.gang_page
    next_button = wizard.button(QWizard.WizardButton.NextButton)
    assert not next_button.isEnabled()
    qtbot.keyClicks(page.name, "Iron Ravens")
    assert next_button.isEnabled()
    assert page.ruleset.currentData() == "n23"
    assert [page.ruleset.itemData(i) for i in range(page.ruleset.count())] == rulesets.ids()
    houses = [page.house.itemText(i) for i in range(page.house.count())]
    great = {"House Cawdor", "House Delaque", "House Escher", "House Goliath", "House Orlock"}
    assert great | {"House Van Saar"} <= set(houses)
    assert houses[:-1] == [h.name for h in rulesets.get("n23").houses]
    assert houses[-1] == "Other (no house list)"
    assert page.house.currentText() == "House Orlock"
    assert page.credits.value() == 1000


def test_recruit_equip_and_finish_founds_the_gang(qtbot, rulesets: Rulesets) -> None:
    wizard = _wizard(qtbot, rulesets, Recorder())
    qtbot.keyClicks(wizard.gang_page.name, "Iron Ravens")
    _next(qtbot, wizard)
    page = wizard.recruit_page
    names = [present(page.types.item(r, 0)).text() for r in range(page.types.rowCount())]
    # Six Orlock types, then the gang additions open to Orlock (none of Escher's).
    assert names[6:9] == ["Rogue Doc", "Ammo-jack", "Bullet Merchant"]
    assert {"Hive Scum", "Ambot", "Servitor", "Cyber-mastiff"} <= set(names)
    assert "Khimerix" not in names
    assert present(page.types.item(6, 1)).text() == "Hanger-on"
    assert [present(page.types.item(0, c)).text() for c in range(4)] == [
        "Road Captain",
        "Leader",
        "105",
        '5"',
    ]
    _recruit(qtbot, wizard, 0, "Kerr")
    assert "Gang Fighters (0) must be at least as many" in page.message.text()
    assert page.composition.text() == "Leader 1  ·  Champions 0  ·  Gang Fighters 0"
    _recruit(qtbot, wizard, 3, "Rook")
    _recruit(qtbot, wizard, 5, "")  # no name: the type's
    assert [present(page.recruits.item(r, 0)).text() for r in range(3)] == [
        "Kerr",
        "Rook",
        "Greenhorn",
    ]
    assert page.message.text() == ""
    assert page.credits.text() == "Starting credits 1000, spent 185, left 815"
    page.recruits.selectRow(2)
    qtbot.mouseClick(page.dismiss, Qt.MouseButton.LeftButton)
    assert page.recruits.rowCount() == 2
    # Return recruits; it never pressed Next behind the player's back.
    assert wizard.currentPage() is page
    _next(qtbot, wizard)
    equip = wizard.equip_page
    equip.fighters.setCurrentRow(1)
    qtbot.keyClicks(equip.filter, "Lasgun")
    equip.armoury.selectRow(0)
    qtbot.mouseClick(equip.buy, Qt.MouseButton.LeftButton)
    assert equip.gear.item(0).text() == "Lasgun (15)"
    assert equip.credits.text() == "Starting credits 1000, spent 165, left 835"
    _take_recruit_skills(qtbot, wizard)
    _next(qtbot, wizard)
    summary = wizard.summary_page.summary.toPlainText()
    assert "Rook - Gunner (Ganger): Fighter Rating 60; Lasgun" in summary
    assert "Gang Rating 165" in summary
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    assert wizard.result() == QWizard.DialogCode.Accepted
    gang = wizard.founded_gang()
    assert gang.name == "Iron Ravens" and gang.house == "House Orlock" and gang.ruleset == "n23"
    assert gang.credits == 835
    # Founding commits the first ratings.
    assert gang.rating == 165 == ratings.pending_gang_rating(gang)
    assert [f.rating for f in gang.fighters] == [105, 60]


def test_overspending_is_refused_inline(qtbot, rulesets: Rulesets) -> None:
    wizard = _wizard(qtbot, rulesets, Recorder())
    qtbot.keyClicks(wizard.gang_page.name, "Paupers")
    wizard.gang_page.credits.setValue(90)
    _next(qtbot, wizard)
    _recruit(qtbot, wizard, 0, "Kerr")
    page = wizard.recruit_page
    assert page.message.text() == "Kerr costs 105 credits; only 90 are left: not bought"
    assert page.recruits.rowCount() == 0
    _recruit(qtbot, wizard, 3, "Rook")
    _next(qtbot, wizard)
    equip = wizard.equip_page
    equip.fighters.setCurrentRow(0)
    # A Gunner may take a combat shotgun from House Orlock's list (55 credits there).
    qtbot.keyClicks(equip.filter, "Combat shotgun")
    equip.armoury.selectRow(0)
    qtbot.mouseClick(equip.buy, Qt.MouseButton.LeftButton)
    assert equip.message.text() == "Combat shotgun costs 55 credits; only 45 are left: not bought"
    assert equip.gear.count() == 0


def test_finish_with_composition_problems_asks_first(qtbot, rulesets: Rulesets) -> None:
    recorder = Recorder(answers=["Cancel"])
    wizard = _wizard(qtbot, rulesets, recorder)
    qtbot.keyClicks(wizard.gang_page.name, "Champions Only")
    _next(qtbot, wizard)
    _recruit(qtbot, wizard, 1, "Vask")
    _next(qtbot, wizard)
    _next(qtbot, wizard)
    assert "The gang has no Leader" in wizard.summary_page.message.text()
    finish = wizard.button(QWizard.WizardButton.FinishButton)
    qtbot.mouseClick(finish, Qt.MouseButton.LeftButton)
    assert "Found the gang anyway?" in recorder.asked[0]
    assert wizard.isVisible()
    recorder.answers = ["Found anyway"]
    qtbot.mouseClick(finish, Qt.MouseButton.LeftButton)
    assert wizard.result() == QWizard.DialogCode.Accepted


def test_the_window_stores_the_wizards_gang_as_one_undoable_edit(
    qtbot, window: MainWindow, rulesets: Rulesets, monkeypatch
) -> None:
    before = dump(window.database)
    founded: list = []

    def ask(parent, rulesets_, messages):
        wizard = NewGangWizard(rulesets_, messages, parent)
        qtbot.addWidget(wizard)
        wizard.show()
        wizard.gang_page.house.setCurrentIndex(wizard.gang_page.house.findText("House Orlock"))
        wizard.gang_page.name.setText("Iron Ravens")
        wizard.next()
        wizard.recruit_page.types.selectRow(0)
        wizard.recruit_page.recruit.click()
        founded.append(wizard.founded_gang())
        return founded[-1]

    monkeypatch.setattr(NewGangWizard, "ask", ask)
    qtbot.keyClick(
        window,
        Qt.Key.Key_N,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    assert present(window.gang).name == "Iron Ravens"
    assert [f.name for f in present(window.gang).fighters] == ["Road Captain"]
    stored = gangs.load_gang(window.database, "Iron Ravens")
    assert stored.rating == 105 and stored.credits == 895
    window.undo_stack.undo()
    assert dump(window.database) == before
    assert present(window.gang).name != "Iron Ravens"


def test_founding_with_a_brute_and_a_beast_bought_for_its_owner(qtbot, rulesets: Rulesets) -> None:

    wizard = _wizard(qtbot, rulesets, Recorder())
    wizard.gang_page.credits.setValue(1500)
    qtbot.keyClicks(wizard.gang_page.name, "Iron Hounds")
    _next(qtbot, wizard)
    page = wizard.recruit_page
    names = [present(page.types.item(r, 0)).text() for r in range(page.types.rowCount())]
    assert present(page.types.item(names.index("Ambot"), 2)).text() == "185"  # Orlock's price
    _recruit(qtbot, wizard, 0, "Kerr")
    _recruit(qtbot, wizard, 3, "Rook")
    _recruit(qtbot, wizard, 3, "Tess")
    _recruit(qtbot, wizard, names.index("Servitor"), "Old Iron")
    _recruit(qtbot, wizard, names.index("Servitor"), "New Iron")
    assert page.message.text() == "at most 1 Servitor may join; the gang has 1: not recruited"
    page.recruit_name.clear()  # a refused recruit keeps the name typed
    page.recruits.clearSelection()
    _recruit(qtbot, wizard, names.index("Cyber-mastiff"), "Rex")
    assert "choose its owner" in page.message.text()
    page.recruit_name.clear()
    page.recruits.selectRow(0)  # Kerr, the Road Captain, owns the beast
    _recruit(qtbot, wizard, names.index("Cyber-mastiff"), "Rex")
    recruits = [present(page.recruits.item(r, 0)).text() for r in range(page.recruits.rowCount())]
    assert recruits == ["Kerr", "Rook", "Tess", "Old Iron", "Rex"]
    shots = screenshot_dir()
    # The picture at the wizard's own size (the test screen is smaller than a laptop's).
    wizard.resize(1040, 660)
    wizard.grab().save(str(shots / "new-gang-wizard-additions.png"))
    _next(qtbot, wizard)
    _take_recruit_skills(qtbot, wizard)
    _next(qtbot, wizard)
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    gang = wizard.founded_gang()
    rex = gang.fighter("Rex")
    kerr = gang.fighter("Kerr")
    assert rex is not None and kerr is not None and (rex.cost, rex.owner_id) == (100, kerr.id)
    assert gang.credits == 1500 - (105 + 45 + 45 + 230 + 100)
