"""Fixtures for the roster editor's GUI tests: a window on a fresh database.

Test modules of other features define their own fixtures of the same names
where they need different ones (a module's fixture wins over these).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from PySide6.QtCore import QSettings

from gangmanager.gui.main_window import MainWindow
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.services import gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.rulesets import Rulesets

from .roster_helpers import open_window, seed


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(
    qtbot, db: Database, rulesets: Rulesets, settings: QSettings, monkeypatch
) -> Iterator[MainWindow]:
    stored = seed(db, rulesets)
    win = open_window(qtbot, db, rulesets, settings, monkeypatch)
    win.activateWindow()
    assert stored.id is not None
    win.select_gang(stored.id)
    yield win
    win.close()


@pytest.fixture
def window_with_limited(
    qtbot, db: Database, rulesets: Rulesets, settings: QSettings, monkeypatch
) -> Iterator[MainWindow]:
    """The demo gang with its Limited ammo still on the card (`seed` strikes it)."""
    stored = gangs.add_gang(db, rulesets, demo_gang(rulesets.get("n23"))).gang
    win = open_window(qtbot, db, rulesets, settings, monkeypatch)
    assert stored.id is not None
    win.select_gang(stored.id)
    yield win
    win.close()
