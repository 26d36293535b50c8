"""The roster editor's dialogs, driven with clicks and keys: each refuses bad entries inline."""

from __future__ import annotations

from pathlib import Path

import pytest

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QDialogButtonBox, QMessageBox

from gangmanager.gui.common.messages import Messages
from gangmanager.gui.common.receipt_dialog import ReceiptDialog
from gangmanager.gui.common.recent_databases import without_password
from gangmanager.gui.roster.armoury_dialog import ArmouryDialog
from gangmanager.gui.roster.gang_details_dialog import GangDetailsDialog
from gangmanager.gui.roster.modifier_dialog import ModifierDialog
from gangmanager.gui.roster.new_fighter_dialog import NewFighterDialog
from gangmanager.gui.roster.skill_dialog import SkillDialog
from gangmanager.gui.roster.weapon_dialog import ItemDialog, ProfileDialog, WeaponDialog
from gangmanager.rules import roster_ops
from gangmanager.rules.fighter_refs import provisional_ids
from gangmanager.rules.gang import Category, Gang
from gangmanager.rules.modifiers import ModifierKind
from gangmanager.rules.roster_ops import RosterError
from gangmanager.rules.ruleset import Ruleset
from gangmanager.rules.weapons import Trait
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present
from .screenshot_dir import screenshot_dir

SCREENSHOTS = screenshot_dir()


@pytest.fixture
def n23(tmp_path: Path) -> Ruleset:
    return Rulesets(tmp_path / "data").get("n23")


@pytest.fixture
def gang(n23: Ruleset) -> Gang:
    return demo_gang(n23)


def _ok(qtbot, buttons: QDialogButtonBox) -> None:
    qtbot.mouseClick(buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)


def test_armoury_filters_and_picks(qtbot, n23: Ruleset, qtmodeltester) -> None:
    dialog = ArmouryDialog(n23, "weapons", 430, "Rook")
    qtbot.addWidget(dialog)
    qtmodeltester.check(dialog.model)
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled()
    qtbot.keyClicks(dialog.filter, "lasg")
    assert dialog.proxy.rowCount() == 1
    qtbot.keyClick(dialog.filter, Qt.Key.Key_Return)
    assert ok.isEnabled()
    assert dialog.price.text() == "Lasgun: 15 credits (Trading Post)"
    assert "hotshot las pack (+20)" in dialog.proxy.index(0, 0).data(Qt.ItemDataRole.ToolTipRole)
    qtbot.keyClick(dialog.pay, Qt.Key.Key_Space)
    with qtbot.waitSignal(dialog.accepted):
        qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    choice = dialog.choice()
    assert choice is not None and choice.entry.name == "Lasgun" and choice.pay is False
    wargear = ArmouryDialog(n23, "wargear", 10, "Rook")
    qtbot.addWidget(wargear)
    qtmodeltester.check(wargear.model)
    assert wargear.windowTitle() == "Buy wargear for Rook"
    assert "10 available" in wargear.pay.text()


def test_custom_weapon_needs_a_name_and_reads_traits(qtbot) -> None:
    dialog = WeaponDialog(100)
    qtbot.addWidget(dialog)
    _ok(qtbot, dialog.buttons)
    assert dialog.message.text() == "a weapon needs a name"
    assert dialog.result() != QDialog.DialogCode.Accepted
    qtbot.keyClicks(dialog.name, "Grandad's musket")
    dialog.cost.setValue(5)
    dialog.fields.stats["rng_s"].setText('6"')
    qtbot.keyClicks(dialog.fields.traits, "Rapid Fire (1), Knockback")
    with qtbot.waitSignal(dialog.accepted):
        _ok(qtbot, dialog.buttons)
    weapon = dialog.choice().weapon
    assert weapon.cost == 5 and weapon.profiles[0].rng_s == '6"'
    assert weapon.profiles[0].traits == [
        Trait(name="Rapid Fire", param="1"),
        Trait(name="Knockback"),
    ]


def test_profile_dialog_offers_the_armourys_paid_profiles(qtbot, n23: Ruleset) -> None:
    entry = present(roster_ops.armoury_entry(n23, "Lasgun"))
    lasgun = roster_ops.armoury_weapon(entry)
    dialog = ProfileDialog(lasgun, roster_ops.paid_profiles(entry, lasgun), 430)
    qtbot.addWidget(dialog)
    assert dialog.name.text() == "hotshot las pack" and dialog.cost.value() == 20
    assert dialog.fields.stats["strength"].text() == "4"
    dialog.source.setCurrentIndex(dialog.source.count() - 1)  # Custom profile
    assert dialog.name.text() == "" and dialog.cost.value() == 0
    _ok(qtbot, dialog.buttons)
    assert "needs a name" in dialog.message.text()
    qtbot.keyClicks(dialog.name, "dum-dum")
    dialog.cost.setValue(5)
    _ok(qtbot, dialog.buttons)
    choice = dialog.choice()
    assert (choice.profile.name, choice.profile.cost, choice.pay) == ("dum-dum", 5, True)


def test_custom_wargear(qtbot) -> None:
    dialog = ItemDialog(20)
    qtbot.addWidget(dialog)
    buttons = present(dialog.findChild(QDialogButtonBox))
    _ok(qtbot, buttons)
    assert dialog.message.text() == "wargear needs a name"
    qtbot.keyClicks(dialog.name, "Lucky charm")
    _ok(qtbot, buttons)
    assert dialog.choice().item.name == "Lucky charm"


def test_modifier_dialog_advancements_with_their_xp_price(qtbot, n23: Ruleset, gang: Gang) -> None:
    rook = present(gang.fighter("Rook")).model_copy(update={"xp": 10})
    dialog = ModifierDialog(rook, n23)
    qtbot.addWidget(dialog)
    texts = [dialog.advancements.item(i).text() for i in range(dialog.advancements.count())]
    assert "Ballistic Skill +1: 6 XP, +20 credits" in texts
    assert all("skill" not in t.lower() or "Skill +1" in t for t in texts)
    _ok(qtbot, dialog.buttons)
    assert dialog.message.text() == "pick an advancement"
    dialog.advancements.setCurrentRow(texts.index("Ballistic Skill +1: 6 XP, +20 credits"))
    choice = dialog.choice()
    assert choice.spend_xp == 6
    assert choice.modifier.changes == {"BS": 1} and choice.modifier.cost == 20
    qtbot.keyClick(dialog.spend_xp, Qt.Key.Key_Space)
    assert dialog.choice().spend_xp == 0


def test_modifier_dialog_injuries_and_equipment(qtbot, n23: Ruleset, gang: Gang) -> None:
    dialog = ModifierDialog(present(gang.fighter("Rook")), n23)
    qtbot.addWidget(dialog)
    dialog.tabs.setCurrentIndex(ModifierDialog.INJURY)
    names = [dialog.injuries.item(i).text() for i in range(dialog.injuries.count())]
    dialog.injuries.setCurrentRow(next(i for i, t in enumerate(names) if "Eye Injury" in t))
    choice = dialog.choice()
    assert choice.injury == "Eye Injury"
    assert choice.modifier.kind is ModifierKind.INJURY and choice.modifier.changes == {"BS": -1}
    dialog.injuries.setCurrentRow(next(i for i, t in enumerate(names) if "Horrid Scars" in t))
    assert dialog.choice().skill == "Fearsome"
    dialog.tabs.setCurrentIndex(ModifierDialog.EQUIPMENT)
    # The wargear and skills of the pack that change the profile, and only those.
    changing = [w.name for w in n23.wargear if w.changes] + [
        s.name for ss in n23.skill_sets for s in ss.skills if s.changes
    ]
    assert changing
    listed = [dialog.equipment.item(i).text() for i in range(dialog.equipment.count())]
    assert len(listed) == len(changing)
    assert all(text.startswith(f"{name} (") for text, name in zip(listed, changing, strict=True))
    with pytest.raises(RosterError, match="pick an item"):
        dialog.choice()
    dialog.equipment.setCurrentRow(0)
    first = next(w for w in n23.wargear if w.changes)
    assert dialog.choice().modifier.changes == first.changes


def test_modifier_dialog_typed_line_is_read_as_you_type(qtbot, n23: Ruleset, gang: Gang) -> None:
    dialog = ModifierDialog(present(gang.fighter("Rook")), n23)
    qtbot.addWidget(dialog)
    dialog.tabs.setCurrentIndex(ModifierDialog.LINE)
    qtbot.keyClicks(dialog.line, "M: +1, XX: +1")
    assert dialog.reading.text() == "Cannot read it yet: unknown characteristic 'XX'"
    dialog.line.clear()
    qtbot.keyClicks(dialog.line, "M: +1, BS: +1, Cl: +1, Wil: +1")
    assert dialog.reading.text() == "Reads as M: +1, BS: +1, Cl: +1, Wil: +1"
    _ok(qtbot, dialog.buttons)
    assert dialog.message.text() == "a modifier needs a source (where the change comes from)"
    qtbot.keyClicks(dialog.source, "Bounty")
    with qtbot.waitSignal(dialog.accepted):
        _ok(qtbot, dialog.buttons)
    modifier = dialog.choice().modifier
    assert (modifier.source, modifier.kind) == ("Bounty", ModifierKind.MANUAL)
    assert modifier.changes == {"M": 1, "BS": 1, "Cl": 1, "Wil": 1}


def test_skill_dialog_puts_the_types_sets_first(qtbot, n23: Ruleset, gang: Gang) -> None:
    mags = present(gang.fighter("Mags Varga")).model_copy(update={"skills": ["Nerves of Steel"]})
    dialog = SkillDialog(mags, n23, gang.house)
    qtbot.addWidget(dialog)
    tree = dialog.tree
    groups = [present(tree.topLevelItem(i)) for i in range(tree.topLevelItemCount())]
    tops = [group.text(0) for group in groups]
    assert tops[:3] == ["Ferocity (primary)", "Leadership (primary)", "Savant (primary)"]
    assert tops[3:6] == ["Bravado (secondary)", "Brawn (secondary)", "Shooting (secondary)"]
    assert all(top.endswith("(no access)") for top in tops[6:])
    first = present(groups[0].child(0))
    dialog.tree.setCurrentItem(first)
    assert dialog.skill() == first.text(0)
    taken = [
        item
        for group in groups
        for item in (present(group.child(j)) for j in range(group.childCount()))
        if item.text(0) == "Nerves of Steel"
    ]
    assert taken and all(item.isDisabled() for item in taken)
    dialog.custom.clear()
    buttons = present(dialog.findChild(QDialogButtonBox))
    _ok(qtbot, buttons)
    assert dialog.message.text() == "pick a skill or type its name"
    qtbot.keyClicks(dialog.custom, "  Iron   Jaw ")
    assert dialog.skill() == "Iron Jaw"


def test_new_fighter_from_the_house_list_or_custom(qtbot, n23: Ruleset, gang: Gang) -> None:
    dialog = NewFighterDialog(n23, gang.house, 430)
    qtbot.addWidget(dialog)
    buttons = present(dialog.findChild(QDialogButtonBox))
    _ok(qtbot, buttons)
    assert dialog.message.text() == "a fighter needs a name"
    qtbot.keyClicks(dialog.name, "Vex")
    dialog.type.setCurrentIndex(3)
    assert not dialog.profile.isEnabled()
    assert dialog.profile.text() == '5" 4+ 4+ 3 3 1 4+ 1 6+ 7+ 7+ 7+'
    choice = dialog.choice()
    assert (choice.fighter.type, choice.fighter.cost, choice.pay) == ("Gunner", 45, True)
    dialog.type.setCurrentIndex(dialog.type.count() - 1)  # Custom fighter
    assert dialog.profile.isEnabled()
    dialog.profile.setText('5" 4+ 4+ 3 3 1 4+ 1 6+ 7+ 7+')
    _ok(qtbot, buttons)
    assert dialog.message.text() == "profile: a profile line has 12 values, got 11"
    dialog.profile.setText('5" 1+ 4+ 3 3 1 4+ 1 6+ 7+ 7+ 7+')
    _ok(qtbot, buttons)
    assert "outside" in dialog.message.text()
    dialog.profile.setText('5" 4+ 4+ 3 3 1 4+ 1 6+ 7+ 7+ 7+')
    dialog.type_name.setText("Hive Scum")
    dialog.category.setCurrentIndex(list(Category).index(Category.HIRED_GUN))
    dialog.cost.setValue(30)
    choice = dialog.choice()
    assert (choice.fighter.type, choice.fighter.category, choice.fighter.cost) == (
        "Hive Scum",
        Category.HIRED_GUN,
        30,
    )


def test_gang_details_return_only_what_changed(qtbot, gang: Gang) -> None:
    dialog = GangDetailsDialog(gang)
    qtbot.addWidget(dialog)
    assert dialog.changed_fields() == {}
    dialog.credits.setValue(12)
    qtbot.keyClicks(dialog.notes, "Sump dwellers")
    assert dialog.changed_fields() == {"credits": 12, "notes": "Sump dwellers"}
    dialog.name.clear()
    _ok(qtbot, present(dialog.findChild(QDialogButtonBox)))
    assert dialog.message.text() == "a gang needs a name"


def test_receipt_dialog_shows_the_text(qtbot) -> None:
    dialog = ReceiptDialog("Fighter Rating", "Rook\n  Gunner (base)  45")
    qtbot.addWidget(dialog)
    assert dialog.text_view.toPlainText() == "Rook\n  Gunner (base)  45"
    assert dialog.text_view.isReadOnly()


def test_messages_ask_returns_the_button_clicked(qtbot) -> None:
    messages = Messages()

    def click_no_refund() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        button = next(b for b in box.buttons() if b.text() == "No refund")
        button.click()

    QTimer.singleShot(0, click_no_refund)
    answer = messages.ask("Remove it?", ["Refund 5 credits", "No refund", "Cancel"])
    assert answer == "No refund"

    def escape() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        qtbot.keyClick(box, Qt.Key.Key_Escape)

    QTimer.singleShot(0, escape)
    assert messages.ask("Remove it?", ["Remove", "Cancel"]) == "Cancel"


def test_recent_database_urls_never_keep_a_password() -> None:
    assert without_password("postgresql://bob:secret@host/club") == "postgresql://bob@host/club"
    assert (
        without_password("sqlite:////home/bob/a:b@c.sqlite") == "sqlite:////home/bob/a:b@c.sqlite"
    )


@pytest.fixture
def list_ruleset(tmp_path) -> Ruleset:
    from gangmanager.content import builtin_rulesets_dir, clear_cache, load_ruleset

    from ..list_pack import PACK_ID, write_list_pack

    write_list_pack(tmp_path / "packs")
    clear_cache()
    return load_ruleset(PACK_ID, [tmp_path / "packs", builtin_rulesets_dir()])


def test_buy_weapon_shows_the_list_first_and_refuses_with_a_reason(
    qtbot, list_ruleset: Ruleset, qtmodeltester
) -> None:
    from gangmanager.rules.roster_ops import recruit

    greenhorn = recruit(present(list_ruleset.fighter_type("orlock", "Greenhorn")), "")
    dialog = ArmouryDialog(
        list_ruleset, "weapons", 300, "Nib", fighter=greenhorn, house="House Orlock"
    )
    qtbot.addWidget(dialog)
    qtmodeltester.check(dialog.model)
    first = [dialog.model.index(r, c).data() for r in range(2) for c in (0, 2, 3)]
    assert first == ["Autogun", "House list", "10", "Boltgun", "House list", "50"]
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    dialog.view.selectRow(2)  # Heavy bolter: leader and champion only
    assert not ok.isEnabled() and dialog.choice() is None
    assert "a Greenhorn (Juve) may not take a Heavy bolter" in dialog.price.text()
    assert dialog.model.index(2, 0).data(Qt.ItemDataRole.ForegroundRole) is not None
    dialog.view.selectRow(0)
    assert ok.isEnabled() and present(dialog.choice()).cost == 10
    house_rules = ArmouryDialog(
        list_ruleset,
        "weapons",
        300,
        "Nib",
        fighter=greenhorn,
        house="orlock",
        ignore_restrictions=True,
    )
    qtbot.addWidget(house_rules)
    house_rules.view.selectRow(2)
    assert house_rules.choice() is not None and "house rules:" in house_rules.price.text()


def test_new_fighter_offers_the_houses_additions_and_a_beasts_owner(
    qtbot, n23: Ruleset, gang: Gang
) -> None:
    # Fighters with ids, as a stored gang's: a beast's owner is chosen by id.
    fighters = provisional_ids(gang.fighters)
    dialog = NewFighterDialog(n23, gang.house, 430, fighters=fighters)
    qtbot.addWidget(dialog)
    labels = [dialog.type.itemText(i) for i in range(dialog.type.count())]
    assert "Ambot (Brute, 0-2, 185 credits)" in labels  # Orlock's price
    assert not any(label.startswith("Khimerix") for label in labels)  # Escher only
    qtbot.keyClicks(dialog.name, "Rex")
    dialog.type.setCurrentIndex(labels.index("Cyber-mastiff (Exotic Beast, 0-3, 100 credits)"))
    owners = [dialog.owner.itemText(i) for i in range(dialog.owner.count())]
    assert [o.split(" (")[0] for o in owners] == ["Mags Varga", "Dex Hollow"]
    assert dialog.owner.isEnabled()
    dialog.owner.setCurrentIndex(1)
    dialog.grab().save(str(SCREENSHOTS / "new-fighter-beast-owner.png"))
    choice = dialog.choice()
    dex = next(f for f in fighters if f.name == "Dex Hollow")
    assert dex.id is not None and dialog.owner.itemData(1) == dex.id
    assert (choice.fighter.type, choice.fighter.owner_id, choice.fighter.cost) == (
        "Cyber-mastiff",
        dex.id,
        100,
    )
    dialog.type.setCurrentIndex(labels.index("Rogue Doc (Hanger-on, 0-2, 50 credits)"))
    assert not dialog.owner.isEnabled()


def test_new_fighter_refuses_one_past_the_limit(qtbot, n23: Ruleset, gang: Gang) -> None:
    from gangmanager.rules.roster_ops import recruit

    servitor = n23.fighter_type(gang.house, "Servitor")
    assert servitor is not None
    fighters = [*gang.fighters, recruit(servitor, "Old Iron", n23)]
    dialog = NewFighterDialog(n23, gang.house, 430, fighters=fighters)
    qtbot.addWidget(dialog)
    qtbot.keyClicks(dialog.name, "New Iron")
    labels = [dialog.type.itemText(i) for i in range(dialog.type.count())]
    dialog.type.setCurrentIndex(labels.index("Servitor (Brute, 0-1, 230 credits)"))
    _ok(qtbot, present(dialog.findChild(QDialogButtonBox)))
    assert dialog.message.text() == "at most 1 Servitor may join; the gang has 1"
    assert dialog.result() != QDialog.DialogCode.Accepted
    dialog.grab().save(str(SCREENSHOTS / "new-fighter-limit-refused.png"))


def test_modifier_dialog_refuses_an_advancement_without_the_xp_before_closing(
    qtbot, n23: Ruleset, gang: Gang
) -> None:
    rook = present(gang.fighter("Rook")).model_copy(update={"xp": 2})
    dialog = ModifierDialog(rook, n23)
    qtbot.addWidget(dialog)
    dialog.show()
    texts = [dialog.advancements.item(i).text() for i in range(dialog.advancements.count())]
    dialog.advancements.setCurrentRow(texts.index("Ballistic Skill +1: 6 XP, +20 credits"))
    _ok(qtbot, dialog.buttons)
    assert dialog.isVisible() and dialog.result() != QDialog.DialogCode.Accepted
    assert dialog.message.text().endswith("costs 6 XP; Rook has only 2")
    assert dialog.advancements.currentRow() == texts.index("Ballistic Skill +1: 6 XP, +20 credits")
    qtbot.keyClick(dialog.spend_xp, Qt.Key.Key_Space)  # granted, not bought: no XP needed
    _ok(qtbot, dialog.buttons)
    assert dialog.result() == QDialog.DialogCode.Accepted


def test_a_custom_item_the_gang_cannot_pay_is_refused_before_closing(qtbot) -> None:
    dialog = ItemDialog(10)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.keyClicks(dialog.name, "Lucky charm")
    dialog.cost.setValue(25)
    _ok(qtbot, dialog.buttons)
    assert dialog.isVisible() and dialog.result() != QDialog.DialogCode.Accepted
    assert dialog.message.text().startswith("it costs 25 credits; the gang has only 10")
    assert dialog.name.text() == "Lucky charm"
    qtbot.keyClick(dialog.pay, Qt.Key.Key_Space)  # a gift: nothing paid
    _ok(qtbot, dialog.buttons)
    assert dialog.result() == QDialog.DialogCode.Accepted
