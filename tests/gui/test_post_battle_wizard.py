"""pytest-qt walks the post-battle wizard: pages from the pack, saved as you go, Finish, undo."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QGuiApplication, QUndoStack
from PySide6.QtWidgets import QAbstractSpinBox, QComboBox, QSpinBox, QWizard

from gangmanager.gui.common.runner import OperationRunner
from gangmanager.gui.post_battle import PostBattleWizard
from gangmanager.gui.post_battle.actions_page import ActionsPage
from gangmanager.gui.post_battle.advancements_page import AdvancementsPage
from gangmanager.gui.post_battle.battle_page import RESULTS, BattlePage
from gangmanager.gui.post_battle.note_page import NotePage
from gangmanager.gui.post_battle.rating_page import UpdateRatingPage
from gangmanager.gui.post_battle.report_page import ReportPage, SaveReportDialog
from gangmanager.gui.post_battle.rewards_page import RewardsPage
from gangmanager.gui.post_battle.roster_pages import CleanHousePage, TradingPostPage
from gangmanager.gui.post_battle.step_page import StepPage
from gangmanager.gui.post_battle.wizard import DiscardDraftDialog
from gangmanager.gui.post_battle.wrap_up_page import WrapUpPage
from gangmanager.gui.post_battle.xp_table import XP_COLUMN
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.dice import FixedDice
from gangmanager.rules.gang import FighterStatus, Gang
from gangmanager.services import battle, gangs, post_battle
from gangmanager.services.changes import Changes
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from ..db_rows import all_rows
from ..narrowing import present
from .qt_narrowing import current_page
from .widget_reading import wizard_page


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "gm.sqlite"


@pytest.fixture
def db(db_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(db_path))
    yield database
    database.close()


def add_gang(db: Database, rulesets: Rulesets, ruleset: str = "n23") -> Gang:
    gang = demo_gang(rulesets.get("n23")).model_copy(update={"ruleset": ruleset})
    return gangs.add_gang(db, rulesets, gang).gang


@pytest.fixture
def gang(db: Database, rulesets: Rulesets) -> Gang:
    return add_gang(db, rulesets)


def open_wizard(
    qtbot,
    db: Database,
    rulesets: Rulesets,
    gang: Gang,
    rolls: list[int] | None = None,
    result: str | None = "draw",
) -> PostBattleWizard:
    """The wizard on its first page; `result` is the one the player picks there first."""
    assert gang.id is not None
    wizard = PostBattleWizard(db, rulesets, gang.id, dice=FixedDice(rolls or []))
    qtbot.addWidget(wizard)
    wizard.show()
    qtbot.waitExposed(wizard)
    if result is not None and wizard.draft.result is None:
        pick_result(qtbot, wizard, result)
    return wizard


def pick_result(qtbot, wizard: PostBattleWizard, result: str) -> None:
    page = current_page(wizard, BattlePage)
    click(qtbot, page.results.button(RESULTS.index(result)))


def click_next(qtbot, wizard: PostBattleWizard) -> None:
    before = wizard.currentId()
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.NextButton), Qt.MouseButton.LeftButton)
    assert wizard.currentId() == before + 1


def go_to(qtbot, wizard: PostBattleWizard, step_id: str) -> None:
    while current_page(wizard, StepPage).step_id != step_id:
        click_next(qtbot, wizard)


def type_number(qtbot, spin: QAbstractSpinBox, text: str) -> None:
    spin.setFocus()
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin.lineEdit(), text)


def type_xp(qtbot, page: RewardsPage, name: str, text: str) -> None:
    """Type a fighter's gained XP into the rewards table, as a player does: the cell picked,
    F2, the number typed into the cell's spin box, Enter."""
    table = present(page.xp_table)
    row = next(r for r in range(table.rowCount()) if present(table.item(r, 0)).text() == name)
    table.setFocus()
    table.setCurrentCell(row, XP_COLUMN)
    qtbot.keyClick(table, Qt.Key.Key_F2)
    # The cell's editor (focus follows only in an active window, which offscreen is not).
    editor = table.viewport().findChild(QSpinBox)
    assert editor is not None and table.state() is table.State.EditingState
    assert editor.accessibleName() == f"XP for {name}"
    editor.lineEdit().selectAll()
    qtbot.keyClicks(editor.lineEdit(), text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    # The delegate commits and closes the editor on the event loop (a queued call).
    qtbot.waitUntil(lambda: table.state() is not table.State.EditingState)


def choose(qtbot, combo: QComboBox, text: str) -> None:
    """Pick an entry by typing its start, as a player does with the keyboard."""
    combo.setFocus()
    qtbot.keyClicks(combo, text)
    assert combo.currentText().startswith(text), combo.currentText()


def click(qtbot, widget: object) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def test_pages_follow_the_pack(qtbot, db: Database, rulesets: Rulesets, gang: Gang) -> None:
    wizard = open_wizard(qtbot, db, rulesets, gang)
    assert [p.title() for p in wizard.pages] == [
        "The battle",
        "Wrap-up",
        "Assign territory",
        "Receive rewards",
        "Collect income",
        "Post-battle actions",
        "Update Roster: A. Clean house",
        "Update Roster: B. Visit the Trading Post",
        "Update Roster: C. Territory boons",
        "Update Roster: D. Distribute equipment",
        "Update Roster: E. Advancements",
        "Update Roster: F. Update Gang Rating",
        "Report results",
    ]


def test_the_older_sequence_of_a_house_pack(qtbot, db: Database, rulesets: Rulesets) -> None:
    wizard = open_wizard(qtbot, db, rulesets, add_gang(db, rulesets, "house-a"))
    titles = [p.title() for p in wizard.pages]
    assert "Assign territory" not in titles and "Receive rewards" not in titles
    assert titles[2:4] == ["Collect income", "Post-battle actions"]
    assert "Update Roster: E. Update Gang Rating" in titles
    # The pack has no rewards step: its income page takes the rewards too.
    income = wizard_page(wizard, "collect_income")
    assert isinstance(income, RewardsPage) and income.sections == ("rewards", "income")


def test_walk_the_wizard_end_to_end_then_undo_in_one_step(
    qtbot, qtmodeltester, db: Database, db_path: Path, rulesets: Rulesets, gang: Gang
) -> None:
    # Dice for "Roll" buttons: Pip's D66 (5, 4 = Multiple Injuries), then its D3 (2 -> 1)
    # and the one extra D66 (1, 2 = Impressive Scars).
    wizard = open_wizard(qtbot, db, rulesets, gang, rolls=[5, 4, 2, 1, 2])

    # The battle: played elsewhere, a win.
    page = current_page(wizard, BattlePage)
    click(qtbot, page.results.button(0))
    qtbot.keyClicks(page.scenario, "Stand-off")
    assert wizard.draft.result == "win" and wizard.draft.scenario == "Stand-off"
    click_next(qtbot, wizard)

    # Wrap-up: Out of Action entered by hand; one roll typed in, one rolled.
    wrap_up = wizard.currentPage()
    assert isinstance(wrap_up, WrapUpPage)
    rook, pip = wrap_up.row("Rook"), wrap_up.row("Pip")
    click(qtbot, rook.out_of_action)
    type_number(qtbot, rook.injury.spin, "44")
    assert rook.result.text() == "Eye Injury (44): BS 4+ -> 5+, In recovery"
    click(qtbot, pip.out_of_action)
    click(qtbot, pip.injury.button)
    assert (
        pip.injury.value() == 54
        and pip.result.text() == "Multiple Injuries: needs a D3 (extra dice)"
    )
    assert pip.extra.isEnabled()
    click(qtbot, pip.extra.button)
    assert pip.extra.values() == [1, 12]
    assert [e.model_dump(exclude_defaults=True) for e in wizard.draft.injuries] == [
        {"fighter": "Rook", "roll": 44},
        {"fighter": "Pip", "roll": 54, "rolls": [1, 12]},
    ]
    assert wrap_up.status.text() == "Every roll is settled."
    click_next(qtbot, wizard)

    qtbot.keyClicks(current_page(wizard, NotePage).text, "Held the Slag Furnace")
    click_next(qtbot, wizard)

    rewards = wizard.currentPage()
    assert isinstance(rewards, RewardsPage)
    type_number(qtbot, rewards.credits, "70")
    type_number(qtbot, rewards.reputation, "1")
    qtmodeltester.check(present(rewards.xp_table).model())
    type_xp(qtbot, rewards, "Mags Varga", "6")
    assert wizard.draft.xp == {"Mags Varga": 6} and wizard.draft.credits == 70
    assert present(rewards.xp_table).values()["Mags Varga"] == 6
    click_next(qtbot, wizard)
    type_number(qtbot, current_page(wizard, RewardsPage).income, "15")
    click_next(qtbot, wizard)
    assert "Nobody is Critical" in current_page(wizard, ActionsPage).none_critical.text()
    click_next(qtbot, wizard)  # Post-battle actions
    click_next(qtbot, wizard)  # A. Clean house

    trading = wizard.currentPage()
    assert isinstance(trading, TradingPostPage)
    choose(qtbot, trading.buyer, "Tess")
    qtbot.keyClicks(trading.item.filter, "Lasgun")  # filter as you type, Enter picks
    qtbot.keyClick(trading.item.filter, Qt.Key.Key_Return)
    assert trading.item.current_name() == "Lasgun"
    assert trading.cost.value() == 15
    click(qtbot, trading.buy)
    assert trading.bought.list.count() == 1
    qtmodeltester.check(trading.bought.list.model())
    assert "Credits: 515 before the Trading Post, 500 after." in trading.status.text()
    click_next(qtbot, wizard)  # B
    click_next(qtbot, wizard)  # C
    click_next(qtbot, wizard)  # D

    advancements = wizard.currentPage()
    assert isinstance(advancements, AdvancementsPage)
    choose(qtbot, advancements.fighter, "Mags")
    choose(qtbot, advancements.advancement, "Ballistic")
    click(qtbot, advancements.buy)
    assert [(e.fighter, e.advancement) for e in wizard.draft.advancements] == [("Mags Varga", "bs")]
    click_next(qtbot, wizard)

    rating = wizard.currentPage()
    assert isinstance(rating, UpdateRatingPage)
    model = rating.model
    qtmodeltester.check(model)

    def cells(row: int, parent: QModelIndex = QModelIndex()) -> list[str]:  # noqa: B008
        return [model.index(row, c, parent).data() for c in range(3)]

    assert cells(0) == ["Gang Rating", "580", "615"]
    assert cells(1) == ["Mags Varga", "205", "225"]
    mags = model.index(1, 0)
    lines = [cells(r, mags) for r in range(model.rowCount(mags))]
    assert ["Advancement: Ballistic Skill +1 (advancement)", "", "20"] in lines
    assert sum(int(line[2]) for line in lines) == 225
    click_next(qtbot, wizard)

    report = wizard.currentPage()
    assert isinstance(report, ReportPage)
    text = report.report_text()
    assert "Gang Rating 580 -> 615" in text
    assert "Assign territory: Held the Slag Furnace" in text
    assert "Lasting Injury Impressive Scars (12): Cl 8+ -> 7+" in text
    finish = wizard.button(QWizard.WizardButton.FinishButton)
    assert finish.isEnabled()
    # Nothing has been applied so far (only the draft was saved as we went).
    assert gangs.load_gang(db, str(gang.id)) == gang
    before = all_rows(db_path)
    with qtbot.waitSignal(wizard.sig_finished) as finished:
        click(qtbot, finish)
    result = finished.args[0]
    assert wizard.finish_result is result
    stored = gangs.load_gang(db, str(gang.id))
    assert stored.rating == 615 and stored.credits == 500 and stored.reputation == 2
    assert present(stored.fighter("Rook")).status is FighterStatus.IN_RECOVERY
    assert post_battle.load_draft(db, present(gang.id)) is None
    after = all_rows(db_path)

    # The main window pushes the command; undo reverts the whole sequence in one step.
    seen: list[Changes] = []
    stack = QUndoStack()
    runner = OperationRunner(db, rulesets)
    runner.push(post_battle.finish_outcome(present(result)), stack)
    runner.sig_performed.connect(lambda outcome: seen.append(outcome.changes))
    assert all_rows(db_path) == after and seen == []
    stack.undo()
    assert all_rows(db_path) == before | {
        "post_battle_drafts": all_rows(db_path)["post_battle_drafts"]
    }
    assert gangs.load_gang(db, str(gang.id)) == gang
    assert seen[-1].gangs_changed == (gang.id,)
    stack.redo()
    assert all_rows(db_path) == after


def test_the_draft_resumes_where_the_wizard_was_closed(
    qtbot, db: Database, rulesets: Rulesets, gang: Gang
) -> None:
    wizard = open_wizard(qtbot, db, rulesets, gang)
    click(qtbot, current_page(wizard, BattlePage).results.button(1))
    click_next(qtbot, wizard)
    row = current_page(wizard, WrapUpPage).row("Brann")
    click(qtbot, row.out_of_action)
    type_number(qtbot, row.injury.spin, "52")
    go_to(qtbot, wizard, "receive_rewards")
    type_xp(qtbot, current_page(wizard, RewardsPage), "Pip", "3")
    wizard.reject()  # closed: nothing applied, the draft stays

    again = open_wizard(qtbot, db, rulesets, gang)
    assert current_page(again, StepPage).step_id == "receive_rewards"
    assert present(current_page(again, RewardsPage).xp_table).values()["Pip"] == 3
    assert again.draft.result == "loss"
    wrap_up = wizard_page(again, "wrap_up")
    assert isinstance(wrap_up, WrapUpPage)
    assert wrap_up.row("Brann").out_of_action.isChecked()
    assert wrap_up.row("Brann").injury.value() == 52
    assert gangs.load_gang(db, str(gang.id)) == gang


def test_finish_stays_disabled_while_a_roll_is_missing(
    qtbot, db: Database, rulesets: Rulesets, gang: Gang
) -> None:
    wizard = open_wizard(qtbot, db, rulesets, gang)
    click_next(qtbot, wizard)
    click(qtbot, current_page(wizard, WrapUpPage).row("Rook").out_of_action)
    assert (
        "Rook: roll the Lasting Injury (D66) or pick the result"
        in current_page(wizard, StepPage).status.text()
    )
    go_to(qtbot, wizard, "report_results")
    assert not wizard.button(QWizard.WizardButton.FinishButton).isEnabled()
    assert "cannot be applied yet" in current_page(wizard, ReportPage).report_text()
    # Picking the result by name settles it.
    wizard.back()
    while current_page(wizard, StepPage).step_id != "wrap_up":
        wizard.back()
    choose(qtbot, current_page(wizard, WrapUpPage).row("Rook").pick, "46")
    assert wizard.draft.injuries[0].result == "Hobbled"
    go_to(qtbot, wizard, "report_results")
    assert wizard.button(QWizard.WizardButton.FinishButton).isEnabled()


def test_report_can_be_copied_and_saved(
    qtbot,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    db: Database,
    rulesets: Rulesets,
    gang: Gang,
) -> None:
    wizard = open_wizard(qtbot, db, rulesets, gang)
    go_to(qtbot, wizard, "report_results")
    page = wizard.currentPage()
    assert isinstance(page, ReportPage)
    target = tmp_path / "report.txt"
    monkeypatch.setattr(SaveReportDialog, "ask", classmethod(lambda cls, parent, name: target))
    click(qtbot, page.save)
    assert target.read_text(encoding="utf-8") == page.report_text() + "\n"
    click(qtbot, page.copy)
    assert QGuiApplication.clipboard().text() == page.report_text()


def test_discard_draft_starts_again(
    qtbot, monkeypatch: pytest.MonkeyPatch, db: Database, rulesets: Rulesets, gang: Gang
) -> None:
    wizard = open_wizard(qtbot, db, rulesets, gang)
    click(qtbot, current_page(wizard, BattlePage).results.button(0))
    assert wizard.draft.result == "win"
    monkeypatch.setattr(DiscardDraftDialog, "ask", classmethod(lambda cls, parent: True))
    click(qtbot, wizard.button(QWizard.WizardButton.CustomButton1))
    # A fresh draft: no result until the player picks one again.
    assert wizard.draft.result is None
    assert post_battle.load_draft(db, gang.id).draft.result is None
    assert not any(b.isChecked() for b in current_page(wizard, BattlePage).results.buttons())


def test_a_tracked_battle_prefills_the_wizard_and_is_done_at_finish(
    qtbot, db: Database, rulesets: Rulesets, gang: Gang
) -> None:
    battle.start_battle(db, rulesets, gang.name)
    battle.apply_events(db, rulesets, gang.name, [
        {"event": "ammo_test", "fighter": "Dex Hollow", "weapon": "Shotgun",
         "profile": "executioner ammo", "roll": 2},
        {"event": "status", "fighter": "Rook", "status": "out_of_action"},
    ])  # fmt: skip
    battle.end_battle(db, rulesets, gang.name)
    wizard = open_wizard(qtbot, db, rulesets, gang, rolls=[3, 1])
    assert current_page(wizard, BattlePage).battle.currentData() is not None
    click_next(qtbot, wizard)
    rook = current_page(wizard, WrapUpPage).row("Rook")
    assert rook.out_of_action.isChecked() and rook.injury.value() is None
    click(qtbot, rook.injury.button)  # 31: Convalescence
    go_to(qtbot, wizard, "clean_house")
    assert (
        current_page(wizard, CleanHousePage).limited.list.item(0).text()
        == "Dex Hollow: Shotgun (executioner ammo)"
    )
    go_to(qtbot, wizard, "report_results")
    assert (
        "Shotgun: executioner ammo (Limited) removed for good"
        in current_page(wizard, ReportPage).report_text()
    )
    click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    assert wizard.finish_result is not None
    assert battle.ended_battle(db, present(gang.id), rulesets) is None
    stored = gangs.load_gang(db, str(gang.id))
    dex = stored.fighter("Dex Hollow")
    assert dex is not None and dex.rating == 145 - 20


def test_the_result_is_never_assumed(qtbot, db: Database, rulesets: Rulesets, gang: Gang) -> None:
    wizard = open_wizard(qtbot, db, rulesets, gang, result=None)
    page = current_page(wizard, BattlePage)
    assert wizard.draft.result is None
    assert not any(b.isChecked() for b in page.results.buttons())
    assert not wizard.button(QWizard.WizardButton.NextButton).isEnabled()
    _, problems = wizard.preview("wrap_up")
    assert "choose the result of the battle (win, loss or draw)" in problems
    pick_result(qtbot, wizard, "loss")
    assert wizard.draft.result == "loss"
    assert wizard.button(QWizard.WizardButton.NextButton).isEnabled()


def test_advancements_say_how_much_xp_is_missing_and_refuse_the_purchase(
    qtbot, db: Database, rulesets: Rulesets, gang: Gang
) -> None:
    wizard = open_wizard(qtbot, db, rulesets, gang)
    go_to(qtbot, wizard, "advancements")
    page = wizard.currentPage()
    assert isinstance(page, AdvancementsPage)
    choose(qtbot, page.fighter, "Mags")  # 3 XP
    choose(qtbot, page.advancement, "Ballistic")  # 6 XP
    assert not page.buy.isEnabled()
    assert "Not enough XP: 3 more needed." in page.explain.text()
    page.advancement.setCurrentIndex(page.advancement.findData("wil"))  # 3 XP: enough
    assert page.buy.isEnabled()


def test_a_promotion_to_specialist_asks_for_its_primary_skill(
    qtbot, db: Database, rulesets: Rulesets, gang: Gang
) -> None:
    wizard = open_wizard(qtbot, db, rulesets, gang)
    wizard.update_draft(xp={"Brann": 6})
    go_to(qtbot, wizard, "advancements")
    page = wizard.currentPage()
    assert isinstance(page, AdvancementsPage)
    choose(qtbot, page.fighter, "Brann")
    page.roll.spin.setValue(12)
    assert page.advancement.currentData() == "specialist"
    skills = [page.skill.itemText(i) for i in range(page.skill.count())]
    assert page.skill.isEnabled() and "Brawn: Bull Charge" in skills
    assert not any(s.startswith("Agility:") for s in skills)  # not a Gunner's primary set
    page.skill.setCurrentIndex(page.skill.findData("Bull Charge"))
    click(qtbot, page.buy)
    (entry,) = wizard.draft.advancements
    assert (entry.advancement, entry.roll, entry.skill) == ("specialist", 12, "Bull Charge")
    brann = wizard.preview("advancements")[0].fighter("Brann")
    assert brann is not None and brann.skills == ["Bull Charge"]
    lines = [page.bought.list.item(i).text() for i in range(page.bought.list.count())]
    assert lines == ["Brann: Ganger table 12: Promoted to Specialist (Bull Charge)"]


def test_roll_for_me_rolls_again_what_multiple_injuries_re_rolls(
    qtbot, db: Database, rulesets: Rulesets, gang: Gang
) -> None:
    # D3 = 1 extra roll (a D6 of 1); 55 (Captured) must be rolled again: 44 replaces it.
    wizard = open_wizard(qtbot, db, rulesets, gang, rolls=[1, 5, 5, 4, 4])
    click_next(qtbot, wizard)
    row = current_page(wizard, WrapUpPage).row("Rook")
    click(qtbot, row.out_of_action)
    row.injury.spin.setValue(54)
    click(qtbot, row.extra.button)
    assert row.extra.values() == [1, 44]
    assert "Eye Injury" in row.result.text()
    row.extra.set_values([1, 55])
    row.extra.sig_changed.emit()
    assert "the extra roll 55 is Captured, which is rolled again" in row.result.text()


def test_wrap_up_asks_for_the_escape_roll_and_the_old_wound(
    qtbot, db: Database, rulesets: Rulesets
) -> None:
    gang = demo_gang(rulesets.get("n23"))
    fighters = [
        f.model_copy(update={"injuries": ["Old Battle Wound"]}) if f.name == "Brann" else f
        for f in gang.fighters
    ]
    stored = gangs.add_gang(db, rulesets, gang.model_copy(update={"fighters": fighters})).gang
    wizard = open_wizard(qtbot, db, rulesets, stored, result="loss")
    click_next(qtbot, wizard)
    page = wizard.currentPage()
    assert isinstance(page, WrapUpPage)
    brann, rook = page.row("Brann"), page.row("Rook")
    assert brann.old_wound.isVisibleTo(page) and not rook.old_wound.isVisibleTo(page)
    assert "Brann has an Old Battle Wound: roll a D6" in page.status.text()
    brann.old_wound.spin.setValue(1)
    assert wizard.draft.old_wounds[0].roll == 1
    # Rook is Captured on a 55: the escape roll appears and is asked for.
    click(qtbot, rook.out_of_action)
    assert not rook.escape.isVisibleTo(page)
    rook.injury.spin.setValue(55)
    assert rook.escape.isVisibleTo(page) and rook.webbed.isVisibleTo(page)
    assert "Rook was Captured: roll a D6 to escape" in page.status.text()
    rook.escape.spin.setValue(6)
    assert [(e.fighter, e.roll) for e in wizard.draft.escapes] == [("Rook", 6)]
    after, problems = wizard.preview("wrap_up")
    assert problems == []
    assert present(after.fighter("Rook")).status is FighterStatus.CONVALESCENCE
    assert present(after.fighter("Brann")).status is FighterStatus.CONVALESCENCE


def test_the_older_rules_take_the_opponents_capture_roll(
    qtbot, db: Database, rulesets: Rulesets
) -> None:
    wizard = open_wizard(qtbot, db, rulesets, add_gang(db, rulesets, "house-a"))
    click_next(qtbot, wizard)
    page = wizard.currentPage()
    assert isinstance(page, WrapUpPage) and page.capture is not None
    rook = page.row("Rook")
    click(qtbot, rook.out_of_action)
    rook.injury.spin.setValue(44)
    page.capture.setChecked(True)
    page.capture.roll.spin.setValue(10)
    page.capture.modifier.setValue(3)
    page.capture.fighter.setCurrentIndex(page.capture.fighter.findData("Rook"))
    page.capture.fighter.activated.emit(page.capture.fighter.currentIndex())
    assert wizard.draft.capture is not None
    assert (wizard.draft.capture.roll, wizard.draft.capture.modifier) == (10, 3)
    assert wizard.draft.capture.fighter == "Rook"
    after, problems = wizard.preview("wrap_up")
    assert problems == []
    assert present(after.fighter("Rook")).status is FighterStatus.CAPTURED


def test_the_trading_post_shows_the_list_price_and_seeks_rare_items(
    qtbot, db: Database, rulesets: Rulesets, gang: Gang
) -> None:
    wizard = open_wizard(qtbot, db, rulesets, gang, rolls=[4, 3])
    go_to(qtbot, wizard, "trading_post")
    page = wizard.currentPage()
    assert isinstance(page, TradingPostPage)
    page.buyer.setCurrentIndex(page.buyer.findText("Rook", Qt.MatchFlag.MatchStartsWith))
    page.item.select_name("Combat shotgun")
    assert page.cost.value() == 55  # House Orlock's list price, charged
    page.buyer.setCurrentIndex(page.buyer.findText("Stash"))
    assert page.cost.value() == 70  # the Trading Post's
    # A Rare item off the list waits for the availability roll.
    page.buyer.setCurrentIndex(page.buyer.findText("Dex Hollow", Qt.MatchFlag.MatchStartsWith))
    page.item.select_name("Needle pistol")
    click(qtbot, page.buy)
    assert "Needle pistol is Rare (9): make the availability roll" in page.status.text()
    traders = {b.property("fighter"): b for b in page._trader_boxes()}
    assert set(traders) == {"Mags Varga", "Dex Hollow"}  # the Leader and the Champion
    page.seek.setChecked(True)
    click(qtbot, page.seek_roll.button)  # 4 + 3 = 7
    click(qtbot, traders["Mags Varga"])  # +2 = 9
    entry = wizard.draft.availability
    assert entry is not None and (entry.roll, entry.traders) == (7, ["Mags Varga"])
    assert "Needle pistol" not in page.status.text()
    after, problems = wizard.preview("trading_post")
    assert problems == []
    assert present(after.fighter("Dex Hollow")).weapons[-1].name == "Needle pistol"


def test_finish_is_refused_when_the_roster_was_saved_elsewhere_then_goes_on(
    qtbot, db: Database, db_path: Path, rulesets: Rulesets, gang: Gang
) -> None:
    from gangmanager.services import roster

    wizard = open_wizard(qtbot, db, rulesets, gang)
    wizard.update_draft(credits=40)
    # Meanwhile the command line (or another window) edits the gang.
    assert gang.id is not None
    roster.apply(db, roster.EditGang(gang.id, {"credits": 505}), rulesets)
    go_to(qtbot, wizard, "report_results")
    before = all_rows(db_path)
    wizard.accept()
    assert wizard.finish_result is None
    page = current_page(wizard, StepPage)
    assert "changed by someone else — reload" in page.status.text()
    assert all_rows(db_path) == before  # nothing written
    # The wizard now shows the roster as stored: Finish again applies on top of it.
    assert wizard.gang.credits == 505
    wizard.accept()
    assert wizard.finish_result is not None
    assert gangs.load_gang(db, str(gang.id)).credits == 505 + 40


def test_the_trading_post_price_is_the_price_charged_when_restocking_ammo(
    qtbot, db: Database, rulesets: Rulesets, gang: Gang
) -> None:
    from gangmanager.services import roster

    # Dex spent his executioner ammo (a Limited profile) in an earlier battle.
    dex = gang.fighter("Dex Hollow")
    assert gang.id is not None and dex is not None and dex.id is not None
    shotgun = next(i for i, w in enumerate(dex.weapons) if w.name == "Shotgun")
    ammo_at = next(
        i for i, p in enumerate(dex.weapons[shotgun].profiles) if p.name == "executioner ammo"
    )
    roster.apply(db, roster.RemoveWeaponProfile(gang.id, dex.id, shotgun, ammo_at), rulesets)
    gang = gangs.load_gang(db, str(gang.id))
    wizard = open_wizard(qtbot, db, rulesets, gang)
    go_to(qtbot, wizard, "trading_post")
    page = wizard.currentPage()
    assert isinstance(page, TradingPostPage)
    page.buyer.setCurrentIndex(page.buyer.findText("Dex Hollow", Qt.MatchFlag.MatchStartsWith))
    page.item.select_name("Shotgun")
    dex = wizard.preview("clean_house")[0].fighter("Dex Hollow")
    assert dex is not None and dex.weapon("Shotgun") is not None
    page.profile.setCurrentIndex(page.profile.findData("executioner ammo"))
    ammo = next(
        p.cost
        for p in present(rulesets.get("n23").weapon_entry("Shotgun")).profiles
        if p.name == "executioner ammo"
    )
    # Dex carries a shotgun already: the ammo alone is charged, so it alone is shown.
    assert page.cost.value() == ammo
    before = wizard.preview("clean_house")[0].credits
    click(qtbot, page.buy)
    assert wizard.preview("trading_post")[0].credits == before - ammo
    lines = [page.bought.list.item(i).text() for i in range(page.bought.list.count())]
    assert lines == [f"Dex Hollow: Shotgun with executioner ammo for {ammo} credits"]


def test_an_old_wound_of_a_fighter_left_out_of_the_tracked_battle_asks_no_roll(
    qtbot, db: Database, rulesets: Rulesets
) -> None:
    founded = demo_gang(rulesets.get("n23"))
    fighters = [
        f.model_copy(update={"injuries": ["Old Battle Wound"]}) if f.name == "Brann" else f
        for f in founded.fighters
    ]
    stored = gangs.add_gang(db, rulesets, founded.model_copy(update={"fighters": fighters})).gang
    assert stored.id is not None
    battle.start_battle(db, rulesets, stored.id, crew=["Mags Varga", "Rook"])
    battle.end_battle(db, rulesets, stored.id)
    wizard = open_wizard(qtbot, db, rulesets, stored, result="win")
    click_next(qtbot, wizard)
    page = wizard.currentPage()
    assert isinstance(page, WrapUpPage)
    brann = page.row("Brann")
    assert not brann.old_wound.isVisibleTo(page)
    page.rows_changed()
    assert [(e.fighter, e.took_part) for e in wizard.draft.old_wounds] == [("Brann", False)]
    assert "Old Battle Wound" not in page.status.text()


def test_the_report_page_prints_what_changed(
    qtbot,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    db: Database,
    rulesets: Rulesets,
    gang: Gang,
) -> None:
    import pypdf

    from gangmanager.gui.post_battle.report_page import SaveChangesDialog

    wizard = open_wizard(qtbot, db, rulesets, gang)
    wizard.update_draft(xp={"Pip": 2})
    go_to(qtbot, wizard, "report_results")
    page = wizard.currentPage()
    assert isinstance(page, ReportPage) and page.changes.isEnabled()
    target = tmp_path / "changes.pdf"
    monkeypatch.setattr(SaveChangesDialog, "ask", classmethod(lambda cls, parent, name: target))
    click(qtbot, page.changes)
    reader = pypdf.PdfReader(target)
    text = " ".join(" ".join(p.extract_text() for p in reader.pages).split())
    assert f"What changed: {gang.name}" in text
    assert "Pip (Greenhorn): Active" in text and "XP 0 -> 2" in text
    assert page.status.text() == f"What changed written to {target}"
    # Nothing was applied: the sheet is what Finish will do.
    assert present(gangs.load_gang(db, str(gang.id)).fighter("Pip")).xp == 0
