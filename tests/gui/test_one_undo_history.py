"""The window's Edit menu is a view of the database's one undo history: the command
line (another process) undoes the window's step, and the window follows."""

from __future__ import annotations

import pytest

from PySide6.QtCore import Qt

from gangmanager.cli import main
from gangmanager.gui.main_window import MainWindow
from gangmanager.services import roster

from .roster_helpers import stored_fighter, stored_gang


def _rename(window: MainWindow) -> None:
    gang = stored_gang(window)
    rook = gang.fighter("Rook")
    assert gang.id is not None and rook is not None and rook.id is not None
    window.run(roster.EditFighter(gang.id, rook.id, {"name": "Rookie"}))


def _cli(window: MainWindow, *argv: str) -> int:
    path = window.database.path
    assert path is not None
    return main(["--db", str(path), *argv])


def test_the_command_line_undoes_the_windows_step_and_the_window_follows(
    qtbot, window: MainWindow, capsys: pytest.CaptureFixture[str]
) -> None:
    _rename(window)
    assert window.undo_stack.undoText() == "Rename Rook to Rookie"
    assert _cli(window, "undo") == 0
    assert capsys.readouterr().out == "Undid: Rename Rook to Rookie\n"
    assert stored_fighter(window, "Rook") is not None
    # Back in the window (the application comes to the front): its menu says Redo.
    window.runner._on_app_state_changed(Qt.ApplicationState.ApplicationActive)
    assert window.undo_stack.redoText() == "Rename Rook to Rookie"
    assert not window.undo_stack.canUndo()
    assert window.redo_action.text().endswith("Rename Rook to Rookie")
    # Redone from the window, it is redone for the command line too.
    window.undo_stack.redo()
    assert stored_fighter(window, "Rookie") is not None
    assert _cli(window, "undo", "--json") == 0
    assert '"label": "Rename Rook to Rookie"' in capsys.readouterr().out
    assert stored_fighter(window, "Rook") is not None


def test_an_undo_done_elsewhere_is_not_performed_twice(
    qtbot, window: MainWindow, capsys: pytest.CaptureFixture[str]
) -> None:
    _rename(window)
    gang = stored_gang(window)
    rook = gang.fighter("Rookie")
    assert gang.id is not None and rook is not None and rook.id is not None
    window.run(roster.EditFighter(gang.id, rook.id, {"xp": rook.xp + 3}))
    assert _cli(window, "undo") == 0  # the xp, from the command line
    assert _cli(window, "undo") == 0  # and the rename
    capsys.readouterr()
    # The window did not follow yet: its Ctrl+Z finds both done already, and moves on.
    window.undo_stack.undo()
    window.undo_stack.undo()
    assert window.undo_stack.index() == 0
    assert stored_fighter(window, "Rook").xp == rook.xp
    # Its redo redoes them, once each.
    window.undo_stack.redo()
    window.undo_stack.redo()
    assert stored_fighter(window, "Rookie").xp == rook.xp + 3
    assert _cli(window, "redo") == 2
    assert capsys.readouterr().err == "gangmanager: nothing to redo\n"
