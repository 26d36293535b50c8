"""The fighter card is built just after the window's first paint (docs/performance.md),
and then offers what it offered when it was built with the window."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

from gangmanager.gui.main_window import MainWindow
from gangmanager.persistence.database import Database
from gangmanager.services import gangs
from gangmanager.services.databases import open_url, sqlite_url
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from .qt_narrowing import action_menu
from .roster_helpers import seed


def _fighter_menu(window: MainWindow) -> list[str]:
    menu = next(action_menu(a) for a in window.menuBar().actions() if a.text() == "F&ighter")
    return ["-" if a.isSeparator() else a.text().replace("&", "") for a in menu.actions()]


def test_the_card_comes_after_the_first_paint(
    qtbot, db: Database, rulesets: Rulesets, settings: QSettings
) -> None:
    seed(db, rulesets)
    window = MainWindow(db, rulesets, settings)
    qtbot.addWidget(window)
    assert not window.editor_built  # not part of building the window
    selected = window.fighter
    assert selected is not None  # the first fighter is selected before the card exists
    assert "Add injury..." not in _fighter_menu(window)
    window.show()
    qtbot.waitUntil(lambda: window.editor_built)
    assert window.editor.fighter == selected
    assert window.editor_area.widget() is window.editor
    items = _fighter_menu(window)
    # Take advancement... (a ranks pack's) may sit between them.
    assert (
        items.index("Add skill...")
        < items.index("Add injury...")
        <= items.index("Add skill...") + 2
    )
    assert window.editor.add_injury_action.isEnabled()


def test_the_card_is_built_when_asked_for_before_any_paint(
    qtbot, db: Database, rulesets: Rulesets, settings: QSettings
) -> None:
    seed(db, rulesets)
    window = MainWindow(db, rulesets, settings)
    qtbot.addWidget(window)
    editor = window.editor  # a test, a shortcut or the Fighter menu before the paint
    assert window.editor_built and editor.fighter == window.fighter is not None
    window.show()
    qtbot.waitExposed(window)
    assert window.editor is editor  # built once


def test_the_engine_is_made_while_the_first_screen_is_read(
    qtbot, tmp_path: Path, rulesets: Rulesets
) -> None:
    """The first screen is read without SQLAlchemy; the first click must not pay for it."""
    url = sqlite_url(tmp_path / "gangs.sqlite")
    with open_url(url) as db:
        gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23")))
    db = open_url(url)
    assert not db.has_engine  # a checked file at head opens without one
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(db, rulesets, settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: db.has_engine, timeout=5000)
    window.close()
    db.close()
