"""An Exotic Beast's card names its owner as they are called now: renaming the owner
in the card editor keeps the beast theirs; removing the owner leaves it without one;
undo puts each back."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from gangmanager.gui.main_window import MainWindow
from gangmanager.rules.fighter_refs import owner_of
from gangmanager.rules.roster_ops import recruit
from gangmanager.services import roster
from gangmanager.services.rulesets import Rulesets

from .roster_helpers import focus, select_fighter, stored_fighter, stored_gang

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def _recruit_rex(window: MainWindow, rulesets: Rulesets) -> None:
    """Rex, a Cyber-mastiff of the Leader's, through the window's runner."""
    n23 = rulesets.get("n23")
    mastiff = next(t for t in n23.gang_additions if t.name == "Cyber-mastiff")
    mags = stored_fighter(window, "Mags Varga")
    assert window.gang is not None and window.gang.id is not None
    rex = recruit(mastiff, "Rex", n23, house="orlock", owner_id=mags.id)
    window.runner.run(roster.AddFighter(window.gang.id, rex), window.undo_stack)


def _rename(qtbot, window: MainWindow, old: str, new: str) -> None:
    select_fighter(qtbot, window, old)
    focus(qtbot, window.editor.name)
    window.editor.name.selectAll()
    qtbot.keyClicks(window.editor.name, new)
    qtbot.keyClick(window.editor.name, Qt.Key.Key_Return)


def test_renaming_the_owner_on_the_card_keeps_the_beast_theirs(
    qtbot, window: MainWindow, rulesets: Rulesets
) -> None:
    _recruit_rex(window, rulesets)
    select_fighter(qtbot, window, "Rex")
    assert window.editor.owner.text() == "Owner: Mags Varga"
    assert window.editor.owner.isVisible()
    _rename(qtbot, window, "Mags Varga", "Mags the Red")
    assert not window.editor.owner.isVisible()  # a Leader has no owner to show
    select_fighter(qtbot, window, "Rex")
    assert window.editor.owner.text() == "Owner: Mags the Red"
    window.editor.grab().save(str(SCREENSHOTS / "beast-owner-renamed.png"))
    gang = stored_gang(window)
    rex = gang.fighter("Rex")
    assert rex is not None and owner_of(rex, gang.fighters) == gang.fighter("Mags the Red")
    window.undo_stack.undo()
    select_fighter(qtbot, window, "Rex")
    assert window.editor.owner.text() == "Owner: Mags Varga"


def test_removing_the_owner_leaves_the_beast_without_one_until_undone(
    qtbot, window: MainWindow, rulesets: Rulesets
) -> None:
    _recruit_rex(window, rulesets)
    mags = stored_fighter(window, "Mags Varga")
    assert window.gang is not None and window.gang.id is not None and mags.id is not None
    window.runner.run(roster.RemoveFighter(window.gang.id, mags.id), window.undo_stack)
    select_fighter(qtbot, window, "Rex")
    assert window.editor.owner.text() == "Owner: none in the gang"
    assert stored_fighter(window, "Rex").owner_id is None
    window.undo_stack.undo()
    select_fighter(qtbot, window, "Rex")
    assert window.editor.owner.text() == "Owner: Mags Varga"
