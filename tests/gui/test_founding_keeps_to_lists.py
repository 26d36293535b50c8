"""The founding wizard's Equip page offers what the Trading Post sells this gang and shows
another gang's kit greyed with the reason; picking it buys nothing and says why."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush

from gangmanager.gui.roster.new_gang_wizard import NewGangWizard
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present
from .roster_helpers import Recorder


def _escher_equip_page(qtbot, rulesets: Rulesets) -> NewGangWizard:
    wizard = NewGangWizard(rulesets, Recorder())
    qtbot.addWidget(wizard)
    wizard.show()
    page = wizard.gang_page
    page.ruleset.setCurrentIndex(page.ruleset.findData("n23"))
    page.house.setCurrentIndex(page.house.findData("escher"))
    qtbot.keyClicks(page.name, "Blades")
    wizard.next()
    recruit = wizard.recruit_page
    names = [present(recruit.types.item(r, 0)).text() for r in range(recruit.types.rowCount())]
    recruit.types.selectRow(names.index("Gang Queen"))
    qtbot.mouseClick(recruit.recruit, Qt.MouseButton.LeftButton)
    wizard.next()
    return wizard


def test_another_gangs_kit_is_greyed_with_the_reason_and_not_bought(
    qtbot, rulesets: Rulesets, qtmodeltester
) -> None:
    wizard = _escher_equip_page(qtbot, rulesets)
    equip = wizard.equip_page
    qtmodeltester.check(equip.model)
    qtbot.keyClicks(equip.filter, "Armoured bodyglove")
    assert equip.proxy.rowCount() == 1
    index = equip.proxy.index(0, 0)
    assert isinstance(index.data(Qt.ItemDataRole.ForegroundRole), QBrush)  # greyed
    tip = index.data(Qt.ItemDataRole.ToolTipRole)
    assert "not sold at the Trading Post" in tip and "Van Saar" in tip
    equip.armoury.selectRow(0)
    # Selecting it says why before anything is tried.
    assert "not sold at the Trading Post" in equip.message.text()
    before = wizard.equip_page._draft.credits_left
    qtbot.mouseClick(equip.buy, Qt.MouseButton.LeftButton)
    assert equip.gear.count() == 0
    assert "not bought" in equip.message.text()
    assert wizard.equip_page._draft.credits_left == before


def test_the_trading_post_items_with_a_price_are_bought_at_it(qtbot, rulesets: Rulesets) -> None:
    wizard = _escher_equip_page(qtbot, rulesets)
    equip = wizard.equip_page
    sold = [equip.model.offer(r) for r in range(equip.model.rowCount())]
    for offer in sold:
        if offer.verdict.allowed and offer.verdict.source == "trading_post":
            assert offer.price > 0, offer.name


def _row(dialog, name: str):
    return next(
        dialog.model.offer(r)
        for r in range(dialog.model.rowCount())
        if dialog.model.offer(r).name == name
    )


def test_buy_wargear_and_the_stash_grey_another_gangs_kit(qtbot, rulesets: Rulesets) -> None:
    from gangmanager.gui.roster.armoury_dialog import ArmouryDialog
    from gangmanager.rules.roster_ops import recruit

    n23 = rulesets.get("n23")
    house = n23.house("escher")
    assert house is not None
    queen = recruit(house.fighter_types[0], "")
    for_queen = ArmouryDialog(n23, "wargear", 500, queen.name, fighter=queen, house="escher")
    stash = ArmouryDialog(n23, "wargear", 500, "the stash", house="escher", stash=True)
    for dialog in (for_queen, stash):
        qtbot.addWidget(dialog)
        offer = _row(dialog, "Armoured bodyglove")
        assert not offer.verdict.allowed and "Van Saar" in offer.verdict.reason
        assert _row(dialog, "Flak armour").verdict.allowed


def test_the_wizard_asks_the_leader_for_the_recruits_primary_skill(
    qtbot, rulesets: Rulesets
) -> None:
    from PySide6.QtWidgets import QWizard

    wizard = _escher_equip_page(qtbot, rulesets)
    equip = wizard.equip_page
    assert equip.skills_label.text() == "Skills: 1 Primary to choose as a recruit"
    choices = [equip.skill_choice.itemText(i) for i in range(equip.skill_choice.count())]
    n23 = rulesets.get("n23")
    sets = {s.name: {k.name for k in s.skills} for s in n23.skill_sets}
    queen_type = n23.fighter_type("escher", "Gang Queen")
    assert queen_type is not None
    assert set(choices) == set().union(*(sets[n] for n in queen_type.skill_sets_primary))
    wizard.next()
    assert "Gang Queen still chooses 1 Primary skill" in wizard.summary_page.message.text()
    wizard.back()
    equip.skill_choice.setCurrentIndex(choices.index(sorted(choices)[0]))
    qtbot.mouseClick(equip.take_skill, Qt.MouseButton.LeftButton)
    assert [equip.skills.item(i).text() for i in range(equip.skills.count())] == [
        sorted(choices)[0]
    ]
    assert not equip.take_skill.isEnabled()  # one is all a recruit takes
    credits = equip._draft.credits_left
    wizard.next()
    assert "still chooses" not in wizard.summary_page.message.text()
    assert wizard.button(QWizard.WizardButton.FinishButton).isEnabled()
    gang = wizard.founded_gang()
    queen = gang.fighters[0]
    assert queen.skills == [sorted(choices)[0]] and queen.xp == 0
    assert gang.credits == credits  # free: no credits, no XP


def test_kit_the_trading_post_does_not_sell_shows_no_price(qtbot, rulesets: Rulesets) -> None:
    wizard = _escher_equip_page(qtbot, rulesets)
    equip = wizard.equip_page
    qtbot.keyClicks(equip.filter, "Armoured bodyglove")
    assert equip.proxy.index(0, 3).data() == "-"  # not "0": it is not for sale here
