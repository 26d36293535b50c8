"""A stored gang that does not load never stops the window: it is listed as damaged
and can be renamed or deleted."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QApplication, QLineEdit

from gangmanager.gui.main_window import MainWindow
from gangmanager.persistence.database import Database
from gangmanager.services import gangs
from gangmanager.services.rulesets import Rulesets

from .roster_helpers import focus, open_window, recorder, seed


@pytest.fixture
def window(
    qtbot, db: Database, rulesets: Rulesets, settings: QSettings, monkeypatch
) -> Iterator[MainWindow]:
    """The first gang of the list (by name) holds a blank name, as older versions stored."""
    seed(db, rulesets)
    with db.engine.begin() as conn:
        conn.execute(text("UPDATE gangs SET name = '' WHERE name = 'Cinder Wardens'"))
    win = open_window(qtbot, db, rulesets, settings, monkeypatch)
    yield win
    win.close()


def _damaged_id(window: MainWindow) -> int:
    return next(s.id for s in gangs.list_gangs(window.database) if s.name == "")


def test_the_window_starts_and_lists_the_damaged_gang(window: MainWindow, tmp_path: Path) -> None:
    gang_id = _damaged_id(window)
    assert window.gang is None  # it opened the first gang, which did not load
    shown = window.gang_model.index(0, 0).data()
    assert shown == "⚠ (no name) (damaged)"
    assert window.gang_model.damaged(gang_id) is not None
    assert "damaged" in window.statusBar().currentMessage()
    assert recorder(window).told == []
    assert window.delete_gang_action.isEnabled()
    # docs/screenshots/damaged-gang.png is this picture, taken once and looked at.
    assert window.grab().save(str(tmp_path / "damaged-gang.png"))


def test_a_damaged_gang_can_be_renamed_from_the_list(qtbot, window: MainWindow) -> None:
    gang_id = _damaged_id(window)
    focus(qtbot, window.gang_view)
    qtbot.keyClick(window.gang_view, Qt.Key.Key_F2)
    editor = QApplication.focusWidget()
    assert isinstance(editor, QLineEdit)
    editor.selectAll()
    qtbot.keyClicks(editor, "Cinder Wardens")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: window.header.name.text() == "Cinder Wardens")
    assert window.gang is not None and window.gang.id == gang_id
    assert window.gang_model.damaged(gang_id) is None
    # The rename is an edit like any other: undo puts the damaged row back.
    window.undo_action.trigger()
    assert gangs.list_gangs(window.database)[0].name == ""


def test_a_damaged_gang_can_be_deleted(window: MainWindow) -> None:
    gang_id = _damaged_id(window)
    recorder(window).answers.append("Delete gang")
    window.delete_gang_action.trigger()
    assert gang_id not in [s.id for s in gangs.list_gangs(window.database)]
    assert window.gang is not None and window.gang.name == "The Rust Riders"
