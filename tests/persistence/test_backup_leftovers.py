"""Backups are written under a temporary name and renamed when whole; what a
killed backup, upgrade or restore left behind is deleted at the next open."""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path

import pytest

from gangmanager.persistence import database
from gangmanager.persistence.backups import LEFTOVER_AGE, backup_folder, list_backups
from gangmanager.persistence.database import open_database, sqlite_url


def _make(path: Path, age_seconds: float) -> Path:
    path.write_bytes(b"half a copy")
    stamp = time.time() - age_seconds
    os.utime(path, (stamp, stamp))
    return path


def test_leftovers_of_a_killed_backup_are_removed_at_the_next_open(db_path: Path) -> None:
    open_database(sqlite_url(db_path)).close()
    folder = backup_folder(db_path)
    folder.mkdir(exist_ok=True)
    old = LEFTOVER_AGE.total_seconds() + 60
    killed = [
        _make(folder / ".backup-2025-03-14-12.00.00.sqlite.1a2b3c4d.tmp", old),
        _make(folder / ".backup-2025-03-14-12.00.00.sqlite.1a2b3c4d.tmp-journal", old),
        _make(db_path.with_name(f".{db_path.stem}.backup-20250314-120000.sqlite.5e6f.tmp"), old),
        _make(db_path.with_name(f".{db_path.name}.restoring-0a1b2c3d"), old),
    ]
    # Another process may be writing one right now: a fresh one is left alone.
    busy = _make(folder / ".backup-2025-03-15-12.00.00.sqlite.99999999.tmp", 1)
    # Not ours: never touched.
    mine = _make(folder / "notes.tmp", old)

    open_database(sqlite_url(db_path)).close()

    assert [p for p in killed if p.exists()] == []
    assert busy.exists() and mine.exists()
    assert all(b.path.suffix == ".sqlite" for b in list_backups(db_path))


def test_the_upgrade_backup_appears_only_when_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = tmp_path / "gangs.sqlite"
    with sqlite3.connect(source) as connection:
        connection.execute("CREATE TABLE t (x)")
        connection.executemany("INSERT INTO t VALUES (?)", [(i,) for i in range(1000)])
    connection.close()
    renames: list[tuple[Path, Path, int]] = []
    real_replace = os.replace

    def watched(temporary: str | Path, target: str | Path) -> None:
        # At the rename the copy is whole and the backup's name does not exist yet.
        assert not Path(target).exists()
        with sqlite3.connect(temporary) as copy:
            count = copy.execute("SELECT count(*) FROM t").fetchone()[0]
        copy.close()
        renames.append((Path(temporary), Path(target), count))
        real_replace(temporary, target)

    monkeypatch.setattr(database.os, "replace", watched)
    made = database.backup(source)
    ((temporary, target, count),) = renames
    assert target == made and temporary.name.startswith(".") and count == 1000
    assert not temporary.exists()
