"""The roster's Take advancement (issue 26): an n26 fighter owed an advancement at a rank
takes it from the Fighter menu, no XP spent, one undo step; none owed, or a spend-XP
gang, is told so in one line.

The dialog's picture goes to docs/screenshots/n26-take-advancement.png with
GANGMANAGER_SCREENSHOTS=1."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDialogButtonBox

from gangmanager.gui.main_window import MainWindow
from gangmanager.gui.roster.take_advancement_dialog import TakeAdvancementDialog, TakenChoice
from gangmanager.persistence.database import Database
from gangmanager.rules.gang import Gang
from gangmanager.rules.rank_advancements import owed
from gangmanager.rules.roster_ops import recruit
from gangmanager.services import gangs
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present
from .roster_helpers import open_window, recorder, select_fighter, stored_fighter
from .screenshot_dir import screenshot_dir


def _n26_gang(rulesets: Rulesets, nyx_xp_above_start: int) -> Gang:
    n26 = rulesets.get("n26")
    sister = present(n26.fighter_type("escher", "Gang Sister"))
    start = present(sister.starting_xp)
    nyx = recruit(sister, "Nyx", n26).model_copy(update={"xp": start + nyx_xp_above_start})
    return Gang(name="Wyld", house="escher", ruleset="n26", credits=50, fighters=[nyx])


@pytest.fixture
def n26_window(
    qtbot, db: Database, rulesets: Rulesets, settings: QSettings, monkeypatch
) -> Iterator[MainWindow]:
    # Gang Sister from 13 XP; 19 begins the next rank: one advancement owed.
    stored = gangs.add_gang(db, rulesets, _n26_gang(rulesets, 6)).gang
    win = open_window(qtbot, db, rulesets, settings, monkeypatch)
    win.select_gang(present(stored.id))
    yield win
    win.close()


def _take(qtbot, window: MainWindow) -> None:
    shift_ctrl = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(window, Qt.Key.Key_K, shift_ctrl)


def test_take_an_owed_advancement_from_the_fighter_menu_then_undo(
    qtbot, n26_window: MainWindow, monkeypatch, rulesets: Rulesets
) -> None:
    n26 = rulesets.get("n26")
    select_fighter(qtbot, n26_window, "Nyx")
    before = stored_fighter(n26_window, "Nyx")
    assert owed(n26, "escher", before) == 1
    monkeypatch.setattr(TakeAdvancementDialog, "ask", lambda *a: TakenChoice("t", None))
    _take(qtbot, n26_window)
    after = stored_fighter(n26_window, "Nyx")
    assert after.xp == before.xp and owed(n26, "escher", after) == 0
    table = n26.table_for(after.profile)
    toughness = present(before.effective(table).values["T"])
    assert after.effective(table).values["T"] == int(toughness) + 1
    assert n26_window.undo_action.text().startswith("&Undo Take advancement Toughness +1")
    n26_window.undo_action.trigger()
    assert stored_fighter(n26_window, "Nyx") == before
    # Taken, nothing more is owed: said in one line, no dialog.
    n26_window.redo_action.trigger()
    _take(qtbot, n26_window)
    told = recorder(n26_window).told
    assert told[-1].startswith("Nyx owes no advancement at 19 XP (Gang Member)")


def test_the_dialog_offers_the_pack_s_list_and_the_type_s_skills(qtbot, rulesets: Rulesets) -> None:
    n26 = rulesets.get("n26")
    gang = _n26_gang(rulesets, 6)
    dialog = TakeAdvancementDialog(gang.fighters[0], n26, gang)
    qtbot.addWidget(dialog)
    assert "1 advancement owed" in dialog.owed.text()
    names = [dialog.advancement.itemText(i) for i in range(dialog.advancement.count())]
    assert names[0] == "Leadership +1 (+5 credits)" and "Save +1 (+20 credits)" in names
    assert not dialog.skill.isEnabled()
    dialog.advancement.setCurrentIndex(dialog.advancement.findData("primary_chosen"))
    skills = [dialog.skill.itemText(i) for i in range(dialog.skill.count())]
    assert skills and all(s.startswith(("Agility: ", "Finesse: ")) for s in skills)
    dialog.skill.setCurrentIndex(dialog.skill.findData("Dodge"))
    assert dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    assert dialog.choice() == TakenChoice("primary_chosen", "Dodge")
    dialog.show()
    dialog.grab().save(str(screenshot_dir() / "n26-take-advancement.png"))


def test_a_spend_xp_gang_is_pointed_to_add_modifier(qtbot, window: MainWindow) -> None:
    select_fighter(qtbot, window, "Rook")
    _take(qtbot, window)
    assert recorder(window).told[-1].startswith("The n23 pack spends XP on advancements")
