"""The window's editors take the bounds the app stores (rules.limits): a value an
import or a post-battle may store is shown as it is, never clamped by a box."""

from __future__ import annotations

from gangmanager.gui.main_window import MainWindow
from gangmanager.gui.roster.gang_details_dialog import GangDetailsDialog
from gangmanager.gui.roster.new_fighter_dialog import NewFighterDialog
from gangmanager.rules.limits import MAX_AMOUNT, MAX_FIGHTER_NAME_CHARS, MAX_GANG_NAME_CHARS
from gangmanager.services import roster

from ..narrowing import present
from .roster_helpers import select_fighter, stored_fighter


def test_the_fighter_card_shows_big_stored_values_unclamped(qtbot, window: MainWindow) -> None:
    gang = window.gang
    assert gang is not None and gang.id is not None
    rook = gang.fighters[0]
    fields = {"xp": 20_000, "cost": 150_000}
    assert window.run(roster.EditFighter(gang.id, present(rook.id), fields)) is not None
    select_fighter(qtbot, window, rook.name)
    assert (window.editor.xp.value(), window.editor.cost.value()) == (20_000, 150_000)
    assert window.editor.xp.maximum() == window.editor.cost.maximum() == MAX_AMOUNT
    assert window.editor.name.maxLength() == MAX_FIGHTER_NAME_CHARS
    stored = stored_fighter(window, rook.name)
    assert (stored.xp, stored.cost) == (20_000, 150_000)


def test_the_dialogs_take_the_same_bounds(qtbot, window: MainWindow) -> None:
    assert window.gang is not None
    ruleset = window.rulesets.get(window.gang.ruleset)
    details = GangDetailsDialog(window.gang)
    qtbot.addWidget(details)
    assert details.credits.maximum() == details.reputation.maximum() == MAX_AMOUNT
    assert details.name.maxLength() == MAX_GANG_NAME_CHARS
    recruit = NewFighterDialog(ruleset, window.gang.house, window.gang.credits)
    qtbot.addWidget(recruit)
    assert recruit.cost.maximum() == MAX_AMOUNT
    assert recruit.name.maxLength() == MAX_FIGHTER_NAME_CHARS
