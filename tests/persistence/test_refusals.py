"""Files that are refused stay byte-for-byte as they were, with a one-line message."""

from __future__ import annotations

import random
import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

from gangmanager.persistence.database import DatabaseError, open_database, sqlite_url
from gangmanager.rules.gang import Fighter, Gang
from gangmanager.rules.profile import Profile


@pytest.fixture(scope="module")
def real_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real Gang Manager database, big enough to have many pages, closed cleanly.

    Gang 1 has fighters 1 to 5, so the index on fighters.gang_id holds (1, 1)..(1, 5).
    """
    path = tmp_path_factory.mktemp("real") / "real.sqlite"
    profile = Profile.from_line('4" 4+ 4+ 3 3 1 4+ 1 7+ 7+ 8+ 8+')
    with open_database(sqlite_url(path)) as db, db.unit_of_work() as uow:
        uow.gangs.add(
            Gang(
                name="Indexed", fighters=[Fighter(name=f"F{n}", profile=profile) for n in range(5)]
            )
        )
        for n in range(40):
            uow.gangs.add(Gang(name=f"Gang {n}", notes="x" * 500))
        uow.commit()
    return path


def _page_size(path: Path) -> int:
    return int.from_bytes(path.read_bytes()[16:18], "big")


def text_file(path: Path, real: Path) -> None:
    path.write_text("Name,House\nIron Brothers,Goliath\n", encoding="utf-8")


def random_bytes(path: Path, real: Path) -> None:
    path.write_bytes(random.Random(7).randbytes(8192))


def garbage_after_header(path: Path, real: Path) -> None:
    """The 16-byte magic, then nonsense: SQLite itself must refuse it."""
    path.write_bytes(b"SQLite format 3\x00" + random.Random(3).randbytes(4080))


def overwritten_page(path: Path, real: Path) -> None:
    """A real database with one page in the middle overwritten."""
    data = bytearray(real.read_bytes())
    size = _page_size(real)
    middle = (len(data) // size // 2) * size
    data[middle : middle + size] = random.Random(5).randbytes(size)
    path.write_bytes(bytes(data))


def truncated(path: Path, real: Path) -> None:
    data = real.read_bytes()
    size = _page_size(real)
    path.write_bytes(data[: (len(data) // size // 2) * size])


def stale_index(path: Path, real: Path) -> None:
    """Readable, but the index entry for fighter 5 points at row 6: only integrity_check sees it."""
    # Index leaf cell: payload 4 bytes, header 3, gang_id serial type 9 (the constant 1),
    # rowid serial type 1 (one byte), rowid 5.
    cell = bytes([4, 3, 9, 1, 5])
    data = real.read_bytes()
    assert data.count(cell) == 1
    path.write_bytes(data.replace(cell, bytes([4, 3, 9, 1, 6])))


def foreign_sqlite(path: Path, real: Path) -> None:
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE recipes (id INTEGER PRIMARY KEY, title TEXT)")
        conn.execute("INSERT INTO recipes (title) VALUES ('Corpse starch stew')")
    conn.close()


def foreign_alembic(path: Path, real: Path) -> None:
    """Another program using Alembic: a revision we do not know, none of our tables."""
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE alembic_version (version_num VARCHAR(32) PRIMARY KEY)")
        conn.execute("INSERT INTO alembic_version VALUES ('ae1027a6acf')")
        conn.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY)")
    conn.close()


def newer_schema(path: Path, real: Path) -> None:
    shutil.copy2(real, path)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '0099'")
    conn.close()


REFUSALS: list[tuple[Callable[[Path, Path], None], str]] = [
    (text_file, "not a Gang Manager database (not an SQLite file)"),
    (random_bytes, "not a Gang Manager database (not an SQLite file)"),
    (garbage_after_header, "corrupt"),
    (overwritten_page, "corrupt"),
    (truncated, "corrupt"),
    (
        stale_index,
        "corrupt database (integrity check: row 5 missing from index ix_fighters_gang_id)",
    ),
    (foreign_sqlite, "not a Gang Manager database (it has tables recipes)"),
    (foreign_alembic, "not a Gang Manager database (it has tables invoices)"),
    (newer_schema, "made by a newer Gang Manager (schema 0099); update the app"),
]


@pytest.mark.parametrize(("make", "reason"), REFUSALS, ids=[m.__name__ for m, _ in REFUSALS])
def test_refused_file_is_left_unchanged(
    tmp_path: Path, real_db: Path, make: Callable[[Path, Path], None], reason: str
) -> None:
    path = tmp_path / "suspect.sqlite"
    make(path, real_db)
    before = path.read_bytes()
    listing = sorted(p.name for p in tmp_path.iterdir())

    with pytest.raises(DatabaseError) as caught:
        open_database(sqlite_url(path))

    message = str(caught.value)
    assert message.startswith(f"{path}: ")
    assert reason in message
    assert "\n" not in message
    assert path.read_bytes() == before
    # No -wal, -shm or backup file either.
    assert sorted(p.name for p in tmp_path.iterdir()) == listing


def test_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DatabaseError, match="is a folder"):
        open_database(sqlite_url(tmp_path))


def test_sqlite_file_without_tables_gets_the_schema(tmp_path: Path) -> None:
    path = tmp_path / "blank.sqlite"
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA user_version = 1")  # writes a valid, table-less file
    conn.close()
    assert path.stat().st_size > 0
    with open_database(sqlite_url(path)) as db, db.unit_of_work() as uow:
        assert uow.gangs.list() == []
