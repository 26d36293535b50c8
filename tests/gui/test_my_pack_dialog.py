"""Rules > My pack... (issue 26): make your pack, fill in an entry, save it; the pack
offers it at once, and a value the pack refuses is one line with nothing typed lost."""

from __future__ import annotations

from pathlib import Path

import pytest

from gangmanager.gui.rules.entry_forms import FighterTypeForm, WargearForm
from gangmanager.gui.rules.my_pack_dialog import NO_PACK, MyPackDialog
from gangmanager.gui.rules.weapon_form import WeaponForm
from gangmanager.rules.ruleset import FIGHTER_STATLINE
from gangmanager.services import user_packs
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present

GUN = {"rng_s": '8"', "rng_l": '16"', "acc_s": "+1", "acc_l": "-", "str": "3"}
GUN |= {"ap": "-", "d": "1", "am": "5+"}


@pytest.fixture
def mine(tmp_path: Path) -> Rulesets:
    return Rulesets(tmp_path / "data")


def _dialog(qtbot, rulesets: Rulesets) -> MyPackDialog:
    dialog = MyPackDialog(rulesets)
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def _made(qtbot, rulesets: Rulesets, base: str = "n23", name: str = "club") -> MyPackDialog:
    dialog = _dialog(qtbot, rulesets)
    dialog.base.setCurrentText(base)
    dialog.new_name.setText(name)
    dialog.make.click()
    return dialog


def _form(dialog: MyPackDialog, tab: int) -> object:
    dialog.tabs.setCurrentIndex(tab)
    return dialog.form()


def test_without_a_pack_the_dialog_says_make_one(qtbot, mine: Rulesets) -> None:
    dialog = _dialog(qtbot, mine)
    assert dialog.message.text() == NO_PACK
    assert not dialog.save.isEnabled() and dialog.tabs.count() == 0
    dialog.base.setCurrentText("n23")
    dialog.new_name.setText("Our Club!")
    dialog.make.click()
    assert "is not a pack name" in dialog.message.text()
    assert dialog.new_name.text() == "Our Club!"
    assert dialog.pack.count() == 0


def test_a_made_pack_is_chosen_and_its_forms_drawn(qtbot, mine: Rulesets) -> None:
    dialog = _made(qtbot, mine)
    assert dialog.pack.currentText() == "club (extends n23)"
    assert "Made club, which extends n23" in dialog.message.text()
    assert [dialog.tabs.tabText(i) for i in range(3)] == ["&Fighter type", "&Weapon", "W&argear"]
    form = _form(dialog, 0)
    assert isinstance(form, FighterTypeForm)
    codes = mine.get("n23").statline(FIGHTER_STATLINE).codes
    assert list(form.stats) == list(codes)


def test_a_fighter_type_is_saved_and_offered_at_once(qtbot, mine: Rulesets) -> None:
    dialog = _made(qtbot, mine)
    form = _form(dialog, 0)
    assert isinstance(form, FighterTypeForm)
    form.house.setCurrentIndex(form.house.findData("escher"))
    assert form.stats["M"].text() == '5"'  # started from the house's Sister
    form.name.setText("Wyld Witch")
    form.category.setCurrentIndex(form.category.findData("champion"))
    form.cost.setValue(110)
    form.stats["WS"].setText("3+")
    dialog.save.click()
    assert dialog.message.text() == "Saved the fighter type Wyld Witch to club: in use now."
    witch = present(mine.get("club").fighter_type("escher", "Wyld Witch"))
    assert (witch.cost, witch.category.value, witch.profile["WS"]) == (110, "champion", 3)


def test_a_value_out_of_range_is_one_line_and_the_form_keeps_it(qtbot, mine: Rulesets) -> None:
    dialog = _made(qtbot, mine)
    form = _form(dialog, 0)
    assert isinstance(form, FighterTypeForm)
    form.name.setText("Wyld Strider")
    form.stats["M"].setText('12"')
    dialog.save.click()
    text = dialog.message.text()
    assert text.startswith("Not saved: ") and 'M 12" is outside 8" (best)' in text
    assert "\n" not in text
    assert (form.name.text(), form.stats["M"].text()) == ("Wyld Strider", '12"')
    assert mine.get("club").fighter_type("escher", "Wyld Strider") is None
    form.stats["M"].clear()
    dialog.save.click()
    assert dialog.message.text().startswith("Not saved: M: give a value (Movement: best 8")


def test_a_weapon_takes_its_traits_from_the_pack(qtbot, qtmodeltester, mine: Rulesets) -> None:
    dialog = _made(qtbot, mine)
    form = _form(dialog, 1)
    assert isinstance(form, WeaponForm)
    dialog.save.click()
    assert dialog.message.text() == "Not saved: give the weapon a name"
    form.name.setText("Scrap carbine")
    form.cost.setValue(20)
    known = {t.name for t in mine.get("club").traits}
    assert {form.trait.itemText(i) for i in range(form.trait.count())} == known
    for code, text in GUN.items():
        form.columns[code].setText(text)
    form.trait.setCurrentText("Rapid Fire")
    assert form.trait_value.isEnabled()
    form.trait_value.setText("1")
    form.add_trait.click()
    form.trait.setCurrentText("Knockback")
    assert not form.trait_value.isEnabled()  # a trait without a value
    form.add_trait.click()
    assert form.traits.text() == "Rapid Fire (1), Knockback"
    form.add_profile.click()
    qtmodeltester.check(form.profiles)
    model = form.profiles
    assert model.rowCount() == 1
    assert model.index(0, model.columnCount() - 1).data() == "Rapid Fire (1), Knockback"
    assert form.columns["rng_s"].text() == ""  # the editor is free for another profile
    dialog.save.click()
    assert dialog.message.text().startswith("Saved the weapon Scrap carbine")
    gun = present(mine.get("club").weapon_entry("Scrap carbine"))
    assert [t.name for t in gun.profiles[0].traits] == ["Rapid Fire", "Knockback"]
    assert gun.profiles[0].rng_l == '16"'


def test_half_a_profile_is_not_listed(qtbot, mine: Rulesets) -> None:
    dialog = _made(qtbot, mine)
    form = _form(dialog, 1)
    assert isinstance(form, WeaponForm)
    form.columns["rng_s"].setText('8"')
    form.add_profile.click()
    assert dialog.message.text().startswith("rng_l, acc_s")
    assert form.profiles.rowCount() == 0 and form.columns["rng_s"].text() == '8"'


def test_a_wargear_item_is_saved(qtbot, mine: Rulesets) -> None:
    dialog = _made(qtbot, mine)
    form = _form(dialog, 2)
    assert isinstance(form, WargearForm)
    form.name.setText("Scrap plate")
    form.cost.setValue(15)
    form.kind.setCurrentIndex(form.kind.findData("armour"))
    form.save.setValue(5)
    dialog.save.click()
    item = present(mine.get("club").wargear_item("Scrap plate"))
    assert (item.cost, item.kind, item.save) == (15, "armour", 5)
    assert user_packs.diff(mine, "club")[0].name == "Scrap plate"


def test_a_pack_of_the_2026_edition_asks_for_its_own_statline(qtbot, mine: Rulesets) -> None:
    dialog = _made(qtbot, mine, base="n26", name="club26")
    form = _form(dialog, 0)
    assert isinstance(form, FighterTypeForm)
    assert list(form.stats) == list(mine.get("n26").statline(FIGHTER_STATLINE).codes)
    assert len(form.stats) == 13
    form.house.setCurrentIndex(form.house.findData("escher"))
    form.name.setText("Wasteland Sister")
    dialog.save.click()
    assert dialog.message.text().startswith("Saved the fighter type Wasteland Sister")
    added = present(mine.get("club26").fighter_type("escher", "Wasteland Sister"))
    assert list(added.profile.values) == list(form.stats)
    weapon = _form(dialog, 1)
    assert isinstance(weapon, WeaponForm)
    assert list(weapon.columns) == [c.code for c in mine.get("n26").weapon_statline]
