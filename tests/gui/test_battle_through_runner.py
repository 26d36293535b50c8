"""The battle window and the post-battle wizard perform their writes through the main
window's one OperationRunner: the roster window repaints from its broadcast (no signal
relayed from window to window), and a battle step that changes no roster repaints nothing."""

from __future__ import annotations

import pytest

from PySide6.QtWidgets import QWizard

from gangmanager.gui.battle.battle_window import BattleWindow
from gangmanager.gui.battle.choice_dialogs import ConfirmDialog
from gangmanager.gui.main_window import MainWindow
from gangmanager.gui.post_battle.wizard import PostBattleWizard
from gangmanager.persistence.database import Database
from gangmanager.rules.gang import Gang
from gangmanager.services import battle, gangs, post_battle
from gangmanager.services.demo import demo_gang
from gangmanager.services.operations import Outcome
from gangmanager.services.rulesets import Rulesets

from ..demo_battle import LIMITED
from ..statements import statements_sent


@pytest.fixture
def window(window_with_limited: MainWindow) -> MainWindow:
    return window_with_limited


def tracker(qtbot, window: MainWindow) -> BattleWindow:
    gang = window.gang
    assert gang is not None and gang.id is not None
    window.play.track_action.trigger()
    shown = window.play.battle_window(gang.id)
    assert isinstance(shown, BattleWindow)
    qtbot.addWidget(shown)
    return shown


def broadcasts(window: MainWindow) -> list[Outcome]:
    seen: list[Outcome] = []
    window.runner.sig_performed.connect(seen.append)
    return seen


def test_battle_steps_are_actions_of_the_main_windows_runner(
    qtbot, window: MainWindow, monkeypatch
) -> None:
    shown = tracker(qtbot, window)
    assert shown.runner is window.runner
    seen = broadcasts(window)
    depth = window.undo_stack.count()
    shown.start_page.sig_start_requested.emit("Sneak Attack", [])
    assert shown.record is not None and shown.record.scenario == "Sneak Attack"
    assert shown.apply([{"event": "new_round"}])
    shown.undo_action.trigger()
    monkeypatch.setattr(ConfirmDialog, "ask", classmethod(lambda *args: True))
    with qtbot.waitSignal(shown.sig_battle_ended):
        shown.end_action.trigger()
    # Then the wizard opens on the ended battle (its draft saved through the runner too).
    assert isinstance(window.play.wizard, PostBattleWizard)
    assert [type(o.result).__name__ for o in seen[:4]] == ["BattleResult"] * 4
    assert [o.label for o in seen[4:]] == ["Save draft"]
    assert "battle started (Sneak Attack)" in seen[0].label
    assert seen[2].label == "Undone: new round."
    assert "ended after round 1" in seen[3].label
    # Battle steps are undone from the battle's own log: the roster's stack is untouched.
    assert window.undo_stack.count() == depth
    assert all(o.inverse is None for o in seen)
    window.play.close_all()


def test_a_struck_profile_repaints_the_roster_from_the_broadcast(
    qtbot, window: MainWindow, db: Database, rulesets: Rulesets
) -> None:
    gang = window.gang
    assert gang is not None and gang.id is not None
    battle.start_battle(db, rulesets, gang.id)
    shown = tracker(qtbot, window)
    assert shown.apply([LIMITED])
    dex = window.gang.fighter("Dex Hollow") if window.gang else None
    assert dex is not None and dex.weapons[0].profile("executioner ammo") is None
    shown.undo_action.trigger()
    dex = window.gang.fighter("Dex Hollow") if window.gang else None
    assert dex is not None and dex.weapons[0].profile("executioner ammo") is not None
    window.play.close_all()


def test_a_battle_step_changing_no_roster_leaves_the_roster_window_alone(
    qtbot, window: MainWindow, db: Database, rulesets: Rulesets, monkeypatch
) -> None:
    gang = window.gang
    assert gang is not None and gang.id is not None
    battle.start_battle(db, rulesets, gang.id)
    shown = tracker(qtbot, window)
    loads: list[str] = []
    real_load = gangs.load_gang

    def counted_load(db: Database, ref: str) -> Gang:
        loads.append("load")
        return real_load(db, ref)

    monkeypatch.setattr(gangs, "load_gang", counted_load)
    # The battle's gang on screen: a new round reads nothing for the roster window.
    assert shown.apply([{"event": "new_round"}])
    assert loads == []
    # Another gang on screen: the roster window stays on it.
    other = gangs.add_gang(
        db, rulesets, demo_gang(rulesets.get("n23")).model_copy(update={"name": "Other Lot"})
    ).gang
    window.refresh_gangs(select=other.id)
    assert shown.apply([{"event": "new_round"}])
    assert window.gang is not None and window.gang.id == other.id
    # A refused event is said in one line in the battle window and broadcasts nothing.
    seen = broadcasts(window)
    assert not shown.apply([{"fighter": "Rook", "event": "extinguish", "by": "Rook", "roll": 6}])
    said = shown.message_label.text()
    assert said.startswith("Refused: ") and "\n" not in said
    assert seen == []
    window.play.close_all()


def test_finish_is_one_runner_action_on_the_windows_stack(qtbot, window: MainWindow) -> None:
    gang = window.gang
    assert gang is not None and gang.id is not None
    seen = broadcasts(window)
    depth = window.undo_stack.count()
    window.play.post_battle_action.trigger()
    wizard = window.play.wizard
    assert isinstance(wizard, PostBattleWizard) and wizard.runner is window.runner
    qtbot.addWidget(wizard)
    wizard.update_draft(result="win", credits=40)
    while not wizard.button(QWizard.WizardButton.FinishButton).isVisible():
        wizard.next()
    wizard.button(QWizard.WizardButton.FinishButton).click()
    finished = [o for o in seen if isinstance(o.result, post_battle.FinishResult)]
    assert len(finished) == 1 and finished[0].inverse is not None
    # Draft saves went through the runner too, with no undo step of their own.
    assert any(o.label == "Save draft" for o in seen)
    assert window.undo_stack.count() == depth + 1
    assert window.gang is not None and window.gang.credits == gang.credits + 40
    window.undo_stack.undo()
    assert window.gang is not None and window.gang.credits == gang.credits


def test_an_event_from_the_window_costs_what_the_service_alone_costs(
    qtbot, window: MainWindow, db: Database, rulesets: Rulesets
) -> None:
    gang = window.gang
    assert gang is not None and gang.id is not None
    battle.start_battle(db, rulesets, gang.id)
    shown = tracker(qtbot, window)
    assert shown.apply([{"event": "new_round"}])  # the battle's fold is kept from here on
    with statements_sent(db.engine) as through_windows:
        assert shown.apply([{"event": "new_round"}])
    with statements_sent(db.engine) as alone:
        battle.apply_events(db, rulesets, gang.id, [{"event": "new_round"}])
    # No open window reads anything for an event that changes no roster.
    assert len(through_windows) == len(alone) > 0
    window.play.close_all()
