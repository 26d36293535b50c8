"""The full integrity check runs with the daily backup, not on every open."""

from __future__ import annotations

from pathlib import Path

import pytest

from gangmanager.persistence import database
from gangmanager.persistence.database import open_database, sqlite_url


def test_the_integrity_check_runs_when_a_backup_is_due_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "gangs.sqlite"
    open_database(sqlite_url(path)).close()  # created: no check, nothing to back up
    asked: list[bool] = []
    inspect = database._inspect_file

    def spy(file: Path, *, integrity: bool = True) -> object:
        asked.append(integrity)
        return inspect(file, integrity=integrity)

    monkeypatch.setattr(database, "_inspect_file", spy)
    open_database(sqlite_url(path)).close()  # the first open of the day: checked, backed up
    open_database(sqlite_url(path)).close()  # a backup of today exists: not checked again
    assert asked == [True, False]
