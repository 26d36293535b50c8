"""The unit of work rolls back unless committed; connections have the contracted PRAGMAs."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import sessionmaker

from gangmanager.persistence import Database, DatabaseError, open_database
from gangmanager.rules.gang import Gang

from ..narrowing import present


def names(db: Database) -> list[str]:
    with db.unit_of_work() as uow:
        return uow.gangs.names()


def test_commit_persists(db: Database, gang: Gang) -> None:
    with db.unit_of_work() as uow:
        uow.gangs.add(gang)
        uow.commit()
    assert names(db) == ["Iron Brothers"]


def test_exception_rolls_back_everything(db: Database, gang: Gang) -> None:
    with db.unit_of_work() as uow:
        stored = uow.gangs.add(Gang(name="Kept"))
        uow.commit()

    class Boom(Exception):
        pass

    with pytest.raises(Boom), db.unit_of_work() as uow:
        uow.gangs.add(gang)
        uow.gangs.replace(stored.model_copy(update={"name": "Renamed", "credits": 999}))
        uow.gangs.delete(present(stored.id))
        raise Boom
    assert names(db) == ["Kept"]
    with db.unit_of_work() as uow:
        assert uow.gangs.get(present(stored.id)) == stored
    with db.engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM fighters")).scalar_one() == 0


def test_leaving_without_commit_rolls_back(db: Database, gang: Gang) -> None:
    with db.unit_of_work() as uow:
        uow.gangs.add(gang)
    assert names(db) == []


def test_a_savepoint_undoes_only_its_own_writes(db: Database, gang: Gang) -> None:
    class Boom(Exception):
        pass

    with db.unit_of_work() as uow:
        uow.gangs.add(gang)
        with pytest.raises(Boom), uow.savepoint():
            uow.gangs.add(Gang(name="Dropped"))
            raise Boom
        with uow.savepoint():
            uow.gangs.add(Gang(name="Kept"))
        uow.commit()
    assert sorted(names(db)) == ["Iron Brothers", "Kept"]


def test_explicit_rollback_then_commit(db: Database, gang: Gang) -> None:
    with db.unit_of_work() as uow:
        uow.gangs.add(gang)
        uow.rollback()
        uow.gangs.add(Gang(name="Second try"))
        uow.commit()
    assert names(db) == ["Second try"]


def test_unit_of_work_outside_with_block_refuses() -> None:
    from gangmanager.persistence.unit_of_work import UnitOfWork

    with pytest.raises(RuntimeError, match="not open"):
        UnitOfWork(sessionmaker()).commit()


@pytest.mark.sqlite_only
def test_sqlite_connections_have_foreign_keys_and_wal(db: Database) -> None:
    with db.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar_one() == 1
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar_one() == "wal"
    with db.engine.begin() as conn, pytest.raises(IntegrityError):
        conn.execute(
            text(
                "INSERT INTO stash_items (gang_id, position, name, cost, profiles)"
                " VALUES (12345, 0, 'orphan', 0, '[]')"
            )
        )


def test_in_memory_database_works(gang: Gang) -> None:
    with open_database("sqlite://") as db:
        assert db.path is None
        with db.unit_of_work() as uow:
            stored = uow.gangs.add(gang)
            uow.commit()
        with db.unit_of_work() as uow:
            assert uow.gangs.get(present(stored.id)) == stored


def test_url_never_shows_a_password(tmp_path: Path) -> None:
    # No PostgreSQL driver or server is needed: the refusal itself must not leak it.
    with pytest.raises(DatabaseError) as caught:
        open_database("postgresql://gm:s3cret@127.0.0.1:1/gangs")
    assert "s3cret" not in str(caught.value)
    assert "gm:***@127.0.0.1:1/gangs" in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.sqlite_only
def test_database_url_is_the_file_url(db: Database) -> None:
    assert db.url == f"sqlite:///{db.path}"
    assert repr(db) == f"Database('sqlite:///{db.path}')"
