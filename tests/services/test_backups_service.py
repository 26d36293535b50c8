"""The backup use cases: restore an open database and get it back reopened, with what changed."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gangmanager.persistence.database import Database, open_database, sqlite_url
from gangmanager.rules.gang import Gang
from gangmanager.services import backups, gangs
from gangmanager.services.demo import demo_gang
from gangmanager.services.errors import ServiceError
from gangmanager.services.rulesets import Rulesets

from ..narrowing import present


@pytest.fixture
def demo(tmp_path: Path) -> Gang:
    return demo_gang(Rulesets(tmp_path / "data").get("n23"))


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    database = open_database(sqlite_url(tmp_path / "gm.sqlite"))
    yield database
    database.close()


def test_restore_and_reopen_reports_every_gang_that_changed(
    db: Database, demo: Gang, rulesets: Rulesets
) -> None:
    kept = gangs.add_gang(db, rulesets, demo).gang
    path = backups.database_file(db)
    taken = backups.create_backup(path)
    added = gangs.add_gang(db, rulesets, demo.model_copy(update={"name": "Later"})).gang

    result = backups.restore_and_reopen(db, taken.path)

    try:
        assert [s.name for s in gangs.list_gangs(result.database)] == [kept.name]
        assert result.changes.gangs_removed == (added.id,)
        assert result.changes.gangs_changed == (kept.id,)
        assert result.changes.gangs_added == ()
        assert result.changes.gang_list
        saved = result.restored.saved_as
        assert saved is not None and saved.before_restore
        assert result.changes.messages == (
            f"Restored gm.sqlite from {taken.name}. The database as it was is backup {saved.name}.",
        )
        # The state before the restore is itself a backup that can be restored.
        again = backups.restore_and_reopen(result.database, saved.path)
        assert [s.name for s in gangs.list_gangs(again.database)] == ["Later", kept.name]
        assert again.changes.gangs_added == (added.id,)
        again.database.close()
    finally:
        result.database.close()


def test_a_refused_restore_leaves_the_open_database_usable(
    db: Database, demo: Gang, rulesets: Rulesets
) -> None:
    gangs.add_gang(db, rulesets, demo)
    bogus = present(db.path).with_name("notes.sqlite")
    bogus.write_text("not a database")
    with pytest.raises(ServiceError, match=r"notes\.sqlite: not a Gang Manager database"):
        backups.restore_and_reopen(db, bogus)
    assert [s.name for s in gangs.list_gangs(db)] == [demo.name]
    assert backups.list_backups(present(db.path)) == []


def test_backups_are_for_sqlite_files_only() -> None:
    with pytest.raises(ServiceError, match="backups are made for SQLite files only"):
        backups.database_file("postgresql://gm:secret@club/gangs")
    with open_database("sqlite://") as memory, pytest.raises(ServiceError, match="SQLite files"):
        backups.database_file(memory)


def test_find_backup_by_name_or_path(db: Database, demo: Gang, rulesets: Rulesets) -> None:
    gangs.add_gang(db, rulesets, demo)
    taken = backups.create_backup(present(db.path))
    assert backups.find_backup(present(db.path), taken.name) == taken.path
    assert backups.find_backup(present(db.path), str(taken.path)) == taken.path
    with pytest.raises(ServiceError, match=f"no backup 'yesterday'; .*: {taken.name}"):
        backups.find_backup(present(db.path), "yesterday")


def test_nothing_to_back_up(tmp_path: Path) -> None:
    with pytest.raises(ServiceError, match="no database to back up"):
        backups.create_backup(tmp_path / "missing.sqlite")
    text = tmp_path / "text.sqlite"
    text.write_text("hello")
    with pytest.raises(ServiceError, match="not a Gang Manager database"):
        backups.create_backup(text)
