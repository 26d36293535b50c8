"""The window never overwrites a newer save: an edit made against the gang as shown
is refused when the command line (or another window) saved the gang since; the
window reloads and says what changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from PySide6.QtCore import QSettings

from gangmanager.cli import main
from gangmanager.gui.main_window import MainWindow
from gangmanager.gui.roster.gang_details_dialog import GangDetailsDialog
from gangmanager.persistence.database import open_database
from gangmanager.services import gangs, roster
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present
from .roster_helpers import recorder, seed, stored_gang


def _post_battle_from_the_command_line(window: MainWindow, tmp_path: Path) -> None:
    """A win worth 75 credits, applied by `gangmanager post-battle` to the same file."""
    assert window.gang is not None and window.database.path is not None
    draft = tmp_path / "win.json"
    draft.write_text(json.dumps({"result": "win", "credits": 75}), encoding="utf-8")
    argv = ["--db", str(window.database.path), "post-battle", window.gang.name, str(draft)]
    assert main(argv) == 0


def test_a_stale_details_edit_is_refused_and_the_window_reloads(
    qtbot, window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown = window.gang
    assert shown is not None
    _post_battle_from_the_command_line(window, tmp_path)
    saved = stored_gang(window)
    assert saved.credits == shown.credits + 75
    # The player, looking at the old figure, sets the credits to 10 more than shown.
    monkeypatch.setattr(GangDetailsDialog, "ask", lambda *a: {"credits": shown.credits + 10})
    window.details_action.trigger()

    told = recorder(window).told
    assert len(told) == 1 and told[0].startswith("changed by someone else — reload")
    assert f"credits {shown.credits} → {saved.credits}" in told[0]
    assert stored_gang(window) == saved  # the command line's 75 credits are kept
    assert window.gang == saved  # and the window shows them
    assert window.undo_stack.count() == 0
    # Made again against what is shown now, the edit is saved.
    monkeypatch.setattr(GangDetailsDialog, "ask", lambda *a: {"credits": saved.credits + 10})
    window.details_action.trigger()
    assert stored_gang(window).credits == saved.credits + 10


def test_a_stale_fighter_edit_is_refused(qtbot, window: MainWindow, tmp_path: Path) -> None:
    shown = window.gang
    assert shown is not None and shown.id is not None
    _post_battle_from_the_command_line(window, tmp_path)
    saved = stored_gang(window)
    fighter = shown.fighters[0]
    assert (
        window.run(roster.EditFighter(shown.id, present(fighter.id), {"xp": fighter.xp + 3}))
        is None
    )
    assert recorder(window).told[0].startswith("changed by someone else — reload")
    assert stored_gang(window) == saved


def test_gang_details_never_write_a_field_left_alone(qtbot, window: MainWindow) -> None:
    """Credits and reputation beyond the old boxes' ranges were clamped and written."""
    assert window.gang is not None
    rich = window.gang.model_copy(update={"credits": 2_500_000, "reputation": 4000})
    dialog = GangDetailsDialog(rich)
    qtbot.addWidget(dialog)
    dialog.notes.setPlainText(rich.notes + " and more")
    assert dialog.changed_fields() == {"notes": rich.notes + " and more"}


def test_a_stale_edit_between_two_connections(
    qtbot,
    database_url: str,
    rulesets: Rulesets,
    settings: QSettings,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The window on one connection, another player on another: SQLite and PostgreSQL."""
    mine, theirs = open_database(database_url), open_database(database_url)
    try:
        stored = seed(mine, rulesets)
        assert stored.id is not None
        window = MainWindow(mine, rulesets, settings)
        qtbot.addWidget(window)
        told: list[str] = []
        monkeypatch.setattr(window.messages, "tell", lambda text, title="": told.append(text))
        window.select_gang(stored.id)
        shown = window.gang
        assert shown is not None
        roster.apply(theirs, roster.EditGang(stored.id, {"credits": shown.credits + 75}), rulesets)
        monkeypatch.setattr(GangDetailsDialog, "ask", lambda *a: {"credits": 0})
        window.details_action.trigger()
        assert len(told) == 1 and told[0].startswith("changed by someone else — reload")
        assert gangs.load_gang(theirs, str(stored.id)).credits == shown.credits + 75
        assert window.gang is not None and window.gang.credits == shown.credits + 75
        window.close()
    finally:
        theirs.close()
        mine.close()
