"""New round asks for the End phase first: each test in its own dialog ("I rolled" or
"Roll for me"), each stored as its own event with its own undo."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from PySide6.QtWidgets import QDialog

from gangmanager.gui.battle.battle_window import BattleWindow
from gangmanager.gui.battle.end_phase_dialog import EndTestDialog
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.battle_end_phase import EndTest
from gangmanager.rules.battle_events import BattleStatus, Marker, RecoveryTestEvent
from gangmanager.rules.dice import FixedDice
from gangmanager.services import battle, gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present
from .screenshot_dir import screenshot_dir

SCREENSHOTS = screenshot_dir()


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


def window_with_rook_down(qtbot, db: Database, rulesets: Rulesets, dice: list[int]) -> BattleWindow:
    gang_id = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang.id
    assert gang_id is not None
    battle.start_battle(db, rulesets, gang_id)
    window = BattleWindow(db, rulesets, gang_id, dice=FixedDice(dice))
    qtbot.addWidget(window)
    assert window.apply([{"event": "status", "fighter": "Rook", "status": "seriously_injured"}])
    assert window.apply([{"event": "marker", "fighter": "Pip", "marker": "broken"}])
    return window


Driver = Callable[[EndTestDialog], int]


def drive(monkeypatch: pytest.MonkeyPatch, steps: list[Driver]) -> list[EndTest]:
    """Each dialog opened is handed to the next step; returns the tests asked."""
    asked: list[EndTest] = []

    def exec_(dialog: EndTestDialog) -> int:
        asked.append(dialog.test)
        return steps.pop(0)(dialog)

    monkeypatch.setattr(EndTestDialog, "exec", exec_)
    return asked


def typed(*values: int) -> Driver:
    def step(dialog: EndTestDialog) -> int:
        for spin, value in zip(dialog.dice_spins, values, strict=True):
            spin.setValue(value)
        dialog.rolled_button.click()
        return int(dialog.result())

    return step


def cancelled(dialog: EndTestDialog) -> int:
    dialog.reject()
    return int(QDialog.DialogCode.Rejected)


def test_new_round_asks_each_end_phase_test_in_turn(
    qtbot, db: Database, rulesets: Rulesets, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = window_with_rook_down(qtbot, db, rulesets, [6, 5])
    before = len(present(window.record).events)

    def assisted_rolled_for_me(dialog: EndTestDialog) -> int:
        assert dialog.assisted_box is not None
        dialog.assisted_box.setChecked(True)
        assert len(dialog.dice_spins) == 2  # a friend's die besides the fighter's
        dialog.roll_for_me_button.click()
        return int(dialog.result())

    def rally(dialog: EndTestDialog) -> int:
        assert dialog.friends_spin is not None
        dialog.friends_spin.setValue(2)
        assert len(dialog.dice_spins) == 2  # 2D6
        return typed(5, 4)(dialog)

    asked = drive(monkeypatch, [typed(1), assisted_rolled_for_me, rally])
    window.new_round_button.click()
    assert [(t.kind, t.who) for t in asked] == [
        ("bottle_test", "The Rust Riders"), ("recovery_test", "Rook"), ("rally_test", "Pip"),
    ]  # fmt: skip
    record = window.record
    assert record is not None and record.state.round == 2
    kinds = [e.event for e in record.events[before:]]
    assert kinds == ["bottle_test", "recovery_test", "rally_test", "new_round"]
    rook, pip = record.state.find("Rook")[0], record.state.find("Pip")[0]
    # Rolled for me: 6 and 5, both Flesh Wound faces; assisted, so no Flesh Wound taken.
    assert (rook.status, rook.flesh_wounds) == (BattleStatus.PINNED, 0)
    recovery = record.events[before + 1]
    assert isinstance(recovery, RecoveryTestEvent) and recovery.roll == [6, 5]
    # 5 + 4 = 9, +2 for two friends near: 11 against Pip's Cool rallies.
    assert Marker.BROKEN not in pip.markers
    # Each test is its own undo step: the first undo takes the new round back.
    window.undo_button.click()
    assert window.record is not None and window.record.state.round == 1
    window.undo_button.click()
    assert Marker.BROKEN in window.record.state.find("Pip")[0].markers


def test_a_cancelled_test_leaves_the_round_and_new_round_asks_the_rest(
    qtbot, db: Database, rulesets: Rulesets, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = window_with_rook_down(qtbot, db, rulesets, [])
    asked = drive(monkeypatch, [typed(1), cancelled])
    window.new_round_button.click()
    assert window.record is not None and window.record.state.round == 1
    assert window.record.events[-1].event == "bottle_test"
    assert "The End phase waits: 2 tests" in window.message_label.text()
    asked.clear()
    monkeypatch.setattr(EndTestDialog, "exec", _recording(asked, [typed(2), typed(6, 6)]))
    window.new_round_button.click()
    assert [t.kind for t in asked] == ["recovery_test", "rally_test"]
    assert window.record.state.round == 2


def _recording(asked: list[EndTest], steps: list[Driver]) -> Callable[[EndTestDialog], int]:
    def exec_(dialog: EndTestDialog) -> int:
        asked.append(dialog.test)
        return steps.pop(0)(dialog)

    return exec_


def test_the_end_phase_dialog_picture(qtbot, rulesets: Rulesets) -> None:
    rules = rulesets.get("n23")
    test = EndTest(
        "recovery_test", "Rook", "Rook is Seriously Injured: Recovery test, one Injury dice", 1
    )
    dialog = EndTestDialog(test, rules, FixedDice([]))
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.assisted_box is not None and len(dialog.dice_spins) == 1
    assert dialog.grab().save(str(SCREENSHOTS / "battle-end-phase-recovery.png"))
