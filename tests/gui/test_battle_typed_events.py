"""Battle events cross from the tiles and the attack dialog to the service typed: the
window dispatches on the event's type, and the dialog's preview is the service's result."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from PySide6.QtCore import Qt

from gangmanager.gui.battle.attack_dialog import AttackDialog
from gangmanager.gui.battle.battle_window import BattleWindow
from gangmanager.gui.battle.requests import AttackRequest
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.battle_events import (
    AttackEvent,
    BattleStatus,
    MarkerEvent,
    StatusEvent,
    WoundEvent,
)
from gangmanager.rules.dice import FixedDice
from gangmanager.services import battle, gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


def battle_window(qtbot, db: Database, rulesets: Rulesets, dice: list[int]) -> BattleWindow:
    gang_id = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang.id
    assert gang_id is not None
    battle.start_battle(db, rulesets, gang_id)
    window = BattleWindow(db, rulesets, gang_id, dice=FixedDice(dice))
    qtbot.addWidget(window)
    return window


def test_a_tile_asks_for_typed_events(qtbot, db: Database, rulesets: Rulesets) -> None:
    window = battle_window(qtbot, db, rulesets, [])
    tile = window.tiles["Rook"]
    asked: list[object] = []
    tile.sig_event_requested.connect(asked.append)
    tile.status_combo.activated.emit(tile.status_combo.findText("Pinned"))
    tile.marker_actions[next(iter(tile.marker_actions))].trigger()
    qtbot.mouseClick(tile.wound_button, Qt.MouseButton.LeftButton)
    assert asked[0] == StatusEvent(fighter="Rook", status=BattleStatus.PINNED)
    assert isinstance(asked[1], MarkerEvent) and asked[1].on
    assert asked[2] == WoundEvent(fighter="Rook")
    # Stored as the command line stores them, with the fighter's id the tracker adds.
    events = battle.show_battle(db, rulesets, "The Rust Riders").view()["events"]
    record = present(window._record)
    rook = present(record.state.fighter("Rook")).fighter.id
    assert events[0] == {
        "event": "status",
        "fighter": "Rook",
        "status": "pinned",
        "fighter_id": rook,
    }
    assert events[2] == {"event": "wound", "fighter": "Rook", "fighter_id": rook}


def test_the_attack_dialog_hands_the_window_the_event_its_preview_played(
    qtbot, db: Database, rulesets: Rulesets, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Firepower 2, hit 4, wound 3, Injury dice 1 and 5: the preview's rolls, then the same.
    window = battle_window(qtbot, db, rulesets, [2, 4, 3, 1, 5])
    submitted: list[object] = []
    shown: list[str] = []

    def drive(dialog: AttackDialog) -> int:
        dialog.target_combo.setCurrentIndex(dialog.target_combo.findData("Rook"))
        qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
        shown.extend(dialog.preview_label.text().splitlines())
        submit = dialog._submit
        assert submit is not None

        def recorded(event: AttackEvent) -> str | None:
            submitted.append(event)
            return submit(event)

        dialog._submit = recorded
        qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
        return int(dialog.result())

    monkeypatch.setattr(AttackDialog, "exec", drive)
    asked: list[object] = []
    window.tiles["Mags Varga"].sig_event_requested.connect(asked.append)
    window.tiles["Mags Varga"].attack_button.click()
    assert asked == [AttackRequest("Mags Varga")]
    (event,) = submitted
    assert isinstance(event, AttackEvent)
    assert (event.firepower, event.hit, event.wound, event.injury) == ([2], 4, [3], [1, 5])
    record = battle.show_battle(db, rulesets, "The Rust Riders")
    # Stored as handed on, with the fighters' ids the tracker adds.
    (stored,) = record.events
    assert stored.model_copy(update={"fighter_id": None, "target_id": None}) == event
    # The service's resolution is the preview's, line for line.
    assert [line.split(": ", 1)[-1] for line in record.state.log[-len(shown) :]] == shown
