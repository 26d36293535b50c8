"""The window's undo of a roster edit survives a battle event on the same gang, and the
one runner repaints every open window from one outcome."""

from __future__ import annotations

import pytest

from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack

from gangmanager.gui.campaign.campaign_window import CampaignWindow
from gangmanager.gui.common.runner import OperationRunner
from gangmanager.gui.main_window import MainWindow
from gangmanager.persistence.database import Database
from gangmanager.services import battle, gangs, roster
from gangmanager.services import campaign as campaign_service
from gangmanager.services.campaign_steps import Stepped
from gangmanager.services.demo import demo_gang
from gangmanager.services.operations import Outcome
from gangmanager.services.rulesets import Rulesets

from ..demo_battle import LIMITED
from .roster_helpers import recorder, select_fighter, stored_gang


@pytest.fixture
def window(window_with_limited: MainWindow) -> MainWindow:
    return window_with_limited


def test_ctrl_z_undoes_a_rename_after_a_battle_event_struck_a_profile(
    qtbot, window: MainWindow, rulesets: Rulesets
) -> None:
    db = window.database
    gang = stored_gang(window)
    assert gang.id is not None
    rook = gang.fighter("Rook")
    assert rook is not None and rook.id is not None
    window.run(roster.EditFighter(gang.id, rook.id, {"name": "Rookie"}))
    # The battle window (same database) stores an event that strikes a profile.
    battle.start_battle(db, rulesets, gang.id)
    battle.apply_events(db, rulesets, gang.id, [LIMITED])
    struck = stored_gang(window).fighter("Dex Hollow")
    assert struck is not None

    select_fighter(qtbot, window, "Rookie")
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)

    assert recorder(window).told == []
    assert stored_gang(window).fighter("Rook") is not None
    assert window.fighter is not None and window.fighter.name == "Rook"
    dex = stored_gang(window).fighter("Dex Hollow")
    assert dex is not None and dex.weapons == struck.weapons
    # The step stays in the history, ready to redo.
    assert window.undo_stack.redoText() == "Rename Rook to Rookie"


def taking_part(window: CampaignWindow) -> list[str]:
    """The names of the gangs the campaign window shows."""
    return [g.name for g in window.view.gangs]


def test_one_outcome_repaints_every_window_and_undo_goes_on_the_stack_given(
    qtbot, db: Database, rulesets: Rulesets
) -> None:
    for name in ("Rust Riders", "Iron Brothers"):
        gang = demo_gang(rulesets.get("n23")).model_copy(update={"name": name})
        gangs.add_gang(db, rulesets, gang)
    created = campaign_service.create_campaign(db, rulesets, "Ash Wars").campaign
    assert created.id is not None
    runner = OperationRunner(db, rulesets)
    stack = QUndoStack()
    window = CampaignWindow(db, rulesets, created.id, stack, runner)
    qtbot.addWidget(window)
    heard: list[Outcome] = []
    runner.sig_performed.connect(heard.append)

    action = campaign_service.AddCampaignGang("Ash Wars", "Rust Riders")
    outcome = runner.run(Stepped("Add gang", action, "Ash Wars", ("Rust Riders",)), stack)

    assert outcome is not None and heard == [outcome]
    assert stack.undoText() == "Add gang"
    # The campaign window repainted from the broadcast: the gang stands in its table.
    assert taking_part(window) == ["Rust Riders"]
    stack.undo()
    assert taking_part(window) == [] and len(heard) == 2
    stack.redo()
    assert taking_part(window) == ["Rust Riders"]


def test_a_refusal_is_one_line_and_pushes_nothing(db: Database, rulesets: Rulesets) -> None:
    runner = OperationRunner(db, rulesets)
    stack = QUndoStack()
    lines: list[str] = []
    runner.sig_refused.connect(lines.append)
    assert runner.run(roster.DeleteGang(999), stack) is None
    assert lines == ["no gang with id 999 (it may have been deleted already)"]
    assert stack.count() == 0
