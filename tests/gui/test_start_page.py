"""First start: an empty database opens on a start page; the demo gang says it is one.
The card preview's zoom buttons."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from PySide6.QtCore import QSettings, Qt

from gangmanager.gui.main_window import MainWindow
from gangmanager.persistence.database import open_database, sqlite_url
from gangmanager.services import gangs
from gangmanager.services.demo import first_start_gang, is_demo
from gangmanager.services.rulesets import Rulesets

from .roster_helpers import open_window, recorder


@pytest.fixture
def empty(qtbot, tmp_path: Path, rulesets: Rulesets, monkeypatch) -> Iterator[MainWindow]:
    db = open_database(sqlite_url(tmp_path / "empty.sqlite"))
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = open_window(qtbot, db, rulesets, settings, monkeypatch)
    yield window
    window.close()
    db.close()


def test_an_empty_database_shows_the_start_page(
    qtbot, empty: MainWindow, rulesets: Rulesets, monkeypatch
) -> None:
    assert empty.pages.currentWidget() is empty.start_page
    assert [b.text() for b in empty.start_buttons.values()] == [
        "New gang...",
        "Import...",
        "Open campaign...",
    ]
    qtbot.mouseClick(empty.start_buttons["campaign"], Qt.MouseButton.LeftButton)
    assert recorder(empty).informed[-1].startswith("No campaign in this database yet")

    from gangmanager.gui.roster.new_gang_wizard import NewGangWizard

    founded = first_start_gang(rulesets.get("n23")).model_copy(
        update={"name": "Ash Jackals", "id": None}
    )
    monkeypatch.setattr(NewGangWizard, "ask", classmethod(lambda cls, *a, **k: founded))
    qtbot.mouseClick(empty.start_buttons["new"], Qt.MouseButton.LeftButton)
    assert empty.pages.currentWidget() is empty.splitter
    assert empty.gang is not None and empty.gang.name == "Ash Jackals"
    assert empty.header.demo.isHidden()
    empty.undo_action.trigger()
    assert empty.pages.currentWidget() is empty.start_page
    assert empty.statusBar().currentMessage().startswith("Undone: ")
    empty.redo_action.trigger()
    assert empty.statusBar().currentMessage().startswith("Redone: ")
    assert empty.pages.currentWidget() is empty.splitter


def test_the_first_start_gang_is_labelled_a_demo(
    qtbot, empty: MainWindow, rulesets: Rulesets
) -> None:
    demo = gangs.add_gang(empty.database, rulesets, first_start_gang(rulesets.get("n23"))).gang
    assert is_demo(demo) and demo.name == "The Rust Riders (demo)"
    assert "demo gang" in demo.notes
    empty.refresh_gangs()
    assert not empty.header.demo.isHidden()
    assert "New gang" in empty.header.demo.toolTip()


def test_the_card_preview_zoom_buttons(qtbot, empty: MainWindow, rulesets: Rulesets) -> None:
    demo = gangs.add_gang(empty.database, rulesets, first_start_gang(rulesets.get("n23"))).gang
    assert demo.id is not None
    empty.refresh_gangs(select=demo.id)
    empty.card_action.trigger()
    preview = empty.card_preview
    assert empty.card_zoom_label.text() == "Fit width"
    preview.zoom_in()
    assert empty.card_zoom_label.text().endswith("%")
    preview.fit_width()
    assert empty.card_zoom_label.text() == "Fit width"
