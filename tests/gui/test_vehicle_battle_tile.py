"""A vehicle's battle tile and the attack dialog against a vehicle (issue 25): Hull Points
lost as boxes, the pack's statuses, and the arc the attack hits.

The pictures go to docs/screenshots/ (battle-vehicle-*.png) with GANGMANAGER_SCREENSHOTS=1."""

from __future__ import annotations

import pytest

from gangmanager.gui.battle.attack_dialog import AttackDialog
from gangmanager.gui.battle.fighter_tile import FighterTile
from gangmanager.rules.battle import Opponent, apply_event, new_state
from gangmanager.rules.battle_events import VehicleStatusEvent, parse_event
from gangmanager.rules.battle_state import BattleState
from gangmanager.rules.dice import FixedDice
from gangmanager.rules.ruleset import Ruleset

from ..vehicle_pack import gangs, vehicle_pack
from .screenshot_dir import screenshot_dir


@pytest.fixture(scope="module")
def ruleset(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    return vehicle_pack(tmp_path_factory.mktemp("wastes"))


def _battle(ruleset: Ruleset) -> BattleState:
    wasters, raiders = gangs(ruleset)
    return new_state(ruleset, wasters, [], against=Opponent(raiders))


def test_the_tile_shows_hull_points_and_statuses(qtbot, ruleset: Ruleset) -> None:
    state = _battle(ruleset)
    (hauler,) = state.find("Old Rust")
    tile = FighterTile(hauler, "Ammo test", event_name="Wasters/Old Rust")
    qtbot.addWidget(tile)
    assert tile.wound_boxes.filled == 0 and tile.wound_boxes.total == 3
    assert tile.vehicle_label.text() == "Statuses: none"
    assert tile.flesh_wound_button.isHidden()
    # The Engine's Catastrophic hit: two Hull Points lost; then a Glancing one stalls it.
    for damage, location in (([6], [6]), ([2], [6])):
        raw = {"event": "attack", "fighter": "Krag", "target": "Old Rust", "weapon": "Lascannon",
               "range": "short", "arc": "rear", "firepower": [2], "hit": 5, "wound": [2],
               "damage": [1], "vehicle_damage": damage, "location": location}  # fmt: skip
        apply_event(ruleset, state, parse_event(raw))
    tile.update_from(state.find("Old Rust")[0])
    assert tile.wound_boxes.filled == 2
    assert tile.vehicle_label.text() == "Statuses: Stalled · Stationary"
    tile.resize(tile.sizeHint())
    tile.grab().save(str(screenshot_dir() / "battle-vehicle-tile.png"))


def test_the_markers_menu_sets_the_packs_vehicle_statuses(qtbot, ruleset: Ruleset) -> None:
    state = _battle(ruleset)
    (hauler,) = state.find("Old Rust")
    rules = ruleset.vehicle_rules
    assert rules is not None
    tile = FighterTile(hauler, "Ammo test", vehicle_statuses=rules.statuses)
    qtbot.addWidget(tile)
    assert list(tile.vehicle_actions) == rules.statuses
    with qtbot.waitSignal(tile.sig_event_requested) as asked:
        tile.vehicle_actions["Stationary"].trigger()
    event = asked.args[0]
    assert isinstance(event, VehicleStatusEvent)
    assert (event.fighter, event.status, event.on) == ("Old Rust", "Stationary", True)
    apply_event(ruleset, state, event)
    tile.update_from(state.find("Old Rust")[0])
    assert tile.vehicle_actions["Stationary"].isChecked()
    assert tile.vehicle_label.text() == "Statuses: Stationary"
    # A fighter's tile offers none.
    krag = FighterTile(state.find("Krag")[0], "Ammo test", vehicle_statuses=rules.statuses)
    qtbot.addWidget(krag)
    assert krag.vehicle_actions == {} and krag.vehicle_label.text() == ""


def test_the_attack_dialog_asks_for_the_arc_of_a_vehicle(qtbot, ruleset: Ruleset) -> None:
    state = _battle(ruleset)
    (krag,) = state.find("Krag")
    dialog = AttackDialog(ruleset, state, krag, FixedDice([]))
    qtbot.addWidget(dialog)
    dialog.target_combo.setCurrentIndex(dialog.target_combo.findData("Wasters/Old Rust"))
    dialog.profile_combo.setCurrentIndex(dialog.profile_combo.findText("Lascannon"))
    dialog.arc_combo.setCurrentIndex(dialog.arc_combo.findData("rear"))
    assert not dialog.arc_combo.isHidden()
    assert dialog.base_event()["arc"] == "rear"
    text = dialog.numbers_label.text()
    assert "wound 2+ (S10 vs Rear 4)" in text and "save: none (Sv 4+, AP -3)" in text
    dialog.arc_combo.setCurrentIndex(dialog.arc_combo.findData("front"))
    assert "wound 3+ (S10 vs Front 6)" in dialog.numbers_label.text()
    # The Damage and Location dice as rolled at the table.
    assert not dialog.list_edits["location"].isHidden()
    dialog.list_edits["firepower"].setText("1")
    dialog.hit_spin.setValue(4)
    dialog.list_edits["wound"].setText("5")
    dialog.list_edits["damage"].setText("1")
    dialog.list_edits["vehicle_damage"].setText("6")
    dialog.list_edits["location"].setText("6")
    typed = dialog.chosen_attack()
    assert (typed.arc, typed.vehicle_damage, typed.location) == ("front", [6], [6])
    dialog.show()
    dialog.grab().save(str(screenshot_dir() / "battle-vehicle-attack.png"))
    # A fighter target: no arc asked for, none sent.
    (hauler,) = state.find("Old Rust")
    at_krag = AttackDialog(ruleset, state, hauler, FixedDice([]))
    qtbot.addWidget(at_krag)
    at_krag.target_combo.setCurrentIndex(at_krag.target_combo.findData("Raiders/Krag"))
    assert "arc" not in at_krag.base_event()
    assert at_krag.arc_combo.isHidden() and at_krag.list_edits["location"].isHidden()
    assert "location" not in at_krag.chosen_event()
