"""A gang of a pack with an invented statline on the screens (issue 25): the main
window's roster and card editor, the modifier dialog, the founding wizard's list and
a battle tile show its nine codes and values and none of n23's.

The gangs are stored and read back (the store keeps each profile by its statline), so
the window shows them as it shows any gang.
The pictures go to docs/screenshots/ (statline-*.png) with GANGMANAGER_SCREENSHOTS=1.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QGridLayout, QLabel, QLineEdit, QTableWidget

from gangmanager.gui.battle.fighter_tile import FighterTile
from gangmanager.gui.main_window import MainWindow
from gangmanager.gui.roster.modifier_dialog import ModifierDialog
from gangmanager.gui.roster.new_gang_wizard import NewGangWizard
from gangmanager.persistence.database import Database
from gangmanager.rules import roster_ops
from gangmanager.rules.battle_table import fighter_track
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.modifiers import Modifier
from gangmanager.rules.ruleset import Ruleset
from gangmanager.services import gangs
from gangmanager.services.rulesets import Rulesets

from ..invented_pack import CODES9, PACK_ID, write_pack
from .roster_helpers import open_window
from .screenshot_dir import screenshot_dir
from .widget_reading import column_of, columns_of

SCREENSHOTS = screenshot_dir()
N23_CODES = ("M", "WS", "BS", "S", "T", "W", "I", "A", "Ld", "Cl", "Wil", "Int")
LEAD, TAIL = ["Name", "Type", "Category", "Status"], ["XP", "Rating"]
BOSS_LINE = '4" 3+ 5+ 5 4 2 4+ 8+ 3'


@pytest.fixture
def rulesets(tmp_path: Path) -> Rulesets:
    write_pack(tmp_path / "data" / "rulesets")
    return Rulesets(tmp_path / "data")


@pytest.fixture
def mutant(rulesets: Rulesets) -> Ruleset:
    return rulesets.get(PACK_ID)


def sump_gang(ruleset: Ruleset, gang_id: int | None, *, hired: bool = False) -> Gang:
    """Two Sump Bosses (one with a modifier of the nine), and with `hired` a Hired Gun
    of the pack's fighter statline (n23's twelve); with ids 1, 2, 3 when `gang_id` is
    given (a gang in memory), else none (a gang to store)."""
    kind = ruleset.fighter_type("sump", "Sump Boss")
    assert kind is not None
    table = ruleset.statline("mutant")
    boss = roster_ops.recruit(kind, "Grot", ruleset, house="sump")
    glands = roster_ops.line_modifier("Glands", "Pow: +1, Nrv: +2", table=table)
    ids = (1, 2, 3) if gang_id is not None else (None, None, None)
    boss = boss.model_copy(update={"id": ids[0], "modifiers": [glands], "xp": 20})
    other = roster_ops.recruit(kind, "Sludge", ruleset, house="sump")
    fighters: list[Fighter] = [boss, other.model_copy(update={"id": ids[1]})]
    if hired:
        gun = next(t for t in ruleset.gang_additions if t.statline == "fighter")
        fighters.append(
            roster_ops.recruit(gun, "Hired", ruleset, house="sump").model_copy(
                update={"id": ids[2]}
            )
        )
    return Gang(id=gang_id, name="Sump Rats", house="sump", ruleset=PACK_ID, fighters=fighters)


@pytest.fixture
def shown(
    qtbot, db: Database, rulesets: Rulesets, settings: QSettings, monkeypatch
) -> Iterator[tuple[MainWindow, dict[str, Gang]]]:
    """The window on a stored gang of the invented pack, its Boss selected; `shown[1]`
    holds the stored gangs as read back: "rats" (two Bosses) and "hired" (the same with
    a Hired Gun of the pack's fighter statline)."""
    mutant = rulesets.get(PACK_ID)
    stored: dict[str, Gang] = {}
    for key, hired in (("rats", False), ("hired", True)):
        gang = sump_gang(mutant, None, hired=hired)
        if hired:
            gang = gang.model_copy(update={"name": "Sump Rats and their Gun"})
        stored[key] = gangs.add_gang(db, rulesets, gang).gang
    window = open_window(qtbot, db, rulesets, settings, monkeypatch)
    rats = stored["rats"]
    assert rats.id is not None
    window.select_gang(rats.id, rats.fighters[0].id)
    yield window, stored
    window.close()


def settle() -> None:
    for _ in range(6):
        QApplication.processEvents()


def headers(window: MainWindow) -> list[object]:
    model = window.roster_model
    return [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]


def cell_text(table: QTableWidget, row: int, column: int) -> str:
    item = table.item(row, column)
    assert item is not None, (row, column)
    return item.text()


def header_text(table: QTableWidget, column: int) -> str:
    item = table.horizontalHeaderItem(column)
    assert item is not None, column
    return item.text()


def grid_text(grid: QGridLayout, row: int, column: int) -> str:
    item = grid.itemAtPosition(row, column)
    label = item.widget() if item is not None else None
    assert isinstance(label, QLabel), (row, column)
    return label.text()


def test_the_roster_and_the_card_show_the_nine(shown, qtmodeltester, mutant: Ruleset) -> None:
    window, _ = shown
    model = window.roster_model
    qtmodeltester.check(model)
    assert headers(window) == [*LEAD, *CODES9, *TAIL]
    row = [model.index(0, c).data() for c in columns_of(model, CODES9)]
    assert row == ['4"', "3+", "5+", "6", "4", "2", "4+", "6+", "3"]  # Pow +1, Nrv +2 applied
    pow_cell = model.index(0, column_of(model, "Pow"))
    assert pow_cell.data(Qt.ItemDataRole.FontRole).bold()
    assert "Glands" in pow_cell.data(Qt.ItemDataRole.ToolTipRole)
    assert model.index(1, column_of(model, "Pow")).data() == "5"
    assert model.index(0, model.rating_column).data() == "90"

    editor = window.editor
    assert list(editor.profile.fields) == list(CODES9)
    assert " ".join(editor.profile.fields[c].text() for c in CODES9) == BOSS_LINE
    assert editor.profile.effective["Nrv"].text() == "6+"
    assert editor.profile.summary.text() == "Modifiers: Pow: +1, Nrv: +2"
    assert "Glands: Pow: +1, Nrv: +2" in editor.modifiers.item(0).text()
    # The new boxes are in the card's tab order, between the portrait and the weapons.
    chain = editor.tab_chain
    at = chain.index(editor.profile.fields["Mv"])
    assert chain[at : at + 9] == [editor.profile.fields[c] for c in CODES9]
    assert chain[at + 9] is editor.weapons
    settle()
    for size in ((1366, 768), (1024, 640)):
        window.resize(*size)
        settle()
        tag = f"{size[0]}x{size[1]}"
        assert window.grab().save(str(SCREENSHOTS / f"statline-main-{tag}.png"))
        assert window.editor.grab().save(str(SCREENSHOTS / f"statline-card-{tag}.png"))


def test_a_box_of_the_nine_is_checked_against_its_own_limits(shown) -> None:
    window, _ = shown
    profile = window.editor.profile
    box = profile.fields["Nrv"]
    box.setText("13+")
    box.textEdited.emit("13+")
    assert "Nrv: 13+ is outside 3+ (best) to 12+" in (profile.error("Nrv") or "")
    assert "profile_WS" not in {f.objectName() for f in profile.fields.values()}


def test_fighters_of_two_statlines_share_the_roster(shown, qtmodeltester, mutant) -> None:
    """The pack's fighter statline first (n23's twelve), then the nine: each fighter's
    values under their own codes, empty under the other statline's."""
    window, stored = shown
    hired = stored["hired"]
    assert hired.id is not None
    window.select_gang(hired.id, hired.fighters[2].id)
    model = window.roster_model
    qtmodeltester.check(model)
    assert headers(window) == [*LEAD, *N23_CODES, *CODES9, *TAIL]
    boss = [model.index(0, column_of(model, c)).data() for c in (*N23_CODES, *CODES9)]
    assert boss[:12] == [""] * 12 and boss[12] == '4"'
    hired = [model.index(2, column_of(model, c)).data() for c in (*N23_CODES, *CODES9)]
    assert all(hired[:12]) and hired[12:] == [""] * 9
    assert model.index(0, column_of(model, "M")).data(Qt.ItemDataRole.ToolTipRole) is None
    # The card of the Hired Gun has the twelve boxes, and the Boss's the nine again.
    assert list(window.editor.profile.fields) == list(N23_CODES)
    window.resize(1366, 768)
    settle()
    assert window.grab().save(str(SCREENSHOTS / "statline-main-two-statlines-1366x768.png"))
    window.roster_view.selectRow(0)
    profile = window.editor.profile
    assert list(profile.fields) == list(CODES9)
    # The twelve boxes are gone from sight at once, not when the event loop deletes them.
    QApplication.processEvents()  # the new boxes show, the old are not deleted yet
    shown_boxes = [box for box in profile.findChildren(QLineEdit) if box.isVisible()]
    assert shown_boxes == list(profile.fields.values())


def test_the_modifier_dialog_reads_the_fighters_statline(qtbot, mutant: Ruleset) -> None:
    boss = sump_gang(mutant, 1).fighters[0]
    dialog = ModifierDialog(boss, mutant)
    qtbot.addWidget(dialog)
    names = [dialog.advancements.item(i).text() for i in range(dialog.advancements.count())]
    assert any(n.startswith("Power +1") for n in names)
    assert not any("Ballistic" in n or "Weapon Skill" in n for n in names)
    assert dialog.line.placeholderText() == "Mv: +1, Aim: +1, Nrv: +1, Wit: +1"
    dialog.tabs.setCurrentIndex(dialog.LINE)
    dialog.source.setText("Scar")
    dialog.line.setText("Hide: +1")
    dialog._on_line_text_edited("Hide: +1")
    assert dialog.reading.text() == "Reads as Hide: +1"
    assert dialog.choice().modifier == Modifier.read(
        {"source": "Scar", "kind": "manual", "changes": {"Hide": 1}}, mutant.statline("mutant")
    )
    dialog.line.setText("BS: +1")
    with pytest.raises(roster_ops.RosterError, match="unknown characteristic 'BS'"):
        dialog.choice()


def test_the_founding_list_has_the_columns_of_its_statlines(qtbot, rulesets, mutant) -> None:
    from gangmanager.gui.common.messages import Messages

    wizard = NewGangWizard(rulesets, Messages(None))
    qtbot.addWidget(wizard)
    draft = wizard.recruit_page._draft
    draft.ruleset, draft.house = mutant, "sump"
    page = wizard.recruit_page
    page.initializePage()
    titles = [header_text(page.types, c) for c in range(page.types.columnCount())]
    # The house's Sump Boss (the nine) and the pack's Hangers-on and Hired Guns (twelve).
    assert titles == ["Type", "Category", "Cost", *N23_CODES, *CODES9]
    boss = next(
        r for r in range(page.types.rowCount()) if cell_text(page.types, r, 0) == "Sump Boss"
    )
    cells = [cell_text(page.types, boss, c) for c in range(3, page.types.columnCount())]
    assert cells == [""] * 12 + BOSS_LINE.split()


def test_a_battle_tile_shows_the_nine(qtbot, mutant: Ruleset) -> None:
    boss = sump_gang(mutant, 1).fighters[0]
    track = fighter_track(mutant, boss)
    tile = FighterTile(track, mutant.ammo.term)
    qtbot.addWidget(tile)
    assert list(tile.profile_values) == list(CODES9)
    assert [tile.profile_values[c].text() for c in CODES9] == [
        '4"', "3+", "5+", "6", "4", "2", "4+", "6+", "3",
    ]  # fmt: skip
    codes = [grid_text(tile.profile_grid, 0, column) for column in range(len(CODES9))]
    assert codes == list(CODES9)
    # No Wounds in the nine: one wound to lose, and no Toughness for Flesh Wounds.
    assert track.max_wounds == 1 and track.wounds == 1
    track.flesh_wounds = 1
    tile.update_from(track)
    assert not any(tile.profile_values[c].font().bold() for c in CODES9)
    tile.resize(560, tile.sizeHint().height())
    tile.show()
    settle()
    assert tile.grab().save(str(SCREENSHOTS / "statline-battle-tile.png"))


def test_an_injury_of_codes_the_nine_lack_changes_nothing(qtbot, mutant: Ruleset) -> None:
    from gangmanager.gui.roster.injury_dialog import InjuryDialog

    boss = sump_gang(mutant, 1).fighters[0]
    dialog = InjuryDialog(boss, mutant)
    qtbot.addWidget(dialog)
    dialog.name.setText("Eye Injury")  # BS -1 in n23's table
    dialog.with_modifier.setChecked(True)
    choice = dialog.choice()
    assert choice is not None and choice.modifier is not None
    assert choice.modifier.changes == {}
