"""The Attack... dialog and a two-gang battle window, driven like a player would."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from gangmanager.gui.battle.attack_dialog import AttackDialog
from gangmanager.gui.battle.battle_window import BattleWindow
from gangmanager.gui.battle.choice_dialogs import BlazeHitDialog
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.battle import Opponent, new_state
from gangmanager.rules.battle_events import AttackEvent, BattleStatus
from gangmanager.rules.battle_state import PromptKind
from gangmanager.rules.dice import FixedDice
from gangmanager.rules.weapons import Weapon
from gangmanager.services import battle, gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present
from .widget_reading import applied_event

WOLVES = "The Ash Wolves"


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


def two_gangs(db: Database, rulesets: Rulesets) -> tuple[int, int]:
    riders = demo_gang(rulesets.get("n23"))
    wolves = riders.model_copy(update={"name": WOLVES})
    first = gangs.add_gang(db, rulesets, riders).gang.id
    second = gangs.add_gang(db, rulesets, wolves).gang.id
    assert first is not None and second is not None
    return first, second


def dialog_for(qtbot, rulesets: Rulesets, dice: list[int]) -> AttackDialog:
    rules = rulesets.get("n23")
    riders = demo_gang(rules)
    state = new_state(
        rules, riders, [], against=Opponent(riders.model_copy(update={"name": WOLVES}))
    )
    (mags,) = state.find("The Rust Riders/Mags Varga")
    dialog = AttackDialog(rules, state, mags, FixedDice(dice))
    qtbot.addWidget(dialog)
    return dialog


def test_the_dialog_shows_each_target_number_before_rolling(qtbot, rulesets: Rulesets) -> None:
    dialog = dialog_for(qtbot, rulesets, [])
    labels = [dialog.profile_combo.itemText(i) for i in range(dialog.profile_combo.count())]
    assert labels == ["Boltgun", "Chainsword", "Unarmed"]
    targets = [dialog.target_combo.itemText(i) for i in range(dialog.target_combo.count())]
    assert "The Rust Riders/Mags Varga" not in targets and f"{WOLVES}/Rook" in targets
    dialog.target_combo.setCurrentIndex(dialog.target_combo.findData(f"{WOLVES}/Mags Varga"))
    text = dialog.numbers_label.text()
    assert "hit 2+ (BS 3+, short +1)" in text
    assert "wound 3+ (S4 vs T3)" in text
    assert "save 6+ (Flak armour 6+, AP -1)" not in text  # AP -1 makes Flak's 6+ impossible
    assert "save: none (Flak armour 6+, AP -1)" in text
    # The numbers follow the choices.
    dialog.range_combo.setCurrentIndex(dialog.range_combo.findData("long"))
    dialog.modifier_spin.setValue(-1)
    assert "hit 4+ (BS 3+, modifier -1)" in dialog.numbers_label.text()


def test_roll_fills_in_what_is_left_and_apply_writes_the_event(qtbot, rulesets: Rulesets) -> None:
    # Firepower 2, (hit typed in), wound 3, two Injury dice 1 and 5.
    dialog = dialog_for(qtbot, rulesets, [2, 3, 1, 5])
    dialog.target_combo.setCurrentIndex(dialog.target_combo.findData(f"{WOLVES}/Rook"))
    dialog.hit_spin.setValue(4)
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    preview = dialog.preview_label.text()
    assert "hit 2+ (BS 3+, short +1): rolled 4, hit." in preview
    assert "Rook: 0 wounds, Injury dice: out of action, flesh wound." in preview
    assert dialog.list_edits["wound"].text() == "3"
    assert dialog.list_edits["injury"].text() == "1, 5"
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert applied_event(dialog) == {
        "event": "attack", "fighter": "The Rust Riders/Mags Varga", "weapon": "Boltgun",
        "profile": "", "target": f"{WOLVES}/Rook", "range": "short", "modifier": 0,
        "hit": 4, "firepower": [2], "wound": [3], "injury": [1, 5],
    }  # fmt: skip


def test_a_bad_die_is_refused_in_the_dialog(qtbot, rulesets: Rulesets) -> None:
    dialog = dialog_for(qtbot, rulesets, [])
    dialog.list_edits["wound"].setText("seven")
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert applied_event(dialog) is None and "not a die result" in dialog.preview_label.text()
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    assert dialog.preview_label.text().startswith("Refused:")


def test_a_two_gang_battle_in_the_window(
    qtbot, db: Database, rulesets: Rulesets, monkeypatch
) -> None:
    riders_id, wolves_id = two_gangs(db, rulesets)
    window = BattleWindow(db, rulesets, riders_id, dice=FixedDice([2, 4, 3, 1, 1]))
    qtbot.addWidget(window)
    page = window.start_page
    page.opponent_combo.setCurrentIndex(page.opponent_combo.findText(WOLVES))
    assert page.opponent_crew_list.count() == 6
    qtbot.mouseClick(page.start_button, Qt.MouseButton.LeftButton)
    assert window.record is not None and window.record.against_name == WOLVES
    assert [b.title() for b in window.side_boxes] == ["The Rust Riders", WOLVES]
    assert f"{WOLVES}/Rook" in window.tiles and "The Rust Riders/Rook" in window.tiles

    asked: list[str] = []

    def answer(cls, parent, ruleset, state, attacker, dice, submit=None):
        asked.append(attacker.qualified_name)
        event = {
            "event": "attack", "fighter": attacker.qualified_name, "weapon": "Boltgun",
            "target": f"{WOLVES}/Rook", "range": "short",
        }  # fmt: skip
        assert submit is not None and submit(event) is None
        return event

    monkeypatch.setattr(AttackDialog, "ask", classmethod(answer))
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    tile = window.tiles["The Rust Riders/Mags Varga"]
    tile.status_combo.setFocus()
    qtbot.waitUntil(tile.status_combo.hasFocus)
    qtbot.keyClick(tile.status_combo, Qt.Key.Key_A)
    assert asked == ["The Rust Riders/Mags Varga"]
    record = battle.show_battle(db, rulesets, wolves_id)
    (rook,) = record.state.find(f"{WOLVES}/Rook")
    assert rook.status is BattleStatus.OUT_OF_ACTION
    assert window.tiles[f"{WOLVES}/Rook"].status_label.text() == "Out of Action"


def test_a_narrow_window_shows_the_two_sides_as_tabs(
    qtbot, db: Database, rulesets: Rulesets
) -> None:
    riders_id, wolves_id = two_gangs(db, rulesets)
    battle.start_battle(db, rulesets, riders_id, against=wolves_id)
    window = BattleWindow(db, rulesets, riders_id)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.resize(1280, 800)
    assert window.side_tabs is None
    assert all(window.tile_grid.indexOf(box) >= 0 for box in window.side_boxes)
    window.resize(800, 700)
    qtbot.waitUntil(lambda: window.side_tabs is not None)
    tabs = window.side_tabs
    assert tabs is not None
    assert [tabs.tabText(i) for i in range(2)] == ["The Rust Riders", WOLVES]
    assert [box.isVisible() for box in window.side_boxes] == [True, False]
    tabs.setCurrentIndex(1)
    assert [box.isVisible() for box in window.side_boxes] == [False, True]
    window.resize(1280, 800)
    qtbot.waitUntil(lambda: window.side_tabs is None)
    assert window.tile_grid.indexOf(window.side_boxes[1]) >= 0


def test_the_odds_show_before_rolling_and_follow_the_choices(qtbot, rulesets: Rulesets) -> None:
    from gangmanager.gui.battle.odds_panel import odds_text
    from gangmanager.rules.attack_odds import attack_odds
    from gangmanager.rules.battle_events import parse_event

    dialog = dialog_for(qtbot, rulesets, [])
    dialog.target_combo.setCurrentIndex(dialog.target_combo.findData(f"{WOLVES}/Rook"))
    qtbot.waitUntil(lambda: dialog.odds_panel.settled, timeout=30_000)
    shown = dialog.odds_panel.odds_label.text()
    event = parse_event(dialog.base_event())
    assert isinstance(event, AttackEvent)
    expected = attack_odds(dialog._ruleset, dialog._state, event)
    assert shown == odds_text(expected) and shown.startswith("Hit ")
    assert "Out of Action" in shown and "Exact" in shown
    # A harder shot: the odds follow the modifier.
    dialog.modifier_spin.setValue(-2)
    qtbot.waitUntil(lambda: dialog.odds_panel.settled, timeout=30_000)
    assert dialog.odds_panel.odds is not None and dialog.odds_panel.odds.hit < expected.hit
    # A choice the rules refuse: the reason instead of odds.
    dialog.range_combo.setCurrentIndex(dialog.range_combo.findData("engaged"))
    qtbot.waitUntil(lambda: dialog.odds_panel.settled, timeout=30_000)
    assert dialog.odds_panel.odds_label.text().startswith("No odds: ")
    assert "close combat" in dialog.odds_panel.odds_label.text()


def test_more_targets_share_the_rapid_fire_hits(qtbot, rulesets: Rulesets) -> None:
    # Firepower 6 (3 hits), the hit roll typed in, three wound rolls of 1.
    dialog = dialog_for(qtbot, rulesets, [6, 1, 1, 1])
    dialog.target_combo.setCurrentIndex(dialog.target_combo.findData(f"{WOLVES}/Rook"))
    box = dialog.targets_box
    assert not box.isHidden() and box._knockback_row.isHidden()  # Boltgun: Rapid Fire (1)
    offered = [present(box.table.item(row, 0)).text() for row in range(box.table.rowCount())]
    assert f"{WOLVES}/Rook" not in offered and "The Rust Riders/Mags Varga" not in offered
    # The opposing gang's fighters come before the attacker's own.
    gangs = [label.split("/")[0] for label in offered]
    assert gangs == sorted(gangs, key=lambda gang: gang != WOLVES) and gangs[0] == WOLVES
    row = offered.index(f"{WOLVES}/Dex Hollow")
    qtbot.waitUntil(lambda: dialog.odds_panel.settled, timeout=30_000)
    alone = dialog.odds_panel.odds
    present(box.table.item(row, 0)).setCheckState(Qt.CheckState.Checked)
    box._spins[row].setValue(2)
    assert dialog.base_event()["targets"] == [{"fighter": f"{WOLVES}/Dex Hollow", "hits": 2}]
    qtbot.waitUntil(lambda: dialog.odds_panel.settled, timeout=30_000)
    assert alone is not None and dialog.odds_panel.odds is not None
    assert dialog.odds_panel.odds.wound < alone.wound  # fewer hits left on Rook
    dialog.hit_spin.setValue(5)
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    preview = dialog.preview_label.text()
    assert f"Rapid Fire: 3 hits, 1 on {WOLVES}/Rook, 2 on {WOLVES}/Dex Hollow." in preview
    assert f"{WOLVES}/Dex Hollow: 2 hits." in preview
    # A change of the first target keeps the fighters checked.
    dialog.target_combo.setCurrentIndex(dialog.target_combo.findData(f"{WOLVES}/Brann"))
    assert box.chosen() == [(f"{WOLVES}/Dex Hollow", 2)]
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    event = applied_event(dialog)
    assert event is not None
    assert event["targets"] == [{"fighter": f"{WOLVES}/Dex Hollow", "hits": 2}]
    # A melee weapon hits one fighter: no box.
    dialog = dialog_for(qtbot, rulesets, [])
    dialog.profile_combo.setCurrentIndex(dialog.profile_combo.findText("Chainsword"))
    assert dialog.targets_box.isHidden() and "targets" not in dialog.base_event()


def test_knockback_into_an_obstruction_is_asked_where_the_pack_has_it(
    qtbot, rulesets: Rulesets
) -> None:
    from gangmanager.gui.battle.targets_box import TargetsBox
    from gangmanager.rules.battle_state import ProfileTrack
    from gangmanager.rules.ruleset import Mechanic
    from gangmanager.rules.weapons import WeaponProfile

    dialog = dialog_for(qtbot, rulesets, [])
    box = TargetsBox()
    qtbot.addWidget(box)
    profile = WeaponProfile(rng_s='6"', rng_l='12"', str="4", ap="-", d="1", am="5+")
    pushes = ProfileTrack("Shock maul", profile, frozenset({Mechanic.KNOCKBACK_DISTANCE}), None)
    box.offer(dialog._state, dialog._attacker, f"{WOLVES}/Rook", pushes, True)
    assert not box._knockback_row.isHidden() and box.table.isHidden()
    assert box.event_keys() == {}
    box.obstructed_check.setChecked(True)
    assert box.event_keys() == {"obstructed": True}
    box.distance_spin.setValue(2)
    assert box.event_keys() == {"obstructed": True, "knockback_distance": 2}


def test_a_walk_in_slices_stops_when_the_dialog_closes(
    qtbot, rulesets: Rulesets, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gangmanager.gui.battle import odds_panel

    monkeypatch.setattr(odds_panel, "SLICE_SECONDS", 0.0)  # one path per slice
    dialog = dialog_for(qtbot, rulesets, [])
    dialog.show()
    dialog.target_combo.setCurrentIndex(dialog.target_combo.findData(f"{WOLVES}/Rook"))
    assert not dialog.odds_panel.settled
    assert dialog.odds_panel.odds_label.text().startswith("Working out the odds...")
    dialog.reject()
    assert dialog.odds_panel.settled and dialog.odds_panel.odds is None


def test_a_melee_weapon_attacks_engaged_with_all_the_fighters_attack_dice(
    qtbot, rulesets: Rulesets
) -> None:
    # Two hit rolls (5 and 1), then the wound roll 2 of the one hit.
    dialog = dialog_for(qtbot, rulesets, [5, 1, 2])
    dialog.target_combo.setCurrentIndex(dialog.target_combo.findData(f"{WOLVES}/Rook"))
    assert dialog.range_combo.currentData() == "short" and not dialog.attacks_spin.isEnabled()
    dialog.profile_combo.setCurrentIndex(dialog.profile_combo.findText("Chainsword"))
    assert dialog.range_combo.currentData() == "engaged"
    assert dialog.attacks_spin.isEnabled() and dialog.attacks_spin.value() == 2  # Mags: A 2
    assert not dialog.hit_spin.isEnabled()
    assert "hit 2+ (WS 3+, melee +1)" in dialog.numbers_label.text()
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    preview = dialog.preview_label.text()
    assert "attack die 1 of 2: hit 2+ (WS 3+, melee +1): rolled 5, hit." in preview
    assert "attack die 2 of 2: hit 2+ (WS 3+, melee +1): rolled 1, natural 1, miss." in preview
    assert dialog.attack_hits_edit.text() == "5, 1"
    dialog.modifier_spin.setValue(0)  # another choice keeps the attack dice typed
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    event = applied_event(dialog)
    assert event is not None
    assert event["attacks"] == 2 and event["hit"] == [5, 1]
    assert event["range"] == "engaged"


def test_the_charge_box_adds_the_charge_die_and_each_weapon_rolls_its_own(
    qtbot, rulesets: Rulesets
) -> None:
    rules = rulesets.get("n23")
    riders = demo_gang(rules)
    sword = rules.weapon_entry("Power sword")
    assert sword is not None
    fighters = [
        f.model_copy(
            update={"weapons": [*f.weapons, Weapon(name=sword.name, profiles=sword.profiles)]}
        )
        if f.name == "Mags Varga"
        else f
        for f in riders.fighters
    ]
    riders = riders.model_copy(update={"fighters": fighters})
    state = new_state(
        rules, riders, [], against=Opponent(riders.model_copy(update={"name": WOLVES}))
    )
    (mags,) = state.find("The Rust Riders/Mags Varga")
    dialog = AttackDialog(rules, state, mags, FixedDice([1] * 10))
    qtbot.addWidget(dialog)
    dialog.target_combo.setCurrentIndex(dialog.target_combo.findData(f"{WOLVES}/Rook"))
    assert not dialog.charge_check.isEnabled()  # the Boltgun shoots: no charge
    dialog.profile_combo.setCurrentIndex(dialog.profile_combo.findText("Chainsword"))
    assert dialog.charge_check.isEnabled()
    # Mags: A 2, and the power sword's die.
    assert dialog.attacks_spin.value() == 3
    dialog.charge_check.setChecked(True)
    assert dialog.attacks_spin.value() == 4
    assert "charge +1" in dialog.attacks_spin.toolTip()
    # The odds count the charge die too.
    assert dialog.base_event()["charge"] is True
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    preview = dialog.preview_label.text()
    assert "attack die 4 of 4 (Power sword): hit 3+ (WS 3+): rolled 1, natural 1, miss." in preview
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    event = applied_event(dialog)
    assert event is not None and event["charge"] is True and event["attacks"] == 4
    assert event["weapons"] == [
        {"weapon": "Chainsword", "profile": "", "dice": 3},
        {"weapon": "Power sword", "profile": "", "dice": 1},
    ]


def test_the_window_resolves_the_prompt_of_the_rook_it_waits_for(
    qtbot, db: Database, rulesets: Rulesets, monkeypatch
) -> None:
    riders_id, wolves_id = two_gangs(db, rulesets)
    window = BattleWindow(db, rulesets, riders_id, dice=FixedDice([]))
    qtbot.addWidget(window)
    page = window.start_page
    page.opponent_combo.setCurrentIndex(page.opponent_combo.findText(WOLVES))
    qtbot.mouseClick(page.start_button, Qt.MouseButton.LeftButton)
    # Both Rooks burn and activate: each has a Blaze hit waiting.
    for rook in ("The Rust Riders/Rook", f"{WOLVES}/Rook"):
        assert window.apply([{"event": "marker", "fighter": rook, "marker": "blaze"}])
        assert window.apply([{"event": "activate", "fighter": rook}])
    model = window.prompt_model
    rows = [(p.kind, p.gang) for p in map(model.prompt, range(model.rowCount()))]
    hits = [gang for kind, gang in rows if kind is PromptKind.BLAZE_HIT]
    assert hits == ["The Rust Riders", WOLVES]
    monkeypatch.setattr(BlazeHitDialog, "ask", classmethod(lambda cls, parent, text: False))
    window._resolve(model.index(rows.index((PromptKind.BLAZE_HIT, WOLVES)), 0))
    record = battle.show_battle(db, rulesets, wolves_id)
    left = [p.gang for p in record.state.prompts if p.kind is PromptKind.BLAZE_HIT]
    assert left == ["The Rust Riders"]
