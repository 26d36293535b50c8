"""The attack dialog and the prompts at a real table: who is offered as a target,
Firepower typed in as the faces on the dice, a refused attack, and a burning fighter
who is Seriously Injured."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from gangmanager.gui.battle.attack_dialog import AttackDialog
from gangmanager.gui.battle.battle_window import BattleWindow
from gangmanager.gui.battle.extinguish_dialog import ExtinguishDialog
from gangmanager.gui.battle.roll_dialog import RollDialog
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.battle import Opponent, new_state
from gangmanager.rules.battle_events import BattleStatus, Marker
from gangmanager.rules.battle_state import PromptKind
from gangmanager.rules.dice import FixedDice
from gangmanager.services import battle, gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from .widget_reading import applied_event

RIDERS = "The Rust Riders"
WOLVES = "The Ash Wolves"


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


def two_gang_state(rulesets: Rulesets):
    rules = rulesets.get("n23")
    riders = demo_gang(rules)
    return rules, new_state(
        rules, riders, [], against=Opponent(riders.model_copy(update={"name": WOLVES}))
    )


def targets(dialog: AttackDialog) -> list[str]:
    return [dialog.target_combo.itemText(i) for i in range(dialog.target_combo.count())]


@pytest.mark.parametrize(("attacker", "own", "other"), [(RIDERS, RIDERS, WOLVES), (WOLVES, WOLVES, RIDERS)])  # fmt: skip
def test_the_target_list_offers_the_opposing_gang_first(
    qtbot, rulesets: Rulesets, attacker: str, own: str, other: str
) -> None:
    rules, state = two_gang_state(rulesets)
    (mags,) = state.find(f"{attacker}/Mags Varga")
    dialog = AttackDialog(rules, state, mags, FixedDice([]))
    qtbot.addWidget(dialog)
    offered = targets(dialog)
    enemies = [t for t in offered if t.startswith(f"{other}/")]
    friends = [t for t in offered if t.startswith(f"{own}/")]
    assert enemies and friends and offered == enemies + friends
    assert dialog.target_combo.currentText() == enemies[0]
    assert dialog.apply_button.isEnabled()


def test_with_every_enemy_down_no_friend_is_chosen_for_you(qtbot, rulesets: Rulesets) -> None:
    rules, state = two_gang_state(rulesets)
    for fighter in state.fighters:
        if fighter.gang == WOLVES:
            fighter.status = BattleStatus.OUT_OF_ACTION
    (mags,) = state.find(f"{RIDERS}/Mags Varga")
    dialog = AttackDialog(rules, state, mags, FixedDice([]))
    qtbot.addWidget(dialog)
    assert targets(dialog) and all(t.startswith(f"{RIDERS}/") for t in targets(dialog))
    assert dialog.target_combo.currentIndex() == -1
    assert dialog.numbers_label.text() == "Choose a target."
    assert not dialog.apply_button.isEnabled()


def dialog_on_rook(qtbot, rulesets: Rulesets, dice: list[int]) -> AttackDialog:
    rules, state = two_gang_state(rulesets)
    (mags,) = state.find(f"{RIDERS}/Mags Varga")
    dialog = AttackDialog(rules, state, mags, FixedDice(dice))
    qtbot.addWidget(dialog)
    dialog.target_combo.setCurrentIndex(dialog.target_combo.findData(f"{WOLVES}/Rook"))
    return dialog


def test_firepower_is_typed_in_as_the_faces_on_the_die(qtbot, rulesets: Rulesets) -> None:
    dialog = dialog_on_rook(qtbot, rulesets, [])
    assert dialog.firepower_mode.currentText().startswith("faces")
    # The Boltgun rolls one Firepower die; it shows 1 hit and the Ammo symbol.
    dialog.list_edits["firepower"].setText("1+ammo")
    dialog.hit_spin.setValue(2)
    dialog.list_edits["ammo"].setText("5")
    event = dialog.chosen_event()
    face = dialog._ruleset.attack.firepower_face(event["firepower"][0])
    assert (face.hits, face.ammo) == (1, True)
    # The same die as a D6 number.
    dialog.firepower_mode.setCurrentIndex(dialog.firepower_mode.findData("d6"))
    dialog.list_edits["firepower"].setText("6")
    assert dialog.chosen_event()["firepower"] == [6]
    # A face the die does not have is refused in the dialog.
    dialog.firepower_mode.setCurrentIndex(dialog.firepower_mode.findData("faces"))
    dialog.list_edits["firepower"].setText("4")
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert applied_event(dialog) is None
    assert "no face of 4 hits" in dialog.preview_label.text()


def test_roll_shows_the_firepower_it_rolled_as_faces(qtbot, rulesets: Rulesets) -> None:
    # Firepower D6 1 (1 hit + Ammo), hit 6, Ammo test 6, wound 1.
    dialog = dialog_on_rook(qtbot, rulesets, [1, 6, 6, 1])
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    assert dialog.list_edits["firepower"].text() == "1+ammo"
    dialog.firepower_mode.setCurrentIndex(dialog.firepower_mode.findData("d6"))
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    assert dialog.preview_label.text().startswith("Refused:")  # "1+ammo" is not a D6


def two_gang_window(qtbot, db: Database, rulesets: Rulesets, dice: list[int]) -> BattleWindow:
    riders = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang.id
    wolves_gang = demo_gang(rulesets.get("n23")).model_copy(update={"name": WOLVES})
    wolves = gangs.add_gang(db, rulesets, wolves_gang).gang.id
    assert riders is not None and wolves is not None
    battle.start_battle(db, rulesets, riders, against=wolves)
    window = BattleWindow(db, rulesets, riders, dice=FixedDice(dice))
    qtbot.addWidget(window)
    return window


def test_a_refused_attack_keeps_the_dialog_open_with_the_dice_typed(
    qtbot, db: Database, rulesets: Rulesets, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = two_gang_window(qtbot, db, rulesets, [6] * 8)
    seen: list[AttackDialog] = []

    def drive(dialog: AttackDialog) -> int:
        seen.append(dialog)
        dialog.target_combo.setCurrentIndex(dialog.target_combo.findData(f"{WOLVES}/Rook"))
        dialog.list_edits["firepower"].setText("1")
        dialog.hit_spin.setValue(6)
        # One hit, two wound dice: the battle refuses the dice left over.
        dialog.list_edits["wound"].setText("5, 5")
        qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
        assert dialog.result() != QDialog.DialogCode.Accepted
        assert dialog.preview_label.text().startswith("Refused:")
        assert dialog.list_edits["wound"].text() == "5, 5"
        assert dialog.hit_spin.value() == 6
        assert battle.show_battle(db, rulesets, RIDERS).state.log[-1:] == before
        # Corrected, the same dialog applies it.
        dialog.list_edits["wound"].setText("5")
        qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
        return int(dialog.result())

    before = battle.show_battle(db, rulesets, RIDERS).state.log[-1:]
    monkeypatch.setattr(AttackDialog, "exec", drive)
    window.tiles[f"{RIDERS}/Mags Varga"].attack_button.click()
    assert len(seen) == 1 and seen[0].result() == QDialog.DialogCode.Accepted
    record = battle.show_battle(db, rulesets, RIDERS)
    (rook,) = record.state.find(f"{WOLVES}/Rook")
    assert rook.wounds < rook.max_wounds or rook.flesh_wounds == 1
    assert len(record.events) == 1


def test_a_burning_seriously_injured_fighter_puts_the_fire_out_from_the_prompt(
    qtbot, db: Database, rulesets: Rulesets, monkeypatch: pytest.MonkeyPatch
) -> None:
    gang_id = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang.id
    assert gang_id is not None
    battle.start_battle(db, rulesets, gang_id)
    window = BattleWindow(db, rulesets, gang_id, dice=FixedDice([]))
    qtbot.addWidget(window)
    for event in (
        {"event": "blaze", "fighter": "Rook", "roll": 4},
        {"event": "status", "fighter": "Rook", "status": "seriously_injured"},
        {"event": "activate", "fighter": "Rook"},
    ):
        assert window.apply([event])
    assert window.record is not None
    state = window.record.state
    assert [p.kind for p in state.prompts] == [PromptKind.BLAZE_HIT, PromptKind.FLAMES_ROLL]
    asked: list[str] = []

    def who(cls, parent, ruleset, state, burning):
        asked.append("who")
        return burning.name, 0

    def roll(cls, *args, **keys):
        asked.append("roll")
        return [4]

    monkeypatch.setattr(ExtinguishDialog, "ask", classmethod(who))
    monkeypatch.setattr(RollDialog, "ask", classmethod(roll))
    window.prompt_view.setCurrentIndex(window.prompt_model.index(1, 0))
    window.resolve_button.click()
    assert asked == ["who", "roll"]
    assert window.record is not None
    state = window.record.state
    (track,) = state.find("Rook")
    assert Marker.BLAZE not in track.markers
    assert [p.kind for p in state.prompts] == [PromptKind.BLAZE_HIT]
    assert "the fire is out" in window.message_label.text()


def test_a_roll_the_fighter_may_not_make_is_refused_before_the_dice(
    qtbot, db: Database, rulesets: Rulesets, monkeypatch: pytest.MonkeyPatch
) -> None:
    # house-a: a Seriously Injured fighter may not take the Extinguish Blaze action.
    rules = rulesets.get("house-a")
    gang_id = gangs.add_gang(db, rulesets, demo_gang(rules)).gang.id
    assert gang_id is not None
    battle.start_battle(db, rulesets, gang_id)
    window = BattleWindow(db, rulesets, gang_id, dice=FixedDice([]))
    qtbot.addWidget(window)
    assert window.apply([{"event": "blaze", "fighter": "Rook", "roll": 1}])
    assert window.apply([{"event": "status", "fighter": "Rook", "status": "seriously_injured"}])
    asked: list[str] = []
    monkeypatch.setattr(ExtinguishDialog, "ask", classmethod(lambda cls, *a: ("Rook", 0)))
    monkeypatch.setattr(RollDialog, "ask", classmethod(lambda cls, *a, **k: asked.append("roll")))
    window.tiles["Rook"].extinguish_button.click()
    assert asked == []
    assert window.message_label.text().startswith("Refused: Extinguish Blaze: Rook must be")
