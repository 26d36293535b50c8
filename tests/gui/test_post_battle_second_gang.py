"""pytest-qt: both gangs of a two-gang battle finish their post-battle in the wizard.

The second gang's wizard preselects the shared battle and fills XP, the Limited
profile it lost and who took part from its own side; Finish applies it, and each
gang's Finish is one undo step, taken back in either order.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QWizard

from gangmanager.gui.common.runner import OperationRunner
from gangmanager.gui.post_battle import PostBattleWizard
from gangmanager.gui.post_battle.battle_page import RESULTS
from gangmanager.gui.post_battle.report_page import ReportPage
from gangmanager.gui.post_battle.rewards_page import RewardsPage
from gangmanager.gui.post_battle.step_page import StepPage
from gangmanager.gui.post_battle.wrap_up_page import WrapUpPage
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.dice import FixedDice
from gangmanager.rules.gang import Gang
from gangmanager.services import battle, gangs, post_battle
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from ..db_rows import all_rows
from ..narrowing import present
from .qt_narrowing import current_page

RIDERS = "The Rust Riders"
WOLVES = "The Ash Wolves"


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "gm.sqlite"


@pytest.fixture
def db(db_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(db_path))
    yield database
    database.close()


@pytest.fixture
def sides(db: Database, rulesets: Rulesets) -> dict[str, Gang]:
    """Riders (Mags, Rook) against Wolves (Rook, Dex), ended: the Wolves' Dex spent his
    executioner ammo, their Rook went Out of Action; their Brann (Old Battle Wound) sat out."""
    riders = demo_gang(rulesets.get("n23"))
    fighters = [
        f.model_copy(update={"injuries": ["Old Battle Wound"]}) if f.name == "Brann" else f
        for f in riders.fighters
    ]
    wolves = riders.model_copy(update={"name": WOLVES, "fighters": fighters})
    stored = {g.name: gangs.add_gang(db, rulesets, g).gang for g in (riders, wolves)}
    battle.start_battle(
        db, rulesets, RIDERS, crew=["Mags Varga", "Rook"],
        against=WOLVES, against_crew=["Rook", "Dex Hollow"],
    )  # fmt: skip
    battle.apply_events(db, rulesets, WOLVES, [
        {"event": "ammo_test", "fighter": f"{WOLVES}/Dex Hollow", "weapon": "Shotgun",
         "profile": "executioner ammo", "roll": 2},
        {"event": "status", "fighter": f"{WOLVES}/Rook", "status": "out_of_action",
         "by": f"{RIDERS}/Mags Varga"},
    ])  # fmt: skip
    battle.end_battle(db, rulesets, WOLVES)
    return stored


def open_wizard(qtbot, db: Database, rulesets: Rulesets, gang: Gang, rolls: list[int]):
    assert gang.id is not None
    wizard = PostBattleWizard(db, rulesets, gang.id, dice=FixedDice(rolls))
    qtbot.addWidget(wizard)
    wizard.show()
    qtbot.waitExposed(wizard)
    return wizard


def click(qtbot, widget: object) -> None:
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)


def go_to(qtbot, wizard: PostBattleWizard, step_id: str) -> None:
    while current_page(wizard, StepPage).step_id != step_id:
        before = wizard.currentId()
        click(qtbot, wizard.button(QWizard.WizardButton.NextButton))
        assert wizard.currentId() == before + 1


def finish_wolves(qtbot, db: Database, rulesets: Rulesets, wolves: Gang):
    wizard = open_wizard(qtbot, db, rulesets, wolves, rolls=[3, 1])
    page = wizard.currentPage()
    assert page.battle.currentData() == 1
    click(qtbot, page.results.button(RESULTS.index("loss")))
    go_to(qtbot, wizard, "wrap_up")
    wrap = wizard.currentPage()
    assert isinstance(wrap, WrapUpPage)
    rook = wrap.row("Rook")
    assert rook.out_of_action.isChecked()
    click(qtbot, rook.injury.button)  # 31: Convalescence
    # Brann sat this battle out: his Old Battle Wound asks no roll.
    assert not wrap.row("Brann").old_wound.isVisibleTo(wrap)
    wrap.rows_changed()
    assert [(e.fighter, e.took_part) for e in wizard.draft.old_wounds] == [("Brann", False)]
    go_to(qtbot, wizard, "receive_rewards")
    rewards = wizard.currentPage()
    assert isinstance(rewards, RewardsPage)
    # XP for taking part, the Wolves' own fighters only.
    assert wizard.draft.xp == {"Rook": 1, "Dex Hollow": 1}
    go_to(qtbot, wizard, "report_results")
    report = wizard.currentPage()
    assert isinstance(report, ReportPage)
    assert "executioner ammo (Limited) removed for good" in report.report_text()
    with qtbot.waitSignal(wizard.sig_finished) as finished:
        click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    assert "no battle" not in report.status.text()
    return finished.args[0]


def finish_riders(qtbot, db: Database, rulesets: Rulesets, riders: Gang):
    wizard = open_wizard(qtbot, db, rulesets, riders, rolls=[])
    page = wizard.currentPage()
    assert page.battle.currentData() == 1
    click(qtbot, page.results.button(RESULTS.index("win")))
    go_to(qtbot, wizard, "receive_rewards")
    # +1 for taking part, +2 for the Wolves' Rook that Mags put Out of Action.
    assert wizard.draft.xp == {"Mags Varga": 3, "Rook": 1}
    go_to(qtbot, wizard, "report_results")
    with qtbot.waitSignal(wizard.sig_finished) as finished:
        click(qtbot, wizard.button(QWizard.WizardButton.FinishButton))
    return finished.args[0]


@pytest.mark.parametrize("wolves_first", [True, False])
def test_both_gangs_finish_from_the_shared_battle_then_undo_in_either_order(
    qtbot, db: Database, db_path: Path, rulesets: Rulesets, sides: dict[str, Gang],
    wolves_first: bool,
) -> None:  # fmt: skip
    riders, wolves = sides[RIDERS], sides[WOLVES]
    before = all_rows(db_path)
    if wolves_first:
        done_wolves = finish_wolves(qtbot, db, rulesets, wolves)
        done_riders = finish_riders(qtbot, db, rulesets, riders)
    else:
        done_riders = finish_riders(qtbot, db, rulesets, riders)
        done_wolves = finish_wolves(qtbot, db, rulesets, wolves)
    for gang in (riders, wolves):
        assert battle.ended_battle(db, present(gang.id), rulesets) is None
    # The Wolves' Dex: his XP for taking part, his executioner ammo gone for good.
    dex, was = gangs.load_gang(db, WOLVES).fighter("Dex Hollow"), wolves.fighter("Dex Hollow")
    assert dex is not None and was is not None and dex.xp == was.xp + 1
    shotgun = dex.weapon("Shotgun")
    assert shotgun is not None
    assert "executioner ammo" not in [p.name for p in shotgun.profiles]
    # The main window's undo stack: each Finish one step; the first one undone first.
    stack = QUndoStack()
    runner = OperationRunner(db, rulesets)
    first, second = (done_wolves, done_riders) if wolves_first else (done_riders, done_wolves)
    runner.push(post_battle.finish_outcome(second), stack)
    runner.push(post_battle.finish_outcome(first), stack)
    refused: list[str] = []
    runner.sig_refused.connect(refused.append)
    stack.undo()  # the first Finish (pushed last), though the other came after it
    assert refused == []
    waiting = battle.ended_battle(db, first.gang.id, rulesets)
    assert waiting is not None and waiting.battle_id == 1
    stack.undo()
    assert refused == []
    after = all_rows(db_path)
    for rows in (before, after):
        rows.pop("post_battle_drafts", None)
    assert after == before
