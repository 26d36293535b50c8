"""pytest-qt walks the post-battle wizard for a gang in a running campaign: the campaign
battle, a territory won, the territories' income rolled, their boons, Finish, undo."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QComboBox, QWidget, QWizard

from gangmanager.gui.common.runner import OperationRunner
from gangmanager.gui.post_battle import PostBattleWizard
from gangmanager.gui.post_battle.battle_page import RESULTS, BattlePage
from gangmanager.gui.post_battle.boons_page import BoonsPage
from gangmanager.gui.post_battle.note_page import NotePage
from gangmanager.gui.post_battle.report_page import ReportPage
from gangmanager.gui.post_battle.rewards_page import RewardsPage
from gangmanager.gui.post_battle.step_page import StepPage
from gangmanager.gui.post_battle.territory_page import TerritoryPage
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.dice import FixedDice
from gangmanager.services import campaign, gangs, post_battle
from gangmanager.services.changes import Changes
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from ..db_rows import all_rows
from ..narrowing import present
from .qt_narrowing import current_page
from .widget_reading import wizard_page

RIDERS = "The Rust Riders"
BROTHERS = "Iron Brothers"


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "gm.sqlite"


@pytest.fixture
def db(db_path: Path, rulesets: Rulesets) -> Iterator[Database]:
    """Ash Wars: the Rust Riders (Old Ruins) beat the Iron Brothers (Slag Furnace)."""
    database = open_database(sqlite_url(db_path))
    n23 = rulesets.get("n23")
    gangs.add_gang(database, rulesets, demo_gang(n23, "orlock"))
    gangs.add_gang(
        database, rulesets, demo_gang(n23, "goliath").model_copy(update={"name": BROTHERS})
    )
    campaign.create_campaign(database, rulesets, "Ash Wars")
    campaign.add_gang(database, rulesets, "Ash Wars", RIDERS)
    campaign.add_gang(database, rulesets, "Ash Wars", BROTHERS)
    campaign.assign_territory(database, rulesets, "Ash Wars", "Slag Furnace", BROTHERS)
    campaign.assign_territory(database, rulesets, "Ash Wars", "Old Ruins", RIDERS)
    campaign.record_battle(
        database, rulesets, "Ash Wars", [RIDERS, BROTHERS], winner=RIDERS, scenario="Stand-off"
    )
    yield database
    database.close()


def click(qtbot, widget: QWidget) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def click_next(qtbot, wizard: PostBattleWizard) -> None:
    before = wizard.currentId()
    click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
    assert wizard.currentId() == before + 1


def go_to(qtbot, wizard: PostBattleWizard, step_id: str) -> None:
    while current_page(wizard, StepPage).step_id != step_id:
        click_next(qtbot, wizard)


def choose(qtbot, combo: QComboBox, text: str) -> None:
    """Pick an entry by typing its start, as a player does with the keyboard."""
    combo.setFocus()
    qtbot.keyClicks(combo, text)
    assert combo.currentText().startswith(text), combo.currentText()


def open_wizard(qtbot, db: Database, rulesets: Rulesets, rolls: list[int]) -> PostBattleWizard:
    riders = gangs.load_gang(db, RIDERS)
    assert riders.id is not None
    wizard = PostBattleWizard(db, rulesets, riders.id, dice=FixedDice(rolls))
    qtbot.addWidget(wizard)
    wizard.show()
    qtbot.waitExposed(wizard)
    if wizard.draft.result is None:  # the player picks the result first
        click(qtbot, current_page(wizard, BattlePage).results.button(RESULTS.index("draw")))
    return wizard


def test_a_campaign_gangs_sequence_end_to_end_then_undo(
    qtbot, qtmodeltester, db: Database, db_path: Path, rulesets: Rulesets
) -> None:
    riders, brothers = gangs.load_gang(db, RIDERS), gangs.load_gang(db, BROTHERS)
    # The app's dice for the Roll button: Old Ruins' D3 from a D6 of 3 (2).
    wizard = open_wizard(qtbot, db, rulesets, rolls=[3])

    # The battle: the one recorded in the campaign; its result comes with it.
    page = current_page(wizard, BattlePage)
    assert page.campaign_battle is not None
    choose(qtbot, page.campaign_battle, "Battle 1")
    assert "won against Iron Brothers (Stand-off)" in page.campaign_battle.currentText()
    assert wizard.draft.campaign_battle_id == 1 and wizard.draft.result == "win"
    click_next(qtbot, wizard)
    click_next(qtbot, wizard)  # Wrap-up: nobody hurt

    territory = wizard.currentPage()
    assert isinstance(territory, TerritoryPage)
    choose(qtbot, territory.territory, "Slag Furnace")
    assert territory.territory.currentText() == "Slag Furnace (held by Iron Brothers)"
    assert territory.outcomes.checkedId() == 0  # won, as the battle was
    assert not territory.taker.isEnabled()
    assert territory.status.text() == (
        "The Rust Riders takes Slag Furnace from Iron Brothers (Iron Brothers Reputation -2)."
    )
    assert (wizard.draft.territory, wizard.draft.territory_result) == ("Slag Furnace", "won")
    click_next(qtbot, wizard)
    click_next(qtbot, wizard)  # Receive rewards

    income = wizard.currentPage()
    assert isinstance(income, RewardsPage) and income.campaign_income is not None
    box = income.campaign_income
    assert [r.line.territory for r in box.rows] == ["Settlement", "Old Ruins", "Slag Furnace"]
    assert "To settle before Finish" in income.status.text()
    settlement = box.row("Settlement").dice
    assert settlement is not None
    qtbot.keyClicks(settlement.edit, "4")
    ruins = box.row("Old Ruins").dice
    assert ruins is not None
    click(qtbot, ruins.button)  # rolled by the app
    furnace = box.row("Slag Furnace").dice
    assert furnace is not None
    qtbot.keyClicks(furnace.edit, "3")
    assert box.total.text() == "Total income: 75 credits"
    assert [r.amount.text() for r in box.rows] == ["40", "20", "15"]
    assert wizard.draft.territory_income is not None
    assert wizard.draft.territory_income.rolls == {
        "Settlement": [4],
        "Old Ruins": [2],
        "Slag Furnace": [3],
    }
    assert "income +75: 505 credits after this step" in income.status.text()

    go_to(qtbot, wizard, "territory_boons")
    boons = wizard.currentPage()
    assert isinstance(boons, BoonsPage)
    qtmodeltester.check(boons.boons.model())
    assert boons.lines() == [
        "Settlement (Recruit): After each battle the gang may roll two D6: a 6 on either brings"
        " a free Juve from the House List, two 6s a free Ganger instead."
    ]

    go_to(qtbot, wizard, "report_results")
    report = wizard.currentPage()
    assert isinstance(report, ReportPage)
    text = report.report_text()
    assert "Campaign Ash Wars, after campaign battle 1" in text
    assert "Collect income: income from territories (+75 credits)" in text
    finish = wizard.button(QWizard.WizardButton.FinishButton)
    assert finish.isEnabled()
    # Nothing applied yet: the gangs and the campaign are as they were.
    assert gangs.load_gang(db, RIDERS) == riders
    before = all_rows(db_path)
    with qtbot.waitSignal(wizard.sig_finished) as finished:
        click(qtbot, finish)
    result = finished.args[0]
    assert gangs.load_gang(db, RIDERS).credits == riders.credits + 75
    assert gangs.load_gang(db, BROTHERS).reputation == brothers.reputation - 2
    state = campaign.campaign_state(db, rulesets, "Ash Wars")
    assert next(h for h in state.campaign.holdings if h.territory == "Slag Furnace").gang_id == (
        riders.id
    )
    assert state.log[-1].text == result.report.summary()
    assert result.changes.gangs_changed == (riders.id, brothers.id)
    after = all_rows(db_path)

    # One step of the window's undo puts every row of every table back.
    seen: list[Changes] = []
    stack = QUndoStack()
    runner = OperationRunner(db, rulesets)
    runner.push(post_battle.finish_outcome(result), stack)
    runner.sig_performed.connect(lambda outcome: seen.append(outcome.changes))
    stack.undo()
    restored = all_rows(db_path)
    # The wizard's draft is unfinished again; every other row is exactly as before.
    assert restored == before | {"post_battle_drafts": restored["post_battle_drafts"]}
    assert gangs.load_gang(db, BROTHERS) == brothers
    assert seen[-1].gangs_changed == (riders.id, brothers.id)
    stack.redo()
    assert all_rows(db_path) == after


def test_a_territory_lost_is_taken_by_the_gang_picked(
    qtbot, db: Database, rulesets: Rulesets
) -> None:
    wizard = open_wizard(qtbot, db, rulesets, rolls=[])
    click(qtbot, current_page(wizard, BattlePage).results.button(1))
    go_to(qtbot, wizard, "assign_territory")
    page = wizard.currentPage()
    assert isinstance(page, TerritoryPage)
    choose(qtbot, page.territory, "Old Ruins")
    assert page.outcomes.checkedId() == 1  # lost, as the battle was
    assert page.taker.isEnabled() and page.taker.currentText() == "Nobody: it is unclaimed again"
    assert page.status.text() == "The Rust Riders loses Old Ruins."
    choose(qtbot, page.taker, BROTHERS)
    assert wizard.draft.territory_to == BROTHERS
    assert page.status.text() == "Iron Brothers takes Old Ruins from The Rust Riders."
    # Won it after all: the taker no longer applies.
    click(qtbot, page.outcomes.button(0))
    assert wizard.draft.territory_result == "won" and wizard.draft.territory_to is None
    assert page.status.text() == "Old Ruins won: The Rust Riders holds it already"


def test_without_a_campaign_the_pages_are_as_before(
    qtbot, db: Database, rulesets: Rulesets
) -> None:
    loner = gangs.add_gang(
        db, rulesets, demo_gang(rulesets.get("n23")).model_copy(update={"name": "Loners"})
    )
    assert loner.gang.id is not None
    wizard = PostBattleWizard(db, rulesets, loner.gang.id, dice=FixedDice([]))
    qtbot.addWidget(wizard)
    assert wizard.campaign is None and wizard.draft.territory_income is None
    assert isinstance(wizard_page(wizard, "assign_territory"), NotePage)
    assert type(wizard_page(wizard, "territory_boons")) is NotePage
    income = wizard_page(wizard, "collect_income")
    assert isinstance(income, RewardsPage) and income.campaign_income is None
    battle_page = wizard_page(wizard, "battle")
    assert isinstance(battle_page, BattlePage) and battle_page.campaign_battle is None


def test_a_free_item_of_a_held_territory_is_taken_undone_retaken_and_stashed(
    qtbot, qtmodeltester, db: Database, rulesets: Rulesets
) -> None:
    campaign.assign_territory(db, rulesets, "Ash Wars", "Promethium Cache", RIDERS)
    riders = gangs.load_gang(db, RIDERS)
    wizard = open_wizard(qtbot, db, rulesets, rolls=[])
    choose(qtbot, present(current_page(wizard, BattlePage).campaign_battle), "Battle 1")
    go_to(qtbot, wizard, "collect_income")
    box = current_page(wizard, RewardsPage).campaign_income
    for territory, roll in (("Settlement", "4"), ("Old Ruins", "2")):
        dice = present(box).row(territory).dice
        assert dice is not None
        qtbot.keyClicks(dice.edit, roll)

    go_to(qtbot, wizard, "territory_boons")
    page = wizard.currentPage()
    assert isinstance(page, BoonsPage)
    qtmodeltester.check(page.taken.list.model())
    offers = [page.offer.itemText(i) for i in range(page.offer.count())]
    assert offers == [
        "Settlement: roll 2D6 for a free recruit",  # the hideout's boon
        *["Promethium Cache: Incendiary charges (equipment)"] * 3,
    ]
    assert page.name.isEnabled() and page.dice_row.isEnabled() and len(page.dice) == 2
    page.offer.setCurrentIndex(1)
    assert page.owner.currentText() == "Stash" and page.owner.isEnabled()
    assert not page.name.isEnabled()  # no recruit picked
    assert not page.dice_row.isEnabled() and page.dice == []

    # Taken for Mags Varga first, then undone before Finish: the copy is offered again.
    choose(qtbot, page.owner, "Mags")
    click(qtbot, page.take)
    assert [e.fighter for e in wizard.draft.boons_taken] == ["Mags Varga"]
    assert page.offer.count() == 3
    assert page.taken.list.item(0).text() == (
        "Incendiary charges from Promethium Cache, free: to Mags Varga"
    )
    page.taken.list.setCurrentRow(0)
    click(qtbot, page.taken.remove)
    assert wizard.draft.boons_taken == [] and page.taken.list.count() == 0
    assert page.offer.count() == 4

    page.offer.setCurrentIndex(1)
    qtbot.keyClick(page.owner, Qt.Key.Key_Home)  # back to the stash, the first entry
    assert page.owner.currentText() == "Stash"
    click(qtbot, page.take)
    assert [(e.territory, e.kind, e.item, e.fighter) for e in wizard.draft.boons_taken] == [
        ("Promethium Cache", "equipment", "Incendiary charges", "stash")
    ]
    assert page.taken.list.item(0).text() == (
        "Incendiary charges from Promethium Cache, free: to Stash"
    )
    assert page.status.text() == "Stash after this step: Incendiary charge."

    go_to(qtbot, wizard, "report_results")
    assert "free from Promethium Cache" in current_page(wizard, ReportPage).report_text()
    with qtbot.waitSignal(wizard.sig_finished):
        click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    after = gangs.load_gang(db, RIDERS)
    assert [(w.name, w.cost) for w in after.stash] == [("Incendiary charge", 0)]
    assert after.credits == riders.credits + 60  # income only: the item cost nothing


def test_the_settlement_roll_brings_a_free_juve_from_the_house_list(
    qtbot, db: Database, rulesets: Rulesets
) -> None:
    riders = gangs.load_gang(db, RIDERS)
    wizard = open_wizard(qtbot, db, rulesets, rolls=[6, 2])  # what the Roll buttons give
    choose(qtbot, present(current_page(wizard, BattlePage).campaign_battle), "Battle 1")
    go_to(qtbot, wizard, "collect_income")
    box = current_page(wizard, RewardsPage).campaign_income
    for territory, roll in (("Settlement", "4"), ("Old Ruins", "2")):
        dice = present(box).row(territory).dice
        assert dice is not None
        qtbot.keyClicks(dice.edit, roll)

    go_to(qtbot, wizard, "territory_boons")
    page = wizard.currentPage()
    assert isinstance(page, BoonsPage)
    assert page.offer.currentText() == "Settlement: roll 2D6 for a free recruit"
    types = [page.rolled_type.itemText(i) for i in range(page.rolled_type.count())]
    assert types[0] == "As the dice decide" and "Greenhorn (Juve)" in types
    click(qtbot, page.take)  # nothing rolled yet: refused, nothing taken
    assert wizard.draft.boons_taken == []
    assert "Roll the 2D6 first" in page.status.text()

    for die in page.dice:
        click(qtbot, die.button)
    assert [d.value() for d in page.dice] == [6, 2]
    qtbot.keyClicks(page.name, "Kid Cobalt")
    click(qtbot, page.take)
    assert [(e.territory, e.dice, e.fighter_type, e.name) for e in wizard.draft.boons_taken] == [
        ("Settlement", [6, 2], None, "Kid Cobalt")
    ]
    assert page.offer.count() == 0  # one roll per battle
    assert page.taken.list.item(0).text() == (
        "Rolled 6, 2 at Settlement: Kid Cobalt joins free if the dice bring one"
    )

    go_to(qtbot, wizard, "report_results")
    report = current_page(wizard, ReportPage).report_text()
    assert "Kid Cobalt (Greenhorn) joins free from Settlement (rolled 6, 2)" in report
    with qtbot.waitSignal(wizard.sig_finished):
        click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    after = gangs.load_gang(db, RIDERS)
    kid = after.fighter("Kid Cobalt")
    assert kid is not None and kid.type == "Greenhorn" and kid.cost == 35
    assert after.credits == riders.credits + 60  # income only: the recruit cost nothing
