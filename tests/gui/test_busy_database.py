"""The window and another writer on one SQLite file: an edit that cannot get the
write lock in time is refused in one line, and nothing is written."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.gui.main_window import MainWindow
from gangmanager.persistence import engines
from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.services import roster

from ..db_rows import all_rows
from .roster_helpers import recorder


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Database]:
    """A database whose writers wait only a moment for the lock."""
    monkeypatch.setattr(engines, "BUSY_TIMEOUT_SECONDS", 0.2)
    opened = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield opened
    opened.close()


def test_an_edit_while_another_program_writes_is_refused_in_one_line(
    window: MainWindow, db: Database
) -> None:
    gang = window.gang
    assert gang is not None and gang.id is not None and db.path is not None
    before = all_rows(db.path)
    holder = sqlite3.connect(db.path, isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")  # the command line, writing
        outcome = window.run(roster.EditGang(gang.id, {"notes": "mine"}))
    finally:
        holder.rollback()
        holder.close()
    assert outcome is None
    told = recorder(window).told
    assert len(told) == 1 and "database is busy" in told[0] and "\n" not in told[0]
    assert all_rows(db.path) == before
    # Once the other writer is done, the same edit goes through.
    assert window.run(roster.EditGang(gang.id, {"notes": "mine"})) is not None
