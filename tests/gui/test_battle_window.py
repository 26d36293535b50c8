"""The battle view driven like a player would: a whole small battle, offscreen."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from gangmanager.gui.battle.battle_window import BattleWindow
from gangmanager.gui.battle.choice_dialogs import BlazeHitDialog, ConfirmDialog
from gangmanager.gui.battle.end_phase_dialog import EndTestDialog
from gangmanager.gui.battle.extinguish_dialog import ExtinguishDialog
from gangmanager.gui.battle.fighter_tile import FighterTile
from gangmanager.gui.battle.hire_dialog import HireDialog
from gangmanager.gui.battle.roll_dialog import RollDialog
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules import ratings
from gangmanager.rules.battle import apply_event, new_state
from gangmanager.rules.battle_events import Marker, parse_event
from gangmanager.rules.battle_hire import HireOffer
from gangmanager.rules.campaign_types import Boon
from gangmanager.rules.dice import FixedDice, RandomDice
from gangmanager.rules.weapons import Weapon
from gangmanager.services import battle, campaign, gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present
from .widget_reading import badges, profile_row


class Answers:
    """Stands in for the dialogs: each `ask` takes the next prepared answer."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.rolls: list[list[int] | None] = []
        self.confirm: list[bool] = []
        self.damaged: list[bool | None] = []
        self.extinguish: list[tuple[str, int] | None] = []
        self.asked: list[str] = []
        # The End phase's tests New round asks for: the roll of each, in order.
        self.end_tests: list[int | list[int]] = []
        monkeypatch.setattr(EndTestDialog, "ask_event", classmethod(self._end_test))
        monkeypatch.setattr(RollDialog, "ask", classmethod(self._roll))
        monkeypatch.setattr(ConfirmDialog, "ask", classmethod(self._confirm))
        monkeypatch.setattr(BlazeHitDialog, "ask", classmethod(self._damaged))
        monkeypatch.setattr(ExtinguishDialog, "ask", classmethod(self._extinguish))

    def _roll(self, cls, parent, title, text, dice, *, per_test=1, max_tests=1):
        self.asked.append(f"roll: {title} ({per_test}x{max_tests})")
        return self.rolls.pop(0)

    def _confirm(self, cls, parent, title, text, accept):
        self.asked.append(f"confirm: {title}: {text}")
        return self.confirm.pop(0)

    def _damaged(self, cls, parent, text):
        self.asked.append(f"blaze hit: {text}")
        return self.damaged.pop(0)

    def _end_test(self, cls, parent, test, ruleset, dice):
        self.asked.append(f"end phase: {test.kind} {test.who}")
        return test.event(self.end_tests.pop(0))

    def _extinguish(self, cls, parent, ruleset, state, burning):
        self.asked.append(f"extinguish: {burning.name}")
        return self.extinguish.pop(0)


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


@pytest.fixture
def gang_id(db: Database, rulesets: Rulesets) -> int:
    # House rules A: the burn comes at the end of the activation, then a Nerve test.
    gang = demo_gang(rulesets.get("house-a")).model_copy(update={"ruleset": "house-a"})
    stored = gangs.add_gang(db, rulesets, gang).gang
    assert stored.id is not None
    return stored.id


@pytest.fixture
def answers(monkeypatch: pytest.MonkeyPatch) -> Answers:
    return Answers(monkeypatch)


def open_window(qtbot, db: Database, rulesets: Rulesets, gang_id: int) -> BattleWindow:
    window = BattleWindow(db, rulesets, gang_id, dice=RandomDice(3))
    qtbot.addWidget(window)
    # Keyboard shortcuts go to the active window.
    with qtbot.waitActive(window):
        window.show()
        window.activateWindow()
    return window


def click(qtbot, button) -> None:
    assert button.isEnabled(), button.text()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def pick(qtbot, combo, key: Qt.Key) -> None:
    """Move a combo box to the next or previous item with the keyboard."""
    combo.setFocus()
    qtbot.keyClick(combo, key)


def tile(window: BattleWindow, name: str) -> FighterTile:
    return window.tiles[name]


def test_a_whole_small_battle(qtbot, db, rulesets, gang_id, answers, qtmodeltester) -> None:
    window = open_window(qtbot, db, rulesets, gang_id)
    assert window.stack.currentWidget() is window.start_page

    # Start: a scenario, and Brann stays at home.
    page = window.start_page
    qtbot.keyClicks(page.scenario_edit, "Border Dispute")
    brann = next(
        page.crew_list.item(r)
        for r in range(page.crew_list.count())
        if page.crew_list.item(r).data(Qt.ItemDataRole.UserRole) == "Brann"
    )
    page.crew_list.setCurrentItem(brann)
    qtbot.keyClick(page.crew_list.viewport(), Qt.Key.Key_Space)
    assert brann.checkState() == Qt.CheckState.Unchecked
    click(qtbot, page.start_button)
    assert window.stack.currentWidget() is window.battle_page
    assert list(window.tiles) == ["Mags Varga", "Dex Hollow", "Rook", "Tess Calder", "Pip"]
    assert "Border Dispute" in window.header_label.text()
    assert "Round 1" in window.header_label.text()

    # An Ammo check failed, then a reload typed in.
    tess = tile(window, "Tess Calder")
    autogun = profile_row(tess, "Autogun")
    answers.rolls += [[2], [5]]
    click(qtbot, autogun.test_button)
    assert autogun.state_label.text() == "Out of ammo"
    assert not autogun.test_button.isEnabled()
    click(qtbot, autogun.reload_button)
    assert autogun.state_label.text() == "Ready"

    # A Limited profile: asked first; "no" applies nothing, "yes" deletes it at once.
    dex = tile(window, "Dex Hollow")
    executioner = profile_row(dex, "Shotgun", "executioner ammo")
    answers.rolls += [[3], [3]]
    answers.confirm += [False, True]
    click(qtbot, executioner.test_button)
    assert executioner.state_label.text() == "Ready"
    assert "Delete a Limited profile?" in answers.asked[-1]
    assert "pending rating drops by 20" in answers.asked[-1]
    # The outcome is broadcast by the window's runner: the roster window repaints from it.
    with qtbot.waitSignal(window.runner.sig_performed) as changed:
        click(qtbot, executioner.test_button)
    assert changed.args[0].changes.gangs_changed == (gang_id,)
    assert changed.args[0].inverse is None  # undone from the battle log, not the roster's stack
    assert executioner.state_label.text() == "Deleted"
    assert executioner.name_label.font().strikeOut()
    stored = gangs.load_gang(db, str(gang_id))
    assert [p.name for p in present(stored.fighter("Dex Hollow")).weapons[0].profiles] == [
        "solid ammo",
        "scatter ammo",
    ]
    assert ratings.pending_gang_rating(stored) == ratings.committed_gang_rating(stored) - 20

    # Status, wounds and markers.
    pip = tile(window, "Pip")
    pick(qtbot, pip.status_combo, Qt.Key.Key_Down)
    assert pip.status_label.text() == "Engaged"
    pick(qtbot, pip.status_combo, Qt.Key.Key_Down)
    assert pip.status_label.text() == "Pinned"
    click(qtbot, pip.flesh_wound_button)
    assert pip.flesh_boxes.filled == 1
    assert pip.profile_values["T"].text() == "2"
    click(qtbot, pip.wound_button)
    assert pip.wound_boxes.filled == 1 and not pip.wound_button.isEnabled()
    assert window.prompt_model.rowCount() == 1  # Injury dice for Pip
    # Set from the Markers menu; a set marker shows as a chip, and a click on it removes it.
    assert not pip.marker_buttons[Marker.HIDDEN].isVisibleTo(pip)
    pip.marker_actions[Marker.HIDDEN].trigger()
    assert badges(pip) == ["Hidden"]
    assert pip.marker_buttons[Marker.HIDDEN].isVisibleTo(pip)
    assert pip.marker_actions[Marker.HIDDEN].isChecked()
    pip.marker_actions[Marker.REVEALED].trigger()
    assert badges(pip) == ["Revealed"]
    click(qtbot, pip.marker_buttons[Marker.REVEALED])
    assert badges(pip) == []
    assert not pip.marker_buttons[Marker.REVEALED].isVisibleTo(pip)
    # From Pinned, one step down the list is Seriously Injured.
    pick(qtbot, pip.status_combo, Qt.Key.Key_Down)
    assert pip.status_label.text() == "Seriously Injured"
    assert window.prompt_model.rowCount() == 0

    # Blaze: Rook catches fire (1-3 in house rules A) and burns at the end of his activation.
    rook = tile(window, "Rook")
    answers.rolls += [[2]]
    click(qtbot, rook.blaze_button)
    assert badges(rook) == ["Blaze"]
    assert not rook.blaze_button.isEnabled() and rook.extinguish_button.isEnabled()
    click(qtbot, rook.end_activation_button)
    assert rook.activation_label.text() == "Activated"
    assert window.prompt_model.rowCount() == 1
    assert "Strength 4, AP -, Damage 1" in window.prompt_model.prompt(0).text

    # Resolve the hit: damaged, so a Nerve test; it fails and Rook is Broken.
    answers.damaged += [True]
    click(qtbot, window.resolve_button)
    kinds = [
        window.prompt_model.prompt(r).kind.value for r in range(window.prompt_model.rowCount())
    ]
    assert kinds == ["injury_dice", "nerve_test"]
    window.prompt_view.setCurrentIndex(window.prompt_model.index(1, 0))
    answers.rolls += [[2, 3]]
    click(qtbot, window.resolve_button)
    assert badges(rook) == ["Blaze", "Broken"]

    # A friend puts the fire out.
    answers.extinguish += [("Mags Varga", 0)]
    answers.rolls += [[5]]
    click(qtbot, rook.extinguish_button)
    assert badges(rook) == ["Broken"]
    qtmodeltester.check(window.prompt_model)
    qtmodeltester.check(window.log_model)

    # The log, in plain words.
    lines = [window.log_model.index(r, 0).data() for r in range(window.log_model.rowCount())]
    assert any(
        "Ammo check for Shotgun (executioner ammo): 3 against 6+: failed" in s for s in lines
    )
    assert lines[-1].startswith("Round 1: Mags Varga: Extinguish Blaze (Simple) on Rook: 5")

    # Undo with Ctrl+Z, twice: the fire is back, then the Broken marker goes.
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert badges(rook) == ["Blaze", "Broken"]
    click(qtbot, window.undo_button)
    assert badges(rook) == ["Blaze"]

    # A new round makes everyone ready again, after the End phase: Pip is down, so a
    # Bottle test (1 + 1 down: holds), then Pip's Recovery test (stays Seriously Injured).
    answers.end_tests += [1, 2]
    click(qtbot, window.new_round_button)
    assert answers.asked[-2:] == [
        "end phase: bottle_test The Rust Riders", "end phase: recovery_test Pip",
    ]  # fmt: skip
    assert "Round 2" in window.header_label.text()
    assert rook.activation_label.text() == "Ready"

    # The battle resumes in a new window exactly where it was.
    events = len(present(window.record).events)
    window.close()
    again = open_window(qtbot, db, rulesets, gang_id)
    assert again.stack.currentWidget() is again.battle_page
    assert len(present(again.record).events) == events
    assert badges(tile(again, "Rook")) == ["Blaze"]
    assert profile_row(
        tile(again, "Dex Hollow"), "Shotgun", "executioner ammo"
    ).state_label.text() == ("Deleted")

    # End the battle: handed to the post-battle sequence.
    answers.confirm += [True]
    with qtbot.waitSignal(again.sig_battle_ended) as ended:
        click(qtbot, again.end_button)
    assert again.stack.currentWidget() is again.start_page
    assert "waits for the post-battle sequence" in again.start_page.note_label.text()
    record = battle.ended_battle(db, gang_id, rulesets)
    assert record is not None and ended.args == [record.battle_id]
    assert record.state.seriously_injured == ["Pip"]
    assert [d.profile.name for d in record.state.deleted_profiles] == ["executioner ammo"]


def test_undo_puts_a_deleted_profile_back(qtbot, db, rulesets, gang_id, answers) -> None:
    battle.start_battle(db, rulesets, gang_id)
    window = open_window(qtbot, db, rulesets, gang_id)
    assert window.stack.currentWidget() is window.battle_page
    assert not window.undo_button.isEnabled()
    row = profile_row(tile(window, "Dex Hollow"), "Shotgun", "executioner ammo")
    answers.rolls += [[1]]
    answers.confirm += [True]
    click(qtbot, row.test_button)
    assert row.state_label.text() == "Deleted"
    with qtbot.waitSignal(window.runner.sig_performed) as undone:
        qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert undone.args[0].changes.gangs_changed == (gang_id,)
    assert row.state_label.text() == "Ready"
    stored = gangs.load_gang(db, str(gang_id))
    assert present(stored.fighter("Dex Hollow")).weapons[0].profile("executioner ammo") is not None
    assert window.message_label.text() == "Undone: ammo test (Dex Hollow)."


def test_cancelled_dialogs_apply_nothing_and_refusals_are_shown(
    qtbot, db, rulesets, gang_id, answers
) -> None:
    battle.start_battle(db, rulesets, gang_id)
    window = open_window(qtbot, db, rulesets, gang_id)
    autogun = profile_row(tile(window, "Tess Calder"), "Autogun")
    answers.rolls += [None]
    click(qtbot, autogun.test_button)
    assert present(window.record).events == ()
    # A refusal from the rules is shown in the status bar, nothing stored.
    window.apply([{"fighter": "Rook", "event": "extinguish", "by": "Rook", "roll": 6}])
    assert window.message_label.text() == "Refused: Rook is not burning (no Blaze marker)"
    assert present(window.record).events == ()


def test_combi_and_rapid_fire_ask_for_the_right_dice(qtbot, db, rulesets, answers) -> None:
    gang = demo_gang(rulesets.get("n23"))
    ruleset = rulesets.get("n23")
    combi = next(w for w in ruleset.weapons if w.name.startswith("Combi-pistol (stub"))
    stubber = next(w for w in ruleset.weapons if w.name == "Heavy stubber")
    rook = present(gang.fighter("Rook")).model_copy(
        update={
            "weapons": [
                Weapon(name=combi.name, profiles=list(combi.profiles)),
                Weapon(name=stubber.name, profiles=list(stubber.profiles)),
            ]
        }
    )
    gang = gang.model_copy(
        update={"fighters": [rook if f.name == "Rook" else f for f in gang.fighters]}
    )
    gang_id = present(gangs.add_gang(db, rulesets, gang).gang.id)
    battle.start_battle(db, rulesets, gang_id, crew=["Rook"])
    window = open_window(qtbot, db, rulesets, gang_id)
    answers.rolls += [[6, 2], [1, 1]]
    click(qtbot, profile_row(tile(window, "Rook"), combi.name, "plasma pistol").test_button)
    click(qtbot, profile_row(tile(window, "Rook"), "Heavy stubber").test_button)
    assert answers.asked[0].endswith("(2x1)") and answers.asked[1].endswith("(1x2)")
    rows = tile(window, "Rook")
    assert profile_row(rows, combi.name, "plasma pistol").state_label.text() == "Out of ammo"
    assert not profile_row(rows, combi.name, "plasma pistol").reload_button.isEnabled()  # Scarce
    assert profile_row(rows, "Heavy stubber").state_label.text() == "Jammed"


# ---------------------------------------------------------------- the dialogs


def test_roll_dialog_typed_in_or_rolled(qtbot) -> None:
    dialog = RollDialog("Ammo test", "Am 4+", FixedDice([4, 6]), per_test=2)
    qtbot.addWidget(dialog)
    dialog.show()
    assert len(dialog.dice_spins) == 2 and not dialog.rolled_button.isEnabled()
    for spin, typed in zip(dialog.dice_spins, "35", strict=True):
        spin.selectAll()
        qtbot.keyClicks(spin, typed)
    assert dialog.rolled_button.isEnabled()
    click(qtbot, dialog.rolled_button)
    assert dialog.result() == QDialog.DialogCode.Accepted and dialog.rolls == [3, 5]

    rolled = RollDialog("Ammo test", "Am 4+", FixedDice([4, 6]), per_test=2)
    qtbot.addWidget(rolled)
    rolled.show()
    click(qtbot, rolled.roll_for_me_button)
    assert rolled.result() == QDialog.DialogCode.Accepted and rolled.rolls == [4, 6]


def test_roll_dialog_rapid_fire_tests(qtbot) -> None:
    dialog = RollDialog("Ammo test", "Rapid Fire (2)", FixedDice([1, 2]), max_tests=2)
    qtbot.addWidget(dialog)
    dialog.show()
    assert len(dialog.dice_spins) == 1
    dialog.tests_spin.setFocus()
    qtbot.keyClick(dialog.tests_spin, Qt.Key.Key_Up)
    assert len(dialog.dice_spins) == 2
    click(qtbot, dialog.roll_for_me_button)
    assert dialog.rolls == [1, 2]


@pytest.mark.parametrize(
    ("ruleset_id", "actors", "helpers_counted"),
    [
        ("n23", ["Rook: Flames die down"], True),
        ("house-a", ["Rook: Extinguish Blaze", "Pip: Extinguish Blaze"], False),
        ("house-b", ["Rook: Stop, Drop and Roll", "Pip: Extinguish Blaze"], True),
    ],
)
def test_extinguish_dialog_offers_the_ruleset_actions(
    qtbot, rulesets, ruleset_id: str, actors: list[str], helpers_counted: bool
) -> None:
    ruleset = rulesets.get(ruleset_id)
    gang = demo_gang(ruleset)
    state = new_state(ruleset, gang, ["Rook", "Pip"])
    apply_event(ruleset, state, parse_event({"fighter": "Rook", "event": "marker",
                                             "marker": "blaze"}))  # fmt: skip
    dialog = ExtinguishDialog(ruleset, state, present(state.fighter("Rook")))
    qtbot.addWidget(dialog)
    texts = [dialog.actor_combo.itemText(i) for i in range(dialog.actor_combo.count())]
    assert texts == actors
    assert dialog.helpers_spin.isEnabled() is helpers_counted
    assert dialog.helpers_spin.maximum() == 1  # Pip is the one other Active fighter


def test_confirm_and_blaze_hit_dialogs(qtbot) -> None:
    confirm = ConfirmDialog("Delete?", "Really?", "Delete profile")
    qtbot.addWidget(confirm)
    confirm.show()
    click(qtbot, confirm.accept_button)
    assert confirm.clickedButton() is confirm.accept_button
    hit = BlazeHitDialog("Rook is burning")
    qtbot.addWidget(hit)
    hit.show()
    click(qtbot, hit.no_damage_button)
    assert hit.clickedButton() is hit.no_damage_button


def test_battle_view_paints_at_1280x800(qtbot, db, rulesets, gang_id, tmp_path: Path) -> None:
    battle.start_battle(db, rulesets, gang_id, scenario="Border Dispute")
    battle.apply_events(
        db,
        rulesets,
        gang_id,
        [
            {"fighter": "Rook", "event": "blaze", "roll": 1},
            {"fighter": "Rook", "event": "end_activation"},
            {"fighter": "Pip", "event": "flesh_wound"},
        ],
    )
    window = open_window(qtbot, db, rulesets, gang_id)
    window.resize(1280, 800)
    image = window.grab().toImage()
    assert (image.width(), image.height()) == (1280, 800)
    assert image.save(str(tmp_path / "battle-view.png"))
    assert window.prompt_model.rowCount() == 1


# ---------------------------------------------------------------- Hired Guns


@pytest.fixture
def pit_gang_id(db: Database, rulesets: Rulesets) -> int:
    """The n23 demo gang holds the Fighting Pit (two Hive Scum per battle) in Ash Wars."""
    stored = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang
    assert stored.id is not None
    campaign.create_campaign(db, rulesets, "Ash Wars")
    campaign.add_gang(db, rulesets, "Ash Wars", stored.name)
    campaign.assign_territory(db, rulesets, "Ash Wars", "Fighting Pit", stored.name)
    return stored.id


def test_the_hire_action_adds_a_hired_gun_tile(
    qtbot, db, rulesets, pit_gang_id, monkeypatch
) -> None:
    chosen: list[tuple[int, str] | None] = [(0, ""), None, (0, "Grub")]
    asked: list[list[str]] = []

    def ask(cls, parent, offers, state):
        asked.append([o.label() for o in offers])
        answer = chosen.pop(0)
        return None if answer is None else (offers[answer[0]], answer[1])

    monkeypatch.setattr(HireDialog, "ask", classmethod(ask))
    battle.start_battle(db, rulesets, pit_gang_id, crew=["Rook"])
    window = open_window(qtbot, db, rulesets, pit_gang_id)
    assert window.hire_action.isEnabled() and not window.hire_button.isHidden()
    assert list(window.tiles) == ["Rook"]

    # The keyboard shortcut, no name typed: the default one.
    qtbot.keyClick(window, Qt.Key.Key_H, Qt.KeyboardModifier.ControlModifier)
    assert asked == [["Hive Scum from Fighting Pit (2 of 2 left)"]]
    assert list(window.tiles) == ["Rook", "Hive Scum 1"]
    scum = tile(window, "Hive Scum 1")
    assert not scum.hired_label.isHidden()
    assert scum.hired_label.text() == "Hired Gun: Fighting Pit"
    assert tile(window, "Rook").hired_label.isHidden()
    assert (
        window.message_label.text() == "Hive Scum 1 joins the crew for this battle (Fighting Pit)."
    )
    # The new tile makes events like any other.
    pick(qtbot, scum.status_combo, Qt.Key.Key_Down)
    record = present(window.record)
    assert present(record.state.fighter("Hive Scum 1")).status.value == "engaged"

    # Cancelled: nothing hired.
    click(qtbot, window.hire_button)
    assert len(present(window.record).events) == 2
    click(qtbot, window.hire_button)
    assert asked[-1] == ["Hive Scum from Fighting Pit (1 of 2 left)"]
    assert list(window.tiles) == ["Rook", "Hive Scum 1", "Grub"]
    # Both hired: nothing left to hire this battle.
    assert not window.hire_action.isEnabled() and not window.hire_button.isEnabled()
    assert "hired already" in window.hire_button.toolTip()

    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert list(window.tiles) == ["Rook", "Hive Scum 1"]
    assert window.hire_action.isEnabled()


def test_the_campaign_is_read_once_per_battle_not_per_event(
    qtbot, db, rulesets, pit_gang_id, monkeypatch
) -> None:
    reads: list[object] = []
    real = battle.hire_grants

    def counted(db: Database, rulesets: Rulesets, gang_ref: str | int) -> list[tuple[str, Boon]]:
        reads.append((db, rulesets, gang_ref))
        return real(db, rulesets, gang_ref)

    monkeypatch.setattr(battle, "hire_grants", counted)
    battle.start_battle(db, rulesets, pit_gang_id, crew=["Rook"])
    window = open_window(qtbot, db, rulesets, pit_gang_id)
    for _ in range(3):
        click(qtbot, window.new_round_button)
    window.apply([{"event": "hire", "fighter_type": "Hive Scum", "territory": "Fighting Pit"}])
    assert len(reads) == 1
    assert "1 of 2 left" in window.hire_button.toolTip()  # what is left follows the events


def test_no_hire_for_a_gang_no_territory_grants_it(qtbot, db, rulesets, gang_id) -> None:
    battle.start_battle(db, rulesets, gang_id)
    window = open_window(qtbot, db, rulesets, gang_id)
    assert not window.hire_action.isEnabled()
    assert window.hire_button.isHidden()
    assert window.hire_action.toolTip() == (
        "No territory the gang holds grants Hired Guns for one battle"
    )


def test_hire_dialog_offers_and_names(qtbot, rulesets) -> None:
    ruleset = rulesets.get("n23")
    state = new_state(ruleset, demo_gang(ruleset), ["Rook"])
    hire = {"event": "hire", "fighter_type": "Hive Scum", "territory": "Fighting Pit"}
    apply_event(ruleset, state, parse_event(hire))
    offers = [HireOffer("Fighting Pit", "Hive Scum", 2, 1)]
    dialog = HireDialog(offers, state)
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.offer_combo.currentText() == "Hive Scum from Fighting Pit (1 of 2 left)"
    assert dialog.name_edit.placeholderText() == "Hive Scum 2"
    assert dialog.chosen() == (offers[0], "")
    qtbot.keyClicks(dialog.name_edit, "  Grub ")
    assert dialog.chosen() == (offers[0], "Grub")
    with qtbot.waitSignal(dialog.accepted):
        click(qtbot, dialog.buttons.button(dialog.buttons.StandardButton.Ok))
