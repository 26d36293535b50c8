"""An n26 gang founded through the wizard in every house the pack lists fighter types
for (read from the pack: a house added later is tested too), found on the roster, and
its card: thirteen characteristics, the pack's weapon columns, rank and subtypes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QWizard

from gangmanager.content import builtin_rulesets_dir, load_ruleset
from gangmanager.gui.main_window import MainWindow
from gangmanager.gui.roster.new_gang_wizard import NewGangWizard
from gangmanager.gui.roster.weapons_model import WeaponsTableModel
from gangmanager.persistence.database import Database
from gangmanager.rules import ranks, ratings, roster_ops
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.services import gangs
from gangmanager.services.rulesets import Rulesets

from ..founding import starting_types
from ..narrowing import present
from .roster_helpers import open_window, select_fighter
from .widget_reading import column_of

N26 = load_ruleset("n26", [builtin_rulesets_dir()])
HOUSES = [h.id for h in N26.houses if h.fighter_types]


def test_the_pack_has_houses_to_found() -> None:
    assert len(HOUSES) >= 2  # Escher and Delaque at least


def _found(qtbot, wizard: NewGangWizard, house_id: str, qtmodeltester) -> Gang:
    """Pick n26 and the house, recruit a starting gang, equip each fighter with the
    cheapest weapon it may take, take recruit skills, Finish: as a player clicks it."""
    page = wizard.gang_page
    page.ruleset.setCurrentIndex(page.ruleset.findData("n26"))
    page.house.setCurrentIndex(page.house.findData(house_id))
    qtbot.keyClicks(page.name, f"Founders of {house_id}")
    assert page.credits.value() == N26.founding_credits
    assert page.economy.isVisibleTo(wizard) and "Trade Points" in page.economy.text()
    wizard.next()
    recruit = wizard.recruit_page
    headers = [
        present(recruit.types.horizontalHeaderItem(c)).text()
        for c in range(recruit.types.columnCount())
    ]
    # The pack's thirteen characteristics after the type, its subtypes, cost and XP.
    assert headers[:4] == ["Type", "Subtypes", "Cost", "XP"]
    assert headers[4:] == [c.code for c in N26.table]
    names = [present(recruit.types.item(r, 0)).text() for r in range(recruit.types.rowCount())]
    for kind in starting_types(N26, house_id):
        row = names.index(kind.name)
        assert present(recruit.types.item(row, 1)).text() == ", ".join(kind.subtypes)
        assert present(recruit.types.item(row, 3)).text() == str(kind.starting_xp or 0)
        recruit.types.selectRow(row)
        qtbot.mouseClick(recruit.recruit, Qt.MouseButton.LeftButton)
    assert recruit.message.text() == "", recruit.message.text()
    wizard.next()
    equip = wizard.equip_page
    for row in range(equip.fighters.count()):
        equip.fighters.setCurrentRow(row)
        qtmodeltester.check(equip.model)
        allowed = [
            equip.model.offer(r)
            for r in range(equip.model.rowCount())
            if equip.model.offer(r).verdict.allowed
            and equip.model.offer(r).verdict.kind == "weapon"
        ]
        if allowed:
            cheapest = min(allowed, key=lambda o: o.price)
            source_row = next(
                r for r in range(equip.model.rowCount()) if equip.model.offer(r) is cheapest
            )
            equip.armoury.selectRow(
                equip.proxy.mapFromSource(equip.model.index(source_row, 0)).row()
            )
            qtbot.mouseClick(equip.buy, Qt.MouseButton.LeftButton)
        while equip.take_skill.isEnabled():
            qtbot.mouseClick(equip.take_skill, Qt.MouseButton.LeftButton)
    assert equip.message.text() == "", equip.message.text()
    wizard.next()
    assert wizard.summary_page.message.text() == "No composition problems."
    qtbot.mouseClick(wizard.button(QWizard.WizardButton.FinishButton), Qt.MouseButton.LeftButton)
    assert wizard.result() == QWizard.DialogCode.Accepted
    return wizard.founded_gang()


@pytest.mark.parametrize("house_id", HOUSES)
def test_a_legal_n26_gang_for_each_house_lands_on_the_roster(
    qtbot, window: MainWindow, rulesets: Rulesets, monkeypatch, qtmodeltester, house_id: str
) -> None:
    founded: list[Gang] = []

    def ask(parent, rulesets_, messages):
        wizard = NewGangWizard(rulesets_, messages, parent)
        qtbot.addWidget(wizard)
        wizard.show()
        founded.append(_found(qtbot, wizard, house_id, qtmodeltester))
        return founded[-1]

    monkeypatch.setattr(NewGangWizard, "ask", ask)
    qtbot.keyClick(
        window,
        Qt.Key.Key_N,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    gang = founded[0]
    house = present(N26.house(house_id))
    # The pack's founding rules: one Leader, enough Gang Fighters, within the credits.
    assert roster_ops.composition_warnings(gang) == []
    assert gang.house == house.name and gang.ruleset == "n26"
    assert 0 <= gang.credits <= N26.founding_credits
    assert gang.rating == ratings.pending_gang_rating(gang) == N26.founding_credits - gang.credits
    stored = gangs.load_gang(window.database, gang.name)
    assert [f.name for f in stored.fighters] == [f.name for f in gang.fighters]
    for fighter in stored.fighters:
        # Recruited with the type's Starting XP: the rank it stands on, nothing owed yet.
        kind = present(N26.fighter_type(house_id, fighter.type))
        assert fighter.xp == (kind.starting_xp or 0)
        assert present(ranks.standing(N26, house_id, fighter)).owed == 0
    roster = window.roster_model
    qtmodeltester.check(roster)
    on_roster = [roster.fighter(r).name for r in range(roster.rowCount())]
    assert on_roster == [f.name for f in stored.fighters]
    leader = stored.fighters[0]
    select_fighter(qtbot, window, leader.name)
    editor = window.editor
    standing = present(ranks.standing(N26, house_id, leader))
    assert editor.standing.isVisibleTo(window)
    assert f"Rank: {standing.rank}" in editor.standing.text()
    assert "Subtypes: Leader" in editor.standing.text()


def n26_fighter() -> Fighter:
    """The house's Leader, recruited, carrying an autogun, 74 XP on a Starting XP of 61."""
    kind = starting_types(N26, HOUSES[0])[0]
    fighter = roster_ops.recruit(kind, "Queen", N26, house=HOUSES[0])
    autogun = present(roster_ops.armoury_entry(N26, "Autogun"))
    return fighter.model_copy(update={"weapons": [roster_ops.armoury_weapon(autogun)], "xp": 74})


@pytest.fixture
def n26_window(
    qtbot, db: Database, rulesets: Rulesets, settings: QSettings, monkeypatch
) -> Iterator[MainWindow]:
    house = present(N26.house(HOUSES[0]))
    gang = Gang(name="Card gang", house=house.name, ruleset="n26", fighters=[n26_fighter()])
    stored = gangs.add_gang(db, rulesets, gang).gang
    win = open_window(qtbot, db, rulesets, settings, monkeypatch)
    win.select_gang(present(stored.id))
    yield win
    win.close()


def test_the_n26_card_shows_the_pack_weapon_columns_and_plain_numbers(
    qtbot, n26_window: MainWindow, qtmodeltester
) -> None:
    window = n26_window
    select_fighter(qtbot, window, "Queen")
    editor = window.editor
    model = editor.weapons_model
    qtmodeltester.check(model)
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers == ["Weapon", *(c.code for c in N26.weapon_statline), "Traits", "Cost"]
    # The profile as the window holds it (the store keeps no Lethality yet: see
    # test_the_weapon_columns_read_the_profiles_fields for the pack's own values).
    profile = present(window.fighter).weapons[0].profiles[0]
    for column in N26.weapon_statline:
        shown = model.index(0, column_of(model, column.code)).data()
        assert shown == profile.value(column.stored_in), column.code
    # The traits column stretches wherever the pack's columns put it.
    header = editor.weapons.horizontalHeader()
    assert header.sectionResizeMode(model.traits_column) == header.ResizeMode.Stretch
    assert model.index(0, model.traits_column).data() == "Rapid Fire (1)"
    # Thirteen boxes: the targets (WS, BS, Sv) read "3+", the plain numbers (I, Ld, Cl,
    # Wil, Int among them) without a "+".
    boxes = editor.profile.fields
    assert list(boxes) == [c.code for c in N26.table]
    targets = {c.code for c in N26.table if c.kind == "d6_target"}
    assert len(targets) == 3
    for code, box in boxes.items():
        assert box.text().endswith("+") == (code in targets), (code, box.text())
    # 74 XP from a Starting XP of 61: the rank begun at 73 owes one advancement.
    fighter = present(window.fighter)
    standing = present(ranks.standing(N26, HOUSES[0], fighter))
    assert standing.owed == 1
    assert f"Rank: {standing.rank} · 1 advancement owed" in editor.standing.text()


def test_the_weapon_columns_read_the_profiles_fields(qtmodeltester) -> None:
    """Each of the pack's columns shows the field it is held in: SR the short range,
    Str the strength, L the Lethality; n23's columns come back for an n23 fighter."""
    model = WeaponsTableModel()
    fighter = n26_fighter()
    model.set_weapons(fighter.weapons, N26)
    qtmodeltester.check(model)
    autogun = present(roster_ops.armoury_entry(N26, "Autogun")).profiles[0]
    shown = {
        column.code: model.index(0, column_of(model, column.code)).data()
        for column in N26.weapon_statline
    }
    assert shown == {
        "SR": autogun.rng_s,
        "LR": autogun.rng_l,
        "Str": autogun.strength,
        "AP": autogun.ap,
        "L": autogun.l,
    }
    assert shown["L"] == "1"
    n23 = load_ruleset("n23", [builtin_rulesets_dir()])
    model.set_weapons([], n23)
    headers = [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]
    assert headers[1:-2] == ["Rng S", "Rng L", "Acc S", "Acc L", "Str", "AP", "D", "Am"]
    qtmodeltester.check(model)
