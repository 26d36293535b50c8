"""The fighter card editor: each field, the profile boxes, modifiers, weapons, gear, skills."""

from __future__ import annotations

import pytest

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QLabel

from gangmanager.gui.main_window import MainWindow
from gangmanager.gui.roster.armoury_dialog import ArmouryChoice, ArmouryDialog
from gangmanager.gui.roster.injury_dialog import NAME_ONLY_NOTE, InjuryChoice, InjuryDialog
from gangmanager.gui.roster.modifier_dialog import ModifierChoice, ModifierDialog
from gangmanager.gui.roster.skill_dialog import SkillDialog
from gangmanager.gui.roster.weapon_dialog import (
    ItemChoice,
    ItemDialog,
    ProfileChoice,
    ProfileDialog,
    WeaponChoice,
    WeaponDialog,
)
from gangmanager.gui.roster.weapons_model import TRAITS_COLUMN
from gangmanager.rules import ratings, roster_ops
from gangmanager.rules.gang import Category, FighterStatus
from gangmanager.rules.weapons import Item, Weapon, WeaponProfile
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present
from .roster_helpers import dump, focus, recorder, select_fighter, stored_fighter, stored_gang


def _type(qtbot, widget, text: str) -> None:
    focus(qtbot, widget)
    widget.selectAll()
    qtbot.keyClicks(widget, text)
    qtbot.keyClick(widget, Qt.Key.Key_Return)


def _armoury(rulesets: Rulesets, name: str, pay: bool = True) -> ArmouryChoice:
    n23 = rulesets.get("n23")
    entry = roster_ops.armoury_entry(n23, name) or next(w for w in n23.wargear if w.name == name)
    return ArmouryChoice(entry, pay)


def _select_weapon_row(qtbot, window: MainWindow, row: int) -> None:
    view = window.editor.weapons
    rect = view.visualRect(window.editor.weapons_model.index(row, 0))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


# -- profile boxes -------------------------------------------------------------------------


def test_a_bad_profile_value_shows_a_message_and_writes_nothing(qtbot, window: MainWindow) -> None:
    select_fighter(qtbot, window, "Rook")
    before = dump(window.database)
    profile = window.editor.profile
    box = profile.fields["BS"]
    _type(qtbot, box, "1+")
    assert profile.message.isVisible()
    assert profile.message.text() == (
        "BS: 1+ is outside 2+ (best) to 6+ (worst) (not saved until it is valid)"
    )
    assert "c62828" in box.styleSheet()
    _type(qtbot, box, '3"')
    assert "not a valid Ballistic Skill value" in profile.message.text()
    assert dump(window.database) == before
    assert window.undo_stack.count() == 0
    _type(qtbot, box, "3+")
    assert not profile.message.isVisible()
    assert stored_fighter(window, "Rook").profile["BS"] == 3
    assert window.editor.profile.effective["BS"].text() == "3+"
    window.undo_stack.undo()
    assert dump(window.database) == before


def test_the_message_appears_while_typing(qtbot, window: MainWindow) -> None:
    box = window.editor.profile.fields["M"]
    focus(qtbot, box)
    box.selectAll()
    qtbot.keyClicks(box, "4+")
    assert "not a valid Movement value" in window.editor.profile.message.text()
    qtbot.keyClick(box, Qt.Key.Key_Backspace)
    qtbot.keyClick(box, Qt.Key.Key_Backspace)
    qtbot.keyClicks(box, '6"')
    assert not window.editor.profile.message.isVisible()


def test_a_dash_is_a_valid_value_and_the_summary_follows(qtbot, window: MainWindow) -> None:
    select_fighter(qtbot, window, "Pip")
    _type(qtbot, window.editor.profile.fields["BS"], "-")
    pip = stored_fighter(window, "Pip")
    assert pip.profile["BS"] is None
    assert window.roster_model.index(5, 6).data() == "-"
    assert window.editor.profile.summary.text() == "No modifiers: Now = Base"


# -- own fields ---------------------------------------------------------------------------


def test_each_field_is_saved_when_finished(qtbot, window: MainWindow) -> None:
    select_fighter(qtbot, window, "Tess Calder")
    editor = window.editor
    _type(qtbot, editor.name, "Tess")
    _type(qtbot, editor.xp, "7")
    _type(qtbot, editor.cost, "50")
    focus(qtbot, editor.notes)
    qtbot.keyClicks(editor.notes, "Keeps a lucky charm")
    focus(qtbot, editor.name)  # leaving the notes box saves them
    tess = stored_fighter(window, "Tess")
    assert (tess.xp, tess.cost, tess.notes) == (7, 50, "Keeps a lucky charm")
    assert window.undo_stack.count() == 4
    # Combo boxes: picked with the keyboard.
    focus(qtbot, editor.status)
    qtbot.keyClick(editor.status, Qt.Key.Key_Down)
    editor.status.activated.emit(editor.status.currentIndex())
    assert stored_fighter(window, "Tess").status is FighterStatus.IN_RECOVERY
    editor.category.setCurrentIndex(list(Category).index(Category.SPECIALIST))
    editor.category.activated.emit(editor.category.currentIndex())
    assert stored_fighter(window, "Tess").category is Category.SPECIALIST
    assert window.roster_model.index(3, 2).data() == "Specialist"


def test_an_empty_name_is_refused(qtbot, window: MainWindow) -> None:
    select_fighter(qtbot, window, "Rook")
    focus(qtbot, window.editor.name)
    window.editor.name.clear()
    qtbot.keyClick(window.editor.name, Qt.Key.Key_Return)
    assert recorder(window).told == ["A fighter needs a name; the name was not changed."]
    assert window.editor.name.text() == "Rook"
    assert stored_fighter(window, "Rook")


def test_a_house_type_can_bring_its_category_cost_and_profile(qtbot, window: MainWindow) -> None:
    select_fighter(qtbot, window, "Pip")
    editor = window.editor
    index = editor.type.findText("Gunner")
    recorder(window).answers = ["Take all of Gunner"]
    editor.type.setCurrentIndex(index)
    editor.type.activated.emit(index)
    pip = stored_fighter(window, "Pip")
    assert (pip.type, pip.category, pip.cost) == ("Gunner", Category.GANGER, 45)
    assert pip.profile.line() == '5" 4+ 4+ 3 3 1 4+ 1 6+ 7+ 7+ 7+'
    window.undo_stack.undo()
    index = editor.type.findText("Road Captain")
    recorder(window).answers = ["Only the type name"]
    editor.type.setCurrentIndex(index)
    editor.type.activated.emit(index)
    pip = stored_fighter(window, "Pip")
    assert (pip.type, pip.category, pip.cost) == ("Road Captain", Category.JUVE, 35)


def test_a_custom_type_is_typed(qtbot, window: MainWindow) -> None:
    select_fighter(qtbot, window, "Brann")
    combo = window.editor.type
    focus(qtbot, combo)
    present(combo.lineEdit()).selectAll()
    qtbot.keyClicks(combo, "Pit Slave")
    qtbot.keyClick(combo, Qt.Key.Key_Return)
    assert stored_fighter(window, "Brann").type == "Pit Slave"


# -- modifiers --------------------------------------------------------------------------


def test_adding_a_modifier_updates_the_effective_profile_at_once(
    qtbot, window: MainWindow, monkeypatch
) -> None:
    select_fighter(qtbot, window, "Rook")
    modifier = roster_ops.line_modifier("Bounty", "M: +1, BS: +1, Cl: +1, Wil: +1")
    monkeypatch.setattr(ModifierDialog, "ask", lambda *a: ModifierChoice(modifier))
    qtbot.keyClick(window, Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier)
    editor = window.editor
    assert editor.profile.summary.text() == "Modifiers: M: +1, BS: +1, Cl: +1, Wil: +1"
    assert editor.profile.effective["M"].text() == '6"'
    assert editor.modifiers.item(0).text() == "Bounty: M: +1, BS: +1, Cl: +1, Wil: +1"
    cell = window.roster_model.index(2, 4)
    assert cell.data() == '6"' and "Bounty (+1)" in cell.data(Qt.ItemDataRole.ToolTipRole)
    editor.modifiers.setCurrentRow(0)
    focus(qtbot, editor.modifiers)
    qtbot.keyClick(editor.modifiers, Qt.Key.Key_Delete)
    assert stored_fighter(window, "Rook").modifiers == []


def test_an_advancement_spends_xp_and_adds_its_credits(
    qtbot, window: MainWindow, monkeypatch, rulesets: Rulesets
) -> None:
    n23 = rulesets.get("n23")
    select_fighter(qtbot, window, "Mags Varga")
    modifier = roster_ops.advancement_modifier(present(n23.advancement("wil")))
    monkeypatch.setattr(ModifierDialog, "ask", lambda *a: ModifierChoice(modifier, spend_xp=3))
    qtbot.mouseClick(window.editor.add_modifier, Qt.MouseButton.LeftButton)
    mags = stored_fighter(window, "Mags Varga")
    assert mags.xp == 0
    assert ratings.pending_fighter_rating(mags) == 205 + 5
    # An advancement past the cap is refused, with its reason.
    wounds = roster_ops.advancement_modifier(present(n23.advancement("w")))
    monkeypatch.setattr(ModifierDialog, "ask", lambda *a: ModifierChoice(wounds))
    qtbot.mouseClick(window.editor.add_modifier, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(window.editor.add_modifier, Qt.MouseButton.LeftButton)
    assert (
        recorder(window).told[-1] == "Wounds may be advanced at most 1 time above the base profile"
    )


def test_remove_modifier_without_a_selection_says_so(qtbot, window: MainWindow) -> None:
    window.editor.modifiers.setCurrentRow(-1)
    qtbot.mouseClick(window.editor.remove_modifier, Qt.MouseButton.LeftButton)
    assert recorder(window).told == ["Select a modifier to remove."]


# -- weapons -------------------------------------------------------------------------------


def test_weapons_show_every_profile_with_trait_rules_text(
    qtbot, window: MainWindow, rulesets: Rulesets
) -> None:
    select_fighter(qtbot, window, "Dex Hollow")
    model = window.editor.weapons_model
    rows = [model.index(r, 0).data() for r in range(model.rowCount())]
    assert rows == ["Shotgun - solid ammo", "    - scatter ammo", "Fighting knife"]
    assert [model.index(0, c).data() for c in range(1, 9)] == [
        '8"',
        '16"',
        "+1",
        "-",
        "4",
        "-",
        "2",
        "4+",
    ]
    tip = model.index(1, TRAITS_COLUMN).data(Qt.ItemDataRole.ToolTipRole)
    assert tip.startswith("Scattershot: ")
    assert rulesets.get("n23").rules_text_for("Scattershot") in tip
    assert "Takes 1 weapon slot" in model.index(0, 0).data(Qt.ItemDataRole.ToolTipRole)
    assert window.editor.slots.text() == "Weapon slots: 2 of 3"


def test_buying_a_weapon_spends_credits_and_undo_refunds(
    qtbot, window: MainWindow, monkeypatch, rulesets: Rulesets
) -> None:
    select_fighter(qtbot, window, "Tess Calder")
    before = dump(window.database)
    monkeypatch.setattr(ArmouryDialog, "ask", lambda *a, **k: _armoury(rulesets, "Lasgun"))
    qtbot.keyClick(window, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    gang = stored_gang(window)
    assert gang.credits == 430 - 15
    assert [w.name for w in present(gang.fighter("Tess Calder")).weapons] == ["Autogun", "Lasgun"]
    assert "Credits 415" in window.header.facts.text()
    window.undo_stack.undo()
    assert dump(window.database) == before


def test_buying_more_than_the_gang_can_afford_is_refused(
    qtbot, window: MainWindow, monkeypatch, rulesets: Rulesets
) -> None:
    window.run(roster_edit_credits(window, 10))
    before = dump(window.database)
    monkeypatch.setattr(ArmouryDialog, "ask", lambda *a, **k: _armoury(rulesets, "Autogun"))
    qtbot.mouseClick(window.editor.buy_weapon, Qt.MouseButton.LeftButton)
    assert recorder(window).told == [
        "Autogun costs 15 credits; The Rust Riders has only 10: not bought"
    ]
    assert dump(window.database) == before


def roster_edit_credits(window: MainWindow, credits: int):
    from gangmanager.services import roster

    gang = window.gang
    assert gang is not None and gang.id is not None
    return roster.EditGang(gang.id, {"credits": credits})


def test_the_weapon_limit_is_refused_and_unwieldy_counts_twice(
    qtbot, window: MainWindow, monkeypatch, rulesets: Rulesets
) -> None:
    select_fighter(qtbot, window, "Brann")  # stub gun and knife: two slots
    monkeypatch.setattr(ArmouryDialog, "ask", lambda *a, **k: _armoury(rulesets, "Heavy stubber"))
    qtbot.mouseClick(window.editor.buy_weapon, Qt.MouseButton.LeftButton)
    told = recorder(window).told[-1]
    # Not on a Gunner's part of House Orlock's list, and two slots where one is free.
    assert "a Gunner (Ganger) may not take a Heavy stubber" in told
    assert "Brann carries weapons taking 2 of 3 slots; Heavy stubber takes 2" in told
    assert "Unwieldy" in told and "House rules" in told
    assert len(stored_fighter(window, "Brann").weapons) == 2
    # A group that house-rules turns the setting on and goes on.
    window.run(roster_edit(window, house_rules_ignore_restrictions=True))
    select_fighter(qtbot, window, "Brann")
    qtbot.mouseClick(window.editor.buy_weapon, Qt.MouseButton.LeftButton)
    assert len(stored_fighter(window, "Brann").weapons) == 3
    assert window.editor.slots.text() == "Weapon slots: 4 of 3: over the limit"


def test_a_rare_item_waits_for_the_post_battle_trading_post(
    qtbot, window: MainWindow, monkeypatch, rulesets: Rulesets
) -> None:
    select_fighter(qtbot, window, "Tess Calder")
    before = dump(window.database)
    # Not on House Orlock's list: a Rare Trading Post item.
    monkeypatch.setattr(ArmouryDialog, "ask", lambda *a, **k: _armoury(rulesets, "Needle pistol"))
    qtbot.mouseClick(window.editor.buy_weapon, Qt.MouseButton.LeftButton)
    assert "Needle pistol is Rare (9)" in recorder(window).told[-1]
    assert dump(window.database) == before


def test_a_skill_outside_the_types_access_is_refused(
    qtbot, window: MainWindow, monkeypatch
) -> None:
    select_fighter(qtbot, window, "Rook")
    monkeypatch.setattr(SkillDialog, "ask", lambda *a: "Dodge")  # Agility
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    told = recorder(window).told[-1]
    assert "Dodge is an Agility skill; a Gunner has access to primary Brawn" in told
    assert stored_fighter(window, "Rook").skills == []
    window.run(roster_edit(window, house_rules_ignore_restrictions=True))
    select_fighter(qtbot, window, "Rook")
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    assert stored_fighter(window, "Rook").skills == ["Dodge"]


def roster_edit(window: MainWindow, **fields: object):
    from gangmanager.services import roster

    gang = window.gang
    assert gang is not None and gang.id is not None
    return roster.EditGang(gang.id, fields)


def test_a_custom_weapon_and_a_paid_profile(qtbot, window: MainWindow, monkeypatch) -> None:
    select_fighter(qtbot, window, "Rook")
    custom = Weapon(name="Grandad's musket", cost=5, profiles=[WeaponProfile(rng_s='6"')])
    monkeypatch.setattr(WeaponDialog, "ask", lambda *a: WeaponChoice(custom, pay=False))
    qtbot.mouseClick(window.editor.custom_weapon, Qt.MouseButton.LeftButton)
    assert stored_gang(window).credits == 430
    assert stored_fighter(window, "Rook").weapons[-1].name == "Grandad's musket"
    offered: list[list[str]] = []

    def ask(parent, weapon, offers, credits, columns):
        offered.append([p.name for p in offers])
        return ProfileChoice(offers[0], pay=True)

    monkeypatch.setattr(ProfileDialog, "ask", ask)
    _select_weapon_row(qtbot, window, 0)  # the lasgun
    qtbot.mouseClick(window.editor.add_profile, Qt.MouseButton.LeftButton)
    assert offered == [["hotshot las pack"]]
    lasgun = stored_fighter(window, "Rook").weapons[0]
    assert [p.name for p in lasgun.profiles] == ["", "hotshot las pack"]
    assert stored_gang(window).credits == 430 - 20


def test_removing_a_weapon_or_profile_offers_a_refund(
    qtbot, window: MainWindow, monkeypatch, rulesets: Rulesets
) -> None:
    select_fighter(qtbot, window, "Dex Hollow")
    _select_weapon_row(qtbot, window, 1)  # scatter ammo: free, removed without asking
    qtbot.mouseClick(window.editor.remove_weapon, Qt.MouseButton.LeftButton)
    assert [p.name for p in stored_fighter(window, "Dex Hollow").weapons[0].profiles] == [
        "solid ammo"
    ]
    _select_weapon_row(qtbot, window, 1)  # the fighting knife
    recorder(window).answers = ["Cancel"]
    qtbot.mouseClick(window.editor.remove_weapon, Qt.MouseButton.LeftButton)
    assert "Remove Fighting knife from Dex Hollow? It cost 15 credits." in recorder(window).asked
    assert len(stored_fighter(window, "Dex Hollow").weapons) == 2
    recorder(window).answers = ["Refund 15 credits"]
    focus(qtbot, window.editor.weapons)
    qtbot.keyClick(window.editor.weapons, Qt.Key.Key_Delete)
    assert len(stored_fighter(window, "Dex Hollow").weapons) == 1
    assert stored_gang(window).credits == 445
    _select_weapon_row(qtbot, window, 0)
    recorder(window).answers = ["No refund"]
    qtbot.mouseClick(window.editor.remove_weapon, Qt.MouseButton.LeftButton)
    assert stored_fighter(window, "Dex Hollow").weapons == []
    assert stored_gang(window).credits == 445


# -- wargear and skills --------------------------------------------------------------------


def test_wargear_is_bought_or_custom_and_removed_with_a_refund_choice(
    qtbot, window: MainWindow, monkeypatch, rulesets: Rulesets
) -> None:
    select_fighter(qtbot, window, "Rook")
    monkeypatch.setattr(ArmouryDialog, "ask", lambda *a, **k: _armoury(rulesets, "Mesh armour"))
    qtbot.keyClick(
        window,
        Qt.Key.Key_B,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    custom = Item(name="Lucky charm", cost=0)
    monkeypatch.setattr(ItemDialog, "ask", lambda *a: ItemChoice(custom, pay=True))
    qtbot.mouseClick(window.editor.custom_wargear, Qt.MouseButton.LeftButton)
    rook = stored_fighter(window, "Rook")
    assert [(i.name, i.cost) for i in rook.wargear] == [("Mesh armour", 15), ("Lucky charm", 0)]
    assert stored_gang(window).credits == 415
    assert window.editor.wargear.item(0).toolTip() == "5+ save."
    window.editor.wargear.setCurrentRow(0)
    recorder(window).answers = ["Refund 15 credits"]
    qtbot.mouseClick(window.editor.remove_wargear, Qt.MouseButton.LeftButton)
    assert stored_gang(window).credits == 430
    assert [i.name for i in stored_fighter(window, "Rook").wargear] == ["Lucky charm"]


def test_skills_are_added_with_their_rules_text_and_removed(
    qtbot, window: MainWindow, monkeypatch, rulesets: Rulesets
) -> None:
    select_fighter(qtbot, window, "Rook")
    monkeypatch.setattr(SkillDialog, "ask", lambda *a: "Parry")
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    assert stored_fighter(window, "Rook").skills == ["Parry"]
    assert window.editor.skills.item(0).toolTip() == rulesets.get("n23").rules_text_for("Parry")
    qtbot.keyClick(window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    assert recorder(window).told == ["Rook already has the skill Parry"]
    window.editor.skills.setCurrentRow(0)
    focus(qtbot, window.editor.skills)
    qtbot.keyClick(window.editor.skills, Qt.Key.Key_Delete)
    assert stored_fighter(window, "Rook").skills == []


# -- injuries ------------------------------------------------------------------------------


def _pick_injury(qtbot, dialog: InjuryDialog, name: str) -> None:
    row = next(
        r
        for r in range(dialog.table.count())
        if dialog.table.item(r).data(Qt.ItemDataRole.UserRole) == name
    )
    rect = dialog.table.visualItemRect(dialog.table.item(row))
    qtbot.mouseClick(dialog.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_the_injury_dialog_records_the_name_or_also_its_modifier(qtbot, rulesets: Rulesets) -> None:
    n23 = rulesets.get("n23")
    rook = demo_gang(n23).fighter("Rook")
    assert rook is not None
    dialog = InjuryDialog(rook, n23)
    qtbot.addWidget(dialog)
    dialog.show()
    assert present(dialog.findChild(QLabel, "name_only_note")).text() == NAME_ONLY_NOTE
    ok = present(dialog.findChild(QDialogButtonBox)).button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert dialog.message.text() == "pick an injury or type its name"
    assert dialog.result() == 0
    _pick_injury(qtbot, dialog, "Eye Injury")
    assert dialog.name.text() == "Eye Injury"
    assert dialog.with_modifier.isEnabled() and not dialog.with_modifier.isChecked()
    assert "BS: -1" in dialog.with_modifier.text()
    assert dialog.choice() == InjuryChoice("Eye Injury")
    dialog.with_modifier.click()
    choice = dialog.choice()
    assert choice is not None and choice.modifier is not None
    eye = next(i for i in n23.injuries if i.name == "Eye Injury")
    assert choice == InjuryChoice("Eye Injury", roster_ops.injury_modifier(eye), None)
    # A typed name outside the table is recorded as typed, with no modifier to offer.
    dialog.name.selectAll()
    qtbot.keyClicks(dialog.name, "  Bitten   by a rat ")
    assert not dialog.with_modifier.isEnabled() and not dialog.with_modifier.isChecked()
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.choice() == InjuryChoice("Bitten by a rat")


def test_injuries_are_listed_added_by_name_and_undone_exactly(
    qtbot, window: MainWindow, monkeypatch, rulesets: Rulesets
) -> None:
    select_fighter(qtbot, window, "Rook")
    editor = window.editor
    assert editor.injuries.count() == 0 and editor.add_injury.isEnabled()
    before = dump(window.database)
    monkeypatch.setattr(InjuryDialog, "ask", lambda *a: InjuryChoice("Eye Injury"))
    qtbot.mouseClick(editor.add_injury, Qt.MouseButton.LeftButton)
    rook = stored_fighter(window, "Rook")
    assert (rook.injuries, rook.modifiers) == (["Eye Injury"], [])
    assert editor.injuries.item(0).text() == "Eye Injury"
    tip = editor.injuries.item(0).toolTip()
    assert "As a modifier: BS: -1" in tip and "No matching modifier" in tip
    assert window.undo_stack.undoText() == "Add injury Eye Injury to Rook"
    # A typed name that is not in the table; Ctrl+J adds one from anywhere in the window.
    monkeypatch.setattr(InjuryDialog, "ask", lambda *a: InjuryChoice("Bitten by a rat"))
    qtbot.keyClick(window, Qt.Key.Key_J, Qt.KeyboardModifier.ControlModifier)
    assert stored_fighter(window, "Rook").injuries == ["Eye Injury", "Bitten by a rat"]
    assert editor.injuries.item(1).toolTip() == "Not in this ruleset's Lasting Injury table"
    window.undo_stack.undo()
    window.undo_stack.undo()
    assert dump(window.database) == before
    assert editor.injuries.count() == 0


def test_an_injury_with_its_modifier_changes_the_profile_and_removal_asks(
    qtbot, window: MainWindow, monkeypatch, rulesets: Rulesets
) -> None:
    n23 = rulesets.get("n23")
    eye = next(i for i in n23.injuries if i.name == "Eye Injury")
    modifier = roster_ops.injury_modifier(eye)
    select_fighter(qtbot, window, "Rook")
    editor = window.editor
    bs = editor.profile.effective["BS"].text()
    before = dump(window.database)
    monkeypatch.setattr(InjuryDialog, "ask", lambda *a: InjuryChoice("Eye Injury", modifier))
    qtbot.mouseClick(editor.add_injury, Qt.MouseButton.LeftButton)
    rook = stored_fighter(window, "Rook")
    assert (rook.injuries, rook.modifiers) == (["Eye Injury"], [modifier])
    assert editor.profile.effective["BS"].text() != bs
    assert "No matching modifier" not in editor.injuries.item(0).toolTip()
    assert window.undo_stack.count() == 1  # name and modifier: one edit
    with_both = dump(window.database)
    # Removing the name offers to take the modifier too.
    editor.injuries.setCurrentRow(0)
    recorder(window).answers = ["Cancel"]
    qtbot.mouseClick(editor.remove_injury, Qt.MouseButton.LeftButton)
    assert "also has the modifier Lasting Injury: Eye Injury" in recorder(window).asked[0]
    assert dump(window.database) == with_both
    recorder(window).answers = ["Only the name"]
    focus(qtbot, editor.injuries)
    qtbot.keyClick(editor.injuries, Qt.Key.Key_Delete)
    rook = stored_fighter(window, "Rook")
    assert (rook.injuries, rook.modifiers) == ([], [modifier])
    window.undo_stack.undo()
    assert dump(window.database) == with_both
    editor.injuries.setCurrentRow(0)
    recorder(window).answers = ["Remove the name and its modifier"]
    qtbot.mouseClick(editor.remove_injury, Qt.MouseButton.LeftButton)
    rook = stored_fighter(window, "Rook")
    assert (rook.injuries, rook.modifiers) == ([], [])
    assert editor.profile.effective["BS"].text() == bs
    window.undo_stack.undo()
    assert dump(window.database) == with_both
    window.undo_stack.undo()
    assert dump(window.database) == before


@pytest.mark.parametrize(
    "button", ["remove_wargear", "remove_skill", "remove_weapon", "remove_injury"]
)
def test_remove_buttons_without_a_selection_say_so(qtbot, window: MainWindow, button: str) -> None:
    select_fighter(qtbot, window, "Pip")
    getattr(window.editor, button).setEnabled(True)
    for view in (window.editor.wargear, window.editor.skills, window.editor.injuries):
        view.setCurrentRow(-1)
    window.editor.weapons.clearSelection()
    qtbot.mouseClick(getattr(window.editor, button), Qt.MouseButton.LeftButton)
    assert recorder(window).told and recorder(window).told[0].startswith("Select")


def test_the_card_follows_the_selected_fighter_and_undo(qtbot, window: MainWindow) -> None:
    select_fighter(qtbot, window, "Dex Hollow")
    assert window.editor.title.text() == "Dex Hollow: Road Sergeant"
    assert window.editor.rating.text() == "Fighter Rating 145  (pending 125 *)"
    _type(qtbot, window.editor.xp, "2")
    select_fighter(qtbot, window, "Pip")
    window.undo_stack.undo()
    # Undo shows the fighter it changed.
    assert present(window.fighter).name == "Dex Hollow"
    assert window.editor.xp.value() == 0
    assert QApplication.focusWidget() is not None
