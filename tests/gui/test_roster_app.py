"""Starting the app (`make run`): the database chosen, the demo gang, the last database; and
an undo step that can no longer be applied."""

from __future__ import annotations

from pathlib import Path

import pytest

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtWidgets import QApplication

from gangmanager.gui import app as gui_app
from gangmanager.gui.common import recent_databases
from gangmanager.gui.main_window import MainWindow
from gangmanager.persistence.database import default_database_path, sqlite_url
from gangmanager.services import gangs, roster
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present
from .roster_helpers import dump, recorder


@pytest.fixture
def app_names():
    """run_app names the application (for QSettings); put the test run's names back."""
    names = QCoreApplication.organizationName(), QCoreApplication.applicationName()
    yield
    QCoreApplication.setOrganizationName(names[0])
    QCoreApplication.setApplicationName(names[1])


def test_choose_database_prefers_an_explicit_one_then_the_last(
    tmp_path: Path, settings: QSettings, monkeypatch
) -> None:
    assert gui_app.choose_database(None, settings) == sqlite_url(default_database_path())
    last = tmp_path / "club.sqlite"
    recent_databases.remember(settings, sqlite_url(last))
    # A last database that is gone is not recreated: back to the default.
    assert gui_app.choose_database(None, settings) == sqlite_url(default_database_path())
    last.write_bytes(b"")
    assert gui_app.choose_database(None, settings) == sqlite_url(last)
    assert gui_app.choose_database(str(tmp_path / "mine.sqlite"), settings) == sqlite_url(
        tmp_path / "mine.sqlite"
    )
    monkeypatch.setenv("GANGMANAGER_DB", str(tmp_path / "env.sqlite"))
    assert gui_app.choose_database(None, settings) == sqlite_url(tmp_path / "env.sqlite")


def test_run_app_opens_the_demo_gang_then_the_last_database(qtbot, monkeypatch, app_names) -> None:
    seen: list[tuple[str, list[str]]] = []

    def fake_exec(*_args: object) -> int:
        # The one run_app shows: windows of earlier tests may linger, closed, until deleted.
        windows = [
            w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w.isVisible()
        ]
        window = windows[-1]
        qtbot.addWidget(window)
        seen.append((window.database.url, [s.name for s in gangs.list_gangs(window.database)]))
        assert window.gang is not None and window.fighter is not None
        assert not window.header.demo.isHidden()  # labelled as a demo
        window.close()
        return 0

    monkeypatch.setattr(QApplication, "exec", fake_exec)
    assert gui_app.run_app(None) == 0
    default = sqlite_url(default_database_path())
    assert seen == [(default, ["The Rust Riders (demo)"])]
    assert QCoreApplication.applicationName() == gui_app.APPLICATION
    assert recent_databases.last(QSettings()) == default
    # A second start opens the same database and does not add the demo gang again.
    assert gui_app.run_app(None) == 0
    assert seen[-1] == (default, ["The Rust Riders (demo)"])


def test_an_undo_that_would_overwrite_a_later_change_is_refused_and_dropped(
    qtbot, window: MainWindow, rulesets: Rulesets
) -> None:
    gang = present(window.gang)
    window.run(roster.EditGang(present(gang.id), {"credits": 5}))
    # Another window (or player on a shared database) edits the same gang.
    roster.apply(window.database, roster.EditGang(present(gang.id), {"reputation": 3}), rulesets)
    before = dump(window.database)
    window.undo_stack.undo()
    assert "has been changed since" in recorder(window).told[-1]
    assert "removed from the undo history" in recorder(window).told[-1]
    assert dump(window.database) == before
    assert window.undo_stack.count() == 0
